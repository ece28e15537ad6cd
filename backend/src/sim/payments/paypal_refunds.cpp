// The stand-in's PayPal Payments v2 refund calls: refund a capture (PayPal-Request-Id makes a repeat
// the same refund), show a refund, show a capture with its refunded state.
#include "core/crypto.hpp"
#include "core/iso_time.hpp"
#include "sim/payments/paypal_api.hpp"
#include "sim/payments/paypal_wire.hpp"

namespace portal::sim::payments {

namespace json = boost::json;
using namespace paypal_wire;

http::Response PaypalApi::refund(const http::Request& request) {
  if (auto refusal = refuse_bearer(request)) return *refusal;
  const std::string capture_id(request.path_param("captureId"));
  const auto payment = ledger_.find_by_capture(capture_id);
  if (!payment || payment->stage == Stage::failed) {
    return paypal_error(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "Specified resource ID does not exist.");
  }
  const auto body = parse_paypal_body(request.body);
  if (!body)
    return paypal_error(400, "INVALID_REQUEST", "MALFORMED_REQUEST_JSON", "The request JSON is not well formed.");
  std::int64_t part = payment->amount.minor - payment->refunded_minor();  // no amount: the rest
  if (const auto* amount = object_at(*body, {"amount"})) {
    const auto value = parse_major(text_of(*amount, "value"));
    if (!value || *value <= 0 || text_of(*amount, "currency_code") != payment->amount.currency) {
      return paypal_error(422, "UNPROCESSABLE_ENTITY", "CURRENCY_MISMATCH", "amount invalid for this capture.");
    }
    part = *value;
  }
  std::string request_id(request.header("PayPal-Request-Id"));
  if (request_id.empty()) request_id = core::random_token(8);
  enum class Outcome { refunded, replay, already, too_much } outcome = Outcome::refunded;
  SandboxRefund made;
  const auto now = now_();
  ledger_.update(Method::paypal, payment->order_id, [&](SandboxPayment& entry) {
    for (const auto& refund : entry.refunds) {
      if (refund.refund_id == request_id) {
        outcome = Outcome::replay;
        made = refund;
        return;
      }
    }
    if (entry.stage == Stage::refunded) {
      outcome = Outcome::already;
      return;
    }
    if (part <= 0 || entry.refunded_minor() + part > entry.amount.minor) {
      outcome = Outcome::too_much;
      return;
    }
    made = {.refund_id = request_id,
            .provider_refund_ref = random_alnum_upper(17),
            .amount_minor = part,
            .created_at = now};
    entry.refunds.push_back(made);
    if (entry.refunded_minor() == entry.amount.minor) entry.stage = Stage::refunded;
  });
  if (outcome == Outcome::already) {
    return paypal_error(422, "UNPROCESSABLE_ENTITY", "CAPTURE_FULLY_REFUNDED",
                        "The capture has already been fully refunded");
  }
  if (outcome == Outcome::too_much) {
    return paypal_error(
        422, "UNPROCESSABLE_ENTITY", "REFUND_AMOUNT_EXCEEDED",
        "The refund amount must be less than or equal to the capture amount that has not yet been refunded.");
  }
  const std::string href = account_.base_url + "/v2/payments/refunds/" + made.provider_refund_ref;
  return paypal_json(
      json::object{{"id", made.provider_refund_ref},
                   {"status", "COMPLETED"},
                   {"links", json::array{json::object{{"href", href}, {"rel", "self"}, {"method", "GET"}}}}},
      outcome == Outcome::replay ? 200 : 201);
}

http::Response PaypalApi::show_refund(const http::Request& request) {
  if (auto refusal = refuse_bearer(request)) return *refusal;
  const std::string refund_ref(request.path_param("refundId"));
  std::optional<SandboxPayment> holder;
  std::optional<SandboxRefund> found;
  ledger_.for_each(Method::paypal, [&](const SandboxPayment& payment) {
    for (const auto& refund : payment.refunds) {
      if (refund.provider_refund_ref == refund_ref) {
        holder = payment;
        found = refund;
      }
    }
  });
  if (!found) {
    return paypal_error(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "Specified resource ID does not exist.");
  }
  return paypal_json(json::object{{"id", found->provider_refund_ref},
                                  {"status", "COMPLETED"},
                                  {"amount", json::object{{"currency_code", holder->amount.currency},
                                                          {"value", format_minor(found->amount_minor)}}},
                                  {"invoice_id", holder->order_id},
                                  {"create_time", core::iso_utc(found->created_at)},
                                  {"update_time", core::iso_utc(found->created_at)}},
                     200);
}

http::Response PaypalApi::show_capture(const http::Request& request) {
  if (auto refusal = refuse_bearer(request)) return *refusal;
  const auto payment = ledger_.find_by_capture(std::string(request.path_param("captureId")));
  if (!payment) {
    return paypal_error(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "Specified resource ID does not exist.");
  }
  return paypal_json(capture_json(*payment), 200);
}

}  // namespace portal::sim::payments
