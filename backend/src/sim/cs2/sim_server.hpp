#pragma once
// One simulated CS2 server on loopback: A2S over UDP and RCON over TCP on the same port number,
// like srcds. Runs on an io_context owned by the caller (SimCluster, SimFleet); the Asio code is in
// the .cpp. Its pending socket operations keep its internals alive, so a server may be stopped and
// dropped while the io_context goes on running (SimFleet removes servers at run time).

#include "sim/cs2/sim_spec.hpp"
#include "sim/cs2/sim_state.hpp"

#include <cstdint>
#include <memory>
#include <string>

namespace boost::asio {
class io_context;
}

namespace portal::sim {

class SimServer {
 public:
  // Port 0: binds TCP on host:0, then UDP on the same number (retrying with a new number if UDP is
  // taken). Another port: binds exactly that number for both, as srcds does with -port. Throws
  // std::system_error when no pair can be bound. Listens for RCON only with a password.
  SimServer(boost::asio::io_context& ioc, const SimServerSpec& spec, unsigned seed,
            const std::string& host = "127.0.0.1", std::uint16_t port = 0);
  ~SimServer();
  SimServer(const SimServer&) = delete;
  SimServer& operator=(const SimServer&) = delete;

  std::uint16_t port() const;
  SimState& state();
  SimSnapshot snapshot() const;

  // Both on the io_context's thread: start serving, and close every socket (open sessions too).
  // Stop before dropping a server whose io_context keeps running.
  void start();
  void stop();
  // On the io_context's thread: the machine went down without giving up its address. The sockets
  // stay bound; A2S is ignored, open RCON sessions are closed and new ones are closed at once.
  void power_off();

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

}  // namespace portal::sim
