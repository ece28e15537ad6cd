#include "http/response_policy.hpp"

#include <boost/url/parse.hpp>

#include <stdexcept>

namespace portal::http {

std::string origin_of(std::string_view url) {
  auto parsed = boost::urls::parse_absolute_uri(url);
  if (!parsed) return {};
  const auto scheme = parsed->scheme();
  if ((scheme != "http" && scheme != "https") || !parsed->has_authority() || parsed->host().empty()) return {};
  std::string origin = std::string(scheme) + "://" + std::string(parsed->encoded_host());
  if (parsed->has_port()) origin += ":" + std::string(parsed->port());
  return origin;
}

ResponsePolicy::ResponsePolicy(const ResponsePolicyOptions& options)
    : cors_origins_(options.cors_origins.begin(), options.cors_origins.end()) {
  std::string frames = "'self'";
  for (const auto& origin : options.frame_origins) {
    if (!origin.empty()) frames += " " + origin;
  }
  // Scripts only from our own origin (no 'unsafe-inline' scripts). Inline styles stay allowed because
  // UI primitives position popovers with style attributes and injected <style> elements.
  csp_ =
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; "
      "font-src 'self' data:; connect-src 'self'; frame-src " +
      frames + "; object-src 'none'; base-uri 'none'; form-action 'self' https:; frame-ancestors 'none'";
  if (options.hsts) hsts_ = "max-age=" + std::to_string(options.hsts_max_age_s) + "; includeSubDomains";
  fixed_headers_.fields = {
      {"Content-Security-Policy", csp_},
      {"X-Content-Type-Options", "nosniff"},
      {"Referrer-Policy", "strict-origin-when-cross-origin"},
      {"X-Frame-Options", "DENY"},
      {"Cross-Origin-Opener-Policy", "same-origin"},
      {"Permissions-Policy", "camera=(), microphone=(), geolocation=()"},
  };
  if (!hsts_.empty()) fixed_headers_.fields.emplace_back("Strict-Transport-Security", hsts_);
  self_frameable_headers_ = fixed_headers_;
  for (auto& [name, value] : self_frameable_headers_.fields) {
    if (name == "Content-Security-Policy") value.replace(value.rfind("'none'"), 6, "'self'");
    if (name == "X-Frame-Options") value = "SAMEORIGIN";
  }
  // Serialised once: every response writes these bytes as they are.
  for (SharedHeaders* shared : {&fixed_headers_, &self_frameable_headers_}) {
    for (const auto& [name, value] : shared->fields) {
      if ((name + value).find_first_of("\r\n") != std::string::npos) {
        throw std::invalid_argument("a security header holds CR or LF: " + name);
      }
      shared->wire.append(name).append(": ").append(value).append("\r\n");
    }
  }
}

bool ResponsePolicy::origin_allowed(std::string_view origin) const {
  return !origin.empty() && cors_origins_.count(std::string(origin)) > 0;
}

void ResponsePolicy::apply(const Request& request, Response& response) const {
  response.shared_headers = response.frameable_by_self ? &self_frameable_headers_ : &fixed_headers_;
  if (!request.request_id.empty()) response.headers.emplace_back("X-Request-Id", request.request_id);

  const auto origin = request.header("Origin");
  if (origin_allowed(origin)) {
    response.set_header("Access-Control-Allow-Origin", std::string(origin));
    response.set_header("Access-Control-Expose-Headers", "X-Request-Id");
  }
  if (!origin.empty()) {
    const std::string* vary = response.find_header("Vary");
    response.set_header("Vary", vary ? *vary + ", Origin" : "Origin");
  }
}

Response ResponsePolicy::preflight(const std::vector<Method>& methods) const {
  Response response = empty_response(204);
  std::string allowed;
  for (Method m : methods) {
    if (!allowed.empty()) allowed += ", ";
    allowed += to_string(m);
  }
  response.set_header("Access-Control-Allow-Methods", allowed);
  response.set_header("Access-Control-Allow-Headers", "Authorization, Content-Type, X-Request-Id");
  response.set_header("Access-Control-Max-Age", "600");
  return response;
}

}  // namespace portal::http
