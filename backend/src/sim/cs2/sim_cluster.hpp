#pragma once
// A set of simulated CS2 servers on loopback with their own I/O thread and clock. Demo mode runs
// the demo_specs() line-up; tests and benchmarks run their own (up to ~1,000 servers).

#include "sim/cs2/sim_spec.hpp"
#include "sim/cs2/sim_state.hpp"

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace portal::sim {

struct SimClusterOptions {
  // Every `tick` of real time, simulated time moves on by tick * time_scale. A zero tick stops the
  // clock: tests then move it with advance() and see no change they did not ask for.
  std::chrono::milliseconds tick{1000};
  double time_scale = 1.0;
  std::string host = "127.0.0.1";
};

class SimCluster {
 public:
  // Binds every server and starts serving; throws std::system_error when ports run out.
  explicit SimCluster(std::vector<SimServerSpec> specs, unsigned seed);
  SimCluster(std::vector<SimServerSpec> specs, unsigned seed, const SimClusterOptions& options);
  ~SimCluster();
  SimCluster(const SimCluster&) = delete;
  SimCluster& operator=(const SimCluster&) = delete;

  // Port numbers in the order of the specs; each is both the UDP (A2S) and the TCP (RCON) port.
  std::vector<std::uint16_t> ports() const;
  std::size_t size() const;
  const SimServerSpec& spec(std::size_t index) const;

  // Thread-safe views and controls of one server.
  SimSnapshot snapshot(std::size_t index) const;
  void set_offline(std::size_t index, bool offline);
  void set_join_password(std::size_t index, const std::string& password);
  // Moves every server's simulated time on, on top of the ticking clock.
  void advance(std::chrono::milliseconds elapsed);

  // Closes every socket and joins the thread; the destructor calls it. Idempotent.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace portal::sim
