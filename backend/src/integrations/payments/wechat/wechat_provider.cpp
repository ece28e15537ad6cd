#include "integrations/payments/wechat/wechat_provider.hpp"

#include "core/percent_encoding.hpp"

#include "integrations/payments/crypto.hpp"
#include "integrations/payments/wechat/rfc3339.hpp"
#include "integrations/payments/wechat/signing.hpp"
#include "integrations/payments/wechat/transaction.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>

#include <chrono>
#include <utility>

namespace portal::payments::wechat {

namespace {

constexpr int kChinaOffsetMinutes = 8 * 60;

// Our order ids are URL-safe already; encoding keeps a path segment a path segment regardless.
std::string path_segment(std::string_view text) { return core::percent_encode(text); }

// WeChat Pay's error answer {"code":"ORDER_NOT_EXIST","message":"…"} as an upstream refusal.
core::Error refused(const integrations::HttpReply& reply) {
  boost::system::error_code error;
  const boost::json::value root = boost::json::parse(reply.body, error);
  std::string code, message;
  if (!error && root.is_object()) {
    code = string_member(root.as_object(), "code");
    message = string_member(root.as_object(), "message");
  }
  auto failure = integrations::upstream_unavailable("WeChat Pay refused the request: " +
                                                    (message.empty() ? std::to_string(reply.status) : message));
  failure.details["provider"] = "wechat";
  failure.details["status"] = reply.status;
  failure.details["provider_code"] = code;
  return failure;
}

bool has_code(const core::Error& error, std::string_view wanted) {
  const auto* code = error.details.if_contains("provider_code");
  return code && code->is_string() && code->as_string() == wanted;
}

bool is_not_found(const core::Error& error) { return has_code(error, "ORDER_NOT_EXIST"); }

class WechatProvider final : public Provider {
 public:
  WechatProvider(WechatSettings settings, integrations::HttpClient& http, std::function<std::int64_t()> now,
                 std::function<std::string()> nonce)
      : s_(std::move(settings)), http_(http), now_(std::move(now)), nonce_(std::move(nonce)) {}

  Method method() const override { return Method::wechat; }

  core::Result<PaymentStart> create(const PaymentRequest& request) override {
    if (request.amount.currency != "CNY") {
      return core::Error::make(core::ErrorKind::validation, "CURRENCY_MISMATCH", "WeChat Pay takes CNY only");
    }
    boost::json::object body{
        {"appid", s_.appid},
        {"mchid", s_.mchid},
        {"description", request.subject},
        {"out_trade_no", request.order_id},
    };
    if (request.expires_at > 0) body["time_expire"] = rfc3339_with_offset(request.expires_at, kChinaOffsetMinutes);
    body["notify_url"] = request.notify_url;
    body["amount"] = boost::json::object{{"total", request.amount.minor}, {"currency", "CNY"}};
    auto reply = call("POST", "/v3/pay/transactions/native", boost::json::serialize(body));
    if (!reply) return reply.error();
    auto answer = parse_object(reply->body);
    if (!answer) return answer.error();
    const std::string code_url = string_member(*answer, "code_url");
    if (code_url.empty()) return integrations::upstream_unavailable("WeChat Pay sent no code_url");
    return PaymentStart{.payment_url = code_url, .qr_payload = code_url, .provider_ref = {}};
  }

  core::Result<ProviderPayment> verify_notification(const Notification& notification) override {
    const auto header = [&](std::string_view name) -> std::string_view {
      const auto found = notification.headers.find(name);
      return found == notification.headers.end() ? std::string_view{} : std::string_view(found->second);
    };
    const auto verified = verify_signed(s_,
                                        SignedBy{.timestamp = header("wechatpay-timestamp"),
                                                 .nonce = header("wechatpay-nonce"),
                                                 .signature = header("wechatpay-signature"),
                                                 .serial = header("wechatpay-serial")},
                                        notification.body, now_());
    if (!verified) return verified.error();

    auto envelope = parse_object(notification.body);
    if (!envelope) return envelope.error();
    const auto* resource_value = envelope->if_contains("resource");
    if (!resource_value || !resource_value->is_object()) {
      return integrations::upstream_unavailable("WeChat Pay notification has no resource");
    }
    const auto& resource = resource_value->as_object();
    if (string_member(resource, "algorithm") != "AEAD_AES_256_GCM") {
      return integrations::upstream_unavailable("WeChat Pay notification uses an unknown algorithm");
    }
    auto plaintext =
        crypto::aes256gcm_decrypt(s_.api_v3_key, string_member(resource, "nonce"),
                                  string_member(resource, "associated_data"), string_member(resource, "ciphertext"));
    if (!plaintext) return plaintext.error();

    const std::string event_type = string_member(*envelope, "event_type");
    auto payment = event_type.starts_with("REFUND.") ? read_refund(*plaintext) : read_transaction(*plaintext);
    if (!payment) return payment;
    payment->event_id = string_member(*envelope, "id");
    payment->event_type = event_type;
    return payment;
  }

  // WeChat Pay v3 takes 200 or 204 with nothing in it as "handled".
  NotificationAnswer accepted() const override { return {.status = 204, .content_type = "text/plain", .body = {}}; }
  NotificationAnswer rejected() const override {
    return {.status = 500,
            .content_type = "application/json",
            .body = R"({"code":"FAIL","message":"notification not handled, retry later"})"};
  }

  // Native pay has no capture step: a paid notification is the payment.
  core::Result<ProviderPayment> settle(const ProviderPayment& approved) override { return approved; }

  core::Result<ProviderPayment> query(const std::string& order_id, const std::string& /*provider_ref*/) override {
    auto reply = call(
        "GET", "/v3/pay/transactions/out-trade-no/" + path_segment(order_id) + "?mchid=" + path_segment(s_.mchid), "");
    if (!reply) {
      if (is_not_found(reply.error())) {
        return core::Error::make(core::ErrorKind::not_found, "PROVIDER_PAYMENT_NOT_FOUND",
                                 "WeChat Pay knows no such payment", {{"provider", "wechat"}});
      }
      return reply.error();
    }
    return read_transaction(reply->body);
  }

  core::Status close(const std::string& order_id, const std::string& /*provider_ref*/) override {
    const boost::json::object body{{"mchid", s_.mchid}};
    auto reply = call("POST", "/v3/pay/transactions/out-trade-no/" + path_segment(order_id) + "/close",
                      boost::json::serialize(body));
    // An order that never reached WeChat Pay has nothing to close.
    if (!reply && !is_not_found(reply.error())) return reply.error();
    return core::Ok{};
  }

  core::Result<RefundResult> refund(const RefundRequest& request) override {
    boost::json::object body{{"out_trade_no", request.order_id}, {"out_refund_no", request.refund_id}};
    if (!request.reason.empty()) body["reason"] = request.reason;
    body["amount"] = boost::json::object{
        {"refund", request.amount.minor}, {"total", request.order_total.minor}, {"currency", "CNY"}};
    auto reply = call("POST", "/v3/refund/domestic/refunds", boost::json::serialize(body));
    if (!reply) return reply.error();
    auto answer = parse_object(reply->body);
    if (!answer) return answer.error();
    const std::string status = string_member(*answer, "status");
    if (status != "SUCCESS" && status != "PROCESSING") {
      auto failure = integrations::upstream_unavailable("WeChat Pay did not take the refund: " + status);
      failure.details["provider_code"] = status;
      return failure;
    }
    return RefundResult{.provider_refund_ref = string_member(*answer, "refund_id"), .completed = status == "SUCCESS"};
  }

  // GET /v3/refund/domestic/refunds/{out_refund_no}: SUCCESS, PROCESSING, or ABNORMAL / CLOSED (the
  // money could not go back, e.g. the buyer's card is closed: the merchant has to act).
  core::Result<RefundStatus> query_refund(const RefundQuery& query) override {
    auto reply = call("GET", "/v3/refund/domestic/refunds/" + path_segment(query.refund_id), "");
    if (!reply) {
      if (has_code(reply.error(), "RESOURCE_NOT_EXISTS")) return RefundStatus{};
      return reply.error();
    }
    auto answer = parse_object(reply->body);
    if (!answer) return answer.error();
    const std::string status = string_member(*answer, "status");
    RefundStatus found{.state = RefundState::unknown, .provider_refund_ref = string_member(*answer, "refund_id")};
    if (status == "SUCCESS") found.state = RefundState::completed;
    if (status == "PROCESSING") found.state = RefundState::pending;
    if (status == "ABNORMAL" || status == "CLOSED") found.state = RefundState::failed;
    if (found.state == RefundState::unknown) {
      return integrations::upstream_unavailable("WeChat Pay answered an unknown refund status '" + status + "'");
    }
    return found;
  }

 private:
  static core::Result<boost::json::object> parse_object(std::string_view json) {
    boost::system::error_code error;
    boost::json::value root = boost::json::parse(json, error);
    if (error || !root.is_object()) return integrations::upstream_unavailable("WeChat Pay sent no JSON object");
    return std::move(root.as_object());
  }

  // One signed call; a 2xx answer comes back only once its signature checks out.
  core::Result<integrations::HttpReply> call(std::string method, const std::string& path, std::string body) {
    const std::string url = s_.base_url + path;
    const std::int64_t timestamp = now_();
    const std::string nonce = nonce_();
    auto authorization_header = authorization(s_, RequestToSign{.method = method,
                                                                .path_with_query = path_of_url(url),
                                                                .body = body,
                                                                .timestamp = timestamp,
                                                                .nonce = nonce});
    if (!authorization_header) return authorization_header.error();
    integrations::HttpHeaders headers{{"Authorization", std::move(*authorization_header)},
                                      {"Accept", "application/json"},
                                      {"User-Agent", "cs2-portal/1 (WeChat Pay API v3)"}};
    if (method != "GET") headers.emplace_back("Content-Type", "application/json");
    auto reply = http_.send(integrations::HttpRequest{.method = std::move(method),
                                                      .url = url,
                                                      .headers = std::move(headers),
                                                      .body = std::move(body),
                                                      .timeout = std::chrono::milliseconds(s_.timeout_ms)});
    if (!reply) return reply.error();
    if (reply->status < 200 || reply->status > 299) return refused(*reply);
    const auto verified = verify_signed(s_,
                                        SignedBy{.timestamp = reply->header("Wechatpay-Timestamp"),
                                                 .nonce = reply->header("Wechatpay-Nonce"),
                                                 .signature = reply->header("Wechatpay-Signature"),
                                                 .serial = reply->header("Wechatpay-Serial")},
                                        reply->body, now_());
    if (!verified) return verified.error();
    return reply;
  }

  WechatSettings s_;
  integrations::HttpClient& http_;
  std::function<std::int64_t()> now_;
  std::function<std::string()> nonce_;
};

}  // namespace

std::unique_ptr<Provider> make_wechat_provider(WechatSettings settings, integrations::HttpClient& http,
                                               std::function<std::int64_t()> now, std::function<std::string()> nonce) {
  return std::make_unique<WechatProvider>(std::move(settings), http, std::move(now), std::move(nonce));
}

}  // namespace portal::payments::wechat
