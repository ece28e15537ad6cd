#pragma once
// Budgets per key (an e-mail address, an address trying one account) kept in the database, so every
// portal instance spends from the same one and concurrent requests can never overshoot it: a unit is
// taken in one statement that either counts it or refuses. Each key's window opens at its first use
// and lasts `limit.window`; the budget is whole again when it closes.

#include "core/rate_limiter.hpp"
#include "db/database.hpp"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace portal::db {

class Budgets {
 public:
  explicit Budgets(Database& database) : database_(database) {}

  // Takes one unit at `now` (unix seconds). nullopt when taken; otherwise how long until the window
  // closes (at least one second).
  std::optional<std::chrono::seconds> take(const std::string& key, core::RateLimit limit, std::int64_t now);
  // Returns one unit taken earlier (a reservation that turned out not to count).
  void give_back(const std::string& key);
  // Units spent in the key's open window.
  int used(const std::string& key, std::int64_t now) const;
  // The key's whole budget back.
  void reset(const std::string& key);
  // Forgets windows that closed before `now`.
  void purge(std::int64_t now);

 private:
  Database& database_;
};

}  // namespace portal::db
