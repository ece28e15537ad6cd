#pragma once
// The stand-ins' memory of payments, as a provider keeps it: one entry per (method, our order id),
// with the provider's own references, the buyer's progress and the refunds. Each stand-in reads the
// stage in its provider's words (alipay_states, wechat_states, paypal_states live next to them).
// Thread-safe: API calls, checkout pages and the notifier touch it concurrently.

#include "integrations/payments/provider.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace portal::sim::payments {

using portal::payments::Method;
using portal::payments::Money;

enum class Stage {
  open,      // created, waiting for the buyer (WAIT_BUYER_PAY, NOTPAY, CREATED)
  approved,  // PayPal: the buyer approved, the merchant has not captured yet
  paid,      // TRADE_SUCCESS, SUCCESS, COMPLETED
  failed,    // the buyer's payment failed (WeChat PAYERROR; PayPal: declined at capture)
  closed,    // closed unpaid (TRADE_CLOSED, CLOSED, VOIDED)
  refunded,  // refunded in full
};

struct SandboxRefund {
  std::string refund_id;  // ours: out_request_no / out_refund_no / PayPal-Request-Id
  std::string provider_refund_ref;
  std::int64_t amount_minor = 0;
  std::int64_t created_at = 0;
};

struct SandboxPayment {
  Method method = Method::alipay;
  std::string order_id;      // ours: out_trade_no / PayPal reference_id
  std::string provider_ref;  // trade_no / transaction_id / PayPal order id
  std::string capture_ref;   // PayPal capture id, once captured
  std::string code_token;    // WeChat: the pr= of the code_url
  Money amount;
  std::string subject;
  std::string notify_url;
  std::string return_url;
  std::string cancel_url;  // PayPal
  Stage stage = Stage::open;
  bool decline_capture = false;  // PayPal: the buyer "failed": the capture will be declined
  std::int64_t created_at = 0;
  std::int64_t paid_at = 0;
  std::int64_t closed_at = 0;
  std::int64_t expires_at = 0;  // 0: none given
  std::vector<SandboxRefund> refunds;

  std::int64_t refunded_minor() const;
};

class PaymentLedger {
 public:
  // The existing entry for (method, order id) when there is one, else `fresh` stored as is.
  SandboxPayment open(SandboxPayment fresh);
  std::optional<SandboxPayment> find(Method method, const std::string& order_id) const;
  std::optional<SandboxPayment> find_by_ref(Method method, const std::string& provider_ref) const;
  std::optional<SandboxPayment> find_by_code(const std::string& code_token) const;
  std::optional<SandboxPayment> find_by_capture(const std::string& capture_ref) const;
  // The most recently created entry for our order id, whatever the method (the dev actions' lookup).
  std::optional<SandboxPayment> latest_for_order(const std::string& order_id) const;

  void for_each(Method method, const std::function<void(const SandboxPayment&)>& visit) const;
  // An open payment whose time_expire passed is closed, as the providers close it on their own.
  void close_if_expired(Method method, const std::string& order_id, std::int64_t now);

  // Runs `change` on the entry under the lock; false when there is none. The entry is copied out
  // afterwards into `after` when given.
  bool update(Method method, const std::string& order_id, const std::function<void(SandboxPayment&)>& change,
              SandboxPayment* after = nullptr);

 private:
  using Key = std::pair<int, std::string>;
  mutable std::mutex mutex_;
  std::map<Key, SandboxPayment> payments_;
  std::uint64_t sequence_ = 0;
  std::map<Key, std::uint64_t> created_order_;
};

}  // namespace portal::sim::payments
