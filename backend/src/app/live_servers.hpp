#pragma once
// Builds the servers feature: repository, tracker, snapshot, service, the A2S/RCON reader and the
// refresh job. In demo mode it also starts the simulated CS2 servers and seeds the list with them.

#include "app/config.hpp"
#include "db/database.hpp"
#include "features/content/announcements.hpp"
#include "features/servers/live_source.hpp"
#include "features/servers/refresher.hpp"
#include "features/servers/repository.hpp"
#include "features/servers/service.hpp"
#include "features/servers/snapshot.hpp"
#include "features/servers/tracker.hpp"

#include <memory>

namespace portal::sim {
class SimCluster;
}

namespace portal::app {

class LiveServers {
 public:
  LiveServers(const Config& config, db::Database& database, content::Announcements& announcements);
  ~LiveServers();

  servers::Service& service() { return service_; }
  void start();  // the refresh job
  void stop();

 private:
  void seed_demo(content::Announcements& announcements);

  servers::Repository repository_;
  servers::Tracker tracker_;
  servers::SnapshotStore store_;
  servers::Service service_;
  std::unique_ptr<sim::SimCluster> simulation_;  // demo mode only
  std::unique_ptr<servers::LiveSource> source_;
  std::unique_ptr<servers::Refresher> refresher_;
};

}  // namespace portal::app
