#pragma once
// The HTTP/1.1 server on Boost.Beast: accept loop, one coroutine per connection on its own strand,
// keep-alive, read/write/idle timeouts, header and body limits, a cap on connections per client
// address, the named pools handlers run on (503 SERVER_BUSY when the route's pool is full), and a
// graceful stop that lets in-flight requests finish. All Beast and Asio code of the HTTP side lives in
// server.cpp.

#include "http/dispatcher.hpp"
#include "http/worker_pool.hpp"

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace portal::http {

struct ServerOptions {
  std::string host = "127.0.0.1";
  std::uint16_t port = 0;  // 0 picks a free port
  int io_threads = 2;
  std::chrono::seconds read_timeout{30};
  std::chrono::seconds write_timeout{30};
  std::chrono::seconds idle_timeout{60};
  std::chrono::seconds shutdown_grace{10};
  std::size_t header_limit = 8192;
  // Connections one client address may hold open (idle or busy); the next ones are answered 503 and
  // closed. 0 = no cap (the App sets server.max_connections_per_address).
  std::size_t max_connections_per_address = 0;
  std::function<void()> on_io_thread_start;  // runs first on every I/O thread
};

// The pools routes run on, by Route::exec. A pool left null falls back to the database pool.
struct ServerPools {
  WorkerPool* database = nullptr;
  WorkerPool* hashing = nullptr;
  WorkerPool* outbound = nullptr;
};

class Server {
 public:
  // Every route runs on `workers` (the database pool), whatever its exec.
  Server(ServerOptions options, const Dispatcher& dispatcher, WorkerPool& workers);
  Server(ServerOptions options, const Dispatcher& dispatcher, ServerPools pools);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds, listens and starts the I/O threads; returns the bound port. Throws std::system_error.
  std::uint16_t start();
  // Stops accepting, closes idle connections, lets in-flight requests finish (answered with
  // Connection: close) for up to shutdown_grace, then stops. Thread-safe; returns at once.
  void stop();
  // Blocks until the server has stopped and its threads are joined.
  void wait();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace portal::http
