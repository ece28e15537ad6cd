#include "http/route_preloads.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>

#include <algorithm>
#include <system_error>

namespace portal::http {

namespace {

// "/vip/anything?x" -> "/vip"; "/" and "/?x" -> "/".
std::string_view route_of(std::string_view url_path) {
  url_path = url_path.substr(0, url_path.find_first_of("?#"));
  const auto end = url_path.find('/', 1);
  return end == std::string_view::npos ? url_path : url_path.substr(0, end);
}

bool plain_asset_path(std::string_view path) {
  return path.starts_with("/assets/") && path.find("..") == std::string_view::npos &&
         std::all_of(path.begin(), path.end(), [](char c) {
           return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '/' || c == '.' ||
                  c == '-' || c == '_';
         });
}

}  // namespace

std::string route_preload_links(std::string_view preloads_json, std::string_view url_path) {
  std::error_code ec;
  const boost::json::value list = boost::json::parse(preloads_json, ec);
  if (ec || !list.is_object()) return {};
  const auto* files = list.as_object().if_contains(route_of(url_path));
  if (files == nullptr || !files->is_array()) return {};
  std::string links;
  for (const auto& file : files->as_array()) {
    if (!file.is_string() || !plain_asset_path(file.as_string())) return {};
    const std::string_view path = file.as_string();
    if (!links.empty()) links += ", ";
    links += '<';
    links += path;
    links += path.ends_with(".css") ? ">; rel=preload; as=style" : ">; rel=modulepreload";
  }
  return links;
}

}  // namespace portal::http
