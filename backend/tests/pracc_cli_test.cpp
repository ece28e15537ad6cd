// `portal pracc` against the real binary and a fresh database: servers inserted through the rental
// repository, then listed, shown, put in maintenance, extended, ended; regions flagged.
#include "core/clock.hpp"
#include "db/database.hpp"
#include "db/transaction.hpp"
#include "features/auth/user_repository.hpp"
#include "features/pracc/rental_repository.hpp"
#include "features/pracc/rental_rules.hpp"
#include "support/cli_test.hpp"

#include <gmock/gmock.h>

#include <string>

namespace portal::test {
namespace {

using pracc::Phase;
using ::testing::HasSubstr;
using ::testing::Not;

constexpr const char* kCliRenter = "76561198000000101";
constexpr const char* kOtherCliRenter = "76561198000000102";

class PraccCli : public CliTest {
 protected:
  PraccCli() : CliTest("pracc") {}

  void SetUp() override { ok({"regions"}); }  // migrates the fresh database

  // A server of `steam_id` (its account created on first use), inserted as a paid order would.
  std::string insert(const std::string& steam_id, Phase phase, std::int64_t expires_at,
                     const std::string& region = "ap-shanghai", std::int64_t created_at = core::system_unix_now()) {
    db::Database db(database.options());
    auth::UserRepository users(db);
    const auto user = users.upsert_steam_user(steam_id, "Owner " + steam_id.substr(14), "", core::system_unix_now());
    pracc::RentalServer s;
    s.id = pracc::new_server_id();
    s.owner_user_id = user.id;
    s.owner_steam_id = steam_id;
    s.name = "Practice " + steam_id.substr(14);
    s.join_password = "join123";
    s.rcon_password = "rcon-secret-value";
    s.region = region;
    s.tier = pracc::RentalTier::premium;
    s.phase = phase;
    s.phase_since = core::system_unix_now();
    s.expires_at = expires_at;
    s.created_at = created_at;
    s.admins = {{steam_id, "owner"}, {"76561198000000199", "coach"}};
    pracc::RentalRepository servers(db);
    db.with_session([&](soci::session& sql) {
      db::write_transaction(sql, db.engine(), [&] { servers.insert_within(sql, s, "test"); });
    });
    return s.id;
  }

  // Marks a server as the sync job does once its instance runs.
  void launched(const std::string& id) {
    db::Database db(database.options());
    pracc::ServerChange change;
    change.cloud_instance_id = "ins-" + id.substr(4, 8);
    change.cloud_state = "RUNNING";
    change.public_ip = "203.0.113.7";
    pracc::RentalRepository(db).change(id, {}, change, core::system_unix_now(), "job:pracc", "rental.running");
  }

  long long audits(const std::string& action, const std::string& id) {
    return scalar("SELECT COUNT(*) FROM audit_log WHERE actor = 'cli' AND action = '" + action +
                  "' AND target = 'rental:" + id + "'");
  }
  long long expires(const std::string& id) {
    return scalar("SELECT expires_at FROM rental_servers WHERE id = '" + id + "'");
  }
  std::string phase(const std::string& id) { return text("SELECT phase FROM rental_servers WHERE id = '" + id + "'"); }
};

TEST_F(PraccCli, ListsServersByOwnerAndPhaseNewestFirst) {
  const auto now = core::system_unix_now();
  const auto running = insert(kCliRenter, Phase::running, now + 3600, "ap-shanghai", now - 300);
  launched(running);
  const auto expired = insert(kCliRenter, Phase::expired, now - 60, "ap-tokyo", now - 200);
  const auto other = insert(kOtherCliRenter, Phase::running, now + 7200, "eu-frankfurt", now - 100);

  const auto all = ok({"list"});
  EXPECT_THAT(all, HasSubstr(running));
  EXPECT_THAT(all, HasSubstr(expired));
  EXPECT_THAT(all, HasSubstr(other));
  EXPECT_THAT(all, HasSubstr("203.0.113.7:27015"));
  EXPECT_THAT(all, HasSubstr("RUNNING"));
  EXPECT_THAT(all, HasSubstr("premium"));
  EXPECT_THAT(all, HasSubstr("expires (GMT+8)"));
  EXPECT_THAT(all, HasSubstr(pracc::gmt8_datetime(now + 3600)));
  EXPECT_LT(all.find(other), all.find(expired));  // newest first
  EXPECT_LT(all.find(expired), all.find(running));

  const auto mine = ok({"list", "--owner", kCliRenter});
  EXPECT_THAT(mine, HasSubstr(running));
  EXPECT_THAT(mine, HasSubstr(expired));
  EXPECT_THAT(mine, Not(HasSubstr(other)));
  const auto mine_running = ok({"list", "--owner", kCliRenter, "--phase", "running"});
  EXPECT_THAT(mine_running, HasSubstr(running));
  EXPECT_THAT(mine_running, Not(HasSubstr(expired)));
  EXPECT_THAT(mine_running, Not(HasSubstr(other)));
  const auto newest = ok({"list", "--limit", "1"});
  EXPECT_THAT(newest, HasSubstr(other));
  EXPECT_THAT(newest, Not(HasSubstr(expired)));
  EXPECT_THAT(newest, Not(HasSubstr(running)));

  refused({"list", "--phase", "sleeping"}, "unknown phase");
  refused({"list", "--owner", "12345"}, "not a SteamID64");
  refused({"list", "--limit", "0"}, "--limit");
}

TEST_F(PraccCli, ShowsEveryFieldTheAdminsAndTheAuditHistory) {
  const auto now = core::system_unix_now();
  const auto id = insert(kCliRenter, Phase::running, now + 3600);
  launched(id);
  ok({"maintenance", id, "--on", "--text", "Moving to a new host"});

  const auto shown = ok({"show", id});
  EXPECT_THAT(shown, HasSubstr(id));
  EXPECT_THAT(shown, HasSubstr("Practice 101"));
  EXPECT_THAT(shown, HasSubstr(kCliRenter));
  EXPECT_THAT(shown, HasSubstr("ap-shanghai"));
  EXPECT_THAT(shown, HasSubstr("premium (relocatable)"));
  EXPECT_THAT(shown, HasSubstr("ins-"));
  EXPECT_THAT(shown, HasSubstr("203.0.113.7:27015"));
  EXPECT_THAT(shown, HasSubstr("join123"));
  EXPECT_THAT(shown, Not(HasSubstr("rcon-secret-value")));
  EXPECT_THAT(shown, HasSubstr("on: Moving to a new host"));
  EXPECT_THAT(shown, HasSubstr(pracc::gmt8_datetime(now + 3600)));
  EXPECT_THAT(shown, HasSubstr("76561198000000199  coach"));
  // The history, oldest first: created by the test, launched by the job, maintenance by the CLI.
  const auto created = shown.find("rental.create");
  const auto running = shown.find("rental.running");
  const auto maintained = shown.find("rental.maintenance_on");
  ASSERT_NE(created, std::string::npos) << shown;
  ASSERT_NE(running, std::string::npos) << shown;
  ASSERT_NE(maintained, std::string::npos) << shown;
  EXPECT_LT(created, running);
  EXPECT_LT(running, maintained);
  EXPECT_THAT(shown, HasSubstr("job:pracc"));
  EXPECT_THAT(shown, HasSubstr(pracc::gmt8_datetime(now).substr(0, 10)));  // the rows' day, in GMT+8

  refused({"show", "srv_nothing"}, "no rental server srv_nothing");
}

TEST_F(PraccCli, MaintenanceOnWithTextAndOffAuditedAndRefusals) {
  const auto now = core::system_unix_now();
  const auto id = insert(kCliRenter, Phase::running, now + 3600);
  const std::string chinese = "服务器维护中，预计 30 分钟后恢复";

  EXPECT_THAT(ok({"maintenance", id, "--on", "--text", "  " + chinese + "  "}), HasSubstr("in maintenance"));
  EXPECT_EQ(scalar("SELECT maintenance_status FROM rental_servers WHERE id = '" + id + "'"), 1);
  EXPECT_EQ(text("SELECT maintenance_text FROM rental_servers WHERE id = '" + id + "'"), chinese);
  EXPECT_EQ(audits("rental.maintenance_on", id), 1);

  // 200 characters are the most; the row keeps what it had.
  ok({"maintenance", id, "--on", "--text", std::string(200, 'x')});
  refused({"maintenance", id, "--on", "--text", std::string(201, 'x')}, "at most 200");
  refused({"maintenance", id, "--on", "--text", "two\nlines"}, "one line");
  refused({"maintenance", id, "--on", "--text", "   "}, "empty");
  EXPECT_EQ(text("SELECT maintenance_text FROM rental_servers WHERE id = '" + id + "'"), std::string(200, 'x'));
  EXPECT_EQ(audits("rental.maintenance_on", id), 2);

  ok({"maintenance", id, "--off"});
  EXPECT_EQ(scalar("SELECT maintenance_status FROM rental_servers WHERE id = '" + id + "'"), 0);
  EXPECT_EQ(text("SELECT maintenance_text FROM rental_servers WHERE id = '" + id + "'"), "");
  EXPECT_EQ(audits("rental.maintenance_off", id), 1);

  refused({"maintenance", "srv_nothing", "--on", "--text", "down"}, "no rental server srv_nothing");
  refused({"maintenance", id}, "--on");                                              // neither
  refused({"maintenance", id, "--on", "--off", "--text", "x"}, "Exactly 1 option");  // both
  refused({"maintenance", id, "--on"}, "--text");                                    // no text
  refused({"maintenance", id, "--off", "--text", "x"}, "--on");                      // a text with --off
  const auto gone = insert(kCliRenter, Phase::terminated, now - 86400);
  refused({"maintenance", gone, "--on", "--text", "down"}, "is terminated");
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM audit_log WHERE actor = 'cli'"), 3);
}

TEST_F(PraccCli, ExtendAddsHoursAndWakesAnExpiredServerAsARenewalDoes) {
  const auto now = core::system_unix_now();
  const auto running = insert(kCliRenter, Phase::running, now + 7200);
  EXPECT_THAT(ok({"extend", running, "--hours", "24", "--reason", "beta issues"}), HasSubstr("extended by 24"));
  EXPECT_EQ(expires(running), now + 7200 + 24 * 3600);
  EXPECT_EQ(phase(running), "running");
  EXPECT_EQ(audits("rental.extend", running), 1);
  EXPECT_THAT(text("SELECT details FROM audit_log WHERE action = 'rental.extend'"), HasSubstr("beta issues"));

  // Asleep in its grace period: the time counts from now and the lifecycle job starts it again.
  const auto expired = insert(kCliRenter, Phase::expired, now - 3600);
  EXPECT_THAT(ok({"extend", expired, "--hours", "5"}), HasSubstr("starts again"));
  EXPECT_EQ(phase(expired), "starting");
  EXPECT_GE(expires(expired), now + 5 * 3600);
  EXPECT_LE(expires(expired), core::system_unix_now() + 5 * 3600);
  EXPECT_EQ(audits("rental.extend", expired), 1);

  const auto gone = insert(kCliRenter, Phase::terminated, now - 86400);
  refused({"extend", gone, "--hours", "5"}, "is terminated");
  EXPECT_EQ(expires(gone), now - 86400);
  refused({"extend", "srv_nothing", "--hours", "5"}, "no rental server srv_nothing");
  refused({"extend", running, "--hours", "0"}, "--hours");
  refused({"extend", running, "--hours", "8761"}, "--hours");
  refused({"extend", running}, "--hours");
  EXPECT_EQ(expires(running), now + 7200 + 24 * 3600);
}

TEST_F(PraccCli, EndSetsTheExpiryToNowWithTheReasonAudited) {
  const auto now = core::system_unix_now();
  const auto id = insert(kCliRenter, Phase::running, now + 86400);
  EXPECT_THAT(ok({"end", id, "--reason", "terms of service violation"}), HasSubstr("ends now"));
  EXPECT_GE(expires(id), now);
  EXPECT_LE(expires(id), core::system_unix_now());
  EXPECT_EQ(phase(id), "running");  // the lifecycle job stops it at its next pass
  EXPECT_EQ(audits("rental.end", id), 1);
  EXPECT_THAT(text("SELECT details FROM audit_log WHERE action = 'rental.end'"),
              HasSubstr("terms of service violation"));

  const auto expired = insert(kCliRenter, Phase::expired, now - 3600);
  refused({"end", expired, "--reason", "again"}, "is expired");
  EXPECT_EQ(expires(expired), now - 3600);
  refused({"end", "srv_nothing", "--reason", "x"}, "no rental server srv_nothing");
  refused({"end", id}, "--reason");
  refused({"end", id, "--reason", " "}, "--reason is empty");
  EXPECT_EQ(audits("rental.end", id), 1);
}

TEST_F(PraccCli, RegionsShowTheOfferedOnesAndTheOperatorFlagsThem) {
  const auto now = core::system_unix_now();
  insert(kCliRenter, Phase::running, now + 3600, "ap-tokyo");
  const auto listed = ok({"regions"});
  EXPECT_THAT(listed, HasSubstr("ap-shanghai"));
  EXPECT_THAT(listed, HasSubstr("sa-saopaulo"));
  EXPECT_THAT(listed, Not(HasSubstr("disabled")));

  const auto flagged = ok({"region", "ap-tokyo", "--disable", "--recommend"});
  EXPECT_THAT(flagged, HasSubstr("disabled"));
  EXPECT_THAT(flagged, HasSubstr("recommended"));
  EXPECT_EQ(scalar("SELECT enabled FROM rental_regions WHERE region = 'ap-tokyo'"), 0);
  EXPECT_EQ(scalar("SELECT recommended FROM rental_regions WHERE region = 'ap-tokyo'"), 1);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM audit_log WHERE actor = 'cli' AND action = 'rental.region' AND target = "
                   "'region:ap-tokyo'"),
            1);
  EXPECT_THAT(ok({"regions"}), HasSubstr("disabled"));

  // One flag changes; the other stays as the operator left it.
  ok({"region", "ap-tokyo", "--enable"});
  EXPECT_EQ(scalar("SELECT enabled FROM rental_regions WHERE region = 'ap-tokyo'"), 1);
  EXPECT_EQ(scalar("SELECT recommended FROM rental_regions WHERE region = 'ap-tokyo'"), 1);
  ok({"region", "ap-tokyo", "--no-recommend"});
  EXPECT_EQ(scalar("SELECT recommended FROM rental_regions WHERE region = 'ap-tokyo'"), 0);
  // Without a flag it shows the region and writes nothing.
  EXPECT_THAT(ok({"region", "ap-tokyo"}), HasSubstr("enabled"));
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'rental.region'"), 3);

  refused({"region", "xx-nowhere", "--enable"}, "not offered");
  refused({"region", "ap-tokyo", "--enable", "--disable"}, "excludes");
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM rental_regions"), 1);
}

}  // namespace
}  // namespace portal::test
