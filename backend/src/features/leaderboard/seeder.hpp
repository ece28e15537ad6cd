#pragma once
// Synthetic leaderboard data for demo mode, load tests and benchmarks: players with realistic,
// deterministic stats added to the live totals the way ingestion adds them. They bypass the change
// log: at the end the log's epoch is raised, so every serving instance reads the boards again.
//
// The data: activity is Pareto-like (most players play little, a long tail plays a lot); kills per
// minute, K/D, headshot rate and win rate follow a hidden skill; headshots are 25-65% of kills;
// rifle + awp + pistol kills never exceed kills (dm-pistol: every kill is a pistol kill); wins and
// loses exist only in solo and retakes, clutches only in retakes (clutchwins <= clutches); not every
// player plays every mode or every season. Nicknames mix Latin gamer tags and Chinese names.
//
// Writes go in write transactions of about chunk_rows rows with prepared statements (SQLite: bound
// row by row; PostgreSQL: one unnest() statement per table and chunk), so other writers get the lock
// between chunks. Counters are added (INSERT ... ON CONFLICT DO UPDATE SET kills = kills + ...): a
// second run with the same seed doubles them.

#include "db/database.hpp"
#include "features/leaderboard/mode.hpp"
#include "features/leaderboard/stats.hpp"

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace portal::leaderboard {

struct SeedPlayer {
  std::string steam_id;  // SteamID64, 17 digits
  std::string nickname;
};

struct SeedReport;

struct SeedOptions {
  std::int64_t players = 0;  // generated players (player 0 .. players-1 of the seed)
  std::vector<Mode> modes{kModes.begin(), kModes.end()};
  // Season boards to fill (each season must exist). Empty: no season board.
  std::vector<std::int64_t> season_ids;
  // The all-time board of each mode gets, per player, the sum of what this run adds to the player's
  // season boards, or stats of its own when no season is listed.
  bool all_time = true;
  std::uint64_t random_seed = 1;
  // Accounts seeded in addition to the generated players (e.g. the demo sign-in accounts): each plays
  // every mode of `modes` in every season listed. A generated player with the same SteamID64 is skipped.
  std::vector<SeedPlayer> named_players;
  // Rows (players and stats) per write transaction.
  std::size_t chunk_rows = 10000;
  // SQLite: after each committed chunk, a pause of a fifth of the time the chunk held the write lock,
  // and at least this long. A writer waiting on busy_timeout does not queue: it polls (every 100 ms
  // at most), so without gaps it could wait out its whole timeout; with them about one poll in six
  // finds the lock free. 0 turns the pause off (tests, start-up seeding when nobody else writes).
  // PostgreSQL locks rows, not the database: no pause.
  std::chrono::milliseconds sqlite_pause{5};
  // Called after each committed chunk with the totals so far.
  std::function<void(const SeedReport&)> on_chunk;
};

struct SeedReport {
  std::int64_t players = 0;          // players with at least one stats row
  std::int64_t player_rows = 0;      // leaderboard_players rows written (one per player)
  std::int64_t stats_rows = 0;       // leaderboard_stats rows written
  std::int64_t transactions = 0;     // write transactions committed
  std::vector<std::int64_t> boards;  // boards written to (ascending)
  std::chrono::milliseconds took{0};

  std::int64_t rows() const { return player_rows + stats_rows; }
  double rows_per_second() const;
};

// Seeds per `options`; `now` is written as updated_at and changed_at. Throws std::invalid_argument
// when a listed season has no boards (it does not exist), or when nothing would be written (no mode,
// or no season and no all time).
SeedReport seed_leaderboard(db::Database& database, const SeedOptions& options, std::int64_t now);

// Generated player `index` (0-based) of a seed: SteamID64 76561198000000000 + an offset taken from
// the seed + index (distinct within a seed), and its nickname.
SeedPlayer seeded_player(std::uint64_t random_seed, std::int64_t index);
// The hidden skill of generated player `index` (about standard normal; higher plays better).
double seeded_skill(std::uint64_t random_seed, std::int64_t index);

}  // namespace portal::leaderboard
