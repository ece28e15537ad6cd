#pragma once
// Headers every response carries (security headers) and the cross-origin policy (exact-origin allow
// list). Built once from configuration at start-up.

#include "http/message.hpp"

#include <set>
#include <string>
#include <vector>

namespace portal::http {

struct ResponsePolicyOptions {
  bool hsts = false;
  int hsts_max_age_s = 31536000;
  std::vector<std::string> cors_origins;   // exact origins
  std::vector<std::string> frame_origins;  // external pages the web embeds (VIP checkout, inventory)
};

class ResponsePolicy {
 public:
  explicit ResponsePolicy(const ResponsePolicyOptions& options);

  // Security headers plus CORS headers when the request's Origin is allowed. A response marked
  // frameable_by_self gets frame-ancestors 'self' and X-Frame-Options SAMEORIGIN instead of 'none'/DENY.
  void apply(const Request& request, Response& response) const;

  bool origin_allowed(std::string_view origin) const;
  // Answer to a CORS preflight for a path that accepts `methods`.
  Response preflight(const std::vector<Method>& methods) const;

  const std::string& content_security_policy() const { return csp_; }

 private:
  std::string csp_;
  std::string hsts_;  // empty when HSTS is off
  // The fixed headers, built once; handlers never set these, so they are appended without lookups.
  SharedHeaders fixed_headers_;
  SharedHeaders self_frameable_headers_;
  std::set<std::string> cors_origins_;
};

// The origin (scheme://host[:port]) of an absolute URL, or empty when the URL is not absolute http(s).
std::string origin_of(std::string_view url);

}  // namespace portal::http
