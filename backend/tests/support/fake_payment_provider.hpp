#pragma once
// A test double of integrations/payments/provider.hpp: no network, a notification format of its own
// (JSON with a "sig" that must be "ok"), and what query() reports set by the test.

#include "core/error.hpp"
#include "integrations/payments/provider.hpp"

#include <boost/json.hpp>

#include <map>
#include <mutex>
#include <string>

namespace portal::test {

class FakePaymentProvider final : public payments::Provider {
 public:
  explicit FakePaymentProvider(payments::Method method, std::string merchant = "m_ours")
      : method_(method), merchant_(std::move(merchant)) {}

  payments::Method method() const override { return method_; }

  core::Result<payments::PaymentStart> create(const payments::PaymentRequest& request) override {
    std::lock_guard lock(mutex_);
    ++creates_;
    last_request_ = request;
    payments::PaymentStart start{"https://fake.pay/" + request.order_id, std::nullopt, "ref_" + request.order_id};
    if (method_ == payments::Method::wechat) start.qr_payload = "weixin://fake/" + request.order_id;
    return start;
  }

  core::Result<payments::ProviderPayment> verify_notification(const payments::Notification& n) override {
    boost::system::error_code ec;
    auto json = boost::json::parse(n.body, ec);
    if (ec || !json.is_object() || !json.as_object().contains("sig") || json.at("sig") != "ok") {
      return core::Error::make(core::ErrorKind::unauthorized, "INVALID_SIGNATURE", "bad signature");
    }
    const auto& o = json.as_object();
    payments::ProviderPayment p;
    p.order_id = std::string(o.at("order").as_string());
    p.event_id = std::string(o.at("event").as_string());
    p.event_type = std::string(o.at("type").as_string());
    p.provider_ref = "ref_" + p.order_id;
    p.state = state_of(p.event_type);
    p.amount = payments::Money{o.at("amount").as_int64(), std::string(o.at("currency").as_string())};
    p.merchant_id = o.contains("merchant") ? std::string(o.at("merchant").as_string()) : merchant_;
    return p;
  }

  payments::NotificationAnswer accepted() const override { return {200, "text/plain", "success"}; }
  payments::NotificationAnswer rejected() const override { return {500, "text/plain", "fail"}; }

  core::Result<payments::ProviderPayment> settle(const payments::ProviderPayment& approved) override {
    auto paid = approved;
    paid.state = payments::ProviderState::paid;
    return paid;
  }

  core::Result<payments::ProviderPayment> query(const std::string& order_id, const std::string&) override {
    std::lock_guard lock(mutex_);
    auto it = queried_.find(order_id);
    if (it != queried_.end()) return it->second;
    payments::ProviderPayment p;
    p.order_id = order_id;
    return p;
  }

  core::Status close(const std::string& order_id, const std::string&) override {
    std::lock_guard lock(mutex_);
    closed_[order_id] = true;
    return core::Ok{};
  }

  core::Result<payments::RefundResult> refund(const payments::RefundRequest& request) override {
    std::lock_guard lock(mutex_);
    refunds_[request.refund_id] = request.amount.minor;
    refund_states_.try_emplace(request.refund_id,
                               refund_later_ ? payments::RefundState::pending : payments::RefundState::completed);
    return payments::RefundResult{"prov_" + request.refund_id, !refund_later_};
  }

  core::Result<payments::RefundStatus> query_refund(const payments::RefundQuery& query) override {
    std::lock_guard lock(mutex_);
    ++refund_queries_;
    auto it = refund_states_.find(query.refund_id);
    if (it == refund_states_.end()) return payments::RefundStatus{};
    return payments::RefundStatus{it->second, "prov_" + query.refund_id};
  }

  // From now on refund() answers "accepted, completes later" (WeChat's PROCESSING).
  void refund_later() {
    std::lock_guard lock(mutex_);
    refund_later_ = true;
  }
  // What query_refund() answers for the refund from now on.
  void report_refund(const std::string& refund_id, payments::RefundState state) {
    std::lock_guard lock(mutex_);
    refund_states_[refund_id] = state;
  }
  int refund_queries() const {
    std::lock_guard lock(mutex_);
    return refund_queries_;
  }

  // What query() answers for the order from now on.
  void report(const payments::ProviderPayment& payment) {
    std::lock_guard lock(mutex_);
    queried_[payment.order_id] = payment;
  }
  bool closed(const std::string& order_id) const {
    std::lock_guard lock(mutex_);
    return closed_.contains(order_id);
  }
  int creates() const {
    std::lock_guard lock(mutex_);
    return creates_;
  }
  std::map<std::string, std::int64_t> refunds() const {
    std::lock_guard lock(mutex_);
    return refunds_;
  }

  // A notification body as this provider signs it ("sig": "ok"; forged: anything else).
  static std::string notification(const std::string& order, const std::string& event, const std::string& type,
                                  std::int64_t amount, const std::string& currency, const std::string& sig = "ok",
                                  const std::string& merchant = "") {
    boost::json::object o{{"sig", sig},   {"order", order},   {"event", event},
                          {"type", type}, {"amount", amount}, {"currency", currency}};
    if (!merchant.empty()) o["merchant"] = merchant;
    return boost::json::serialize(o);
  }

 private:
  static payments::ProviderState state_of(const std::string& type) {
    if (type == "TRADE_SUCCESS" || type == "TRADE_FINISHED") return payments::ProviderState::paid;
    if (type == "APPROVED") return payments::ProviderState::approved;
    if (type == "TRADE_CLOSED") return payments::ProviderState::closed;
    if (type == "PAYERROR") return payments::ProviderState::failed;
    return payments::ProviderState::pending;
  }

  payments::Method method_;
  std::string merchant_;
  mutable std::mutex mutex_;
  int creates_ = 0;
  payments::PaymentRequest last_request_;
  std::map<std::string, payments::ProviderPayment> queried_;
  std::map<std::string, bool> closed_;
  std::map<std::string, std::int64_t> refunds_;
  std::map<std::string, payments::RefundState> refund_states_;
  bool refund_later_ = false;
  int refund_queries_ = 0;
};

}  // namespace portal::test
