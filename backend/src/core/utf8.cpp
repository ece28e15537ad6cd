#include "core/utf8.hpp"

namespace portal::core {

namespace {

// Bytes of the valid sequence starting at text[at] (1 to 4), or 0 when none starts there.
std::size_t sequence_length(std::string_view text, std::size_t at) {
  const auto lead = static_cast<unsigned char>(text[at]);
  std::size_t extra = 0;
  char32_t value = 0;
  if (lead < 0x80) return 1;
  if ((lead & 0xe0) == 0xc0) {
    extra = 1;
    value = lead & 0x1f;
  } else if ((lead & 0xf0) == 0xe0) {
    extra = 2;
    value = lead & 0x0f;
  } else if ((lead & 0xf8) == 0xf0) {
    extra = 3;
    value = lead & 0x07;
  } else {
    return 0;
  }
  if (text.size() - at <= extra) return 0;  // truncated
  for (std::size_t i = 1; i <= extra; ++i) {
    const auto next = static_cast<unsigned char>(text[at + i]);
    if ((next & 0xc0) != 0x80) return 0;
    value = (value << 6) | (next & 0x3f);
  }
  static constexpr char32_t kSmallest[] = {0, 0x80, 0x800, 0x10000};
  if (value < kSmallest[extra] || value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff)) return 0;
  return extra + 1;
}

}  // namespace

std::string valid_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t length = sequence_length(text, at);
    if (length == 0) {
      out += "\xEF\xBF\xBD";  // U+FFFD REPLACEMENT CHARACTER
      ++at;
    } else {
      out.append(text.substr(at, length));
      at += length;
    }
  }
  return out;
}

std::optional<std::size_t> utf8_length(std::string_view text) {
  std::size_t count = 0;
  for (std::size_t at = 0; at < text.size(); ++count) {
    const std::size_t length = sequence_length(text, at);
    if (length == 0) return std::nullopt;
    at += length;
  }
  return count;
}

}  // namespace portal::core
