// Nothing faked between the rental feature's interfaces and the machines: the real Tencent adapter
// (TencentCompute, CosObjectStore) over HTTP against the cloud stand-in mounted on a running portal.
// The adapter signs, the stand-in checks; machines go through Tencent's states as the test clock
// moves; the game server a launch asked for answers A2S and RCON at the address describe() gives;
// its demo recordings are listed, downloaded by pre-signed link and removed through COS.

#include "integrations/a2s/prober.hpp"
#include "integrations/cloud/tencent/cos_object_store.hpp"
#include "integrations/cloud/tencent/tencent_compute.hpp"
#include "integrations/http/curl_http_client.hpp"
#include "integrations/rcon/rcon_client.hpp"
#include "sim/cloud/sim_cloud.hpp"
#include "sim/cloud/signed_requests_for_test.hpp"
#include "support/http_client.hpp"
#include "support/test_app.hpp"

#include <gtest/gtest.h>

namespace portal::test {
namespace {

using namespace std::chrono_literals;
using cloud::InstanceState;
using sim::cloud::SimCloud;
using sim::cloud::SimCloudSettings;
using sim::cloud::test::ManualMillisClock;

constexpr const char* kAdapterRegion = "ap-shanghai";
constexpr const char* kAdapterBucket = "pracc-demos-1250000000";

SimCloudSettings stand_in_settings() {
  SimCloudSettings settings;
  settings.demo_mode = true;
  settings.boot_delay = 60s;
  settings.reboot_delay = 30s;
  settings.stop_delay = 15s;
  settings.start_delay = 30s;
  settings.terminate_delay = 10s;
  settings.instance_quota_per_region = 2;
  settings.demo_interval = 30min;
  settings.demo_min_bytes = 2000;
  settings.demo_max_bytes = 9000;
  settings.buckets = {kAdapterBucket};
  settings.game_tick = 0ms;
  settings.ticker_period = 20ms;
  settings.seed = 17;
  return settings;
}

// Every region of the stand-in launches from its zones in order, as demo mode configures the adapter.
cloud::tencent::CvmSettings cvm_settings(const SimCloud& stand_in, const std::string& endpoint) {
  cloud::tencent::CvmSettings settings;
  settings.endpoint = endpoint;
  for (const auto& region : stand_in.settings().regions) {
    cloud::tencent::RegionLaunch launch;
    for (const auto& zone : region.zones) launch.zones.push_back({zone.zone, ""});
    launch.image_id = "img-demo0001";
    launch.basic_instance_type = "S5.MEDIUM4";
    launch.premium_instance_type = "S6.LARGE8";
    settings.regions[region.region] = std::move(launch);
  }
  return settings;
}

cloud::LaunchRequest launch_request(const std::string& token) {
  cloud::LaunchRequest request;
  request.region = kAdapterRegion;
  request.tier = cloud::Tier::basic;
  request.name = "srv_e2e01";
  request.client_token = token;
  auto& b = request.bootstrap;
  b.server_ref = "srv_e2e01";
  b.server_name = "E2E practice";
  b.join_password = "team123";
  b.rcon_password = "rcon-e2e";
  b.game_port = 27015;
  b.max_players = 16;
  b.admins = {"76561198000000077"};
  b.portal_url = "http://127.0.0.1:8080";
  b.portal_key = "plugin-key";
  b.demo_bucket = kAdapterBucket;
  b.demo_region = kAdapterRegion;
  b.demo_prefix = "demos/srv_e2e01/";
  return request;
}

class SimCloudThroughTheAdapter : public ::testing::Test {
 protected:
  ManualMillisClock clock;
  SimCloud stand_in{stand_in_settings(), clock.clock()};
  TestApp app{TestAppOptions{.extra_routes = [this](http::RouteTable& routes) { stand_in.register_routes(routes); }}};
  integrations::CurlHttpClient outbound;
  core::UnixClock adapter_clock = [this] { return clock.now() / 1000; };
  cloud::tencent::Credentials credentials{stand_in.credentials().secret_id, stand_in.credentials().secret_key, ""};
  cloud::tencent::TencentCompute compute{credentials, cvm_settings(stand_in, app.url("/dev/cloud/cvm")), outbound,
                                         adapter_clock};
  cloud::tencent::CosObjectStore store{
      credentials,
      cloud::tencent::CosSettings{.bucket = kAdapterBucket,
                                  .region = kAdapterRegion,
                                  .endpoint = app.url("/dev/cloud/cos/" + std::string(kAdapterBucket))},
      outbound, adapter_clock};

  cloud::InstanceInfo described(const std::string& id) {
    auto infos = compute.describe(kAdapterRegion, {id});
    EXPECT_TRUE(infos) << infos.error().code << ": " << infos.error().message;
    return infos && !infos->empty() ? infos->front() : cloud::InstanceInfo{};
  }
  void pass(std::chrono::milliseconds time) {
    clock.advance(time);
    stand_in.tick_now();
  }
};

TEST_F(SimCloudThroughTheAdapter, LaunchRunRebootStopStartTerminate) {
  auto regions = compute.region_status({"ap-shanghai", "ap-beijing"}, cloud::Tier::premium);
  ASSERT_TRUE(regions) << regions.error().message;
  ASSERT_EQ(regions->size(), 2u);
  EXPECT_TRUE(regions->at(0).available);
  EXPECT_TRUE(regions->at(1).available);

  const auto launched = compute.launch(launch_request("launch-srv_e2e01"));
  ASSERT_TRUE(launched) << launched.error().code << ": " << launched.error().message;
  const auto again = compute.launch(launch_request("launch-srv_e2e01"));
  ASSERT_TRUE(again);
  EXPECT_EQ(*again, *launched);  // the same ClientToken launches once
  const auto id = *launched;

  auto info = described(id);
  EXPECT_EQ(info.state, InstanceState::pending);
  EXPECT_EQ(info.public_ip, "");
  EXPECT_EQ(info.name, "srv_e2e01");
  const auto gone = compute.describe(kAdapterRegion, {"ins-0000gone"});
  ASSERT_TRUE(gone);
  EXPECT_EQ(gone->at(0).state, InstanceState::terminated);

  EXPECT_EQ(compute.reboot(kAdapterRegion, {id}).error().code, "CLOUD_INSTANCE_BUSY");
  pass(60s);
  info = described(id);
  ASSERT_EQ(info.state, InstanceState::running);
  ASSERT_FALSE(info.public_ip.empty());

  // The game server the bootstrap asked for, at the address the cloud lists.
  a2s::Prober prober;
  auto answer = prober.probe_all({{info.public_ip, 27015}}, {.timeout = 500ms, .retries = 2}).at(0);
  ASSERT_TRUE(answer.answered) << answer.error;
  EXPECT_EQ(answer.info.name, "E2E practice");
  EXPECT_TRUE(answer.info.password);
  rcon::Client console(info.public_ip, 27015, "rcon-e2e");
  console.exec("sv_password new-pass");
  EXPECT_EQ(stand_in.game_server(id)->join_password, "new-pass");
  console.close();

  ASSERT_TRUE(compute.reboot(kAdapterRegion, {id}));
  EXPECT_EQ(described(id).state, InstanceState::rebooting);
  pass(30s);
  EXPECT_EQ(described(id).state, InstanceState::running);
  EXPECT_EQ(stand_in.game_server(id)->join_password, "team123");  // server.cfg read again

  ASSERT_TRUE(compute.stop(kAdapterRegion, {id}));
  EXPECT_EQ(described(id).state, InstanceState::stopping);
  pass(15s);
  EXPECT_EQ(described(id).state, InstanceState::stopped);
  EXPECT_FALSE(stand_in.game_server(id));
  ASSERT_TRUE(compute.start(kAdapterRegion, {id}));
  EXPECT_EQ(described(id).state, InstanceState::starting);
  pass(30s);
  // A stop without charges gave the address back: the machine comes up at the one the cloud lists now.
  const auto restarted = described(id);
  EXPECT_EQ(restarted.state, InstanceState::running);
  ASSERT_FALSE(restarted.public_ip.empty());
  EXPECT_TRUE(prober.probe_all({{restarted.public_ip, 27015}}, {.timeout = 500ms, .retries = 2}).at(0).answered);

  ASSERT_TRUE(compute.terminate(kAdapterRegion, {id}));
  EXPECT_EQ(described(id).state, InstanceState::terminating);
  pass(10s);
  EXPECT_EQ(described(id).state, InstanceState::terminated);
  EXPECT_EQ(compute.stop(kAdapterRegion, {id}).error().code, "CLOUD_INSTANCE_NOT_FOUND");
}

TEST_F(SimCloudThroughTheAdapter, SoldOutQuotaLaunchFailureAndWrongKeysComeBackAsCloudErrors) {
  stand_in.set_sold_out("ap-shanghai", true);
  auto regions = compute.region_status({"ap-shanghai"}, cloud::Tier::basic);
  ASSERT_TRUE(regions);
  EXPECT_FALSE(regions->at(0).available);
  EXPECT_EQ(compute.launch(launch_request("t-1")).error().code, "CLOUD_SOLD_OUT");
  stand_in.set_sold_out("ap-shanghai", false);

  stand_in.fail_next_launch();
  const auto failed = compute.launch(launch_request("t-2"));
  ASSERT_TRUE(failed);
  pass(60s);
  EXPECT_EQ(described(*failed).state, InstanceState::launch_failed);
  ASSERT_TRUE(compute.launch(launch_request("t-3")));
  ASSERT_TRUE(compute.launch(launch_request("t-4")));
  EXPECT_EQ(compute.launch(launch_request("t-5")).error().code, "CLOUD_QUOTA_EXCEEDED");

  cloud::tencent::Credentials wrong = credentials;
  wrong.secret_key = "0123456789abcdef0123456789abcdef";
  cloud::tencent::TencentCompute impostor(wrong, cvm_settings(stand_in, app.url("/dev/cloud/cvm")), outbound,
                                          adapter_clock);
  const auto refused = impostor.describe(kAdapterRegion, {*failed});
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, "CLOUD_AUTH_FAILED");
  EXPECT_EQ(refused.error().details.at("cloud_code"), "AuthFailure.SignatureFailure");
}

TEST_F(SimCloudThroughTheAdapter, DemosAreListedDownloadedByLinkAndRemoved) {
  const auto id = compute.launch(launch_request("t-demo"));
  ASSERT_TRUE(id);
  pass(60s);
  pass(61min);  // two whole recordings
  const auto demos = store.list("demos/srv_e2e01/");
  ASSERT_TRUE(demos) << demos.error().code << ": " << demos.error().message;
  ASSERT_EQ(demos->size(), 2u);
  const auto& first = demos->front();
  EXPECT_TRUE(first.key.ends_with(".dem")) << first.key;
  EXPECT_GE(first.size, 2000);
  EXPECT_LE(first.size, 9000);
  // Up at +1 min, the first recording ended 30 min later: 31 min before now (+62 min).
  EXPECT_EQ(first.modified_at, clock.now() / 1000 - 31 * 60);

  HttpClient browser;
  const auto link = store.download_url(first.key, 600s);
  auto download = browser.get(link);
  ASSERT_EQ(download.status, 200) << download.body;
  EXPECT_EQ(static_cast<std::int64_t>(download.body.size()), first.size);
  clock.advance(601s);
  EXPECT_EQ(browser.get(link).status, 403);  // the link has expired

  ASSERT_TRUE(store.remove_prefix("demos/srv_e2e01/"));
  const auto after = store.list("demos/srv_e2e01/");
  ASSERT_TRUE(after);
  EXPECT_TRUE(after->empty());
}

// Verify and update: the portal leaves control/<ref>/validate through the adapter (PUT Object), the
// machine's next boot takes it away and runs SteamCMD longer before its game server answers.
TEST_F(SimCloudThroughTheAdapter, AControlObjectIsPutThenConsumedByTheNextBootWhichTakesLonger) {
  const std::string key = cloud::control_object_key("srv_e2e01", "validate");
  ASSERT_TRUE(store.put(key, "requested\n"));
  const auto stored = stand_in.objects().find(kAdapterBucket, key);
  ASSERT_TRUE(stored);
  EXPECT_EQ(sim::cloud::CosStore::bytes_of(*stored), "requested\n");
  ASSERT_TRUE(store.remove(key));
  EXPECT_FALSE(stand_in.objects().find(kAdapterBucket, key));
  EXPECT_TRUE(store.remove(key)) << "deleting what is not there succeeds, as on COS";

  const auto launched = compute.launch(launch_request("launch-srv_e2e01"));
  ASSERT_TRUE(launched) << launched.error().message;
  pass(60s);
  ASSERT_TRUE(stand_in.connect_address(*launched)) << "a first boot without a request is not held";

  ASSERT_TRUE(store.put(key, "requested\n"));
  ASSERT_TRUE(compute.reboot(kAdapterRegion, {*launched}));
  pass(30s);
  EXPECT_EQ(described(*launched).state, InstanceState::running);
  EXPECT_FALSE(stand_in.objects().find(kAdapterBucket, key)) << "the boot consumed the request";
  EXPECT_FALSE(stand_in.connect_address(*launched)) << "SteamCMD validates before the game starts";
  pass(stand_in.settings().maintenance_boot_delay);
  EXPECT_TRUE(stand_in.connect_address(*launched));
  EXPECT_EQ(stand_in.game_server(*launched)->join_password, "team123");
}

}  // namespace
}  // namespace portal::test
