#include "core/jwt_hs256.hpp"

#include "core/base64url.hpp"

#include <boost/json/parse.hpp>
#include <jwt.h>

#include <cstdlib>
#include <memory>
#include <optional>
#include <stdexcept>

namespace portal::core {
namespace {

struct JwtFree {
  void operator()(jwt_t* jwt) const { jwt_free(jwt); }
};
using JwtPtr = std::unique_ptr<jwt_t, JwtFree>;

std::optional<boost::json::object> json_object_of(std::string_view segment) {
  const auto text = base64url_decode(segment);
  if (!text || text->empty()) return std::nullopt;
  boost::system::error_code ec;
  auto value = boost::json::parse(*text, ec);
  if (ec || !value.is_object()) return std::nullopt;
  return std::move(value.as_object());
}

bool header_is_hs256(const boost::json::object& header) {
  for (const auto& [key, value] : header) {
    if (key == "alg") {
      if (!value.is_string() || value.as_string() != "HS256") return false;
    } else if (key == "typ") {
      if (!value.is_string() || value.as_string() != "JWT") return false;
    } else {
      return false;
    }
  }
  return header.contains("alg");
}

const unsigned char* key_of(std::string_view secret) { return reinterpret_cast<const unsigned char*>(secret.data()); }

}  // namespace

std::string encode_hs256(std::string_view secret, const std::vector<JwtClaim>& claims) {
  jwt_t* raw = nullptr;
  if (jwt_new(&raw) != 0) throw std::runtime_error("jwt_new failed");
  JwtPtr jwt(raw);
  int rc = jwt_set_alg(jwt.get(), JWT_ALG_HS256, key_of(secret), static_cast<int>(secret.size()));
  for (const auto& [name, value] : claims) {
    if (const auto* text = std::get_if<std::string>(&value)) {
      rc |= jwt_add_grant(jwt.get(), name.c_str(), text->c_str());
    } else {
      rc |= jwt_add_grant_int(jwt.get(), name.c_str(), static_cast<long>(std::get<std::int64_t>(value)));
    }
  }
  if (rc != 0) throw std::runtime_error("building the token failed");
  char* encoded = jwt_encode_str(jwt.get());
  if (encoded == nullptr) throw std::runtime_error("jwt_encode_str failed");
  std::string token(encoded);
  std::free(encoded);  // libjwt 1.x has no jwt_free_str
  return token;
}

std::variant<JwtClaims, JwtRefusal> decode_hs256(std::string_view token, std::string_view secret) {
  const auto first = token.find('.');
  const auto second = first == std::string_view::npos ? first : token.find('.', first + 1);
  if (token.size() > kMaxJwtBytes || second == std::string_view::npos ||
      token.find('.', second + 1) != std::string_view::npos) {
    return JwtRefusal::malformed;
  }
  const auto header = json_object_of(token.substr(0, first));
  auto payload = json_object_of(token.substr(first + 1, second - first - 1));
  if (!header || !payload || !header_is_hs256(*header)) return JwtRefusal::malformed;

  const std::string terminated(token);
  jwt_t* raw = nullptr;
  if (jwt_decode(&raw, terminated.c_str(), key_of(secret), static_cast<int>(secret.size())) != 0 || raw == nullptr) {
    return JwtRefusal::bad_signature;
  }
  JwtPtr jwt(raw);
  if (jwt_get_alg(jwt.get()) != JWT_ALG_HS256) return JwtRefusal::malformed;
  JwtClaims claims;
  claims.claims_ = std::move(*payload);
  return claims;
}

std::string JwtClaims::text(const char* name) const {
  const auto* value = claims_.if_contains(name);
  return value && value->is_string() ? std::string(value->as_string()) : std::string();
}

std::int64_t JwtClaims::number(const char* name) const {
  const auto* value = claims_.if_contains(name);
  if (value == nullptr) return 0;
  if (value->is_int64()) return value->as_int64();
  if (value->is_uint64() && value->as_uint64() <= static_cast<std::uint64_t>(INT64_MAX)) {
    return static_cast<std::int64_t>(value->as_uint64());
  }
  return 0;
}

}  // namespace portal::core
