#pragma once
// One Tencent Cloud API 3.0 call to CVM (version 2017-03-12): a JSON POST signed with TC3-HMAC-SHA256,
// and its {"Response": {...}} answer, with Response.Error turned into the portal's cloud errors.

#include "core/clock.hpp"
#include "core/result.hpp"
#include "integrations/cloud/tencent/endpoint.hpp"
#include "integrations/cloud/tencent/settings.hpp"
#include "integrations/http/http_client.hpp"

#include <boost/json/object.hpp>

#include <chrono>
#include <string_view>

namespace portal::cloud::tencent {

inline constexpr std::string_view kCvmVersion = "2017-03-12";
inline constexpr std::string_view kCvmService = "cvm";
// Sent and signed byte for byte (a client that appended its own charset would break the signature).
inline constexpr std::string_view kTc3ContentType = "application/json; charset=utf-8";

class CvmApi {
 public:
  // Throws std::invalid_argument when the endpoint is not an http(s) URL.
  CvmApi(Credentials credentials, const std::string& endpoint, std::chrono::milliseconds timeout,
         integrations::HttpClient& http, core::UnixClock now);

  // The Response object of the answer (RequestId and the action's fields), or the mapped error.
  core::Result<boost::json::object> call(std::string_view action, std::string_view region,
                                         const boost::json::object& params);

 private:
  Credentials credentials_;
  Endpoint endpoint_;
  std::chrono::milliseconds timeout_;
  integrations::HttpClient& http_;
  core::UnixClock now_;
};

}  // namespace portal::cloud::tencent
