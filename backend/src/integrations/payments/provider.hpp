#pragma once
// One payment provider (Alipay, WeChat Pay, PayPal) as the payment engine sees it: start a payment,
// verify and read a notification, ask for a payment's state, close it, refund it. Each adapter speaks
// its provider's real wire protocol; base URLs, ids and keys come from its settings, so the providers'
// sandboxes and the local stand-ins in sim/payments can sit behind the same code.

#include "core/result.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace portal::payments {

enum class Method { alipay, wechat, paypal };

// An amount in minor units (fen for CNY, cents for USD): money never passes through a double.
struct Money {
  std::int64_t minor = 0;
  std::string currency;  // "CNY" or "USD"
  bool operator==(const Money&) const = default;
};

struct PaymentRequest {
  std::string order_id;  // ours: out_trade_no / out_trade_no / PayPal reference_id + invoice_id
  Money amount;
  std::string subject;          // what the buyer sees, e.g. "VIP 30 days"
  std::string notify_url;       // absolute URL of POST /api/payment/notify/{provider}
  std::string return_url;       // where the provider sends the browser back (Alipay, PayPal)
  std::int64_t expires_at = 0;  // unix seconds: the end of the payment window (time_expire)
  std::string idempotency_key;  // the same request retried creates one payment (PayPal-Request-Id)
};

struct PaymentStart {
  std::string payment_url;                // the page to open: Alipay page pay, PayPal approve link, or
                                          // for WeChat Native the code_url itself
  std::optional<std::string> qr_payload;  // WeChat Native: the code_url to show as a QR code
  std::string provider_ref;               // the provider's id when creation returns one (PayPal order id)
};

// What the provider says about a payment, from a notification or a query.
enum class ProviderState {
  pending,   // created, not paid (WAIT_BUYER_PAY, NOTPAY, CREATED)
  approved,  // PayPal: the buyer approved; capture() turns it into paid
  paid,      // TRADE_SUCCESS / TRADE_FINISHED, SUCCESS, COMPLETED capture
  closed,    // TRADE_CLOSED, CLOSED, VOIDED
  refunded,  // REFUND / fully refunded
  failed,    // PAYERROR, DECLINED
};

struct ProviderPayment {
  std::string order_id;      // ours, as the provider echoes it
  std::string provider_ref;  // trade_no / transaction_id / PayPal order id (capture id in capture_ref)
  std::string capture_ref;   // PayPal capture id (what a refund needs); empty elsewhere
  ProviderState state = ProviderState::pending;
  Money amount;              // what the provider says was paid (or is to be paid)
  std::string merchant_id;   // app_id / mchid / PayPal payee merchant id: must be ours
  std::int64_t paid_at = 0;  // unix seconds, 0 when unknown
  std::string event_id;      // notify_id / notification id / webhook event id ("" for a query)
  std::string event_type;    // trade_status / event_type / PayPal event_type, as sent
};

// An incoming notification as the HTTP layer hands it over: nothing parsed, nothing trusted yet.
struct Notification {
  std::map<std::string, std::string, std::less<>> headers;  // names in lower case
  std::string body;
};

// What to answer the provider: its own success / failure shape (Alipay "success", WeChat 200/JSON...).
struct NotificationAnswer {
  int status = 200;
  std::string content_type = "text/plain";
  std::string body;
};

struct RefundRequest {
  std::string order_id;
  std::string provider_ref;
  std::string capture_ref;
  std::string refund_id;  // ours, unique per refund: out_request_no / out_refund_no / PayPal-Request-Id
  Money amount;           // the part to refund (the whole order for now)
  Money order_total;      // WeChat needs the original total
  std::string reason;
};

struct RefundResult {
  std::string provider_refund_ref;
  bool completed = false;  // false: accepted, completes later (WeChat PROCESSING, PayPal PENDING)
};

// A refund asked about later: one the provider accepted but had not finished, or one whose answer
// never reached us (the portal stopped between asking and recording).
struct RefundQuery {
  std::string order_id;
  std::string provider_ref;
  std::string capture_ref;
  std::string refund_id;            // ours
  std::string provider_refund_ref;  // the provider's, when its answer was recorded
};

enum class RefundState {
  unknown,    // the provider has no such refund (never received, or Alipay's answer without a status)
  pending,    // accepted, money not back yet (PROCESSING, PENDING)
  completed,  // the money is back with the buyer (SUCCESS, REFUND_SUCCESS, COMPLETED)
  failed,     // the provider gave up (ABNORMAL, CLOSED, FAILED, CANCELLED): an operator has to act
};

struct RefundStatus {
  RefundState state = RefundState::unknown;
  std::string provider_refund_ref;
};

class Provider {
 public:
  virtual ~Provider() = default;
  virtual Method method() const = 0;

  // UPSTREAM_* errors (integrations/http) when the provider cannot be reached or refuses.
  virtual core::Result<PaymentStart> create(const PaymentRequest& request) = 0;
  // Checks the signature BEFORE reading anything (INVALID_SIGNATURE otherwise), then parses it.
  // May call the provider (PayPal's verify-webhook-signature): run it on the outbound pool.
  virtual core::Result<ProviderPayment> verify_notification(const Notification& notification) = 0;
  virtual NotificationAnswer accepted() const = 0;  // the notification is handled: stop retrying
  virtual NotificationAnswer rejected() const = 0;  // not handled: retry later
  // PayPal: captures an approved order (idempotent with the order id as request id); others: the
  // payment as it is (they have no capture step).
  virtual core::Result<ProviderPayment> settle(const ProviderPayment& approved) = 0;
  virtual core::Result<ProviderPayment> query(const std::string& order_id, const std::string& provider_ref) = 0;
  // Closes an unpaid payment at the provider when the window ends (a paid one cannot be closed:
  // the engine queries first). Closing one that never reached the provider is a success.
  virtual core::Status close(const std::string& order_id, const std::string& provider_ref) = 0;
  virtual core::Result<RefundResult> refund(const RefundRequest& request) = 0;
  virtual core::Result<RefundStatus> query_refund(const RefundQuery& query) = 0;
};

const char* to_string(Method method);
std::optional<Method> method_from(std::string_view name);

}  // namespace portal::payments
