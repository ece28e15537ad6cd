#include "features/payments/order_repository.hpp"

#include <sodium.h>

#include <array>

namespace portal::payments {

// "ord_" + 128 random bits in 26 base32 digits: 30 characters, inside every provider's limit for
// our order number (WeChat Pay's out_trade_no takes at most 32, Alipay's 64).
std::string new_order_id() {
  std::array<unsigned char, 16> bytes{};
  randombytes_buf(bytes.data(), bytes.size());
  static constexpr char kBase32[] = "abcdefghijklmnopqrstuvwxyz234567";
  std::string id = "ord_";
  unsigned buffer = 0;
  int bits = 0;
  for (unsigned char b : bytes) {
    buffer = (buffer << 8) | b;
    bits += 8;
    while (bits >= 5) {
      id += kBase32[(buffer >> (bits - 5)) & 0x1f];
      bits -= 5;
    }
  }
  if (bits > 0) id += kBase32[(buffer << (5 - bits)) & 0x1f];
  return id;
}

}  // namespace portal::payments
