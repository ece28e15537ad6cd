#include "integrations/cloud/tencent/tencent_compute.hpp"

#include "core/clock.hpp"
#include "integrations/cloud/tencent/tc3_signature.hpp"
#include "integrations/cloud/user_data.hpp"
#include "integrations/http/fake_http_client_for_test.hpp"
#include "integrations/payments/crypto.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <gtest/gtest.h>

#include <array>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace portal::cloud::tencent {
namespace {

using integrations::HttpReply;
using integrations::test::FakeHttpClient;
using integrations::test::RecordedCall;

constexpr std::string_view kSecretId = "AKIDportaltest";
constexpr std::string_view kSecretKey = "portal-test-secret-key";
constexpr std::string_view kStandIn = "http://127.0.0.1:18080/dev/cloud/cvm";

std::string header(const RecordedCall& call, std::string_view name) {
  for (const auto& [key, value] : call.headers) {
    if (key == name) return value;
  }
  return {};
}

std::string text(const boost::json::value& value) {
  return value.is_string() ? std::string(value.as_string()) : boost::json::serialize(value);
}

boost::json::object body_of(const RecordedCall& call) { return boost::json::parse(call.body).as_object(); }

std::vector<std::string> strings_of(const boost::json::value& value) {
  std::vector<std::string> out;
  for (const auto& item : value.as_array()) out.emplace_back(item.as_string());
  return out;
}

// The Authorization a call carries is the TC3 signature of exactly what it sent.
void expect_signed(const RecordedCall& call) {
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

HttpReply answer(const std::string& response_fields) {
  return HttpReply{.status = 200, .body = R"({"Response":{)" + response_fields + R"(,"RequestId":"req-1"}})"};
}

HttpReply tencent_error(std::string_view code) {
  return HttpReply{.status = 200,
                   .body = R"({"Response":{"Error":{"Code":")" + std::string(code) +
                           R"(","Message":"refused"},"RequestId":"req-2"}})"};
}

// InstanceTypeQuotaSet entries, one per (zone, type, status).
HttpReply zone_quota(const std::vector<std::array<std::string, 3>>& items) {
  boost::json::array set;
  for (const auto& [zone, type, status] : items) {
    set.emplace_back(boost::json::object{
        {"Zone", zone}, {"InstanceType", type}, {"InstanceChargeType", "POSTPAID_BY_HOUR"}, {"Status", status}});
  }
  return answer("\"InstanceTypeQuotaSet\":" + boost::json::serialize(set));
}

CvmSettings stand_in_settings() {
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

ServerBootstrap bootstrap() {
  return ServerBootstrap{.server_ref = "srv_1",
                         .server_name = "练习服",
                         .join_password = "join1",
                         .rcon_password = "rcon1",
                         .admins = {"76561198000000001"},
                         .portal_url = "https://portal.example",
                         .portal_key = "key1"};
}

LaunchRequest premium_launch() {
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

TEST_F(TencentComputeTest, LaunchRunsOneInstanceInTheFirstZoneThatSellsTheTiersType) {
  http.push(zone_quota({{"ap-shanghai-2", "SA5.LARGE8", "SOLD_OUT"},
                        {"ap-shanghai-5", "SA5.LARGE8", "SELL"},
                        {"ap-shanghai-4", "SA5.LARGE8", "SELL"},
                        {"ap-shanghai-2", "S5.MEDIUM4", "SELL"}}));
  http.push(answer(R"("InstanceIdSet":["ins-new1"])"));

  const auto launched = compute.launch(premium_launch());
  ASSERT_TRUE(launched.ok()) << launched.error().message;
  EXPECT_EQ(*launched, "ins-new1");

  const auto calls = http.calls();
  ASSERT_EQ(calls.size(), 2u);
  EXPECT_EQ(header(calls[0], "X-TC-Action"), "DescribeZoneInstanceConfigInfos");
  EXPECT_EQ(boost::json::serialize(body_of(calls[0])),
            R"({"Filters":[{"Name":"instance-type","Values":["SA5.LARGE8"]},)"
            R"({"Name":"instance-charge-type","Values":["POSTPAID_BY_HOUR"]}]})");

  const auto& run = calls[1];
  EXPECT_EQ(run.method, "POST");
  EXPECT_EQ(run.url, kStandIn);
  EXPECT_EQ(run.timeout, std::chrono::milliseconds(4000));
  EXPECT_EQ(header(run, "Host"), "127.0.0.1:18080");
  EXPECT_EQ(header(run, "X-TC-Action"), "RunInstances");
  EXPECT_EQ(header(run, "X-TC-Region"), "ap-shanghai");
  EXPECT_EQ(header(run, "X-TC-Timestamp"), "1800000123");
  EXPECT_EQ(header(run, "X-TC-Token"), "");
  expect_signed(run);

  const auto body = body_of(run);
  EXPECT_EQ(body.at("Placement").at("Zone"), "ap-shanghai-4");  // the first configured zone on sale
  EXPECT_EQ(body.at("VirtualPrivateCloud").at("SubnetId"), "subnet-4");
  EXPECT_EQ(body.at("VirtualPrivateCloud").at("VpcId"), "vpc-1");
  EXPECT_EQ(body.at("InstanceType"), "SA5.LARGE8");
  EXPECT_EQ(body.at("ImageId"), "img-debian12");
  EXPECT_EQ(body.at("InstanceCount"), 1);
  EXPECT_EQ(body.at("InstanceName"), "srv_1");
  EXPECT_EQ(body.at("ClientToken"), "launch-srv_1-1");
  EXPECT_EQ(body.at("InstanceChargeType"), "POSTPAID_BY_HOUR");
  EXPECT_EQ(strings_of(body.at("SecurityGroupIds")), std::vector<std::string>{"sg-game"});
  EXPECT_EQ(body.at("SystemDisk").at("DiskSize"), 80);
  EXPECT_EQ(body.at("SystemDisk").at("DiskType"), "CLOUD_PREMIUM");
  EXPECT_EQ(body.at("InternetAccessible").at("InternetMaxBandwidthOut"), 50);
  EXPECT_EQ(body.at("InternetAccessible").at("PublicIpAssigned"), true);
  EXPECT_EQ(body.at("CamRoleName"), "cs2-demo-uploader");
  EXPECT_FALSE(body.contains("LaunchTemplate"));
  EXPECT_FALSE(body.contains("LoginSettings"));
  const auto user_data = payments::crypto::base64_decode(body.at("UserData").as_string());
  ASSERT_TRUE(user_data.has_value());
  EXPECT_EQ(*user_data, *render_user_data(bootstrap()));
}

TEST_F(TencentComputeTest, LaunchWithATemplateLeavesUnsetFieldsToIt) {
  http.push(zone_quota({{"ap-guangzhou-6", "S5.MEDIUM4", "SELL"}}));
  http.push(answer(R"("InstanceIdSet":["ins-gz"])"));
  auto request = premium_launch();
  request.region = "ap-guangzhou";
  request.tier = Tier::basic;
  ASSERT_TRUE(compute.launch(request).ok());
  const auto body = body_of(http.calls().at(1));
  EXPECT_EQ(body.at("LaunchTemplate").at("LaunchTemplateId"), "lt-guangzhou");
  EXPECT_EQ(body.at("InstanceType"), "S5.MEDIUM4");
  EXPECT_EQ(header(http.calls().at(1), "X-TC-Region"), "ap-guangzhou");
  EXPECT_FALSE(body.contains("ImageId"));
  EXPECT_FALSE(body.contains("SecurityGroupIds"));
  EXPECT_FALSE(body.contains("CamRoleName"));
}

TEST_F(TencentComputeTest, LaunchSoldOutInEveryConfiguredZoneAsksNothingMore) {
  http.push(zone_quota({{"ap-shanghai-2", "SA5.LARGE8", "SOLD_OUT"},
                        {"ap-shanghai-4", "SA5.LARGE8", "SOLD_OUT"},
                        {"ap-shanghai-7", "SA5.LARGE8", "SELL"}}));  // not one of ours: no subnet there
  const auto launched = compute.launch(premium_launch());
  ASSERT_FALSE(launched.ok());
  EXPECT_EQ(launched.error().code, "CLOUD_SOLD_OUT");
  EXPECT_EQ(launched.error().kind, core::ErrorKind::conflict);
  EXPECT_EQ(http.calls().size(), 1u);
}

TEST_F(TencentComputeTest, LaunchInAnUnconfiguredRegionOrWithABadBootstrapCallsNothing) {
  auto elsewhere = premium_launch();
  elsewhere.region = "eu-frankfurt";
  const auto unknown = compute.launch(elsewhere);
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.error().code, "CLOUD_REGION_UNKNOWN");

  auto broken = premium_launch();
  broken.bootstrap.max_players = 0;
  const auto refused = compute.launch(broken);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code, "INVALID_BOOTSTRAP");
  EXPECT_TRUE(http.calls().empty());
}

// Answers DescribeInstances with every asked id whose number is even, RUNNING with an address.
core::Result<HttpReply> list_even_ids(const RecordedCall& call) {
  boost::json::array set;
  for (const auto& id : strings_of(body_of(call).at("InstanceIds"))) {
    if (std::stoi(id.substr(4)) % 2 != 0) continue;
    set.emplace_back(boost::json::object{{"InstanceId", id},
                                         {"InstanceName", "name-" + id},
                                         {"InstanceState", "RUNNING"},
                                         {"PublicIpAddresses", boost::json::array{"203.0.113.7"}}});
  }
  return answer(R"("TotalCount":)" + std::to_string(set.size()) + R"(,"InstanceSet":)" + boost::json::serialize(set));
}

std::vector<std::string> ids(int count) {
  std::vector<std::string> out;
  for (int i = 0; i < count; ++i) out.push_back("ins-" + std::to_string(i));
  return out;
}

TEST_F(TencentComputeTest, DescribeAsksInBatchesOfAHundredAndReportsMissingIdsAsTerminated) {
  http.set_responder(list_even_ids);
  const auto asked = ids(250);
  const auto described = compute.describe("ap-shanghai", asked);
  ASSERT_TRUE(described.ok()) << described.error().message;

  const auto calls = http.calls();
  ASSERT_EQ(calls.size(), 3u);
  const std::size_t expected_sizes[] = {100, 100, 50};
  for (std::size_t i = 0; i < calls.size(); ++i) {
    EXPECT_EQ(header(calls[i], "X-TC-Action"), "DescribeInstances");
    EXPECT_EQ(header(calls[i], "X-TC-Region"), "ap-shanghai");
    EXPECT_EQ(body_of(calls[i]).at("InstanceIds").as_array().size(), expected_sizes[i]);
    EXPECT_EQ(body_of(calls[i]).at("Limit"), 100);
    expect_signed(calls[i]);
  }
  EXPECT_EQ(strings_of(body_of(calls[2]).at("InstanceIds")).front(), "ins-200");

  ASSERT_EQ(described->size(), 250u);
  for (std::size_t i = 0; i < asked.size(); ++i) {
    const auto& info = (*described)[i];
    EXPECT_EQ(info.instance_id, asked[i]);
    EXPECT_EQ(info.region, "ap-shanghai");
    if (i % 2 == 0) {
      EXPECT_EQ(info.state, InstanceState::running);
      EXPECT_EQ(info.public_ip, "203.0.113.7");
      EXPECT_EQ(info.name, "name-" + asked[i]);
    } else {
      EXPECT_EQ(info.state, InstanceState::terminated) << asked[i];
      EXPECT_EQ(info.public_ip, "");
    }
  }
}

TEST_F(TencentComputeTest, DescribeReadsAPendingInstanceWithoutAnAddress) {
  http.push(answer(R"("TotalCount":1,"InstanceSet":[{"InstanceId":"ins-1","InstanceState":"PENDING",)"
                   R"("InstanceName":"srv_1","PublicIpAddresses":null}])"));
  const auto described = compute.describe("ap-shanghai", {"ins-1"});
  ASSERT_TRUE(described.ok());
  EXPECT_EQ(described->at(0).state, InstanceState::pending);
  EXPECT_EQ(described->at(0).public_ip, "");
}

TEST_F(TencentComputeTest, DescribeRefusesAStateItDoesNotKnow) {
  http.push(answer(R"("TotalCount":1,"InstanceSet":[{"InstanceId":"ins-1","InstanceState":"RESCUE_MODE"}])"));
  const auto described = compute.describe("ap-shanghai", {"ins-1"});
  ASSERT_FALSE(described.ok());
  EXPECT_EQ(described.error().code, "BAD_CLOUD_STATE");
}

TEST_F(TencentComputeTest, NoIdsMeansNoCalls) {
  EXPECT_TRUE(compute.describe("ap-shanghai", {}).ok());
  EXPECT_TRUE(compute.reboot("ap-shanghai", {}).ok());
  EXPECT_TRUE(compute.terminate("ap-shanghai", {}).ok());
  EXPECT_TRUE(http.calls().empty());
}

TEST_F(TencentComputeTest, PowerActionsGoInBatchesOfAHundred) {
  http.set_responder([](const RecordedCall&) { return core::Result<HttpReply>(answer(R"("Done":true)")); });
  struct Case {
    std::string action;
    std::function<core::Status(const std::vector<std::string>&)> run;
    std::string stop_type;
    std::string stopped_mode;
  };
  const std::vector<Case> cases = {
      {"RebootInstances", [&](const auto& v) { return compute.reboot("ap-guangzhou", v); }, "SOFT_FIRST"},
      {"StopInstances", [&](const auto& v) { return compute.stop("ap-guangzhou", v); }, "SOFT_FIRST", "STOP_CHARGING"},
      {"StartInstances", [&](const auto& v) { return compute.start("ap-guangzhou", v); }, ""},
      {"TerminateInstances", [&](const auto& v) { return compute.terminate("ap-guangzhou", v); }, ""},
  };
  std::size_t seen = 0;
  for (const auto& c : cases) {
    ASSERT_TRUE(c.run(ids(150)).ok()) << c.action;
    const auto calls = http.calls();
    ASSERT_EQ(calls.size(), seen + 2) << c.action;
    for (std::size_t i = seen; i < calls.size(); ++i) {
      EXPECT_EQ(header(calls[i], "X-TC-Action"), c.action);
      EXPECT_EQ(header(calls[i], "X-TC-Region"), "ap-guangzhou");
      const auto body = body_of(calls[i]);
      EXPECT_EQ(body.at("InstanceIds").as_array().size(), i == seen ? 100u : 50u);
      if (c.stop_type.empty()) {
        EXPECT_FALSE(body.contains("StopType")) << c.action;
      } else {
        EXPECT_EQ(text(body.at("StopType")), c.stop_type);
      }
      if (c.stopped_mode.empty()) {
        EXPECT_FALSE(body.contains("StoppedMode")) << c.action;
      } else {
        EXPECT_EQ(text(body.at("StoppedMode")), c.stopped_mode) << "an idle machine in its grace period costs nothing";
      }
      expect_signed(calls[i]);
    }
    seen = calls.size();
  }
}

TEST_F(TencentComputeTest, AFailedBatchStopsTheAction) {
  http.push(answer(R"("Done":true)"));
  http.push(tencent_error("UnsupportedOperation.InstanceStateStopped"));
  const auto stopped = compute.stop("ap-shanghai", ids(250));
  ASSERT_FALSE(stopped.ok());
  EXPECT_EQ(stopped.error().code, "CLOUD_INSTANCE_BUSY");
  EXPECT_EQ(http.calls().size(), 2u);
}

TEST_F(TencentComputeTest, RegionStatusCountsOnlyConfiguredZonesOnSale) {
  http.set_responder([](const RecordedCall& call) -> core::Result<HttpReply> {
    if (header(call, "X-TC-Region") == "ap-shanghai") {
      return zone_quota({{"ap-shanghai-2", "S5.MEDIUM4", "SOLD_OUT"}, {"ap-shanghai-5", "S5.MEDIUM4", "SELL"}});
    }
    return zone_quota({{"ap-guangzhou-6", "S5.MEDIUM4", "SOLD_OUT"}, {"ap-guangzhou-7", "S5.MEDIUM4", "SELL"}});
  });
  const auto status = compute.region_status({"ap-shanghai", "ap-guangzhou", "na-ashburn"}, Tier::basic);
  ASSERT_TRUE(status.ok()) << status.error().message;
  ASSERT_EQ(status->size(), 3u);
  EXPECT_EQ(status->at(0).region, "ap-shanghai");
  EXPECT_TRUE(status->at(0).available);
  EXPECT_EQ(status->at(1).region, "ap-guangzhou");
  EXPECT_FALSE(status->at(1).available);  // only a zone we have no subnet in sells it
  EXPECT_EQ(status->at(2).region, "na-ashburn");
  EXPECT_FALSE(status->at(2).available);  // not configured: never asked
  const auto calls = http.calls();
  ASSERT_EQ(calls.size(), 2u);
  EXPECT_EQ(header(calls[0], "X-TC-Action"), "DescribeZoneInstanceConfigInfos");
  EXPECT_EQ(header(calls[1], "X-TC-Region"), "ap-guangzhou");
  expect_signed(calls[1]);
}

TEST_F(TencentComputeTest, RegionStatusForATierTheRegionDoesNotOfferIsUnavailable) {
  const auto status = compute.region_status({"ap-guangzhou"}, Tier::premium);
  ASSERT_TRUE(status.ok());
  EXPECT_FALSE(status->at(0).available);
  EXPECT_TRUE(http.calls().empty());
}

TEST_F(TencentComputeTest, TencentErrorCodesMapToCloudErrors) {
  struct Case {
    std::string tencent;
    std::string portal;
    core::ErrorKind kind;
  };
  const std::vector<Case> cases = {
      {"ResourceInsufficient.SpecifiedInstanceType", "CLOUD_SOLD_OUT", core::ErrorKind::conflict},
      {"ResourcesSoldOut.AvailableZone", "CLOUD_SOLD_OUT", core::ErrorKind::conflict},
      {"ResourceInsufficient", "CLOUD_SOLD_OUT", core::ErrorKind::conflict},
      {"LimitExceeded.InstanceQuota", "CLOUD_QUOTA_EXCEEDED", core::ErrorKind::conflict},
      {"LimitExceeded.CvmInstanceQuota", "CLOUD_QUOTA_EXCEEDED", core::ErrorKind::conflict},
      {"InvalidInstanceId.NotFound", "CLOUD_INSTANCE_NOT_FOUND", core::ErrorKind::not_found},
      {"UnsupportedOperation.InstanceStatePending", "CLOUD_INSTANCE_BUSY", core::ErrorKind::conflict},
      {"UnsupportedOperation.InstanceStateTerminating", "CLOUD_INSTANCE_BUSY", core::ErrorKind::conflict},
      {"OperationDenied.InstanceOperationInProgress", "CLOUD_INSTANCE_BUSY", core::ErrorKind::conflict},
      {"AuthFailure.SignatureFailure", "CLOUD_AUTH_FAILED", core::ErrorKind::unavailable},
      {"AuthFailure.SignatureExpire", "CLOUD_AUTH_FAILED", core::ErrorKind::unavailable},
      {"AuthFailure.UnauthorizedOperation", "CLOUD_AUTH_FAILED", core::ErrorKind::unavailable},
      {"RequestLimitExceeded", "CLOUD_RATE_LIMITED", core::ErrorKind::unavailable},
      {"RequestLimitExceeded.UinLimitExceeded", "CLOUD_RATE_LIMITED", core::ErrorKind::unavailable},
      {"UnsupportedRegion", "CLOUD_REGION_UNKNOWN", core::ErrorKind::validation},
      {"InternalError", "CLOUD_UNAVAILABLE", core::ErrorKind::unavailable},
      {"InternalError.TradeUnknownError", "CLOUD_UNAVAILABLE", core::ErrorKind::unavailable},
      {"InvalidParameterValue.LimitExceeded", "CLOUD_UNAVAILABLE", core::ErrorKind::unavailable},  // not a quota
      {"InvalidImageId.NotFound", "CLOUD_UNAVAILABLE", core::ErrorKind::unavailable},
  };
  for (const auto& c : cases) {
    http.push(tencent_error(c.tencent));
    const auto rebooted = compute.reboot("ap-shanghai", {"ins-1"});
    ASSERT_FALSE(rebooted.ok()) << c.tencent;
    EXPECT_EQ(rebooted.error().code, c.portal) << c.tencent;
    EXPECT_EQ(rebooted.error().kind, c.kind) << c.tencent;
    EXPECT_EQ(text(rebooted.error().details.at("cloud_code")), c.tencent);
    EXPECT_EQ(rebooted.error().details.at("request_id"), "req-2");
  }
}

TEST_F(TencentComputeTest, NetworkFailuresAndServerErrorsAreCloudUnavailable) {
  http.push(integrations::upstream_failure(integrations::HttpFailure::timeout, "timed out"));
  http.push(HttpReply{.status = 502, .body = "<html>Bad Gateway</html>"});
  http.push(HttpReply{.status = 200, .body = R"({"unexpected":true})"});
  http.push(HttpReply{.status = 503, .body = R"({"Response":{"RequestId":"r"}})"});
  for (const std::string expected_failure : {"timeout", "", "", ""}) {
    const auto started = compute.start("ap-shanghai", {"ins-1"});
    ASSERT_FALSE(started.ok());
    EXPECT_EQ(started.error().code, "CLOUD_UNAVAILABLE");
    EXPECT_EQ(started.error().kind, core::ErrorKind::unavailable);
    if (!expected_failure.empty()) {
      EXPECT_EQ(text(started.error().details.at("failure")), expected_failure);
    }
  }
  EXPECT_EQ(http.calls().size(), 4u);
}

TEST_F(TencentComputeTest, OnlyALaunchSentAndUnansweredMayHaveMadeAMachine) {
  http.push(integrations::upstream_failure(integrations::HttpFailure::timeout, "timed out"));  // the zone query
  const auto unasked = compute.launch(premium_launch());
  ASSERT_FALSE(unasked.ok());
  EXPECT_EQ(unasked.error().code, "CLOUD_UNAVAILABLE");
  EXPECT_FALSE(unasked.error().details.contains("answer_lost")) << "RunInstances was never sent";

  http.push(zone_quota({{"ap-shanghai-2", "S5.MEDIUM4", "SELL"}, {"ap-shanghai-2", "SA5.LARGE8", "SELL"}}));
  http.push(integrations::upstream_failure(integrations::HttpFailure::timeout, "timed out"));  // RunInstances
  const auto lost = compute.launch(premium_launch());
  ASSERT_FALSE(lost.ok());
  EXPECT_EQ(lost.error().details.at("answer_lost"), true);
}

TEST(TencentComputeEndpoint, TheRealEndpointAndATemporaryToken) {
  core::ManualClock clock;
  FakeHttpClient http;
  auto settings = stand_in_settings();
  settings.endpoint = "https://cvm.tencentcloudapi.com";
  TencentCompute compute(Credentials{std::string(kSecretId), std::string(kSecretKey), "sts-token"}, settings, http,
                         clock.clock());
  http.push(answer(R"("Done":true)"));
  ASSERT_TRUE(compute.start("ap-shanghai", {"ins-1"}).ok());
  const auto call = http.calls().at(0);
  EXPECT_EQ(call.url, "https://cvm.tencentcloudapi.com/");
  EXPECT_EQ(header(call, "Host"), "cvm.tencentcloudapi.com");
  EXPECT_EQ(header(call, "X-TC-Token"), "sts-token");
  expect_signed(call);
}

TEST(TencentComputeEndpoint, AnEndpointThatIsNotAnHttpUrlIsRefusedAtConstruction) {
  core::ManualClock clock;
  FakeHttpClient http;
  for (const std::string endpoint : {"cvm.tencentcloudapi.com", "ftp://cvm.tencentcloudapi.com", "https://",
                                     "https://cvm.tencentcloudapi.com/?a=1"}) {
    auto settings = stand_in_settings();
    settings.endpoint = endpoint;
    EXPECT_THROW(TencentCompute(Credentials{}, settings, http, clock.clock()), std::invalid_argument) << endpoint;
  }
}

}  // namespace
}  // namespace portal::cloud::tencent
