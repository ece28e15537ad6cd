#pragma once
// One simulated CS2 server on loopback: A2S over UDP and RCON over TCP on the same port number,
// like srcds. Runs on an io_context owned by the caller (SimCluster); the Asio code is in the .cpp.

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
  // Binds TCP on host:0, then UDP on the same number (retrying with a new number if UDP is taken).
  // Throws std::system_error when no pair can be bound. Listens for RCON only with a password.
  SimServer(boost::asio::io_context& ioc, const SimServerSpec& spec, unsigned seed,
            const std::string& host = "127.0.0.1");
  ~SimServer();
  SimServer(const SimServer&) = delete;
  SimServer& operator=(const SimServer&) = delete;

  std::uint16_t port() const;
  SimState& state();
  SimSnapshot snapshot() const;

  // Both on the io_context's thread: start serving, and close every socket (open sessions too).
  void start();
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace portal::sim
