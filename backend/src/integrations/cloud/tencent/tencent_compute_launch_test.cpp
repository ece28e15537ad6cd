#include "integrations/cloud/tencent/tencent_compute_test_support.hpp"

#include "integrations/payments/crypto.hpp"

namespace portal::cloud::tencent {
namespace {

using namespace test_support;

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

}  // namespace
}  // namespace portal::cloud::tencent
