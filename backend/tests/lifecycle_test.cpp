// Start-up, migrations, graceful shutdown and the `portal` command line.

#include "db/migrations.hpp"
#include "support/http_client.hpp"
#include "support/process.hpp"
#include "support/test_app.hpp"
#include "support/test_routes.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <csignal>
#include <future>
#include <thread>

namespace portal::test {
namespace {

using ::testing::HasSubstr;

int recorded_migrations(const db::Options& options) {
  db::Database database(options);
  return database.with_session([](soci::session& sql) {
    int count = 0;
    sql << "SELECT COUNT(*) FROM schema_migrations", soci::into(count);
    return count;
  });
}

TEST(Migrations, AppliedAtStartupAndIdempotent) {
  TestDatabase database;
  TempDir dir;
  const auto expected = static_cast<int>(db::embedded_migrations(database.options().engine).size());
  ASSERT_GT(expected, 0);
  for (int run = 0; run < 2; ++run) {
    app::App app(test_config(dir.path(), database.options()));
    app.start();
    app.stop();
    app.wait();
    EXPECT_EQ(recorded_migrations(database.options()), expected) << "after start " << run + 1;
  }
  db::Database again(database.options());
  EXPECT_TRUE(db::migrate(again, db::embedded_migrations(again.engine())).applied.empty());
}

TEST(GracefulShutdown, InFlightRequestFinishesAndNewConnectionsAreRefused) {
  TestApp app{TestAppOptions{.extra_routes = add_test_routes}};
  const std::string slow_url = app.url("/api/test/slow?ms=700");
  const std::string health_url = app.url("/healthz");
  auto in_flight = std::async(std::launch::async, [slow_url] {
    HttpClient client;
    return client.get(slow_url);
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // let the request reach the handler
  app.app().stop();
  const HttpResult result = in_flight.get();
  EXPECT_EQ(result.status, 200);
  EXPECT_EQ(result.json().at("slept").as_int64(), 700);
  EXPECT_EQ(result.header("Connection"), "close");
  app.stop();
  HttpClient late;
  EXPECT_THROW(late.get(health_url), std::runtime_error);
}

TEST(GracefulShutdown, IdleKeepAliveConnectionsDoNotHoldTheStop) {
  TestApp app;
  HttpClient client;
  ASSERT_EQ(client.get(app.url("/healthz")).status, 200);  // leaves an idle keep-alive connection
  const auto started = std::chrono::steady_clock::now();
  app.stop();
  // The grace period is 5 s; an idle connection must be closed, not waited for.
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(4));
}

class Cli : public ::testing::Test {
 protected:
  TempDir dir;
  std::string config_file = std::string(PORTAL_SOURCE_DIR) + "/config/portal.toml";
};

TEST_F(Cli, VersionPrintsTheVersion) {
  auto result = run_process({PORTAL_BINARY, "version"}, {});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_THAT(result.output, HasSubstr(std::string("portal ") + PORTAL_VERSION));
}

TEST_F(Cli, MigrateTwiceAppliesOnce) {
  TestDatabase database;
  const auto env = database_environment(database.options());
  auto first = run_process({PORTAL_BINARY, "migrate", "--config", config_file, "--data-dir", dir.path().string()}, env);
  ASSERT_EQ(first.exit_code, 0) << first.output;
  EXPECT_THAT(first.output, ::testing::MatchesRegex("(.|\n)*applied [1-9][0-9]* migration(.|\n)*"));
  auto second =
      run_process({PORTAL_BINARY, "migrate", "--config", config_file, "--data-dir", dir.path().string()}, env);
  ASSERT_EQ(second.exit_code, 0) << second.output;
  EXPECT_THAT(second.output, HasSubstr("applied 0 migration(s)"));
}

TEST_F(Cli, BadConfigurationStopsStartupWithAClearMessage) {
  auto unknown =
      run_process({PORTAL_BINARY, "serve", "--config", config_file, "--port", "0"}, {{"PORTAL_SERVER__PROT", "80"}});
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_THAT(unknown.output, HasSubstr("PORTAL_SERVER__PROT"));
  auto bad_value = run_process({PORTAL_BINARY, "serve", "--config", config_file, "--port", "0"},
                               {{"PORTAL_DATABASE__ENGINE", "mongodb"}});
  EXPECT_EQ(bad_value.exit_code, 2);
  EXPECT_THAT(bad_value.output, HasSubstr("database.engine"));
}

TEST_F(Cli, ServePrintsListeningLineAndStopsOnSigterm) {
  TestDatabase database;
  auto env = database_environment(database.options());
  env.emplace_back("PORTAL_LOG__LEVEL", "warn");
  RunningProcess server(
      {PORTAL_BINARY, "serve", "--config", config_file, "--port", "0", "--demo", "--data-dir", dir.path().string()},
      env);
  const std::string line = server.wait_for_line("listening on ", std::chrono::seconds(30));
  ASSERT_THAT(line, ::testing::MatchesRegex("listening on http://127\\.0\\.0\\.1:[0-9]+"));
  const std::string base = line.substr(std::string("listening on ").size());
  HttpClient client;
  EXPECT_EQ(client.get(base + "/healthz").status, 200);
  EXPECT_EQ(client.get(base + "/api/config").json().at("mode").as_string(), "demo");
  server.signal(SIGTERM);
  EXPECT_EQ(server.wait_exit(std::chrono::seconds(15)), 0);
}

}  // namespace
}  // namespace portal::test
