// `portal faq list|add|update|remove`, running the real binary against a fresh database (SQLite, or
// PostgreSQL when PORTAL_TEST_POSTGRES_URL is set); and the demo FAQ seed.

#include "app/demo/demo_faq.hpp"
#include "db/migrations.hpp"
#include "support/cli_test.hpp"
#include "support/test_app.hpp"
#include "support/test_database.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace portal::test {
namespace {

using ::testing::ContainsRegex;
using ::testing::HasSubstr;
using ::testing::Not;

class FaqCli : public CliTest {
 protected:
  FaqCli() : CliTest("faq") {}
};

TEST_F(FaqCli, AddPrintsWhatTheSanitizerRemoved) {
  const std::string added = ok({"add", "--language", "en", "--question", "How do I join?", "--answer",
                                R"~(<p onclick="steal()">Press <b>Join</b>.</p><script>alert(1)</script>)~"
                                R"(<a href="https://example.com" target="_blank">help</a>)"});
  EXPECT_THAT(added, HasSubstr("faq 1 added (en, order 10): How do I join?"));
  EXPECT_THAT(added, HasSubstr("the sanitizer removed:\n  - onclick attribute on <p>\n"
                               "  - <script> element with its content\n"));
  EXPECT_EQ(
      text("SELECT answer FROM faq_entries WHERE id = 1"),
      R"(<p>Press <b>Join</b>.</p><a href="https://example.com" target="_blank" rel="noopener noreferrer">help</a>)");

  EXPECT_THAT(
      ok({"add", "--language", "zh", "--question", "如何加入？", "--answer", "<p>点击加入。</p>", "--order", "5"}),
      HasSubstr("faq 2 added (zh, order 5): 如何加入？\nthe sanitizer removed nothing"));
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM audit_log WHERE actor = 'cli' AND action = 'faq.create'"), 2);
}

TEST_F(FaqCli, ListUpdateRemove) {
  ok({"add", "--language", "en", "--question", "First", "--answer", "<p>1</p>"});
  ok({"add", "--language", "en", "--question", "Second", "--answer", "<p>2</p>"});
  ok({"add", "--language", "zh", "--question", "第三", "--answer", "<p>3</p>"});

  const std::string list = ok({"list"});
  EXPECT_THAT(list, ContainsRegex("id +lang +order +updated \\(UTC\\) +question"));
  EXPECT_THAT(list, ContainsRegex("1 +en +10 +[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]{8}Z +First"));
  EXPECT_THAT(list, ContainsRegex("2 +en +20 +.* +Second"));
  EXPECT_THAT(list, ContainsRegex("3 +zh +10 +.* +第三"));
  EXPECT_THAT(ok({"list", "--language", "zh"}), Not(HasSubstr("First")));

  EXPECT_THAT(ok({"update", "2", "--order", "1"}), HasSubstr("faq 2 updated (en, order 1): Second"));
  EXPECT_LT(ok({"list", "--language", "en"}).find("Second"), ok({"list", "--language", "en"}).find("First"));

  const auto answer_file = dir.path() / "answer.html";
  write_file(answer_file, R"~(<h2>New</h2><img src="https://cdn.example.com/a.png" onerror="x()" alt="map">)~");
  const std::string updated =
      ok({"update", "1", "--question", "First, reworded", "--answer-file", answer_file.string()});
  EXPECT_THAT(updated, HasSubstr("faq 1 updated (en, order 10): First, reworded"));
  EXPECT_THAT(updated, HasSubstr("the sanitizer removed:\n  - onerror attribute on <img>\n"));
  EXPECT_EQ(text("SELECT answer FROM faq_entries WHERE id = 1"),
            R"(<h2>New</h2><img src="https://cdn.example.com/a.png" alt="map">)");

  EXPECT_THAT(ok({"remove", "3"}), HasSubstr("faq 3 removed (zh): 第三"));
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM faq_entries"), 2);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM audit_log WHERE actor = 'cli' AND action = 'faq.update'"), 2);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM audit_log WHERE actor = 'cli' AND action = 'faq.delete'"), 1);
}

TEST_F(FaqCli, BadInputIsRefusedWithAClearMessage) {
  refused({"add", "--language", "fr", "--question", "Q", "--answer", "<p>a</p>"},
          "unknown language 'fr': expected en or zh");
  refused({"add", "--language", "en", "--question", "Q"}, "faq add needs --answer or --answer-file");
  refused({"add", "--language", "en", "--question", "Q", "--answer", "a", "--answer-file", "x.html"}, "excludes");
  refused({"add", "--language", "en", "--question", "Q", "--answer-file", "/nonexistent/answer.html"},
          "cannot read --answer-file /nonexistent/answer.html");
  refused({"add", "--language", "en", "--question", "   ", "--answer", "<p>a</p>"},
          "the question must not be empty (VALIDATION_FAILED)");
  refused({"add", "--language", "en", "--question", "Q", "--answer", "<script>alert(1)</script>"},
          "the answer is empty once sanitized (VALIDATION_FAILED)");
  refused({"add", "--language", "en", "--question", "Q", "--answer", "<p>a</p>", "--order", "-1"},
          "the order must be between 0 and 1000000 (VALIDATION_FAILED)");
  refused({"update", "7", "--order", "3"}, "FAQ entry 7 does not exist (FAQ_NOT_FOUND)");
  refused({"update", "7"}, "nothing to update: give --question, --answer, --answer-file or --order");
  refused({"remove", "7"}, "FAQ entry 7 does not exist (FAQ_NOT_FOUND)");
  refused({}, "subcommand");
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM faq_entries"), 0);
}

TEST_F(FaqCli, DemoSeedRunsOnceAndStoresSanitizedAnswers) {
  db::Database db(database.options());
  db::migrate(db, db::embedded_migrations(db.engine()));
  app::seed_demo_faq(db);
  const long long seeded = scalar("SELECT COUNT(*) FROM faq_entries");
  EXPECT_GE(scalar("SELECT COUNT(*) FROM faq_entries WHERE language = 'en'"), 9);
  EXPECT_GE(scalar("SELECT COUNT(*) FROM faq_entries WHERE language = 'zh'"), 9);
  app::seed_demo_faq(db);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM faq_entries"), seeded) << "a restart adds nothing";
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM faq_entries WHERE answer LIKE '%onerror%' OR answer LIKE '%<script%' OR "
                   "answer LIKE '%javascript:%'"),
            0);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'faq.create' AND actor = 'system'"), seeded);
  // The list command shows them; none is a sanitizer fixture.
  EXPECT_THAT(ok({"list", "--language", "en"}), HasSubstr("How do I use the skin changer?"));
  EXPECT_THAT(ok({"list", "--language", "zh"}), HasSubstr("如何使用换肤功能？"));
  EXPECT_EQ(
      scalar("SELECT COUNT(*) FROM faq_entries WHERE question LIKE '%sanitizer%' OR question LIKE '%过滤演示%' OR "
             "answer LIKE '%example.com/%'"),
      0);
}

}  // namespace
}  // namespace portal::test
