#pragma once
// What the TencentCompute tests share (tencent_compute_test.cpp, tencent_compute_launch_test.cpp): the
// stand-in's settings, canned Tencent answers, and a fixture with a fake HTTP client and a manual clock.

#include "integrations/cloud/tencent/tencent_compute.hpp"

#include "core/clock.hpp"
#include "integrations/cloud/tencent/tc3_signature.hpp"
#include "integrations/cloud/user_data.hpp"
#include "integrations/http/fake_http_client_for_test.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace portal::cloud::tencent::test_support {

using integrations::HttpReply;
using integrations::test::FakeHttpClient;
using integrations::test::RecordedCall;

inline constexpr std::string_view kSecretId = "AKIDportaltest";
inline constexpr std::string_view kSecretKey = "portal-test-secret-key";
inline constexpr std::string_view kStandIn = "http://127.0.0.1:18080/dev/cloud/cvm";

inline std::string header(const RecordedCall& call, std::string_view name) {
  for (const auto& [key, value] : call.headers) {
    if (key == name) return value;
  }
  return {};
}

inline std::string text(const boost::json::value& value) {
  return value.is_string() ? std::string(value.as_string()) : boost::json::serialize(value);
}

inline boost::json::object body_of(const RecordedCall& call) { return boost::json::parse(call.body).as_object(); }

inline std::vector<std::string> strings_of(const boost::json::value& value) {
  std::vector<std::string> out;
  for (const auto& item : value.as_array()) out.emplace_back(item.as_string());
  return out;
}

// The Authorization a call carries is the TC3 signature of exactly what it sent.
inline void expect_signed(const RecordedCall& call) {
  const Tc3Request request{.method = "POST",
                           .host = header(call, "Host"),
                           .content_type = header(call, "Content-Type"),
                           .canonical_query = "",
                           .payload = call.body,
                           .service = "cvm",
                           .timestamp = std::stoll(header(call, "X-TC-Timestamp"))};
  EXPECT_EQ(header(call, "Authorization"), tc3_authorization(kSecretId, kSecretKey, request));
  EXPECT_EQ(header(call, "Content-Type"), "application/json; charset=utf-8");
  EXPECT_EQ(header(call, "X-TC-Version"), "2017-03-12");
}

inline HttpReply answer(const std::string& response_fields) {
  return HttpReply{.status = 200, .body = R"({"Response":{)" + response_fields + R"(,"RequestId":"req-1"}})"};
}

inline HttpReply tencent_error(std::string_view code) {
  return HttpReply{.status = 200,
                   .body = R"({"Response":{"Error":{"Code":")" + std::string(code) +
                           R"(","Message":"refused"},"RequestId":"req-2"}})"};
}

// InstanceTypeQuotaSet entries, one per (zone, type, status).
inline HttpReply zone_quota(const std::vector<std::array<std::string, 3>>& items) {
  boost::json::array set;
  for (const auto& [zone, type, status] : items) {
    set.emplace_back(boost::json::object{
        {"Zone", zone}, {"InstanceType", type}, {"InstanceChargeType", "POSTPAID_BY_HOUR"}, {"Status", status}});
  }
  return answer("\"InstanceTypeQuotaSet\":" + boost::json::serialize(set));
}

inline CvmSettings stand_in_settings() {
  RegionLaunch shanghai{.zones = {{"ap-shanghai-2", "subnet-2"}, {"ap-shanghai-4", "subnet-4"}, {"ap-shanghai-5", ""}},
                        .image_id = "img-debian12",
                        .basic_instance_type = "S5.MEDIUM4",
                        .premium_instance_type = "SA5.LARGE8",
                        .security_group_ids = {"sg-game"},
                        .vpc_id = "vpc-1",
                        .system_disk_type = "CLOUD_PREMIUM",
                        .system_disk_gb = 80,
                        .bandwidth_mbps = 50,
                        .cam_role_name = "cs2-demo-uploader"};
  RegionLaunch guangzhou{.zones = {{"ap-guangzhou-6", "subnet-6"}},
                         .basic_instance_type = "S5.MEDIUM4",
                         .launch_template_id = "lt-guangzhou"};
  return CvmSettings{.endpoint = std::string(kStandIn),
                     .regions = {{"ap-shanghai", shanghai}, {"ap-guangzhou", guangzhou}},
                     .timeout_ms = 4000};
}

inline ServerBootstrap bootstrap() {
  return ServerBootstrap{.server_ref = "srv_1",
                         .server_name = "练习服",
                         .join_password = "join1",
                         .rcon_password = "rcon1",
                         .admins = {"76561198000000001"},
                         .portal_url = "https://portal.example",
                         .portal_key = "key1"};
}

inline LaunchRequest premium_launch() {
  return LaunchRequest{.region = "ap-shanghai",
                       .tier = Tier::premium,
                       .name = "srv_1",
                       .client_token = "launch-srv_1-1",
                       .bootstrap = bootstrap()};
}

class TencentComputeTest : public ::testing::Test {
 protected:
  core::ManualClock clock{1'800'000'123};
  FakeHttpClient http;
  TencentCompute compute{Credentials{std::string(kSecretId), std::string(kSecretKey), ""}, stand_in_settings(), http,
                         clock.clock()};
};

}  // namespace portal::cloud::tencent::test_support
