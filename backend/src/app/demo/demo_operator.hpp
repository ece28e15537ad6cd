#pragma once
// Demo mode: one known account is an operator, so the console (/console) can be tried and tested
// without a shell. It is the development Steam login's preset "Oscar (operator)".

#include "features/auth/console_repository.hpp"

#include <string_view>

namespace portal::app {

inline constexpr std::string_view kDemoOperatorSteamId = "76561197960435530";

// Grants op to the demo operator unless it holds it already (one audit row on the first start only).
void seed_demo_operator(auth::ConsoleRepository& people, std::int64_t now);

}  // namespace portal::app
