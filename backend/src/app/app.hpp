#pragma once
// The composition root: from one Config, the platform (database, pools, job scheduler, HTTP server)
// and the product's modules (app/modules.cpp), each handled the same way: routes, rate limits,
// settings, frame origins, jobs, start and stop. Tests build the same App on port 0 with a fresh
// database.

#include "app/config/config.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace portal::http {
class RouteTable;
}
namespace portal::core::jobs {
class Scheduler;
}

namespace portal::app {

class App {
 public:
  // Lets tests add routes of their own (slow handlers, throwing handlers) to the real stack.
  using ExtraRoutes = std::function<void(http::RouteTable&)>;

  // Opens the database, applies migrations and assembles the route table. Throws on failure.
  explicit App(Config config, ExtraRoutes extra_routes = {});
  ~App();
  App(const App&) = delete;
  App& operator=(const App&) = delete;

  std::uint16_t start();  // returns the bound port
  void stop();            // graceful; returns at once
  void wait();            // until stopped, then the worker pool is drained

  const Config& config() const;
  // The background jobs of this instance (which it leads, runs, failures), for tests.
  core::jobs::Scheduler& jobs();
  // "METHOD /pattern" of every route, for the OpenAPI coverage test.
  std::vector<std::string> route_list() const;
  // The route table as text: method, path, access, execution, rate limit (`portal routes`).
  std::string route_table() const;
  std::string local_url() const;  // http://host:port of the running server

 private:
  void stop_modules();  // once, in reverse order

  struct Parts;
  std::unique_ptr<Parts> parts_;
};

}  // namespace portal::app
