#include "features/leaderboard/ranking_repository.hpp"

#include "db/row.hpp"
#include "db/transaction.hpp"
#include "features/leaderboard/columns.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>

namespace portal::leaderboard {

namespace {

constexpr int kGroupSets = 7;  // non-empty subsets of {pro, kol, op}
constexpr int kFilterBits = 7;

std::string rank_insert_sql() {
  return std::string("INSERT INTO leaderboard_ranks (board_id, generation, rank, steam_id, ") + kCounterColumns +
         ") VALUES (:board, :generation, :rank, :steam_id, :c0, :c1, :c2, :c3, :c4, :c5, :c6, :c7, :c8, :c9, :c10)";
}

// SQLite: one statement read in rank order is one snapshot for as long as it is stepped; the rows go to
// a second connection in short write transactions (WAL lets the reader and the writer run together).
std::int64_t write_ranks_streamed(db::Database& database, std::int64_t board_id, std::int64_t generation,
                                  std::size_t chunk_rows, const std::function<void()>& on_chunk) {
  if (database.pool_size() < 2) throw std::logic_error("ranking needs a database pool of at least 2 sessions");
  return database.with_session([&](soci::session& reader) {
    const long long board = board_id;
    std::vector<std::string> ids(chunk_rows);
    std::array<std::vector<long long>, kCounterCount> counters;
    for (auto& column : counters) column.resize(chunk_rows);
    soci::statement select =
        (reader.prepare << "SELECT steam_id, " << kCounterColumns
                        << " FROM leaderboard_stats WHERE board_id = :board ORDER BY kills DESC, deaths, steam_id",
         soci::use(board), soci::into(ids), soci::into(counters[0]), soci::into(counters[1]), soci::into(counters[2]),
         soci::into(counters[3]), soci::into(counters[4]), soci::into(counters[5]), soci::into(counters[6]),
         soci::into(counters[7]), soci::into(counters[8]), soci::into(counters[9]), soci::into(counters[10]));
    select.execute();
    long long written = 0;
    std::vector<long long> boards;
    std::vector<long long> generations;
    std::vector<long long> ranks;
    while (select.fetch()) {
      const std::size_t n = ids.size();
      boards.assign(n, board);
      generations.assign(n, generation);
      ranks.resize(n);
      for (std::size_t i = 0; i < n; ++i) ranks[i] = written + static_cast<long long>(i) + 1;
      database.with_session([&](soci::session& writer) {
        db::write_transaction(writer, database.engine(), [&] {
          writer << rank_insert_sql(), soci::use(boards), soci::use(generations), soci::use(ranks), soci::use(ids),
              soci::use(counters[0]), soci::use(counters[1]), soci::use(counters[2]), soci::use(counters[3]),
              soci::use(counters[4]), soci::use(counters[5]), soci::use(counters[6]), soci::use(counters[7]),
              soci::use(counters[8]), soci::use(counters[9]), soci::use(counters[10]);
        });
      });
      written += static_cast<long long>(n);
      if (on_chunk) on_chunk();
      ids.resize(chunk_rows);
      for (auto& column : counters) column.resize(chunk_rows);
    }
    return static_cast<std::int64_t>(written);
  });
}

// PostgreSQL: MVCC keeps readers and ingestion going during one INSERT ... SELECT, which also reads one
// snapshot.
std::int64_t write_ranks_in_sql(db::Database& database, std::int64_t board_id, std::int64_t generation) {
  return database.with_session([&](soci::session& sql) {
    const long long board = board_id;
    const long long gen = generation;
    return db::write_transaction(sql, database.engine(), [&] {
      soci::statement insert =
          (sql.prepare << "INSERT INTO leaderboard_ranks (board_id, generation, rank, steam_id, " << kCounterColumns
                       << ") SELECT board_id, :generation, ROW_NUMBER() OVER (ORDER BY kills DESC, deaths, steam_id), "
                          "steam_id, "
                       << kCounterColumns << " FROM leaderboard_stats WHERE board_id = :board",
           soci::use(gen), soci::use(board));
      insert.execute(true);
      return static_cast<std::int64_t>(insert.get_affected_rows());
    });
  });
}

}  // namespace

std::vector<std::int64_t> RankingRepository::dirty_boards() const {
  return database_.with_session([&](soci::session& sql) {
    std::vector<std::int64_t> out;
    soci::rowset<soci::row> rows = sql.prepare << "SELECT id FROM leaderboard_boards WHERE dirty = 1 ORDER BY id";
    for (const auto& row : rows) out.push_back(db::row_int64(row, 0));
    return out;
  });
}

void RankingRepository::mark_all_dirty() {
  database_.with_session([&](soci::session& sql) { sql << "UPDATE leaderboard_boards SET dirty = 1"; });
}

std::optional<LeasedBoard> RankingRepository::lease(std::int64_t board_id, std::int64_t now, std::int64_t lease_s) {
  return database_.with_session([&](soci::session& sql) -> std::optional<LeasedBoard> {
    const long long board = board_id;
    const long long at = now;
    const long long until = now + lease_s;
    return db::write_transaction(sql, database_.engine(), [&]() -> std::optional<LeasedBoard> {
      soci::statement take = (sql.prepare << "UPDATE leaderboard_boards SET lease_until = :until, dirty = 0 "
                                             "WHERE id = :board AND lease_until <= :now",
                              soci::use(until), soci::use(board), soci::use(at));
      take.execute(true);
      if (take.get_affected_rows() != 1) return std::nullopt;
      long long generation = 0;
      sql << "SELECT generation FROM leaderboard_boards WHERE id = :board", soci::use(board), soci::into(generation);
      return LeasedBoard{board_id, generation};
    });
  });
}

void RankingRepository::renew(std::int64_t board_id, std::int64_t until) {
  database_.with_session([&](soci::session& sql) {
    const long long board = board_id;
    const long long at = until;
    sql << "UPDATE leaderboard_boards SET lease_until = :until WHERE id = :board", soci::use(at), soci::use(board);
  });
}

void RankingRepository::release_failed(std::int64_t board_id) {
  database_.with_session([&](soci::session& sql) {
    const long long board = board_id;
    sql << "UPDATE leaderboard_boards SET lease_until = 0, dirty = 1 WHERE id = :board", soci::use(board);
  });
}

std::int64_t RankingRepository::next_generation(const LeasedBoard& board) {
  return database_.with_session([&](soci::session& sql) {
    const long long id = board.id;
    long long highest = 0;
    soci::indicator indicator = soci::i_null;
    sql << "SELECT generation FROM leaderboard_ranks WHERE board_id = :board ORDER BY generation DESC LIMIT 1",
        soci::use(id), soci::into(highest, indicator);
    const std::int64_t left_over = sql.got_data() && indicator == soci::i_ok ? highest : 0;
    return std::max(board.generation, left_over) + 1;
  });
}

std::int64_t RankingRepository::write_ranks(std::int64_t board_id, std::int64_t generation, std::size_t chunk_rows,
                                            const std::function<void()>& on_chunk) {
  if (database_.engine() == db::Engine::postgresql) return write_ranks_in_sql(database_, board_id, generation);
  return write_ranks_streamed(database_, board_id, generation, chunk_rows, on_chunk);
}

void RankingRepository::write_groups(std::int64_t board_id, std::int64_t generation,
                                     const std::unordered_map<std::string, int>& member_bits) {
  if (member_bits.empty()) return;
  database_.with_session([&](soci::session& sql) {
    const long long board = board_id;
    const long long gen = generation;
    struct Ranked {
      long long rank;
      int bits;
    };
    std::vector<Ranked> ranked;
    {
      std::string steam_id;
      long long rank = 0;
      soci::statement find = (sql.prepare << "SELECT rank FROM leaderboard_ranks WHERE board_id = :board AND "
                                             "generation = :generation AND steam_id = :steam_id",
                              soci::use(board), soci::use(gen), soci::use(steam_id), soci::into(rank));
      for (const auto& [member, bits] : member_bits) {
        steam_id = member;
        if (find.execute(true)) ranked.push_back({rank, bits});
      }
    }
    std::sort(ranked.begin(), ranked.end(), [](const Ranked& a, const Ranked& b) { return a.rank < b.rank; });
    db::write_transaction(sql, database_.engine(), [&] {
      long long rank = 0;
      int bits = 0;
      soci::statement mark = (sql.prepare << "UPDATE leaderboard_ranks SET group_bits = :bits WHERE board_id = :board "
                                             "AND generation = :generation AND rank = :rank",
                              soci::use(bits), soci::use(board), soci::use(gen), soci::use(rank));
      int group_set = 0;
      long long position = 0;
      soci::statement place =
          (sql.prepare << "INSERT INTO leaderboard_group_ranks (board_id, generation, group_set, position, rank) "
                          "VALUES (:board, :generation, :group_set, :position, :rank)",
           soci::use(board), soci::use(gen), soci::use(group_set), soci::use(position), soci::use(rank));
      std::array<long long, kGroupSets + 1> next_position{};
      for (const auto& member : ranked) {
        rank = member.rank;
        bits = member.bits;
        mark.execute(true);
        // A player is in the list of every filter that names at least one of their groups.
        for (group_set = 1; group_set <= kGroupSets; ++group_set) {
          if ((group_set & member.bits & kFilterBits) == 0) continue;
          position = ++next_position[static_cast<std::size_t>(group_set)];
          place.execute(true);
        }
      }
    });
  });
}

void RankingRepository::publish(std::int64_t board_id, std::int64_t generation, std::int64_t ranked,
                                std::int64_t ranked_at) {
  database_.with_session([&](soci::session& sql) {
    const long long board = board_id;
    const long long gen = generation;
    const long long count = ranked;
    const long long at = ranked_at;
    sql << "UPDATE leaderboard_boards SET generation = :generation, ranked = :ranked, ranked_at = :ranked_at, "
           "lease_until = 0 WHERE id = :board",
        soci::use(gen), soci::use(count), soci::use(at), soci::use(board);
  });
}

void RankingRepository::drop_generations_below(std::int64_t board_id, std::int64_t keep, std::size_t chunk_rows) {
  database_.with_session([&](soci::session& sql) {
    const long long board = board_id;
    const long long kept = keep;
    const long long chunk = static_cast<long long>(chunk_rows);
    for (;;) {
      long long old = 0;
      sql << "SELECT generation FROM leaderboard_ranks WHERE board_id = :board AND generation < :kept "
             "ORDER BY generation LIMIT 1",
          soci::use(board), soci::use(kept), soci::into(old);
      if (!sql.got_data()) break;
      for (;;) {
        soci::statement remove =
            (sql.prepare << "DELETE FROM leaderboard_ranks WHERE board_id = :board AND generation = :old AND rank IN "
                            "(SELECT rank FROM leaderboard_ranks WHERE board_id = :board2 AND generation = :old2 "
                            "ORDER BY rank LIMIT :chunk)",
             soci::use(board), soci::use(old), soci::use(board), soci::use(old), soci::use(chunk));
        db::write_transaction(sql, database_.engine(), [&] { remove.execute(true); });
        if (remove.get_affected_rows() == 0) break;
      }
    }
    sql << "DELETE FROM leaderboard_group_ranks WHERE board_id = :board AND generation < :kept", soci::use(board),
        soci::use(kept);
  });
}

std::string RankingRepository::members_fingerprint() const {
  return database_.with_session([&](soci::session& sql) {
    std::string fingerprint;
    sql << "SELECT members_fingerprint FROM leaderboard_meta WHERE id = 1", soci::into(fingerprint);
    return fingerprint;
  });
}

void RankingRepository::set_members_fingerprint(const std::string& fingerprint) {
  database_.with_session([&](soci::session& sql) {
    sql << "UPDATE leaderboard_meta SET members_fingerprint = :fingerprint WHERE id = 1", soci::use(fingerprint);
  });
}

}  // namespace portal::leaderboard
