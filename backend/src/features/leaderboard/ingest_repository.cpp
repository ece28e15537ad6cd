#include "features/leaderboard/ingest_repository.hpp"

#include "db/advisory_locks.hpp"
#include "db/statement_cache.hpp"
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

// Each statement of a batch is compiled once per connection and run again (db/statement_cache.hpp):
// compiling the 32-row append alone (512 named values) took a tenth of the portal's CPU at 18,000
// players a second.
struct OpenBoardsQuery {
  std::string mode;
  long long id = 0;
  long long season = 0;
  soci::indicator season_given = soci::i_null;
  soci::statement statement;
  explicit OpenBoardsQuery(soci::session& sql)
      : statement((sql.prepare << "SELECT b.id, b.season_id FROM leaderboard_boards b LEFT JOIN seasons s ON s.id = "
                                  "b.season_id WHERE b.mode = :mode AND (b.season_id IS NULL OR s.ends_at IS NULL)",
                   soci::use(mode), soci::into(id), soci::into(season, season_given))) {}
};

std::vector<Board> boards_for(db::Database& database, soci::session& sql, Mode mode) {
  auto query = database.statements().take<OpenBoardsQuery>(sql);
  query->mode = to_string(mode);
  std::vector<Board> out;
  query->statement.execute();
  while (query->statement.fetch()) {
    Board board{query->id, std::nullopt};
    if (query->season_given == soci::i_ok) board.season_id = query->season;
    out.push_back(board);
  }
  return out;
}

struct RecordBatchQuery {
  long long server = 0;
  std::string batch_id, content_hash, mode;
  long long season = 0;
  soci::indicator season_given = soci::i_null;
  long long players = 0;
  long long at = 0;
  soci::statement statement;
  explicit RecordBatchQuery(soci::session& sql)
      : statement((sql.prepare << "INSERT INTO leaderboard_batches (server_id, batch_id, body_hash, season_id, mode, "
                                  "players, received_at) VALUES (:server, :batch, :hash, :season, :mode, :players, "
                                  ":now) ON CONFLICT (server_id, batch_id) DO NOTHING",
                   soci::use(server), soci::use(batch_id), soci::use(content_hash), soci::use(season, season_given),
                   soci::use(mode), soci::use(players), soci::use(at))) {}
};

struct TouchBoardQuery {
  long long at = 0;
  long long board = 0;
  soci::statement statement;
  explicit TouchBoardQuery(soci::session& sql)
      : statement((sql.prepare << "UPDATE leaderboard_boards SET changed_at = :now WHERE id = :board", soci::use(at),
                   soci::use(board))) {}
};

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

  void set(const LoggedChange& change) {
    board_id = change.board_id;
    steam_id = change.steam_id;
    nickname = change.nickname.value_or(std::string());
    nickname_given = change.nickname ? soci::i_ok : soci::i_null;
    const auto fields = counter_fields(change.added);
    for (std::size_t i = 0; i < fields.size(); ++i) added[i] = *fields[i];
  }
};

// Rows per INSERT: a batch of 128 players on two boards is 8 statements (and round trips on
// PostgreSQL) instead of 256; 32 rows bind 512 values, far under either engine's limit. The rest of a
// batch goes in eights, then one by one, so three statements of fixed size serve every batch.
template <std::size_t Rows>
struct AppendQuery {
  std::array<LogRow, Rows> rows;
  long long at = 0;
  soci::statement statement;
  explicit AppendQuery(soci::session& sql) : statement(prepare(sql)) {}

 private:
  soci::statement prepare(soci::session& sql) {
    std::string text = std::string("INSERT INTO leaderboard_changes (board_id, steam_id, changed_at, nickname, ") +
                       kCounterColumns + ") VALUES ";
    for (std::size_t r = 0; r < Rows; ++r) {
      const auto n = std::to_string(r);
      text += (r == 0 ? "(:b" : ", (:b") + n + ", :s" + n + ", :t" + n + ", :n" + n;
      for (int c = 0; c < kCounterCount; ++c) text += ", :c" + n + "_" + std::to_string(c);
      text += ")";
    }
    soci::details::prepare_temp_type query = sql.prepare << text;
    for (auto& row : rows) {
      query, soci::use(row.board_id), soci::use(row.steam_id), soci::use(at),
          soci::use(row.nickname, row.nickname_given);
      for (auto& value : row.added) query, soci::use(value);
    }
    return soci::statement(query);
  }
};

// Appends rows [done, end) in statements of Rows rows while a whole statement's worth is left.
template <std::size_t Rows>
std::size_t append_in(db::Database& database, soci::session& sql, const std::vector<LoggedChange>& rows,
                      std::size_t done, long long at) {
  if (rows.size() - done < Rows) return done;
  auto query = database.statements().take<AppendQuery<Rows>>(sql);
  query->at = at;
  for (; rows.size() - done >= Rows; done += Rows) {
    for (std::size_t r = 0; r < Rows; ++r) query->rows[r].set(rows[done + r]);
    query->statement.execute(true);
  }
  return done;
}

// The seq of the last row this session appended. The batch's rows hold the seqs up to it without a
// gap: appenders take turns until commit (SQLite's one writer, the advisory lock on PostgreSQL; the
// same turns that make the log's order its commit order, standings.hpp) and a multi-row INSERT
// numbers its rows in the order of its VALUES (OwnBatchesTest checks both engines against the log).
template <db::Engine Engine>
struct LastSeqQuery {
  long long seq = 0;
  soci::statement statement;
  explicit LastSeqQuery(soci::session& sql)
      : statement((sql.prepare << (Engine == db::Engine::postgresql
                                       ? "SELECT currval(pg_get_serial_sequence('leaderboard_changes', 'seq'))"
                                       : "SELECT last_insert_rowid()"),
                   soci::into(seq))) {}
};

template <db::Engine Engine>
long long last_seq(db::Database& database, soci::session& sql) {
  auto query = database.statements().take<LastSeqQuery<Engine>>(sql);
  query->statement.execute(true);
  return query->seq;
}

// Numbers `changes`, just appended in this order, with their seqs.
void number_appended(db::Database& database, soci::session& sql, std::vector<LoggedChange>& changes) {
  if (changes.empty()) return;
  long long seq = (database.engine() == db::Engine::postgresql ? last_seq<db::Engine::postgresql>(database, sql)
                                                               : last_seq<db::Engine::sqlite>(database, sql)) -
                  static_cast<long long>(changes.size()) + 1;
  for (auto& change : changes) change.seq = seq++;
}

void append_all(db::Database& database, soci::session& sql, const std::vector<LoggedChange>& rows, long long at) {
  std::size_t done = append_in<32>(database, sql, rows, 0, at);
  done = append_in<8>(database, sql, rows, done, at);
  append_in<1>(database, sql, rows, done, at);
}

}  // namespace

IngestOutcome IngestRepository::apply(std::int64_t server_id, const StatsBatch& batch, const std::string& content_hash,
                                      std::int64_t now) {
  return database_.with_write_session([&](soci::session& sql) {
    const long long server = server_id;
    const long long at = now;
    try {
      return db::write_transaction(sql, database_.engine(), [&] {
        const auto boards = boards_for(database_, sql, batch.mode);
        IngestOutcome outcome;
        for (const auto& board : boards) {
          if (board.season_id) outcome.season_id = board.season_id;
        }
        {
          auto record = database_.statements().take<RecordBatchQuery>(sql);
          record->server = server;
          record->batch_id = batch.batch_id;
          record->content_hash = content_hash;
          record->mode = to_string(batch.mode);
          record->players = static_cast<long long>(batch.players.size());
          record->at = at;
          record->season = outcome.season_id.value_or(0);
          record->season_given = outcome.season_id ? soci::i_ok : soci::i_null;
          record->statement.execute(true);
          if (record->statement.get_affected_rows() == 0) {
            throw BatchSeen{earlier_batch(sql, server, batch.batch_id, content_hash)};
          }
        }

        // Only appends: what the batch adds to each player, one row per board. The fold
        // (fold_repository.hpp) adds them into leaderboard_stats and leaderboard_players later, in key order.
        auto& rows = outcome.changes;
        rows.reserve(batch.players.size() * boards.size());
        for (const auto& player : batch.players) {
          for (const auto& board : boards) {
            rows.push_back(LoggedChange{0, at, board.id, player.steam_id, player.nickname, player.counters});
          }
        }
        // The log's order must be its commit order (see standings.hpp): on PostgreSQL the appends of
        // concurrent batches take turns until commit; SQLite commits one writer at a time anyway.
        if (database_.engine() == db::Engine::postgresql) {
          const long long lock = db::advisory_locks::kLeaderboardChangeLog;
          sql << "SELECT pg_advisory_xact_lock(:key)", soci::use(lock);
        }
        append_all(database_, sql, rows, at);
        number_appended(database_, sql, rows);
        auto touch = database_.statements().take<TouchBoardQuery>(sql);
        touch->at = at;
        for (const auto& board : boards) {
          touch->board = board.id;
          touch->statement.execute(true);
        }
        return outcome;
      });
    } catch (const BatchSeen& seen) {
      return seen.outcome;
    }
  });
}

}  // namespace portal::leaderboard
