#pragma once
// Builds the servers feature: repository, tracker, snapshot, service, the A2S/RCON reader and its jobs.
// In demo mode it also starts the simulated CS2 servers and seeds the list with them.
//
// Jobs: "servers.refresh" reads every server, on the one instance that leads it; with PostgreSQL it
// publishes the list through the database (features/servers/live_state.hpp), and "servers.sync" lets
// every other instance adopt the newest published list every few seconds, so each answers
// GET /api/servers from memory with the same list.

#include "app/config/config.hpp"
#include "app/module.hpp"
#include "core/jobs/scheduler.hpp"
#include "db/budgets.hpp"
#include "db/database.hpp"
#include "features/content/announcements.hpp"
#include "features/servers/live_source.hpp"
#include "features/servers/live_state.hpp"
#include "features/servers/refresher.hpp"
#include "features/servers/repository.hpp"
#include "features/servers/service.hpp"
#include "features/servers/snapshot.hpp"
#include "features/servers/tracker.hpp"

#include <atomic>
#include <memory>

namespace portal::sim {
class SimCluster;
}

namespace portal::app {

class LiveServers final : public Module {
 public:
  LiveServers(const Config& config, db::Database& database, content::Announcements& announcements);
  ~LiveServers() override;

  std::string_view name() const override { return "servers"; }
  void register_routes(http::RouteTable& routes) override;
  RateLimitPolicies rate_limit_policies() const override;
  void contribute_settings(content::PublicSettings& settings) const override;

  servers::Service& service() { return service_; }
  // The refresh job, and with PostgreSQL the sync job; the scheduler must stop before this object goes.
  void add_jobs(core::jobs::Scheduler& jobs) override;

 private:
  void seed_demo(content::Announcements& announcements);
  void follow_shared_list();  // the sync job's body
  void on_refresh_leadership(bool leading);

  const Config& config_;
  servers::Repository repository_;
  servers::Tracker tracker_;
  servers::SnapshotStore store_;
  servers::Service service_;
  db::Budgets rcon_budgets_;                     // the console's RCON commands per operator
  std::unique_ptr<sim::SimCluster> simulation_;  // demo mode only
  std::unique_ptr<servers::LiveSource> source_;
  std::unique_ptr<servers::LiveState> shared_;  // PostgreSQL: several instances may share the list
  std::unique_ptr<servers::Refresher> refresher_;
  std::chrono::seconds refresh_interval_;
  std::chrono::hours history_;
  std::chrono::seconds plugin_fresh_;
  std::atomic<std::int64_t> adopted_revision_{0};
};

}  // namespace portal::app
