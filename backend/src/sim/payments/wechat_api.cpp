#include "sim/payments/wechat_api.hpp"

#include "sim/payments/sandbox_text.hpp"
#include "sim/payments/wechat_wire.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <cstdlib>
#include <map>
#include <stdexcept>

namespace portal::sim::payments {

namespace crypto = portal::payments::crypto;
namespace json = boost::json;
using namespace wechat_wire;

namespace {

constexpr std::int64_t kMaxClockSkew = 300;  // WeChat refuses a request timestamp more than 5 minutes off
constexpr std::string_view kScheme = "WECHATPAY2-SHA256-RSA2048";
constexpr std::string_view kOpenId = "oSandboxBuyer0000000000000000";

// `mchid="1",nonce_str="x",...` -> its pairs; nullopt when malformed.
std::optional<std::map<std::string, std::string, std::less<>>> authorization_fields(std::string_view header) {
  if (!header.starts_with(kScheme) || header.size() <= kScheme.size() || header[kScheme.size()] != ' ') {
    return std::nullopt;
  }
  std::map<std::string, std::string, std::less<>> fields;
  std::string_view rest = header.substr(kScheme.size() + 1);
  while (!rest.empty()) {
    const auto equals = rest.find("=\"");
    if (equals == std::string_view::npos) return std::nullopt;
    const auto close = rest.find('"', equals + 2);
    if (close == std::string_view::npos) return std::nullopt;
    std::string name(rest.substr(0, equals));
    while (!name.empty() && name.front() == ' ') name.erase(0, 1);
    fields[name] = std::string(rest.substr(equals + 2, close - equals - 2));
    rest = rest.substr(close + 1);
    if (!rest.empty() && rest.front() == ',') rest.remove_prefix(1);
  }
  return fields;
}

std::string field(const std::map<std::string, std::string, std::less<>>& fields, std::string_view name) {
  auto found = fields.find(name);
  return found == fields.end() ? std::string{} : found->second;
}

// RFC 3339 "2026-01-01T20:08:00+08:00" (what time_expire carries) -> unix seconds; nullopt otherwise.
std::optional<std::int64_t> parse_rfc3339(std::string_view text) {
  if (text.size() < 20 || text[10] != 'T') return std::nullopt;
  std::string local(text.substr(0, 19));
  local[10] = ' ';
  auto as_cst = parse_alipay_time(local);  // the same layout, read as GMT+8
  if (!as_cst) return std::nullopt;
  const auto zone = text.substr(19);
  std::int64_t offset = 0;
  if (zone == "Z") {
    offset = 0;
  } else if (zone.size() == 6 && (zone[0] == '+' || zone[0] == '-') && zone[3] == ':') {
    offset = (std::atoi(std::string(zone.substr(1, 2)).c_str()) * 3600 +
              std::atoi(std::string(zone.substr(4, 2)).c_str()) * 60);
    if (zone[0] == '-') offset = -offset;
  } else {
    return std::nullopt;
  }
  return *as_cst + core::kBusinessUtcOffsetSeconds - offset;
}

}  // namespace

std::string wechat_state_name(const SandboxPayment& payment) {
  switch (payment.stage) {
    case Stage::paid:
      return payment.refunds.empty() ? "SUCCESS" : "REFUND";
    case Stage::refunded:
      return "REFUND";
    case Stage::closed:
      return "CLOSED";
    case Stage::failed:
      return "PAYERROR";
    case Stage::open:
    case Stage::approved:
      break;
  }
  return "NOTPAY";
}

std::string wechat_answer_message(std::string_view timestamp, std::string_view nonce, std::string_view body) {
  std::string message;
  message.append(timestamp).append("\n").append(nonce).append("\n").append(body).append("\n");
  return message;
}

WechatApi::WechatApi(WechatSandboxAccount account, crypto::KeyPair platform_keys, PaymentLedger& ledger,
                     Notifier& notifier, core::UnixClock now)
    : account_(std::move(account)),
      platform_keys_(std::move(platform_keys)),
      ledger_(ledger),
      notifier_(notifier),
      now_(std::move(now)) {}

http::Response WechatApi::answer(int status, std::string body) const {
  const std::string timestamp = std::to_string(now_());
  const std::string nonce = random_alnum_upper(32);
  auto signature =
      crypto::rsa_sha256_sign_base64(platform_keys_.private_pem, wechat_answer_message(timestamp, nonce, body));
  if (!signature) throw std::logic_error("payment sandbox: the WeChat platform key cannot sign");
  auto response =
      status == 204 ? http::empty_response(204) : http::text_response(std::move(body), "application/json", status);
  response.set_header("Request-ID", random_uuid());
  response.set_header("Wechatpay-Nonce", nonce);
  response.set_header("Wechatpay-Timestamp", timestamp);
  response.set_header("Wechatpay-Serial", account_.platform_serial_no);
  response.set_header("Wechatpay-Signature", *signature);
  response.set_header("Wechatpay-Signature-Type", std::string(kScheme));
  return response;
}

http::Response WechatApi::error(int status, std::string_view code, std::string_view message) const {
  return answer(status, json::serialize(json::object{{"code", code}, {"message", message}}));
}

// The message is METHOD\nURL\ntimestamp\nnonce\nbody\n where URL is the path (and query) the merchant
// addressed. An adapter whose base URL ends in /dev/payments/wechat may sign the full path or only the
// API part after it (as it would against api.mch.weixin.qq.com): both are accepted.
std::optional<http::Response> WechatApi::refuse_signature(const http::Request& request) const {
  const auto fields = authorization_fields(request.header("Authorization"));
  if (!fields) return error(401, "SIGN_ERROR", "Authorization 不合法");
  if (field(*fields, "mchid") != account_.mchid) return error(401, "SIGN_ERROR", "商户号与签名不匹配");
  if (field(*fields, "serial_no") != account_.merchant_serial_no) {
    return error(401, "SIGN_ERROR", "证书序列号不正确");
  }
  const auto timestamp = field(*fields, "timestamp");
  char* end = nullptr;
  const long long when = std::strtoll(timestamp.c_str(), &end, 10);
  if (timestamp.empty() || *end != '\0' || std::llabs(when - now_()) > kMaxClockSkew) {
    return error(401, "SIGN_ERROR", "时间戳已过期");
  }
  std::string target = request.target;
  const auto signed_message = [&](std::string_view url) {
    std::string message(http::to_string(request.method));
    message.append("\n").append(url).append("\n").append(timestamp).append("\n");
    message.append(field(*fields, "nonce_str")).append("\n").append(request.body).append("\n");
    return message;
  };
  const auto signature = field(*fields, "signature");
  if (crypto::rsa_sha256_verify_base64(account_.merchant_public_key_pem, signed_message(target), signature)) {
    return std::nullopt;
  }
  if (target.starts_with(kWechatPrefix) &&
      crypto::rsa_sha256_verify_base64(account_.merchant_public_key_pem,
                                       signed_message(std::string_view(target).substr(kWechatPrefix.size())),
                                       signature)) {
    return std::nullopt;
  }
  return error(401, "SIGN_ERROR", "签名错误");
}

std::optional<SandboxPayment> WechatApi::current(const std::string& order_id) {
  ledger_.close_if_expired(Method::wechat, order_id, now_());
  return ledger_.find(Method::wechat, order_id);
}

http::Response WechatApi::create_native(const http::Request& request) {
  if (auto refusal = refuse_signature(request)) return *refusal;
  const auto body = parse_object(request.body);
  if (!body) return error(400, "PARAM_ERROR", "请求体不是合法的 JSON");
  if (text_of(*body, "mchid") != account_.mchid || text_of(*body, "appid") != account_.appid) {
    return error(400, "APPID_MCHID_NOT_MATCH", "appid和mch_id不匹配");
  }
  const auto order_id = text_of(*body, "out_trade_no");
  const auto* amount = body->if_contains("amount");
  // A plain number (0 = missing): GCC 12 warns maybe-uninitialized on the optional at -O2.
  const std::int64_t total =
      amount && amount->is_object() ? int_of(amount->as_object().if_contains("total")).value_or(0) : 0;
  const auto currency = amount && amount->is_object() ? text_of(amount->as_object(), "currency") : std::string{};
  const auto notify_url = text_of(*body, "notify_url");
  if (order_id.empty() || order_id.size() > 32 || text_of(*body, "description").empty() || total <= 0 ||
      (!currency.empty() && currency != "CNY") || notify_url.empty() || notify_url.find('?') != std::string::npos) {
    return error(400, "PARAM_ERROR", "参数错误");
  }
  SandboxPayment fresh{.method = Method::wechat,
                       .order_id = order_id,
                       .code_token = random_alnum_upper(12),
                       .amount = {.minor = total, .currency = "CNY"},
                       .subject = text_of(*body, "description"),
                       .notify_url = notify_url,
                       .created_at = now_()};
  if (const auto expire = text_of(*body, "time_expire"); !expire.empty()) {
    const auto at = parse_rfc3339(expire);
    if (!at) return error(400, "PARAM_ERROR", "time_expire 格式错误");
    fresh.expires_at = *at;
  }
  ledger_.open(fresh);
  const auto payment = *current(order_id);
  if (payment.stage == Stage::paid || payment.stage == Stage::refunded) return error(400, "ORDERPAID", "该订单已支付");
  if (payment.stage == Stage::closed) return error(400, "ORDERCLOSED", "该订单已关闭");
  if (payment.amount.minor != total) return error(400, "INVALID_REQUEST", "订单号重复，且参数不一致");
  return answer(200, json::serialize(json::object{{"code_url", "weixin://wxpay/bizpayurl?pr=" + payment.code_token}}));
}

json::object WechatApi::transaction_of(const SandboxPayment& payment) const {
  const auto state = wechat_state_name(payment);
  json::object transaction{{"appid", account_.appid},
                           {"mchid", account_.mchid},
                           {"out_trade_no", payment.order_id},
                           {"trade_type", "NATIVE"},
                           {"trade_state", state}};
  static const std::map<std::string, std::string, std::less<>> descriptions{{"NOTPAY", "订单未支付"},
                                                                            {"SUCCESS", "支付成功"},
                                                                            {"CLOSED", "订单已关闭"},
                                                                            {"PAYERROR", "支付失败，请重新下单支付"},
                                                                            {"REFUND", "转入退款"}};
  transaction["trade_state_desc"] = descriptions.at(state);
  if (payment.paid_at != 0) {
    transaction["transaction_id"] = payment.provider_ref;
    transaction["bank_type"] = "OTHERS";
    transaction["success_time"] = rfc3339_cst(payment.paid_at);
    transaction["payer"] = json::object{{"openid", kOpenId}};
    transaction["amount"] = json::object{{"total", payment.amount.minor},
                                         {"payer_total", payment.amount.minor},
                                         {"currency", "CNY"},
                                         {"payer_currency", "CNY"}};
  } else {
    transaction["amount"] = json::object{{"payer_currency", "CNY"}, {"total", payment.amount.minor}};
  }
  return transaction;
}

http::Response WechatApi::query(const http::Request& request) {
  if (auto refusal = refuse_signature(request)) return *refusal;
  if (request.query_param("mchid").value_or("") != account_.mchid) return error(400, "PARAM_ERROR", "mchid 不正确");
  const auto payment = current(std::string(request.path_param("outTradeNo")));
  if (!payment) return error(404, "ORDER_NOT_EXIST", "订单不存在");
  return answer(200, json::serialize(transaction_of(*payment)));
}

http::Response WechatApi::close(const http::Request& request) {
  if (auto refusal = refuse_signature(request)) return *refusal;
  const auto body = parse_object(request.body);
  if (!body || text_of(*body, "mchid") != account_.mchid) return error(400, "PARAM_ERROR", "mchid 不正确");
  const std::string order_id(request.path_param("outTradeNo"));
  const auto payment = current(order_id);
  if (!payment) return error(404, "ORDER_NOT_EXIST", "订单不存在");
  if (payment->stage == Stage::paid || payment->stage == Stage::refunded) {
    return error(400, "ORDERPAID", "订单已支付，不能关闭");
  }
  const auto now = now_();
  ledger_.update(Method::wechat, order_id, [now](SandboxPayment& entry) {
    if (entry.stage == Stage::open || entry.stage == Stage::failed) {
      entry.stage = Stage::closed;
      entry.closed_at = now;
    }
  });
  return answer(204, "");
}

std::optional<SandboxPayment> WechatApi::scanned(const std::string& code_token) {
  const auto payment = ledger_.find_by_code(code_token);
  if (!payment) return std::nullopt;
  return current(payment->order_id);
}

void WechatApi::notify(const SandboxPayment& payment) {
  if (payment.stage != Stage::paid || payment.notify_url.empty()) return;  // WeChat notifies successes only
  const std::string nonce = random_alnum_upper(12);
  const std::string plaintext = json::serialize(transaction_of(payment));
  const json::object envelope{
      {"id", random_uuid()},
      {"create_time", rfc3339_cst(now_())},
      {"resource_type", "encrypt-resource"},
      {"event_type", "TRANSACTION.SUCCESS"},
      {"summary", "支付成功"},
      {"resource", json::object{{"original_type", "transaction"},
                                {"algorithm", "AEAD_AES_256_GCM"},
                                {"ciphertext", crypto::aes256gcm_encrypt_base64(account_.api_v3_key, nonce,
                                                                                "transaction", plaintext)},
                                {"associated_data", "transaction"},
                                {"nonce", nonce}}}};
  const std::string body = json::serialize(envelope);
  const std::string url = payment.notify_url;
  notifier_.enqueue(Delivery{
      .label = "wechat TRANSACTION.SUCCESS " + payment.order_id,
      .build =
          [this, body, url] {
            // Each attempt is signed afresh: the portal refuses timestamps more than 5 minutes old.
            const std::string timestamp = std::to_string(now_());
            const std::string header_nonce = random_alnum_upper(32);
            auto signature = crypto::rsa_sha256_sign_base64(platform_keys_.private_pem,
                                                            wechat_answer_message(timestamp, header_nonce, body));
            integrations::HttpRequest request{.method = "POST", .url = url, .body = body};
            request.headers = {{"Content-Type", "application/json"},
                               {"Wechatpay-Nonce", header_nonce},
                               {"Wechatpay-Timestamp", timestamp},
                               {"Wechatpay-Serial", account_.platform_serial_no},
                               {"Wechatpay-Signature", signature ? *signature : std::string{}},
                               {"Wechatpay-Signature-Type", std::string(kScheme)}};
            return request;
          },
      .acknowledged = [](const integrations::HttpReply& reply) { return reply.status == 200 || reply.status == 204; },
  });
}

}  // namespace portal::sim::payments
