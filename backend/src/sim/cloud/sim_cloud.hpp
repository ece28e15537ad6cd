#pragma once
// Demo mode and tests: a local stand-in of Tencent Cloud that speaks its wire protocols, so the real
// adapter (integrations/cloud/tencent) is what runs end to end on one machine. It generates its own
// SecretId/SecretKey at start and registers:
//   POST   /dev/cloud/cvm                        CVM API 3.0 (TC3-HMAC-SHA256): RunInstances,
//          DescribeInstances, Reboot/Stop/Start/TerminateInstances, DescribeZoneInstanceConfigInfos
//   GET    /dev/cloud/cos/{bucket}[/]            COS List Objects (?prefix=&marker=&max-keys=)
//   GET    /dev/cloud/cos/{bucket}/{key...}      COS GET Object (Authorization header or pre-signed q-*)
//   DELETE /dev/cloud/cos/{bucket}/{key...}      COS DELETE Object
//   POST   /dev/cloud/cos/{bucket}[/]?delete     COS Delete Multiple Objects
// Machines move through Tencent's states on Tencent's delays (settings), computed from an injected
// clock; a background ticker turns what became due into game servers started and stopped (one
// sim/cs2 server per RUNNING machine, on its own loopback address) and demo recordings stored in COS.
// Refuses to be built unless SimCloudSettings::demo_mode.

#include "http/route.hpp"
#include "sim/cloud/cos_store.hpp"
#include "sim/cloud/instance_registry.hpp"
#include "sim/cloud/sim_cloud_settings.hpp"
#include "sim/cloud/tc3_verifier.hpp"
#include "sim/cs2/sim_state.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace portal::sim::cloud {

class SimCloud {
 public:
  // Starts the ticker thread and the game servers' I/O thread; throws std::logic_error outside demo
  // mode and std::invalid_argument for settings that make no sense.
  explicit SimCloud(SimCloudSettings settings, MillisClock now_ms = system_unix_millis);
  ~SimCloud();  // stops the ticker, then every game server
  SimCloud(const SimCloud&) = delete;
  SimCloud& operator=(const SimCloud&) = delete;

  void register_routes(http::RouteTable& routes);

  // What the adapter is configured with.
  const CloudCredentials& credentials() const;
  std::string cvm_endpoint() const;  // <public_base_url>/dev/cloud/cvm: POST here, sign with service "cvm"
  // <public_base_url>/dev/cloud/cos: objects are <cos_endpoint>/<bucket>/<key>, signed with path "/<key>"
  // as on <bucket>.cos.<region>.myqcloud.com; the bucket itself is <cos_endpoint>/<bucket>, path "/".
  std::string cos_endpoint() const;
  const SimCloudSettings& settings() const { return settings_; }

  // Views and controls for tests and the demo.
  std::vector<SimInstance> instances() const;
  std::optional<SimInstance> instance(const std::string& id) const;
  void set_sold_out(const std::string& region_or_zone, bool sold_out);
  void fail_next_launch(int count = 1);
  // The machine's game server while one runs: its state (name, password, admins, what was said).
  std::optional<SimSnapshot> game_server(const std::string& instance_id) const;
  // Where it listens (ip and game port) while it runs.
  std::optional<std::string> connect_address(const std::string& instance_id) const;
  // Runs the ticker's work once, now, on the caller's thread (after a test moved the clock).
  void tick_now();
  // A human joins the machine's running game server: their SteamID64 (sim_steam_id of the name), or
  // nullopt when none runs there. Also POST /dev/cloud/instances/{instanceId}/players {"name"}.
  std::optional<std::string> join_player(const std::string& instance_id, const std::string& name);
  CosStore& objects() { return store_; }

 private:
  struct Impl;
  SimCloudSettings settings_;
  CosStore store_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace portal::sim::cloud
