// GET /api/servers as the portal serves it: the real servers feature (routes, Service, SnapshotStore,
// Tracker, Repository over a migrated SQLite database) on the real HTTP stack, with 1,000 synthetic
// servers, for bench/run.sh to load with wrk next to nginx and Express serving the same list.
//
//   bench_servers_endpoint --port N --io-threads T [--servers 1000] --write-json FILE --write-gzip FILE
// prints "listening on http://127.0.0.1:PORT" and serves until SIGINT/SIGTERM. The two files get the
// exact bytes the route answers with (plain, and with Accept-Encoding: gzip), so the references can
// serve identical bytes.

#include "app/process/stop_signals.hpp"
#include "db/database.hpp"
#include "db/migrations.hpp"
#include "features/servers/routes.hpp"
#include "http/dispatcher.hpp"
#include "http/server.hpp"
#include "http/worker_pool.hpp"

#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <stdexcept>

namespace servers = portal::servers;

namespace {

// A community's list: a few dozen machines with many ports each, Chinese and English names, every
// mode and region the portal knows, the usual map pool, player counts from empty to full.
std::vector<servers::GameServer> synthetic_servers(int count, std::mt19937& rng) {
  static constexpr std::array<const char*, 6> kTags = {"社区", "CN", "萌新", "老兵", "Asia", "娱乐"};
  const auto& categories = servers::known_categories();
  const auto& regions = servers::known_regions();
  std::vector<servers::GameServer> list;
  for (int i = 0; i < count; ++i) {
    servers::GameServer server;
    server.ip = "203.0." + std::to_string(113 + i / 25 / 250) + "." + std::to_string(i / 25 % 250 + 1);
    server.port = 27015 + i % 25;
    server.category = std::string(categories[rng() % categories.size()]);
    server.region = std::string(regions[rng() % 6]);  // most of a Chinese community is on the mainland
    server.name = "【" + std::string(kTags[rng() % kTags.size()]) + "】" + server.category + " #" +
                  std::to_string(i + 1) + " | 128 tick | QQ群 " + std::to_string(100000 + rng() % 900000);
    if (i % 7 == 0) server.name_display = "CS2 Community #" + std::to_string(i + 1);
    server.ontop = i < 5 ? 5 - i : 0;
    server.star = static_cast<int>(rng() % 6);
    list.push_back(std::move(server));
  }
  return list;
}

// What a refresh cycle would have read: 95 % answer, with a map and a player count.
std::vector<servers::LiveReading> synthetic_readings(std::size_t count, std::mt19937& rng) {
  static constexpr std::array<const char*, 10> kMaps = {"de_mirage",  "de_inferno", "de_dust2",   "de_nuke",
                                                        "de_ancient", "de_anubis",  "de_vertigo", "de_overpass",
                                                        "cs_office",  "aim_map"};
  static constexpr std::array<int, 5> kSlots = {10, 12, 16, 20, 32};
  std::vector<servers::LiveReading> readings(count);
  for (auto& reading : readings) {
    reading.answered = rng() % 20 != 0;
    reading.map = kMaps[rng() % kMaps.size()];
    reading.max_players = kSlots[rng() % kSlots.size()];
    reading.players = static_cast<int>(rng() % (reading.max_players + 1));
  }
  return readings;
}

// A temp folder removed with everything in it on every way out of main.
struct TempDir {
  std::filesystem::path path;
  TempDir() {
    std::string name = (std::filesystem::temp_directory_path() / "portal-bench-db.XXXXXX").string();
    if (!mkdtemp(name.data())) throw std::runtime_error("mkdtemp failed");
    path = name;
  }
  ~TempDir() { std::filesystem::remove_all(path); }
};

void write_file(const std::string& path, const std::string& bytes) {
  if (!path.empty()) std::ofstream(path, std::ios::binary) << bytes;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App cli{"GET /api/servers benchmark server"};
  int port = 0;
  int io_threads = 2;
  int count = 1000;
  std::string json_file;
  std::string gzip_file;
  cli.add_option("--port", port);
  cli.add_option("--io-threads", io_threads);
  cli.add_option("--servers", count, "Servers in the snapshot");
  cli.add_option("--write-json", json_file, "Write the plain JSON the route serves to this file");
  cli.add_option("--write-gzip", gzip_file, "Write the gzip bytes the route serves to this file");
  CLI11_PARSE(cli, argc, argv);

  const sigset_t signals = portal::app::block_stop_signals();
  spdlog::set_level(spdlog::level::warn);

  // A throwaway database: the servers go through Service::add (validation, ids) like an operator's.
  const TempDir db_dir;  // declared first: removed after the database is closed
  portal::db::Database database({.sqlite_path = db_dir.path / "portal.db"});
  portal::db::migrate(database, portal::db::embedded_migrations(database.engine()));
  servers::Repository repository(database);
  servers::Tracker tracker({});
  servers::SnapshotStore store;
  servers::Service service(repository, tracker, store, std::chrono::hours(24));

  std::mt19937 rng(20261121);  // fixed: every run serves the same list
  for (auto& server : synthetic_servers(count, rng)) {
    if (auto added = service.add(std::move(server)); !added) {
      std::fprintf(stderr, "bench: server not added: %s\n", added.error().message.c_str());
      return 1;
    }
  }
  const auto stored = service.all();
  store.set(tracker.apply_cycle(stored, synthetic_readings(stored.size(), rng), servers::Tracker::Clock::now()));
  const auto snapshot = store.get();
  write_file(json_file, *snapshot->json);
  write_file(gzip_file, *snapshot->json_gzip);

  portal::http::RouteTable routes;
  servers::register_routes(routes, service);
  portal::http::NoAuthenticator authenticator;
  portal::http::Metrics metrics;
  portal::http::Dispatcher dispatcher(portal::http::Router(std::move(routes)), authenticator, nullptr,
                                      portal::http::ResponsePolicy({}), metrics, {.access_log = false});
  portal::http::WorkerPool workers(1);
  portal::http::Server server({.port = static_cast<std::uint16_t>(port), .io_threads = io_threads}, dispatcher,
                              workers);
  const auto bound = server.start();
  std::printf("servers: %zu, json %zu bytes, gzip %zu bytes\n", snapshot->servers.size(), snapshot->json->size(),
              snapshot->json_gzip->size());
  std::printf("listening on http://127.0.0.1:%u\n", static_cast<unsigned>(bound));
  std::fflush(stdout);
  portal::app::wait_for_stop_signal(signals);
  server.stop();
  server.wait();
  return 0;
}
