#include "integrations/payments/paypal/paypal_provider.hpp"

#include "integrations/payments/paypal/access_token.hpp"
#include "integrations/payments/paypal/resources.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>

#include <chrono>
#include <utility>

namespace portal::payments::paypal {

namespace {

using boost::json::object;

std::string string_member(const object& parent, std::string_view name) {
  const auto* value = parent.if_contains(name);
  return value && value->is_string() ? std::string(value->as_string()) : std::string{};
}

// PayPal ids are [A-Z0-9-]; anything else must not reach a URL path.
bool is_paypal_id(std::string_view id) {
  if (id.empty() || id.size() > 64) return false;
  for (const char c : id) {
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_')) {
      return false;
    }
  }
  return true;
}

core::Error invalid_signature(std::string reason) {
  return core::Error::make(core::ErrorKind::unauthorized, "INVALID_SIGNATURE", "PayPal webhook signature refused",
                           {{"provider", "paypal"}, {"reason", reason}});
}

// PayPal's error answer {"name":"UNPROCESSABLE_ENTITY","details":[{"issue":"ORDER_ALREADY_CAPTURED"}],…}
// as an upstream refusal whose details.provider_code is the issue (or the name).
core::Error refused(const integrations::HttpReply& reply) {
  boost::system::error_code error;
  const boost::json::value root = boost::json::parse(reply.body, error);
  std::string code, message;
  if (!error && root.is_object()) {
    const object& body = root.as_object();
    code = string_member(body, "name");
    message = string_member(body, "message");
    const auto* details = body.if_contains("details");
    if (details && details->is_array() && !details->as_array().empty() && details->as_array().front().is_object()) {
      const std::string issue = string_member(details->as_array().front().as_object(), "issue");
      if (!issue.empty()) code = issue;
    }
  }
  auto failure = integrations::upstream_unavailable("PayPal refused the request: " +
                                                    (message.empty() ? std::to_string(reply.status) : message));
  failure.details["provider"] = "paypal";
  failure.details["status"] = reply.status;
  failure.details["provider_code"] = code;
  return failure;
}

bool has_provider_code(const core::Error& error, std::string_view code) {
  const auto* value = error.details.if_contains("provider_code");
  return value && value->is_string() && value->as_string() == code;
}

core::Error not_found() {
  return core::Error::make(core::ErrorKind::not_found, "PROVIDER_PAYMENT_NOT_FOUND", "PayPal knows no such order",
                           {{"provider", "paypal"}});
}

class PaypalProvider final : public Provider {
 public:
  PaypalProvider(PaypalSettings settings, integrations::HttpClient& http, std::function<std::int64_t()> now)
      : s_(std::move(settings)), http_(http), tokens_(s_, http, std::move(now)) {}

  Method method() const override { return Method::paypal; }

  core::Result<PaymentStart> create(const PaymentRequest& request) override {
    if (request.amount.currency != "USD") {
      return core::Error::make(core::ErrorKind::validation, "CURRENCY_MISMATCH", "PayPal is offered in USD only");
    }
    object unit{{"reference_id", request.order_id},
                {"custom_id", request.order_id},
                {"invoice_id", request.order_id},
                {"description", request.subject},
                {"amount", object{{"currency_code", "USD"}, {"value", amount_value(request.amount)}}}};
    if (!s_.merchant_id.empty()) unit["payee"] = object{{"merchant_id", s_.merchant_id}};
    // The engine's return page captures and then shows the order, so a cancelled approval may come
    // back there too: capturing an unapproved order fails and the order stays payable.
    const object experience{{"return_url", request.return_url},
                            {"cancel_url", request.return_url},
                            {"user_action", "PAY_NOW"},
                            {"shipping_preference", "NO_SHIPPING"}};
    const object body{{"intent", "CAPTURE"},
                      {"purchase_units", boost::json::array{unit}},
                      {"payment_source", object{{"paypal", object{{"experience_context", experience}}}}}};
    auto reply = call("POST", "/v2/checkout/orders", boost::json::serialize(body), request.idempotency_key);
    if (!reply) return reply.error();
    auto order = parse_object(reply->body);
    if (!order) return order.error();
    PaymentStart start;
    start.provider_ref = string_member(*order, "id");
    start.payment_url = link_of(*order, "approve");
    if (start.payment_url.empty()) start.payment_url = link_of(*order, "payer-action");
    if (start.provider_ref.empty() || start.payment_url.empty()) {
      return integrations::upstream_unavailable("PayPal sent no order id or approve link");
    }
    return start;
  }

  core::Result<ProviderPayment> verify_notification(const Notification& notification) override {
    const auto header = [&](std::string_view name) -> std::string {
      const auto found = notification.headers.find(name);
      return found == notification.headers.end() ? std::string{} : found->second;
    };
    const object transmission{{"auth_algo", header("paypal-auth-algo")},
                              {"cert_url", header("paypal-cert-url")},
                              {"transmission_id", header("paypal-transmission-id")},
                              {"transmission_sig", header("paypal-transmission-sig")},
                              {"transmission_time", header("paypal-transmission-time")},
                              {"webhook_id", s_.webhook_id}};
    for (const auto& [name, value] : transmission) {
      if (value.as_string().empty()) return invalid_signature("missing " + std::string(name));
    }
    // The event goes back exactly as received: PayPal checks the signature over those bytes, and a
    // re-serialized event may differ. Parsing it first makes sure the body is one JSON object, so
    // splicing it in cannot add or override members of the request.
    boost::system::error_code error;
    const boost::json::value event = boost::json::parse(notification.body, error);
    if (error || !event.is_object()) return invalid_signature("body is not a JSON object");
    std::string request = boost::json::serialize(transmission);
    request.pop_back();  // the closing '}'
    request.append(",\"webhook_event\":").append(notification.body).append("}");

    auto reply = call("POST", "/v1/notifications/verify-webhook-signature", request, "");
    if (!reply) return reply.error();
    auto answer = parse_object(reply->body);
    if (!answer) return answer.error();
    if (string_member(*answer, "verification_status") != "SUCCESS") {
      return invalid_signature("PayPal says " + string_member(*answer, "verification_status"));
    }
    return read_event(notification.body);
  }

  NotificationAnswer accepted() const override { return {.status = 200, .content_type = "text/plain", .body = {}}; }
  NotificationAnswer rejected() const override {
    return {.status = 500, .content_type = "text/plain", .body = "notification not handled, retry later"};
  }

  // Captures the approved order. The request id makes a repeated capture (browser return and webhook
  // both) one capture at PayPal; an order captured before answers ORDER_ALREADY_CAPTURED, and then
  // the order itself says how that capture went.
  core::Result<ProviderPayment> settle(const ProviderPayment& approved) override {
    if (!is_paypal_id(approved.provider_ref)) return not_found();
    auto reply =
        call("POST", "/v2/checkout/orders/" + approved.provider_ref + "/capture", "{}", "capture-" + approved.order_id);
    if (!reply) {
      if (has_provider_code(reply.error(), "ORDER_ALREADY_CAPTURED")) {
        return query(approved.order_id, approved.provider_ref);
      }
      return reply.error();
    }
    return read_order(reply->body);
  }

  core::Result<ProviderPayment> query(const std::string& /*order_id*/, const std::string& provider_ref) override {
    // Without PayPal's order id there is nothing to ask: the order never reached PayPal.
    if (!is_paypal_id(provider_ref)) return not_found();
    auto reply = call("GET", "/v2/checkout/orders/" + provider_ref, "", "");
    if (!reply) {
      const auto* status = reply.error().details.if_contains("status");
      if (has_provider_code(reply.error(), "RESOURCE_NOT_FOUND") || (status && *status == 404)) {
        return not_found();
      }
      return reply.error();
    }
    return read_order(reply->body);
  }

  // An order nobody approved simply lapses at PayPal (it has no close call); an approved one is never
  // captured by us after the window, so no money moves.
  core::Status close(const std::string& /*order_id*/, const std::string& /*provider_ref*/) override {
    return core::Ok{};
  }

  core::Result<RefundResult> refund(const RefundRequest& request) override {
    if (!is_paypal_id(request.capture_ref)) {
      return core::Error::make(core::ErrorKind::validation, "VALIDATION_FAILED", "a PayPal refund needs the capture id",
                               {{"field", "capture_ref"}});
    }
    object body{
        {"amount", object{{"currency_code", request.amount.currency}, {"value", amount_value(request.amount)}}}};
    if (!request.reason.empty()) body["note_to_payer"] = request.reason;
    auto reply = call("POST", "/v2/payments/captures/" + request.capture_ref + "/refund", boost::json::serialize(body),
                      request.refund_id);
    if (!reply) return reply.error();
    auto answer = parse_object(reply->body);
    if (!answer) return answer.error();
    const std::string status = string_member(*answer, "status");
    if (status != "COMPLETED" && status != "PENDING") {
      auto failure = integrations::upstream_unavailable("PayPal did not take the refund: " + status);
      failure.details["provider"] = "paypal";
      failure.details["provider_code"] = status;
      return failure;
    }
    return RefundResult{.provider_refund_ref = string_member(*answer, "id"), .completed = status == "COMPLETED"};
  }

  // With PayPal's refund id: GET /v2/payments/refunds/{id} (COMPLETED, PENDING, FAILED, CANCELLED).
  // Without one (its answer never reached us): the capture says whether it was refunded.
  core::Result<RefundStatus> query_refund(const RefundQuery& query) override {
    const bool by_refund = is_paypal_id(query.provider_refund_ref);
    if (!by_refund && !is_paypal_id(query.capture_ref)) return RefundStatus{};
    auto reply = by_refund ? call("GET", "/v2/payments/refunds/" + query.provider_refund_ref, "", "")
                           : call("GET", "/v2/payments/captures/" + query.capture_ref, "", "");
    if (!reply) {
      const auto* status = reply.error().details.if_contains("status");
      if (has_provider_code(reply.error(), "RESOURCE_NOT_FOUND") || (status && *status == 404)) return RefundStatus{};
      return reply.error();
    }
    auto answer = parse_object(reply->body);
    if (!answer) return answer.error();
    const std::string status = string_member(*answer, "status");
    if (!by_refund) {
      // We refund whole captures only: REFUNDED is ours, anything else is no refund yet.
      return RefundStatus{.state = status == "REFUNDED" ? RefundState::completed : RefundState::unknown,
                          .provider_refund_ref = {}};
    }
    RefundStatus found{.state = RefundState::unknown, .provider_refund_ref = query.provider_refund_ref};
    if (status == "COMPLETED") found.state = RefundState::completed;
    if (status == "PENDING") found.state = RefundState::pending;
    if (status == "FAILED" || status == "CANCELLED") found.state = RefundState::failed;
    if (found.state == RefundState::unknown) {
      return integrations::upstream_unavailable("PayPal answered an unknown refund status '" + status + "'");
    }
    return found;
  }

 private:
  static core::Result<object> parse_object(std::string_view json) {
    boost::system::error_code error;
    boost::json::value root = boost::json::parse(json, error);
    if (error || !root.is_object()) return integrations::upstream_unavailable("PayPal sent no JSON object");
    return std::move(root.as_object());
  }

  static std::string link_of(const object& order, std::string_view rel) {
    const auto* links = order.if_contains("links");
    if (!links || !links->is_array()) return {};
    for (const auto& link : links->as_array()) {
      if (link.is_object() && string_member(link.as_object(), "rel") == rel) {
        return string_member(link.as_object(), "href");
      }
    }
    return {};
  }

  // One authorized call; a 2xx answer or an error. A 401 means the token died early (revoked,
  // rotated credentials): forget it and try once more with a fresh one.
  core::Result<integrations::HttpReply> call(const std::string& method, const std::string& path,
                                             const std::string& body, const std::string& request_id) {
    for (int attempt = 0;; ++attempt) {
      auto token = tokens_.get();
      if (!token) return token.error();
      integrations::HttpHeaders headers{{"Authorization", "Bearer " + *token}, {"Accept", "application/json"}};
      if (method != "GET") headers.emplace_back("Content-Type", "application/json");
      if (!request_id.empty()) headers.emplace_back("PayPal-Request-Id", request_id);
      if (method != "GET" || path.starts_with("/v2/checkout/orders")) {
        headers.emplace_back("Prefer", "return=representation");
      }
      auto reply = http_.send(integrations::HttpRequest{.method = method,
                                                        .url = s_.base_url + path,
                                                        .headers = std::move(headers),
                                                        .body = body,
                                                        .timeout = std::chrono::milliseconds(s_.timeout_ms)});
      if (!reply) return reply.error();
      if (reply->status == 401 && attempt == 0) {
        tokens_.forget(*token);
        continue;
      }
      if (reply->status < 200 || reply->status > 299) return refused(*reply);
      return reply;
    }
  }

  PaypalSettings s_;
  integrations::HttpClient& http_;
  AccessTokens tokens_;  // after s_: it keeps a reference to it
};

}  // namespace

std::unique_ptr<Provider> make_paypal_provider(PaypalSettings settings, integrations::HttpClient& http,
                                               std::function<std::int64_t()> now) {
  return std::make_unique<PaypalProvider>(std::move(settings), http, std::move(now));
}

}  // namespace portal::payments::paypal
