#include "app/app.hpp"

#include "app/modules.hpp"
#include "app/platform.hpp"
#include "app/process/free_port.hpp"
#include "app/process/ops_routes.hpp"
#include "http/dispatcher.hpp"
#include "http/response_policy.hpp"
#include "http/route_listing.hpp"
#include "http/server.hpp"

#include <spdlog/spdlog.h>

#include <cstdio>
#include <stdexcept>

namespace portal::app {

namespace {

http::ResponsePolicyOptions policy_options(const Config& config, const Modules& modules) {
  http::ResponsePolicyOptions options{
      .hsts = config.security.hsts,
      .hsts_max_age_s = config.security.hsts_max_age_s,
      .cors_origins = config.security.cors_origins,
  };
  for (const auto& module : modules.list) {
    for (auto& origin : module->frame_origins()) options.frame_origins.push_back(std::move(origin));
  }
  return options;
}

// Every module's per-address budgets, by policy name; a name two modules claim is a bug.
RateLimitPolicies rate_limit_policies(const Modules& modules) {
  RateLimitPolicies policies;
  for (const auto& module : modules.list) {
    for (auto& [name, limit] : module->rate_limit_policies()) {
      if (!policies.emplace(name, limit).second) {
        throw std::logic_error("rate-limit policy " + name + " declared twice (module " + std::string(module->name()) +
                               ")");
      }
    }
  }
  return policies;
}

}  // namespace

struct App::Parts {
  Config config;
  std::unique_ptr<PortReservation> reserved_port;  // held from the constructor until the server listens
  std::unique_ptr<Platform> platform;
  Modules modules;
  std::unique_ptr<http::Dispatcher> dispatcher;
  std::unique_ptr<http::Server> server;
  std::uint16_t port = 0;
  bool started = false;
  bool modules_stopped = false;
};

App::App(Config config, ExtraRoutes extra_routes) : parts_(std::make_unique<Parts>()) {
  auto& p = *parts_;
  p.config = std::move(config);
  if (p.config.server.port == 0) {
    p.reserved_port = std::make_unique<PortReservation>(p.config.server.host);
    p.config.server.port = p.reserved_port->port();
  }
  p.platform = std::make_unique<Platform>(p.config);
  auto& platform = *p.platform;
  build_modules(p.modules, p.config, platform.database());
  for (const auto& module : p.modules.list) module->add_jobs(platform.jobs());

  // The whole API: the operations routes, then module by module.
  http::RouteTable routes;
  register_ops_routes(routes, platform.database(), platform.metrics(),
                      [jobs = &platform.jobs()] { return jobs->render_metrics(); });
  for (const auto& module : p.modules.list) module->register_routes(routes);
  if (extra_routes) extra_routes(routes);

  auto static_files = std::make_shared<http::StaticFiles>(p.config.server.web_root);
  if (!static_files->has_index()) {
    spdlog::warn("web app not found at {}; pages answer 503 until `make build` has run", p.config.server.web_root);
  }
  p.dispatcher = std::make_unique<http::Dispatcher>(
      http::Router(std::move(routes)), *p.modules.callers, std::move(static_files),
      http::ResponsePolicy(policy_options(p.config, p.modules)), platform.metrics(),
      http::DispatcherOptions{.default_body_limit = static_cast<std::size_t>(p.config.server.body_limit_bytes),
                              .access_log = p.config.log.access_log,
                              .trust_forwarded_for = p.config.security.trust_forwarded_for,
                              .rate_limits = rate_limit_policies(p.modules)});
  const auto& s = p.config.server;
  p.server = std::make_unique<http::Server>(
      http::ServerOptions{
          .host = s.host,
          .port = static_cast<std::uint16_t>(s.port),
          .io_threads = s.io_threads,
          .read_timeout = std::chrono::seconds(s.read_timeout_s),
          .write_timeout = std::chrono::seconds(s.write_timeout_s),
          .idle_timeout = std::chrono::seconds(s.idle_timeout_s),
          .shutdown_grace = std::chrono::seconds(s.shutdown_grace_s),
          .header_limit = static_cast<std::size_t>(s.header_limit_bytes),
          // Behind a proxy every connection comes from the proxy's address: the cap would starve it.
          .max_connections_per_address =
              p.config.security.trust_forwarded_for ? 0 : static_cast<std::size_t>(s.max_connections_per_address),
          .on_io_thread_start = [] { db::mark_io_thread(); },
      },
      *p.dispatcher, platform.pools());
}

App::~App() {
  if (!parts_) return;
  if (parts_->server) {
    parts_->server->stop();
    parts_->server->wait();
  }
  // The jobs stop before the modules they run go.
  if (parts_->platform) parts_->platform->drain();
  if (parts_->started) stop_modules();
}

std::uint16_t App::start() {
  for (const auto& module : parts_->modules.list) module->start();
  parts_->started = true;
  parts_->platform->jobs().start();
  parts_->port = parts_->server->start();
  if (parts_->reserved_port) parts_->reserved_port->release();
  return parts_->port;
}

void App::stop() { parts_->server->stop(); }

void App::wait() {
  parts_->server->wait();
  parts_->platform->drain();
  stop_modules();
}

void App::stop_modules() {
  if (parts_->modules_stopped) return;
  parts_->modules_stopped = true;
  for (auto it = parts_->modules.list.rbegin(); it != parts_->modules.list.rend(); ++it) (*it)->stop();
}

const Config& App::config() const { return parts_->config; }

core::jobs::Scheduler& App::jobs() { return parts_->platform->jobs(); }

std::string App::route_table() const {
  return http::format_route_table(parts_->dispatcher->router().routes(), rate_limit_policies(parts_->modules));
}

std::vector<std::string> App::route_list() const {
  std::vector<std::string> out;
  for (const auto& route : parts_->dispatcher->router().routes()) {
    out.push_back(std::string(http::to_string(route.method)) + " " + route.pattern);
  }
  return out;
}

std::string App::local_url() const {
  return "http://" + parts_->config.server.host + ":" + std::to_string(parts_->port);
}

}  // namespace portal::app
