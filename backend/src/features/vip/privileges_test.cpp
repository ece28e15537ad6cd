// Privilege service over a real database (SQLite, or PostgreSQL when PORTAL_TEST_POSTGRES_URL is set):
// add, update, remove, table order, audit rows, and the JSON of GET /api/privileges.

#include "features/vip/privileges.hpp"

#include "db/migrations.hpp"
#include "features/vip/routes.hpp"
#include "support/test_database.hpp"

#include <boost/json/serialize.hpp>
#include <gtest/gtest.h>

namespace portal::vip {
namespace {

constexpr std::int64_t kNow = 1767225600;  // 2026-01-01T00:00:00Z

PrivilegeChanges texts(const std::string& en, const std::string& zh) {
  PrivilegeChanges fields;
  fields.content_en = en;
  fields.content_zh = zh;
  return fields;
}

class PrivilegesTest : public ::testing::Test {
 protected:
  PrivilegesTest() : database(test_database.options()) {
    db::migrate(database, db::embedded_migrations(database.engine()));
  }

  long long count(const std::string& sql_text) {
    return database.with_session([&](soci::session& sql) {
      long long n = 0;
      sql << sql_text, soci::into(n);
      return n;
    });
  }

  std::string keys() {
    std::string out;
    for (const auto& p : service.list()) out += p.key + " ";
    return out;
  }

  test::TestDatabase test_database;
  db::Database database;
  PrivilegeRepository repository{database};
  PrivilegeService service{repository, [] { return kNow; }};
};

TEST_F(PrivilegesTest, AddStoresEveryFieldAndAudits) {
  auto fields = texts(" Reserved slot ", "预留位");
  fields.detail_en = "Join a full server.";
  fields.detail_zh = "满员时也能进入。";
  fields.order = 10;
  fields.values = {0, 1, 1, 2, 1};
  auto added = service.add("reserved_slot", fields, "cli");
  ASSERT_TRUE(added) << added.error().message;
  EXPECT_GT(added->id, 0);

  const auto list = service.list();
  ASSERT_EQ(list.size(), 1u);
  const auto& p = list.front();
  EXPECT_EQ(p.key, "reserved_slot");
  EXPECT_EQ(p.en.content, "Reserved slot");
  EXPECT_EQ(p.zh.content, "预留位");
  EXPECT_EQ(p.en.detail, "Join a full server.");
  EXPECT_EQ(p.zh.detail, "满员时也能进入。");
  EXPECT_EQ(p.order, 10);
  EXPECT_EQ(p.values, (GroupValues{0, 1, 1, 2, 1}));
  EXPECT_EQ(count("SELECT COUNT(*) FROM audit_log WHERE actor = 'cli' AND action = 'privilege.create' "
                  "AND target = 'privilege:reserved_slot'"),
            1);
}

TEST_F(PrivilegesTest, UnsetOrderGoesAfterTheLastRowAndTableOrderIsOrderThenId) {
  ASSERT_TRUE(service.add("first", texts("First", "一"), "t"));  // order 10
  auto second = texts("Second", "二");
  second.order = 5;
  ASSERT_TRUE(service.add("second", second, "t"));
  auto third = service.add("third", texts("Third", "三"), "t");  // after the largest: 20
  ASSERT_TRUE(third);
  EXPECT_EQ(third->order, 20);
  auto tie = texts("Tie", "平");
  tie.order = 10;
  ASSERT_TRUE(service.add("tie", tie, "t"));
  EXPECT_EQ(keys(), "second first tie third ");
  EXPECT_EQ(service.list().front().values, (GroupValues{0, 0, 0, 0, 0})) << "unset values are forbidden";
}

TEST_F(PrivilegesTest, AddRefusesBadFieldsAndTakenKeys) {
  auto missing = PrivilegeChanges{};
  missing.content_en = "Only English";
  auto refused = service.add("only_en", missing, "t");
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().details.at("field").as_string(), "content.zh");

  auto bad_key = service.add("Bad-Key", texts("A", "B"), "t");
  ASSERT_FALSE(bad_key);
  EXPECT_EQ(bad_key.error().details.at("field").as_string(), "key");

  auto bad_value = texts("A", "B");
  bad_value.values[index_of(Group::kol)] = 3;
  auto refused_value = service.add("bad_value", bad_value, "t");
  ASSERT_FALSE(refused_value);
  EXPECT_EQ(refused_value.error().details.at("field").as_string(), "values.kol");

  ASSERT_TRUE(service.add("skins", texts("Skins", "皮肤"), "t"));
  auto taken = service.add("skins", texts("Other", "其他"), "t");
  ASSERT_FALSE(taken);
  EXPECT_EQ(taken.error().code, "PRIVILEGE_KEY_TAKEN");
  EXPECT_EQ(taken.error().kind, core::ErrorKind::conflict);
  EXPECT_EQ(count("SELECT COUNT(*) FROM privileges"), 1);
  EXPECT_EQ(count("SELECT COUNT(*) FROM audit_log WHERE action = 'privilege.create'"), 1);
}

TEST_F(PrivilegesTest, UpdateChangesOnlyTheGivenFields) {
  auto fields = texts("Skins", "皮肤");
  fields.detail_en = "!ws";
  fields.values = {0, 1, 1, 1, 1};
  ASSERT_TRUE(service.add("skins", fields, "t"));

  PrivilegeChanges changes;
  changes.content_zh = "皮肤修改器";
  changes.detail_en = "";
  changes.values[index_of(Group::normal)] = 2;
  auto updated = service.update("skins", changes, "cli");
  ASSERT_TRUE(updated) << updated.error().message;
  EXPECT_EQ(updated->en.content, "Skins");
  EXPECT_EQ(updated->zh.content, "皮肤修改器");
  EXPECT_EQ(updated->en.detail, "");
  EXPECT_EQ(updated->values, (GroupValues{2, 1, 1, 1, 1}));
  EXPECT_EQ(service.list().front().zh.content, "皮肤修改器");
  EXPECT_EQ(count("SELECT COUNT(*) FROM audit_log WHERE action = 'privilege.update' AND target = 'privilege:skins'"),
            1);

  auto nothing = service.update("skins", PrivilegeChanges{}, "cli");
  ASSERT_FALSE(nothing);
  EXPECT_EQ(nothing.error().code, "NOTHING_TO_CHANGE");
  auto missing = service.update("unknown", changes, "cli");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, "PRIVILEGE_NOT_FOUND");
  PrivilegeChanges empty_content;
  empty_content.content_en = " ";
  auto refused = service.update("skins", empty_content, "cli");
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().details.at("field").as_string(), "content.en");
}

TEST_F(PrivilegesTest, RemoveDeletesAndAudits) {
  ASSERT_TRUE(service.add("skins", texts("Skins", "皮肤"), "t"));
  ASSERT_TRUE(service.remove("skins", "cli"));
  EXPECT_TRUE(service.list().empty());
  EXPECT_EQ(count("SELECT COUNT(*) FROM audit_log WHERE action = 'privilege.delete'"), 1);
  auto again = service.remove("skins", "cli");
  ASSERT_FALSE(again);
  EXPECT_EQ(again.error().code, "PRIVILEGE_NOT_FOUND");
  EXPECT_EQ(again.error().kind, core::ErrorKind::not_found);
}

TEST_F(PrivilegesTest, JsonCarriesOneLanguageAndEveryGroup) {
  auto fields = texts("Reserved slot", "预留位");
  fields.detail_en = "Join a full server";
  fields.detail_zh = "满员也能进";
  fields.values = {0, 1, 2, 1, 1};
  ASSERT_TRUE(service.add("reserved_slot", fields, "t"));
  const auto list = service.list();
  const auto en = privileges_json(list, Language::en);
  ASSERT_EQ(en.size(), 1u);
  EXPECT_EQ(boost::json::serialize(en.at(0)),
            R"({"id":)" + std::to_string(list.front().id) +
                R"(,"key":"reserved_slot","content":"Reserved slot","detail":"Join a full server","order":10,)"
                R"("normal":0,"vip":1,"pro":2,"kol":1,"op":1})");
  const auto zh = privileges_json(list, Language::zh);
  EXPECT_EQ(zh.at(0).at("content").as_string(), "预留位");
  EXPECT_EQ(zh.at(0).at("detail").as_string(), "满员也能进");
}

}  // namespace
}  // namespace portal::vip
