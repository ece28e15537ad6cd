#pragma once
// Builds the leaderboard feature: seasons, the service behind the routes, the standings (each board's
// order in memory) with the job that keeps them up to date on every instance ("leaderboard.standings",
// every leaderboard.refresh_interval_s) and the one that applies this instance's own batches at once
// ("leaderboard.own_batches"), the job that adds the change log into the stats tables
// ("leaderboard.fold", on one instance) and the job that prunes it ("leaderboard.prune", on one instance).
// Memberships (badges, group filters) come from the accounts feature; plugin keys from the servers feature.

#include "app/config/config.hpp"
#include "app/module.hpp"
#include "core/jobs/scheduler.hpp"
#include "db/database.hpp"
#include "features/leaderboard/change_log_repository.hpp"
#include "features/leaderboard/fold_repository.hpp"
#include "features/leaderboard/routes.hpp"
#include "features/leaderboard/season_repository.hpp"
#include "features/leaderboard/seasons.hpp"
#include "features/leaderboard/service.hpp"
#include "features/leaderboard/standings.hpp"
#include "http/route.hpp"

namespace portal::auth {
class MembershipService;
}
namespace portal::servers {
class Service;
}

namespace portal::app {

// SteamID64 -> group bits of every active pro/kol/op/vip member (the leaderboard's view of memberships).
leaderboard::MemberGroups member_groups_of(auth::MembershipService& memberships);

class Leaderboards final : public Module {
 public:
  Leaderboards(const Config& config, db::Database& database, auth::MembershipService& memberships,
               servers::Service& servers);

  std::string_view name() const override { return "leaderboard"; }
  void register_routes(http::RouteTable& routes) override;
  RateLimitPolicies rate_limit_policies() const override;
  // The standings, fold and prune jobs; the scheduler must stop before this object goes.
  void add_jobs(core::jobs::Scheduler& jobs) override;

 private:
  servers::Service& servers_;
  leaderboard::SeasonRepository season_repository_;
  leaderboard::Seasons seasons_;
  leaderboard::Standings standings_;
  leaderboard::LeaderboardService service_;
  core::jobs::Scheduler* jobs_ = nullptr;  // set by add_jobs; woken after each applied batch
  leaderboard::ChangeLogRepository change_log_;
  leaderboard::FoldRepository fold_;
  std::chrono::seconds follow_interval_;
};

}  // namespace portal::app
