#include "sim/payments/paypal_api.hpp"

#include "core/crypto.hpp"
#include "core/iso_time.hpp"
#include "http/form_body.hpp"
#include "sim/payments/paypal_wire.hpp"
#include "sim/payments/sandbox_text.hpp"

#include <boost/json/array.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

namespace portal::sim::payments {

namespace crypto = portal::payments::crypto;
namespace json = boost::json;
using namespace paypal_wire;

namespace {

constexpr std::int64_t kTokenLifetime = 32'400;  // PayPal's expires_in for client-credentials tokens
constexpr std::string_view kPayerId = "SANDBOXPAYER01";

}  // namespace

std::string paypal_order_status(const SandboxPayment& payment) {
  switch (payment.stage) {
    case Stage::approved:
    case Stage::failed:  // a declined capture leaves the order approved (the buyer may try again)
      return "APPROVED";
    case Stage::paid:
    case Stage::refunded:
      return "COMPLETED";
    case Stage::closed:
      return "VOIDED";
    case Stage::open:
      break;
  }
  return "CREATED";
}

std::string paypal_capture_status(const SandboxPayment& payment) {
  if (payment.stage == Stage::refunded) return "REFUNDED";
  if (payment.stage == Stage::failed) return "DECLINED";
  return payment.refunds.empty() ? "COMPLETED" : "PARTIALLY_REFUNDED";
}

std::string paypal_webhook_message(std::string_view transmission_id, std::string_view transmission_time,
                                   std::string_view webhook_id, std::string_view body) {
  std::string message;
  message.append(transmission_id).append("|").append(transmission_time).append("|").append(webhook_id).append("|");
  return message + std::to_string(crypto::crc32(body));
}

PaypalApi::PaypalApi(PaypalSandboxAccount account, crypto::KeyPair paypal_keys, PaymentLedger& ledger,
                     Notifier& notifier, core::UnixClock now)
    : account_(std::move(account)),
      paypal_keys_(std::move(paypal_keys)),
      ledger_(ledger),
      notifier_(notifier),
      now_(std::move(now)) {}

http::Response PaypalApi::token(const http::Request& request) {
  const auto refuse = [] {
    return paypal_json(json::object{{"error", "invalid_client"}, {"error_description", "Client Authentication failed"}},
                       401);
  };
  const std::string_view header = request.header("Authorization");
  if (!header.starts_with("Basic ")) return refuse();
  const auto decoded = crypto::base64_decode(header.substr(6));
  if (!decoded) return refuse();
  const auto colon = decoded->find(':');
  if (colon == std::string::npos || decoded->substr(0, colon) != account_.client_id ||
      !core::constant_time_equal(decoded->substr(colon + 1), account_.client_secret)) {
    return refuse();
  }
  auto form = http::parse_form_body(request.body);
  if (!form || http::form_value(*form, "grant_type") != "client_credentials") {
    return paypal_json(json::object{{"error", "unsupported_grant_type"}, {"error_description", "Grant Type is NULL"}},
                       400);
  }
  const std::string access_token = "A21AA" + core::random_token(24);
  {
    std::lock_guard lock(mutex_);
    tokens_[access_token] = now_() + kTokenLifetime;
  }
  return paypal_json(json::object{{"scope", "https://uri.paypal.com/services/payments/payment"},
                                  {"access_token", access_token},
                                  {"token_type", "Bearer"},
                                  {"app_id", "APP-80W284485P519543T"},
                                  {"expires_in", kTokenLifetime},
                                  {"nonce", rfc3339_cst(now_()) + random_alnum_upper(8)}},
                     200);
}

std::optional<http::Response> PaypalApi::refuse_bearer(const http::Request& request) const {
  const std::string token(request.bearer_token());
  std::lock_guard lock(mutex_);
  auto found = tokens_.find(token);
  if (token.empty() || found == tokens_.end()) {
    return paypal_json(json::object{{"error", "invalid_token"},
                                    {"error_description", "The token passed in was not found in the system"}},
                       401);
  }
  if (found->second <= now_()) {
    return paypal_json(json::object{{"error", "invalid_token"}, {"error_description", "Access Token expired"}}, 401);
  }
  return std::nullopt;
}

json::object PaypalApi::capture_json(const SandboxPayment& payment) const {
  return {{"id", payment.capture_ref},
          {"status", paypal_capture_status(payment)},
          {"amount",
           json::object{{"currency_code", payment.amount.currency}, {"value", format_minor(payment.amount.minor)}}},
          {"final_capture", true},
          {"invoice_id", payment.order_id},
          {"custom_id", payment.order_id},
          {"create_time", core::iso_utc(payment.paid_at ? payment.paid_at : now_())},
          {"update_time", core::iso_utc(now_())},
          {"supplementary_data", json::object{{"related_ids", json::object{{"order_id", payment.provider_ref}}}}}};
}

json::object PaypalApi::order_json(const SandboxPayment& payment) const {
  json::object unit{{"reference_id", payment.order_id},
                    {"invoice_id", payment.order_id},
                    {"custom_id", payment.order_id},
                    {"description", payment.subject},
                    {"amount", json::object{{"currency_code", payment.amount.currency},
                                            {"value", format_minor(payment.amount.minor)}}},
                    {"payee", json::object{{"merchant_id", account_.merchant_id}}}};
  if (!payment.capture_ref.empty()) {
    unit["payments"] = json::object{{"captures", json::array{capture_json(payment)}}};
  }
  const std::string self = account_.base_url + "/v2/checkout/orders/" + payment.provider_ref;
  json::array links{json::object{{"href", self}, {"rel", "self"}, {"method", "GET"}}};
  const auto status = paypal_order_status(payment);
  if (status == "CREATED") {
    links.push_back(json::object{{"href", account_.base_url + "/checkoutnow?token=" + payment.provider_ref},
                                 {"rel", "approve"},
                                 {"method", "GET"}});
  }
  if (status == "CREATED" || status == "APPROVED") {
    links.push_back(json::object{{"href", self + "/capture"}, {"rel", "capture"}, {"method", "POST"}});
  }
  json::object order{{"id", payment.provider_ref},
                     {"intent", "CAPTURE"},
                     {"status", status},
                     {"purchase_units", json::array{std::move(unit)}},
                     {"create_time", core::iso_utc(payment.created_at)},
                     {"links", std::move(links)}};
  if (status != "CREATED") {
    order["payer"] = json::object{{"payer_id", kPayerId},
                                  {"email_address", "sandbox-buyer@paypal.test"},
                                  {"name", json::object{{"given_name", "Sandbox"}, {"surname", "Buyer"}}}};
  }
  return order;
}

http::Response PaypalApi::create_order(const http::Request& request) {
  if (auto refusal = refuse_bearer(request)) return *refusal;
  const std::string request_id(request.header("PayPal-Request-Id"));
  if (!request_id.empty()) {
    std::optional<std::string> replayed;
    {
      std::lock_guard lock(mutex_);
      if (auto found = create_replays_.find(request_id); found != create_replays_.end()) replayed = found->second;
    }
    if (replayed) {
      if (auto payment = ledger_.find_by_ref(Method::paypal, *replayed)) return paypal_json(order_json(*payment), 200);
    }
  }
  const auto body = parse_paypal_body(request.body);
  if (!body)
    return paypal_error(400, "INVALID_REQUEST", "MALFORMED_REQUEST_JSON", "The request JSON is not well formed.");
  if (text_of(*body, "intent") != "CAPTURE") {
    return paypal_error(400, "INVALID_REQUEST", "INVALID_PARAMETER_VALUE", "intent must be CAPTURE here.");
  }
  const auto* units = body->if_contains("purchase_units");
  if (!units || !units->is_array() || units->as_array().size() != 1 || !units->as_array()[0].is_object()) {
    return paypal_error(400, "INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER", "purchase_units: exactly one expected.");
  }
  const auto& unit = units->as_array()[0].as_object();
  const auto* amount = object_at(unit, {"amount"});
  const auto value = amount ? parse_major(text_of(*amount, "value")) : std::nullopt;
  const auto currency = amount ? text_of(*amount, "currency_code") : std::string{};
  if (!value || *value <= 0 || (currency != "USD" && currency != "CNY")) {
    return paypal_error(422, "UNPROCESSABLE_ENTITY", "DECIMAL_PRECISION", "amount.value / currency_code invalid.");
  }
  std::string order_id = text_of(unit, "reference_id");
  if (order_id.empty()) order_id = text_of(unit, "invoice_id");
  if (order_id.empty()) {
    return paypal_error(400, "INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER",
                        "reference_id or invoice_id needed here.");
  }
  // return_url / cancel_url: the newer experience_context, else the deprecated application_context.
  const json::object* context = object_at(*body, {"payment_source", "paypal", "experience_context"});
  if (!context) context = object_at(*body, {"application_context"});

  SandboxPayment fresh{.method = Method::paypal,
                       .order_id = order_id,
                       .provider_ref = random_alnum_upper(17),
                       .amount = {.minor = *value, .currency = currency},
                       .subject = text_of(unit, "description"),
                       .return_url = context ? text_of(*context, "return_url") : std::string{},
                       .cancel_url = context ? text_of(*context, "cancel_url") : std::string{},
                       .created_at = now_()};
  // PayPal creates a new order for every call without a known request id: so does the stand-in (a
  // later order for the same reference replaces the earlier one in our memory, as a real merchant
  // would abandon it).
  ledger_.update(Method::paypal, order_id, [&fresh](SandboxPayment& existing) {
    if (existing.stage == Stage::open || existing.stage == Stage::approved) existing = fresh;
  });
  const auto payment = ledger_.open(fresh);
  if (payment.provider_ref != fresh.provider_ref) {
    return paypal_error(422, "UNPROCESSABLE_ENTITY", "DUPLICATE_INVOICE_ID", "Duplicate Invoice ID detected.");
  }
  if (!request_id.empty()) {
    std::lock_guard lock(mutex_);
    create_replays_[request_id] = payment.provider_ref;
  }
  return paypal_json(order_json(payment), 201);
}

std::optional<SandboxPayment> PaypalApi::order_for_token(const std::string& token) const {
  return ledger_.find_by_ref(Method::paypal, token);
}

http::Response PaypalApi::get_order(const http::Request& request) {
  if (auto refusal = refuse_bearer(request)) return *refusal;
  const auto payment = ledger_.find_by_ref(Method::paypal, std::string(request.path_param("orderId")));
  if (!payment) {
    return paypal_error(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "Specified resource ID does not exist.");
  }
  return paypal_json(order_json(*payment), 200);
}

http::Response PaypalApi::capture(const http::Request& request) {
  if (auto refusal = refuse_bearer(request)) return *refusal;
  const std::string paypal_id(request.path_param("orderId"));
  auto payment = ledger_.find_by_ref(Method::paypal, paypal_id);
  if (!payment) {
    return paypal_error(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "Specified resource ID does not exist.");
  }
  const std::string request_id(request.header("PayPal-Request-Id"));
  if (!request_id.empty()) {
    std::lock_guard lock(mutex_);
    if (auto found = capture_replays_.find(request_id); found != capture_replays_.end() && found->second == paypal_id) {
      return paypal_json(order_json(*payment), 200);
    }
  }
  if (payment->stage == Stage::open) {
    return paypal_error(422, "UNPROCESSABLE_ENTITY", "ORDER_NOT_APPROVED",
                        "Payer has not yet approved the Order for payment.");
  }
  if (payment->stage == Stage::paid || payment->stage == Stage::refunded) {
    return paypal_error(422, "UNPROCESSABLE_ENTITY", "ORDER_ALREADY_CAPTURED", "Order already captured.");
  }
  if (payment->stage == Stage::closed) {
    return paypal_error(422, "UNPROCESSABLE_ENTITY", "ORDER_NOT_APPROVED", "The order was voided.");
  }
  const auto now = now_();
  SandboxPayment after;
  if (payment->decline_capture) {
    ledger_.update(
        Method::paypal, payment->order_id,
        [&](SandboxPayment& entry) {
          entry.stage = Stage::failed;
          entry.capture_ref = random_alnum_upper(17);
        },
        &after);
    send_webhook(after, "PAYMENT.CAPTURE.DECLINED", capture_json(after));
    return paypal_error(422, "UNPROCESSABLE_ENTITY", "INSTRUMENT_DECLINED",
                        "The instrument presented was either declined by the processor or bank, or it can't be used "
                        "for this payment.");
  }
  ledger_.update(
      Method::paypal, payment->order_id,
      [&](SandboxPayment& entry) {
        entry.stage = Stage::paid;
        entry.paid_at = now;
        entry.capture_ref = random_alnum_upper(17);
      },
      &after);
  if (!request_id.empty()) {
    std::lock_guard lock(mutex_);
    capture_replays_[request_id] = paypal_id;
  }
  send_webhook(after, "PAYMENT.CAPTURE.COMPLETED", capture_json(after));
  return paypal_json(order_json(after), 201);
}

void PaypalApi::notify_approved(const SandboxPayment& payment) {
  send_webhook(payment, "CHECKOUT.ORDER.APPROVED", order_json(payment));
}

void PaypalApi::send_webhook(const SandboxPayment& payment, std::string_view event_type, json::object resource) {
  if (account_.webhook_url.empty()) return;  // no webhook subscribed
  const bool capture = event_type.starts_with("PAYMENT.CAPTURE");
  const json::object event{{"id", "WH-" + random_alnum_upper(8) + "-" + random_alnum_upper(16)},
                           {"event_version", "1.0"},
                           {"create_time", core::iso_utc(now_())},
                           {"resource_type", capture ? "capture" : "checkout-order"},
                           {"resource_version", "2.0"},
                           {"event_type", event_type},
                           {"summary", capture ? "Payment " + paypal_capture_status(payment)
                                               : std::string("An order has been approved by buyer")},
                           {"resource", std::move(resource)}};
  const std::string body = json::serialize(event);
  const std::string url = account_.webhook_url;
  notifier_.enqueue(Delivery{
      .label = "paypal " + std::string(event_type) + " " + payment.order_id,
      .build =
          [this, body, url] {
            const std::string transmission_id = random_uuid();
            const std::string transmission_time = core::iso_utc(now_());
            auto signature = crypto::rsa_sha256_sign_base64(
                paypal_keys_.private_pem,
                paypal_webhook_message(transmission_id, transmission_time, account_.webhook_id, body));
            integrations::HttpRequest request{.method = "POST", .url = url, .body = body};
            request.headers = {{"Content-Type", "application/json"},
                               {"PAYPAL-AUTH-ALGO", "SHA256withRSA"},
                               {"PAYPAL-CERT-URL", account_.cert_url},
                               {"PAYPAL-TRANSMISSION-ID", transmission_id},
                               {"PAYPAL-TRANSMISSION-SIG", signature ? *signature : std::string{}},
                               {"PAYPAL-TRANSMISSION-TIME", transmission_time}};
            return request;
          },
      .acknowledged = [](const integrations::HttpReply& reply) { return reply.status >= 200 && reply.status < 300; },
  });
}

// Re-serializes webhook_event to compute its CRC, as PayPal does: an adapter that embeds the body it
// received verbatim gets the same bytes back (boost.json keeps member order and our number forms).
http::Response PaypalApi::verify_webhook_signature(const http::Request& request) {
  if (auto refusal = refuse_bearer(request)) return *refusal;
  const auto body = parse_paypal_body(request.body);
  const auto* event = body ? body->if_contains("webhook_event") : nullptr;
  if (!body || !event || !event->is_object()) {
    return paypal_error(400, "INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER", "webhook_event is required.");
  }
  const bool verified =
      text_of(*body, "auth_algo") == "SHA256withRSA" && text_of(*body, "cert_url") == account_.cert_url &&
      text_of(*body, "webhook_id") == account_.webhook_id &&
      crypto::rsa_sha256_verify_base64(
          account_.certificate_pem,
          paypal_webhook_message(text_of(*body, "transmission_id"), text_of(*body, "transmission_time"),
                                 account_.webhook_id, json::serialize(*event)),
          text_of(*body, "transmission_sig"));
  return paypal_json(json::object{{"verification_status", verified ? "SUCCESS" : "FAILURE"}}, 200);
}

http::Response PaypalApi::certificate(const http::Request&) {
  return http::text_response(account_.certificate_pem, "application/x-pem-file");
}

}  // namespace portal::sim::payments
