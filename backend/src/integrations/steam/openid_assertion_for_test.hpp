#pragma once
// An assertion exactly as Steam sends it (reference/protocols.md section 3.2), and small edits of it,
// for the OpenID tests.

#include "integrations/steam/openid.hpp"

#include <chrono>
#include <string>
#include <string_view>

namespace portal::integrations::steam::test_support {

using namespace std::chrono_literals;
using std::chrono::system_clock;

inline constexpr std::string_view kCallback = "https://portal.example/api/auth/steam/callback";
inline constexpr std::string_view kNonce = "2020-08-27T04:44:16Zs4DPZce8qc+iPCe8JgQKB0BiIDI=";
inline constexpr std::string_view kValidReply = "ns:http://specs.openid.net/auth/2.0\nis_valid:true\n";

inline system_clock::time_point nonce_instant() {
  return std::chrono::sys_days{std::chrono::year{2020} / 8 / 27} + 4h + 44min + 16s;
}

inline OpenIdExpectations steam_expectations() {
  return OpenIdExpectations{std::string(kSteamOpenIdEndpoint), std::string(kCallback)};
}

// A callback query exactly as Steam sends it for `return_to`.
inline QueryParams steam_assertion(std::string return_to = std::string(kCallback) + "?state=abc&email_bind_token=t1") {
  const std::string id = "https://steamcommunity.com/openid/id/76561197972494985";
  return {
      {"openid.ns", std::string(kOpenIdNs)},
      {"openid.mode", "id_res"},
      {"openid.op_endpoint", std::string(kSteamOpenIdEndpoint)},
      {"openid.claimed_id", id},
      {"openid.identity", id},
      {"openid.return_to", std::move(return_to)},
      {"openid.response_nonce", std::string(kNonce)},
      {"openid.assoc_handle", "1234567890"},
      {"openid.signed", std::string(kSteamSignedFields)},
      {"openid.sig", "W0u5DRbtHE1GG0ZKXjerUZDUGmc="},
  };
}

inline QueryParams with(QueryParams params, const std::string& name, const std::string& value) {
  for (auto& [key, existing] : params) {
    if (key == name) existing = value;
  }
  return params;
}

inline QueryParams without(QueryParams params, const std::string& name) {
  std::erase_if(params, [&](const auto& pair) { return pair.first == name; });
  return params;
}

}  // namespace portal::integrations::steam::test_support
