#pragma once
// POST /dev/cloud/cvm: the CVM endpoint of Tencent Cloud API 3.0 as the adapter meets it. The action
// comes in X-TC-Action, the version in X-TC-Version (2017-03-12), the region in X-TC-Region, the
// parameters as a JSON body; the answer is always HTTP 200 with {"Response": {..., "RequestId"}}, an
// error as {"Response": {"Error": {"Code", "Message"}, "RequestId"}}. The signature is checked first.

#include "core/result.hpp"
#include "http/message.hpp"
#include "sim/cloud/instance_registry.hpp"
#include "sim/cloud/tc3_verifier.hpp"

#include <boost/json/object.hpp>

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <string>

namespace portal::sim::cloud {

// Tencent's per-action request limits: at most N calls in any second.
class ActionRateLimits {
 public:
  bool allow(const std::string& action, std::int64_t now_ms);
  static int limit_of(const std::string& action);  // 40 for Describe*, else 10

 private:
  std::map<std::string, std::deque<std::int64_t>> calls_;
};

class CvmApi {
 public:
  struct Deps {
    CloudCredentials credentials;
    MillisClock now_ms;
    InstanceRegistry& registry;
    std::mutex& registry_mutex;  // held around every registry call
    bool enforce_rate_limits = false;
    std::function<void()> changed;  // after a call changed some instance (wakes the ticker)
  };
  explicit CvmApi(Deps deps) : deps_(std::move(deps)) {}

  http::Response handle(const http::Request& request);

  static constexpr const char* kVersion = "2017-03-12";
  static constexpr const char* kService = "cvm";

 private:
  // The action's answer without the RequestId, or its error.
  core::Result<boost::json::object> run(const std::string& action, const std::string& region,
                                        const boost::json::object& params, const std::string& request_id);

  Deps deps_;
  std::mutex limits_mutex_;
  ActionRateLimits limits_;
};

}  // namespace portal::sim::cloud
