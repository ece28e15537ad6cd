#pragma once
// The synthetic players of `portal seed-leaderboard` and the demo: deterministic from a seed (our own
// splitmix64 draws, so every platform makes the same players), with realistic shapes: Pareto activity,
// skill-driven K/D, headshot and win rates, the modes a player plays, Latin and Chinese nicknames.
// seeder.cpp writes them; this part only draws them.

#include "features/leaderboard/mode.hpp"
#include "features/leaderboard/stats.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace portal::leaderboard::seed_model {

inline constexpr std::int64_t kMaxPlayers = 100'000'000;

struct Profile {
  std::uint64_t key = 0;  // the root of every other draw for this player
  double skill = 0;       // about N(0, 1)
  double activity = 1;    // >= 1, Pareto: most play little, a long tail plays a lot
  bool awper = false;
};

struct ModeShare {
  Mode mode;
  double weight;  // share of the player's time
};

std::uint64_t mix(std::uint64_t a, std::uint64_t b);
std::uint64_t hash_text(std::string_view text);
Profile profile_of(std::uint64_t key, bool named);
std::string nickname_of(std::uint64_t key);
// The key and SteamID64 of the index-th generated player of a seed.
std::uint64_t generated_key(std::uint64_t seed, std::int64_t index);
std::string generated_steam_id(std::uint64_t seed, std::int64_t index);
// The modes the player plays, with the share of their time in each.
std::vector<ModeShare> modes_played(const Profile& p, const std::vector<Mode>& modes, bool named);
// Which of the listed seasons the player played in: each with 80%, at least one.
std::vector<bool> seasons_played(const Profile& p, std::size_t seasons, bool named);
Counters counters_of(const Profile& p, Mode mode, double weight, std::int64_t season_key);

}  // namespace portal::leaderboard::seed_model
