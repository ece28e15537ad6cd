#pragma once
// WeChat Pay's transaction object, as a query answers it and as a payment notification carries it
// (decrypted), read into what the engine needs; and the refund object of a refund notification.

#include "core/result.hpp"
#include "integrations/payments/provider.hpp"

#include <boost/json/object.hpp>

#include <string>
#include <string_view>

namespace portal::payments::wechat {

// SUCCESS paid, NOTPAY/USERPAYING pending, CLOSED/REVOKED closed, REFUND refunded, PAYERROR failed;
// anything else pending (the engine acts on none of those).
ProviderState state_of_trade(std::string_view trade_state);

// {out_trade_no, transaction_id, trade_state, amount{total, currency}, mchid, success_time}.
// UPSTREAM_UNAVAILABLE when it is not such an object.
core::Result<ProviderPayment> read_transaction(std::string_view json);

// {out_trade_no, transaction_id, refund_status, amount{total}, mchid, success_time}: refunded when
// refund_status is SUCCESS; otherwise the payment is still paid (the refund was closed or stuck).
core::Result<ProviderPayment> read_refund(std::string_view json);

// The string member `name` of a WeChat Pay object, or "" when it is missing or not a string.
std::string string_member(const boost::json::object& object, std::string_view name);

}  // namespace portal::payments::wechat
