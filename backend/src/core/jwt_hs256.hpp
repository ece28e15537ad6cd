#pragma once
// JSON Web Tokens signed with HS256, over libjwt 1.x (see reference/toolchain.md for its API). The
// header is checked before libjwt sees a token: only {"alg":"HS256"} with an optional "typ":"JWT"
// passes, so "none", other algorithms and key-carrying headers never reach the library. What the
// claims must say (type, issuer, audience, time) is the caller's to check.

#include <boost/json/object.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace portal::core {

// Tokens longer than this are refused unread.
inline constexpr std::size_t kMaxJwtBytes = 4096;

using JwtClaim = std::pair<std::string, std::variant<std::string, std::int64_t>>;

// The signed token. Throws std::runtime_error when libjwt fails (out of memory).
std::string encode_hs256(std::string_view secret, const std::vector<JwtClaim>& claims);

enum class JwtRefusal {
  malformed,      // not three base64url JSON segments, too long, or a header other than HS256
  bad_signature,  // well formed, but not signed with this secret
};

// The claims of a verified token: a string claim that is absent reads "", a number 0.
class JwtClaims {
 public:
  std::string text(const char* name) const;
  std::int64_t number(const char* name) const;

 private:
  friend std::variant<JwtClaims, JwtRefusal> decode_hs256(std::string_view token, std::string_view secret);
  boost::json::object claims_;
};

std::variant<JwtClaims, JwtRefusal> decode_hs256(std::string_view token, std::string_view secret);

}  // namespace portal::core
