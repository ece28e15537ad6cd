// The CVM rules without HTTP: states move on from timestamps only, the actions refuse what Tencent
// refuses in its words, idempotent launches, quotas, sold-out zones, paging and demo recordings.

#include "sim/cloud/instance_registry.hpp"

#include <gtest/gtest.h>

namespace portal::sim::cloud {
namespace {

using namespace std::chrono_literals;

constexpr std::int64_t kStart = 1'800'000'000'000;

SimCloudSettings fast() {
  SimCloudSettings settings;
  settings.demo_mode = true;
  settings.boot_delay = 100ms;
  settings.reboot_delay = 50ms;
  settings.stop_delay = 40ms;
  settings.start_delay = 60ms;
  settings.terminate_delay = 30ms;
  settings.instance_quota_per_region = 3;
  settings.demo_interval = 1000ms;
  settings.seed = 42;
  settings.launch_templates = {
      {.id = "lt-basic001", .zone = "ap-shanghai-4", .instance_type = "S5.MEDIUM4", .image_id = "img-cs2prac1"}};
  return settings;
}

LaunchSpec shanghai(std::string token = "") {
  return LaunchSpec{.region = "ap-shanghai",
                    .zone = "ap-shanghai-2",
                    .instance_type = "S5.MEDIUM4",
                    .image_id = "img-cs2prac1",
                    .name = "srv_1",
                    .user_data = "#!/bin/sh\n",
                    .client_token = std::move(token)};
}

std::string code_of(const core::Status& status) { return status ? "" : status.error().code; }
template <typename T>
std::string code_of(const core::Result<T>& result) {
  return result ? "" : result.error().code;
}

class InstanceRegistryTest : public ::testing::Test {
 protected:
  InstanceRegistry registry{fast()};

  std::string launch(std::int64_t at = kStart) {
    auto ids = registry.launch(shanghai(), at);
    EXPECT_TRUE(ids) << ids.error().code;
    return ids ? ids->at(0) : "";
  }
  std::string state_at(const std::string& id, std::int64_t at) {
    registry.settle(at);
    const auto* instance = registry.find(id);
    return instance ? std::string(state_name(instance->state)) : "GONE";
  }
  core::Status act(Operation operation, const std::string& id, std::int64_t at) {
    return registry.operate(operation, "ap-shanghai", {id}, "req", at);
  }
};

TEST_F(InstanceRegistryTest, EveryStateFollowsFromTheClockAlone) {
  const auto id = launch();
  EXPECT_TRUE(InstanceRegistry::well_formed_instance_id(id)) << id;
  EXPECT_EQ(state_at(id, kStart + 99), "PENDING");
  EXPECT_EQ(state_at(id, kStart + 100), "RUNNING");
  EXPECT_EQ(registry.find(id)->boots, 1u);
  EXPECT_EQ(registry.find(id)->since_ms, kStart + 100);  // from the due time, not from when it was looked at

  ASSERT_TRUE(act(Operation::reboot, id, kStart + 500));
  EXPECT_EQ(state_at(id, kStart + 549), "REBOOTING");
  EXPECT_EQ(state_at(id, kStart + 550), "RUNNING");
  EXPECT_EQ(registry.find(id)->boots, 2u);

  ASSERT_TRUE(act(Operation::stop, id, kStart + 600));
  EXPECT_EQ(state_at(id, kStart + 639), "STOPPING");
  EXPECT_EQ(state_at(id, kStart + 640), "STOPPED");
  ASSERT_TRUE(act(Operation::start, id, kStart + 700));
  EXPECT_EQ(state_at(id, kStart + 759), "STARTING");
  EXPECT_EQ(state_at(id, kStart + 760), "RUNNING");
  EXPECT_EQ(registry.find(id)->boots, 3u);
  EXPECT_EQ(registry.find(id)->latest_operation, "StartInstances");

  ASSERT_TRUE(act(Operation::terminate, id, kStart + 800));
  EXPECT_EQ(state_at(id, kStart + 829), "TERMINATING");
  EXPECT_EQ(state_at(id, kStart + 830), "GONE");
  EXPECT_EQ(code_of(act(Operation::start, id, kStart + 900)), "InvalidInstanceId.NotFound");
}

TEST_F(InstanceRegistryTest, StopChargingReleasesThePublicAddressAndAStartAssignsANewOne) {
  const auto id = launch();
  ASSERT_EQ(state_at(id, kStart + 100), "RUNNING");
  const std::string first = registry.find(id)->public_ip;
  ASSERT_FALSE(first.empty());

  // KEEP_CHARGING (Tencent's default): the machine keeps its address while stopped.
  ASSERT_TRUE(registry.operate(Operation::stop, "ap-shanghai", {id}, "req", kStart + 200, false));
  EXPECT_EQ(state_at(id, kStart + 240), "STOPPED");
  EXPECT_EQ(registry.find(id)->public_ip, first);
  ASSERT_TRUE(act(Operation::start, id, kStart + 300));
  EXPECT_EQ(state_at(id, kStart + 360), "RUNNING");
  EXPECT_EQ(registry.find(id)->public_ip, first);

  // STOP_CHARGING: the address goes back once stopped; the next start brings another one.
  ASSERT_TRUE(registry.operate(Operation::stop, "ap-shanghai", {id}, "req", kStart + 400, true));
  EXPECT_EQ(state_at(id, kStart + 439), "STOPPING");
  EXPECT_EQ(registry.find(id)->public_ip, first) << "released only once the machine is off";
  EXPECT_EQ(state_at(id, kStart + 440), "STOPPED");
  EXPECT_TRUE(registry.find(id)->public_ip.empty());
  ASSERT_TRUE(act(Operation::start, id, kStart + 500));
  EXPECT_EQ(state_at(id, kStart + 560), "RUNNING");
  EXPECT_FALSE(registry.find(id)->public_ip.empty());
  EXPECT_NE(registry.find(id)->public_ip, first);
}

TEST_F(InstanceRegistryTest, AnOperationInTheWrongStateIsRefusedInTencentsWords) {
  const auto id = launch();
  EXPECT_EQ(code_of(act(Operation::reboot, id, kStart)), "UnsupportedOperation.InstanceStatePending");
  EXPECT_EQ(code_of(act(Operation::terminate, id, kStart)), "UnsupportedOperation.InstanceStatePending");
  EXPECT_EQ(code_of(act(Operation::start, id, kStart + 100)), "UnsupportedOperation.InstanceStateRunning");
  ASSERT_TRUE(act(Operation::stop, id, kStart + 100));
  EXPECT_EQ(code_of(act(Operation::stop, id, kStart + 110)), "UnsupportedOperation.InstanceStateStopping");
  EXPECT_EQ(code_of(act(Operation::reboot, id, kStart + 200)), "UnsupportedOperation.InstanceStateStopped");
  ASSERT_TRUE(act(Operation::terminate, id, kStart + 200));  // a stopped machine may be terminated
  EXPECT_EQ(code_of(act(Operation::terminate, id, kStart + 210)), "UnsupportedOperation.InstanceStateTerminating");

  EXPECT_EQ(code_of(act(Operation::stop, "ins-zzzzzzzz", kStart)), "InvalidInstanceId.NotFound");
  EXPECT_EQ(code_of(act(Operation::stop, "i-123", kStart)), "InvalidInstanceId.Malformed");
  EXPECT_EQ(code_of(registry.operate(Operation::stop, "ap-shanghai", {}, "req", kStart)), "MissingParameter");
}

TEST_F(InstanceRegistryTest, OneRefusedInstanceRefusesTheWholeCall) {
  const auto running = launch();
  registry.settle(kStart + 100);
  const auto pending = launch(kStart + 100);
  EXPECT_EQ(code_of(registry.operate(Operation::stop, "ap-shanghai", {running, pending}, "r", kStart + 100)),
            "UnsupportedOperation.InstanceStatePending");
  EXPECT_EQ(state_at(running, kStart + 100), "RUNNING");
  // An instance of another region is not found in this one.
  EXPECT_EQ(code_of(registry.operate(Operation::stop, "ap-beijing", {running}, "r", kStart + 100)),
            "InvalidInstanceId.NotFound");
}

TEST_F(InstanceRegistryTest, TheSameClientTokenLaunchesOnce) {
  const auto first = registry.launch(shanghai("token-1"), kStart);
  const auto again = registry.launch(shanghai("token-1"), kStart + 5);
  ASSERT_TRUE(first);
  ASSERT_TRUE(again);
  EXPECT_EQ(*first, *again);
  EXPECT_EQ(registry.all().size(), 1u);
  EXPECT_NE(registry.launch(shanghai("token-2"), kStart)->at(0), first->at(0));
  EXPECT_EQ(code_of(registry.launch(shanghai(std::string(65, 't')), kStart)), "InvalidClientToken.TooLong");
}

TEST_F(InstanceRegistryTest, QuotaCountsLiveInstancesOfTheRegion) {
  launch();
  launch();
  launch();
  EXPECT_EQ(code_of(registry.launch(shanghai(), kStart)), "LimitExceeded.InstanceQuota");
  auto elsewhere = shanghai();
  elsewhere.region = "ap-beijing";
  elsewhere.zone = "ap-beijing-6";
  EXPECT_TRUE(registry.launch(elsewhere, kStart));
}

TEST_F(InstanceRegistryTest, ALaunchFailureStaysListedAndDoesNotCountAgainstTheQuota) {
  registry.fail_next_launches(1);
  const auto failed = launch();
  EXPECT_EQ(state_at(failed, kStart + 100), "LAUNCH_FAILED");
  EXPECT_EQ(state_at(failed, kStart + 100'000), "LAUNCH_FAILED");
  EXPECT_EQ(code_of(act(Operation::terminate, failed, kStart + 200)), "UnsupportedOperation.InstanceStateLaunchFailed");
  launch(kStart + 200);
  launch(kStart + 200);
  launch(kStart + 200);  // the quota of 3 is full only now
  EXPECT_EQ(code_of(registry.launch(shanghai(), kStart + 200)), "LimitExceeded.InstanceQuota");
  EXPECT_EQ(registry.all().size(), 4u);
}

TEST_F(InstanceRegistryTest, SoldOutZonesAndRegionsRefuseLaunchesAndListAsSoldOut) {
  registry.set_sold_out("ap-shanghai-2", true);
  EXPECT_EQ(code_of(registry.launch(shanghai(), kStart)), "ResourceInsufficient.AvailabilityZoneSoldOut");
  auto other_zone = shanghai();
  other_zone.zone = "ap-shanghai-4";
  EXPECT_TRUE(registry.launch(other_zone, kStart));

  auto offers = registry.zone_offers("ap-shanghai", {{"instance-type", {"S5.MEDIUM4"}}});
  ASSERT_TRUE(offers);
  ASSERT_EQ(offers->size(), 2u);
  EXPECT_EQ(offers->at(0).zone, "ap-shanghai-2");
  EXPECT_TRUE(offers->at(0).sold_out);
  EXPECT_FALSE(offers->at(1).sold_out);

  registry.set_sold_out("ap-shanghai", true);
  offers = registry.zone_offers("ap-shanghai", {});
  ASSERT_TRUE(offers);
  EXPECT_EQ(offers->size(), 5u);  // three types in the first zone, two in the second
  for (const auto& offer : *offers) EXPECT_TRUE(offer.sold_out) << offer.zone;
  registry.set_sold_out("ap-shanghai", false);
  registry.set_sold_out("ap-shanghai-2", false);
  EXPECT_TRUE(registry.launch(shanghai(), kStart));

  // The premium type is sold in the first zone only.
  offers = registry.zone_offers("ap-shanghai", {{"instance-type", {"S6.LARGE8"}}, {"zone", {"ap-shanghai-4"}}});
  ASSERT_TRUE(offers);
  EXPECT_TRUE(offers->empty());
  EXPECT_EQ(code_of(registry.zone_offers("ap-shanghai", {{"cpu", {"2"}}})), "InvalidFilter");
  EXPECT_EQ(code_of(registry.zone_offers("xx-nowhere", {})), "UnsupportedRegion");
}

TEST_F(InstanceRegistryTest, LaunchParametersAreCheckedAsCvmChecksThem) {
  auto spec = shanghai();
  spec.zone = "ap-beijing-6";
  EXPECT_EQ(code_of(registry.launch(spec, kStart)), "InvalidZone.MismatchRegion");
  spec.zone = "ap-shanghai-9";
  EXPECT_EQ(code_of(registry.launch(spec, kStart)), "InvalidParameterValue.ZoneNotSupported");
  spec = shanghai();
  spec.zone.clear();
  EXPECT_EQ(code_of(registry.launch(spec, kStart)), "MissingParameter");
  spec = shanghai();
  spec.image_id = "ubuntu";
  EXPECT_EQ(code_of(registry.launch(spec, kStart)), "InvalidImageId.Malformed");
  spec = shanghai();
  spec.instance_type = "X9.HUGE";
  EXPECT_EQ(code_of(registry.launch(spec, kStart)), "InvalidParameterValue.InstanceTypeNotFound");
  spec = shanghai();
  spec.zone = "ap-shanghai-4";
  spec.instance_type = "S6.LARGE8";
  EXPECT_EQ(code_of(registry.launch(spec, kStart)), "ResourceInsufficient.SpecifiedInstanceType");
  spec = shanghai();
  spec.dry_run = true;
  EXPECT_EQ(code_of(registry.launch(spec, kStart)), "DryRunOperation");
  EXPECT_TRUE(registry.all().empty());

  // A launch template stands in for the zone, type and image.
  const auto from_template =
      registry.launch(LaunchSpec{.region = "ap-shanghai", .launch_template_id = "lt-basic001", .name = "t"}, kStart);
  ASSERT_TRUE(from_template) << from_template.error().code;
  const auto* instance = registry.find(from_template->at(0));
  EXPECT_EQ(instance->zone, "ap-shanghai-4");
  EXPECT_EQ(instance->instance_type, "S5.MEDIUM4");
  EXPECT_EQ(code_of(registry.launch(LaunchSpec{.region = "ap-shanghai", .launch_template_id = "lt-missing1"}, kStart)),
            "InvalidParameterValue.LaunchTemplateNotFound");
}

TEST_F(InstanceRegistryTest, DescribePagesNewestFirstAndFiltersAndIgnoresUnknownIds) {
  std::vector<std::string> ids;
  for (int i = 0; i < 3; ++i) ids.push_back(launch(kStart + i));
  auto page = registry.describe({.region = "ap-shanghai", .offset = 1, .limit = 1}, kStart + 10);
  ASSERT_TRUE(page);
  EXPECT_EQ(page->total, 3);
  ASSERT_EQ(page->instances.size(), 1u);
  EXPECT_EQ(page->instances[0].id, ids[1]);

  page = registry.describe({.region = "ap-shanghai", .instance_ids = {ids[2], "ins-00000000", ids[0]}}, kStart + 10);
  ASSERT_TRUE(page);
  EXPECT_EQ(page->total, 2);
  EXPECT_EQ(page->instances.at(0).id, ids[2]);
  EXPECT_EQ(page->instances.at(1).id, ids[0]);

  ASSERT_TRUE(act(Operation::stop, ids[0], kStart + 200));
  page = registry.describe({.region = "ap-shanghai", .filters = {{"instance-state", {"STOPPING", "STOPPED"}}}},
                           kStart + 210);
  ASSERT_TRUE(page);
  ASSERT_EQ(page->total, 1);
  EXPECT_EQ(page->instances[0].id, ids[0]);

  EXPECT_EQ(code_of(registry.describe({.region = "ap-shanghai", .limit = 101}, kStart)),
            "InvalidParameterValue.LimitExceeded");
  EXPECT_EQ(code_of(registry.describe(
                {.region = "ap-shanghai", .instance_ids = {ids[0]}, .filters = {{"zone", {"ap-shanghai-2"}}}}, kStart)),
            "InvalidParameterCombination");
  EXPECT_EQ(code_of(registry.describe({.region = "ap-shanghai", .instance_ids = {"nope"}}, kStart)),
            "InvalidInstanceId.Malformed");
  EXPECT_EQ(code_of(registry.describe({.region = "ap-shanghai", .filters = {{"color", {"red"}}}}, kStart)),
            "InvalidFilter");
  EXPECT_EQ(registry.describe({.region = "ap-beijing"}, kStart)->total, 0);
}

TEST_F(InstanceRegistryTest, EveryIntervalOfRunningTimeRecordsOneDemo) {
  const auto id = launch();
  registry.settle(kStart + 100 + 2999);  // up at +100: two whole seconds recorded by +3099
  auto recordings = registry.take_recordings();
  ASSERT_EQ(recordings.size(), 2u);
  EXPECT_EQ(recordings[0].instance_id, id);
  EXPECT_EQ(recordings[0].started_ms, kStart + 100);
  EXPECT_EQ(recordings[1].started_ms, kStart + 1100);
  EXPECT_EQ(recordings[1].ended_ms, kStart + 2100);
  EXPECT_NE(recordings[0].seed, recordings[1].seed);
  EXPECT_TRUE(registry.take_recordings().empty());

  // A stop drops the demo being recorded; the next one starts when the machine is up again.
  ASSERT_TRUE(act(Operation::stop, id, kStart + 3500));
  registry.settle(kStart + 9000);
  EXPECT_EQ(registry.take_recordings().size(), 1u);  // +2100..+3100 was whole before the stop
  ASSERT_TRUE(act(Operation::start, id, kStart + 9000));
  registry.settle(kStart + 9060 + 1000);
  recordings = registry.take_recordings();
  ASSERT_EQ(recordings.size(), 1u);
  EXPECT_EQ(recordings[0].started_ms, kStart + 9060);
}

TEST_F(InstanceRegistryTest, PublicAddressesAreDistinctLoopbackAddresses) {
  const auto a = launch();
  const auto b = launch();
  const auto ip_a = registry.find(a)->public_ip;
  EXPECT_EQ(ip_a, "127.77.0.1");
  EXPECT_EQ(registry.find(b)->public_ip, "127.77.0.2");
  const auto moved = registry.reassign_public_ip(a);
  EXPECT_NE(moved, ip_a);
  EXPECT_NE(moved, registry.find(b)->public_ip);
  EXPECT_TRUE(moved.starts_with("127.77.0."));
}

}  // namespace
}  // namespace portal::sim::cloud
