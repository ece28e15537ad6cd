#pragma once
// RFC 3986 percent-encoding: every byte but the unreserved A-Z a-z 0-9 - . _ ~ becomes %XX
// (upper-case hex). What OpenID parameters, Alipay's gateway and mail links all expect.

#include <string>
#include <string_view>

namespace portal::core {

std::string percent_encode(std::string_view text);

// name=value pairs joined with '&', both sides percent-encoded, in the order given.
template <typename Pairs>
std::string encode_pairs(const Pairs& pairs) {
  std::string out;
  for (const auto& [name, value] : pairs) {
    if (!out.empty()) out += '&';
    out += percent_encode(name);
    out += '=';
    out += percent_encode(value);
  }
  return out;
}

}  // namespace portal::core
