#include "integrations/payments/wechat/transaction.hpp"

#include "integrations/http/http_client.hpp"
#include "integrations/payments/wechat/rfc3339.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>

namespace portal::payments::wechat {

namespace {

core::Result<boost::json::object> parse_object(std::string_view json) {
  boost::system::error_code error;
  boost::json::value root = boost::json::parse(json, error);
  if (error || !root.is_object()) return integrations::upstream_unavailable("WeChat Pay sent no JSON object");
  return std::move(root.as_object());
}

// amount{total (fen), currency}; the currency defaults to CNY, the only one Native pay takes.
core::Result<Money> amount_of(const boost::json::object& object) {
  const auto* amount = object.if_contains("amount");
  if (!amount || !amount->is_object()) return integrations::upstream_unavailable("WeChat Pay sent no amount");
  const auto* total = amount->as_object().if_contains("total");
  if (!total || !total->is_int64()) return integrations::upstream_unavailable("WeChat Pay sent no amount.total");
  Money money{.minor = total->as_int64(), .currency = string_member(amount->as_object(), "currency")};
  if (money.currency.empty()) money.currency = "CNY";
  return money;
}

core::Result<ProviderPayment> read_common(const boost::json::object& object) {
  ProviderPayment payment;
  payment.order_id = string_member(object, "out_trade_no");
  if (payment.order_id.empty()) return integrations::upstream_unavailable("WeChat Pay sent no out_trade_no");
  payment.provider_ref = string_member(object, "transaction_id");
  payment.merchant_id = string_member(object, "mchid");
  if (const auto paid_at = parse_rfc3339(string_member(object, "success_time"))) payment.paid_at = *paid_at;
  return payment;
}

}  // namespace

ProviderState state_of_trade(std::string_view trade_state) {
  if (trade_state == "SUCCESS") return ProviderState::paid;
  if (trade_state == "CLOSED" || trade_state == "REVOKED") return ProviderState::closed;
  if (trade_state == "REFUND") return ProviderState::refunded;
  if (trade_state == "PAYERROR") return ProviderState::failed;
  return ProviderState::pending;  // NOTPAY, USERPAYING
}

core::Result<ProviderPayment> read_transaction(std::string_view json) {
  auto object = parse_object(json);
  if (!object) return object.error();
  auto payment = read_common(*object);
  if (!payment) return payment;
  const std::string trade_state = string_member(*object, "trade_state");
  if (trade_state.empty()) return integrations::upstream_unavailable("WeChat Pay sent no trade_state");
  payment->state = state_of_trade(trade_state);
  // An unpaid transaction may come without an amount; only a paid one must say what was paid.
  auto amount = amount_of(*object);
  if (amount) {
    payment->amount = *amount;
  } else if (payment->state == ProviderState::paid) {
    return amount.error();
  }
  payment->event_type = trade_state;
  return payment;
}

core::Result<ProviderPayment> read_refund(std::string_view json) {
  auto object = parse_object(json);
  if (!object) return object.error();
  auto payment = read_common(*object);
  if (!payment) return payment;
  const std::string refund_status = string_member(*object, "refund_status");
  payment->state = refund_status == "SUCCESS" ? ProviderState::refunded : ProviderState::paid;
  payment->paid_at = 0;  // success_time here is the refund's, not the payment's
  auto amount = amount_of(*object);
  if (!amount) return amount.error();
  payment->amount = *amount;
  payment->event_type = refund_status;
  return payment;
}

std::string string_member(const boost::json::object& object, std::string_view name) {
  const auto* value = object.if_contains(name);
  return value && value->is_string() ? std::string(value->as_string()) : std::string{};
}

}  // namespace portal::payments::wechat
