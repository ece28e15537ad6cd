#include "app/cli/cli_backup.hpp"

#include "app/cli/prologue.hpp"
#include "app/config/database_options.hpp"
#include "db/sqlite_backup.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <string>

namespace portal::app {

struct BackupCommand::State {
  CLI::App* backup = nullptr;
  CommonOptions common;
  std::string to;
};

BackupCommand::BackupCommand(CLI::App& cli) : state_(std::make_unique<State>()) {
  auto& s = *state_;
  s.backup = cli.add_subcommand("backup", "Copy the SQLite database while the portal serves (consistent, checked)");
  add_common_options(*s.backup, s.common);
  s.backup->add_option("--to", s.to, "The backup file to write (must not exist)")->required();
}

BackupCommand::~BackupCommand() = default;

std::optional<int> BackupCommand::run() {
  auto& s = *state_;
  if (!*s.backup) return std::nullopt;
  const Config config = load_command_config(s.common);
  // Not migrated: a backup copies the database as it is, whichever version wrote it.
  db::Database database(database_options(config, 1));
  const auto report = db::backup_sqlite(database, s.to);
  std::fputs(fmt::format("backup {} written: {} pages, {} bytes, schema version {}, integrity ok, {:.2f} s\n",
                         report.file.string(), report.pages, report.bytes, report.schema_version, report.seconds)
                 .c_str(),
             stdout);
  return 0;
}

}  // namespace portal::app
