#include "sim/payments/alipay_gateway.hpp"

#include "http/form_body.hpp"
#include "integrations/steam/openid.hpp"
#include "sim/payments/checkout_page.hpp"
#include "sim/payments/sandbox_text.hpp"
#include "sim/payments/wire_json.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <stdexcept>

namespace portal::sim::payments {

namespace crypto = portal::payments::crypto;
namespace json = boost::json;

std::string alipay_sign_content(const Params& params, std::initializer_list<std::string_view> excluded) {
  std::string content;
  for (const auto& [key, value] : params) {  // std::map: already in ASCII order
    if (value.empty()) continue;
    bool skip = false;
    for (auto name : excluded) skip = skip || key == name;
    if (skip) continue;
    if (!content.empty()) content += '&';
    content += key + "=" + value;
  }
  return content;
}

std::string alipay_state_name(Stage stage) {
  switch (stage) {
    case Stage::paid:
      return "TRADE_SUCCESS";
    case Stage::closed:
    case Stage::refunded:  // a full refund closes an Alipay trade
    case Stage::failed:
      return "TRADE_CLOSED";
    case Stage::open:
    case Stage::approved:
      break;
  }
  return "WAIT_BUYER_PAY";
}

namespace {

std::string_view raw_query_of(const http::Request& request) {
  const std::string_view target = request.target;
  const auto question = target.find('?');
  return question == std::string_view::npos ? std::string_view{} : target.substr(question + 1);
}

// The SDK sends the common parameters in the query and biz_content in the form body: read both.
Params all_params(const http::Request& request) {
  Params params;
  for (auto& [key, value] : integrations::steam::parse_query(raw_query_of(request))) params[key] = value;
  if (request.method == http::Method::post && http::is_form_media_type(request.header("Content-Type"))) {
    for (auto& [key, value] : integrations::steam::parse_query(request.body)) params[key] = value;
  }
  return params;
}

std::string value_of(const Params& params, std::string_view key) {
  auto found = params.find(key);
  return found == params.end() ? std::string{} : found->second;
}

json::object business_failure(std::string_view sub_code, std::string_view sub_msg) {
  return {{"code", "40004"}, {"msg", "Business Failed"}, {"sub_code", sub_code}, {"sub_msg", sub_msg}};
}

json::object invalid_arguments(std::string_view sub_code, std::string_view sub_msg) {
  return {{"code", "40002"}, {"msg", "Invalid Arguments"}, {"sub_code", sub_code}, {"sub_msg", sub_msg}};
}

constexpr std::string_view kBuyerId = "2088102177846880";
constexpr std::string_view kBuyerLogon = "sandbox***@alipay.test";

}  // namespace

AlipayGateway::AlipayGateway(AlipaySandboxAccount account, crypto::KeyPair alipay_keys, PaymentLedger& ledger,
                             Notifier& notifier, core::UnixClock now)
    : account_(std::move(account)),
      alipay_keys_(std::move(alipay_keys)),
      ledger_(ledger),
      notifier_(notifier),
      now_(std::move(now)) {}

std::string AlipayGateway::sign(std::string_view content) const {
  auto signature = crypto::rsa_sha256_sign_base64(alipay_keys_.private_pem, content);
  if (!signature) throw std::logic_error("payment sandbox: the Alipay key cannot sign: " + signature.error().message);
  return *signature;
}

// The exact text of the inner object is what Alipay signs, so the envelope is put together by hand.
http::Response AlipayGateway::api_answer(std::string_view method, const json::object& body, bool sign_it) const {
  std::string key = method.empty() ? std::string("error") : std::string(method);
  for (auto& c : key) c = c == '.' ? '_' : c;
  key += "_response";
  const std::string inner = json::serialize(body);
  std::string text = "{\"" + key + "\":" + inner;
  if (sign_it) text += ",\"sign\":\"" + sign(inner) + "\"";
  text += "}";
  return http::text_response(std::move(text), "application/json;charset=utf-8");
}

http::Response AlipayGateway::gateway(const http::Request& request) {
  Params params = all_params(request);
  params.erase("lang");  // the checkout page's own language switch, not Alipay's (and not signed)
  const std::string method = value_of(params, "method");
  const bool page = method == "alipay.trade.page.pay";
  const auto refuse = [&](std::string_view sub_code, std::string_view sub_msg) {
    if (page) {
      SandboxPayment none;
      none.order_id = value_of(params, "out_trade_no");
      return result_page(none, PageLang::zh, "错误代码 " + std::string(sub_code) + "：" + std::string(sub_msg),
                         "Error " + std::string(sub_code) + ": " + std::string(sub_msg), 400);
    }
    return api_answer(method, invalid_arguments(sub_code, sub_msg), false);
  };

  if (value_of(params, "app_id") != account_.app_id) return refuse("isv.invalid-app-id", "无效的AppID参数");
  if (value_of(params, "sign_type") != "RSA2") return refuse("isv.invalid-signature-type", "无效的签名类型");
  if (value_of(params, "sign").empty()) return refuse("isv.missing-signature", "缺少签名参数");
  if (!crypto::rsa_sha256_verify_base64(account_.app_public_key_pem, alipay_sign_content(params, {"sign"}),
                                        value_of(params, "sign"))) {
    return refuse("isv.invalid-signature", "验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配");
  }

  json::error_code error;
  auto biz_value = json::parse(value_of(params, "biz_content"), error);
  if (error || !biz_value.is_object()) return refuse("isv.invalid-parameter", "biz_content 不是合法的 JSON");
  const auto& biz = biz_value.as_object();

  if (page) return page_pay(params, request);
  if (method == "alipay.trade.query") return api_answer(method, trade_query(biz), true);
  if (method == "alipay.trade.close") return api_answer(method, trade_close(biz), true);
  if (method == "alipay.trade.refund") return api_answer(method, trade_refund(biz), true);
  if (method == "alipay.trade.fastpay.refund.query") return api_answer(method, refund_query(biz), true);
  return api_answer(method, invalid_arguments("isv.invalid-method", "不存在的方法名"), false);
}

http::Response AlipayGateway::page_pay(const Params& params, const http::Request& request) {
  json::error_code error;
  const auto biz = json::parse(value_of(params, "biz_content"), error).as_object();
  const std::string order_id = wire_json::text_of(biz, "out_trade_no");
  const auto amount = parse_major(wire_json::text_of(biz, "total_amount"));
  SandboxPayment fresh;
  fresh.order_id = order_id;
  const auto lang = page_lang(request.query_param("lang").value_or(""));
  if (order_id.empty() || order_id.size() > 64 || !amount || *amount <= 0 ||
      wire_json::text_of(biz, "subject").empty() ||
      wire_json::text_of(biz, "product_code") != "FAST_INSTANT_TRADE_PAY") {
    return result_page(fresh, lang, "错误代码 isv.invalid-parameter：参数无效",
                       "Error isv.invalid-parameter: invalid arguments", 400);
  }
  const auto now = now_();
  fresh.method = Method::alipay;
  const auto today = alipay_time(now);  // trade_no: yyyyMMdd 22001 and digits, like Alipay's
  fresh.provider_ref = today.substr(0, 4) + today.substr(5, 2) + today.substr(8, 2) + "22001" + random_digits(15);
  fresh.amount = {.minor = *amount, .currency = "CNY"};
  fresh.subject = wire_json::text_of(biz, "subject");
  fresh.notify_url = value_of(params, "notify_url");
  fresh.return_url = value_of(params, "return_url");
  fresh.created_at = now;
  if (const auto expire = parse_alipay_time(wire_json::text_of(biz, "time_expire"))) fresh.expires_at = *expire;
  ledger_.open(fresh);
  ledger_.close_if_expired(Method::alipay, order_id, now);
  const auto payment = *ledger_.find(Method::alipay, order_id);
  if (payment.amount.minor != fresh.amount.minor) {
    return result_page(payment, lang, "错误代码 ACQ.CONTEXT_INCONSISTENT：交易信息被篡改",
                       "Error ACQ.CONTEXT_INCONSISTENT: the trade's details changed", 400);
  }
  if (payment.stage != Stage::open) return result_page(payment, lang, "该交易已结束", "This trade is over");
  return checkout_page(payment, lang);
}

std::optional<SandboxPayment> AlipayGateway::find_trade(const json::object& biz) {
  std::optional<SandboxPayment> payment;
  if (const auto order_id = wire_json::text_of(biz, "out_trade_no"); !order_id.empty()) {
    payment = ledger_.find(Method::alipay, order_id);
  } else if (const auto trade_no = wire_json::text_of(biz, "trade_no"); !trade_no.empty()) {
    payment = ledger_.find_by_ref(Method::alipay, trade_no);
  }
  if (!payment) return std::nullopt;
  ledger_.close_if_expired(Method::alipay, payment->order_id, now_());
  return ledger_.find(Method::alipay, payment->order_id);
}

json::object AlipayGateway::trade_query(const json::object& biz) {
  const auto payment = find_trade(biz);
  if (!payment) return business_failure("ACQ.TRADE_NOT_EXIST", "交易不存在");
  json::object answer{{"code", "10000"},
                      {"msg", "Success"},
                      {"trade_no", payment->provider_ref},
                      {"out_trade_no", payment->order_id},
                      {"buyer_logon_id", kBuyerLogon},
                      {"trade_status", alipay_state_name(payment->stage)},
                      {"total_amount", format_minor(payment->amount.minor)},
                      {"buyer_pay_amount", format_minor(payment->paid_at ? payment->amount.minor : 0)},
                      {"receipt_amount", format_minor(payment->paid_at ? payment->amount.minor : 0)},
                      {"buyer_user_id", kBuyerId}};
  if (payment->paid_at) answer["send_pay_date"] = alipay_time(payment->paid_at);
  return answer;
}

json::object AlipayGateway::trade_close(const json::object& biz) {
  const auto payment = find_trade(biz);
  if (!payment) return business_failure("ACQ.TRADE_NOT_EXIST", "交易不存在");
  if (payment->stage == Stage::paid || payment->stage == Stage::refunded) {
    return business_failure("ACQ.TRADE_STATUS_ERROR", "交易状态不合法");
  }
  const auto now = now_();
  ledger_.update(Method::alipay, payment->order_id, [now](SandboxPayment& entry) {
    if (entry.stage == Stage::open) {
      entry.stage = Stage::closed;
      entry.closed_at = now;
    }
  });
  return {
      {"code", "10000"}, {"msg", "Success"}, {"trade_no", payment->provider_ref}, {"out_trade_no", payment->order_id}};
}

json::object AlipayGateway::trade_refund(const json::object& biz) {
  const auto payment = find_trade(biz);
  if (!payment) return business_failure("ACQ.TRADE_NOT_EXIST", "交易不存在");
  const auto amount = parse_major(wire_json::text_of(biz, "refund_amount"));
  if (!amount || *amount <= 0) return invalid_arguments("isv.invalid-parameter", "refund_amount 无效");
  const std::string request_no =
      wire_json::text_of(biz, "out_request_no").empty() ? payment->order_id : wire_json::text_of(biz, "out_request_no");
  bool replay = false;
  bool too_much = false;
  bool not_paid = false;
  const auto now = now_();
  SandboxPayment after;
  ledger_.update(
      Method::alipay, payment->order_id,
      [&](SandboxPayment& entry) {
        for (const auto& refund : entry.refunds) replay = replay || refund.refund_id == request_no;
        if (replay) return;
        if (entry.stage != Stage::paid) {
          not_paid = true;
          return;
        }
        if (entry.refunded_minor() + *amount > entry.amount.minor) {
          too_much = true;
          return;
        }
        entry.refunds.push_back(
            {.refund_id = request_no, .provider_refund_ref = request_no, .amount_minor = *amount, .created_at = now});
        if (entry.refunded_minor() == entry.amount.minor) entry.stage = Stage::refunded;
      },
      &after);
  if (not_paid) return business_failure("ACQ.TRADE_STATUS_ERROR", "交易状态不合法");
  if (too_much) return business_failure("ACQ.REFUND_AMT_NOT_EQUAL_TOTAL", "退款金额超限");
  return {{"code", "10000"},
          {"msg", "Success"},
          {"trade_no", after.provider_ref},
          {"out_trade_no", after.order_id},
          {"buyer_logon_id", kBuyerLogon},
          {"fund_change", replay ? "N" : "Y"},  // Alipay's answer to a repeated out_request_no
          {"refund_fee", format_minor(after.refunded_minor())},
          {"gmt_refund_pay", alipay_time(now)},
          {"buyer_user_id", kBuyerId}};
}

// A refund Alipay made answers REFUND_SUCCESS; one it never received answers without refund_status,
// as Alipay does.
json::object AlipayGateway::refund_query(const json::object& biz) {
  const auto payment = find_trade(biz);
  if (!payment) return business_failure("ACQ.TRADE_NOT_EXIST", "交易不存在");
  const std::string request_no =
      wire_json::text_of(biz, "out_request_no").empty() ? payment->order_id : wire_json::text_of(biz, "out_request_no");
  json::object answer{{"code", "10000"},
                      {"msg", "Success"},
                      {"trade_no", payment->provider_ref},
                      {"out_trade_no", payment->order_id},
                      {"out_request_no", request_no}};
  for (const auto& refund : payment->refunds) {
    if (refund.refund_id != request_no) continue;
    answer["total_amount"] = format_minor(payment->amount.minor);
    answer["refund_amount"] = format_minor(refund.amount_minor);
    answer["refund_status"] = "REFUND_SUCCESS";
    answer["gmt_refund_pay"] = alipay_time(refund.created_at);
  }
  return answer;
}

void AlipayGateway::notify(const SandboxPayment& payment) {
  if (payment.notify_url.empty()) return;  // Alipay notifies only when the request named a notify_url
  const std::string status = alipay_state_name(payment.stage);
  if (status == "WAIT_BUYER_PAY") return;  // page pay notifies TRADE_SUCCESS and TRADE_CLOSED only
  Params fields{{"notify_type", "trade_status_sync"},
                {"notify_id", random_alnum_upper(8) + random_digits(26)},
                {"app_id", account_.app_id},
                {"auth_app_id", account_.app_id},
                {"charset", "utf-8"},
                {"version", "1.0"},
                {"trade_no", payment.provider_ref},
                {"out_trade_no", payment.order_id},
                {"trade_status", status},
                {"total_amount", format_minor(payment.amount.minor)},
                {"subject", payment.subject},
                {"seller_id", account_.seller_id},
                {"buyer_id", std::string(kBuyerId)},
                {"buyer_logon_id", std::string(kBuyerLogon)},
                {"gmt_create", alipay_time(payment.created_at)}};
  if (payment.stage == Stage::paid) {
    fields["receipt_amount"] = fields["buyer_pay_amount"] = fields["invoice_amount"] =
        format_minor(payment.amount.minor);
    fields["gmt_payment"] = alipay_time(payment.paid_at);
  } else {
    fields["gmt_close"] = alipay_time(payment.closed_at ? payment.closed_at : now_());
  }
  const std::string url = payment.notify_url;
  notifier_.enqueue(Delivery{
      .label = "alipay " + status + " " + payment.order_id,
      .build =
          [this, fields, url]() mutable {
            fields["notify_time"] = alipay_time(now_());
            fields.erase("sign");
            fields.erase("sign_type");
            // Alipay signs without sign_type, then adds it (reference 5a, the "without" variant).
            const std::string signature = sign(alipay_sign_content(fields, {}));
            fields["sign_type"] = "RSA2";
            fields["sign"] = signature;
            integrations::steam::QueryParams pairs(fields.begin(), fields.end());
            integrations::HttpRequest request{.method = "POST", .url = url};
            request.headers = {{"Content-Type", "application/x-www-form-urlencoded; charset=utf-8"}};
            request.body = integrations::steam::encode_params(pairs);
            return request;
          },
      .acknowledged = [](const integrations::HttpReply& reply) { return reply.body == "success"; },
  });
}

std::string AlipayGateway::return_redirect(const SandboxPayment& payment) const {
  Params fields{{"charset", "utf-8"},
                {"out_trade_no", payment.order_id},
                {"method", "alipay.trade.page.pay.return"},
                {"total_amount", format_minor(payment.amount.minor)},
                {"trade_no", payment.provider_ref},
                {"auth_app_id", account_.app_id},
                {"version", "1.0"},
                {"app_id", account_.app_id},
                {"seller_id", account_.seller_id},
                {"timestamp", alipay_time(now_())}};
  const std::string signature = sign(alipay_sign_content(fields, {}));
  fields["sign_type"] = "RSA2";
  fields["sign"] = signature;
  const integrations::steam::QueryParams pairs(fields.begin(), fields.end());
  const char joiner = payment.return_url.find('?') == std::string::npos ? '?' : '&';
  return payment.return_url + joiner + integrations::steam::encode_params(pairs);
}

}  // namespace portal::sim::payments
