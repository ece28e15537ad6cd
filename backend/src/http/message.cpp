#include "http/message.hpp"

#include "core/json_text.hpp"
#include "core/text.hpp"

#include <boost/json/serialize.hpp>

#include <algorithm>
#include <cctype>

namespace portal::http {

std::string_view to_string(Method method) {
  switch (method) {
    case Method::get:
      return "GET";
    case Method::head:
      return "HEAD";
    case Method::post:
      return "POST";
    case Method::put:
      return "PUT";
    case Method::patch:
      return "PATCH";
    case Method::del:
      return "DELETE";
    case Method::options:
      return "OPTIONS";
    case Method::other:
      break;
  }
  return "OTHER";
}

Method method_from_string(std::string_view text) {
  for (Method m : {Method::get, Method::head, Method::post, Method::put, Method::patch, Method::del, Method::options}) {
    if (to_string(m) == text) return m;
  }
  return Method::other;
}

namespace {
// Header names are ASCII: a plain fold is exact, and much cheaper than the locale-aware std::tolower
// on a path every request takes many times.
constexpr unsigned char fold(char c) {
  const auto u = static_cast<unsigned char>(c);
  return u >= 'A' && u <= 'Z' ? static_cast<unsigned char>(u + ('a' - 'A')) : u;
}
}  // namespace

bool CaseInsensitiveLess::operator()(std::string_view a, std::string_view b) const {
  return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(),
                                      [](char x, char y) { return fold(x) < fold(y); });
}

std::string_view Request::header(std::string_view name) const {
  auto it = headers.find(std::string(name));
  return it == headers.end() ? std::string_view{} : std::string_view(it->second);
}

std::optional<std::string_view> Request::query_param(std::string_view name) const {
  auto it = query.find(std::string(name));
  if (it == query.end()) return std::nullopt;
  return std::string_view(it->second);
}

std::string_view Request::path_param(std::string_view name) const {
  auto it = path_params.find(std::string(name));
  return it == path_params.end() ? std::string_view{} : std::string_view(it->second);
}

std::string_view Request::bearer_token() const {
  const std::string_view value = header("Authorization");
  constexpr std::string_view scheme = "Bearer ";
  if (value.size() <= scheme.size() || !core::ascii_iequals(value.substr(0, scheme.size()), scheme)) return {};
  return value.substr(scheme.size());
}

void Response::set_header(std::string name, std::string value) {
  for (auto& [key, existing] : headers) {
    if (core::ascii_iequals(key, name)) {
      existing = std::move(value);
      return;
    }
  }
  headers.emplace_back(std::move(name), std::move(value));
}

const std::string* Response::find_header(std::string_view name) const {
  for (const auto& [key, value] : headers) {
    if (core::ascii_iequals(key, name)) return &value;
  }
  if (shared_headers) {
    for (const auto& [key, value] : shared_headers->fields) {
      if (core::ascii_iequals(key, name)) return &value;
    }
  }
  return nullptr;
}

Response json_response(const boost::json::value& value, int status) {
  Response response;
  response.status = status;
  response.content_type = "application/json";
  response.body = core::json_text(value);
  return response;
}

Response text_response(std::string body, std::string content_type, int status) {
  Response response;
  response.status = status;
  response.content_type = std::move(content_type);
  response.body = std::move(body);
  return response;
}

Response shared_response(std::shared_ptr<const std::string> body, std::string content_type, int status) {
  Response response;
  response.status = status;
  response.content_type = std::move(content_type);
  response.shared_body = std::move(body);
  return response;
}

Response empty_response(int status) {
  Response response;
  response.status = status;
  response.content_type.clear();
  return response;
}

}  // namespace portal::http
