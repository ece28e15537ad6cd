#pragma once
// Operator commands on the command line: `portal servers add|edit|remove|list|issue-key` and
// `portal announce set`. They write the database directly; a running portal picks the changes up on
// its next refresh cycle. The membership commands (`portal users ...`, `portal vip ...`) are in
// cli_members and are reached through here.

#include "app/config/config.hpp"

#include <memory>
#include <optional>

namespace CLI {
class App;
}

namespace portal::app {

class AdminCommands {
 public:
  explicit AdminCommands(CLI::App& cli);
  ~AdminCommands();
  // The exit code when one of these commands was chosen, nullopt otherwise.
  std::optional<int> run();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace portal::app
