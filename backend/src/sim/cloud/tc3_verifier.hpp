#pragma once
// Checks a Tencent Cloud API 3.0 request the way the API gateway does before any action runs: the
// TC3-HMAC-SHA256 signature recomputed (integrations/cloud/tencent/tc3_signature) from the Host and
// Content-Type headers and the body as received, the timestamp within five minutes, the SecretId
// known. Errors carry Tencent's codes (AuthFailure.*).

#include "core/error.hpp"
#include "http/message.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace portal::sim::cloud {

struct CloudCredentials {
  std::string secret_id;   // "AKID" + 32 characters, as Tencent's look
  std::string secret_key;  // 32 characters
};

// A fresh pair from the OS's random source.
CloudCredentials generate_credentials();

// nullopt when the request is signed with `credentials` for `service` and its X-TC-Timestamp is
// within five minutes of `now_s`.
std::optional<core::Error> verify_tc3(const http::Request& request, const CloudCredentials& credentials,
                                      const std::string& service, std::int64_t now_s);

}  // namespace portal::sim::cloud
