#pragma once
// PayPal's JSON read into what the engine needs: amounts ("10.00" <-> minor units), an order (GET or
// capture answer), and a webhook event (order approved, capture completed/pending/denied, refund).

#include "core/result.hpp"
#include "integrations/payments/provider.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace portal::payments::paypal {

// PayPal's amount value: a string with the currency's decimals ("10.00" for 1000 USD cents, "1000" for
// 1000 JPY).
std::string amount_value(const Money& money);
// The inverse; nullopt for a malformed value or more decimals than the currency has.
std::optional<std::int64_t> minor_units(std::string_view value, std::string_view currency_code);

// An order as GET /v2/checkout/orders/{id} or the capture call returns it: APPROVED approved, VOIDED
// closed, COMPLETED by its capture (COMPLETED/PARTIALLY_REFUNDED paid, REFUNDED refunded, PENDING
// pending, DECLINED/FAILED failed), else pending. UPSTREAM_UNAVAILABLE when it is not an order.
core::Result<ProviderPayment> read_order(std::string_view json);

// A webhook event (already verified): CHECKOUT.ORDER.APPROVED approved, PAYMENT.CAPTURE.COMPLETED paid,
// PAYMENT.CAPTURE.PENDING pending, PAYMENT.CAPTURE.DENIED/DECLINED failed, PAYMENT.CAPTURE.REFUNDED
// refunded; any other event reads as pending with its id and type (nothing for the engine to do).
core::Result<ProviderPayment> read_event(std::string_view json);

}  // namespace portal::payments::paypal
