#include "app/cli/prologue.hpp"

#include "app/config/database_options.hpp"
#include "db/migrations.hpp"

#include <CLI/CLI.hpp>

namespace portal::app {

void add_common_options(CLI::App& command, CommonOptions& options) {
  command.add_option("--config", options.config_file, "TOML configuration file")->check(CLI::ExistingFile);
  command.add_option("--data-dir", options.data_dir, "Folder for the SQLite file and other local data");
}

Config load_command_config(const CommonOptions& options) {
  Config config = load_config(options.config_file, process_environment());
  if (options.data_dir) config.data_dir = *options.data_dir;
  validate(config);
  return config;
}

std::unique_ptr<db::Database> open_migrated_database(const Config& config, int sessions) {
  auto database = std::make_unique<db::Database>(database_options(config, sessions));
  db::migrate(*database, db::embedded_migrations(database->engine()));
  return database;
}

}  // namespace portal::app
