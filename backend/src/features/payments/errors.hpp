#pragma once
// The stable error codes of payments (docs/payments.md "Rules"), one function each; http/api_error
// turns the kind into the status (PAYMENT_PROVIDER_ERROR is answered 502 by the routes).
//   PRICE_NOT_FOUND          422  no price for (product, duration, relocatable, currency)
//   CURRENCY_MISMATCH        422  USD is for PayPal, CNY for the others
//   PAYPAL_MIN_DURATION      422  PayPal sells 168 hours and more
//   PAYMENT_METHOD_DISABLED  422  the method is not in [payments] methods
//   PRODUCT_NOT_AVAILABLE    422  no fulfiller is registered for the product type
//   ORDER_NOT_FOUND          404  no such order, or not the caller's
//   ORDER_NOT_PAYABLE        409  the order is paid, expired, failed, refunded or held
//   TOO_MANY_OPEN_ORDERS     429  the caller has as many unpaid orders as allowed
//   ORDER_NOT_REFUNDABLE     409  only money taken (paid, fulfilled, held) can be given back
//   ORDER_NOT_HELD           409  only a payment held for review can be released
//   PAYMENT_PROVIDER_ERROR   502  the provider could not be reached or refused

#include "core/error.hpp"

#include <cstdint>
#include <string>
#include <string_view>

namespace portal::payments::errors {

inline core::Error price_not_found() {
  return core::Error::make(core::ErrorKind::validation, "PRICE_NOT_FOUND", "Invalid price configuration");
}

inline core::Error currency_mismatch(std::string_view method, std::string_view expected) {
  return core::Error::make(core::ErrorKind::validation, "CURRENCY_MISMATCH",
                           std::string(method) + " is paid in " + std::string(expected),
                           {{"method", method}, {"currency", expected}});
}

inline core::Error paypal_min_duration(std::int64_t minimum_hours) {
  return core::Error::make(core::ErrorKind::validation, "PAYPAL_MIN_DURATION",
                           "PayPal is available for " + std::to_string(minimum_hours) + " hours and more",
                           {{"minHours", minimum_hours}});
}

inline core::Error payment_method_disabled(std::string_view method) {
  return core::Error::make(core::ErrorKind::validation, "PAYMENT_METHOD_DISABLED",
                           "the payment method '" + std::string(method) + "' is not available", {{"method", method}});
}

inline core::Error product_not_available(std::string_view product_type) {
  return core::Error::make(core::ErrorKind::validation, "PRODUCT_NOT_AVAILABLE",
                           "'" + std::string(product_type) + "' cannot be bought yet", {{"productType", product_type}});
}

inline core::Error order_not_found() {
  return core::Error::make(core::ErrorKind::not_found, "ORDER_NOT_FOUND", "No such order");
}

inline core::Error order_not_payable(std::string_view state) {
  return core::Error::make(core::ErrorKind::conflict, "ORDER_NOT_PAYABLE", "This order can no longer be paid",
                           {{"state", state}});
}

inline core::Error too_many_open_orders(int cap) {
  return core::Error::make(core::ErrorKind::rate_limited, "TOO_MANY_OPEN_ORDERS",
                           "Finish or let expire one of your unpaid orders first", {{"maxOpenOrders", cap}});
}

inline core::Error order_not_refundable(std::string_view state) {
  return core::Error::make(core::ErrorKind::conflict, "ORDER_NOT_REFUNDABLE", "Only a paid order can be refunded",
                           {{"state", state}});
}

inline core::Error order_not_held(std::string_view state) {
  return core::Error::make(core::ErrorKind::conflict, "ORDER_NOT_HELD",
                           "Only a payment held for review can be released", {{"state", state}});
}

// The provider's own error stays in the log; the client learns only that the provider failed.
inline core::Error payment_provider_error(std::string_view method) {
  return core::Error::make(core::ErrorKind::unavailable, "PAYMENT_PROVIDER_ERROR",
                           "The payment provider could not be reached; try again", {{"method", method}});
}

}  // namespace portal::payments::errors
