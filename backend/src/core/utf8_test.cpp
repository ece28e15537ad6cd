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

}  // namespace
}  // namespace portal::core
