#include "features/payments/routes.hpp"

#include "core/text.hpp"
#include "features/payments/dto.hpp"
#include "features/payments/pricing_rules.hpp"
#include "http/api_error.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include <cctype>
#include <charconv>
#include <chrono>
#include <optional>

namespace portal::payments {

namespace {

using namespace std::chrono_literals;
using http::Request;
using http::Response;

constexpr const char* kOrderLimit = "payments.order";
constexpr const char* kPayLimit = "payments.pay";

Response error(const core::Error& e) {
  // The provider's failure is a bad gateway, not the portal being busy.
  if (e.code == "PAYMENT_PROVIDER_ERROR") return http::error_response(e, 502);
  return http::error_response(e);
}

Buyer buyer_of(const Request& request) {
  Buyer buyer;
  const auto& principal = *request.principal;
  std::from_chars(principal.user_id.data(), principal.user_id.data() + principal.user_id.size(), buyer.user_id);
  buyer.steam_id = principal.steam_id;
  return buyer;
}

boost::json::value optional_time(const std::optional<std::int64_t>& at) {
  return at ? boost::json::value(*at) : boost::json::value(nullptr);
}

boost::json::object order_json(const Order& o) {
  return {{"id", o.id},
          {"status", web_status(o.state)},
          {"state", to_string(o.state)},
          {"productType", o.product_type},
          {"productId", o.product_id},
          {"duration", o.duration_hours},
          {"amount", major_units(o.amount.minor)},
          {"currency", o.amount.currency},
          {"method", to_string(o.method)},
          {"createdAt", o.created_at},
          {"paidAt", optional_time(o.paid_at)},
          {"expiresAt", o.expires_at}};
}

Response pricing(const PriceService& prices, const Request& request) {
  const std::string type(request.query_param("product_type").value_or(""));
  const std::string currency(request.query_param("currency").value_or(""));
  auto items = prices.pricing(type, currency);
  if (!items) return error(items.error());
  boost::json::array out;
  for (const auto& price : *items) {
    out.push_back({{"duration", price.key.duration_hours},
                   {"relocatable", price.key.relocatable},
                   {"amount", major_units(price.amount_minor)}});
  }
  auto response = http::json_response(boost::json::object{{"data", {{"currency", currency}, {"items", out}}}});
  response.set_header("Cache-Control", "public, max-age=60");
  return response;
}

Response create_order(OrderService& orders, const Request& request) {
  auto body = http::dto::parse_body<dto::CreateOrder>(request);
  if (!body) return error(body.error());
  auto order =
      orders.create(buyer_of(request), NewOrder{*body->currency, *body->productType, *body->productId, *body->options});
  if (!order) return error(order.error());
  return http::json_response(boost::json::object{{"id", order->id},
                                                 {"status", web_status(order->state)},
                                                 {"amount", major_units(order->amount.minor)},
                                                 {"currency", order->amount.currency},
                                                 {"expiresAt", order->expires_at}},
                             201);
}

Response pay(OrderService& orders, const Request& request) {
  auto body = http::dto::parse_body<dto::Pay>(request);
  if (!body) return error(body.error());
  auto order = orders.pay(buyer_of(request), *body->orderId, *body->method);
  if (!order) return error(order.error());
  boost::json::object out{{"payment_url", order->payment_url},
                          {"expiresAt", order->expires_at},
                          {"expiresIn", orders.seconds_left(*order)}};
  if (order->qr_payload) out["qr_code"] = *order->qr_payload;
  return http::json_response(out);
}

Response get_order(OrderService& orders, const Request& request) {
  auto order = orders.get(buyer_of(request), std::string(request.path_param("id")));
  if (!order) return error(order.error());
  return http::json_response(order_json(*order));
}

Response list_orders(OrderService& orders, const Request& request) {
  std::int64_t page = 1;
  if (auto text = request.query_param("page")) {
    const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), page);
    if (ec != std::errc{} || end != text->data() + text->size() || page < 1 || page > 100000) {
      return error(core::validation_failed("page", "page must be a whole number from 1"));
    }
  }
  const PageRequest request_page{page, 20};
  const auto result = orders.list(buyer_of(request), request_page);
  boost::json::array data;
  for (const auto& order : result.orders) data.push_back(order_json(order));
  return http::json_response(boost::json::object{
      {"data", data}, {"page", page}, {"pageSize", request_page.page_size}, {"total", result.total}});
}

Notification notification_of(const Request& request) {
  Notification n;
  for (const auto& [name, value] : request.headers) {
    n.headers[core::ascii_lower(name)] = value;
  }
  n.body = request.body;
  return n;
}

// The dispatcher runs a route's caller check and then its handler on the same thread, one right after
// the other. The payment the check verified is handed over here instead of verifying it twice (for
// PayPal a verification is a call to PayPal).
struct Verified {
  const Request* request = nullptr;
  std::optional<ProviderPayment> payment;
};
thread_local Verified t_verified;

bool verify(const ProviderRegistry& providers, const Request& request) {
  t_verified = {};
  const auto method = method_from(request.path_param("provider"));
  Provider* provider = method ? providers.find(*method) : nullptr;
  if (!provider) return false;
  auto payment = provider->verify_notification(notification_of(request));
  if (!payment) return false;
  t_verified = Verified{&request, std::move(*payment)};
  return true;
}

Response notify(PaymentProcessor& processor, Request& request) {
  const auto method = method_from(request.path_param("provider"));
  if (!method) return error(http::errors::not_found(request.path));
  const Notification notification = notification_of(request);
  NotificationAnswer answer;
  if (t_verified.request == &request && t_verified.payment) {
    answer = processor.handle_verified(*method, notification, *t_verified.payment);
  } else {
    answer = processor.handle(*method, notification);
  }
  t_verified = {};
  return http::text_response(answer.body, answer.content_type, answer.status);
}

// The browser back from the provider's page. PayPal's money is taken only by a capture: ask and apply
// (settle captures) before the page shows the result; the others notify on their own.
Response browser_return(PaymentProcessor& processor, const ProviderRegistry& providers, const std::string& web_url,
                        const Request& request) {
  const std::string order_id(request.query_param("orderId").value_or(""));
  const auto method = method_from(request.path_param("provider"));
  Provider* provider = method ? providers.find(*method) : nullptr;
  if (provider && *method == Method::paypal && !order_id.empty()) {
    if (auto reported = provider->query(order_id, std::string(request.query_param("token").value_or("")))) {
      if (reported->state != ProviderState::pending) processor.apply(*method, *reported, "return:paypal");
    }
  }
  Response response = http::empty_response(302);
  std::string location = web_url;
  // Only an id of our own shape goes back into the URL.
  const bool plain = order_id.size() <= 64 && std::all_of(order_id.begin(), order_id.end(), [](char c) {
                       return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
                     });
  if (!order_id.empty() && plain) location += "?orderId=" + order_id;
  response.set_header("Location", location);
  return response;
}

}  // namespace

void register_routes(http::RouteTable& routes, PaymentRoutesDeps deps) {
  using http::Access;
  using http::Exec;
  using http::Method;
  const PriceService& prices = deps.prices;
  OrderService& orders = deps.orders;
  PaymentProcessor& processor = deps.processor;
  const ProviderRegistry& providers = deps.providers;

  routes.add({.method = Method::get,
              .pattern = "/api/payment/pricing",
              .access = Access::public_access,
              .handler = [&prices](Request& r) { return pricing(prices, r); },
              .summary = "The prices of a product in one currency"});
  routes.add({.method = Method::post,
              .pattern = "/api/payment/orders",
              .access = Access::logged_in,
              .handler = [&orders](Request& r) { return create_order(orders, r); },
              .json_body = true,
              .summary = "Make an order at the price table's price",
              .rate_limit = kOrderLimit});
  routes.add({.method = Method::get,
              .pattern = "/api/payment/orders",
              .access = Access::logged_in,
              .handler = [&orders](Request& r) { return list_orders(orders, r); },
              .summary = "The caller's orders, newest first"});
  routes.add({.method = Method::get,
              .pattern = "/api/payment/orders/{id}",
              .access = Access::logged_in,
              .handler = [&orders](Request& r) { return get_order(orders, r); },
              .summary = "One of the caller's orders (anyone else's is 404)"});
  // Reaches the provider: on the outbound pool.
  routes.add({.method = Method::post,
              .pattern = "/api/payment/pay",
              .access = Access::logged_in,
              .exec = Exec::outbound,
              .handler = [&orders](Request& r) { return pay(orders, r); },
              .json_body = true,
              .summary = "Start paying an order: the payment link, or the QR payload for WeChat",
              .rate_limit = kPayLimit});
  // The signature check may call the provider (PayPal): outbound pool as well.
  routes.add({.method = Method::post,
              .pattern = "/api/payment/notify/{provider}",
              .access = Access::provider_signature,
              .exec = Exec::outbound,
              .handler = [&processor](Request& r) { return notify(processor, r); },
              .summary = "A payment provider's notification, verified before anything else",
              .caller_check = [&providers](const Request& r) { return verify(providers, r); }});
  routes.add({.method = Method::get,
              .pattern = "/api/payment/return/{provider}",
              .access = Access::public_access,
              .exec = Exec::outbound,
              .handler = [&processor, &providers, url = deps.web_result_url](
                             Request& r) { return browser_return(processor, providers, url, r); },
              .summary = "The browser back from the provider's page (PayPal captures first)"});
}

std::map<std::string, core::RateLimit, std::less<>> rate_limit_policies() {
  return {
      {kOrderLimit, {30, 10min}},  // each order row is a write; the per-user cap limits unpaid ones
      {kPayLimit, {30, 10min}},    // each pay may call the provider
  };
}

}  // namespace portal::payments
