#include "app/wiring/console.hpp"

#include "app/demo/demo_operator.hpp"
#include "core/clock.hpp"
#include "core/jobs/scheduler.hpp"
#include "features/auth/console_routes.hpp"
#include "features/console/audit_routes.hpp"
#include "features/console/dashboard.hpp"
#include "features/payments/order_state.hpp"
#include "features/pracc/rental_rules.hpp"
#include "features/servers/service.hpp"
#include "integrations/payments/provider.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include <chrono>

namespace portal::app {

namespace {

// The console's detail page shows the latest orders; the orders list finds the rest.
constexpr std::int64_t kOrdersShown = 50;

boost::json::value optional_json(const std::optional<std::int64_t>& value) {
  return value ? boost::json::value(*value) : boost::json::value(nullptr);
}

std::optional<std::int64_t> unix_of(const std::optional<std::chrono::system_clock::time_point>& at) {
  if (!at) return std::nullopt;
  return std::chrono::duration_cast<std::chrono::seconds>(at->time_since_epoch()).count();
}

boost::json::object order_json(const payments::Order& order) {
  return {{"id", order.id},
          {"product_type", order.product_type},
          {"product_id", order.product_id},
          {"method", payments::to_string(order.method)},
          {"state", payments::to_string(order.state)},
          {"currency", order.amount.currency},
          {"amount_minor", order.amount.minor},
          {"created_at", order.created_at},
          {"paid_at", optional_json(order.paid_at)},
          {"refunded_at", optional_json(order.refunded_at)}};
}

boost::json::object rental_json(const pracc::RentalServer& server, std::int64_t owner) {
  return {{"id", server.id},
          {"name", server.name},
          {"region", server.region},
          {"status", pracc::web_status(server)},
          {"owner", server.owner_user_id == owner},
          {"maintenance", server.maintenance},
          {"expires_at", server.expires_at},
          {"created_at", server.created_at}};
}

}  // namespace

Console::Console(const Config& config, db::Database& database, servers::Service& servers)
    : config_(config),
      servers_(servers),
      people_repo_(database),
      people_(people_repo_, core::system_unix_now),
      audit_(database),
      orders_(database),
      revenue_(database),
      rentals_(database),
      rental_counts_(database),
      player_totals_(database) {
  if (config.mode == Mode::demo) seed_demo_operator(people_repo_, core::system_unix_now());
}

void Console::register_routes(http::RouteTable& routes) {
  const bool rentals_on = config_.features.pracc_enabled;
  auth::register_people_console_routes(
      routes, auth::PeopleRoutesDeps{
                  .people = people_,
                  .orders_of =
                      [this](std::int64_t user_id) {
                        boost::json::array out;
                        for (const auto& order : orders_.list_for_user(user_id, 0, kOrdersShown).orders) {
                          out.push_back(order_json(order));
                        }
                        return out;
                      },
                  .rentals_of =
                      [this, rentals_on](std::int64_t user_id, const std::string& steam_id) {
                        boost::json::array out;
                        if (!rentals_on) return out;
                        const auto servers = rentals_.for_user(user_id, steam_id);
                        // Newest first, and the relocated records of a region switch are the same server.
                        for (auto it = servers.rbegin(); it != servers.rend(); ++it) {
                          if (it->phase != pracc::Phase::relocated) out.push_back(rental_json(*it, user_id));
                        }
                        return out;
                      },
              });
  console::register_audit_routes(routes, audit_, core::system_unix_now);
  console::register_dashboard_route(
      routes,
      console::DashboardPorts{
          .live =
              [this] {
                console::LiveServerCounts counts;
                for (const auto& server : servers_.snapshot()->servers) {
                  ++counts.servers_total;
                  if (!server.open) ++counts.servers_offline;
                  counts.players_online += server.players;
                }
                return counts;
              },
          .players_since =
              [this](std::int64_t since) {
                std::vector<console::PlayersAt> out;
                for (const auto& sample : player_totals_.totals_since(since)) {
                  out.push_back({sample.bucket_start, sample.players});
                }
                return out;
              },
          .rentals_by_state = rentals_on ? std::function<std::map<std::string, std::int64_t>()>(
                                               [this] { return rental_counts_.by_web_status(); })
                                         : nullptr,
          .revenue_since =
              [this](std::int64_t since) {
                std::vector<console::Revenue> out;
                for (const auto& line : revenue_.paid_since(since)) {
                  out.push_back({line.method, line.currency, line.orders, line.amount_minor});
                }
                return out;
              },
          .payments_held = [this] { return revenue_.count_held(); },
          .jobs =
              [this] {
                std::vector<console::JobHealth> out;
                if (!jobs_) return out;
                for (const auto& job : jobs_->stats()) {
                  out.push_back({job.name, unix_of(job.last_run), unix_of(job.last_ok), job.failures, job.last_error});
                }
                return out;
              },
          .now_unix = core::system_unix_now,
      });
}

}  // namespace portal::app
