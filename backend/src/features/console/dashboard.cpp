#include "features/console/dashboard.hpp"

#include "core/clock.hpp"

#include <boost/json/object.hpp>

#include <chrono>

namespace portal::console {

namespace {

constexpr std::int64_t kDaySeconds = 24 * 3600;

boost::json::value optional_json(const std::optional<std::int64_t>& value) {
  return value ? boost::json::value(*value) : boost::json::value(nullptr);
}

void add_revenue(boost::json::array& out, const char* period, const std::vector<Revenue>& lines) {
  for (const auto& line : lines) {
    out.push_back({{"period", period},
                   {"method", line.method},
                   {"currency", line.currency},
                   {"orders", line.orders},
                   {"amount_minor", line.amount_minor}});
  }
}

boost::json::object dashboard_json(const DashboardPorts& ports) {
  const std::int64_t now = ports.now_unix();
  const LiveServerCounts live = ports.live ? ports.live() : LiveServerCounts{};
  boost::json::array players;
  if (ports.players_since) {
    for (const auto& sample : ports.players_since(now - kDaySeconds)) {
      players.push_back({{"at", sample.at}, {"players", sample.players}});
    }
  }
  boost::json::object rentals;
  std::int64_t failed = 0;
  if (ports.rentals_by_state) {
    for (const auto& [state, count] : ports.rentals_by_state()) {
      rentals[state] = count;
      if (state == "LAUNCH_FAILED" || state == "LAUNCH_RETRYING") failed += count;
    }
  }
  boost::json::array revenue;
  if (ports.revenue_since) {
    add_revenue(revenue, "today", ports.revenue_since(business_day_start(now)));
    add_revenue(revenue, "month", ports.revenue_since(business_month_start(now)));
  }
  boost::json::array jobs;
  if (ports.jobs) {
    for (const auto& job : ports.jobs()) {
      jobs.push_back(
          {{"name", job.name},
           {"last_run_at", optional_json(job.last_run_at)},
           {"last_ok_at", optional_json(job.last_ok_at)},
           {"failures", job.failures},
           {"last_error", job.last_error.empty() ? boost::json::value(nullptr) : boost::json::value(job.last_error)}});
    }
  }
  return {{"players_online", live.players_online},
          {"players_24h", std::move(players)},
          {"servers_total", live.servers_total},
          {"servers_offline", live.servers_offline},
          {"rentals_by_state", std::move(rentals)},
          {"revenue", std::move(revenue)},
          {"failed_provisioning", failed},
          {"payments_held", ports.payments_held ? ports.payments_held() : 0},
          {"jobs", std::move(jobs)},
          {"at", now}};
}

}  // namespace

std::int64_t business_day_start(std::int64_t now) {
  const std::int64_t local = now + core::kBusinessUtcOffsetSeconds;
  const std::int64_t day = local >= 0 ? local / kDaySeconds : (local - kDaySeconds + 1) / kDaySeconds;
  return day * kDaySeconds - core::kBusinessUtcOffsetSeconds;
}

std::int64_t business_month_start(std::int64_t now) {
  using namespace std::chrono;
  const sys_days local_day = floor<days>(sys_seconds{seconds{now + core::kBusinessUtcOffsetSeconds}});
  const year_month_day date{local_day};
  const sys_days first{date.year() / date.month() / day{1}};
  return duration_cast<seconds>(first.time_since_epoch()).count() - core::kBusinessUtcOffsetSeconds;
}

void register_dashboard_route(http::RouteTable& routes, DashboardPorts ports) {
  routes.add(http::Route{
      .method = http::Method::get,
      .pattern = "/api/console/dashboard",
      .access = http::Access::op,
      .handler = [ports = std::move(ports)](http::Request&) { return http::json_response(dashboard_json(ports)); },
      .summary = "Console: the dashboard (players, servers, rentals, revenue, held payments, job health)",
  });
}

}  // namespace portal::console
