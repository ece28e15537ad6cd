#pragma once
// What a feature hands the composition root: its routes, its per-address rate-limit policies, its
// part of GET /api/config, the origins its pages frame or are framed by, its background jobs, and
// what it must do when the portal starts and stops. app/modules.cpp lists the modules; App does the
// rest the same way for each, so a new feature is one class in app/wiring/ and one line in that list.

#include "core/rate_limiter.hpp"
#include "features/content/public_settings.hpp"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace portal::http {
class RouteTable;
}
namespace portal::core::jobs {
class Scheduler;
}

namespace portal::app {

using RateLimitPolicies = std::map<std::string, core::RateLimit, std::less<>>;

class Module {
 public:
  virtual ~Module() = default;

  // One word for logs: "accounts", "leaderboard".
  virtual std::string_view name() const = 0;
  virtual void register_routes(http::RouteTable& routes) = 0;
  // Policies its routes name (Route::rate_limit); names are unique across modules.
  virtual RateLimitPolicies rate_limit_policies() const { return {}; }
  // Fills the fields of GET /api/config it owns.
  virtual void contribute_settings(content::PublicSettings& settings) const { (void)settings; }
  // Outside origins allowed to frame the portal or be framed by it (frame-src / frame-ancestors).
  virtual std::vector<std::string> frame_origins() const { return {}; }
  virtual void add_jobs(core::jobs::Scheduler& jobs) { (void)jobs; }
  // Before the server listens / after it has stopped and the pools are drained (reverse list order).
  virtual void start() {}
  virtual void stop() {}
};

}  // namespace portal::app
