#pragma once
// What a product type registers with the payment engine (from app/): how to check an order's options
// before money is asked for, how to hand over what was bought, and how to take it back on a refund.
// Payments knows nothing of VIP or rental; it knows only this interface.

#include "core/result.hpp"
#include "features/payments/order.hpp"

#include <boost/json/object.hpp>

#include <map>
#include <memory>
#include <string>
#include <string_view>

namespace soci {
class session;
}

namespace portal::payments {

// What an order asks for, before it exists: validate_options sees it whole.
struct OrderRequestView {
  std::string_view product_id;
  std::int64_t duration_hours = 0;
  bool relocatable = false;
  const boost::json::object& options;  // the parsed options JSON text
  std::string_view steam_id;           // the buyer's SteamID64, empty for an account without one
  std::int64_t user_id = 0;            // the buyer's account
};

class Fulfiller {
 public:
  virtual ~Fulfiller() = default;
  virtual std::string_view product_type() const = 0;

  // VALIDATION_FAILED (or the product's own 422) when the order cannot be fulfilled as asked.
  virtual core::Status validate_options(const OrderRequestView& request) const = 0;

  // True when the product's writes live in the payment database and fulfil() makes them through the
  // session it is handed: then the state change, the fulfilments row and the product's rows commit
  // together. False: fulfil() gets no session, runs after the payment is recorded and must be
  // idempotent on order.source_ref() (a crash before the order is marked fulfilled repeats it).
  virtual bool joins_payment_transaction() const { return false; }

  // Hands over what was bought. Answers a short text recorded in fulfilments.result. An error is
  // taken as passing (the order stays paid and the fulfilment is tried again), unless it is a
  // refusal(): then what was bought cannot be handed over at all, and the engine refunds the order.
  virtual core::Result<std::string> fulfil(const Order& order, soci::session* payment_transaction) = 0;

  // The engine refunded a paid order this fulfiller refused (see refusal()): tell the buyer.
  virtual void refused_and_refunded(const Order& order, const core::Error& why) {
    (void)order;
    (void)why;
  }

  // Takes back what fulfil() handed over (a refund); idempotent. A product that joins the payment
  // transaction is handed the refund's session and makes its writes through it.
  virtual core::Status revoke(const Order& order, soci::session* payment_transaction) = 0;
};

// A permanent "no" from fulfil(): the product is no longer there to give to this buyer (a limit filled
// while they paid, the thing renewed is gone). The engine gives the money back instead of retrying.
inline core::Error refusal(core::Error why) {
  why.details["refused"] = true;
  return why;
}
inline bool is_refusal(const core::Error& error) {
  const auto* refused = error.details.if_contains("refused");
  return refused && refused->is_bool() && refused->as_bool();
}

// The product types that can be bought, by name.
class FulfilmentRegistry {
 public:
  void add(std::shared_ptr<Fulfiller> fulfiller) {
    const std::string type(fulfiller->product_type());
    fulfillers_[type] = std::move(fulfiller);
  }
  Fulfiller* find(std::string_view product_type) const {
    auto it = fulfillers_.find(product_type);
    return it == fulfillers_.end() ? nullptr : it->second.get();
  }

 private:
  std::map<std::string, std::shared_ptr<Fulfiller>, std::less<>> fulfillers_;
};

}  // namespace portal::payments
