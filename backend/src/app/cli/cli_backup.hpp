#pragma once
// `portal backup --to FILE`: a consistent copy of the SQLite database while the portal serves
// (db/sqlite_backup.hpp). Restoring is stopping the portal and putting the file in place of
// <data dir>/portal.db (docs/operations.md).

#include <memory>
#include <optional>

namespace CLI {
class App;
}

namespace portal::app {

class BackupCommand {
 public:
  explicit BackupCommand(CLI::App& cli);
  ~BackupCommand();
  // The exit code when the command was chosen, nullopt otherwise.
  std::optional<int> run();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace portal::app
