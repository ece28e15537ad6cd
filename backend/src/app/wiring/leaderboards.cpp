#include "app/wiring/leaderboards.hpp"

#include "app/demo/demo_leaderboard.hpp"
#include "core/clock.hpp"
#include "db/advisory_locks.hpp"

#include "features/auth/membership_service.hpp"
#include "features/leaderboard/console_routes.hpp"
#include "features/servers/service.hpp"

#include <spdlog/spdlog.h>

#include <chrono>

namespace portal::app {

namespace {

// An instance that stops following for longer than this loads the boards again when it comes back.
constexpr std::int64_t kChangeLogKeptSeconds = 600;
constexpr std::chrono::minutes kPruneInterval{1};
// The fold writes a page once for all the players of it the changes since the last fold name: the
// more changes per fold, the fewer page writes per player (a million-player board has about 30,000
// pages). Readers add what is not folded yet, so the interval costs memory (56 bytes per change on
// every instance), not freshness. On SQLite a chunk holds the write lock while it adds its sums,
// and a stats batch waits for its turn at most busy_timeout (5 s): 500,000 changes into two
// 1,000,000-player boards held it past that on a 2-core machine under load; 100,000 and 300,000
// held it 1.8 and 3.1 s (bench/RESULTS.md section 6).
constexpr std::chrono::seconds kFoldInterval{5};
// A batch applied here wakes the standings job, which then runs this long after its last start at the
// latest, instead of after the configured interval (other instances still follow at that interval):
// under a steady stream of batches it runs about five times a second, each run reading only what
// the last 200 ms logged and bringing the group filters' order up to date.
constexpr std::string_view kStandingsJob = "leaderboard.standings";
constexpr std::chrono::milliseconds kStandingsSoonest{200};
// It also wakes the job that applies the batch's own rows to this instance's order (Standings::
// apply_handed_over), at once: the plugin's answer does not wait for the order's lock, and the batch
// shows here milliseconds after it. The interval is a fallback; follow() applies them too.
constexpr std::string_view kOwnBatchesJob = "leaderboard.own_batches";
constexpr std::chrono::milliseconds kOwnBatchesSoonest{1};
constexpr std::chrono::seconds kOwnBatchesInterval{1};
constexpr std::size_t kFoldChunk = 200'000;
constexpr int kFoldChunksPerRun = 8;

int bit_of(auth::Tier tier) {
  switch (tier) {
    case auth::Tier::pro:
      return leaderboard::kPro;
    case auth::Tier::kol:
      return leaderboard::kKol;
    case auth::Tier::op:
      return leaderboard::kOp;
    case auth::Tier::vip:
      return leaderboard::kVip;
    case auth::Tier::none:
      break;
  }
  return 0;
}

}  // namespace

leaderboard::MemberGroups member_groups_of(auth::MembershipService& memberships) {
  return [&memberships] {
    std::unordered_map<std::string, int> out;
    for (const auto& member : memberships.active_members()) {
      int bits = 0;
      for (const auto& grant : member.groups) bits |= bit_of(grant.group);
      if (bits != 0) out.emplace(member.steam_id, bits);
    }
    return out;
  };
}

Leaderboards::Leaderboards(const Config& config, db::Database& database, auth::MembershipService& memberships,
                           servers::Service& servers)
    : servers_(servers),
      season_repository_(database),
      seasons_(season_repository_, core::system_unix_now),
      standings_(database, member_groups_of(memberships)),
      service_(
          database, standings_, [this] { return seasons_.list(); }, {},
          [this] {
            if (!jobs_) return;
            jobs_->wake(kOwnBatchesJob);
            jobs_->wake(kStandingsJob);
          }),
      change_log_(database),
      fold_(database),
      follow_interval_(config.leaderboard.refresh_interval_s) {
  if (config.mode == Mode::demo) seed_demo_leaderboard(database, core::system_unix_now());
}

void Leaderboards::register_routes(http::RouteTable& routes) {
  leaderboard::register_routes(routes, service_);
  leaderboard::register_console_routes(routes, seasons_, core::system_unix_now);
}

void Leaderboards::add_jobs(core::jobs::Scheduler& jobs) {
  jobs_ = &jobs;
  jobs.add(core::jobs::Job{
      .name = std::string(kStandingsJob),
      .interval = follow_interval_,
      .work =
          [this] {
            const auto report = standings_.follow();
            if (report.loaded || report.changes > 0) {
              spdlog::debug("leaderboard standings: {} changes on {} boards applied in {} ms (through {})",
                            report.changes, report.boards, report.took.count(), report.seq);
            }
          },
      // Every board's order is in memory before the first request is served.
      .first_run_in_start = true,
      .soonest_on_wake = kStandingsSoonest,
  });
  jobs.add(core::jobs::Job{
      .name = std::string(kOwnBatchesJob),
      .interval = kOwnBatchesInterval,
      .work = [this] { standings_.apply_handed_over(); },
      .soonest_on_wake = kOwnBatchesSoonest,
  });
  jobs.add(core::jobs::Job{
      .name = "leaderboard.fold",
      .interval = kFoldInterval,
      .work =
          [this] {
            for (int chunk = 0; chunk < kFoldChunksPerRun; ++chunk) {
              const auto started = std::chrono::steady_clock::now();
              const auto report = fold_.fold(kFoldChunk);
              if (report.changes == 0) return;
              spdlog::debug(
                  "leaderboard fold: {} changes into {} stats rows and {} players in {} ms, {} ms of them writing "
                  "(through {})",
                  report.changes, report.stats_rows, report.players, core::elapsed_since(started).count(),
                  report.write_held.count(), report.through);
              if (report.changes < kFoldChunk) return;
            }
          },
      .lock_key = db::advisory_locks::kJobLeaderboardFold,
  });
  jobs.add(core::jobs::Job{
      .name = "leaderboard.prune",
      .interval = kPruneInterval,
      .work = [this] { change_log_.prune(core::system_unix_now() - kChangeLogKeptSeconds); },
      .lock_key = db::advisory_locks::kJobLeaderboardPrune,
  });
}

RateLimitPolicies Leaderboards::rate_limit_policies() const { return leaderboard::rate_limit_policies(); }

}  // namespace portal::app
