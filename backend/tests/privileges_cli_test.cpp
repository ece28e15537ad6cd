// `portal privileges list|add|update|remove`, running the real binary against a fresh database (SQLite,
// or PostgreSQL when PORTAL_TEST_POSTGRES_URL is set).

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

class PrivilegesCli : public CliTest {
 protected:
  PrivilegesCli() : CliTest("privileges") {}
};

TEST_F(PrivilegesCli, AddListUpdateRemove) {
  const std::string added = ok({"add", "reserved_slot", "--content-en", "Reserved slot", "--content-zh", "预留位",
                                "--detail-en", "Join a full server", "--detail-zh", "满员也能进", "--order", "10",
                                "--values", "normal=0,vip=1,pro=1,kol=2,op=1"});
  EXPECT_THAT(added, HasSubstr("privilege reserved_slot added (id 1)"));
  ok({"add", "chat_tag", "--content-en", "Custom chat tag", "--content-zh", "自定义聊天标签", "--order", "5",
      "--values", "vip=1"});

  const std::string list = ok({"list"});
  EXPECT_THAT(list, ContainsRegex("key +order +normal +vip +pro +kol +op +content \\(en / zh\\)"));
  EXPECT_THAT(list, ContainsRegex("reserved_slot +10 +no +yes +yes +part +yes +Reserved slot / 预留位"));
  EXPECT_THAT(list, ContainsRegex("chat_tag +5 +no +yes +no +no +no +Custom chat tag / 自定义聊天标签"));
  EXPECT_LT(list.find("chat_tag"), list.find("reserved_slot")) << "table order: smaller order first";

  const std::string updated = ok({"update", "chat_tag", "--values", "pro=1,kol=1,op=1", "--detail-zh", "聊天前缀"});
  EXPECT_THAT(updated, HasSubstr("privilege chat_tag updated"));
  EXPECT_THAT(updated, ContainsRegex("chat_tag +5 +no +yes +yes +yes +yes"));
  EXPECT_EQ(text("SELECT detail_zh FROM privileges WHERE slug = 'chat_tag'"), "聊天前缀");
  EXPECT_EQ(text("SELECT content_en FROM privileges WHERE slug = 'chat_tag'"), "Custom chat tag");

  EXPECT_THAT(ok({"remove", "chat_tag"}), HasSubstr("privilege chat_tag removed"));
  EXPECT_THAT(ok({"list"}), Not(HasSubstr("chat_tag")));

  EXPECT_EQ(scalar("SELECT COUNT(*) FROM audit_log WHERE actor = 'cli' AND action = 'privilege.create'"), 2);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM audit_log WHERE actor = 'cli' AND action = 'privilege.update' "
                   "AND target = 'privilege:chat_tag'"),
            1);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM audit_log WHERE actor = 'cli' AND action = 'privilege.delete'"), 1);
}

TEST_F(PrivilegesCli, BadInputIsRefusedNamingTheField) {
  const std::vector<std::string> good{"--content-en", "Skins", "--content-zh", "皮肤", "--values", "vip=1"};
  auto add = [&](std::vector<std::string> args) {
    std::vector<std::string> all{"add"};
    all.insert(all.end(), args.begin(), args.end());
    return all;
  };
  refused(add({"Bad-Key", "--content-en", "Skins", "--content-zh", "皮肤", "--values", "vip=1"}),
          "key must be 2 to 40 characters of a-z, 0-9 and _");
  refused(add({"skins", "--content-en", " ", "--content-zh", "皮肤", "--values", "vip=1"}),
          "content.en must be 1 to 100 characters long, got 0 (VALIDATION_FAILED)");
  refused(add({"skins", "--content-en", "Skins", "--content-zh", std::string(101, 'x'), "--values", "vip=1"}),
          "content.zh must be 1 to 100 characters long, got 101 (VALIDATION_FAILED)");
  refused(add({"skins", "--content-en", "Skins", "--content-zh", "皮肤", "--detail-en", std::string(501, 'x'),
               "--values", "vip=1"}),
          "detail.en must be 0 to 500 characters long, got 501");
  refused(add({"skins", "--content-en", "Skins", "--content-zh", "皮肤", "--values", "vip=3"}),
          "values.vip must be 0 (forbidden), 1 (allowed) or 2 (optional), got 3");
  refused(add({"skins", "--content-en", "Skins", "--content-zh", "皮肤", "--values", "gold=1"}),
          "unknown group 'gold' in values");
  refused(add({"skins", "--content-en", "Skins", "--content-zh", "皮肤", "--values", "vip=1", "--order", "2000000"}),
          "order must be a whole number from -1000000 to 1000000");
  refused(add({"skins", "--content-en", "Skins", "--values", "vip=1"}), "--content-zh");
  refused(add({"skins", "--content-en", "Skins", "--content-zh", "皮肤"}), "--values");
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM privileges"), 0);

  std::vector<std::string> first{"add", "skins"};
  first.insert(first.end(), good.begin(), good.end());
  ok(first);
  refused(first, "another privilege has the key 'skins' (PRIVILEGE_KEY_TAKEN)");
  refused({"update", "nope", "--order", "1"}, "no privilege has the key 'nope' (PRIVILEGE_NOT_FOUND)");
  refused({"update", "skins"}, "nothing to change: give at least one field (NOTHING_TO_CHANGE)");
  refused({"update", "skins", "--values", "op=9"}, "values.op must be 0 (forbidden), 1 (allowed) or 2 (optional)");
  refused({"remove", "nope"}, "(PRIVILEGE_NOT_FOUND)");
  refused({"remove"}, "key");
  refused({}, "subcommand");
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM privileges"), 1);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM audit_log WHERE action LIKE 'privilege.%'"), 1);
}

}  // namespace
}  // namespace portal::test
