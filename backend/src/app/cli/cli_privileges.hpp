#pragma once
// Operator commands for the VIP page's privilege table: `portal privileges list|add|update|remove`.
// They write the database directly, each change with its audit_log row; a running portal answers
// GET /api/privileges from the database (browsers may keep an answer for up to 60 s).

#include <memory>
#include <optional>

namespace CLI {
class App;
}

namespace portal::app {

class PrivilegeCommands {
 public:
  explicit PrivilegeCommands(CLI::App& cli);
  ~PrivilegeCommands();
  PrivilegeCommands(const PrivilegeCommands&) = delete;
  PrivilegeCommands& operator=(const PrivilegeCommands&) = delete;
  // The exit code when one of these commands was chosen, nullopt otherwise.
  std::optional<int> run();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace portal::app
