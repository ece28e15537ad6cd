#include "core/html_escape.hpp"

#include <gtest/gtest.h>

namespace portal::core {
namespace {

TEST(HtmlEscape, EndsNeitherAnElementNorAnAttribute) {
  EXPECT_EQ(html_escape(R"(<a href="x" onclick='y'>&</a>)"),
            "&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;");
  EXPECT_EQ(html_escape("验证码 123456"), "验证码 123456");
}

}  // namespace
}  // namespace portal::core
