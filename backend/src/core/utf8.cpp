#include "core/utf8.hpp"

namespace portal::core {

std::optional<std::size_t> utf8_length(std::string_view text) {
  std::size_t count = 0;
  for (std::size_t at = 0; at < text.size(); ++count) {
    const auto lead = static_cast<unsigned char>(text[at]);
    std::size_t extra = 0;
    char32_t value = 0;
    if (lead < 0x80) {
      ++at;
      continue;
    } else if ((lead & 0xe0) == 0xc0) {
      extra = 1;
      value = lead & 0x1f;
    } else if ((lead & 0xf0) == 0xe0) {
      extra = 2;
      value = lead & 0x0f;
    } else if ((lead & 0xf8) == 0xf0) {
      extra = 3;
      value = lead & 0x07;
    } else {
      return std::nullopt;
    }
    if (text.size() - at <= extra) return std::nullopt;  // truncated
    for (std::size_t i = 1; i <= extra; ++i) {
      const auto next = static_cast<unsigned char>(text[at + i]);
      if ((next & 0xc0) != 0x80) return std::nullopt;
      value = (value << 6) | (next & 0x3f);
    }
    static constexpr char32_t kSmallest[] = {0, 0x80, 0x800, 0x10000};
    if (value < kSmallest[extra] || value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff)) return std::nullopt;
    at += extra + 1;
  }
  return count;
}

}  // namespace portal::core
