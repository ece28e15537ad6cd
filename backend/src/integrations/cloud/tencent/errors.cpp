#include "integrations/cloud/tencent/errors.hpp"

#include <utility>

namespace portal::cloud::tencent {

namespace {

bool is_or_under(std::string_view code, std::string_view family) {
  return code == family || (code.starts_with(family) && code.size() > family.size() && code[family.size()] == '.');
}

core::Error make(core::ErrorKind kind, std::string code, std::string_view cloud_code, std::string message) {
  return core::Error::make(kind, std::move(code), std::move(message), {{"cloud_code", cloud_code}});
}

}  // namespace

core::Error cvm_error(std::string_view code, std::string_view message) {
  using core::ErrorKind;
  std::string text = "Tencent Cloud answered " + std::string(code) + ": " + std::string(message);
  if (is_or_under(code, "ResourceInsufficient") || is_or_under(code, "ResourcesSoldOut")) {
    return make(ErrorKind::conflict, "CLOUD_SOLD_OUT", code, std::move(text));
  }
  if (is_or_under(code, "LimitExceeded") || code == "InstancesQuotaLimitExceeded") {
    return make(ErrorKind::conflict, "CLOUD_QUOTA_EXCEEDED", code, std::move(text));
  }
  if (code == "InvalidInstanceId.NotFound" || code == "ResourceNotFound.InvalidInstanceIdNotFound") {
    return make(ErrorKind::not_found, "CLOUD_INSTANCE_NOT_FOUND", code, std::move(text));
  }
  if (code.starts_with("UnsupportedOperation.InstanceState") || code == "OperationDenied.InstanceOperationInProgress" ||
      code == "InvalidInstanceState") {
    return make(ErrorKind::conflict, "CLOUD_INSTANCE_BUSY", code, std::move(text));
  }
  if (is_or_under(code, "AuthFailure")) return make(ErrorKind::unavailable, "CLOUD_AUTH_FAILED", code, std::move(text));
  if (code.starts_with("RequestLimitExceeded")) {
    return make(ErrorKind::unavailable, "CLOUD_RATE_LIMITED", code, std::move(text));
  }
  if (code == "UnsupportedRegion" || code == "InvalidRegion") {
    return make(ErrorKind::validation, "CLOUD_REGION_UNKNOWN", code, std::move(text));
  }
  return make(ErrorKind::unavailable, "CLOUD_UNAVAILABLE", code, std::move(text));
}

core::Error cos_error(int status, std::string_view code, std::string_view message) {
  using core::ErrorKind;
  auto error = [&](ErrorKind kind, std::string portal_code) {
    auto made = make(kind, std::move(portal_code), code,
                     "COS answered " + std::to_string(status) + " " + std::string(code) + ": " + std::string(message));
    made.details["status"] = status;
    return made;
  };
  if (status == 403) return error(ErrorKind::unavailable, "CLOUD_AUTH_FAILED");
  if (status == 429 || code == "SlowDown") return error(ErrorKind::unavailable, "CLOUD_RATE_LIMITED");
  return error(ErrorKind::unavailable, "CLOUD_UNAVAILABLE");
}

core::Error cloud_unavailable(std::string message) {
  return core::Error::make(core::ErrorKind::unavailable, "CLOUD_UNAVAILABLE", std::move(message));
}

core::Error region_unknown(std::string_view region) {
  return core::Error::make(core::ErrorKind::validation, "CLOUD_REGION_UNKNOWN",
                           "no launch settings for region " + std::string(region), {{"region", region}});
}

}  // namespace portal::cloud::tencent
