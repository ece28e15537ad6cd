#pragma once
// Reading change-log rows (change_log_repository.hpp) in chunks of bound vectors, shared by the
// standings' reads and the fold (fold_repository.hpp).

#include "features/leaderboard/change_log_repository.hpp"
#include "features/leaderboard/columns.hpp"

#include <soci/soci.h>

#include <array>
#include <functional>
#include <string>
#include <vector>

namespace portal::leaderboard::detail {

// Rows fetched per round trip. The log is read in chunks of bound vectors: as soci::row objects a
// busy second's hundred thousand rows would cost a core.
inline constexpr std::size_t kFetchChunk = 5000;

inline std::string changes_sql(const char* where) {
  return std::string("SELECT seq, changed_at, board_id, steam_id, nickname, ") + kCounterColumns +
         " FROM leaderboard_changes WHERE " + where + " ORDER BY seq";
}

// Bound vectors for the columns of changes_sql().
struct ChangeRows {
  std::vector<long long> seq, changed_at, board_id;
  std::vector<std::string> steam_id, nickname;
  std::vector<soci::indicator> nickname_null;
  std::array<std::vector<long long>, kCounterCount> counters;

  // n rows per fetch: soci cannot take a fetch larger than the first.
  explicit ChangeRows(std::size_t n) : per_fetch(n) { resize(n); }
  std::size_t per_fetch;
  void resize(std::size_t n) {
    seq.resize(n);
    changed_at.resize(n);
    board_id.resize(n);
    steam_id.resize(n);
    nickname.resize(n);
    nickname_null.resize(n);
    for (auto& column : counters) column.resize(n);
  }
  void bind(soci::details::prepare_temp_type& query) {
    query, soci::into(seq), soci::into(changed_at), soci::into(board_id), soci::into(steam_id),
        soci::into(nickname, nickname_null);
    for (auto& column : counters) query, soci::into(column);
  }
  void each(const std::function<void(LoggedChange&&)>& fn) {
    for (std::size_t i = 0; i < seq.size(); ++i) {
      LoggedChange change{seq[i], changed_at[i], board_id[i], std::move(steam_id[i]), std::nullopt, {}};
      if (nickname_null[i] == soci::i_ok) change.nickname = std::move(nickname[i]);
      auto fields = counter_fields(change.added);
      for (std::size_t c = 0; c < fields.size(); ++c) *fields[c] = counters[c][i];
      fn(std::move(change));
    }
  }
};

// Runs `query` (bound to rows) and hands every row to `fn`.
inline void fetch_changes(soci::details::prepare_temp_type query, ChangeRows& rows,
                          const std::function<void(LoggedChange&&)>& fn) {
  rows.bind(query);
  soci::statement statement(query);
  statement.execute();
  while (statement.fetch()) {
    rows.each(fn);
    rows.resize(rows.per_fetch);
  }
}

}  // namespace portal::leaderboard::detail
