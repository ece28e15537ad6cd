// The operator console's rental calls through the real App (demo mode, the rental on): servers written
// as paid orders leave them, then listed, filtered and paged; maintenance that the owner's card shows;
// time added and ended; a failed launch tried again; the regions' flags; every change audited with the
// operator's name and reason; a player who is not an operator refused on every call.
#include "core/clock.hpp"
#include "db/database.hpp"
#include "db/transaction.hpp"
#include "features/auth/membership_repository.hpp"
#include "features/auth/membership_service.hpp"
#include "features/auth/token_service.hpp"
#include "features/auth/user_repository.hpp"
#include "features/pracc/rental_repository.hpp"
#include "support/api_answers.hpp"
#include "support/http_client.hpp"
#include "support/test_app.hpp"

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include <string>

namespace portal::test {
namespace {

namespace json = boost::json;
using pracc::Phase;

constexpr const char* kRentalOwner = "76561198000000301";
constexpr const char* kOtherRenter = "76561198000000302";
constexpr const char* kRentalsOperator = "76561198000000303";

class ConsoleRentals : public ::testing::Test {
 protected:
  std::int64_t owner_id = 0;
  std::int64_t other_id = 0;
  std::int64_t operator_id = 0;
  std::string running;  // the owner's, in Shanghai
  std::string failed;   // the owner's, whose launch gave up a minute ago
  std::string others;   // another player's, in Guangzhou
  std::int64_t seeded_at = core::system_unix_now();

  TestApp app{TestAppOptions{
      .configure =
          [](app::Config& c) {
            c.mode = app::Mode::demo;
            c.features.pracc_enabled = true;
            c.servers.query_timeout_ms = 200;
          },
      .seed =
          [this](db::Database& database) {
            auth::UserRepository users(database);
            owner_id = users.upsert_steam_user(kRentalOwner, "Owner", "", seeded_at).id;
            other_id = users.upsert_steam_user(kOtherRenter, "Other", "", seeded_at).id;
            operator_id = users.upsert_steam_user(kRentalsOperator, "Operator", "", seeded_at).id;
            auth::MembershipRepository membership_repository(database);
            auth::MembershipService memberships(membership_repository, core::system_unix_now);
            ASSERT_TRUE(memberships.grant_group(kRentalsOperator, "op", std::nullopt, "test"));
            running = insert(database, owner_id, kRentalOwner, Phase::running, "ap-shanghai", 7200, seeded_at - 300);
            failed = insert(database, owner_id, kRentalOwner, Phase::failed, "ap-tokyo", 7300, seeded_at - 200);
            others = insert(database, other_id, kOtherRenter, Phase::running, "ap-guangzhou", 86400, seeded_at - 100);
          },
  }};
  HttpClient http;
  db::Database database{[this] {
    auto options = app.database();
    options.pool_size = 1;
    return options;
  }()};

  static std::string insert(db::Database& database, std::int64_t user_id, const std::string& steam_id, Phase phase,
                            const std::string& region, std::int64_t seconds_left, std::int64_t created_at) {
    pracc::RentalServer s;
    s.id = pracc::new_server_id();
    s.owner_user_id = user_id;
    s.owner_steam_id = steam_id;
    s.name = "Practice";
    s.join_password = "join123";
    s.rcon_password = "rcon-secret";
    s.region = region;
    s.phase = phase;
    s.phase_since = core::system_unix_now() - 60;
    s.expires_at = core::system_unix_now() + seconds_left;
    s.created_at = created_at;
    s.launch_attempts = phase == Phase::failed ? 3 : 1;
    s.admins = {{steam_id, "owner"}};
    pracc::RentalRepository servers(database);
    database.with_session([&](soci::session& sql) {
      db::write_transaction(sql, database.engine(), [&] { servers.insert_within(sql, s, "test"); });
    });
    return s.id;
  }

  std::string token(std::int64_t user_id, const std::string& steam_id) {
    return login_token_for(app, user_id, steam_id);
  }
  std::string op() { return token(operator_id, kRentalsOperator); }
  std::vector<std::string> auth(const std::string& bearer) { return {"Authorization: Bearer " + bearer}; }

  HttpResult get(const std::string& path, const std::string& bearer) { return http.get(app.url(path), auth(bearer)); }
  HttpResult post(const std::string& path, const json::value& body, const std::string& bearer) {
    return http.post_json(app.url(path), json::serialize(body), auth(bearer));
  }
  HttpResult put(const std::string& path, const json::value& body, const std::string& bearer) {
    auto headers = auth(bearer);
    headers.push_back("Content-Type: application/json");
    return http.send(
        HttpCall{.method = "PUT", .url = app.url(path), .headers = headers, .body = json::serialize(body)});
  }

  std::vector<std::string> ids(const HttpResult& listed) {
    std::vector<std::string> out;
    const auto listed_body = listed.json();
    for (const auto& item : listed_body.at("items").as_array()) out.emplace_back(item.at("id").as_string());
    return out;
  }
  long long scalar(const std::string& query) {
    return database.with_session([&](soci::session& sql) {
      long long n = 0;
      sql << query, soci::into(n);
      return n;
    });
  }
  long long audits(const std::string& action, const std::string& id, const std::string& reason) {
    return scalar("SELECT COUNT(*) FROM audit_log WHERE actor = 'op:" + std::string(kRentalsOperator) +
                  "' AND action = '" + action + "' AND target = 'rental:" + id + "' AND details LIKE '%" + reason +
                  "%'");
  }
  json::object card(const std::string& id) {
    auto listed = get("/api/scrim/getUserServers", token(owner_id, kRentalOwner));
    EXPECT_EQ(listed.status, 200) << listed.body;
    const auto listed_body = listed.json();
    for (const auto& server : listed_body.as_array()) {
      if (server.at("instance_id").as_string() == id) return server.as_object();
    }
    ADD_FAILURE() << "no card for " << id;
    return {};
  }
};

TEST_F(ConsoleRentals, ListsFiltersSortsAndPagesOnTheServer) {
  auto all = get("/api/console/rentals", op());
  ASSERT_EQ(all.status, 200) << all.body;
  EXPECT_EQ(all.json().at("total"), 3);
  EXPECT_EQ(all.json().at("page"), 1);
  EXPECT_EQ(all.json().at("page_size"), 25);
  // By expiry, latest first (the default).
  EXPECT_EQ(ids(all), (std::vector<std::string>{others, failed, running}));
  const auto all_body = all.json();
  const auto& first = all_body.at("items").as_array()[0];
  EXPECT_EQ(first.at("owner").at("steam_id"), kOtherRenter);
  EXPECT_EQ(first.at("status"), "RUNNING");
  EXPECT_EQ(first.at("region"), "ap-guangzhou");
  EXPECT_TRUE(first.at("maintenance").at("on").is_bool());
  EXPECT_TRUE(first.at("instance").is_object());

  EXPECT_EQ(ids(get("/api/console/rentals?q=" + std::string(kOtherRenter), op())), std::vector<std::string>{others});
  EXPECT_EQ(ids(get("/api/console/rentals?status=failed", op())), std::vector<std::string>{failed});
  EXPECT_EQ(ids(get("/api/console/rentals?region=ap-shanghai", op())), std::vector<std::string>{running});
  EXPECT_EQ(ids(get("/api/console/rentals?q=" + running.substr(0, 10), op())).front(), running);

  auto page1 = get("/api/console/rentals?sort=created_at&order=asc&page_size=2", op());
  EXPECT_EQ(ids(page1), (std::vector<std::string>{running, failed}));
  EXPECT_EQ(page1.json().at("total"), 3);
  EXPECT_EQ(ids(get("/api/console/rentals?sort=created_at&order=asc&page_size=2&page=2", op())),
            std::vector<std::string>{others});

  for (const auto& [query, field] : std::vector<std::pair<std::string, std::string>>{{"status=sleeping", "status"},
                                                                                     {"sort=name", "sort"},
                                                                                     {"order=up", "order"},
                                                                                     {"page_size=101", "page_size"},
                                                                                     {"page=0", "page"},
                                                                                     {"region=mars-1", "region"}}) {
    auto refused = get("/api/console/rentals?" + query, op());
    EXPECT_EQ(refused.status, 422) << query;
    EXPECT_EQ(error_code(refused), "VALIDATION_FAILED") << query;
    EXPECT_EQ(error_field(refused), field) << query;
  }
}

TEST_F(ConsoleRentals, MaintenanceShowsOnTheOwnersCardAndIsAudited) {
  const std::string text = "服务器维护中，预计 30 分钟后恢复";
  auto on = post("/api/console/rentals/" + running + "/maintenance",
                 json::object{{"on", true}, {"text", text}, {"reason", "host migration"}}, op());
  ASSERT_EQ(on.status, 200) << on.body;
  EXPECT_EQ(on.json().at("maintenance").at("on"), true);
  EXPECT_EQ(card(running).at("maintenance_status"), 1);
  EXPECT_EQ(card(running).at("maintenance_text").as_string(), text);
  EXPECT_EQ(audits("rental.maintenance_on", running, "host migration"), 1);
  // The owner's actions wait for the maintenance to end.
  auto restart =
      post("/api/scrim/restart-server", json::object{{"instance_id", running}}, token(owner_id, kRentalOwner));
  EXPECT_EQ(restart.status, 409) << restart.body;

  auto off = post("/api/console/rentals/" + running + "/maintenance",
                  json::object{{"on", false}, {"reason", "migration done"}}, op());
  ASSERT_EQ(off.status, 200) << off.body;
  EXPECT_EQ(card(running).at("maintenance_status"), 0);
  EXPECT_EQ(audits("rental.maintenance_off", running, "migration done"), 1);

  const std::string path = "/api/console/rentals/" + running + "/maintenance";
  auto no_text = post(path, json::object{{"on", true}, {"reason", "x"}}, op());
  EXPECT_EQ(no_text.status, 422);
  EXPECT_EQ(error_field(no_text), "text");
  auto long_text = post(path, json::object{{"on", true}, {"text", std::string(201, 'x')}, {"reason", "x"}}, op());
  EXPECT_EQ(error_field(long_text), "text");
  auto no_reason = post(path, json::object{{"on", true}, {"text", "down"}, {"reason", "  "}}, op());
  EXPECT_EQ(no_reason.status, 422);
  EXPECT_EQ(error_field(no_reason), "reason");
  auto unknown_key = post(path, json::object{{"on", true}, {"text", "down"}, {"reason", "x"}, {"why", "x"}}, op());
  EXPECT_EQ(unknown_key.status, 422);
  EXPECT_EQ(error_field(unknown_key), "why");
  auto missing = post("/api/console/rentals/srv_nothing/maintenance",
                      json::object{{"on", true}, {"text", "down"}, {"reason", "x"}}, op());
  EXPECT_EQ(missing.status, 404);
  EXPECT_EQ(error_code(missing), "SERVER_NOT_FOUND");
}

TEST_F(ConsoleRentals, ExtendAddsHoursAndEndEndsTheTimeNow) {
  const auto before = scalar("SELECT expires_at FROM rental_servers WHERE id = '" + running + "'");
  auto extended = post("/api/console/rentals/" + running + "/extend",
                       json::object{{"hours", 24}, {"reason", "outage compensation"}}, op());
  ASSERT_EQ(extended.status, 200) << extended.body;
  EXPECT_EQ(extended.json().at("expires_at").as_int64(), before + 24 * 3600);
  EXPECT_EQ(card(running).at("timestamp").as_int64(), before + 24 * 3600);
  EXPECT_EQ(audits("rental.extend", running, "outage compensation"), 1);
  auto too_long =
      post("/api/console/rentals/" + running + "/extend", json::object{{"hours", 8761}, {"reason", "x"}}, op());
  EXPECT_EQ(too_long.status, 422);
  EXPECT_EQ(error_field(too_long), "hours");

  const auto now = core::system_unix_now();
  auto ended = post("/api/console/rentals/" + others + "/end", json::object{{"reason", "terms of service"}}, op());
  ASSERT_EQ(ended.status, 200) << ended.body;
  EXPECT_GE(ended.json().at("expires_at").as_int64(), now);
  EXPECT_LE(ended.json().at("expires_at").as_int64(), core::system_unix_now());
  EXPECT_EQ(audits("rental.end", others, "terms of service"), 1);
  auto failed_end = post("/api/console/rentals/" + failed + "/end", json::object{{"reason", "x"}}, op());
  EXPECT_EQ(failed_end.status, 409);
  EXPECT_EQ(error_code(failed_end), "SERVER_BUSY_STATE");
}

TEST_F(ConsoleRentals, AFailedLaunchIsTriedAgainWithItsTimeLeft) {
  const auto before = scalar("SELECT expires_at FROM rental_servers WHERE id = '" + failed + "'");
  const auto now = core::system_unix_now();
  auto retried =
      post("/api/console/rentals/" + failed + "/retry", json::object{{"reason", "cloud quota raised"}}, op());
  ASSERT_EQ(retried.status, 200) << retried.body;
  EXPECT_NE(retried.json().at("phase"), "failed");
  // It failed a minute ago: the time it had left then is kept, from now.
  EXPECT_GE(retried.json().at("expires_at").as_int64(), now + (before - (seeded_at - 60)) - 5);
  EXPECT_EQ(audits("rental.retry", failed, "cloud quota raised"), 1);
  auto running_retry = post("/api/console/rentals/" + running + "/retry", json::object{{"reason", "x"}}, op());
  EXPECT_EQ(running_retry.status, 409);
  EXPECT_EQ(error_code(running_retry), "SERVER_BUSY_STATE");
}

TEST_F(ConsoleRentals, RegionFlagsAreSetAndListed) {
  auto listed = get("/api/console/regions", op());
  ASSERT_EQ(listed.status, 200) << listed.body;
  bool seen = false;
  const auto listed_body = listed.json();
  for (const auto& region : listed_body.at("items").as_array()) {
    if (region.at("code") != "ap-tokyo") continue;
    seen = true;
    EXPECT_EQ(region.at("available"), true);
    EXPECT_EQ(region.at("active_servers"), 0);  // its one server failed
  }
  EXPECT_TRUE(seen);

  auto set = put("/api/console/regions/ap-tokyo", json::object{{"available", false}, {"recommended", true}}, op());
  ASSERT_EQ(set.status, 200) << set.body;
  EXPECT_EQ(set.json().at("available"), false);
  EXPECT_EQ(set.json().at("recommended"), true);
  EXPECT_EQ(scalar("SELECT enabled FROM rental_regions WHERE region = 'ap-tokyo'"), 0);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM audit_log WHERE actor = 'op:" + std::string(kRentalsOperator) +
                   "' AND action = 'rental.region' AND target = 'region:ap-tokyo'"),
            1);
  // One flag at a time: the other stays.
  auto star_off = put("/api/console/regions/ap-tokyo", json::object{{"recommended", false}}, op());
  ASSERT_EQ(star_off.status, 200);
  EXPECT_EQ(star_off.json().at("available"), false);
  auto unknown = put("/api/console/regions/mars-1", json::object{{"available", true}}, op());
  EXPECT_EQ(unknown.status, 422);
  EXPECT_EQ(error_field(unknown), "code");
}

TEST_F(ConsoleRentals, APlayerWhoIsNotAnOperatorIsRefusedEverywhere) {
  const std::string player = token(owner_id, kRentalOwner);
  const json::object reason{{"reason", "x"}};
  std::vector<HttpResult> answers = {
      get("/api/console/rentals", player),
      post("/api/console/rentals/" + running + "/maintenance",
           json::object{{"on", true}, {"text", "x"}, {"reason", "x"}}, player),
      post("/api/console/rentals/" + running + "/extend", json::object{{"hours", 1}, {"reason", "x"}}, player),
      post("/api/console/rentals/" + running + "/end", reason, player),
      post("/api/console/rentals/" + failed + "/retry", reason, player),
      get("/api/console/regions", player),
      put("/api/console/regions/ap-tokyo", json::object{{"available", false}}, player),
  };
  for (const auto& answer : answers) {
    EXPECT_EQ(answer.status, 403) << answer.body;
    EXPECT_EQ(error_code(answer), "FORBIDDEN");
  }
  EXPECT_EQ(http.get(app.url("/api/console/rentals")).status, 401);
  EXPECT_EQ(scalar("SELECT maintenance_status FROM rental_servers WHERE id = '" + running + "'"), 0);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM rental_regions WHERE region = 'ap-tokyo'"), 0);
}

}  // namespace
}  // namespace portal::test
