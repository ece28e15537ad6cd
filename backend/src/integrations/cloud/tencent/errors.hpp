#pragma once
// Tencent's answers as the portal's cloud errors (the codes cloud.hpp lists). details.cloud_code
// keeps Tencent's own code, details.status the HTTP status when there was one.

#include "core/error.hpp"

#include <string>
#include <string_view>

namespace portal::cloud::tencent {

// An API 3.0 Error.Code (CVM): ResourceInsufficient.* / ResourcesSoldOut.* -> CLOUD_SOLD_OUT,
// LimitExceeded.* -> CLOUD_QUOTA_EXCEEDED, InvalidInstanceId.NotFound -> CLOUD_INSTANCE_NOT_FOUND,
// UnsupportedOperation.InstanceState* -> CLOUD_INSTANCE_BUSY, AuthFailure.* -> CLOUD_AUTH_FAILED,
// RequestLimitExceeded* -> CLOUD_RATE_LIMITED, UnsupportedRegion -> CLOUD_REGION_UNKNOWN; anything
// else (InternalError, a parameter Tencent refused) -> CLOUD_UNAVAILABLE.
core::Error cvm_error(std::string_view code, std::string_view message);
// A COS XML error answer: 403 -> CLOUD_AUTH_FAILED, SlowDown/429 -> CLOUD_RATE_LIMITED, anything else
// -> CLOUD_UNAVAILABLE.
core::Error cos_error(int status, std::string_view code, std::string_view message);
// No usable answer: the network failed, a 5xx without a body we understand, or a malformed answer.
core::Error cloud_unavailable(std::string message);
core::Error region_unknown(std::string_view region);

}  // namespace portal::cloud::tencent
