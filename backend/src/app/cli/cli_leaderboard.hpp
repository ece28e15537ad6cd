#pragma once
// Operator commands for leaderboards: `portal seasons add|close|list`, `portal seed-leaderboard`
// (synthetic players for demos and load tests, ranked right after) and `portal leaderboard rank`
// (refresh every changed board now, without waiting for the portal's background job). They write the
// database directly; a running portal picks the changes up (its ranking job refreshes dirty boards).

#include <memory>
#include <optional>

namespace CLI {
class App;
}

namespace portal::app {

class LeaderboardCommands {
 public:
  explicit LeaderboardCommands(CLI::App& cli);
  ~LeaderboardCommands();
  LeaderboardCommands(const LeaderboardCommands&) = delete;
  LeaderboardCommands& operator=(const LeaderboardCommands&) = delete;
  // The exit code when one of these commands was chosen, nullopt otherwise.
  std::optional<int> run();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace portal::app
