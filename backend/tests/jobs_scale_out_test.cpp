// Background jobs across instances (DESIGN.md §6): three portal instances on one PostgreSQL database
// elect one leader per job through advisory locks; the lead moves when its instance stops or loses
// its connection; and every instance answers GET /api/servers with the list the refreshing one read.
// PostgresServer tests need a server: plain runs exclude them (Makefile), the PostgreSQL run includes
// them.

#include "app/app.hpp"
#include "core/crypto.hpp"
#include "core/jobs/scheduler.hpp"
#include "db/database.hpp"
#include "db/migrations.hpp"
#include "features/servers/repository.hpp"
#include "sim/cs2/sim_cluster.hpp"
#include "support/http_client.hpp"
#include "support/test_app.hpp"
#include "support/test_database.hpp"

#include <boost/json/parse.hpp>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <functional>
#include <map>
#include <set>
#include <memory>
#include <thread>

namespace portal::test {
namespace {

using namespace std::chrono_literals;
using ::testing::HasSubstr;

const std::vector<std::string> kElectedJobs = {"servers.refresh", "leaderboard.prune", "auth.purge"};

// Waits for a condition, generously: three instances share a loaded 2-core machine.
bool eventually(const std::function<bool()>& condition, std::chrono::seconds limit = 60s) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (!condition()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(50ms);
  }
  return true;
}

sim::SimServerSpec spec(std::string name, int max_players, int players, bool offline = false) {
  sim::SimServerSpec s;
  s.name = std::move(name);
  s.map = "de_inferno";
  s.max_players = max_players;
  s.initial_players = players;
  s.churn = 0;  // the counts stay as set, so every instance's list can be compared byte for byte
  s.offline = offline;
  return s;
}

std::vector<sim::SimServerSpec> specs() {
  return {spec("Alpha DM", 16, 5), spec("Beta 1v1", 2, 1), spec("Gone", 10, 3, true)};
}

// One portal instance: the real App on port 0, with a data folder of its own, on the shared database.
class Instance {
 public:
  explicit Instance(const db::Options& database) {
    spdlog::set_level(spdlog::level::warn);
    app::Config config = test_config(dir_.path() / "data", database);
    config.server.web_root = (dir_.path() / "web").string();
    config.servers.refresh_interval_s = 1;
    config.servers.query_timeout_ms = 300;
    config.servers.offline_after_misses = 1;
    config.leaderboard.refresh_interval_s = 1;
    config.servers.plugin_fresh_s = 600;  // a push stays fresh for the whole test, however loaded the machine
    app::validate(config);
    app_ = std::make_unique<app::App>(std::move(config));
    app_->start();
  }
  ~Instance() { stop(); }
  Instance(const Instance&) = delete;
  Instance& operator=(const Instance&) = delete;

  void stop() {
    if (stopped_) return;
    stopped_ = true;
    app_->stop();
    app_->wait();
  }
  bool running() const { return !stopped_; }
  std::string url(const std::string& path) const { return app_->local_url() + path; }
  core::jobs::Scheduler& jobs() { return app_->jobs(); }
  core::jobs::JobStats job(const std::string& name) {
    for (auto& stats : jobs().stats()) {
      if (stats.name == name) return stats;
    }
    throw std::runtime_error("no job " + name);
  }

 private:
  TempDir dir_;
  std::unique_ptr<app::App> app_;
  bool stopped_ = false;
};

// Three instances on one fresh PostgreSQL database listing three simulated CS2 servers.
class ScaleOut {
 public:
  ScaleOut() {
    database_ = std::make_unique<TestDatabase>(db::Engine::postgresql);
    db::Database database(database_->options());
    db::migrate(database, db::embedded_migrations(database.engine()));
    servers::Repository repository(database);
    const auto all = specs();
    for (std::size_t i = 0; i < all.size(); ++i) {
      servers::GameServer s;
      s.ip = "127.0.0.1";
      s.port = ports_[i];
      s.name = all[i].name;
      s.category = "deathmatch";
      s.region = "ap-shanghai";
      repository.insert(s);
    }
    for (int i = 0; i < 3; ++i) instances_.push_back(std::make_unique<Instance>(database_->options()));
  }

  ~ScaleOut() {
    instances_.clear();
    database_.reset();
  }
  ScaleOut(const ScaleOut&) = delete;
  ScaleOut& operator=(const ScaleOut&) = delete;

  std::vector<Instance*> running() {
    std::vector<Instance*> out;
    for (auto& instance : instances_) {
      if (instance->running()) out.push_back(instance.get());
    }
    return out;
  }

  // The one running instance that leads `job` when exactly one does (and has run it), else null.
  Instance* sole_leader(const std::string& job) {
    Instance* leader = nullptr;
    for (Instance* instance : running()) {
      const auto stats = instance->job(job);
      if (!stats.leading) continue;
      if (leader != nullptr) return nullptr;
      leader = instance;
    }
    return leader != nullptr && leader->job(job).runs > 0 ? leader : nullptr;
  }

  // Every running instance answers GET /api/servers with the same bytes, and `check` holds for them.
  bool same_list_everywhere(const std::function<bool(const boost::json::array&)>& check) {
    std::string first;
    for (Instance* instance : running()) {
      const auto answer = client_.get(instance->url("/api/servers"));
      if (answer.status != 200) return false;
      if (first.empty()) first = answer.body;
      if (answer.body != first) return false;
    }
    return check(boost::json::parse(first).as_array());
  }

  static const boost::json::object* by_name(const boost::json::array& list, std::string_view name) {
    for (const auto& item : list) {
      if (item.at("name").as_string() == name) return &item.as_object();
    }
    return nullptr;
  }

  static bool read_by_the_leader(const boost::json::array& list) {
    const auto* alpha = by_name(list, "Alpha DM");
    const auto* beta = by_name(list, "Beta 1v1");
    const auto* gone = by_name(list, "Gone");
    return list.size() == 3 && alpha && beta && gone && alpha->at("open").as_int64() == 1 &&
           alpha->at("players").as_string() == "5/16" && beta->at("players").as_string() == "1/2" &&
           gone->at("open").as_int64() == 0;
  }

 private:
  sim::SimCluster cluster_{specs(), 11};
  std::vector<std::uint16_t> ports_ = cluster_.ports();
  std::unique_ptr<TestDatabase> database_;
  std::vector<std::unique_ptr<Instance>> instances_;
  HttpClient client_;

 public:
  const db::Options& database() const { return database_->options(); }
  std::uint16_t port(std::size_t i) const { return ports_[i]; }
  HttpClient& client() { return client_; }
};

#define NEEDS_POSTGRES()                                                                        \
  ASSERT_TRUE(TestDatabase::using_postgres()) << "needs PORTAL_TEST_POSTGRES_URL: run through " \
                                                 "scripts/with-postgres.sh"

TEST(PostgresServer, EachJobRunsOnOneInstanceAndMovesWhenItsLeaderStops) {
  NEEDS_POSTGRES();
  ScaleOut cluster;
  // Each elected job has exactly one leader, and only the leader has run it.
  for (const auto& job : kElectedJobs) {
    ASSERT_TRUE(eventually([&] { return cluster.sole_leader(job) != nullptr; })) << job;
    Instance* leader = cluster.sole_leader(job);
    for (Instance* instance : cluster.running()) {
      if (instance == leader) continue;
      EXPECT_FALSE(instance->job(job).leading) << job;
      EXPECT_EQ(instance->job(job).runs, 0u) << job << " ran on an instance that does not lead it";
    }
  }
  // The sync job runs everywhere; /metrics tells who leads what.
  for (Instance* instance : cluster.running()) EXPECT_TRUE(instance->job("servers.sync").leading);
  Instance* refresher = cluster.sole_leader("servers.refresh");
  ASSERT_NE(refresher, nullptr);
  const auto metrics = cluster.client().get(refresher->url("/metrics"));
  EXPECT_THAT(metrics.body, HasSubstr("portal_job_leader{job=\"servers.refresh\"} 1\n"));
  EXPECT_THAT(metrics.body, HasSubstr("portal_instance_info{instance=\"" + refresher->jobs().instance() + "\"} 1\n"));
  for (Instance* instance : cluster.running()) {
    if (instance == refresher) continue;
    EXPECT_THAT(cluster.client().get(instance->url("/metrics")).body,
                HasSubstr("portal_job_leader{job=\"servers.refresh\"} 0\n"));
  }

  // Every instance answers with the list the leader read.
  EXPECT_TRUE(eventually([&] { return cluster.same_list_everywhere(ScaleOut::read_by_the_leader); }));

  // The leaders stop (all of them, unless each job has its own: then the refresher's): each job they
  // led moves to one of the others.
  std::map<std::string, Instance*> leaders;
  std::set<Instance*> leading;
  for (const auto& job : kElectedJobs) {
    leaders[job] = cluster.sole_leader(job);
    ASSERT_NE(leaders[job], nullptr) << job;
    leading.insert(leaders[job]);
  }
  if (leading.size() == 3) leading = {leaders["servers.refresh"]};
  for (Instance* instance : leading) instance->stop();
  ASSERT_FALSE(cluster.running().empty());
  for (const auto& job : kElectedJobs) {
    EXPECT_TRUE(eventually([&] {
      Instance* now = cluster.sole_leader(job);
      return now != nullptr && now->running();
    })) << job
        << " did not move";
    if (!leading.contains(leaders[job])) {
      EXPECT_EQ(cluster.sole_leader(job), leaders[job]) << job;
    }
  }
  EXPECT_NE(cluster.sole_leader("servers.refresh"), refresher);

  // The new refresher reads the servers and shares what it read: an edit made while the portal runs
  // (as `portal servers edit` does) reaches every remaining instance.
  {
    db::Database database(cluster.database());
    servers::Repository repository(database);
    auto alpha = repository.find_by_endpoint("127.0.0.1", cluster.port(0));
    ASSERT_TRUE(alpha);
    alpha->name_display = "Renamed after the move";
    repository.update(*alpha);
  }
  EXPECT_TRUE(eventually([&] {
    return cluster.same_list_everywhere([](const boost::json::array& list) {
      const auto* alpha = ScaleOut::by_name(list, "Alpha DM");
      return ScaleOut::read_by_the_leader(list) && alpha->at("name_display").as_string() == "Renamed after the move";
    });
  }));
}

TEST(PostgresServer, AJobLeaderThatLosesItsConnectionIsReplaced) {
  NEEDS_POSTGRES();
  ScaleOut cluster;
  ASSERT_TRUE(eventually([&] { return cluster.sole_leader("servers.refresh") != nullptr; }));
  Instance* leader = cluster.sole_leader("servers.refresh");
  ASSERT_NE(leader, nullptr);

  // The backends of the leader's job connection ("portal-jobs host:port") other than `except`.
  db::Database database(cluster.database());
  const std::string name = "portal-jobs " + leader->jobs().instance();
  const auto backends = [&](long long except) {
    return database.with_session([&](soci::session& sql) {
      long long pid = 0;
      sql << "SELECT COALESCE(MAX(pid), 0) FROM pg_stat_activity WHERE application_name = :name AND pid <> :except",
          soci::use(name), soci::use(except), soci::into(pid);
      return pid;
    });
  };
  const long long killed_pid = backends(0);
  ASSERT_NE(killed_pid, 0);

  // The instance "dies" for the database: its job connection closes, and PostgreSQL releases its locks.
  const int killed = database.with_session([&](soci::session& sql) {
    int count = 0;
    sql << "SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = :name",
        soci::use(name), soci::into(count);
    return count;
  });
  ASSERT_EQ(killed, 1);

  // One of the old leader's jobs finds the connection gone at its next tick (that job skips its run),
  // and the next ask opens a new one. Whoever asks first after the loss leads (the old leader may win
  // again). Then exactly one instance leads and runs the job, and every instance answers the same list.
  EXPECT_TRUE(eventually([&] { return backends(killed_pid) != 0; }));
  EXPECT_TRUE(eventually([&] {
    Instance* now = cluster.sole_leader("servers.refresh");
    if (now == nullptr) return false;
    const auto runs = now->job("servers.refresh").runs;
    return eventually([&] { return now->job("servers.refresh").runs > runs; }, 30s) &&
           cluster.sole_leader("servers.refresh") == now;
  }));
  EXPECT_TRUE(eventually([&] { return cluster.same_list_everywhere(ScaleOut::read_by_the_leader); }));
}

TEST(PostgresServer, APluginPushToAnyInstanceReachesEveryInstance) {
  NEEDS_POSTGRES();
  ScaleOut cluster;
  ASSERT_TRUE(eventually([&] { return cluster.sole_leader("servers.refresh") != nullptr; }));
  ASSERT_TRUE(eventually([&] { return cluster.same_list_everywhere(ScaleOut::read_by_the_leader); }));
  Instance* leader = cluster.sole_leader("servers.refresh");
  Instance* follower = nullptr;
  for (Instance* instance : cluster.running()) {
    if (instance != leader) follower = instance;
  }
  ASSERT_NE(follower, nullptr);

  // The plugin on "Gone" (silent over A2S) reports to an instance that does not refresh.
  const std::string key = "plugin-key-for-the-scale-out-test";
  {
    db::Database database(cluster.database());
    database.with_session([&](soci::session& sql) {
      const std::string hash = core::sha256_hex(key);
      const int port = cluster.port(2);
      sql << "UPDATE game_servers SET plugin_key_hash = :hash WHERE port = :port", soci::use(hash), soci::use(port);
    });
  }
  const std::string payload = R"({"ip":"127.0.0.1","port":)" + std::to_string(cluster.port(2)) +
                              R"(,"map":"de_ancient","max_players":10,"players":[{"name":"Zhang San","time":120}]})";
  const auto pushed = cluster.client().post_json(follower->url("/api/plugin/servers/status"), payload,
                                                 {"Authorization: Bearer " + key});
  ASSERT_EQ(pushed.status, 204) << pushed.body;

  // The receiving instance shows it at once; the refreshing one applies it at its next cycle and
  // shares it, so every instance answers the same list with it.
  const auto gone_reported = [](const boost::json::array& list) {
    const auto* gone = ScaleOut::by_name(list, "Gone");
    return gone != nullptr && gone->at("open").as_int64() == 1 && gone->at("map").as_string() == "de_ancient" &&
           gone->at("players").as_string() == "1/10";
  };
  const auto on_follower = boost::json::parse(cluster.client().get(follower->url("/api/servers")).body).as_array();
  EXPECT_TRUE(gone_reported(on_follower));
  EXPECT_TRUE(eventually([&] { return cluster.same_list_everywhere(gone_reported); }));
  const auto players =
      cluster.client().get(leader->url("/api/server/info?ip=127.0.0.1&port=" + std::to_string(cluster.port(2))));
  EXPECT_THAT(players.body, HasSubstr("Zhang San"));
}

}  // namespace
}  // namespace portal::test
