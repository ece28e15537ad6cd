#include "features/payments/console_routes.hpp"

#include "core/steam_id.hpp"
#include "core/text.hpp"
#include "features/payments/console_dto.hpp"
#include "features/payments/errors.hpp"
#include "http/api_error.hpp"
#include "http/console_params.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include <algorithm>
#include <cctype>

namespace portal::payments {

namespace {

using http::Request;
using http::Response;
namespace json = boost::json;

constexpr std::size_t kMaxQueryBytes = 254;  // an e-mail address at most

Response error(const core::Error& e) {
  if (e.code == "PAYMENT_PROVIDER_ERROR") return http::error_response(e, 502);
  return http::error_response(e);
}

std::string actor_of(const Request& request) { return "op:" + request.principal->steam_id; }

json::value optional_time(const std::optional<std::int64_t>& at) {
  return at ? json::value(*at) : json::value(nullptr);
}

json::object price_json(const Price& p) {
  return {{"product_type", p.key.product_type}, {"duration", p.key.duration_hours}, {"relocatable", p.key.relocatable},
          {"currency", p.key.currency},         {"amount_minor", p.amount_minor},   {"updated_at", p.updated_at}};
}

json::object order_json(const ConsoleOrder& item) {
  const Order& o = item.order;
  return {{"id", o.id},
          {"user_id", o.user_id},
          {"steam_id", o.steam_id},
          {"email", item.email},
          {"product_type", o.product_type},
          {"product_id", o.product_id},
          {"options", o.options},
          {"duration", o.duration_hours},
          {"relocatable", o.relocatable},
          {"amount_minor", o.amount.minor},
          {"currency", o.amount.currency},
          {"method", to_string(o.method)},
          {"state", to_string(o.state)},
          {"status", web_status(o.state)},
          {"provider_ref", o.provider_ref},
          {"capture_ref", o.capture_ref},
          {"created_at", o.created_at},
          {"expires_at", o.expires_at},
          {"paid_at", optional_time(o.paid_at)},
          {"fulfilled_at", optional_time(o.fulfilled_at)},
          {"refunded_at", optional_time(o.refunded_at)}};
}

json::object event_json(const OrderHistoryEntry& e) {
  json::object details;
  if (e.kind == "transition") {
    details = {{"detail", e.detail}};
  } else if (e.kind == "notification") {
    details = {{"provider", e.provider}, {"event_id", e.event_id}, {"outcome", e.outcome}, {"body", e.raw_body}};
  } else {
    details = {{"refund_id", e.event_id}, {"state", e.outcome}, {"provider_refund_ref", e.detail}};
  }
  const auto state = [](const std::string& s) { return s.empty() ? json::value(nullptr) : json::value(s); };
  return {{"at", e.at},
          {"kind", e.kind},
          {"from_state", state(e.from_state)},
          {"to_state", state(e.to_state)},
          {"actor", e.actor.empty() ? json::value(nullptr) : json::value(e.actor)},
          {"details", details}};
}

Response order_detail(const OrderSearch& orders, const std::string& id) {
  auto found = orders.find(id);
  if (!found) return error(errors::order_not_found());
  json::object out = order_json(*found);
  json::array events;
  for (const auto& entry : orders.history(id)) events.push_back(event_json(entry));
  out["events"] = std::move(events);
  return http::json_response(out);
}

PriceKey key_of(const std::string& type, std::int64_t duration, std::optional<bool> relocatable,
                const std::string& currency) {
  return PriceKey{.product_type = type,
                  .duration_hours = duration,
                  .relocatable = relocatable.value_or(false),
                  .currency = currency};
}

Response list_prices(const PriceService& prices, const Request& request) {
  const std::string type(request.query_param("product_type").value_or(""));
  if (!type.empty() && !is_product_type(type)) {
    return error(core::validation_failed("product_type", "product_type must be 1-32 characters of a-z, 0-9 and _"));
  }
  auto query = http::list_query(request, {"product_type"}, false);
  if (!query) return error(query.error());
  const auto all = prices.list(type);
  json::array items;
  const auto first = std::min<std::int64_t>(query->offset(), static_cast<std::int64_t>(all.size()));
  const auto last = std::min<std::int64_t>(first + query->page_size, static_cast<std::int64_t>(all.size()));
  for (auto i = first; i < last; ++i) items.push_back(price_json(all[static_cast<std::size_t>(i)]));
  return http::json_response(http::list_json(std::move(items), static_cast<std::int64_t>(all.size()), *query));
}

Response set_price(PriceService& prices, const Request& request) {
  auto body = http::dto::parse_body<dto::PriceBody>(request);
  if (!body) return error(body.error());
  auto set = prices.set_minor(key_of(*body->product_type, body->duration, body->relocatable, *body->currency),
                              body->amount_minor, actor_of(request));
  if (!set) return error(set.error());
  return http::json_response(price_json(*set));
}

Response remove_price(PriceService& prices, const Request& request) {
  auto body = http::dto::parse_body<dto::PriceKeyBody>(request);
  if (!body) return error(body.error());
  const PriceKey key = key_of(*body->product_type, body->duration, body->relocatable, *body->currency);
  if (auto ok = PriceService::check_key(key); !ok) return error(ok.error());
  if (auto removed = prices.remove(key, actor_of(request)); !removed) return error(removed.error());
  return http::empty_response(204);
}

// q is an order id (or its start), a SteamID64 or an e-mail address.
core::Status read_q(const Request& request, OrderSearchFilter& filter) {
  std::string q(request.query_param("q").value_or(""));
  if (q.empty()) return core::Ok{};
  if (q.size() > kMaxQueryBytes) return core::validation_failed("q", "q must be at most 254 bytes");
  q = core::ascii_lower(q);
  if (q.find('@') != std::string::npos) {
    filter.email = q;
  } else if (core::is_steam_id64(q)) {
    filter.steam_id = q;
  } else if (q.size() <= 40 && std::all_of(q.begin(), q.end(), [](char c) {
               return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
             })) {
    filter.id_prefix = q;
  } else {
    return core::validation_failed("q", "q must be an order id or its start, a SteamID64 or an e-mail address");
  }
  return core::Ok{};
}

core::Result<OrderSearchFilter> filter_of(const Request& request) {
  OrderSearchFilter filter;
  if (auto ok = read_q(request, filter); !ok) return ok.error();
  auto state = http::one_of(
      request, "state", {"created", "awaiting_payment", "paid", "fulfilled", "expired", "failed", "refunded", "held"});
  if (!state) return state.error();
  if (!state->empty()) filter.state = order_state_from(*state);
  auto method = http::one_of(request, "method", {"alipay", "wechat", "paypal"});
  if (!method) return method.error();
  if (!method->empty()) filter.method = method_from(*method);
  filter.product_type = std::string(request.query_param("product_type").value_or(""));
  if (!filter.product_type.empty() && !is_product_type(filter.product_type)) {
    return core::validation_failed("product_type", "product_type must be 1-32 characters of a-z, 0-9 and _");
  }
  auto from = http::unix_time(request, "from");
  if (!from) return from.error();
  filter.from = *from;
  auto to = http::unix_time(request, "to");
  if (!to) return to.error();
  filter.to = *to;
  auto query = http::list_query(request, {"created_at", "amount_minor"});
  if (!query) return query.error();
  filter.sort_by_amount = query->sort == "amount_minor";
  filter.descending = query->descending;
  filter.offset = query->offset();
  filter.limit = query->page_size;
  return filter;
}

Response list_orders(const OrderSearch& orders, const Request& request) {
  auto filter = filter_of(request);
  if (!filter) return error(filter.error());
  auto query = http::list_query(request, {"created_at", "amount_minor"});
  const auto page = orders.search(*filter);
  json::array items;
  for (const auto& item : page.items) items.push_back(order_json(item));
  return http::json_response(http::list_json(std::move(items), page.total, *query));
}

Response refund(PaymentProcessor& processor, const OrderSearch& orders, const Request& request) {
  auto body = http::dto::parse_body<dto::ReasonBody>(request);
  if (!body) return error(body.error());
  auto reason = http::checked_reason(*body->reason);
  if (!reason) return error(reason.error());
  const std::string id(request.path_param("id"));
  auto refunded = processor.refund(id, *reason, actor_of(request));
  if (!refunded) return error(refunded.error());
  return order_detail(orders, id);
}

Response release(PaymentProcessor& processor, const OrderSearch& orders, const Request& request) {
  auto body = http::dto::parse_body<dto::ReasonBody>(request);
  if (!body) return error(body.error());
  auto reason = http::checked_reason(*body->reason);
  if (!reason) return error(reason.error());
  const std::string id(request.path_param("id"));
  auto released = processor.release(id, *reason, actor_of(request));
  if (!released) return error(released.error());
  return order_detail(orders, id);
}

}  // namespace

void register_console_routes(http::RouteTable& routes, ConsoleRoutesDeps deps) {
  using http::Access;
  using http::Exec;
  using http::Method;
  PriceService& prices = deps.prices;
  const OrderSearch& orders = deps.orders;
  PaymentProcessor& processor = deps.processor;

  routes.add({.method = Method::get,
              .pattern = "/api/console/prices",
              .access = Access::op,
              .handler = [&prices](Request& r) { return list_prices(prices, r); },
              .summary = "Console: the price table, optionally of one product type"});
  routes.add({.method = Method::put,
              .pattern = "/api/console/prices",
              .access = Access::op,
              .handler = [&prices](Request& r) { return set_price(prices, r); },
              .json_body = true,
              .summary = "Console: set (add or change) one price"});
  routes.add({.method = Method::del,
              .pattern = "/api/console/prices",
              .access = Access::op,
              .handler = [&prices](Request& r) { return remove_price(prices, r); },
              .json_body = true,
              .summary = "Console: remove one price (it can no longer be ordered)"});
  routes.add({.method = Method::get,
              .pattern = "/api/console/orders",
              .access = Access::op,
              .handler = [&orders](Request& r) { return list_orders(orders, r); },
              .summary = "Console: every order, filtered, sorted and paged"});
  routes.add({.method = Method::get,
              .pattern = "/api/console/orders/{id}",
              .access = Access::op,
              .handler = [&orders](Request& r) { return order_detail(orders, std::string(r.path_param("id"))); },
              .summary = "Console: one order with every transition and provider notification"});
  // Asks the provider: on the outbound pool.
  routes.add({.method = Method::post,
              .pattern = "/api/console/orders/{id}/refund",
              .access = Access::op,
              .exec = Exec::outbound,
              .handler = [&processor, &orders](Request& r) { return refund(processor, orders, r); },
              .json_body = true,
              .summary = "Console: give an order's money back and take the product back"});
  routes.add({.method = Method::post,
              .pattern = "/api/console/orders/{id}/release",
              .access = Access::op,
              .handler = [&processor, &orders](Request& r) { return release(processor, orders, r); },
              .json_body = true,
              .summary = "Console: a payment held for review goes on to fulfilment"});
}

}  // namespace portal::payments
