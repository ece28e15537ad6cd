#pragma once
// The real LiveSource: A2S_INFO and A2S_PLAYER for every target at once, then RCON `status` for the
// targets with a password, because stock CS2 sends empty names in A2S_PLAYER.

#include "features/servers/live_source.hpp"

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace portal::a2s {
class Prober;
}
namespace portal::rcon {
class Client;
}

namespace portal::servers {

struct LiveReaderOptions {
  std::chrono::milliseconds timeout{2000};
  int retries = 1;
  int rcon_parallelism = 16;  // RCON exchanges in flight at once (each is a blocking TCP exchange)
  // After a rejected password, RCON of that server rests this long: servers ban addresses that keep
  // failing (sv_rcon_maxfailures), which would also cut the portal off once the password is fixed.
  std::chrono::seconds rcon_auth_backoff{600};
};

class LiveReader final : public LiveSource {
 public:
  explicit LiveReader(LiveReaderOptions options);
  ~LiveReader() override;
  std::vector<LiveReading> read(const std::vector<ProbeTarget>& targets) override;

 private:
  // Connections stay open between cycles: RCON authentication on every cycle would be wasteful.
  rcon::Client& rcon_client(const ProbeTarget& target);
  void read_names(const ProbeTarget& target, LiveReading& reading);

  LiveReaderOptions options_;
  std::unique_ptr<a2s::Prober> prober_;
  std::mutex rcon_mutex_;
  struct RconPeer {
    std::string password;
    std::unique_ptr<rcon::Client> client;
    std::chrono::steady_clock::time_point resting_until{};
  };
  bool rcon_resting(const ProbeTarget& target);
  void rest_rcon(const ProbeTarget& target);
  std::map<std::string, RconPeer> rcon_peers_;  // by ip:port
};

}  // namespace portal::servers
