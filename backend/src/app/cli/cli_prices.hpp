#pragma once
// Operator commands for the price table: `portal prices list|set|remove`. They write the database
// directly, each change with its audit_log row; GET /api/payment/pricing and new orders read the
// table as it is (an order keeps the amount it was created with).

#include <memory>
#include <optional>

namespace CLI {
class App;
}

namespace portal::app {

class PriceCommands {
 public:
  explicit PriceCommands(CLI::App& cli);
  ~PriceCommands();
  PriceCommands(const PriceCommands&) = delete;
  PriceCommands& operator=(const PriceCommands&) = delete;
  // The exit code when one of these commands was chosen, nullopt otherwise.
  std::optional<int> run();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace portal::app
