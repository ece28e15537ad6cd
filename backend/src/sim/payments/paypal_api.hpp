#pragma once
// The stand-in for PayPal's REST API (reference/protocols.md 5c) under <base>/dev/payments/paypal:
// OAuth 2.0 client credentials (HTTP Basic client_id:secret) hand out bearer tokens, and every Orders
// v2 / Payments call must carry one (401 invalid_token otherwise). Orders go CREATED -> APPROVED (the
// buyer, on the approve page) -> COMPLETED (our capture), with PayPal-Request-Id idempotency on create
// and capture. Webhooks (CHECKOUT.ORDER.APPROVED, PAYMENT.CAPTURE.COMPLETED / DECLINED) carry
// paypal-transmission-* headers signed with the stand-in's key over
// id|time|webhook_id|crc32(body); verify-webhook-signature and the cert_url check them.

#include "core/clock.hpp"
#include "http/message.hpp"
#include "integrations/payments/crypto.hpp"
#include "sim/payments/notifier.hpp"
#include "sim/payments/payment_ledger.hpp"
#include "sim/payments/sandbox_settings.hpp"

#include <boost/json/object.hpp>

#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace portal::sim::payments {

inline constexpr std::string_view kPaypalPrefix = "/dev/payments/paypal";

std::string paypal_order_status(const SandboxPayment& payment);    // CREATED / APPROVED / COMPLETED / VOIDED
std::string paypal_capture_status(const SandboxPayment& payment);  // COMPLETED / PARTIALLY_REFUNDED / REFUNDED
// The string PayPal signs for a webhook: transmission_id|transmission_time|webhook_id|crc32(body).
std::string paypal_webhook_message(std::string_view transmission_id, std::string_view transmission_time,
                                   std::string_view webhook_id, std::string_view body);

class PaypalApi {
 public:
  PaypalApi(PaypalSandboxAccount account, portal::payments::crypto::KeyPair paypal_keys, PaymentLedger& ledger,
            Notifier& notifier, core::UnixClock now);

  http::Response token(const http::Request& request);
  http::Response create_order(const http::Request& request);
  http::Response get_order(const http::Request& request);     // {orderId}
  http::Response capture(const http::Request& request);       // {orderId}
  http::Response refund(const http::Request& request);        // {captureId}
  http::Response show_refund(const http::Request& request);   // {refundId}
  http::Response show_capture(const http::Request& request);  // {captureId}
  http::Response verify_webhook_signature(const http::Request& request);
  http::Response certificate(const http::Request& request);

  // The page the approve link opens: ?token=<PayPal order id>.
  std::optional<SandboxPayment> order_for_token(const std::string& token) const;
  void notify_approved(const SandboxPayment& payment);
  const PaypalSandboxAccount& account() const { return account_; }

 private:
  std::optional<http::Response> refuse_bearer(const http::Request& request) const;
  boost::json::object order_json(const SandboxPayment& payment) const;
  boost::json::object capture_json(const SandboxPayment& payment) const;
  void send_webhook(const SandboxPayment& payment, std::string_view event_type, boost::json::object resource);

  PaypalSandboxAccount account_;
  portal::payments::crypto::KeyPair paypal_keys_;
  PaymentLedger& ledger_;
  Notifier& notifier_;
  core::UnixClock now_;

  mutable std::mutex mutex_;
  std::map<std::string, std::int64_t> tokens_;          // access token -> expiry (unix seconds)
  std::map<std::string, std::string> create_replays_;   // PayPal-Request-Id -> order id
  std::map<std::string, std::string> capture_replays_;  // PayPal-Request-Id -> order id
  std::map<std::string, std::string> refund_replays_;   // PayPal-Request-Id -> refund id
};

}  // namespace portal::sim::payments
