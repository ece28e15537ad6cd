// FAQ rules over a real database (SQLite, or PostgreSQL when PORTAL_TEST_POSTGRES_URL is set).

#include "features/faq/service.hpp"

#include "db/migrations.hpp"
#include "support/test_database.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace portal::faq {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

constexpr std::int64_t kNow = 1795248000;  // 2026-11-21T08:00:00Z

class FaqServiceTest : public ::testing::Test {
 protected:
  FaqServiceTest() : database(test_database.options()) {
    db::migrate(database, db::embedded_migrations(database.engine()));
  }

  FaqEntry add_ok(const std::string& language, const std::string& question, const std::string& answer,
                  std::optional<std::int64_t> order = std::nullopt) {
    auto added = service.add(NewFaq{language, question, answer, order}, "test");
    EXPECT_TRUE(added.ok()) << question << ": " << (added.ok() ? "" : added.error().message);
    return added.ok() ? added->entry : FaqEntry{};
  }

  long long count(const std::string& sql_text) {
    return database.with_session([&](soci::session& sql) {
      long long n = 0;
      sql << sql_text, soci::into(n);
      return n;
    });
  }

  std::vector<std::string> questions(const std::string& language) {
    std::vector<std::string> out;
    const auto entries = service.list(language);
    for (const auto& entry : entries.value()) out.push_back(entry.question);
    return out;
  }

  test::TestDatabase test_database;
  db::Database database;
  std::int64_t now = kNow;
  FaqService service{database, [this] { return now; }};
};

void expect_validation(const core::Error& error, const std::string& field) {
  EXPECT_EQ(error.kind, core::ErrorKind::validation) << error.message;
  EXPECT_EQ(error.code, "VALIDATION_FAILED") << error.message;
  ASSERT_TRUE(error.details.contains("field")) << error.message;
  EXPECT_EQ(error.details.at("field").as_string(), field) << error.message;
}

TEST_F(FaqServiceTest, ListsOneLanguageInTheOperatorsOrder) {
  add_ok("en", "Second", "<p>b</p>");  // order 10
  add_ok("en", "Third", "<p>c</p>");   // order 20
  add_ok("en", "First", "<p>a</p>", 5);
  add_ok("zh", "第一", "<p>甲</p>");  // its own language starts at 10
  add_ok("en", "Also third, added later", "<p>d</p>", 20);
  EXPECT_THAT(questions("en"), ElementsAre("First", "Second", "Third", "Also third, added later"));
  EXPECT_THAT(questions("zh"), ElementsAre("第一"));
  EXPECT_EQ(service.list("zh").value().front().sort_order, 10);
  expect_validation(service.list("fr").error(), "language");
  EXPECT_TRUE(service.has_entries("en"));
}

TEST_F(FaqServiceTest, SanitizesTheAnswerAndReportsWhatItRemoved) {
  auto added =
      service.add(NewFaq{"en", "  Is it safe?  ",
                         R"~(<p onclick="x()">Yes<script>alert(1)</script></p><a href="javascript:alert(1)">x</a>)~"},
                  "test");
  ASSERT_TRUE(added.ok());
  EXPECT_EQ(added->entry.question, "Is it safe?");
  EXPECT_EQ(added->entry.answer, "<p>Yes</p><a>x</a>");
  EXPECT_THAT(added->removed, ElementsAre("onclick attribute on <p>", "<script> element with its content",
                                          "href \"javascript:alert(1)\" on <a>: scheme not allowed"));
  EXPECT_EQ(service.list("en").value().front().answer, "<p>Yes</p><a>x</a>");
  EXPECT_EQ(added->entry.created_at, kNow);
  EXPECT_EQ(count("SELECT COUNT(*) FROM audit_log WHERE action = 'faq.create' AND actor = 'test' AND target = 'faq:" +
                  std::to_string(added->entry.id) + "'"),
            1);
}

TEST_F(FaqServiceTest, RefusesBadInput) {
  expect_validation(service.add(NewFaq{"de", "Q", "<p>a</p>"}, "t").error(), "language");
  expect_validation(service.add(NewFaq{"en", "   ", "<p>a</p>"}, "t").error(), "question");
  expect_validation(service.add(NewFaq{"en", std::string(201, 'q'), "<p>a</p>"}, "t").error(), "question");
  std::string long_chinese;
  for (int i = 0; i < 200; ++i) long_chinese += "问";
  EXPECT_TRUE(service.add(NewFaq{"zh", long_chinese, "<p>a</p>"}, "t").ok()) << "200 characters of 3 bytes each";
  expect_validation(service.add(NewFaq{"en", "two\nlines", "<p>a</p>"}, "t").error(), "question");
  expect_validation(service.add(NewFaq{"en", "bad \xff utf-8", "<p>a</p>"}, "t").error(), "question");
  expect_validation(service.add(NewFaq{"en", "Q", ""}, "t").error(), "answer");
  const auto empty = service.add(NewFaq{"en", "Q", "<script>alert(1)</script>  "}, "t");
  expect_validation(empty.error(), "answer");
  EXPECT_THAT(empty.error().message, HasSubstr("empty once sanitized"));
  expect_validation(service.add(NewFaq{"en", "Q", std::string(20001, 'a')}, "t").error(), "answer");
  expect_validation(service.add(NewFaq{"en", "Q", std::string(65537, ' ') + "a"}, "t").error(), "answer");
  std::string tags;
  for (int i = 0; i < 4001; ++i) tags += "<b>";
  expect_validation(service.add(NewFaq{"en", "Q", tags + "x"}, "t").error(), "answer");
  expect_validation(service.add(NewFaq{"en", "Q", "<p>a</p>", -1}, "t").error(), "order");
  expect_validation(service.add(NewFaq{"en", "Q", "<p>a</p>", 1'000'001}, "t").error(), "order");
  EXPECT_EQ(count("SELECT COUNT(*) FROM faq_entries"), 1);
  EXPECT_TRUE(service.add(NewFaq{"en", "Q", std::string(20000, 'a')}, "t").ok()) << "exactly 20000 bytes";
}

TEST_F(FaqServiceTest, UpdatesWhatIsGiven) {
  const auto entry = add_ok("en", "Old question", "<p>old</p>");
  now = kNow + 60;
  auto updated = service.update(entry.id, FaqEdit{std::nullopt, "<p>new <img src=x onerror=alert(1)></p>", 3}, "test");
  ASSERT_TRUE(updated.ok());
  EXPECT_EQ(updated->entry.question, "Old question");
  EXPECT_EQ(updated->entry.answer, "<p>new </p>");
  EXPECT_EQ(updated->entry.sort_order, 3);
  EXPECT_EQ(updated->entry.created_at, kNow);
  EXPECT_EQ(updated->entry.updated_at, kNow + 60);
  EXPECT_THAT(updated->removed, ElementsAre("<img> with src \"x\": scheme not allowed"));

  updated = service.update(entry.id, FaqEdit{"New question", std::nullopt, std::nullopt}, "test");
  ASSERT_TRUE(updated.ok());
  EXPECT_EQ(updated->entry.question, "New question");
  EXPECT_EQ(updated->entry.answer, "<p>new </p>");
  EXPECT_EQ(count("SELECT COUNT(*) FROM audit_log WHERE action = 'faq.update'"), 2);

  EXPECT_EQ(service.update(entry.id, FaqEdit{}, "test").error().code, "NOTHING_TO_UPDATE");
  expect_validation(service.update(entry.id, FaqEdit{"", std::nullopt, std::nullopt}, "test").error(), "question");
  const auto missing = service.update(999, FaqEdit{"Q", std::nullopt, std::nullopt}, "test");
  EXPECT_EQ(missing.error().code, "FAQ_NOT_FOUND");
  EXPECT_EQ(missing.error().kind, core::ErrorKind::not_found);
}

TEST_F(FaqServiceTest, RemovesWithAnAuditRow) {
  const auto entry = add_ok("zh", "问题", "<p>答案</p>");
  const auto removed = service.remove(entry.id, "test");
  ASSERT_TRUE(removed.ok());
  EXPECT_EQ(removed->question, "问题");
  EXPECT_TRUE(service.list("zh").value().empty());
  EXPECT_EQ(count("SELECT COUNT(*) FROM audit_log WHERE action = 'faq.delete' AND target = 'faq:" +
                  std::to_string(entry.id) + "'"),
            1);
  EXPECT_EQ(service.remove(entry.id, "test").error().code, "FAQ_NOT_FOUND");
}

TEST(FaqIsoTime, FormatsUnixSecondsAsUtc) {
  EXPECT_EQ(iso_utc(0), "1970-01-01T00:00:00Z");
  EXPECT_EQ(iso_utc(kNow + 61), "2026-11-21T08:01:01Z");
}

}  // namespace
}  // namespace portal::faq
