#pragma once
// Test-only: requests to the cloud stand-in signed the way Tencent's clients sign them (with the
// shared signing code), and a millisecond clock a test moves. Header-only; no HTTP client here, the
// tests send the headers and URLs with theirs.

#include "integrations/cloud/tencent/cos_signature.hpp"
#include "integrations/cloud/tencent/tc3_signature.hpp"
#include "sim/cloud/sim_cloud_settings.hpp"
#include "sim/cloud/tc3_verifier.hpp"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace portal::sim::cloud::test {

class ManualMillisClock {
 public:
  explicit ManualMillisClock(std::int64_t start_ms = 1'800'000'000'000) : now_(start_ms) {}
  std::int64_t now() const { return now_.load(); }
  void advance(std::chrono::milliseconds by) { now_.fetch_add(by.count()); }
  MillisClock clock() const {
    return [this] { return now(); };
  }

 private:
  std::atomic<std::int64_t> now_;
};

inline constexpr const char* kJsonContentType = "application/json; charset=utf-8";

// The headers of a CVM API 3.0 call ("Name: value"), signed with TC3-HMAC-SHA256 over host and body.
inline std::vector<std::string> cvm_headers(const CloudCredentials& credentials, const std::string& host,
                                            const std::string& action, const std::string& region,
                                            const std::string& body, std::int64_t timestamp_s) {
  const portal::cloud::tencent::Tc3Request request{.method = "POST",
                                                   .host = host,
                                                   .content_type = kJsonContentType,
                                                   .canonical_query = "",
                                                   .payload = body,
                                                   .service = "cvm",
                                                   .timestamp = timestamp_s};
  return {"Authorization: " +
              portal::cloud::tencent::tc3_authorization(credentials.secret_id, credentials.secret_key, request),
          std::string("Content-Type: ") + kJsonContentType,
          "X-TC-Action: " + action,
          "X-TC-Version: 2017-03-12",
          "X-TC-Region: " + region,
          "X-TC-Timestamp: " + std::to_string(timestamp_s)};
}

// The COS signature of a request: the key time [start_s, end_s], the decoded path ("/" for the
// bucket, "/<key>" for an object), the query parameters and headers to sign (host at least).
inline portal::cloud::tencent::CosSignature cos_signature(const CloudCredentials& credentials,
                                                          const std::string& method, const std::string& path,
                                                          std::vector<std::pair<std::string, std::string>> params,
                                                          std::vector<std::pair<std::string, std::string>> headers,
                                                          std::int64_t start_s, std::int64_t end_s) {
  return portal::cloud::tencent::cos_sign(credentials.secret_key, {.method = method,
                                                                   .path = path,
                                                                   .params = std::move(params),
                                                                   .headers = std::move(headers),
                                                                   .start = start_s,
                                                                   .end = end_s});
}

}  // namespace portal::sim::cloud::test
