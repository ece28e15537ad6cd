#include "integrations/cloud/tencent/cvm_api.hpp"

#include "integrations/cloud/tencent/errors.hpp"
#include "integrations/cloud/tencent/tc3_signature.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>

#include <utility>

namespace portal::cloud::tencent {

namespace {

std::string string_member(const boost::json::object& object, std::string_view name) {
  const auto* value = object.if_contains(name);
  return value && value->is_string() ? std::string(value->as_string()) : std::string{};
}

}  // namespace

CvmApi::CvmApi(Credentials credentials, const std::string& endpoint, std::chrono::milliseconds timeout,
               integrations::HttpClient& http, core::UnixClock now)
    : credentials_(std::move(credentials)),
      endpoint_(parse_endpoint(endpoint)),
      timeout_(timeout),
      http_(http),
      now_(std::move(now)) {}

core::Result<boost::json::object> CvmApi::call(std::string_view action, std::string_view region,
                                               const boost::json::object& params) {
  Tc3Request signed_request{.method = "POST",
                            .host = endpoint_.host,
                            .content_type = std::string(kTc3ContentType),
                            .canonical_query = "",
                            .payload = boost::json::serialize(params),
                            .service = std::string(kCvmService),
                            .timestamp = now_()};
  integrations::HttpHeaders headers{
      {"Host", endpoint_.host},
      {"Content-Type", signed_request.content_type},
      {"Authorization", tc3_authorization(credentials_.secret_id, credentials_.secret_key, signed_request)},
      {"X-TC-Action", std::string(action)},
      {"X-TC-Version", std::string(kCvmVersion)},
      {"X-TC-Timestamp", std::to_string(signed_request.timestamp)},
      {"X-TC-Region", std::string(region)},
      {"X-TC-Language", "en-US"},  // error messages in English, for the logs
  };
  if (!credentials_.token.empty()) headers.emplace_back("X-TC-Token", credentials_.token);

  auto reply =
      http_.send(integrations::HttpRequest{.method = "POST",
                                           .url = endpoint_.path.empty() ? endpoint_.base + "/" : endpoint_.base,
                                           .headers = std::move(headers),
                                           .body = std::move(signed_request.payload),
                                           .timeout = timeout_});
  if (!reply) {
    auto failure =
        cloud_unavailable("Tencent Cloud did not answer " + std::string(action) + ": " + reply.error().message);
    if (const auto* why = reply.error().details.if_contains("failure")) failure.details["failure"] = *why;
    failure.details["answer_lost"] = true;
    return failure;
  }

  boost::system::error_code parse_error;
  boost::json::value root = boost::json::parse(reply->body, parse_error);
  const boost::json::value* response =
      parse_error || !root.is_object() ? nullptr : root.as_object().if_contains("Response");
  if (response == nullptr || !response->is_object()) {
    auto failure = cloud_unavailable("Tencent Cloud answered " + std::string(action) + " with HTTP " +
                                     std::to_string(reply->status) + " and no API 3.0 response");
    failure.details["status"] = reply->status;
    failure.details["answer_lost"] = true;
    return failure;
  }
  const auto& fields = response->as_object();
  if (const auto* error = fields.if_contains("Error"); error && error->is_object()) {
    auto mapped = cvm_error(string_member(error->as_object(), "Code"), string_member(error->as_object(), "Message"));
    mapped.details["action"] = action;
    mapped.details["request_id"] = string_member(fields, "RequestId");
    return mapped;
  }
  if (reply->status < 200 || reply->status > 299) {
    auto failure = cloud_unavailable("Tencent Cloud answered " + std::string(action) + " with HTTP " +
                                     std::to_string(reply->status));
    failure.details["status"] = reply->status;
    failure.details["answer_lost"] = true;
    return failure;
  }
  return fields;
}

}  // namespace portal::cloud::tencent
