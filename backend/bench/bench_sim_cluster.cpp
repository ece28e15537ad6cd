// 1,000 simulated CS2 servers in a process of their own, for bench/run.sh's refresher entry: the
// programs under test (bench_refresher, the gamedig script) query them from another process, so their
// CPU time holds none of the simulation's.
//
//   bench_sim_cluster --servers 1000 --offline 100 --ports-file FILE
// writes the ports (one per line, in spec order), prints "ready: N servers" and serves until SIGTERM.

#include "app/process/stop_signals.hpp"
#include "sim/cs2/sim_cluster.hpp"

#include <CLI/CLI.hpp>

#include <array>
#include <cstdio>
#include <fstream>
#include <random>

namespace {

// Realistic A2S answers: the usual maps and slot counts, player counts from empty to full, a few
// with bots, every fifth asking for a challenge. Offline ones are spread evenly (every n-th) so no
// block of consecutive ports is special. No RCON passwords and no churn: the cycles stay comparable.
std::vector<portal::sim::SimServerSpec> make_specs(int count, int offline) {
  static constexpr std::array<const char*, 8> kMaps = {"de_mirage",  "de_inferno", "de_dust2",   "de_nuke",
                                                       "de_ancient", "de_anubis",  "de_vertigo", "de_overpass"};
  static constexpr std::array<int, 5> kSlots = {10, 12, 16, 20, 32};
  std::mt19937 rng(20261121);
  std::vector<portal::sim::SimServerSpec> specs(static_cast<std::size_t>(count));
  const int every = offline > 0 ? count / offline : 0;
  for (int i = 0; i < count; ++i) {
    auto& spec = specs[static_cast<std::size_t>(i)];
    spec.name = "【社区】CS2 #" + std::to_string(i + 1) + " | 128 tick";
    spec.map = kMaps[rng() % kMaps.size()];
    spec.max_players = kSlots[rng() % kSlots.size()];
    spec.initial_players = static_cast<int>(rng() % (spec.max_players + 1));
    spec.bots = i % 10 == 3 ? 4 : 0;
    spec.require_challenge = i % 5 == 1;
    spec.offline = every > 0 && i % every == every - 1 && i / every < offline;
  }
  return specs;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App cli{"Simulated CS2 servers for the refresher benchmark"};
  int count = 1000;
  int offline = 100;
  std::string ports_file;
  cli.add_option("--servers", count);
  cli.add_option("--offline", offline, "How many never answer");
  cli.add_option("--ports-file", ports_file)->required();
  CLI11_PARSE(cli, argc, argv);

  const sigset_t signals = portal::app::block_stop_signals();

  portal::sim::SimCluster cluster(make_specs(count, offline), 7);
  {
    std::ofstream out(ports_file);
    for (const auto port : cluster.ports()) out << port << '\n';
  }
  std::printf("ready: %zu servers, %d offline\n", cluster.size(), offline);
  std::fflush(stdout);
  portal::app::wait_for_stop_signal(signals);
  cluster.stop();
  return 0;
}
