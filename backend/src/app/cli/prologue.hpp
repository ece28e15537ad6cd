#pragma once
// What every `portal <command>` starts with, written once: the common options, the configuration
// (file, environment, --data-dir, validated) and the database, opened and migrated.

#include "app/config/config.hpp"
#include "db/database.hpp"

#include <memory>
#include <optional>
#include <string>

namespace CLI {
class App;
}

namespace portal::app {

struct CommonOptions {
  std::string config_file;
  std::optional<std::string> data_dir;
};

// --config FILE and --data-dir DIR on `command`.
void add_common_options(CLI::App& command, CommonOptions& options);

// The configuration the command runs with; throws ConfigError when it is invalid.
Config load_command_config(const CommonOptions& options);

// The configured database with every migration applied, holding `sessions` connections.
std::unique_ptr<db::Database> open_migrated_database(const Config& config, int sessions = 1);

}  // namespace portal::app
