// One refresh cycle's reading, as the portal's refresher does it (servers::LiveReader: A2S_INFO and
// A2S_PLAYER for every target at once), over the servers listed in a ports file, timed for wall clock
// and for this process's CPU.
//
//   bench_refresher --ports-file FILE [--runs 3] [--timeout-ms 1000] [--retries 1]
// prints one line per run: "run N: wall S s, cpu S s, answered A/T".

#include "features/servers/live_reader.hpp"

#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <fstream>

namespace {

// User + system time of every thread of this process, the prober's I/O thread included.
double cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App cli{"Refresher benchmark: LiveReader over simulated servers"};
  std::string ports_file;
  int runs = 3;
  int timeout_ms = 1000;
  int retries = 1;
  cli.add_option("--ports-file", ports_file)->required();
  cli.add_option("--runs", runs);
  cli.add_option("--timeout-ms", timeout_ms, "Per-packet timeout");
  cli.add_option("--retries", retries, "Re-sends after a packet timed out");
  CLI11_PARSE(cli, argc, argv);
  spdlog::set_level(spdlog::level::warn);

  std::vector<portal::servers::ProbeTarget> targets;
  std::ifstream in(ports_file);
  for (int port = 0; in >> port;) {
    targets.push_back({.server_id = static_cast<std::int64_t>(targets.size() + 1), .ip = "127.0.0.1", .port = port});
  }
  // Built once, like the refresher's: its prober thread and sockets outlive the cycles.
  portal::servers::LiveReader reader({.timeout = std::chrono::milliseconds(timeout_ms), .retries = retries});
  std::printf("targets: %zu, timeout %d ms, retries %d, bound timeout x (retries+1) + 1 s = %.1f s\n", targets.size(),
              timeout_ms, retries, timeout_ms * (retries + 1) / 1000.0 + 1.0);
  for (int run = 1; run <= runs; ++run) {
    const double cpu_before = cpu_seconds();
    const auto start = std::chrono::steady_clock::now();
    const auto readings = reader.read(targets);
    const std::chrono::duration<double> wall = std::chrono::steady_clock::now() - start;
    const double cpu = cpu_seconds() - cpu_before;
    std::size_t answered = 0;
    for (const auto& reading : readings) answered += reading.answered ? 1 : 0;
    std::printf("run %d: wall %.3f s, cpu %.3f s, answered %zu/%zu\n", run, wall.count(), cpu, answered,
                targets.size());
    std::fflush(stdout);
  }
  return 0;
}
