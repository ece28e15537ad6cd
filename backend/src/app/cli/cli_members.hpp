#pragma once
// Operator commands for memberships: `portal users grant|revoke|list` (groups pro, kol, op) and
// `portal vip grant|status` (VIP time). They write the database directly, each grant and revoke with
// its audit_log row; a running portal answers from the database, so changes apply at once.

#include <memory>
#include <optional>

namespace CLI {
class App;
}

namespace portal::app {

class MemberCommands {
 public:
  explicit MemberCommands(CLI::App& cli);
  ~MemberCommands();
  MemberCommands(const MemberCommands&) = delete;
  MemberCommands& operator=(const MemberCommands&) = delete;
  // The exit code when one of these commands was chosen, nullopt otherwise.
  std::optional<int> run();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace portal::app
