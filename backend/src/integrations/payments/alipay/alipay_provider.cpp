#include "integrations/payments/alipay/alipay_provider.hpp"

#include "http/form_body.hpp"
#include "integrations/payments/alipay/signing.hpp"
#include "integrations/payments/crypto.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>

#include <chrono>
#include <utility>

namespace portal::payments::alipay {

namespace {

constexpr std::string_view kSuccessCode = "10000";
// The gateway's "no such trade": closing it is a success, querying it is PROVIDER_PAYMENT_NOT_FOUND.
constexpr std::string_view kTradeNotExist = "ACQ.TRADE_NOT_EXIST";

std::string string_member(const boost::json::object& object, std::string_view name) {
  const auto* value = object.if_contains(name);
  return value && value->is_string() ? std::string(value->as_string()) : std::string{};
}

std::optional<ProviderState> state_of(std::string_view trade_status) {
  if (trade_status == "WAIT_BUYER_PAY") return ProviderState::pending;
  if (trade_status == "TRADE_SUCCESS" || trade_status == "TRADE_FINISHED") return ProviderState::paid;
  if (trade_status == "TRADE_CLOSED") return ProviderState::closed;
  return std::nullopt;
}

core::Error malformed(std::string message) {
  auto error = integrations::upstream_unavailable(std::move(message));
  error.details["provider"] = "alipay";
  return error;
}

// An answer of the gateway: the `<method>_response` node (or `error_response`), read only once its
// signature checked out.
struct GatewayAnswer {
  boost::json::object node;
  std::string code;      // "10000" is success
  std::string sub_code;  // the business reason of a failure, e.g. ACQ.TRADE_NOT_EXIST
  bool is_signed = false;

  bool ok() const { return code == kSuccessCode; }
};

core::Error refused(const GatewayAnswer& answer) {
  const std::string reason = string_member(answer.node, "sub_msg").empty() ? string_member(answer.node, "msg")
                                                                           : string_member(answer.node, "sub_msg");
  auto failure = malformed("Alipay refused the request: " + (reason.empty() ? answer.code : reason));
  failure.details["provider_code"] = answer.sub_code.empty() ? answer.code : answer.sub_code;
  return failure;
}

// Alipay signs the exact text of the response node; the `sign` beside it covers nothing else. An
// unsigned answer is possible only for gateway-level failures (a wrong app_id, say) and is never
// taken as success.
core::Result<GatewayAnswer> read_answer(const integrations::HttpReply& reply, std::string_view node_name,
                                        std::string_view alipay_public_key) {
  if (reply.status != 200) {
    auto failure = malformed("Alipay gateway answered HTTP " + std::to_string(reply.status));
    failure.details["status"] = reply.status;
    return failure;
  }
  auto raw = raw_member_text(reply.body, node_name);
  if (!raw) raw = raw_member_text(reply.body, "error_response");
  if (!raw) return malformed("Alipay sent no " + std::string(node_name));
  boost::system::error_code error;
  boost::json::value node = boost::json::parse(*raw, error);
  if (error || !node.is_object()) return malformed("Alipay sent a response node that is not an object");
  boost::json::value root = boost::json::parse(reply.body, error);
  if (error || !root.is_object()) return malformed("Alipay sent no JSON object");

  GatewayAnswer answer;
  answer.node = std::move(node.as_object());
  answer.code = string_member(answer.node, "code");
  answer.sub_code = string_member(answer.node, "sub_code");
  const std::string sign = string_member(root.as_object(), "sign");
  if (!sign.empty()) {
    if (!crypto::rsa_sha256_verify_base64(alipay_public_key, *raw, sign)) {
      return invalid_signature("Alipay answer signature refused");
    }
    answer.is_signed = true;
  } else if (answer.ok()) {
    return invalid_signature("Alipay answer without sign");
  }
  return answer;
}

class AlipayProvider final : public Provider {
 public:
  AlipayProvider(AlipaySettings settings, integrations::HttpClient& http, std::function<std::int64_t()> now)
      : s_(std::move(settings)), http_(http), now_(std::move(now)) {}

  Method method() const override { return Method::alipay; }

  // Page pay is not called server-side: the signed GET URL is where the browser goes.
  core::Result<PaymentStart> create(const PaymentRequest& request) override {
    if (request.amount.currency != "CNY") {
      return core::Error::make(core::ErrorKind::validation, "CURRENCY_MISMATCH", "Alipay takes CNY only");
    }
    if (request.amount.minor <= 0) return core::validation_failed("amount", "the amount must be positive");
    boost::json::object biz{{"out_trade_no", request.order_id},
                            {"total_amount", yuan_text(request.amount.minor)},
                            {"subject", request.subject},
                            {"product_code", "FAST_INSTANT_TRADE_PAY"}};
    if (request.expires_at > 0) biz["time_expire"] = gmt8_time(request.expires_at);
    Params params = common_params("alipay.trade.page.pay", biz);
    if (!request.notify_url.empty()) params["notify_url"] = request.notify_url;
    if (!request.return_url.empty()) params["return_url"] = request.return_url;
    if (auto signed_ok = sign_request(params, s_.private_key_pem); !signed_ok) return signed_ok.error();
    return PaymentStart{
        .payment_url = with_query(encode_params(params)), .qr_payload = std::nullopt, .provider_ref = {}};
  }

  core::Result<ProviderPayment> verify_notification(const Notification& notification) override {
    // Alipay's notifications carry ~30 fields; fund_bill_list and subject can be long.
    auto fields = http::parse_form_body(
        notification.body, http::FormLimits{.max_fields = 128, .max_name_bytes = 128, .max_value_bytes = 16384});
    if (!fields) return invalid_signature("Alipay notification is not a form");
    Params params;
    for (auto& [name, value] : *fields) {
      // A repeated name would make "the" value ambiguous between what was signed and what is read.
      if (!params.emplace(std::move(name), std::move(value)).second) {
        return invalid_signature("Alipay notification repeats a field");
      }
    }
    if (auto verified = verify_notification_sign(params, s_.alipay_public_key_pem); !verified) return verified.error();

    // Signed by Alipay from here on.
    const auto get = [&params](std::string_view name) {
      const auto found = params.find(name);
      return found == params.end() ? std::string{} : found->second;
    };
    const std::string trade_status = get("trade_status");
    const auto state = state_of(trade_status);
    if (!state) return malformed("Alipay notification with unknown trade_status '" + trade_status + "'");
    const auto total = parse_yuan(get("total_amount"));
    if (!total) return malformed("Alipay notification without a valid total_amount");
    ProviderPayment payment{.order_id = get("out_trade_no"),
                            .provider_ref = get("trade_no"),
                            .capture_ref = {},
                            .state = *state,
                            .amount = Money{.minor = *total, .currency = "CNY"},
                            .merchant_id = merchant_of(get("app_id"), get("seller_id")),
                            .paid_at = parse_gmt8_time(get("gmt_payment")).value_or(0),
                            .event_id = get("notify_id"),
                            .event_type = trade_status};
    if (payment.order_id.empty()) return malformed("Alipay notification without out_trade_no");
    return payment;
  }

  NotificationAnswer accepted() const override {
    return {.status = 200, .content_type = "text/plain", .body = "success"};
  }
  // Anything but "success" makes Alipay retry; "fail" is what its documentation shows.
  NotificationAnswer rejected() const override { return {.status = 200, .content_type = "text/plain", .body = "fail"}; }

  // Page pay has no capture step: a paid notification is the payment.
  core::Result<ProviderPayment> settle(const ProviderPayment& approved) override { return approved; }

  core::Result<ProviderPayment> query(const std::string& order_id, const std::string& provider_ref) override {
    auto answer = call("alipay.trade.query", trade_ids(order_id, provider_ref));
    if (!answer) return answer.error();
    if (!answer->ok()) {
      if (answer->is_signed && answer->sub_code == kTradeNotExist) {
        return core::Error::make(core::ErrorKind::not_found, "PROVIDER_PAYMENT_NOT_FOUND",
                                 "Alipay knows no such payment", {{"provider", "alipay"}});
      }
      return refused(*answer);
    }
    const auto& node = answer->node;
    const std::string trade_status = string_member(node, "trade_status");
    const auto state = state_of(trade_status);
    if (!state) return malformed("Alipay answered an unknown trade_status '" + trade_status + "'");
    const auto total = parse_yuan(string_member(node, "total_amount"));
    if (!total) return malformed("Alipay answered without a valid total_amount");
    // The answer names no app: it is Alipay's signed answer to our app's signed request, so ours.
    return ProviderPayment{.order_id = string_member(node, "out_trade_no"),
                           .provider_ref = string_member(node, "trade_no"),
                           .capture_ref = {},
                           .state = *state,
                           .amount = Money{.minor = *total, .currency = "CNY"},
                           .merchant_id = s_.app_id,
                           .paid_at = parse_gmt8_time(string_member(node, "send_pay_date")).value_or(0),
                           .event_id = {},
                           .event_type = trade_status};
  }

  core::Status close(const std::string& order_id, const std::string& provider_ref) override {
    auto answer = call("alipay.trade.close", trade_ids(order_id, provider_ref));
    if (!answer) return answer.error();
    // A trade the buyer never opened does not exist at Alipay: nothing to close.
    if (answer->ok() || (answer->is_signed && answer->sub_code == kTradeNotExist)) return core::Ok{};
    return refused(*answer);
  }

  core::Result<RefundResult> refund(const RefundRequest& request) override {
    if (request.amount.currency != "CNY" || request.amount.minor <= 0) {
      return core::validation_failed("amount", "Alipay refunds a positive CNY amount");
    }
    boost::json::object biz = trade_ids(request.order_id, request.provider_ref);
    biz["refund_amount"] = yuan_text(request.amount.minor);
    // out_request_no makes a retried refund the same refund, not a second one.
    biz["out_request_no"] = request.refund_id;
    if (!request.reason.empty()) biz["refund_reason"] = request.reason;
    auto answer = call("alipay.trade.refund", biz);
    if (!answer) return answer.error();
    if (!answer->ok()) return refused(*answer);
    // Alipay: fund_change "Y" is a refund done; "N" (a repeated request, or still in progress) has to
    // be confirmed later by a refund query.
    return RefundResult{.provider_refund_ref = request.refund_id,
                        .completed = string_member(answer->node, "fund_change") == "Y"};
  }

  // alipay.trade.fastpay.refund.query: REFUND_SUCCESS is a refund done. Alipay's documentation says an
  // answer without refund_status means the refund was not received or did not succeed: unknown here, so
  // a pending refund stays pending (and is looked at by an operator) rather than being called failed.
  core::Result<RefundStatus> query_refund(const RefundQuery& query) override {
    boost::json::object biz = trade_ids(query.order_id, query.provider_ref);
    biz["out_request_no"] = query.refund_id;
    auto answer = call("alipay.trade.fastpay.refund.query", biz);
    if (!answer) return answer.error();
    if (!answer->ok()) {
      if (answer->is_signed && answer->sub_code == kTradeNotExist) return RefundStatus{};
      return refused(*answer);
    }
    const bool done = string_member(answer->node, "refund_status") == "REFUND_SUCCESS";
    return RefundStatus{.state = done ? RefundState::completed : RefundState::unknown,
                        .provider_refund_ref = query.refund_id};
  }

 private:
  Params common_params(std::string_view method, const boost::json::object& biz) const {
    return Params{{"app_id", s_.app_id}, {"method", std::string(method)},
                  {"format", "JSON"},    {"charset", "utf-8"},
                  {"sign_type", "RSA2"}, {"timestamp", gmt8_time(now_())},
                  {"version", "1.0"},    {"biz_content", boost::json::serialize(biz)}};
  }

  std::string with_query(const std::string& query) const {
    return s_.gateway_url + (s_.gateway_url.find('?') == std::string::npos ? "?" : "&") + query;
  }

  static boost::json::object trade_ids(const std::string& order_id, const std::string& provider_ref) {
    boost::json::object ids{{"out_trade_no", order_id}};
    if (!provider_ref.empty()) ids["trade_no"] = provider_ref;
    return ids;
  }

  // Our app id, or something that is not ours when the seller is not the one configured, so that the
  // engine holds the payment instead of fulfilling it.
  std::string merchant_of(const std::string& app_id, const std::string& seller_id) const {
    if (!s_.seller_id.empty() && seller_id != s_.seller_id) return app_id + " (seller " + seller_id + ")";
    return app_id;
  }

  // One signed server-side call: common parameters and sign in the URL, biz_content in the form body
  // (the Alipay SDKs' split); the answer comes back only once its signature checked out.
  core::Result<GatewayAnswer> call(std::string_view method, const boost::json::object& biz) {
    Params params = common_params(method, biz);
    if (auto signed_ok = sign_request(params, s_.private_key_pem); !signed_ok) return signed_ok.error();
    const std::string body = "biz_content=" + percent_encode(params["biz_content"]);
    params.erase("biz_content");
    auto reply = http_.send(
        integrations::HttpRequest{.method = "POST",
                                  .url = with_query(encode_params(params)),
                                  .headers = {{"Content-Type", "application/x-www-form-urlencoded;charset=utf-8"},
                                              {"Accept", "application/json"}},
                                  .body = body,
                                  .timeout = std::chrono::milliseconds(s_.timeout_ms)});
    if (!reply) return reply.error();
    std::string node_name(method);
    for (char& c : node_name) {
      if (c == '.') c = '_';
    }
    return read_answer(*reply, node_name + "_response", s_.alipay_public_key_pem);
  }

  AlipaySettings s_;
  integrations::HttpClient& http_;
  std::function<std::int64_t()> now_;
};

}  // namespace

std::unique_ptr<Provider> make_alipay_provider(AlipaySettings settings, integrations::HttpClient& http,
                                               std::function<std::int64_t()> now) {
  return std::make_unique<AlipayProvider>(std::move(settings), http, std::move(now));
}

}  // namespace portal::payments::alipay
