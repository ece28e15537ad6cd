#include "app/cli/cli.hpp"

#include "app/app.hpp"
#include "app/cli/cli_admin.hpp"
#include "app/cli/cli_backup.hpp"
#include "app/cli/prologue.hpp"
#include "app/cli/cli_faq.hpp"
#include "app/cli/cli_leaderboard.hpp"
#include "app/cli/cli_orders.hpp"
#include "app/cli/cli_pracc.hpp"
#include "app/cli/cli_prices.hpp"
#include "app/cli/cli_privileges.hpp"
#include "app/config/config.hpp"
#include "app/process/logging.hpp"
#include "app/process/stop_signals.hpp"
#include "app/config/database_options.hpp"
#include "db/migrations.hpp"

#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include <cstdio>
#include <iostream>
#include <optional>

namespace portal::app {

namespace {

Config load(const CommonOptions& options) {
  Config config = load_config(options.config_file, process_environment());
  if (options.data_dir) config.data_dir = *options.data_dir;
  return config;  // validated by the caller once the command's own options are applied
}

int serve(const CommonOptions& common, bool demo, std::optional<int> port) {
  const sigset_t signals = block_stop_signals();
  Config config = load(common);
  if (demo) config.mode = Mode::demo;
  if (port) config.server.port = *port;
  validate(config);
  setup_logging(config.log.level);

  App app(std::move(config));
  const auto bound = app.start();
  // Tests and scripts wait for exactly this line.
  std::printf("listening on http://%s:%u\n", app.config().server.host.c_str(), static_cast<unsigned>(bound));
  std::fflush(stdout);
  spdlog::info("portal {} serving in {} mode", PORTAL_VERSION, app.config().mode == Mode::demo ? "demo" : "production");

  const int received = wait_for_stop_signal(signals);
  spdlog::info("received {}, finishing in-flight requests", received == SIGINT ? "SIGINT" : "SIGTERM");
  app.stop();
  app.wait();
  spdlog::info("stopped");
  return 0;
}

// The whole API as the route table declares it. Builds the App (database, migrations) without serving.
int routes(const CommonOptions& common, bool demo) {
  Config config = load(common);
  if (demo) config.mode = Mode::demo;
  validate(config);
  setup_logging("warn");
  const App app(std::move(config));
  std::fputs(app.route_table().c_str(), stdout);
  return 0;
}

int migrate(const CommonOptions& common) {
  const Config config = load_command_config(common);
  setup_logging(config.log.level);
  db::Database database(database_options(config, 1));
  const auto report = db::migrate(database, db::embedded_migrations(database.engine()));
  std::printf("schema version %d; applied %zu migration(s)\n", report.current_version, report.applied.size());
  return 0;
}

}  // namespace

int run_cli(int argc, char** argv) {
  CLI::App cli{"CS2 community portal"};
  cli.require_subcommand(1);

  CommonOptions common;
  bool demo = false;
  std::optional<int> port;

  auto* serve_cmd = cli.add_subcommand("serve", "Run the web portal");
  serve_cmd->add_option("--config", common.config_file, "TOML configuration file (default: built-in defaults)")
      ->check(CLI::ExistingFile);
  serve_cmd->add_flag("--demo", demo, "Demo mode: simulated outside systems and seed data");
  serve_cmd->add_option("--port", port, "Port to listen on; 0 picks a free one")->check(CLI::Range(0, 65535));
  serve_cmd->add_option("--data-dir", common.data_dir, "Folder for the SQLite file and other local data");

  auto* migrate_cmd = cli.add_subcommand("migrate", "Apply pending database migrations and exit");
  add_common_options(*migrate_cmd, common);

  bool routes_demo = false;
  auto* routes_cmd = cli.add_subcommand("routes", "Print the route table: method, path, access, execution, rate limit");
  add_common_options(*routes_cmd, common);
  routes_cmd->add_flag("--demo", routes_demo, "Include the demo mode's stand-in routes");

  cli.add_subcommand("version", "Print the version");
  AdminCommands admin(cli);
  LeaderboardCommands leaderboard(cli);
  FaqCommands faq(cli);
  PrivilegeCommands privileges(cli);
  PriceCommands prices(cli);
  OrderCommands orders(cli);
  PraccCommands pracc(cli);
  BackupCommand backup(cli);

  try {
    cli.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return cli.exit(e);
  }

  try {
    if (*serve_cmd) return serve(common, demo, port);
    if (*migrate_cmd) return migrate(common);
    if (*routes_cmd) return routes(common, routes_demo);
    if (auto code = admin.run()) return *code;
    if (auto code = leaderboard.run()) return *code;
    if (auto code = faq.run()) return *code;
    if (auto code = privileges.run()) return *code;
    if (auto code = prices.run()) return *code;
    if (auto code = orders.run()) return *code;
    if (auto code = pracc.run()) return *code;
    if (auto code = backup.run()) return *code;
    std::printf("portal %s\n", PORTAL_VERSION);
    return 0;
  } catch (const ConfigError& e) {
    std::fprintf(stderr, "portal: configuration error: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "portal: %s\n", e.what());
    return 1;
  }
}

}  // namespace portal::app
