// What the sanitizer keeps, how it rewrites links, what it reports, and its URL rules. The XSS corpus
// is in html_sanitizer_corpus_test.cpp.

#include "core/html_checker_for_test.hpp"
#include "core/html_sanitizer.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace portal::core {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

std::string clean(std::string_view html) { return sanitize_html(html).html; }

// Input that is already clean comes back byte for byte, with nothing reported.
void expect_kept(std::string_view html) {
  const auto result = sanitize_html(html);
  EXPECT_EQ(result.html, html);
  EXPECT_THAT(result.removed, IsEmpty()) << html;
  EXPECT_THAT(test::html_allow_list_problems(result.html), IsEmpty()) << html;
}

TEST(HtmlSanitizer, KeepsLegitimateFormatting) {
  expect_kept("<p>Hello <b>bold</b> <strong>strong</strong> <i>i</i> <em>em</em> <u>u</u> <s>s</s> <del>del</del></p>");
  expect_kept("<h2>Title</h2><h3>Sub</h3><h4>Small</h4><hr><p>a<br>b</p>");
  expect_kept("<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol>");
  expect_kept("<blockquote><p>quoted</p></blockquote><pre><code>connect 1.2.3.4:27015</code></pre>");
  expect_kept("<div><span>inline</span></div>");
  expect_kept(
      "<table><thead><tr><th>Plan</th><th>Price</th></tr></thead><tbody><tr><td>30 "
      "days</td><td>¥25</td></tr></tbody></table>");
  expect_kept("<p>加入 QQ 群：123456，或在 <b>服务器</b> 内输入 <code>!vip</code>。</p>");
  expect_kept("<p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>");
}

TEST(HtmlSanitizer, KeepsLinksWithTargetAndRel) {
  expect_kept(R"(<a href="https://example.com/vip" target="_blank" rel="noopener noreferrer">VIP</a>)");
  expect_kept(R"(<a href="http://example.com" title="Old site">old</a>)");
  expect_kept(R"(<a href="mailto:support@example.com">mail us</a>)");
  expect_kept(R"(<a href="/leaderboard?season=2">board</a> <a href="#rules">rules</a>)");
  expect_kept(R"(<a href="https://example.com" target="_self">same tab</a>)");
  expect_kept(R"(<a href="https://example.com" rel="nofollow">nofollow</a>)");
}

TEST(HtmlSanitizer, BlankTargetForcesNoopenerNoreferrer) {
  EXPECT_EQ(clean(R"(<a href="https://example.com" target="_blank">x</a>)"),
            R"(<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>)");
  EXPECT_EQ(clean(R"(<a href="https://example.com" TARGET="_BLANK" rel="NoFollow noopener">x</a>)"),
            R"(<a href="https://example.com" target="_blank" rel="nofollow noopener noreferrer">x</a>)");
  EXPECT_EQ(clean(R"(<a href="https://example.com" target="_top" rel="opener">x</a>)"),
            R"(<a href="https://example.com">x</a>)");
}

TEST(HtmlSanitizer, KeepsImagesFromHttpsOrThisSite) {
  expect_kept(R"(<img src="https://cdn.example.com/map.png" alt="Mirage A site" width="640" height="360">)");
  expect_kept(R"(<img src="/assets/logo.png" alt="logo">)");
  EXPECT_EQ(clean(R"(<p><img src="http://cdn.example.com/x.png">x</p>)"), "<p>x</p>");
  EXPECT_EQ(clean(R"(<img src="https://cdn.example.com/x.png" width="100%" height="9">)"),
            R"(<img src="https://cdn.example.com/x.png" height="9">)");
}

TEST(HtmlSanitizer, ReportsWhatItRemoved) {
  const auto result = sanitize_html(
      R"~(<p onclick="x()" style="color:red">Hi<script>alert(1)</script><img src=x onerror=alert(1)><img src=y onerror=alert(2)></p>)~"
      R"~(<!-- note --><center>c</center><a href="javascript:alert(1)">link</a>)~");
  EXPECT_EQ(result.html, "<p>Hi</p>c<a>link</a>");
  EXPECT_THAT(
      result.removed,
      ElementsAre("onclick attribute on <p>", "style attribute on <p>", "<script> element with its content",
                  "<img> with src \"x\": scheme not allowed", "<img> with src \"y\": scheme not allowed", "comment",
                  "<center> tag (content kept)", "href \"javascript:alert(1)\" on <a>: scheme not allowed"));
}

TEST(HtmlSanitizer, CountsRepeatedRemovals) {
  const auto result = sanitize_html("<p><font>a</font><font>b</font><font>c</font></p>");
  EXPECT_EQ(result.html, "<p>abc</p>");
  EXPECT_THAT(result.removed, ElementsAre("<font> tag (content kept) (3x)"));
}

TEST(HtmlSanitizer, RemovesDangerousElementsWithTheirContent) {
  EXPECT_EQ(clean("a<style>p{}</style>b<iframe src=x>c</iframe>d<form><input value=1><p>e</p></form>f"), "abdf");
  EXPECT_EQ(clean("<svg><p>in svg</p></svg><math><mi>x</mi></math>after"), "after");
  EXPECT_EQ(clean("<template><p>t</p></template><noscript>n</noscript>ok"), "ok");
}

TEST(HtmlSanitizer, UnwrapsUnknownElements) {
  EXPECT_EQ(clean("<h1>Big</h1><section><p>para</p></section><custom-tag>x</custom-tag>"), "Big<p>para</p>x");
  EXPECT_EQ(clean("<p><sup>2</sup> <small>s</small></p>"), "<p>2 s</p>");
}

TEST(HtmlSanitizer, EscapesTextAndAttributeValues) {
  EXPECT_EQ(clean(R"(<a href="https://e.example/?a=1&amp;b=2" title='say "hi" <b>'>x &amp; y</a>)"),
            R"(<a href="https://e.example/?a=1&amp;b=2" title="say &quot;hi&quot; &lt;b&gt;">x &amp; y</a>)");
  EXPECT_EQ(clean("5 > 3 &lt;tag&gt;"), "5 &gt; 3 &lt;tag&gt;");
}

TEST(HtmlSanitizer, NormalisesUrls) {
  EXPECT_EQ(clean("<a href=\"  https://exa\tmple.com/\n  \">x</a>"), R"(<a href="https://example.com/">x</a>)");
  EXPECT_EQ(clean(R"(<a href="HTTPS://Example.com">x</a>)"), R"(<a href="HTTPS://Example.com">x</a>)");
}

TEST(HtmlSanitizer, KeepsTheLineBreakAfterPre) {
  expect_kept("<pre>\n\nline after a blank line</pre>");
  EXPECT_EQ(clean("<pre>\nfirst</pre>"), "<pre>first</pre>");
}

TEST(HtmlSanitizer, RepairsBrokenMarkupOnce) {
  const std::string fixed = clean("<p>unclosed <b>bold <i>both</p><table>stray<tr><td>cell");
  // The parser reopens the formatting elements still open at </p> (as browsers do).
  EXPECT_EQ(fixed,
            "<p>unclosed <b>bold <i>both</i></b></p><b><i>stray</i></b><table><tbody><tr><td>cell</td></tr></tbody>"
            "</table>");
  EXPECT_EQ(clean(fixed), fixed);
}

TEST(HtmlSanitizer, FlattensVeryDeepNesting) {
  std::string deep;
  for (int i = 0; i < 300; ++i) deep += "<div>";
  deep += "core";
  const auto result = sanitize_html(deep);
  std::string expected;
  for (int i = 0; i < 100; ++i) expected += "<div>";
  expected += "core";
  for (int i = 0; i < 100; ++i) expected += "</div>";
  EXPECT_EQ(result.html, expected);
  EXPECT_THAT(result.removed, ElementsAre("<div> nested deeper than 100 levels (content kept) (200x)"));
  EXPECT_EQ(clean(result.html), result.html);
}

TEST(HtmlSanitizer, EmptyAndPlainText) {
  EXPECT_EQ(clean(""), "");
  EXPECT_EQ(clean("just text"), "just text");
  EXPECT_EQ(clean("<script>alert(1)</script>"), "");
}

TEST(HtmlSanitizer, UrlRules) {
  for (const char* url : {"https://example.com", "http://example.com/x", "mailto:a@example.com", "/path",
                          "//cdn.example.com/x", "#anchor", " https://x.example ", "HTTPS://X.EXAMPLE"}) {
    EXPECT_TRUE(is_allowed_url(url, UrlUse::link)) << url;
  }
  for (const char* url :
       {"javascript:alert(1)", "JAVASCRIPT:alert(1)", "jav\tascript:alert(1)", " javascript:x", "java\nscript:x",
        "data:text/html,x", "vbscript:x", "about:blank", "ftp://x.example", "relative/path", "?q=1", "", "   ",
        "java script:x", "\x01javascript:x", "java\x01script:x", ":nothing"}) {
    EXPECT_FALSE(is_allowed_url(url, UrlUse::link)) << url;
  }
  EXPECT_TRUE(is_allowed_url("https://cdn.example.com/a.png", UrlUse::image));
  EXPECT_TRUE(is_allowed_url("/a.png", UrlUse::image));
  for (const char* url : {"http://cdn.example.com/a.png", "#x", "data:image/png;base64,AAAA", "mailto:a@b.c"}) {
    EXPECT_FALSE(is_allowed_url(url, UrlUse::image)) << url;
  }
}

}  // namespace
}  // namespace portal::core
