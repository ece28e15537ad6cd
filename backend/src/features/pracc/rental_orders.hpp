#pragma once
// The rental as a product the payment engine sells (spec 001 section 7: productType server_rental,
// productId new_server or renew_server). The app wires these into a payments fulfiller: checking an
// order's options before money is asked for, and handing over what was bought inside the payment's
// transaction (a new server row, or a later expiry). The cloud is not called here: the provisioning
// job launches what was bought, so a slow or failing cloud never holds a payment back.

#include "core/result.hpp"
#include "features/pracc/rental_repository.hpp"
#include "features/pracc/rental_settings.hpp"

#include <boost/json/object.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace portal::pracc {

struct RentalPurchase {
  std::string_view product_id;  // new_server or renew_server
  std::int64_t hours = 0;
  bool relocatable = false;
  const boost::json::object& options;
  std::int64_t user_id = 0;
  std::string_view steam_id;
};

struct RentalOrdersDeps {
  RentalRepository& servers;
  RentalSettings settings;
  std::function<std::int64_t()> now_unix;
};

class RentalOrders {
 public:
  explicit RentalOrders(RentalOrdersDeps deps) : d_(std::move(deps)) {}

  core::Status validate(const RentalPurchase& purchase) const;
  // Inside the payment transaction; answers a short text for the fulfilment record. The rules of
  // validate() are checked again (the limits counted inside the transaction): an order paid after a
  // limit filled, or renewing a server that is gone, is refused with the rule's error (a conflict,
  // not-found or validation kind); only an internal or unavailable error is worth another try.
  core::Result<std::string> fulfil_within(soci::session& open_transaction, const std::string& order_id,
                                          const RentalPurchase& purchase);
  // A refund takes back what the order gave (once per order, audited; inside the refund's transaction
  // when one is given): a new server ends at once, a renewal's hours come off the expiry. Answers the
  // id of the server record changed, or empty when nothing was left to take (revoked before, or gone).
  std::string revoke(const std::string& order_id, const RentalPurchase& purchase, soci::session* open_transaction);

 private:
  RentalOrdersDeps d_;
};

}  // namespace portal::pracc
