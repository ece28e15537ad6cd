// UTF-8 decoding, control characters and trimming of typed text.

#include "core/text.hpp"

#include <gtest/gtest.h>

#include <string>

namespace portal::core {
namespace {

TEST(Text, DecodesEachWellFormedLength) {
  EXPECT_EQ(decode_utf8("A", 0), (std::pair<char32_t, std::size_t>{U'A', 1}));
  EXPECT_EQ(decode_utf8("\xC3\xA9", 0), (std::pair<char32_t, std::size_t>{U'\u00E9', 2}));
  EXPECT_EQ(decode_utf8("\xE4\xBD\x8D", 0), (std::pair<char32_t, std::size_t>{U'\u4F4D', 3}));
  EXPECT_EQ(decode_utf8("\xF0\x9F\x98\x80", 0), (std::pair<char32_t, std::size_t>{U'\U0001F600', 4}));
  EXPECT_FALSE(decode_utf8("", 0));
}

TEST(Text, RefusesMalformedUtf8) {
  for (const std::string bad : {"\x80", "\xC0\xAF", "\xC3", "\xC3\x28", "\xE0\x80\xAF", "\xED\xA0\x80",
                                "\xF4\x90\x80\x80", "\xF8\x88\x80\x80\x80", "\xFF"}) {
    EXPECT_FALSE(decode_utf8(bad, 0)) << testing::PrintToString(bad);
    EXPECT_FALSE(decode_utf8("ok " + bad, 3)) << testing::PrintToString(bad);
  }
}

TEST(Text, ControlCharacters) {
  for (char32_t c : {U'\0', U'\n', U'\x1F', U'\x7F', U'\x85', U'\x9F', U'\u2028', U'\u2029'}) {
    EXPECT_TRUE(is_control_char(c)) << static_cast<unsigned>(c);
  }
  for (char32_t c : {U' ', U'a', U'\u00A0', U'\u4F4D', U'\u3000'}) EXPECT_FALSE(is_control_char(c));
}

TEST(Text, TrimsAsciiSpaceAndTheIdeographicSpace) {
  EXPECT_EQ(trim_text("  a b \t\n"), "a b");
  EXPECT_EQ(trim_text("\xE3\x80\x80 预留位\xE3\x80\x80 "), "预留位");
  EXPECT_EQ(trim_text(" \xE3\x80\x80 "), "");
  EXPECT_EQ(trim_text("a\xE3\x80\x80"
                      "b"),
            "a\xE3\x80\x80"
            "b");
}

TEST(Text, AsciiCaseFoldsOnlyLatinLetters) {
  EXPECT_EQ(ascii_lower("Content-TYPE: Application/JSON"), "content-type: application/json");
  EXPECT_EQ(ascii_lower("\xC3\x84 \xE9\xA2\x84"), "\xC3\x84 \xE9\xA2\x84") << "bytes above 0x7F stay";
  EXPECT_TRUE(ascii_iequals("Application/JSON", "application/json"));
  EXPECT_TRUE(ascii_iequals("", ""));
  EXPECT_FALSE(ascii_iequals("application/json", "application/jso"));
  EXPECT_FALSE(ascii_iequals("a[", "A{")) << "only A-Z fold: '[' is not '{'";
  EXPECT_FALSE(ascii_iequals("\xC3\x84", "\xC3\xA4"));
}

}  // namespace
}  // namespace portal::core
