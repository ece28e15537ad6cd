#pragma once
// Operator commands for rented practice servers: `portal pracc list|show` read the servers (every
// field, the admins and what was done to each: owner, payment, job, CLI); `maintenance`, `extend`,
// `end` and `region` change them through the rental repository, each change with its audit_log row
// (actor "cli"); `regions` shows the offered regions with the operator's flags. The jobs of a
// running portal (launch, sync, lifecycle) act on the changes at their next pass.

#include <memory>
#include <optional>

namespace CLI {
class App;
}

namespace portal::app {

class PraccCommands {
 public:
  explicit PraccCommands(CLI::App& cli);
  ~PraccCommands();
  PraccCommands(const PraccCommands&) = delete;
  PraccCommands& operator=(const PraccCommands&) = delete;
  // The exit code when one of these commands was chosen, nullopt otherwise.
  std::optional<int> run();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace portal::app
