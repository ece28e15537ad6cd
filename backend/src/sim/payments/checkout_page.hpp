#pragma once
// Demo mode only: the checkout pages the stand-ins show the buyer, one look per method (an
// Alipay-like cashier, a WeChat QR code with its code_url, a PayPal approve page), each with the
// buttons Pay, Fail and Abandon, in Chinese or English (?lang=zh|en). The buttons post the form
// fields method, order, action, lang to kCheckoutActionPath.

#include "http/message.hpp"
#include "sim/payments/payment_ledger.hpp"

#include <string>
#include <string_view>

namespace portal::sim::payments {

inline constexpr std::string_view kCheckoutActionPath = "/dev/payments/checkout";

enum class PageLang { zh, en };
PageLang page_lang(std::string_view requested);  // "en..." -> en, anything else zh (the providers' default)

http::Response checkout_page(const SandboxPayment& payment, PageLang lang, std::string_view qr_payload = {});
// After a decision, or for a payment that can no longer be paid: a short page saying so.
http::Response result_page(const SandboxPayment& payment, PageLang lang, std::string_view headline_zh,
                           std::string_view headline_en, int status = 200);

}  // namespace portal::sim::payments
