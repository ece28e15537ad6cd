#include "features/payments/order_service.hpp"

#include "features/payments/errors.hpp"
#include "features/payments/pricing_rules.hpp"

#include <boost/json/parse.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>

namespace portal::payments {

namespace {

constexpr std::size_t kMaxProductId = 64;

// The engine's part of the options: duration, payment method and (rental) relocatable. The rest is
// the fulfiller's to check.
struct EngineOptions {
  std::int64_t duration_hours = 0;
  Method method = Method::alipay;
  bool relocatable = false;
  boost::json::object all;
};

core::Result<EngineOptions> parse_options(const std::string& text) {
  boost::system::error_code ec;
  auto json = boost::json::parse(text, ec);
  if (ec || !json.is_object()) return core::validation_failed("options", "options must be a JSON object as text");
  EngineOptions out;
  out.all = json.as_object();
  const auto* duration = out.all.if_contains("duration");
  if (!duration || !duration->is_int64()) {
    return core::validation_failed("options.duration", "options.duration must be a number of hours");
  }
  out.duration_hours = duration->as_int64();
  const auto* method = out.all.if_contains("paymentMethod");
  const auto parsed = method && method->is_string() ? method_from(method->as_string()) : std::nullopt;
  if (!parsed) {
    return core::validation_failed("options.paymentMethod", "options.paymentMethod must be alipay, wechat or paypal");
  }
  out.method = *parsed;
  // The spec's rental options name it isRelocatable; "relocatable" is read too.
  for (const char* name : {"isRelocatable", "relocatable"}) {
    const auto* relocatable = out.all.if_contains(name);
    if (!relocatable) continue;
    if (!relocatable->is_bool()) {
      return core::validation_failed(std::string("options.") + name,
                                     std::string("options.") + name + " must be true or false");
    }
    out.relocatable = relocatable->as_bool();
    break;
  }
  return out;
}

}  // namespace

core::Result<Order> OrderService::create(const Buyer& buyer, const NewOrder& request) {
  if (!is_product_type(request.product_type)) {
    return core::validation_failed("productType", "productType must be 1-32 characters of a-z, 0-9 and _");
  }
  if (request.product_id.empty() || request.product_id.size() > kMaxProductId) {
    return core::validation_failed("productId", "productId must be 1-64 characters");
  }
  if (!is_currency(request.currency)) return core::validation_failed("currency", "currency must be CNY or USD");
  const Fulfiller* fulfiller = d_.fulfillers.find(request.product_type);
  if (!fulfiller) return errors::product_not_available(request.product_type);
  auto options = parse_options(request.options);
  if (!options) return options.error();
  if (!d_.providers.find(options->method)) return errors::payment_method_disabled(to_string(options->method));
  if (auto ok = check_method_rules(options->method, request.currency, options->duration_hours); !ok) return ok.error();
  if (auto ok = fulfiller->validate_options(OrderRequestView{request.product_id, options->duration_hours,
                                                             options->relocatable, options->all, buyer.steam_id,
                                                             buyer.user_id});
      !ok) {
    return ok.error();
  }
  auto price = d_.prices.price_of(
      PriceKey{request.product_type, options->duration_hours, options->relocatable, request.currency});
  if (!price) return price.error();

  const std::int64_t now = d_.now_unix();
  if (d_.orders.count_open(buyer.user_id, now) >= d_.settings.max_open_orders) {
    return errors::too_many_open_orders(d_.settings.max_open_orders);
  }
  Order order;
  order.id = new_order_id();
  order.user_id = buyer.user_id;
  order.steam_id = buyer.steam_id;
  order.product_type = request.product_type;
  order.product_id = request.product_id;
  order.options = request.options;
  order.duration_hours = options->duration_hours;
  order.relocatable = options->relocatable;
  order.amount = Money{price->amount_minor, request.currency};
  order.method = options->method;
  order.state = OrderState::created;
  order.created_at = now;
  // The window starts with the order: the web counts down from the answer's expiresAt.
  order.expires_at = now + d_.settings.window_s;
  d_.orders.insert(order, user_actor(buyer));
  return order;
}

core::Result<Order> OrderService::pay(const Buyer& buyer, const std::string& order_id, const std::string& method_name) {
  auto order = get(buyer, order_id);
  if (!order) return order.error();
  const auto method = method_from(method_name);
  if (!method) return core::validation_failed("method", "method must be alipay, wechat or paypal");
  if (*method != order->method) {
    return core::validation_failed(
        "method", "method must be the order's payment method (" + std::string(to_string(order->method)) + ")");
  }
  const std::int64_t now = d_.now_unix();
  if (order->state == OrderState::awaiting_payment && now < order->expires_at) return order;
  if (order->state != OrderState::created || now >= order->expires_at)
    return errors::order_not_payable(to_string(order->state));
  Provider* provider = d_.providers.find(order->method);
  if (!provider) return errors::payment_method_disabled(to_string(order->method));

  const std::string method_text = to_string(order->method);
  PaymentRequest request{
      .order_id = order->id,
      .amount = order->amount,
      .subject = order->product_type + " " + std::to_string(order->duration_hours) + "h",
      .notify_url = d_.settings.notify_url_base + method_text,
      .return_url = d_.settings.return_url_base + method_text,
      .expires_at = order->expires_at,
      .idempotency_key = order->id,
  };
  auto start = provider->create(request);
  if (!start) {
    spdlog::warn("payments: {} create for {} failed: {} {}", method_text, order->id, start.error().code,
                 start.error().message);
    return errors::payment_provider_error(method_text);
  }
  Order started = *order;
  started.payment_url = start->payment_url;
  started.qr_payload = start->qr_payload;
  started.provider_ref = start->provider_ref;
  if (d_.orders.start_payment(started, user_actor(buyer), now)) {
    started.state = OrderState::awaiting_payment;
    return started;
  }
  // Another pay of the same order won: its start is the one the provider knows.
  auto current = d_.orders.find(order->id);
  if (!current) return errors::order_not_found();
  if (current->state != OrderState::awaiting_payment) return errors::order_not_payable(to_string(current->state));
  return *current;
}

core::Result<Order> OrderService::get(const Buyer& buyer, const std::string& order_id) const {
  auto order = d_.orders.find(order_id);
  if (!order || order->user_id != buyer.user_id) return errors::order_not_found();
  return *order;
}

OrderPage OrderService::list(const Buyer& buyer, PageRequest page) const {
  const std::int64_t size = std::clamp<std::int64_t>(page.page_size, 1, 100);
  const std::int64_t number = std::max<std::int64_t>(page.page, 1);
  return d_.orders.list_for_user(buyer.user_id, (number - 1) * size, size);
}

std::int64_t OrderService::seconds_left(const Order& order) const {
  const std::int64_t left = order.expires_at - d_.now_unix();
  return left > 0 ? left : 0;
}

}  // namespace portal::payments
