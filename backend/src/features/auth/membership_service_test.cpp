// Membership rules over a real database (SQLite, or PostgreSQL when PORTAL_TEST_POSTGRES_URL is set).

#include "features/auth/membership_service.hpp"

#include "db/migrations.hpp"
#include "support/test_database.hpp"
#include "features/auth/membership_values_for_test.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

namespace portal::auth {
namespace {

const std::string kBob = "76561198000000002";
const std::string kCarol = "76561198000000003";

class MembershipServiceTest : public ::testing::Test {
 protected:
  MembershipServiceTest() : database(test_database.options()) {
    db::migrate(database, db::embedded_migrations(database.engine()));
  }

  MembershipStatus status_of(const std::string& steam_id) {
    auto status = service.status(steam_id);
    EXPECT_TRUE(status.ok()) << steam_id;
    return status.ok() ? status.value() : MembershipStatus{};
  }

  long long count(const std::string& sql_text) {
    return database.with_session([&](soci::session& sql) {
      long long n = 0;
      sql << sql_text, soci::into(n);
      return n;
    });
  }

  test::TestDatabase test_database;
  db::Database database;
  MembershipRepository repository{database};
  std::atomic<std::int64_t> now{kStart};
  MembershipService service{repository, [this] { return now.load(); }};
};

void expect_validation(const core::Error& error, const std::string& field) {
  EXPECT_EQ(error.kind, core::ErrorKind::validation);
  EXPECT_EQ(error.code, "VALIDATION_FAILED");
  ASSERT_TRUE(error.details.contains("field"));
  EXPECT_EQ(error.details.at("field").as_string(), field);
}

TEST_F(MembershipServiceTest, UnknownAccountHasNothing) {
  auto status = status_of(kAlice);
  EXPECT_EQ(status.steam_id, kAlice);
  EXPECT_EQ(status.type, Tier::none);
  EXPECT_FALSE(status.expires_at);
  EXPECT_FALSE(status.vip_expires_at);
  EXPECT_TRUE(status.groups.empty());
}

TEST_F(MembershipServiceTest, InvalidSteamIdsAreRefused) {
  for (const char* bad :
       {"", "123", "7656119800000000x", "765611980000000011", "00000000000000001", " 76561198000000001"}) {
    auto status = service.status(bad);
    ASSERT_FALSE(status.ok()) << bad;
    expect_validation(status.error(), "steamId");
    auto grant = service.grant_group(bad, "pro", std::nullopt, "test");
    ASSERT_FALSE(grant.ok()) << bad;
    expect_validation(grant.error(), "steamId");
    auto vip = service.grant_vip(bad, 30, "cli", std::nullopt);
    ASSERT_FALSE(vip.ok()) << bad;
    expect_validation(vip.error(), "steamId");
  }
  EXPECT_EQ(count("SELECT COUNT(*) FROM memberships") + count("SELECT COUNT(*) FROM vip_subscriptions"), 0);
}

TEST_F(MembershipServiceTest, GroupsAndDaysAreValidated) {
  for (const char* bad : {"vip", "none", "admin", "OP", ""}) {
    auto grant = service.grant_group(kAlice, bad, std::nullopt, "test");
    ASSERT_FALSE(grant.ok()) << bad;
    expect_validation(grant.error(), "group");
    auto revoke = service.revoke_group(kAlice, bad, "test");
    ASSERT_FALSE(revoke.ok()) << bad;
    expect_validation(revoke.error(), "group");
  }
  for (std::int64_t bad : {0LL, -1LL, 3651LL}) {
    auto grant = service.grant_group(kAlice, "pro", bad, "test");
    ASSERT_FALSE(grant.ok()) << bad;
    expect_validation(grant.error(), "days");
    auto vip = service.grant_vip(kAlice, bad, "cli", std::nullopt);
    ASSERT_FALSE(vip.ok()) << bad;
    expect_validation(vip.error(), "days");
  }
  EXPECT_TRUE(service.grant_group(kAlice, "pro", 3650, "test").ok());
  EXPECT_TRUE(service.grant_vip(kAlice, 1, "cli", std::nullopt).ok());
  EXPECT_TRUE(service.grant_vip(kAlice, 3650, "cli", std::nullopt).ok());
}

TEST_F(MembershipServiceTest, GroupGrantWithAndWithoutExpiry) {
  auto permanent = service.grant_group(kAlice, "kol", std::nullopt, "test");
  ASSERT_TRUE(permanent.ok());
  EXPECT_EQ(permanent->group, Tier::kol);
  EXPECT_FALSE(permanent->expires_at);
  auto timed = service.grant_group(kBob, "pro", 30, "test");
  ASSERT_TRUE(timed.ok());
  EXPECT_EQ(timed->expires_at, kStart + 30 * kDay);

  auto alice = status_of(kAlice);
  EXPECT_EQ(alice.type, Tier::kol);
  EXPECT_FALSE(alice.expires_at);
  auto bob = status_of(kBob);
  EXPECT_EQ(bob.type, Tier::pro);
  EXPECT_EQ(bob.expires_at, kStart + 30 * kDay);
  EXPECT_FALSE(bob.vip_expires_at);

  now = kStart + 30 * kDay - 1;
  EXPECT_EQ(status_of(kBob).type, Tier::pro);
  now = kStart + 30 * kDay;  // expires_at is the first second without the group
  EXPECT_EQ(status_of(kBob).type, Tier::none);
  EXPECT_TRUE(status_of(kBob).groups.empty());
  EXPECT_EQ(status_of(kAlice).type, Tier::kol);
}

TEST_F(MembershipServiceTest, RegrantReplacesTheExpiry) {
  ASSERT_TRUE(service.grant_group(kAlice, "op", 10, "test").ok());
  now = kStart + 5 * kDay;
  ASSERT_TRUE(service.grant_group(kAlice, "op", 2, "test").ok());
  EXPECT_EQ(status_of(kAlice).expires_at, kStart + 7 * kDay);
  ASSERT_TRUE(service.grant_group(kAlice, "op", std::nullopt, "test").ok());
  EXPECT_FALSE(status_of(kAlice).expires_at);
  EXPECT_EQ(count("SELECT COUNT(*) FROM memberships"), 1);
  EXPECT_EQ(count("SELECT COUNT(*) FROM audit_log WHERE action = 'membership.grant'"), 3);
}

TEST_F(MembershipServiceTest, RevokeRemovesAndIsAudited) {
  ASSERT_TRUE(service.grant_group(kAlice, "pro", std::nullopt, "tester").ok());
  ASSERT_TRUE(service.grant_group(kAlice, "op", 5, "tester").ok());
  ASSERT_TRUE(service.revoke_group(kAlice, "op", "tester").ok());
  auto status = status_of(kAlice);
  EXPECT_EQ(status.type, Tier::pro);
  ASSERT_EQ(status.groups.size(), 1u);

  auto again = service.revoke_group(kAlice, "op", "tester");
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.error().kind, core::ErrorKind::not_found);
  EXPECT_EQ(again.error().code, "MEMBERSHIP_NOT_FOUND");
  EXPECT_FALSE(service.revoke_group(kBob, "pro", "tester").ok());

  EXPECT_EQ(count("SELECT COUNT(*) FROM audit_log WHERE action = 'membership.grant' AND actor = 'tester' AND "
                  "target = 'steam:" +
                  kAlice + "'"),
            2);
  EXPECT_EQ(count("SELECT COUNT(*) FROM audit_log WHERE action = 'membership.revoke'"), 1);
  database.with_session([](soci::session& sql) {
    std::string details;
    sql << "SELECT details FROM audit_log WHERE action = 'membership.revoke'", soci::into(details);
    EXPECT_EQ(details, R"({"group":"op"})");
    sql << "SELECT details FROM audit_log WHERE action = 'membership.grant' ORDER BY id DESC", soci::into(details);
    EXPECT_EQ(details, R"({"group":"op","expiresAt":)" + std::to_string(kStart + 5 * kDay) + "}");
  });
}

TEST_F(MembershipServiceTest, VipTimeStacksWhileActiveAndRestartsAfter) {
  auto first = service.grant_vip(kAlice, 30, "cli", std::nullopt);
  ASSERT_TRUE(first.ok());
  EXPECT_TRUE(first->applied);
  EXPECT_EQ(first->starts_at, kStart);
  EXPECT_EQ(first->expires_at, kStart + 30 * kDay);

  now = kStart + 10 * kDay;
  auto second = service.grant_vip(kAlice, 5, "cli", std::nullopt);
  ASSERT_TRUE(second.ok());
  EXPECT_EQ(second->starts_at, kStart + 30 * kDay);
  EXPECT_EQ(second->expires_at, kStart + 35 * kDay);

  auto status = status_of(kAlice);
  EXPECT_EQ(status.type, Tier::vip);
  EXPECT_EQ(status.expires_at, kStart + 35 * kDay);
  EXPECT_EQ(status.vip_expires_at, kStart + 35 * kDay);
  ASSERT_EQ(status.groups.size(), 1u);
  EXPECT_EQ(status.groups[0].group, Tier::vip);

  now = kStart + 35 * kDay;  // ended exactly now
  EXPECT_EQ(status_of(kAlice).type, Tier::none);
  EXPECT_FALSE(status_of(kAlice).vip_expires_at);

  now = kStart + 50 * kDay;
  auto third = service.grant_vip(kAlice, 1, "cli", std::nullopt);
  ASSERT_TRUE(third.ok());
  EXPECT_EQ(third->starts_at, kStart + 50 * kDay);
  EXPECT_EQ(third->expires_at, kStart + 51 * kDay);
  EXPECT_EQ(count("SELECT COUNT(*) FROM vip_subscriptions WHERE steam_id = '" + kAlice + "' AND source = 'cli'"), 3);
  EXPECT_EQ(count("SELECT COUNT(*) FROM audit_log WHERE action = 'vip.grant' AND actor = 'system'"), 3);
}

TEST_F(MembershipServiceTest, HighestTierNamesTypeAndItsExpiry) {
  ASSERT_TRUE(service.grant_vip(kAlice, 30, "cli", std::nullopt).ok());
  ASSERT_TRUE(service.grant_group(kAlice, "pro", std::nullopt, "test").ok());
  auto pro = status_of(kAlice);
  EXPECT_EQ(pro.type, Tier::pro);
  EXPECT_FALSE(pro.expires_at);  // pro has no expiry, even though VIP has one
  EXPECT_EQ(pro.vip_expires_at, kStart + 30 * kDay);

  ASSERT_TRUE(service.grant_group(kAlice, "op", 3, "test").ok());
  ASSERT_TRUE(service.grant_group(kAlice, "kol", 7, "test").ok());
  auto op = status_of(kAlice);
  EXPECT_EQ(op.type, Tier::op);
  EXPECT_EQ(op.expires_at, kStart + 3 * kDay);
  ASSERT_EQ(op.groups.size(), 4u);
  EXPECT_EQ(op.groups[0].group, Tier::op);
  EXPECT_EQ(op.groups[1].group, Tier::kol);
  EXPECT_EQ(op.groups[1].expires_at, kStart + 7 * kDay);
  EXPECT_EQ(op.groups[2].group, Tier::pro);
  EXPECT_EQ(op.groups[3].group, Tier::vip);
  EXPECT_EQ(op.groups[3].expires_at, kStart + 30 * kDay);

  now = kStart + 4 * kDay;
  auto kol = status_of(kAlice);
  EXPECT_EQ(kol.type, Tier::kol);
  EXPECT_EQ(kol.expires_at, kStart + 7 * kDay);
}

TEST_F(MembershipServiceTest, VipGrantIsIdempotentBySourceRef) {
  auto paid = service.grant_vip(kAlice, 30, "order", "order:42");
  ASSERT_TRUE(paid.ok());
  EXPECT_TRUE(paid->applied);
  now = kStart + kDay;
  ASSERT_TRUE(service.grant_vip(kAlice, 10, "cli", std::nullopt).ok());  // now ends at +40 days

  auto repeated = service.grant_vip(kAlice, 30, "order", "order:42");
  ASSERT_TRUE(repeated.ok());
  EXPECT_FALSE(repeated->applied);
  EXPECT_EQ(repeated->starts_at, kStart);
  EXPECT_EQ(repeated->expires_at, kStart + 40 * kDay);  // the account's current VIP end
  EXPECT_EQ(count("SELECT COUNT(*) FROM vip_subscriptions"), 2);
  EXPECT_EQ(count("SELECT COUNT(*) FROM audit_log WHERE action = 'vip.grant'"), 2);

  auto stolen = service.grant_vip(kBob, 30, "order", "order:42");
  ASSERT_FALSE(stolen.ok());
  EXPECT_EQ(stolen.error().kind, core::ErrorKind::conflict);
  EXPECT_EQ(stolen.error().code, "VIP_SOURCE_REF_CONFLICT");
  EXPECT_EQ(status_of(kBob).type, Tier::none);
  EXPECT_EQ(count("SELECT COUNT(*) FROM vip_subscriptions"), 2);

  EXPECT_FALSE(service.grant_vip(kAlice, 30, "", std::nullopt).ok());
  EXPECT_FALSE(service.grant_vip(kAlice, 30, "order", "").ok());
}

TEST_F(MembershipServiceTest, ConcurrentRepeatsOfOnePaymentGrantOnce) {
  constexpr int kThreads = 6;
  std::atomic<int> applied{0};
  std::atomic<int> failed{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < kThreads; ++i) {
    threads.emplace_back([&] {
      auto grant = service.grant_vip(kAlice, 30, "order", "order:7");
      if (!grant.ok()) {
        ++failed;
      } else if (grant->applied) {
        ++applied;
      } else {
        EXPECT_EQ(grant->expires_at, kStart + 30 * kDay);
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(failed.load(), 0);
  EXPECT_EQ(applied.load(), 1);
  EXPECT_EQ(count("SELECT COUNT(*) FROM vip_subscriptions"), 1);
  EXPECT_EQ(status_of(kAlice).vip_expires_at, kStart + 30 * kDay);
}

TEST_F(MembershipServiceTest, ConcurrentUseOfOneRefForTwoAccountsGrantsOnce) {
  // Different accounts do not share a lock: the UNIQUE constraint on source_ref decides.
  constexpr int kThreads = 8;
  std::atomic<int> applied{0}, repeated{0}, conflicts{0}, other{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < kThreads; ++i) {
    threads.emplace_back([&, i] {
      try {
        auto grant = service.grant_vip(i % 2 == 0 ? kAlice : kBob, 30, "order", "order:9");
        if (grant.ok()) {
          ++(grant->applied ? applied : repeated);
        } else {
          ++(grant.error().code == "VIP_SOURCE_REF_CONFLICT" ? conflicts : other);
        }
      } catch (const std::exception& e) {
        ADD_FAILURE() << e.what();
        ++other;
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(applied.load(), 1);
  EXPECT_EQ(other.load(), 0);
  EXPECT_EQ(repeated.load(), kThreads / 2 - 1);
  EXPECT_EQ(conflicts.load(), kThreads / 2);
  EXPECT_EQ(count("SELECT COUNT(*) FROM vip_subscriptions"), 1);
  EXPECT_EQ(count("SELECT COUNT(*) FROM audit_log WHERE action = 'vip.grant'"), 1);
  // Every pooled session is usable afterwards (none left inside a failed transaction).
  for (int i = 0; i < 8; ++i) EXPECT_TRUE(service.grant_vip(kCarol, 1, "cli", std::nullopt).ok());
}

TEST_F(MembershipServiceTest, ConcurrentGrantsForOneAccountAllStack) {
  constexpr int kThreads = 6;
  std::vector<std::thread> threads;
  std::atomic<int> failed{0};
  for (int i = 0; i < kThreads; ++i) {
    threads.emplace_back([&, i] {
      if (!service.grant_vip(kAlice, 1 + i, "order", "order:" + std::to_string(i)).ok()) ++failed;
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(failed.load(), 0);
  EXPECT_EQ(status_of(kAlice).vip_expires_at, kStart + (1 + 2 + 3 + 4 + 5 + 6) * kDay);
  // Each row starts where another ends (or at now): no two grants started from the same end.
  EXPECT_EQ(count("SELECT COUNT(DISTINCT starts_at) FROM vip_subscriptions"), kThreads);
}

TEST_F(MembershipServiceTest, ActiveMembersInBulk) {
  ASSERT_TRUE(service.grant_group(kAlice, "op", std::nullopt, "test").ok());
  ASSERT_TRUE(service.grant_vip(kAlice, 30, "cli", std::nullopt).ok());
  ASSERT_TRUE(service.grant_vip(kBob, 2, "cli", std::nullopt).ok());
  ASSERT_TRUE(service.grant_group(kCarol, "pro", 1, "test").ok());
  ASSERT_TRUE(service.grant_group(kCarol, "kol", 10, "test").ok());
  ASSERT_TRUE(service.grant_vip("76561198000000004", 1, "cli", std::nullopt).ok());

  auto members = service.active_members();
  ASSERT_EQ(members.size(), 4u);
  EXPECT_EQ(members[0].steam_id, kAlice);
  EXPECT_EQ(members[0].type, Tier::op);
  ASSERT_EQ(members[0].groups.size(), 2u);
  EXPECT_EQ(members[0].vip_expires_at, kStart + 30 * kDay);
  EXPECT_EQ(members[1].steam_id, kBob);
  EXPECT_EQ(members[1].type, Tier::vip);
  EXPECT_EQ(members[2].steam_id, kCarol);
  EXPECT_EQ(members[2].type, Tier::kol);
  EXPECT_EQ(members[2].groups.size(), 2u);

  // Two days later: Bob's VIP, Carol's pro and the fourth account's VIP have ended.
  members = service.active_members(kStart + 2 * kDay);
  ASSERT_EQ(members.size(), 2u);
  EXPECT_EQ(members[0].steam_id, kAlice);
  EXPECT_EQ(members[1].steam_id, kCarol);
  ASSERT_EQ(members[1].groups.size(), 1u);
  EXPECT_EQ(members[1].groups[0].group, Tier::kol);
  EXPECT_EQ(members[1].expires_at, kStart + 10 * kDay);

  // The same answer as one status call per account.
  for (const auto& member : members) {
    auto single = service.status_at(member.steam_id, kStart + 2 * kDay);
    ASSERT_TRUE(single.ok());
    EXPECT_EQ(single->type, member.type);
    EXPECT_EQ(single->expires_at, member.expires_at);
    EXPECT_EQ(single->vip_expires_at, member.vip_expires_at);
    EXPECT_EQ(single->groups.size(), member.groups.size());
  }
  EXPECT_TRUE(service.active_members(kStart + 10000 * kDay).size() == 1u);  // Alice's op never ends
}

}  // namespace
}  // namespace portal::auth
