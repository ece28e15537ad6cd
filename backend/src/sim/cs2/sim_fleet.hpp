#pragma once
// Simulated CS2 servers that come and go while it runs, all on one I/O thread: the machines of the
// local cloud stand-in (sim/cloud) start a server when they boot and drop it when they stop, up to
// about a thousand at once in the benchmark. SimCluster is the fixed line-up of demo mode; this is its
// dynamic sibling. Every member is thread-safe.

#include "sim/cs2/sim_server.hpp"
#include "sim/cs2/sim_spec.hpp"
#include "sim/cs2/sim_state.hpp"

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace portal::sim {

struct SimFleetOptions {
  // Every `tick` of real time, each server's simulated time moves on by tick * time_scale; a zero
  // tick stops the clock (tests move nothing they did not ask for).
  std::chrono::milliseconds tick{1000};
  double time_scale = 1.0;
};

class SimFleet {
 public:
  using ServerId = std::uint64_t;

  explicit SimFleet(SimFleetOptions options = {});
  ~SimFleet();
  SimFleet(const SimFleet&) = delete;
  SimFleet& operator=(const SimFleet&) = delete;

  // Binds TCP and UDP on exactly host:port and starts serving. Throws std::system_error when the
  // address cannot be bound (taken, or not a local address); nothing is added then.
  ServerId add(const SimServerSpec& spec, unsigned seed, const std::string& host, std::uint16_t port);
  // Closes the server's sockets (its RCON sessions too) before returning, so the same address can be
  // bound again at once. Unknown ids are ignored.
  void remove(ServerId id);
  // The machine is down but keeps its address: see SimServer::power_off. Unknown ids are ignored.
  void power_off(ServerId id);

  std::size_t size() const;
  // nullptr once removed. The state is thread-safe; the server's sockets belong to the I/O thread.
  std::shared_ptr<SimServer> find(ServerId id) const;
  std::optional<SimSnapshot> snapshot(ServerId id) const;

  // Closes every socket and joins the thread; the destructor calls it. Idempotent.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace portal::sim
