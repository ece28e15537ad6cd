#include "integrations/cloud/tencent/endpoint.hpp"

#include "core/text.hpp"

#include <boost/url/parse.hpp>
#include <boost/url/url_view.hpp>

#include <stdexcept>

namespace portal::cloud::tencent {

namespace {

std::string without_trailing_slash(std::string text) {
  while (!text.empty() && text.back() == '/') text.pop_back();
  return text;
}

}  // namespace

Endpoint parse_endpoint(std::string_view url) {
  const auto parsed = boost::urls::parse_absolute_uri(url);
  if (!parsed) throw std::invalid_argument("cloud endpoint is not a URL: " + std::string(url));
  const boost::urls::url_view& view = *parsed;
  const std::string scheme = core::ascii_lower(view.scheme());
  if ((scheme != "http" && scheme != "https") || view.encoded_host().empty() || view.has_query() ||
      view.has_fragment() || view.has_userinfo()) {
    throw std::invalid_argument("cloud endpoint must be http(s)://host[:port][/path]: " + std::string(url));
  }
  return Endpoint{.base = without_trailing_slash(std::string(url)),
                  .host = core::ascii_lower(view.encoded_host_and_port()),
                  .path = without_trailing_slash(std::string(view.path()))};
}

}  // namespace portal::cloud::tencent
