// GET /api/faqs over HTTP: per language, in the operator's order, answers as stored through the
// sanitizer, the language check; and the demo seed as served in demo mode.

#include "core/html_checker_for_test.hpp"
#include "features/faq/service.hpp"
#include "support/http_client.hpp"
#include "support/test_app.hpp"

#include <boost/json.hpp>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>

namespace portal::test {
namespace {

namespace json = boost::json;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;

constexpr std::int64_t kSaved = 1795248000;  // 2026-11-21T08:00:00Z

// An answer saved from input full of scripts: event handlers, <script>, a javascript: link hidden by
// an entity, an SVG namespace trick, a style URL, and one safe link that must survive.
constexpr const char* kMaliciousAnswer =
    R"~(<p>This answer was saved from input full of scripts. The sanitizer kept this text and the safe link below.</p>)~"
    R"~(<img src=x onerror="window.__faqXss=1;alert('xss')">)~"
    R"~(<script>window.__faqXss=1;alert('xss')</script>)~"
    R"~(<a href="jav&#x09;ascript:window.__faqXss=1" onclick="window.__faqXss=1">scripted link</a>)~"
    R"~(<svg><p><style><img src=x onerror="window.__faqXss=1"></style></p></svg>)~"
    R"~(<p style="background:url(javascript:alert(1))" onmouseover="window.__faqXss=1">hover me</p>)~"
    R"~(<a href="https://example.com/" target="_blank" rel="opener">safe link</a>)~";

std::vector<std::string> questions(const json::value& list) {
  std::vector<std::string> out;
  for (const auto& entry : list.as_array()) out.emplace_back(entry.at("question").as_string());
  return out;
}

class FaqFunctional : public ::testing::Test {
 protected:
  TestApp app{TestAppOptions{
      .configure = [](app::Config& c) { c.servers.query_timeout_ms = 100; },
      .seed =
          [](db::Database& database) {
            faq::FaqService service(database, [] { return kSaved; });
            auto add = [&](const char* language, const char* question, const char* answer,
                           std::optional<std::int64_t> order) {
              ASSERT_TRUE(service.add(faq::NewFaq{language, question, answer, order}, "test").ok()) << question;
            };
            add("en", "How do I join?", "<p>Press <b>Join</b>.</p>", 20);
            add("en", "What is VIP?", R"(<p>See <a href="/vip" target="_blank">VIP</a>.</p>)", 10);
            add("en", "Is this safe?", kMaliciousAnswer, 30);
            add("zh", "如何加入？", "<p>点击<b>加入</b>。</p>", std::nullopt);
            add("zh", "什么是 VIP？", "<p>见 VIP 页面。</p>", std::nullopt);
          },
  }};
  HttpClient http;

  HttpResult get(const std::string& path) { return http.get(app.url(path)); }
};

TEST_F(FaqFunctional, ListsALanguageInTheOperatorsOrder) {
  const auto en = get("/api/faqs?language=en");
  ASSERT_EQ(en.status, 200) << en.body;
  EXPECT_EQ(en.header("Content-Type"), "application/json");
  EXPECT_EQ(en.header("Cache-Control"), "public, max-age=60");
  EXPECT_THAT(questions(en.json()), ::testing::ElementsAre("What is VIP?", "How do I join?", "Is this safe?"));
  const auto en_body = en.json();
  const auto& first = en_body.as_array().front().as_object();
  EXPECT_EQ(first.size(), 4u) << json::serialize(first);
  EXPECT_GT(first.at("id").as_int64(), 0);
  EXPECT_EQ(first.at("answer").as_string(),
            R"(<p>See <a href="/vip" target="_blank" rel="noopener noreferrer">VIP</a>.</p>)");
  EXPECT_EQ(first.at("updatedAt").as_string(), "2026-11-21T08:00:00Z");

  const auto zh = get("/api/faqs?language=zh");
  ASSERT_EQ(zh.status, 200);
  EXPECT_THAT(questions(zh.json()), ::testing::ElementsAre("如何加入？", "什么是 VIP？"));
  EXPECT_EQ(get("/api/faqs").body, zh.body) << "zh by default";
}

TEST_F(FaqFunctional, AnAnswerSavedFromMaliciousInputComesBackClean) {
  const auto en = get("/api/faqs?language=en");
  ASSERT_EQ(en.status, 200);
  const std::string answer(en.json().as_array().back().at("answer").as_string());
  EXPECT_THAT(html_allow_list_problems(answer), IsEmpty()) << answer;
  EXPECT_THAT(answer, HasSubstr("The sanitizer kept this text"));
  EXPECT_THAT(answer,
              HasSubstr(R"(<a href="https://example.com/" target="_blank" rel="noopener noreferrer">safe link</a>)"));
  for (const char* gone : {"<script", "onerror", "onclick", "onmouseover", "javascript", "<svg", "style="}) {
    EXPECT_THAT(answer, Not(HasSubstr(gone))) << answer;
  }
}

TEST_F(FaqFunctional, RefusesAnUnknownLanguage) {
  for (const char* query : {"?language=fr", "?language=EN", "?language="}) {
    const auto answer = get(std::string("/api/faqs") + query);
    EXPECT_EQ(answer.status, 422) << query;
    EXPECT_EQ(answer.json().at("error").as_string(), "VALIDATION_FAILED");
    EXPECT_EQ(answer.json().at("details").at("field").as_string(), "language");
  }
}

TEST(FaqDemo, DemoModeServesTheSeededFaqInBothLanguages) {
  TestApp app{TestAppOptions{.configure = [](app::Config& c) {
    c.mode = app::Mode::demo;
    c.servers.query_timeout_ms = 100;
  }}};
  HttpClient http;
  for (const char* language : {"en", "zh"}) {
    const auto answer = http.get(app.url(std::string("/api/faqs?language=") + language));
    ASSERT_EQ(answer.status, 200) << answer.body;
    const auto body = answer.json();
    const auto& list = body.as_array();
    EXPECT_GE(list.size(), 9u) << language;
    bool opens_new_tab = false;
    for (const auto& entry : list) {
      const std::string question(entry.at("question").as_string());
      const std::string html(entry.at("answer").as_string());
      EXPECT_THAT(html_allow_list_problems(html), IsEmpty()) << html;
      // Visitors read real answers only: no test fixture, no placeholder link going nowhere.
      for (const char* fixture : {"sanitizer", "过滤演示", "example.com/", "scripted link", "hover me"}) {
        EXPECT_THAT(question + html, Not(HasSubstr(fixture))) << language << ": " << question;
      }
      opens_new_tab = opens_new_tab || html.find(R"(target="_blank" rel="noopener noreferrer")") != std::string::npos;
    }
    EXPECT_TRUE(opens_new_tab) << language;
  }
  // The same questions in both languages.
  const auto en = http.get(app.url("/api/faqs?language=en")).json();
  const auto zh = http.get(app.url("/api/faqs?language=zh")).json();
  EXPECT_EQ(en.as_array().size(), zh.as_array().size());
  // A Chinese answer is written in Chinese: every one holds CJK text (UTF-8 lead bytes 0xE4-0xE9).
  for (const auto& entry : zh.as_array()) {
    const std::string html(entry.at("answer").as_string());
    const bool has_cjk = std::any_of(html.begin(), html.end(), [](char c) {
      const auto byte = static_cast<unsigned char>(c);
      return byte >= 0xE4 && byte <= 0xE9;
    });
    EXPECT_TRUE(has_cjk) << html;
  }
}

}  // namespace
}  // namespace portal::test
