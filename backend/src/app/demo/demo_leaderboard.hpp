#pragma once
// Demo mode's leaderboard: two seasons, a few thousand players with realistic stats in every mode,
// some of them pro, kol, op or VIP (so badges and group filters have something to show), and stats
// for the development OpenID provider's preset accounts (so a demo sign-in sees its personal strip).
//
// It sits in the app layer because it uses two features: leaderboard (seasons, seeder) and auth
// (memberships, through MembershipService).

#include "db/database.hpp"

#include <cstdint>

namespace portal::app {

// Seeds once: does nothing when any season exists. Season "S1 2026" starts now - 150 days, "S2 2026"
// now - 45 days (closing S1 then, and open since); about 3,000 players in both seasons and all time
// (the sums); pro/kol/op for 60 of them and VIP for 100. The boards are left dirty for the ranking
// job. Throws what the database throws.
void seed_demo_leaderboard(db::Database& database, std::int64_t now);

}  // namespace portal::app
