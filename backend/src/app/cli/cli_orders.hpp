#pragma once
// Operator commands for the orders: `portal orders list|show` read the database (the order, its
// amount, state and every transition with who made it: user, provider notification, job, CLI);
// `portal orders refund` gives the money back through the provider and takes the product back.

#include <memory>
#include <optional>

namespace CLI {
class App;
}

namespace portal::app {

class OrderCommands {
 public:
  explicit OrderCommands(CLI::App& cli);
  ~OrderCommands();
  OrderCommands(const OrderCommands&) = delete;
  OrderCommands& operator=(const OrderCommands&) = delete;
  // The exit code when one of these commands was chosen, nullopt otherwise.
  std::optional<int> run();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace portal::app
