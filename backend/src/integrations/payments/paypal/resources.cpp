#include "integrations/payments/paypal/resources.hpp"

#include "integrations/http/http_client.hpp"
#include "integrations/payments/wechat/rfc3339.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>

#include <limits>

namespace portal::payments::paypal {

namespace {

using boost::json::object;

const object* object_member(const object& parent, std::string_view name) {
  const auto* value = parent.if_contains(name);
  return value && value->is_object() ? &value->as_object() : nullptr;
}

std::string string_member(const object* parent, std::string_view name) {
  if (!parent) return {};
  const auto* value = parent->if_contains(name);
  return value && value->is_string() ? std::string(value->as_string()) : std::string{};
}

// The first object of an array member (purchase_units[0], captures[0]).
const object* first_of(const object* parent, std::string_view name) {
  if (!parent) return nullptr;
  const auto* value = parent->if_contains(name);
  if (!value || !value->is_array() || value->as_array().empty() || !value->as_array().front().is_object()) {
    return nullptr;
  }
  return &value->as_array().front().as_object();
}

core::Result<object> parse_object(std::string_view json) {
  boost::system::error_code error;
  boost::json::value root = boost::json::parse(json, error);
  if (error || !root.is_object()) return integrations::upstream_unavailable("PayPal sent no JSON object");
  return std::move(root.as_object());
}

int decimals_of(std::string_view currency_code) {
  // PayPal's currencies without minor units; every other one it supports has two.
  return currency_code == "JPY" || currency_code == "HUF" || currency_code == "TWD" ? 0 : 2;
}

std::optional<Money> money_of(const object* amount) {
  const std::string currency = string_member(amount, "currency_code");
  const auto minor = minor_units(string_member(amount, "value"), currency);
  if (currency.empty() || !minor) return std::nullopt;
  return Money{.minor = *minor, .currency = currency};
}

// Ours, as we put it in custom_id, invoice_id and reference_id at creation.
std::string our_order_id(const object* unit) {
  for (const std::string_view name : {"custom_id", "invoice_id", "reference_id"}) {
    std::string id = string_member(unit, name);
    if (!id.empty()) return id;
  }
  return {};
}

std::int64_t time_of(const object* resource) {
  for (const std::string_view name : {"update_time", "create_time"}) {
    if (const auto at = parse_rfc3339(string_member(resource, name))) return *at;
  }
  return 0;
}

ProviderState state_of_capture(std::string_view status) {
  if (status == "COMPLETED" || status == "PARTIALLY_REFUNDED") return ProviderState::paid;
  if (status == "REFUNDED") return ProviderState::refunded;
  if (status == "DECLINED" || status == "FAILED") return ProviderState::failed;
  return ProviderState::pending;  // PENDING
}

// The capture a refund belongs to: its "up" link ends in /v2/payments/captures/{id}.
std::string capture_of_refund(const object& refund) {
  const auto* links = refund.if_contains("links");
  if (!links || !links->is_array()) return {};
  for (const auto& link : links->as_array()) {
    if (!link.is_object() || string_member(&link.as_object(), "rel") != "up") continue;
    const std::string href = string_member(&link.as_object(), "href");
    const auto at = href.find("/captures/");
    if (at != std::string::npos) return href.substr(at + 10);
  }
  return {};
}

ProviderPayment from_capture(const object& capture) {
  ProviderPayment payment;
  payment.order_id = our_order_id(&capture);
  payment.capture_ref = string_member(&capture, "id");
  const object* supplementary = object_member(capture, "supplementary_data");
  payment.provider_ref =
      string_member(supplementary ? object_member(*supplementary, "related_ids") : nullptr, "order_id");
  payment.state = state_of_capture(string_member(&capture, "status"));
  if (const auto money = money_of(object_member(capture, "amount"))) payment.amount = *money;
  payment.merchant_id = string_member(object_member(capture, "payee"), "merchant_id");
  if (payment.state == ProviderState::paid) payment.paid_at = time_of(&capture);
  return payment;
}

}  // namespace

std::string amount_value(const Money& money) {
  const int decimals = decimals_of(money.currency);
  if (decimals == 0) return std::to_string(money.minor);
  const bool negative = money.minor < 0;
  const std::uint64_t magnitude =
      negative ? std::uint64_t{0} - static_cast<std::uint64_t>(money.minor) : static_cast<std::uint64_t>(money.minor);
  std::string cents = std::to_string(magnitude % 100);
  if (cents.size() < 2) cents.insert(0, "0");
  return (negative ? "-" : "") + std::to_string(magnitude / 100) + "." + cents;
}

std::optional<std::int64_t> minor_units(std::string_view value, std::string_view currency_code) {
  const int decimals = decimals_of(currency_code);
  if (value.empty() || value.size() > 20) return std::nullopt;
  std::int64_t whole = 0;
  std::size_t at = 0;
  // Far above any real amount and far below where the arithmetic below could overflow.
  constexpr std::int64_t kMaxWhole = 1'000'000'000'000;
  for (; at < value.size() && value[at] != '.'; ++at) {
    if (value[at] < '0' || value[at] > '9') return std::nullopt;
    whole = whole * 10 + (value[at] - '0');
    if (whole > kMaxWhole) return std::nullopt;
  }
  if (at == 0) return std::nullopt;  // ".50" is not what PayPal sends for an amount
  std::int64_t fraction = 0;
  int fraction_digits = 0;
  if (at < value.size()) {
    ++at;  // the '.'
    if (at == value.size()) return std::nullopt;
    for (; at < value.size(); ++at, ++fraction_digits) {
      if (value[at] < '0' || value[at] > '9' || fraction_digits >= decimals) return std::nullopt;
      fraction = fraction * 10 + (value[at] - '0');
    }
  }
  for (int i = fraction_digits; i < decimals; ++i) fraction *= 10;
  std::int64_t scale = 1;
  for (int i = 0; i < decimals; ++i) scale *= 10;
  return whole * scale + fraction;
}

core::Result<ProviderPayment> read_order(std::string_view json) {
  auto order = parse_object(json);
  if (!order) return order.error();
  ProviderPayment payment;
  payment.provider_ref = string_member(&*order, "id");
  const std::string status = string_member(&*order, "status");
  if (payment.provider_ref.empty() || status.empty()) {
    return integrations::upstream_unavailable("PayPal sent no order id or status");
  }
  const object* unit = first_of(&*order, "purchase_units");
  payment.order_id = our_order_id(unit);
  payment.merchant_id = string_member(unit ? object_member(*unit, "payee") : nullptr, "merchant_id");
  if (const auto money = money_of(unit ? object_member(*unit, "amount") : nullptr)) payment.amount = *money;
  payment.event_type = status;

  const object* capture = first_of(unit ? object_member(*unit, "payments") : nullptr, "captures");
  if (status == "APPROVED") {
    payment.state = ProviderState::approved;
  } else if (status == "VOIDED") {
    payment.state = ProviderState::closed;
  } else if (status == "COMPLETED" && capture) {
    const ProviderPayment captured = from_capture(*capture);
    payment.state = captured.state;
    payment.capture_ref = captured.capture_ref;
    payment.paid_at = captured.paid_at;
    if (captured.amount.minor != 0 || !captured.amount.currency.empty()) payment.amount = captured.amount;
    if (payment.order_id.empty()) payment.order_id = captured.order_id;
  } else {
    payment.state = ProviderState::pending;  // CREATED, SAVED, PAYER_ACTION_REQUIRED
  }
  return payment;
}

core::Result<ProviderPayment> read_event(std::string_view json) {
  auto event = parse_object(json);
  if (!event) return event.error();
  const std::string event_type = string_member(&*event, "event_type");
  const std::string event_id = string_member(&*event, "id");
  const object* resource = object_member(*event, "resource");
  if (event_id.empty() || event_type.empty() || !resource) {
    return integrations::upstream_unavailable("PayPal event has no id, type or resource");
  }
  ProviderPayment payment;
  if (event_type == "CHECKOUT.ORDER.APPROVED") {
    const object* unit = first_of(resource, "purchase_units");
    payment.provider_ref = string_member(resource, "id");
    payment.order_id = our_order_id(unit);
    payment.merchant_id = string_member(unit ? object_member(*unit, "payee") : nullptr, "merchant_id");
    if (const auto money = money_of(unit ? object_member(*unit, "amount") : nullptr)) payment.amount = *money;
    payment.state = ProviderState::approved;
  } else if (event_type == "PAYMENT.CAPTURE.REFUNDED") {
    // The resource is the refund; its amount is what went back.
    payment.order_id = our_order_id(resource);
    payment.capture_ref = capture_of_refund(*resource);
    if (const auto money = money_of(object_member(*resource, "amount"))) payment.amount = *money;
    payment.state = ProviderState::refunded;
  } else if (event_type.starts_with("PAYMENT.CAPTURE.")) {
    payment = from_capture(*resource);
    if (event_type == "PAYMENT.CAPTURE.COMPLETED") {
      // The event decides, not a status field a later version might spell differently.
      payment.state = ProviderState::paid;
      if (payment.paid_at == 0) payment.paid_at = time_of(resource);
    } else if (event_type == "PAYMENT.CAPTURE.DENIED" || event_type == "PAYMENT.CAPTURE.DECLINED") {
      payment.state = ProviderState::failed;
      payment.paid_at = 0;
    } else {
      payment.state = ProviderState::pending;  // PENDING and anything newer
      payment.paid_at = 0;
    }
  } else {
    payment.order_id = our_order_id(resource);
    payment.state = ProviderState::pending;
  }
  payment.event_id = event_id;
  payment.event_type = event_type;
  return payment;
}

}  // namespace portal::payments::paypal
