#include "integrations/cloud/tencent/tencent_compute_test_support.hpp"

#include <functional>
#include <stdexcept>

namespace portal::cloud::tencent {
namespace {

using namespace test_support;

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
