#pragma once
// The practice-server cloud for the configured mode. Production: the Tencent Cloud adapter with the
// keys and region launch settings of [cloud]. Demo mode: the same adapter pointed at the local
// stand-in (sim/cloud), whose routes this module registers and whose pace [cloud.sim] sets.

#include "app/config/config.hpp"
#include "integrations/cloud/cloud.hpp"
#include "integrations/http/http_client.hpp"
#include "sim/cloud/sim_cloud.hpp"

#include <memory>

namespace portal::http {
class RouteTable;
}

namespace portal::app {

class CloudAccess {
 public:
  explicit CloudAccess(const Config& config);
  ~CloudAccess();

  cloud::Compute& compute() { return *compute_; }
  cloud::ObjectStore& store() { return *store_; }
  // Demo mode only: the stand-in, for its routes and for tests; nullptr in production.
  sim::cloud::SimCloud* stand_in() { return sim_.get(); }
  void register_routes(http::RouteTable& routes);
  // What the servers upload demos to (settings for their bootstrap).
  const std::string& demo_bucket() const { return bucket_; }
  const std::string& demo_region() const { return bucket_region_; }

 private:
  std::unique_ptr<integrations::HttpClient> http_;
  std::unique_ptr<sim::cloud::SimCloud> sim_;
  std::unique_ptr<cloud::Compute> compute_;
  std::unique_ptr<cloud::ObjectStore> store_;
  std::string bucket_;
  std::string bucket_region_;
};

}  // namespace portal::app
