#include "features/leaderboard/seeder.hpp"

#include "core/clock.hpp"
#include "db/transaction.hpp"
#include "features/leaderboard/change_log_repository.hpp"
#include "features/leaderboard/columns.hpp"
#include "features/leaderboard/seed_model.hpp"
#include "features/leaderboard/seed_writer.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <memory>
#include <numbers>
#include <stdexcept>
#include <string_view>
#include <thread>
#include <unordered_set>
#include <utility>

namespace portal::leaderboard {

namespace {

using namespace seed_model;

std::int64_t board_id_of(soci::session& sql, std::optional<std::int64_t> season_id, Mode mode) {
  const std::string mode_text(to_string(mode));
  long long id = 0;
  if (season_id) {
    const long long season = *season_id;
    sql << "SELECT id FROM leaderboard_boards WHERE season_id = :season_id AND mode = :mode", soci::use(season),
        soci::use(mode_text), soci::into(id);
  } else {
    sql << "SELECT id FROM leaderboard_boards WHERE season_id IS NULL AND mode = :mode", soci::use(mode_text),
        soci::into(id);
  }
  if (!sql.got_data()) {
    throw std::invalid_argument(season_id ? "season " + std::to_string(*season_id) + " does not exist (no " +
                                                mode_text + " board)"
                                          : "the all-time " + mode_text + " board is missing");
  }
  return id;
}

// SQLite settings of the seeding connection, restored after the run:
// - the page cache (2 MiB by default) grows, for the random inserts into the order index of a big board;
// - the WAL is checkpointed every 256 MiB instead of every 4 MiB. Each chunk dirties thousands of
//   pages of the order index (its rows land all over it) and appends them all to the WAL; checkpointing
//   after nearly every chunk copied the same hot pages to the database file again and again, and the
//   WAL, restarted at once, waited for its own pages still being written back (1M players: 51 s with
//   64 MiB, 33 s with 256 MiB). At the end the WAL is truncated again (best effort: a reader of the
//   running portal may hold it).
class SqliteTuning {
 public:
  SqliteTuning(soci::session& sql, db::Engine engine) : sql_(sql), active_(engine == db::Engine::sqlite) {
    if (!active_) return;
    sql_ << "PRAGMA cache_size", soci::into(cache_size_);
    sql_ << "PRAGMA wal_autocheckpoint", soci::into(autocheckpoint_);
    sql_ << "PRAGMA cache_size = " + std::to_string(kCacheSize);
    sql_ << "PRAGMA wal_autocheckpoint = " + std::to_string(kAutocheckpointPages);
  }
  ~SqliteTuning() {
    if (!active_) return;
    try {
      sql_ << "PRAGMA cache_size = " + std::to_string(cache_size_);
      sql_ << "PRAGMA wal_autocheckpoint = " + std::to_string(autocheckpoint_);
      // One row (busy, log pages, checkpointed pages); busy = 1 when a reader kept it from finishing.
      int busy = 0, log = 0, checkpointed = 0;
      sql_ << "PRAGMA wal_checkpoint(TRUNCATE)", soci::into(busy), soci::into(log), soci::into(checkpointed);
    } catch (...) {
      // The pooled connection keeps the larger settings; harmless.
    }
  }
  SqliteTuning(const SqliteTuning&) = delete;
  SqliteTuning& operator=(const SqliteTuning&) = delete;

 private:
  static constexpr long long kCacheSize = -262144;          // KiB: 256 MiB
  static constexpr long long kAutocheckpointPages = 65536;  // 256 MiB of 4 KiB pages
  soci::session& sql_;
  bool active_;
  long long cache_size_ = -2000;
  long long autocheckpoint_ = 1000;
};

template <typename T>
std::vector<T> unique_in_order(const std::vector<T>& items) {
  std::vector<T> out;
  for (const T& item : items) {
    if (std::find(out.begin(), out.end(), item) == out.end()) out.push_back(item);
  }
  return out;
}

}  // namespace

double SeedReport::rows_per_second() const {
  const double seconds = std::max(0.001, static_cast<double>(took.count()) / 1000.0);
  return static_cast<double>(rows()) / seconds;
}

SeedPlayer seeded_player(std::uint64_t random_seed, std::int64_t index) {
  return {generated_steam_id(random_seed, index), nickname_of(generated_key(random_seed, index))};
}

double seeded_skill(std::uint64_t random_seed, std::int64_t index) {
  return profile_of(generated_key(random_seed, index), false).skill;
}

SeedReport seed_leaderboard(db::Database& database, const SeedOptions& options, std::int64_t now) {
  const auto started = std::chrono::steady_clock::now();
  const std::vector<Mode> modes = unique_in_order(options.modes);
  const std::vector<std::int64_t> seasons = unique_in_order(options.season_ids);
  if (modes.empty()) throw std::invalid_argument("no mode to seed");
  if (seasons.empty() && !options.all_time) throw std::invalid_argument("no board to seed: no season and no all time");
  if (options.players < 0 || options.players > kMaxPlayers) {
    throw std::invalid_argument("players must be between 0 and " + std::to_string(kMaxPlayers));
  }
  const std::size_t chunk_rows = std::max<std::size_t>(options.chunk_rows, 1);
  const db::Engine engine = database.engine();

  return database.with_session([&](soci::session& sql) {
    SqliteTuning tuning(sql, engine);
    // Boards: chunk.boards[m * (seasons + 1) + s], s == seasons for all time.
    Chunk chunk;
    const std::size_t per_mode = seasons.size() + 1;
    chunk.boards.resize(modes.size() * per_mode);
    for (std::size_t m = 0; m < modes.size(); ++m) {
      for (std::size_t s = 0; s < seasons.size(); ++s)
        chunk.boards[m * per_mode + s].board_id = board_id_of(sql, seasons[s], modes[m]);
      if (options.all_time)
        chunk.boards[m * per_mode + seasons.size()].board_id = board_id_of(sql, std::nullopt, modes[m]);
    }
    std::vector<bool> touched(chunk.boards.size(), false);

    const std::unique_ptr<ChunkWriter> writer = make_chunk_writer(sql, engine, now);
    long long changed_board = 0;
    const long long changed_at = now;
    soci::statement mark_changed =
        (sql.prepare << "UPDATE leaderboard_boards SET changed_at = :changed_at WHERE id = :id", soci::use(changed_at),
         soci::use(changed_board));

    SeedReport report;
    auto flush = [&] {
      if (chunk.rows() == 0) return;
      const auto lock_taken = std::chrono::steady_clock::now();
      db::write_transaction(sql, engine, [&] {
        writer->write(chunk);
        for (const auto& board : chunk.boards) {
          if (board.steam_ids.empty()) continue;
          changed_board = board.board_id;
          mark_changed.execute(true);
        }
      });
      const auto held = std::chrono::steady_clock::now() - lock_taken;
      for (std::size_t i = 0; i < chunk.boards.size(); ++i)
        touched[i] = touched[i] || !chunk.boards[i].steam_ids.empty();
      report.players += static_cast<std::int64_t>(chunk.player_ids.size());
      report.player_rows += static_cast<std::int64_t>(chunk.player_ids.size());
      report.stats_rows += static_cast<std::int64_t>(chunk.stats_rows);
      ++report.transactions;
      chunk.clear();
      report.took = core::elapsed_since(started);
      if (options.on_chunk) options.on_chunk(report);
      if (engine == db::Engine::sqlite && options.sqlite_pause.count() > 0) {
        std::this_thread::sleep_for(std::max<std::chrono::steady_clock::duration>(options.sqlite_pause, held / 5));
      }
    };

    auto seed_player = [&](const std::string& steam_id, const std::string& nickname, const Profile& profile,
                           bool named) {
      const auto shares = modes_played(profile, modes, named);
      const auto played = seasons_played(profile, seasons.size(), named);
      bool any = false;
      for (const auto& share : shares) {
        const std::size_t m =
            static_cast<std::size_t>(std::find(modes.begin(), modes.end(), share.mode) - modes.begin());
        Counters total;
        for (std::size_t s = 0; s < seasons.size(); ++s) {
          if (!played[s]) continue;
          const Counters c = counters_of(profile, share.mode, share.weight, seasons[s]);
          chunk.boards[m * per_mode + s].add(steam_id, c);
          ++chunk.stats_rows;
          total += c;
          any = true;
        }
        if (!options.all_time) continue;
        if (seasons.empty()) total = counters_of(profile, share.mode, share.weight, 0);
        chunk.boards[m * per_mode + seasons.size()].add(steam_id, total);
        ++chunk.stats_rows;
        any = true;
      }
      if (!any) return;
      chunk.player_ids.push_back(steam_id);
      chunk.nicknames.push_back(nickname);
      if (chunk.rows() >= chunk_rows) flush();
    };

    std::unordered_set<std::string> named_ids;
    for (const auto& player : options.named_players) {
      if (!named_ids.insert(player.steam_id).second) continue;
      seed_player(player.steam_id, player.nickname,
                  profile_of(mix(options.random_seed, hash_text(player.steam_id)), true), true);
    }
    for (std::int64_t index = 0; index < options.players; ++index) {
      const std::string steam_id = generated_steam_id(options.random_seed, index);
      if (!named_ids.empty() && named_ids.contains(steam_id)) continue;
      const std::uint64_t key = generated_key(options.random_seed, index);
      seed_player(steam_id, nickname_of(key), profile_of(key, false), false);
    }
    flush();
    // These rows bypassed the change log: every serving instance reads the boards again.
    db::write_transaction(sql, engine, [&] { ChangeLogRepository::raise_epoch(sql); });

    for (std::size_t i = 0; i < chunk.boards.size(); ++i) {
      if (touched[i]) report.boards.push_back(chunk.boards[i].board_id);
    }
    std::sort(report.boards.begin(), report.boards.end());
    report.took = core::elapsed_since(started);
    return report;
  });
}

}  // namespace portal::leaderboard
