// The stand-in's WeChat Pay v3 refund calls: a refund of a paid order (out_refund_no makes a repeat
// the same refund), answered PROCESSING, and its query, which says SUCCESS once the money is back.
#include "sim/payments/sandbox_text.hpp"
#include "sim/payments/wechat_api.hpp"
#include "sim/payments/wechat_wire.hpp"

#include <boost/json/serialize.hpp>

namespace portal::sim::payments {

namespace json = boost::json;
using namespace wechat_wire;

http::Response WechatApi::refund(const http::Request& request) {
  if (auto refusal = refuse_signature(request)) return *refusal;
  const auto body = parse_object(request.body);
  if (!body) return error(400, "PARAM_ERROR", "请求体不是合法的 JSON");
  std::optional<SandboxPayment> payment;
  if (const auto order_id = text_of(*body, "out_trade_no"); !order_id.empty()) {
    payment = current(order_id);
  } else if (const auto transaction = text_of(*body, "transaction_id"); !transaction.empty()) {
    payment = ledger_.find_by_ref(Method::wechat, transaction);
  }
  const auto refund_no = text_of(*body, "out_refund_no");
  const auto* amount = body->if_contains("amount");
  const auto part = amount && amount->is_object() ? int_of(amount->as_object().if_contains("refund")) : std::nullopt;
  const auto total = amount && amount->is_object() ? int_of(amount->as_object().if_contains("total")) : std::nullopt;
  if (refund_no.empty() || !part || !total || *part <= 0) return error(400, "PARAM_ERROR", "参数错误");
  if (!payment) return error(404, "RESOURCE_NOT_EXISTS", "订单不存在");
  if (*total != payment->amount.minor) return error(400, "PARAM_ERROR", "订单金额与原订单不一致");

  enum class Outcome { accepted, replay, not_paid, too_much } outcome = Outcome::accepted;
  const auto now = now_();
  SandboxPayment after;
  SandboxRefund made;
  ledger_.update(
      Method::wechat, payment->order_id,
      [&](SandboxPayment& entry) {
        for (const auto& refund : entry.refunds) {
          if (refund.refund_id == refund_no) {
            outcome = Outcome::replay;
            made = refund;
          }
        }
        if (outcome == Outcome::replay) return;
        if (entry.stage != Stage::paid) {
          outcome = Outcome::not_paid;
          return;
        }
        if (entry.refunded_minor() + *part > entry.amount.minor) {
          outcome = Outcome::too_much;
          return;
        }
        made = {.refund_id = refund_no,
                .provider_refund_ref = "50" + random_digits(27),
                .amount_minor = *part,
                .created_at = now};
        entry.refunds.push_back(made);
        if (entry.refunded_minor() == entry.amount.minor) entry.stage = Stage::refunded;
      },
      &after);
  if (outcome == Outcome::not_paid) return error(403, "TRADE_STATE_ERROR", "订单状态不正确，无法退款");
  if (outcome == Outcome::too_much) return error(403, "NOT_ENOUGH", "申请退款金额超过订单可退金额");
  // A new refund is PROCESSING, as WeChat answers; querying it later says SUCCESS.
  json::object answer_body{{"refund_id", made.provider_refund_ref},
                           {"out_refund_no", made.refund_id},
                           {"transaction_id", after.provider_ref},
                           {"out_trade_no", after.order_id},
                           {"channel", "ORIGINAL"},
                           {"user_received_account", "支付用户零钱"},
                           {"create_time", rfc3339_cst(made.created_at)},
                           {"status", outcome == Outcome::replay ? "SUCCESS" : "PROCESSING"},
                           {"amount", json::object{{"refund", made.amount_minor},
                                                   {"total", after.amount.minor},
                                                   {"payer_refund", made.amount_minor},
                                                   {"payer_total", after.amount.minor},
                                                   {"currency", "CNY"}}}};
  return answer(200, json::serialize(answer_body));
}

http::Response WechatApi::query_refund(const http::Request& request) {
  if (auto refusal = refuse_signature(request)) return *refusal;
  const std::string refund_no(request.path_param("outRefundNo"));
  // Our refund numbers are unique across orders, so the one payment holding it is searched for.
  std::optional<SandboxPayment> holder;
  std::optional<SandboxRefund> found;
  ledger_.for_each(Method::wechat, [&](const SandboxPayment& payment) {
    for (const auto& refund : payment.refunds) {
      if (refund.refund_id == refund_no) {
        holder = payment;
        found = refund;
      }
    }
  });
  if (!found) return error(404, "RESOURCE_NOT_EXISTS", "退款单不存在");
  // WeChat takes a while to return money (seconds to its balance, days to a card): PROCESSING first.
  const std::int64_t settled_at = found->created_at + kRefundProcessingSeconds;
  const bool settled = now_() >= settled_at;
  return answer(
      200, json::serialize(json::object{
               {"refund_id", found->provider_refund_ref},
               {"out_refund_no", found->refund_id},
               {"transaction_id", holder->provider_ref},
               {"out_trade_no", holder->order_id},
               {"channel", "ORIGINAL"},
               {"status", settled ? "SUCCESS" : "PROCESSING"},
               {"success_time", settled ? json::value(rfc3339_cst(settled_at)) : json::value(nullptr)},
               {"create_time", rfc3339_cst(found->created_at)},
               {"amount",
                json::object{{"refund", found->amount_minor}, {"total", holder->amount.minor}, {"currency", "CNY"}}}}));
}

}  // namespace portal::sim::payments
