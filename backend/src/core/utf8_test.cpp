#include "core/utf8.hpp"

#include <gtest/gtest.h>

namespace portal::core {
namespace {

TEST(Utf8, CountsCodePoints) {
  EXPECT_EQ(utf8_length(""), 0u);
  EXPECT_EQ(utf8_length("ready"), 5u);
  EXPECT_EQ(utf8_length("如何加入服务器？"), 8u);
  EXPECT_EQ(utf8_length("é€😀"), 3u);
}

TEST(Utf8, RefusesInvalidBytes) {
  for (const char* bad : {"\x80", "\xc3", "\xe4\xbd", "\xf0\x9f\x98", "\xc0\xaf", "\xe0\x80\xaf", "\xed\xa0\x80",
                          "\xf4\x90\x80\x80", "\xff", "ok\xc3(x"}) {
    EXPECT_FALSE(utf8_length(bad)) << bad;
  }
}

TEST(Utf8, ValidTextPassesUnchanged) {
  for (const char* good : {"", "ready", "如何加入服务器？", "é€😀", "tab\tnew\nline"}) {
    EXPECT_EQ(valid_utf8(good), good);
  }
}

TEST(Utf8, EveryInvalidByteBecomesAReplacementCharacter) {
  EXPECT_EQ(valid_utf8("\xff"), "\xEF\xBF\xBD");
  EXPECT_EQ(valid_utf8("/api/\xff\xfe"), "/api/\xEF\xBF\xBD\xEF\xBF\xBD");
  EXPECT_EQ(valid_utf8("ok\xc3(x"), "ok\xEF\xBF\xBD(x");                            // lead without continuation
  EXPECT_EQ(valid_utf8("\xe4\xbd"), "\xEF\xBF\xBD\xEF\xBF\xBD");                    // truncated at the end
  EXPECT_EQ(valid_utf8("\xc0\xaf"), "\xEF\xBF\xBD\xEF\xBF\xBD");                    // overlong '/'
  EXPECT_EQ(valid_utf8("\xed\xa0\x80!"), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD!");  // a surrogate
  EXPECT_EQ(valid_utf8("é\x80€"), "é\xEF\xBF\xBD€");
  for (const char* bad : {"\x80", "\xc3", "\xf0\x9f\x98", "\xf4\x90\x80\x80",
                          "a\xff"
                          "b\xc3"}) {
    EXPECT_TRUE(utf8_length(valid_utf8(bad)).has_value()) << bad;
  }
}

}  // namespace
}  // namespace portal::core
