#pragma once
// What runs on the stand-in's machines: one simulated CS2 server (sim/cs2, A2S over UDP and RCON over
// TCP) per RUNNING machine, bound on the machine's own loopback address at the game port its UserData
// names, configured from the UserData's settings block (name, join and RCON passwords, max players,
// admins). A machine that comes up again (reboot, start) gets a fresh server: what RCON changed
// before is gone, as a real server reads its server.cfg again. While a machine is down but keeps its
// public address (rebooting, stopped), its server stays bound and answers nothing, so no other
// stand-in on the same loopback range can take the address meanwhile; one stopped with STOP_CHARGING
// has released its address, so its server goes. All servers share one I/O thread.
// Like the portal plugin of a real rented server, a server whose UserData carries a portal key
// reports its human players to the portal (player_reporter.hpp) while it runs.

#include "core/result.hpp"
#include "integrations/cloud/user_data.hpp"
#include "integrations/http/http_client.hpp"
#include "sim/cloud/player_reporter.hpp"
#include "sim/cs2/sim_fleet.hpp"

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace portal::sim::cloud {

// A machine that should have its game server up.
struct WantedServer {
  std::string instance_id;
  std::uint64_t boots = 0;  // a new value means the machine came up again
  std::string public_ip;
  std::shared_ptr<const std::string> user_data;  // the decoded UserData script
  std::uint64_t seed = 0;
  bool powered = true;  // false: the machine is down but keeps its address (rebooting, stopping, stopped)
};

struct GameEndpoint {
  std::string ip;
  std::uint16_t port = 0;
};

// The simulated server a machine's bootstrap settings describe; `seed` picks its first map.
SimServerSpec game_spec(const portal::cloud::ServerBootstrap& settings, std::uint64_t seed);

class GameHosts {
 public:
  // `report_period`: how often a server with players reports them (and soon after someone joins).
  explicit GameHosts(SimFleetOptions options, std::chrono::milliseconds report_period = std::chrono::seconds(60));
  ~GameHosts();

  // Starts and stops servers until exactly the wanted ones run (the unpowered ones bound and silent,
  // when they ran before). An address that cannot be bound is
  // traded for `another_address(instance_id)` and tried again. Not reentrant: one caller at a time.
  void reconcile(const std::vector<WantedServer>& wanted,
                 const std::function<std::string(const std::string& instance_id)>& another_address);

  std::optional<SimSnapshot> snapshot(const std::string& instance_id) const;
  std::optional<GameEndpoint> endpoint(const std::string& instance_id) const;
  std::size_t running() const;
  // A human joins the machine's running game server (the renter's team arriving): their SteamID64;
  // nullopt when no server runs there or it is full.
  std::optional<std::string> join(const std::string& instance_id, const std::string& name);
  // The bootstrap settings of a machine's UserData (parsed once per machine); nullopt when unreadable.
  std::optional<portal::cloud::ServerBootstrap> bootstrap(const std::string& instance_id, const std::string& user_data);

  void stop();

 private:
  std::vector<ReportingServer> reporting() const;
  struct Running {
    std::uint64_t boots = 0;
    SimFleet::ServerId server = 0;
    GameEndpoint endpoint;
    bool down = false;  // powered off: bound, silent, holding the address for the machine's next boot
  };
  const Running* up_locked(const std::string& instance_id) const;
  void start(const WantedServer& wanted,
             const std::function<std::string(const std::string& instance_id)>& another_address);

  SimFleet fleet_;
  mutable std::mutex mutex_;  // guards running_ and bootstraps_
  std::map<std::string, Running> running_;
  std::map<std::string, std::optional<portal::cloud::ServerBootstrap>> bootstraps_;
  std::unique_ptr<integrations::HttpClient> http_;  // the reports' way to the portal
  std::unique_ptr<PlayerReporter> reporter_;        // last: stopped before what it reads goes
};

}  // namespace portal::sim::cloud
