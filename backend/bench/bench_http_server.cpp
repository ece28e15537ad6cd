// The portal's HTTP stack (Beast server, dispatcher, response policy, metrics) serving a 100 KB
// JSON document from memory, for bench/run.sh to load with wrk next to nginx serving the same
// bytes from a file.
//
//   bench_http_server --port N --io-threads T --write-payload FILE
// prints "listening on http://127.0.0.1:PORT" and serves GET /bench/payload.json until SIGINT/SIGTERM.

#include "app/process/stop_signals.hpp"
#include "http/dispatcher.hpp"
#include "http/server.hpp"
#include "http/worker_pool.hpp"

#include <CLI/CLI.hpp>
#include <boost/json/serialize.hpp>
#include <spdlog/spdlog.h>

#include <cstdio>
#include <fstream>

namespace {

// A server list shaped like GET /api/servers, grown until it passes 100 KB.
std::string make_payload() {
  boost::json::array servers;
  for (int i = 0; boost::json::serialize(servers).size() < 100 * 1024; ++i) {
    servers.push_back({{"ip", "10.0." + std::to_string(i / 250) + "." + std::to_string(i % 250 + 1)},
                       {"port", 27015 + i % 10},
                       {"name", "CS2 社区服务器 #" + std::to_string(i) + " | 死亡竞赛 128 tick"},
                       {"name_display", ""},
                       {"players", std::to_string(i % 17) + "/16"},
                       {"category", i % 2 ? "deathmatch" : "retakes"},
                       {"map", i % 3 ? "de_mirage" : "de_inferno"},
                       {"region", i % 4 ? "china" : "asia"},
                       {"open", 1},
                       {"ontop", 0},
                       {"star", i % 5}});
  }
  return boost::json::serialize(servers);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App cli{"HTTP benchmark server"};
  int port = 0;
  int io_threads = 2;
  std::string payload_file;
  cli.add_option("--port", port);
  cli.add_option("--io-threads", io_threads);
  cli.add_option("--write-payload", payload_file, "Also write the payload bytes to this file");
  CLI11_PARSE(cli, argc, argv);

  const sigset_t signals = portal::app::block_stop_signals();
  spdlog::set_level(spdlog::level::warn);

  const auto payload = std::make_shared<const std::string>(make_payload());
  if (!payload_file.empty()) std::ofstream(payload_file, std::ios::binary) << *payload;

  portal::http::RouteTable routes;
  routes.get(
      "/bench/payload.json", portal::http::Access::public_access,
      [payload](portal::http::Request&) { return portal::http::shared_response(payload, "application/json"); },
      portal::http::Exec::inline_io);
  portal::http::NoAuthenticator authenticator;
  portal::http::Metrics metrics;
  portal::http::Dispatcher dispatcher(portal::http::Router(std::move(routes)), authenticator, nullptr,
                                      portal::http::ResponsePolicy({}), metrics, {.access_log = false});
  portal::http::WorkerPool workers(1);
  portal::http::Server server({.port = static_cast<std::uint16_t>(port), .io_threads = io_threads}, dispatcher,
                              workers);
  const auto bound = server.start();
  std::printf("listening on http://127.0.0.1:%u\n", static_cast<unsigned>(bound));
  std::fflush(stdout);
  portal::app::wait_for_stop_signal(signals);
  server.stop();
  server.wait();
  return 0;
}
