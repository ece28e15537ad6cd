#pragma once
// The operator console's dashboard (docs/console.md): what the operator looks at first. Every figure
// belongs to another feature; the app hands each in as a port (null: the feature is off, the figure is
// zero). Days and months are counted in GMT+8, as the spec counts days.

#include "http/route.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace portal::console {

struct LiveServerCounts {
  std::int64_t players_online = 0;
  std::int64_t servers_total = 0;
  std::int64_t servers_offline = 0;
};

struct PlayersAt {
  std::int64_t at = 0;
  std::int64_t players = 0;
};

struct Revenue {
  std::string method;
  std::string currency;
  std::int64_t orders = 0;
  std::int64_t amount_minor = 0;
};

struct JobHealth {
  std::string name;
  std::optional<std::int64_t> last_run_at;
  std::optional<std::int64_t> last_ok_at;
  std::uint64_t failures = 0;
  std::string last_error;
};

struct DashboardPorts {
  std::function<LiveServerCounts()> live;
  std::function<std::vector<PlayersAt>(std::int64_t since)> players_since;
  std::function<std::map<std::string, std::int64_t>()> rentals_by_state;
  std::function<std::vector<Revenue>(std::int64_t since)> revenue_since;
  std::function<std::int64_t()> payments_held;
  std::function<std::vector<JobHealth>()> jobs;
  std::function<std::int64_t()> now_unix;
};

// The first second of the GMT+8 day and of the GMT+8 month that hold `now`, as unix seconds.
std::int64_t business_day_start(std::int64_t now);
std::int64_t business_month_start(std::int64_t now);

void register_dashboard_route(http::RouteTable& routes, DashboardPorts ports);

}  // namespace portal::console
