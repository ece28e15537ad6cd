#include "sim/cloud/tc3_verifier.hpp"

#include "core/crypto.hpp"
#include "integrations/cloud/tencent/tc3_signature.hpp"
#include "sim/cloud/sim_instance.hpp"

#include <charconv>

namespace portal::sim::cloud {

namespace tencent = portal::cloud::tencent;

namespace {

constexpr std::int64_t kMaxSkewSeconds = 300;

std::optional<std::int64_t> parse_seconds(std::string_view text) {
  std::int64_t value = 0;
  const auto* end = text.data() + text.size();
  const auto [at, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc{} || at != end || text.empty()) return std::nullopt;
  return value;
}

core::Error signature_failure(std::string why) {
  return cvm_error("AuthFailure.SignatureFailure",
                   "The provided credentials could not be validated. Please check your signature is correct. (" +
                       std::move(why) + ")");
}

}  // namespace

CloudCredentials generate_credentials() {
  return CloudCredentials{.secret_id = "AKID" + core::random_token(16), .secret_key = core::random_token(16)};
}

std::optional<core::Error> verify_tc3(const http::Request& request, const CloudCredentials& credentials,
                                      const std::string& service, std::int64_t now_s) {
  const auto header = request.header("Authorization");
  if (header.empty()) {
    return cvm_error("AuthFailure.InvalidAuthorization", "The request has no Authorization header.");
  }
  const auto authorization = tencent::parse_tc3_authorization(header);
  if (authorization.signature.empty()) {
    return cvm_error("AuthFailure.InvalidAuthorization", "Authorization in the request header is invalid.");
  }
  const auto timestamp_text = request.header("X-TC-Timestamp");
  if (timestamp_text.empty()) {
    return cvm_error("MissingParameter", "The request is missing a required parameter `Timestamp`.");
  }
  const auto timestamp = parse_seconds(timestamp_text);
  if (!timestamp) return cvm_error("InvalidParameter", "X-TC-Timestamp must be unix seconds.");
  if (*timestamp < now_s - kMaxSkewSeconds || *timestamp > now_s + kMaxSkewSeconds) {
    return cvm_error("AuthFailure.SignatureExpire",
                     "Signature expired. Timestamp and server time cannot differ by more than five minutes.");
  }
  if (authorization.secret_id != credentials.secret_id) {
    return cvm_error("AuthFailure.SecretIdNotFound", "The SecretId is not found, please ensure that it is correct.");
  }
  // The stand-in recomputes the signature the one way tc3_signature knows.
  if (authorization.signed_headers != "content-type;host") {
    return signature_failure("SignedHeaders must be content-type;host");
  }
  if (authorization.service != service) return signature_failure("the credential scope names another service");
  if (authorization.date != tencent::tc3_date(*timestamp)) {
    return signature_failure("the credential date is not the UTC date of X-TC-Timestamp");
  }
  const tencent::Tc3Request signed_request{.method = std::string(http::to_string(request.method)),
                                           .host = std::string(request.header("Host")),
                                           .content_type = std::string(request.header("Content-Type")),
                                           .canonical_query = "",
                                           .payload = request.body,
                                           .service = service,
                                           .timestamp = *timestamp};
  const auto expected = tencent::tc3_signature(credentials.secret_key, signed_request);
  if (!core::constant_time_equal(expected, authorization.signature)) return signature_failure("signature mismatch");
  return std::nullopt;
}

}  // namespace portal::sim::cloud
