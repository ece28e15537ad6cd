#include "sim/payments/payment_ledger.hpp"

namespace portal::sim::payments {

std::int64_t SandboxPayment::refunded_minor() const {
  std::int64_t total = 0;
  for (const auto& refund : refunds) total += refund.amount_minor;
  return total;
}

SandboxPayment PaymentLedger::open(SandboxPayment fresh) {
  std::lock_guard lock(mutex_);
  const Key key{static_cast<int>(fresh.method), fresh.order_id};
  if (auto found = payments_.find(key); found != payments_.end()) return found->second;
  created_order_[key] = ++sequence_;
  return payments_.emplace(key, std::move(fresh)).first->second;
}

std::optional<SandboxPayment> PaymentLedger::find(Method method, const std::string& order_id) const {
  std::lock_guard lock(mutex_);
  if (auto found = payments_.find(Key{static_cast<int>(method), order_id}); found != payments_.end()) {
    return found->second;
  }
  return std::nullopt;
}

std::optional<SandboxPayment> PaymentLedger::find_by_ref(Method method, const std::string& provider_ref) const {
  std::lock_guard lock(mutex_);
  for (const auto& [key, payment] : payments_) {
    if (payment.method == method && payment.provider_ref == provider_ref) return payment;
  }
  return std::nullopt;
}

std::optional<SandboxPayment> PaymentLedger::find_by_code(const std::string& code_token) const {
  std::lock_guard lock(mutex_);
  for (const auto& [key, payment] : payments_) {
    if (!payment.code_token.empty() && payment.code_token == code_token) return payment;
  }
  return std::nullopt;
}

std::optional<SandboxPayment> PaymentLedger::find_by_capture(const std::string& capture_ref) const {
  std::lock_guard lock(mutex_);
  for (const auto& [key, payment] : payments_) {
    if (!payment.capture_ref.empty() && payment.capture_ref == capture_ref) return payment;
  }
  return std::nullopt;
}

std::optional<SandboxPayment> PaymentLedger::latest_for_order(const std::string& order_id) const {
  std::lock_guard lock(mutex_);
  std::optional<SandboxPayment> latest;
  std::uint64_t latest_sequence = 0;
  for (const auto& [key, payment] : payments_) {
    if (key.second != order_id) continue;
    const auto sequence = created_order_.at(key);
    if (sequence > latest_sequence) {
      latest_sequence = sequence;
      latest = payment;
    }
  }
  return latest;
}

void PaymentLedger::for_each(Method method, const std::function<void(const SandboxPayment&)>& visit) const {
  std::lock_guard lock(mutex_);
  for (const auto& [key, payment] : payments_) {
    if (payment.method == method) visit(payment);
  }
}

void PaymentLedger::close_if_expired(Method method, const std::string& order_id, std::int64_t now) {
  std::lock_guard lock(mutex_);
  auto found = payments_.find(Key{static_cast<int>(method), order_id});
  if (found == payments_.end()) return;
  auto& payment = found->second;
  if (payment.stage == Stage::open && payment.expires_at != 0 && now >= payment.expires_at) {
    payment.stage = Stage::closed;
    payment.closed_at = now;
  }
}

bool PaymentLedger::update(Method method, const std::string& order_id,
                           const std::function<void(SandboxPayment&)>& change, SandboxPayment* after) {
  std::lock_guard lock(mutex_);
  auto found = payments_.find(Key{static_cast<int>(method), order_id});
  if (found == payments_.end()) return false;
  change(found->second);
  if (after) *after = found->second;
  return true;
}

}  // namespace portal::sim::payments
