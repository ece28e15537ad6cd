#include "features/leaderboard/ingest_repository.hpp"

#include "db/advisory_locks.hpp"
#include "db/row.hpp"
#include "db/transaction.hpp"
#include "features/leaderboard/columns.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

namespace portal::leaderboard {

namespace {

// Thrown inside the transaction to roll it back when the batch id turns out to be taken.
struct BatchSeen {
  IngestOutcome outcome;
};

struct Board {
  long long id = 0;
  std::optional<std::int64_t> season_id;
};

std::vector<Board> boards_for(soci::session& sql, Mode mode) {
  const std::string name(to_string(mode));
  std::vector<Board> out;
  soci::rowset<soci::row> rows =
      (sql.prepare << "SELECT b.id, b.season_id FROM leaderboard_boards b LEFT JOIN seasons s ON s.id = b.season_id "
                      "WHERE b.mode = :mode AND (b.season_id IS NULL OR s.ends_at IS NULL)",
       soci::use(name));
  for (const auto& row : rows) {
    Board board{db::row_int64(row, 0), std::nullopt};
    if (row.get_indicator(1) != soci::i_null) board.season_id = db::row_int64(row, 1);
    out.push_back(board);
  }
  return out;
}

IngestOutcome earlier_batch(soci::session& sql, long long server, const std::string& batch_id,
                            const std::string& content_hash) {
  std::string hash;
  long long season = 0;
  soci::indicator season_indicator = soci::i_null;
  sql << "SELECT body_hash, season_id FROM leaderboard_batches WHERE server_id = :server AND batch_id = :batch",
      soci::use(server), soci::use(batch_id), soci::into(hash), soci::into(season, season_indicator);
  IngestOutcome outcome;
  outcome.kind = hash == content_hash ? IngestOutcome::Kind::duplicate : IngestOutcome::Kind::id_reused;
  if (season_indicator == soci::i_ok) outcome.season_id = season;
  return outcome;
}

// One change-log row, bound by reference into a multi-row INSERT.
struct LogRow {
  long long board_id = 0;
  std::string steam_id;
  std::string nickname;
  soci::indicator nickname_given = soci::i_null;
  std::array<long long, kCounterCount> added{};
};

// Rows per INSERT: a batch of 128 players on two boards is 8 statements (and round trips on
// PostgreSQL) instead of 256; 32 rows bind 512 values, far under either engine's limit.
constexpr std::size_t kRowsPerInsert = 32;

soci::statement prepare_append(soci::session& sql, std::vector<LogRow>& rows, long long& at) {
  std::string text = std::string("INSERT INTO leaderboard_changes (board_id, steam_id, changed_at, nickname, ") +
                     kCounterColumns + ") VALUES ";
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const auto n = std::to_string(r);
    text += (r == 0 ? "(:b" : ", (:b") + n + ", :s" + n + ", :t" + n + ", :n" + n;
    for (int c = 0; c < kCounterCount; ++c) text += ", :c" + n + "_" + std::to_string(c);
    text += ")";
  }
  soci::details::prepare_temp_type query = sql.prepare << text;
  for (auto& row : rows) {
    query, soci::use(row.board_id), soci::use(row.steam_id), soci::use(at), soci::use(row.nickname, row.nickname_given);
    for (auto& value : row.added) query, soci::use(value);
  }
  return soci::statement(query);
}

void append_all(soci::session& sql, const std::vector<LogRow>& rows, long long& at) {
  std::size_t done = 0;
  if (rows.size() >= kRowsPerInsert) {
    std::vector<LogRow> chunk(kRowsPerInsert);
    auto full = prepare_append(sql, chunk, at);
    for (; rows.size() - done >= kRowsPerInsert; done += kRowsPerInsert) {
      std::copy_n(rows.begin() + static_cast<std::ptrdiff_t>(done), kRowsPerInsert, chunk.begin());
      full.execute(true);
    }
  }
  if (done == rows.size()) return;
  std::vector<LogRow> rest(rows.begin() + static_cast<std::ptrdiff_t>(done), rows.end());
  auto last = prepare_append(sql, rest, at);
  last.execute(true);
}

}  // namespace

IngestOutcome IngestRepository::apply(std::int64_t server_id, const StatsBatch& batch, const std::string& content_hash,
                                      std::int64_t now) {
  return database_.with_write_session([&](soci::session& sql) {
    const long long server = server_id;
    const long long at = now;
    try {
      return db::write_transaction(sql, database_.engine(), [&] {
        const auto boards = boards_for(sql, batch.mode);
        IngestOutcome outcome;
        for (const auto& board : boards) {
          if (board.season_id) outcome.season_id = board.season_id;
        }
        const std::string mode(to_string(batch.mode));
        const long long players = static_cast<long long>(batch.players.size());
        long long season = outcome.season_id.value_or(0);
        soci::indicator season_indicator = outcome.season_id ? soci::i_ok : soci::i_null;
        soci::statement record =
            (sql.prepare
                 << "INSERT INTO leaderboard_batches (server_id, batch_id, body_hash, season_id, mode, players, "
                    "received_at) VALUES (:server, :batch, :hash, :season, :mode, :players, :now) "
                    "ON CONFLICT (server_id, batch_id) DO NOTHING",
             soci::use(server), soci::use(batch.batch_id), soci::use(content_hash), soci::use(season, season_indicator),
             soci::use(mode), soci::use(players), soci::use(at));
        record.execute(true);
        if (record.get_affected_rows() == 0) throw BatchSeen{earlier_batch(sql, server, batch.batch_id, content_hash)};

        // Only appends: what the batch adds to each player, one row per board. The fold
        // (fold_repository.hpp) adds them into leaderboard_stats and leaderboard_players later, in key order.
        std::vector<LogRow> rows;
        rows.reserve(batch.players.size() * boards.size());
        for (const auto& player : batch.players) {
          LogRow row;
          row.steam_id = player.steam_id;
          row.nickname = player.nickname.value_or(std::string());
          row.nickname_given = player.nickname ? soci::i_ok : soci::i_null;
          auto added = player.counters;
          const auto fields = counter_fields(added);
          for (std::size_t i = 0; i < fields.size(); ++i) row.added[i] = *fields[i];
          for (const auto& board : boards) {
            row.board_id = board.id;
            rows.push_back(row);
          }
        }
        // The log's order must be its commit order (see standings.hpp): on PostgreSQL the appends of
        // concurrent batches take turns until commit; SQLite commits one writer at a time anyway.
        if (database_.engine() == db::Engine::postgresql) {
          const long long lock = db::advisory_locks::kLeaderboardChangeLog;
          sql << "SELECT pg_advisory_xact_lock(:key)", soci::use(lock);
        }
        long long appended_at = at;
        append_all(sql, rows, appended_at);
        for (const auto& board : boards) {
          const long long id = board.id;
          sql << "UPDATE leaderboard_boards SET changed_at = :now WHERE id = :board", soci::use(at), soci::use(id);
        }
        return outcome;
      });
    } catch (const BatchSeen& seen) {
      return seen.outcome;
    }
  });
}

}  // namespace portal::leaderboard
