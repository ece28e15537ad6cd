// The practice-server state sync at 1,000 rented servers (bench/rental-sync.sh, part of `make bench`).
//
// The portal (the real App, demo mode, a fresh SQLite database in a temp folder) and SERVERS rented
// servers (50 owners x 20 by default) whose machines run in the Tencent Cloud stand-in (sim/cloud): one
// simulated CS2 server per RUNNING machine on its own loopback address. The rental's jobs run as the
// portal wires them, with their real classes: pracc::Provisioner over the rental repository, the Tencent
// adapter (TencentCompute, TC3-signed CVM API 3.0 calls through libcurl) and RCON as the console.
//
// Why the stand-in is not the App's own: the App builds its stand-in with SimCloudSettings' default quota
// of 50 instances per region, which [cloud.sim] does not set, so its 17 regions hold at most 850
// machines. This program starts a second SimCloud (quota raised to SERVERS, everything else as
// shipped but a short boot delay) on an HTTP server of its own (1 I/O thread) in the same process, and
// runs its own Provisioner on a second connection pool to the App's database file. The App's own
// pracc.sync job is set to an interval of 3,600 s (pracc.sync_interval_s): it runs once at start-up,
// before any server exists, and not again during the run (checked at the end); its launch and
// lifecycle jobs keep running and leave these servers alone (launched, not expiring).
//
// Setup: every machine is launched through the adapter (RunInstances, ClientToken "<id>-0", the UserData
// of pracc::bootstrap_for), then its rental_servers row is written in phase `creating` with the instance
// id and PENDING, as Provisioner::launch leaves it (the launch before the row here, so that the App's
// launch job never sees a row without an instance to launch). Once the stand-in says every machine is RUNNING with its
// game server up, one Provisioner::sync() moves all of them to `running` (each told its password and admins over RCON).
// Servers are spread over the 17 regions like a mainland community's (Shanghai and Guangzhou 20 % each, Beijing 15 %,
// the rest 2-6 %): 20 DescribeInstances calls of at most 100 ids per cycle.
//
// Mass boot, RUNS times after the setup: every row set back to `creating` (machines and game servers stay
// up) and one sync moves them all to `running`, each told its password and admins over RCON: by a
// Provisioner without a console runner (one after another on the sync's thread, as before issue 15's
// change) and by one with 16 console workers (as the portal wires it); time until the sync returns and
// until every row is `running`.
//
// Measured, RUNS times, each run in this order:
//   idle        2 s with nothing measured running: the process's own background CPU (game servers
//               ticking, the stand-in's ticker, the portal's jobs) and the other processes' CPU;
//   batched     CYCLES cycles of Provisioner::sync() on this thread, back to back; then its two parts
//               apart, 20 times each: the repository's read of every server (in_phases, as sync reads),
//               the same rows and admins read in two statements (what one query per server for the
//               admins costs), and the DescribeInstances calls by region alone;
//   naive       NAIVE_CYCLES cycles of the same Provisioner::sync() whose Compute asks DescribeInstances
//               once per server (the same adapter, one id a call): the reference;
//   per cycle: DescribeInstances calls (counted on the HTTP client, by X-TC-Action), wall time, CPU
//   (user + system) of the whole process (getrusage RUSAGE_SELF: the sync, the stand-in answering it,
//   and the background) and of the syncing thread alone (RUSAGE_THREAD: the portal's side: the SQL
//   read, signing, curl, JSON); every cycle must report SERVERS servers and 0 changes, and a batched one
//   as many DescribeInstances calls (SyncReport::cloud_calls) as were counted;
//   HTTP        GET /api/scrim/getUserServers for one owner of PER_USER servers, with a login token
//               (auth::TokenService), one keep-alive connection, sequential: 200 warm-up then REQUESTS
//               measured requests alone (reference), then again while batched cycles run back to back
//               on another thread, then while naive cycles do.
// Prints the figures of every run and their medians.
//
//   bench_rental_sync [--servers 1000] [--per-user 20] [--cycles 100] [--naive-cycles 20]
//                     [--requests 5000] [--runs 3] [--boot-ms 2000]

#include "app/app.hpp"
#include "app/config/config.hpp"
#include "app/wiring/rental_console.hpp"
#include "core/clock.hpp"
#include "core/crypto.hpp"
#include "core/jobs/scheduler.hpp"
#include "db/database.hpp"
#include "db/row.hpp"
#include "db/transaction.hpp"
#include "features/auth/token_service.hpp"
#include "features/auth/user_repository.hpp"
#include "features/pracc/provisioner.hpp"
#include "features/pracc/rental_repository.hpp"
#include "http/dispatcher.hpp"
#include "http/server.hpp"
#include "http/worker_pool.hpp"
#include "integrations/cloud/tencent/tencent_compute.hpp"
#include "integrations/http/curl_http_client.hpp"
#include "sim/cloud/sim_cloud.hpp"
#include "support/bench_stats.hpp"
#include "support/loopback_http.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {

using namespace portal;
using bench::Clock;
using bench::median;
using bench::ms_since;
using bench::percentile;
using namespace std::chrono_literals;

constexpr const char* kBucket = "pracc-demos-1250000000";
constexpr const char* kBucketRegion = "ap-shanghai";

// CPU seconds (user + system) of the process (RUSAGE_SELF) or of the calling thread (RUSAGE_THREAD).
double cpu_seconds(int who) {
  rusage usage{};
  getrusage(who, &usage);
  const auto seconds = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
  };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

// Busy CPU seconds of the whole machine so far (/proc/stat: user, nice, system, irq, softirq, steal).
double machine_busy_seconds() {
  std::ifstream stat("/proc/stat");
  std::string label;
  long long user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0;
  stat >> label >> user >> nice >> system >> idle >> iowait >> irq >> softirq >> steal;
  return static_cast<double>(user + nice + system + irq + softirq + steal) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

std::string load_average() {
  std::ifstream file("/proc/loadavg");
  std::string one;
  file >> one;
  return one;
}

// CPU used by everything on the machine but this process, in cores, between two marks.
struct MachineMark {
  Clock::time_point at = Clock::now();
  double machine = machine_busy_seconds();
  double process = cpu_seconds(RUSAGE_SELF);
  double others_cores_until_now() const {
    const double wall = std::chrono::duration<double>(Clock::now() - at).count();
    const double others = (machine_busy_seconds() - machine) - (cpu_seconds(RUSAGE_SELF) - process);
    return std::max(0.0, others) / wall;
  }
};

// ---- What the adapter sends, counted: the DescribeInstances calls a cycle really makes.

class CountingHttp final : public integrations::HttpClient {
 public:
  explicit CountingHttp(integrations::HttpClient& inner) : inner_(inner) {}

  core::Result<integrations::HttpReply> send(const integrations::HttpRequest& request) override {
    for (const auto& [name, value] : request.headers) {
      if (name == "X-TC-Action" && value == "DescribeInstances") {
        ++describes_;
        break;
      }
    }
    return inner_.send(request);
  }
  long describes() const { return describes_.load(); }

 private:
  integrations::HttpClient& inner_;
  std::atomic<long> describes_{0};
};

// The adapter as the Provisioner sees it, with describe's failures counted (a failed region is
// skipped by sync() with a warning, which would make a cycle look cheap).
class WatchedCompute final : public cloud::Compute {
 public:
  explicit WatchedCompute(cloud::Compute& inner) : inner_(inner) {}

  core::Result<std::string> launch(const cloud::LaunchRequest& request) override { return inner_.launch(request); }
  core::Result<std::vector<cloud::InstanceInfo>> describe(const std::string& region,
                                                          const std::vector<std::string>& ids) override {
    auto described = inner_.describe(region, ids);
    if (!described) ++failures_;
    return described;
  }
  core::Status reboot(const std::string& region, const std::vector<std::string>& ids) override {
    return inner_.reboot(region, ids);
  }
  core::Status stop(const std::string& region, const std::vector<std::string>& ids) override {
    return inner_.stop(region, ids);
  }
  core::Status start(const std::string& region, const std::vector<std::string>& ids) override {
    return inner_.start(region, ids);
  }
  core::Status terminate(const std::string& region, const std::vector<std::string>& ids) override {
    return inner_.terminate(region, ids);
  }
  core::Result<std::vector<cloud::RegionStatus>> region_status(const std::vector<std::string>& regions,
                                                               cloud::Tier tier) override {
    return inner_.region_status(regions, tier);
  }
  long failures() const { return failures_.load(); }

 private:
  cloud::Compute& inner_;
  std::atomic<long> failures_{0};
};

// The naive reference: the same adapter asked once per server.
class OneCallPerServer final : public cloud::Compute {
 public:
  explicit OneCallPerServer(cloud::Compute& inner) : inner_(inner) {}

  core::Result<std::string> launch(const cloud::LaunchRequest& request) override { return inner_.launch(request); }
  core::Result<std::vector<cloud::InstanceInfo>> describe(const std::string& region,
                                                          const std::vector<std::string>& ids) override {
    std::vector<cloud::InstanceInfo> out;
    out.reserve(ids.size());
    for (const auto& id : ids) {
      auto one = inner_.describe(region, {id});
      if (!one) return one.error();
      for (auto& info : *one) out.push_back(std::move(info));
    }
    return out;
  }
  core::Status reboot(const std::string& region, const std::vector<std::string>& ids) override {
    return inner_.reboot(region, ids);
  }
  core::Status stop(const std::string& region, const std::vector<std::string>& ids) override {
    return inner_.stop(region, ids);
  }
  core::Status start(const std::string& region, const std::vector<std::string>& ids) override {
    return inner_.start(region, ids);
  }
  core::Status terminate(const std::string& region, const std::vector<std::string>& ids) override {
    return inner_.terminate(region, ids);
  }
  core::Result<std::vector<cloud::RegionStatus>> region_status(const std::vector<std::string>& regions,
                                                               cloud::Tier tier) override {
    return inner_.region_status(regions, tier);
  }

 private:
  cloud::Compute& inner_;
};

// ---- Where the servers are

struct RegionShare {
  const char* region;
  int per_mille;
};

// A mainland community's spread (sums to 1,000).
constexpr std::array<RegionShare, 17> kShares = {{{"ap-shanghai", 200},
                                                  {"ap-guangzhou", 200},
                                                  {"ap-beijing", 150},
                                                  {"ap-chengdu", 60},
                                                  {"ap-nanjing", 50},
                                                  {"ap-hongkong", 50},
                                                  {"ap-chongqing", 40},
                                                  {"ap-singapore", 40},
                                                  {"ap-tokyo", 30},
                                                  {"ap-seoul", 30},
                                                  {"ap-sydney", 22},
                                                  {"ap-mumbai", 22},
                                                  {"ap-jakarta", 22},
                                                  {"eu-frankfurt", 21},
                                                  {"na-siliconvalley", 21},
                                                  {"na-ashburn", 21},
                                                  {"sa-saopaulo", 21}}};

std::map<std::string, int> servers_per_region(int servers) {
  std::map<std::string, int> counts;
  int placed = 0;
  for (const auto& share : kShares) {
    counts[share.region] = servers * share.per_mille / 1000;
    placed += counts[share.region];
  }
  counts[kShares[0].region] += servers - placed;
  return counts;
}

// ---- The stand-in on an HTTP server of its own

sim::cloud::SimCloudSettings stand_in_settings(int servers, std::chrono::milliseconds boot) {
  sim::cloud::SimCloudSettings s;
  s.demo_mode = true;
  s.boot_delay = boot;
  s.instance_quota_per_region = servers;  // the shipped 50 holds 850 over 17 regions
  s.first_public_ip = "127.78.0.1";       // apart from anything the App's own stand-in may hand out
  s.demo_interval = 24h;                  // no recording finishes during the run
  s.buckets = {kBucket};
  s.seed = 15;
  return s;
}

// Every region launches from its zones in order, as app/wiring/cloud.cpp configures the adapter in demo mode.
cloud::tencent::CvmSettings adapter_settings(const sim::cloud::SimCloud& stand_in, const std::string& endpoint) {
  cloud::tencent::CvmSettings settings;
  settings.endpoint = endpoint;
  for (const auto& region : stand_in.settings().regions) {
    cloud::tencent::RegionLaunch launch;
    for (const auto& zone : region.zones) launch.zones.push_back({zone.zone, ""});
    launch.image_id = "img-demo0001";
    launch.basic_instance_type = "S5.MEDIUM4";
    launch.premium_instance_type = "S6.LARGE8";
    settings.regions[region.region] = std::move(launch);
  }
  return settings;
}

class StandInServer {
 public:
  explicit StandInServer(sim::cloud::SimCloud& stand_in)
      : dispatcher_(
            [&stand_in] {
              http::RouteTable routes;
              stand_in.register_routes(routes);
              return http::Router(std::move(routes));
            }(),
            authenticator_, nullptr, http::ResponsePolicy({}), metrics_, {.access_log = false}),
        workers_(1),
        server_({.port = 0, .io_threads = 1}, dispatcher_, workers_) {
    port_ = server_.start();
  }
  ~StandInServer() {
    server_.stop();
    server_.wait();
  }
  std::string url(const std::string& path) const { return "http://127.0.0.1:" + std::to_string(port_) + path; }

 private:
  http::NoAuthenticator authenticator_;
  http::Metrics metrics_;
  http::Dispatcher dispatcher_;
  http::WorkerPool workers_;
  http::Server server_;
  std::uint16_t port_ = 0;
};

// A temp folder removed with everything in it on every way out of main.
struct TempDir {
  std::filesystem::path path;
  TempDir() {
    std::string name = (std::filesystem::temp_directory_path() / "portal-bench-rental.XXXXXX").string();
    if (!mkdtemp(name.data())) throw std::runtime_error("mkdtemp failed");
    path = name;
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path, ignored);
  }
};

const core::jobs::JobStats* job(const std::vector<core::jobs::JobStats>& stats, const std::string& name) {
  for (const auto& s : stats) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

// ---- Figures

struct CycleFigures {
  int cycles = 0;
  double describes_per_cycle = 0;
  double wall_p50 = 0, wall_p99 = 0, wall_max = 0;
  double process_cpu_ms = 0;  // per cycle, mean
  double thread_cpu_ms = 0;   // per cycle, mean
};

struct HttpFigures {
  int requests = 0;
  double p50 = 0, p99 = 0, max = 0;
  int not_ok = 0;
  int sync_cycles = 0;  // completed by the sync loop meanwhile
};

struct RunFigures {
  double idle_cpu_ms_per_s = 0;
  double idle_others_cores = 0;
  CycleFigures batched, naive;
  double read_p50 = 0;      // the cycle's SQL read of every server, alone (one statement + one per server)
  double read_two_p50 = 0;  // the same rows and admins in two statements
  double cloud_p50 = 0;     // its DescribeInstances calls, alone
  HttpFigures alone, during_batched, during_naive;
  double others_cores = 0;
  std::string load_before, load_after;
};

// Ends the run: main() reports it after everything started was stopped (and the temp folder removed).
[[noreturn]] void fail(const std::string& what) { throw std::runtime_error(what); }

// `reports_calls`: the cycle's SyncReport::cloud_calls must equal the calls counted on the wire (true of
// the batched way; the naive one's Compute hides its calls from the Provisioner, which reports batches).
CycleFigures measure_cycles(pracc::Provisioner& provisioner, const CountingHttp& counted, int cycles, int servers,
                            bool reports_calls) {
  std::vector<double> walls;
  double process_cpu = 0, thread_cpu = 0;
  long describes = 0;
  for (int i = 0; i < cycles; ++i) {
    const long calls_before = counted.describes();
    const double process_before = cpu_seconds(RUSAGE_SELF);
    const double thread_before = cpu_seconds(RUSAGE_THREAD);
    const auto started = Clock::now();
    const pracc::SyncReport report = provisioner.sync();
    walls.push_back(ms_since(started));
    thread_cpu += cpu_seconds(RUSAGE_THREAD) - thread_before;
    process_cpu += cpu_seconds(RUSAGE_SELF) - process_before;
    const long calls = counted.describes() - calls_before;
    describes += calls;
    if (reports_calls && report.cloud_calls != calls) {
      fail("a cycle reported " + std::to_string(report.cloud_calls) + " DescribeInstances calls and made " +
           std::to_string(calls));
    }
    if (report.servers != servers || report.changed != 0) {
      fail("a steady-state cycle reported " + std::to_string(report.servers) + " servers and " +
           std::to_string(report.changed) + " changes (expected " + std::to_string(servers) + " and 0)");
    }
  }
  CycleFigures f;
  f.cycles = cycles;
  f.describes_per_cycle = static_cast<double>(describes) / cycles;
  f.wall_p50 = percentile(walls, 0.50);
  f.wall_p99 = percentile(walls, 0.99);
  f.wall_max = *std::max_element(walls.begin(), walls.end());
  f.process_cpu_ms = process_cpu * 1000 / cycles;
  f.thread_cpu_ms = thread_cpu * 1000 / cycles;
  return f;
}

// The phases Provisioner::sync() reads, as SQL.
constexpr const char* kSyncedPhases =
    "'creating', 'switching', 'running', 'restarting', 'updating', 'verifying', 'starting', 'expired', 'terminating', "
    "'relocated'";

// The same rows as RentalRepository::in_phases (same columns, same order, every value read out), with the
// admins of all of them in one more statement instead of one statement per server: what the read would
// cost in two statements.
std::size_t read_in_two_statements(db::Database& database) {
  return database.with_session([](soci::session& sql) {
    std::size_t values = 0;
    const std::string phases(kSyncedPhases);
    soci::rowset<soci::row> rows =
        sql.prepare << "SELECT id, owner_user_id, owner_steam_id, name, join_password, rcon_password, region, tier, "
                       "phase, cloud_instance_id, cloud_state, public_ip, game_port, order_id, relocated_from, "
                       "launch_attempts, next_launch_at, maintenance_status, maintenance_text, busy_until, "
                       "phase_since, expires_at, reminded, created_at FROM rental_servers WHERE phase IN (" +
                           phases + ") ORDER BY updated_at, id LIMIT 5000";
    static constexpr std::array<bool, 24> kNumeric = {false, true,  false, false, false, false, false, false,
                                                      false, false, false, false, true,  false, false, true,
                                                      true,  true,  false, true,  true,  true,  false, true};
    for (const auto& row : rows) {
      for (std::size_t c = 0; c < kNumeric.size(); ++c) {
        values += kNumeric[c] ? static_cast<std::size_t>(db::row_int64(row, c) != 0) : db::row_string(row, c).size();
      }
    }
    soci::rowset<soci::row> admins =
        sql.prepare << "SELECT a.server_id, a.steam_id, a.note FROM rental_admins a JOIN rental_servers s ON s.id = "
                       "a.server_id WHERE s.phase IN (" +
                           phases + ") ORDER BY a.server_id, a.position";
    for (const auto& row : admins) values += db::row_string(row, 1).size() + db::row_string(row, 2).size();
    return values;
  });
}

struct CycleParts {
  double read = 0;      // RentalRepository::in_phases, as the sync reads
  double read_two = 0;  // the same in two statements
  double describe = 0;  // the DescribeInstances calls by region
};

// The parts of a batched cycle apart, p50 of `times` each.
CycleParts cycle_parts(db::Database& database, const pracc::RentalRepository& repository, cloud::Compute& compute,
                       const std::map<std::string, std::vector<std::string>>& ids_by_region, int times) {
  using pracc::Phase;
  const std::vector<Phase> synced = {Phase::creating,    Phase::switching, Phase::running,  Phase::restarting,
                                     Phase::updating,    Phase::verifying, Phase::starting, Phase::expired,
                                     Phase::terminating, Phase::relocated};
  std::vector<double> reads, reads_two, calls;
  for (int i = 0; i < times; ++i) {
    auto started = Clock::now();
    const auto rows = repository.in_phases(synced, 5000);
    reads.push_back(ms_since(started));
    started = Clock::now();
    if (read_in_two_statements(database) == 0) fail("the two-statement read found nothing");
    reads_two.push_back(ms_since(started));
    started = Clock::now();
    for (const auto& [region, ids] : ids_by_region) {
      if (!compute.describe(region, ids)) fail("DescribeInstances in " + region + " failed");
    }
    calls.push_back(ms_since(started));
  }
  return {percentile(reads, 0.5), percentile(reads_two, 0.5), percentile(calls, 0.5)};
}

std::string user_servers_request(const std::string& token) {
  return "GET /api/scrim/getUserServers HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\nAuthorization: "
         "Bearer " +
         token + "\r\n\r\n";
}

// REQUESTS sequential GETs on one keep-alive connection, after 200 unmeasured ones; while
// `background` (when given) runs sync cycles back to back on another thread.
HttpFigures measure_requests(int port, const std::string& token, int requests, pracc::Provisioner* background) {
  std::atomic<bool> stop{false};
  std::atomic<int> cycles{0};
  std::thread loop;
  // Stops and joins the loop on every way out, a failed request included.
  struct Joiner {
    std::atomic<bool>& stop;
    std::thread& loop;
    ~Joiner() {
      stop = true;
      if (loop.joinable()) loop.join();
    }
  } joiner{stop, loop};
  if (background) {
    loop = std::thread([&] {
      while (!stop.load()) {
        try {
          background->sync();
          ++cycles;
        } catch (const std::exception& error) {
          std::fprintf(stderr, "bench_rental_sync: a background sync cycle failed: %s\n", error.what());
        }
      }
    });
    std::this_thread::sleep_for(200ms);  // the loop is under way
  }
  bench::HttpClient connection(port);
  const std::string raw = user_servers_request(token);
  HttpFigures f;
  for (int i = 0; i < 200; ++i) connection.request(raw);
  const int cycles_before = cycles.load();
  std::vector<double> latencies;
  latencies.reserve(static_cast<std::size_t>(requests));
  for (int i = 0; i < requests; ++i) {
    const auto sent = Clock::now();
    const auto answer = connection.request(raw);
    latencies.push_back(ms_since(sent));
    if (answer.status != 200 || answer.body.empty()) ++f.not_ok;
  }
  f.sync_cycles = cycles.load() - cycles_before;
  f.requests = requests;
  f.p50 = percentile(latencies, 0.50);
  f.p99 = percentile(latencies, 0.99);
  f.max = *std::max_element(latencies.begin(), latencies.end());
  return f;
}

void print_cycles(const std::string& run, const std::string& way, const CycleFigures& f,
                  const CycleFigures* reference) {
  std::string ratio = "1.00";
  if (reference) {
    char text[64];
    std::snprintf(text, sizeof text, "%.1f x wall, %.1f x CPU", f.wall_p50 / reference->wall_p50,
                  f.process_cpu_ms / reference->process_cpu_ms);
    ratio = text;
  }
  std::printf("| %-6s | %-45s | %6d | %9.0f | %9.2f | %9.2f | %9.2f | %12.2f | %12.2f | %-24s |\n", run.c_str(),
              way.c_str(), f.cycles, f.describes_per_cycle, f.wall_p50, f.wall_p99, f.wall_max, f.process_cpu_ms,
              f.thread_cpu_ms, ratio.c_str());
}

void print_requests(const std::string& run, const std::string& phase, const HttpFigures& f, const HttpFigures& alone) {
  std::printf("| %-6s | %-44s | %8d | %7.3f | %7.3f | %8.3f | %7d | %11d | %8.2f |\n", run.c_str(), phase.c_str(),
              f.requests, f.p50, f.p99, f.max, f.not_ok, f.sync_cycles, f.p99 / alone.p99);
}

template <typename Get>
CycleFigures median_cycles(const std::vector<RunFigures>& runs, Get get) {
  CycleFigures m;
  std::vector<double> n, d, p50, p99, mx, pc, tc;
  for (const auto& r : runs) {
    const CycleFigures& f = get(r);
    n.push_back(f.cycles);
    d.push_back(f.describes_per_cycle);
    p50.push_back(f.wall_p50);
    p99.push_back(f.wall_p99);
    mx.push_back(f.wall_max);
    pc.push_back(f.process_cpu_ms);
    tc.push_back(f.thread_cpu_ms);
  }
  m.cycles = static_cast<int>(median(n));
  m.describes_per_cycle = median(d);
  m.wall_p50 = median(p50);
  m.wall_p99 = median(p99);
  m.wall_max = median(mx);
  m.process_cpu_ms = median(pc);
  m.thread_cpu_ms = median(tc);
  return m;
}

template <typename Get>
HttpFigures median_requests(const std::vector<RunFigures>& runs, Get get) {
  HttpFigures m;
  std::vector<double> n, p50, p99, mx, bad, cyc;
  for (const auto& r : runs) {
    const HttpFigures& f = get(r);
    n.push_back(f.requests);
    p50.push_back(f.p50);
    p99.push_back(f.p99);
    mx.push_back(f.max);
    bad.push_back(f.not_ok);
    cyc.push_back(f.sync_cycles);
  }
  m.requests = static_cast<int>(median(n));
  m.p50 = median(p50);
  m.p99 = median(p99);
  m.max = median(mx);
  m.not_ok = static_cast<int>(median(bad));
  m.sync_cycles = static_cast<int>(median(cyc));
  return m;
}

}  // namespace

static int run(int argc, char** argv) {
  CLI::App cli{"The rental's state sync over many servers in the cloud stand-in, batched vs one call per server"};
  int servers = 1000, per_user = 20, cycles = 100, naive_cycles = 20, requests = 5000, runs = 3, boot_ms = 2000;
  cli.add_option("--servers", servers, "Rented servers (machines in the stand-in)")->check(CLI::Range(1, 5000));
  cli.add_option("--per-user", per_user, "Servers per owner; the first owner's list is requested")
      ->check(CLI::Range(1, 100));
  cli.add_option("--cycles", cycles, "Batched sync cycles measured per run")->check(CLI::Range(1, 100000));
  cli.add_option("--naive-cycles", naive_cycles, "Naive cycles measured per run")->check(CLI::Range(1, 10000));
  cli.add_option("--requests", requests, "Measured GET /api/scrim/getUserServers per phase")
      ->check(CLI::Range(1, 1000000));
  cli.add_option("--runs", runs, "Runs of every measurement")->check(CLI::Range(1, 100));
  cli.add_option("--boot-ms", boot_ms, "The stand-in's PENDING -> RUNNING delay")->check(CLI::Range(0, 600000));
  CLI11_PARSE(cli, argc, argv);
  per_user = std::min(per_user, servers);

  // Two sockets per game server, plus the portal's own.
  rlimit files{};
  getrlimit(RLIMIT_NOFILE, &files);
  files.rlim_cur = files.rlim_max;
  setrlimit(RLIMIT_NOFILE, &files);
  if (files.rlim_cur != RLIM_INFINITY && files.rlim_cur < static_cast<rlim_t>(3 * servers + 1024)) {
    fail("needs " + std::to_string(3 * servers + 1024) + " open files, the hard limit is " +
         std::to_string(files.rlim_cur));
  }

  const TempDir dir;  // declared first: removed after everything in it is closed
  const std::string jwt_secret = core::random_token(32);

  // ---- The portal in demo mode, its own state sync out of the way (see the top of the file).
  app::Config config;
  config.mode = app::Mode::demo;
  config.data_dir = dir.path / "data";
  config.server.port = 0;
  config.server.web_root = (dir.path / "web").string();  // no web app: pages are not measured
  config.log.level = "warn";
  config.auth.jwt_secret = jwt_secret;
  config.database.sqlite_file = (dir.path / "data" / "portal.db").string();
  config.pracc.sync_interval_s = 3600;
  app::validate(config);
  spdlog::set_level(spdlog::level::warn);
  app::App portal(config);
  const std::uint16_t portal_port = portal.start();
  for (int i = 0;; ++i) {
    const auto* sync_job = job(portal.jobs().stats(), "pracc.sync");
    if (!sync_job) fail("the App has no pracc.sync job");
    if (sync_job->runs >= 1 && !sync_job->running) break;
    if (i > 300) fail("the App's pracc.sync job did not run at start-up");
    std::this_thread::sleep_for(100ms);
  }

  db::Database database({.sqlite_path = config.database.sqlite_file, .pool_size = 2});
  pracc::RentalRepository repository(database);
  auth::UserRepository users(database);

  // ---- The stand-in, the adapter and the two ways of syncing.
  sim::cloud::SimCloud stand_in(stand_in_settings(servers, std::chrono::milliseconds(boot_ms)));
  StandInServer stand_in_server(stand_in);
  integrations::CurlHttpClient curl;
  CountingHttp counted(curl);
  cloud::tencent::TencentCompute adapter(
      cloud::tencent::Credentials{stand_in.credentials().secret_id, stand_in.credentials().secret_key, ""},
      adapter_settings(stand_in, stand_in_server.url("/dev/cloud/cvm")), counted, core::system_unix_now);
  WatchedCompute watched(adapter);
  OneCallPerServer one_by_one(watched);
  app::RconGameConsole console;

  pracc::RentalSettings settings;
  for (const auto& share : kShares) settings.regions.emplace_back(share.region);
  settings.portal_url = portal.local_url();
  settings.demo_bucket = kBucket;
  settings.demo_region = kBucketRegion;
  const auto deps = [&](cloud::Compute& compute) {
    return pracc::ProvisionerDeps{.servers = repository,
                                  .compute = compute,
                                  .console = console,
                                  .settings = settings,
                                  .now_unix = core::system_unix_now,
                                  .refund_order = {},
                                  .plugin_key = {},
                                  .notify_owner = {}};
  };
  pracc::Provisioner batched(deps(watched));
  pracc::Provisioner naive(deps(one_by_one));

  // ---- Owners, servers, machines.
  const std::int64_t now = core::system_unix_now();
  const int owners = (servers + per_user - 1) / per_user;
  std::vector<auth::User> owner_rows;
  for (int u = 0; u < owners; ++u) {
    owner_rows.push_back(
        users.upsert_steam_user(std::to_string(76561198300000000LL + u), "Owner " + std::to_string(u), "", now));
  }
  const auto per_region = servers_per_region(servers);
  std::vector<std::string> slots;
  for (const auto& [region, count] : per_region) slots.insert(slots.end(), static_cast<std::size_t>(count), region);
  std::shuffle(slots.begin(), slots.end(), std::mt19937(15));

  std::vector<pracc::RentalServer> rows;
  std::vector<std::string> instance_ids;
  const auto launch_started = Clock::now();
  for (int i = 0; i < servers; ++i) {
    const auto& owner = owner_rows[static_cast<std::size_t>(i / per_user)];
    pracc::RentalServer s;
    s.id = pracc::new_server_id();
    s.owner_user_id = owner.id;
    s.owner_steam_id = owner.steam_id;
    s.name = "Practice #" + std::to_string(i + 1);
    s.join_password = "team" + std::to_string(1000 + i % 9000);
    s.rcon_password = core::random_token(12);
    s.region = slots[static_cast<std::size_t>(i)];
    s.tier = pracc::RentalTier::basic;
    s.phase = pracc::Phase::creating;
    s.game_port = settings.game_port;
    s.expires_at = now + 30 * 86400;
    s.created_at = now;
    s.admins = {{owner.steam_id, "owner"}, {std::to_string(76561198400000000LL + i / per_user), "coach"}};
    cloud::LaunchRequest request;
    request.region = s.region;
    request.tier = cloud::Tier::basic;
    request.name = s.id;
    request.client_token = s.id + "-0";
    request.bootstrap = pracc::bootstrap_for(s, settings, "");
    auto launched = adapter.launch(request);
    if (!launched)
      fail("launch " + std::to_string(i) + " failed: " + launched.error().code + " " + launched.error().message);
    instance_ids.push_back(*launched);
    rows.push_back(std::move(s));
  }
  const double launch_s = ms_since(launch_started) / 1000;
  std::map<std::string, std::vector<std::string>> ids_by_region;
  for (std::size_t i = 0; i < rows.size(); ++i) ids_by_region[rows[i].region].push_back(instance_ids[i]);
  database.with_session([&](soci::session& sql) {
    db::write_transaction(sql, database.engine(), [&] {
      for (std::size_t i = 0; i < rows.size(); ++i) {
        repository.insert_within(sql, rows[i], "bench");
        pracc::ServerChange launched;
        launched.cloud_instance_id = instance_ids[i];
        launched.cloud_state = "PENDING";
        launched.launch_attempts = 1;
        repository.change_within(sql, rows[i].id, {pracc::Phase::creating}, launched, now, "bench", "rental.launch");
      }
    });
  });

  // Every machine RUNNING and its game server listening, by the stand-in's word.
  for (int i = 0;; ++i) {
    int up = 0;
    for (const auto& instance : stand_in.instances()) {
      if (instance.state == sim::cloud::State::running && stand_in.connect_address(instance.id)) ++up;
    }
    if (up == servers) break;
    if (i > 1200) fail("only " + std::to_string(up) + " of the machines came up in 120 s");
    std::this_thread::sleep_for(100ms);
  }
  const double up_s = ms_since(launch_started) / 1000;
  const long calls_before_first = counted.describes();
  const auto first_started = Clock::now();
  const pracc::SyncReport first = batched.sync();
  const double first_s = ms_since(first_started) / 1000;
  const long first_calls = counted.describes() - calls_before_first;
  const auto running = repository.in_phases({pracc::Phase::running}, 100000);
  if (first.changed != servers || static_cast<int>(running.size()) != servers) {
    fail("the first sync moved " + std::to_string(first.changed) + " servers; " + std::to_string(running.size()) +
         " are running");
  }

  // The owner whose list is requested, and the list checked once.
  const auth::TokenService tokens(jwt_secret);
  const auto& owner = owner_rows.front();
  const std::string token =
      tokens.issue(auth::TokenType::login, owner.id, owner.steam_id, "", auth::kLoginTokenLifetime, now).token;
  {
    bench::HttpClient connection(portal_port);
    const auto [status, body] = connection.request(user_servers_request(token));
    const auto listed = boost::json::parse(body);
    if (status != 200 || !listed.is_array() || static_cast<int>(listed.as_array().size()) != per_user) {
      fail("GET /api/scrim/getUserServers answered " + std::to_string(status) + ": " + body.substr(0, 300));
    }
    for (const auto& server : listed.as_array()) {
      if (server.at("status").as_string() != "RUNNING" || server.at("ip").as_string().empty()) {
        fail("a listed server is not running with an address: " + boost::json::serialize(server));
      }
    }
  }

  std::printf("rental sync: %d servers in the cloud stand-in, all RUNNING; %d owners x %d; per region:", servers,
              owners, per_user);
  for (const auto& share : kShares) std::printf(" %s %d", share.region, per_region.at(share.region));
  std::printf(
      "\nsetup: %d machines launched through the adapter in %.1f s (RunInstances one by one), all RUNNING with "
      "their game servers up %.1f s after the first launch (boot delay %d ms); first sync: %d servers "
      "creating -> running (RCON password + admins each) in %.2f s, %ld DescribeInstances calls\n",
      servers, launch_s, up_s, boot_ms, first.changed, first_s, first_calls);
  std::fflush(stdout);

  // ---- Mass boot: every server back to `creating` as if just launched (machines and game servers stay
  // up), then one sync moves them all to `running`, each told its password and admins over RCON first:
  // on the sync's own thread one after another (before), and through 16 console workers as the portal
  // wires it (after). Time until the sync returns and until every row is `running`.
  http::WorkerPool console_workers(http::PoolOptions{.name = "pracc-console", .threads = 16});
  auto concurrent_deps = deps(watched);
  concurrent_deps.run_console_work = [&console_workers](std::function<void()> work) {
    console_workers.post(std::move(work));
  };
  pracc::Provisioner concurrent(std::move(concurrent_deps));
  const auto count_running = [&database] {
    return database.with_session([](soci::session& sql) {
      long long n = 0;
      sql << "SELECT COUNT(*) FROM rental_servers WHERE phase = 'running'", soci::into(n);
      return n;
    });
  };
  const auto mass_boot = [&](pracc::Provisioner& provisioner) {
    database.with_session([](soci::session& sql) {
      sql << "UPDATE rental_servers SET phase = 'creating', cloud_state = 'PENDING' WHERE phase = 'running'";
    });
    const auto started = Clock::now();
    provisioner.sync();
    const double returned = ms_since(started) / 1000;
    while (count_running() < servers) {
      if (ms_since(started) > 600'000) fail("a mass boot did not finish in 600 s");
      std::this_thread::sleep_for(10ms);
    }
    return std::pair<double, double>{returned, ms_since(started) / 1000};
  };
  for (int r = 0; r < runs; ++r) {
    const auto [serial_returned, serial_all] = mass_boot(batched);
    const auto [pooled_returned, pooled_all] = mass_boot(concurrent);
    std::printf(
        "mass boot %d: %d servers creating -> running; serial (on the sync's thread): sync returned %.2f s, all "
        "running %.2f s; 16 console workers: sync returned %.2f s, all running %.2f s\n",
        r + 1, servers, serial_returned, serial_all, pooled_returned, pooled_all);
    std::fflush(stdout);
  }

  // ---- The runs.
  std::vector<RunFigures> figures;
  for (int r = 0; r < runs; ++r) {
    RunFigures f;
    f.load_before = load_average();
    const MachineMark run_mark;
    {
      const MachineMark idle_mark;
      const double idle_before = cpu_seconds(RUSAGE_SELF);
      std::this_thread::sleep_for(2s);
      f.idle_cpu_ms_per_s = (cpu_seconds(RUSAGE_SELF) - idle_before) * 1000 / 2;
      f.idle_others_cores = idle_mark.others_cores_until_now();
    }
    f.batched = measure_cycles(batched, counted, cycles, servers, true);
    const CycleParts parts = cycle_parts(database, repository, watched, ids_by_region, 20);
    f.read_p50 = parts.read;
    f.read_two_p50 = parts.read_two;
    f.cloud_p50 = parts.describe;
    f.naive = measure_cycles(naive, counted, naive_cycles, servers, false);
    f.alone = measure_requests(portal_port, token, requests, nullptr);
    f.during_batched = measure_requests(portal_port, token, requests, &batched);
    f.during_naive = measure_requests(portal_port, token, requests, &naive);
    f.others_cores = run_mark.others_cores_until_now();
    f.load_after = load_average();
    figures.push_back(f);
    std::printf(
        "run %d: load average %s before, %s after; other processes used %.2f cores on average during the run "
        "(%.2f while idle); this process's background while idle %.1f ms CPU per second\n",
        r + 1, f.load_before.c_str(), f.load_after.c_str(), f.others_cores, f.idle_others_cores, f.idle_cpu_ms_per_s);
    std::printf(
        "run %d: a batched cycle's parts alone (p50 of 20): the SQL read of every server %.2f ms (the same "
        "rows and admins in two statements: %.2f ms), its DescribeInstances calls %.2f ms\n",
        r + 1, f.read_p50, f.read_two_p50, f.cloud_p50);
    std::fflush(stdout);
  }
  if (watched.failures() != 0) fail(std::to_string(watched.failures()) + " DescribeInstances answers were failures");

  std::printf("\n| %-6s | %-45s | %6s | %9s | %9s | %9s | %9s | %12s | %12s | %-24s |\n", "run", "state sync cycle",
              "cycles", "calls", "wall p50", "wall p99", "wall max", "process CPU", "thread CPU", "naive / batched");
  std::printf("| %-6s | %-45s | %6s | %9s | %9s | %9s | %9s | %12s | %12s | %-24s |\n", "", "", "", "per cycle", "ms",
              "ms", "ms", "ms per cycle", "ms per cycle", "(p50 wall, process CPU)");
  std::printf(
      "|--------|-----------------------------------------------|--------|-----------|-----------|-----------|"
      "-----------|--------------|--------------|--------------------------|\n");
  const auto batched_of = [](const RunFigures& f) -> const CycleFigures& { return f.batched; };
  const auto naive_of = [](const RunFigures& f) -> const CycleFigures& { return f.naive; };
  for (int r = 0; r < runs; ++r) {
    const auto& f = figures[static_cast<std::size_t>(r)];
    print_cycles(std::to_string(r + 1), "batched: Provisioner::sync(), <= 100 ids/call", f.batched, nullptr);
    print_cycles(std::to_string(r + 1), "naive: one DescribeInstances per server", f.naive, &f.batched);
  }
  const CycleFigures mb = median_cycles(figures, batched_of);
  const CycleFigures mn = median_cycles(figures, naive_of);
  print_cycles("median", "batched: Provisioner::sync(), <= 100 ids/call", mb, nullptr);
  print_cycles("median", "naive: one DescribeInstances per server", mn, &mb);

  std::printf("\n| %-6s | %-44s | %8s | %7s | %7s | %8s | %7s | %11s | %8s |\n", "run",
              "GET /api/scrim/getUserServers, 20 servers", "requests", "p50 ms", "p99 ms", "max ms", "non-2xx",
              "sync cycles", "p99 x");
  std::printf(
      "|--------|----------------------------------------------|----------|---------|---------|----------|"
      "---------|-------------|----------|\n");
  const auto alone_of = [](const RunFigures& f) -> const HttpFigures& { return f.alone; };
  const auto during_batched_of = [](const RunFigures& f) -> const HttpFigures& { return f.during_batched; };
  const auto during_naive_of = [](const RunFigures& f) -> const HttpFigures& { return f.during_naive; };
  for (int r = 0; r < runs; ++r) {
    const auto& f = figures[static_cast<std::size_t>(r)];
    print_requests(std::to_string(r + 1), "alone (reference)", f.alone, f.alone);
    print_requests(std::to_string(r + 1), "during batched sync cycles, back to back", f.during_batched, f.alone);
    print_requests(std::to_string(r + 1), "during naive sync cycles, back to back", f.during_naive, f.alone);
  }
  const HttpFigures ma = median_requests(figures, alone_of);
  print_requests("median", "alone (reference)", ma, ma);
  print_requests("median", "during batched sync cycles, back to back", median_requests(figures, during_batched_of), ma);
  print_requests("median", "during naive sync cycles, back to back", median_requests(figures, during_naive_of), ma);

  const auto* sync_job = job(portal.jobs().stats(), "pracc.sync");
  std::printf("\nthe App's own pracc.sync job ran %llu time(s) (at start-up, before any server existed)\n",
              static_cast<unsigned long long>(sync_job ? sync_job->runs : 0));
  std::fflush(stdout);

  portal.stop();
  portal.wait();
  return sync_job && sync_job->runs == 1 ? 0 : 1;
}

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "bench_rental_sync: %s\n", error.what());
    return 1;
  }
}
