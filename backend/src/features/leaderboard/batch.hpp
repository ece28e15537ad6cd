#pragma once
// A stats batch from a game-server plugin: the per-player deltas of one match or round, and the rules
// a batch must pass before anything of it is applied.
//
// Limits per player and batch (a batch is one match or round; anything above is a plugin bug or a
// forged report): kills and deaths at most 1,000; headshots and rifle + AWP + pistol kills at most the
// kills; playtime at most 720 minutes; wins, loses and clutches at most 100 each; clutch wins at most the
// clutches. 1 to 128 distinct players; batch ids of 1-64 characters [A-Za-z0-9._:-]; nicknames of at
// most 64 bytes of UTF-8 without control characters. Unknown fields are refused, so a misspelt counter
// is an error instead of a silent zero.

#include "core/result.hpp"
#include "features/leaderboard/mode.hpp"
#include "features/leaderboard/stats.hpp"

#include <boost/json/object.hpp>

#include <optional>
#include <string>
#include <vector>

namespace portal::leaderboard {

inline constexpr std::size_t kMaxBatchPlayers = 128;
inline constexpr std::int64_t kMaxKillsPerBatch = 1000;
inline constexpr std::int64_t kMaxPlaytimePerBatch = 720;
inline constexpr std::int64_t kMaxRoundsPerBatch = 100;
inline constexpr std::size_t kMaxNicknameBytes = 64;
inline constexpr std::size_t kMaxBatchIdLength = 64;

struct BatchPlayer {
  std::string steam_id;
  std::optional<std::string> nickname;  // absent: keep the one on record
  Counters counters;
};

struct StatsBatch {
  std::string batch_id;
  Mode mode = Mode::dm;
  std::vector<BatchPlayer> players;
};

// The batch, or VALIDATION_FAILED (422) with details.field naming the first offending field
// ("mode", "players[3].kills", ...).
core::Result<StatsBatch> parse_batch(const boost::json::object& body);

// SHA-256 of the batch's content in a fixed form: a repeated batch id is a duplicate only when this
// matches.
std::string content_hash(const StatsBatch& batch);

}  // namespace portal::leaderboard
