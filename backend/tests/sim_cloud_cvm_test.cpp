// The cloud stand-in over HTTP as the Tencent adapter meets it: every call signed with TC3-HMAC-SHA256
// by the shared signing code, answers in CVM's envelope, machines moving through Tencent's states as
// a test clock moves, and each RUNNING machine's game server reachable by A2S and RCON at the
// machine's public address and the port its UserData names.

#include "integrations/a2s/prober.hpp"
#include "integrations/cloud/user_data.hpp"
#include "integrations/payments/crypto.hpp"
#include "integrations/rcon/rcon_client.hpp"
#include "sim/cloud/sim_cloud.hpp"
#include "sim/cloud/signed_requests_for_test.hpp"
#include "support/http_client.hpp"
#include "support/test_app.hpp"

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include <thread>

namespace portal::test {
namespace {

namespace json = boost::json;
using namespace std::chrono_literals;
using sim::cloud::SimCloud;
using sim::cloud::SimCloudSettings;
using sim::cloud::test::ManualMillisClock;

constexpr const char* kCvmRegion = "ap-shanghai";
constexpr const char* kZone = "ap-shanghai-2";

SimCloudSettings fast_settings() {
  SimCloudSettings settings;
  settings.demo_mode = true;
  settings.boot_delay = 60s;  // Tencent's pace; the test clock jumps over it
  settings.reboot_delay = 30s;
  settings.stop_delay = 15s;
  settings.start_delay = 30s;
  settings.terminate_delay = 10s;
  settings.instance_quota_per_region = 3;
  settings.demo_interval = 30min;
  settings.demo_min_bytes = 1000;
  settings.demo_max_bytes = 5000;
  settings.game_tick = 0ms;  // the game servers' own clock stands still
  settings.ticker_period = 20ms;
  settings.seed = 11;
  return settings;
}

cloud::ServerBootstrap practice_server(int port = 27015) {
  cloud::ServerBootstrap settings;
  settings.server_ref = "srv_test01";
  settings.server_name = "【上海】Practice #1";
  settings.join_password = "join123";
  settings.rcon_password = "rcon-secret";
  settings.game_port = port;
  settings.max_players = 16;
  settings.admins = {"76561198000000001"};
  settings.portal_url = "http://127.0.0.1:8080";
  settings.portal_key = "key";
  settings.demo_bucket = "portal-demos-1250000000";
  settings.demo_region = kCvmRegion;
  settings.demo_prefix = "demos/srv_test01/";
  return settings;
}

std::string user_data(const cloud::ServerBootstrap& settings) {
  auto script = cloud::render_user_data(settings);
  EXPECT_TRUE(script) << script.error().message;
  return payments::crypto::base64_encode(script ? *script : "");
}

a2s::ProbeResult query(const std::string& address) {
  const auto colon = address.rfind(':');
  a2s::Prober prober;
  return prober
      .probe_all({{address.substr(0, colon), static_cast<std::uint16_t>(std::stoi(address.substr(colon + 1)))}},
                 {.timeout = 500ms, .retries = 2})
      .at(0);
}

class SimCloudCvm : public ::testing::Test {
 protected:
  explicit SimCloudCvm(SimCloudSettings settings = fast_settings())
      : cloud(std::make_unique<SimCloud>(std::move(settings), clock.clock())) {}

  ManualMillisClock clock;
  std::unique_ptr<SimCloud> cloud;
  TestApp app{TestAppOptions{.extra_routes = [this](http::RouteTable& routes) { cloud->register_routes(routes); }}};
  HttpClient http;

  std::string host() const {
    const auto url = app.url("");
    return url.substr(url.find("//") + 2);
  }

  // One signed call; the answer's "Response" object. Every answer is HTTP 200, errors included.
  json::object call(const std::string& action, const json::object& params, const std::string& region = kCvmRegion,
                    std::int64_t timestamp_offset_s = 0) {
    const auto body = json::serialize(params);
    auto headers = sim::cloud::test::cvm_headers(cloud->credentials(), host(), action, region, body,
                                                 clock.now() / 1000 + timestamp_offset_s);
    return send(headers, body);
  }
  json::object send(const std::vector<std::string>& headers, const std::string& body) {
    const auto answer =
        http.send(HttpCall{.method = "POST", .url = app.url("/dev/cloud/cvm"), .headers = headers, .body = body});
    EXPECT_EQ(answer.status, 200) << answer.body;
    auto response = answer.json().as_object().at("Response").as_object();
    EXPECT_FALSE(response.at("RequestId").as_string().empty());
    return response;
  }
  static std::string error_code(const json::object& response) {
    const auto* error = response.if_contains("Error");
    return error ? std::string(error->at("Code").as_string()) : "";
  }

  std::string launch(const std::string& token = "", const std::string& zone = kZone) {
    json::object params{{"Placement", {{"Zone", zone}}},
                        {"InstanceType", "S5.MEDIUM4"},
                        {"ImageId", "img-cs2prac1"},
                        {"InstanceChargeType", "POSTPAID_BY_HOUR"},
                        {"InstanceCount", 1},
                        {"InstanceName", "srv_test01"},
                        {"UserData", user_data(practice_server())},
                        {"InternetAccessible", {{"InternetMaxBandwidthOut", 30}, {"PublicIpAssigned", true}}}};
    if (!token.empty()) params["ClientToken"] = token;
    const auto response = call("RunInstances", params);
    EXPECT_EQ(error_code(response), "") << json::serialize(response);
    if (!response.contains("InstanceIdSet")) return "";
    return std::string(response.at("InstanceIdSet").as_array().at(0).as_string());
  }
  json::object describe(const std::string& id) {
    const auto response = call("DescribeInstances", {{"InstanceIds", json::array{json::value(id)}}});
    EXPECT_EQ(error_code(response), "") << json::serialize(response);
    return response;
  }
  std::string state_of(const std::string& id) {
    const auto response = describe(id);
    if (response.at("TotalCount").as_int64() == 0) return "NOT LISTED";
    return std::string(response.at("InstanceSet").as_array().at(0).at("InstanceState").as_string());
  }
  std::string act(const std::string& action, const std::string& id) {
    return error_code(call(action, {{"InstanceIds", json::array{json::value(id)}}}));
  }
  // Moves the clock and lets the stand-in act on what became due, as its ticker would.
  void pass(std::chrono::milliseconds time) {
    clock.advance(time);
    cloud->tick_now();
  }
};

TEST_F(SimCloudCvm, AMachineGoesThroughTencentsStatesAndRunsItsGameServerWhileRunning) {
  const auto id = launch();
  ASSERT_FALSE(id.empty());
  auto listed = describe(id).at("InstanceSet").as_array().at(0).as_object();
  EXPECT_EQ(listed.at("InstanceState"), "PENDING");
  EXPECT_TRUE(listed.at("PublicIpAddresses").is_null());
  EXPECT_EQ(listed.at("Placement").at("Zone"), kZone);
  EXPECT_EQ(listed.at("InstanceType"), "S5.MEDIUM4");
  EXPECT_EQ(listed.at("InstanceName"), "srv_test01");
  EXPECT_EQ(listed.at("PrivateIpAddresses").as_array().size(), 1u);
  EXPECT_EQ(listed.at("CreatedTime").as_string().size(), 20u);  // 2027-01-15T08:00:00Z
  EXPECT_FALSE(cloud->game_server(id));

  pass(59s);
  EXPECT_EQ(state_of(id), "PENDING");
  pass(1s);
  listed = describe(id).at("InstanceSet").as_array().at(0).as_object();
  EXPECT_EQ(listed.at("InstanceState"), "RUNNING");
  const std::string ip(listed.at("PublicIpAddresses").as_array().at(0).as_string());
  const auto address = cloud->connect_address(id);
  ASSERT_TRUE(address);
  EXPECT_EQ(*address, ip + ":27015");

  // The game server is what the UserData says, at the machine's own address.
  auto info = query(*address);
  ASSERT_TRUE(info.answered) << info.error;
  EXPECT_EQ(info.info.name, "【上海】Practice #1");
  EXPECT_TRUE(info.info.password);
  EXPECT_EQ(info.info.max_players, 16);
  {
    rcon::Client console(ip, 27015, "rcon-secret");
    console.exec("sv_password \"\"");
    console.exec("css_addadmin 76561198000000002");
    console.exec("css_admins_reload");
    console.exec("say Your rental ends in 10 minutes");
  }
  EXPECT_FALSE(query(*address).info.password);
  auto server = cloud->game_server(id);
  ASSERT_TRUE(server);
  EXPECT_EQ(server->admins, (std::vector<std::string>{"76561198000000001", "76561198000000002"}));
  EXPECT_EQ(server->said, std::vector<std::string>{"Your rental ends in 10 minutes"});

  // Reboot: down for the reboot delay, then up again with the UserData's settings (the password set
  // over RCON is gone, as a real server reads server.cfg again).
  EXPECT_EQ(act("RebootInstances", id), "");
  EXPECT_EQ(state_of(id), "REBOOTING");
  cloud->tick_now();
  EXPECT_FALSE(cloud->game_server(id));
  EXPECT_EQ(act("StopInstances", id), "UnsupportedOperation.InstanceStateRebooting");
  pass(30s);
  EXPECT_EQ(state_of(id), "RUNNING");
  info = query(*address);
  ASSERT_TRUE(info.answered) << info.error;
  EXPECT_TRUE(info.info.password);
  EXPECT_EQ(cloud->game_server(id)->admins, std::vector<std::string>{"76561198000000001"});

  EXPECT_EQ(act("StartInstances", id), "UnsupportedOperation.InstanceStateRunning");
  EXPECT_EQ(act("StopInstances", id), "");
  EXPECT_EQ(state_of(id), "STOPPING");
  pass(15s);
  EXPECT_EQ(state_of(id), "STOPPED");
  EXPECT_FALSE(cloud->game_server(id));
  EXPECT_EQ(act("RebootInstances", id), "UnsupportedOperation.InstanceStateStopped");

  EXPECT_EQ(act("StartInstances", id), "");
  EXPECT_EQ(state_of(id), "STARTING");
  pass(30s);
  EXPECT_EQ(state_of(id), "RUNNING");
  EXPECT_TRUE(query(*address).answered);

  EXPECT_EQ(act("TerminateInstances", id), "");
  EXPECT_EQ(state_of(id), "TERMINATING");
  cloud->tick_now();
  EXPECT_FALSE(cloud->game_server(id));
  pass(10s);
  EXPECT_EQ(state_of(id), "NOT LISTED");
  EXPECT_EQ(act("TerminateInstances", id), "InvalidInstanceId.NotFound");
  EXPECT_FALSE(cloud->instance(id));
}

TEST_F(SimCloudCvm, StopChargingReleasesTheAddressAndItsGameServerAndAnInvalidModeIsRefused) {
  const auto id = launch();
  pass(60s);
  ASSERT_EQ(state_of(id), "RUNNING");
  const auto before = cloud->connect_address(id);
  ASSERT_TRUE(before);
  const auto stop = [&](const json::value& mode) {
    return error_code(call("StopInstances", {{"InstanceIds", json::array{json::value(id)}}, {"StoppedMode", mode}}));
  };
  EXPECT_EQ(stop("HALF_CHARGING"), "InvalidParameterValue");
  EXPECT_EQ(stop(7), "InvalidParameterValue");
  EXPECT_EQ(state_of(id), "RUNNING") << "a refused stop changes nothing";

  EXPECT_EQ(stop("STOP_CHARGING"), "");
  pass(15s);
  auto listed = describe(id).at("InstanceSet").as_array().at(0).as_object();
  EXPECT_EQ(listed.at("InstanceState"), "STOPPED");
  EXPECT_TRUE(listed.at("PublicIpAddresses").is_null()) << "the address was released";
  EXPECT_FALSE(cloud->game_server(id));

  EXPECT_EQ(act("StartInstances", id), "");
  pass(30s);
  listed = describe(id).at("InstanceSet").as_array().at(0).as_object();
  ASSERT_EQ(listed.at("InstanceState"), "RUNNING");
  const std::string ip(listed.at("PublicIpAddresses").as_array().at(0).as_string());
  EXPECT_NE(ip + ":27015", *before) << "a start assigns a new address";
  const auto after = cloud->connect_address(id);
  ASSERT_TRUE(after);
  EXPECT_EQ(*after, ip + ":27015");
  EXPECT_TRUE(query(*after).answered);

  // KEEP_CHARGING keeps the address through the stop.
  EXPECT_EQ(stop("KEEP_CHARGING"), "");
  pass(15s);
  listed = describe(id).at("InstanceSet").as_array().at(0).as_object();
  EXPECT_EQ(listed.at("InstanceState"), "STOPPED");
  EXPECT_EQ(listed.at("PublicIpAddresses").as_array().at(0).as_string(), ip);
}

TEST_F(SimCloudCvm, TheTickerBringsTheGameServerUpWithoutAnyCall) {
  const auto id = launch();
  clock.advance(60s);
  // No API call and no tick_now(): the background ticker sees the boot is due.
  const auto deadline = std::chrono::steady_clock::now() + 10s;
  while (!cloud->connect_address(id) && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(5ms);  // polling for the state, bounded by the deadline
  }
  const auto address = cloud->connect_address(id);
  ASSERT_TRUE(address) << "the game server did not come up";
  EXPECT_TRUE(query(*address).answered);
}

TEST_F(SimCloudCvm, TheSameClientTokenLaunchesOneMachine) {
  const auto first = launch("launch-srv_test01-1");
  const auto again = launch("launch-srv_test01-1");
  EXPECT_EQ(first, again);
  EXPECT_NE(launch("launch-srv_test01-2"), first);
  EXPECT_EQ(call("DescribeInstances", {}).at("TotalCount"), 2);
}

TEST_F(SimCloudCvm, SoldOutZonesAreListedAndRefuseLaunches) {
  cloud->set_sold_out(kZone, true);
  auto response = call("RunInstances", {{"Placement", {{"Zone", kZone}}},
                                        {"InstanceType", "S5.MEDIUM4"},
                                        {"ImageId", "img-cs2prac1"},
                                        {"UserData", user_data(practice_server())}});
  EXPECT_EQ(error_code(response), "ResourceInsufficient.AvailabilityZoneSoldOut");

  response = call("DescribeZoneInstanceConfigInfos",
                  {{"Filters", json::array{json::object{{"Name", "instance-type"}, {"Values", {"S5.MEDIUM4"}}}}}});
  const auto& offers = response.at("InstanceTypeQuotaSet").as_array();
  ASSERT_EQ(offers.size(), 2u);
  for (const auto& offer : offers) {
    EXPECT_EQ(offer.at("InstanceType"), "S5.MEDIUM4");
    EXPECT_EQ(offer.at("Status"), offer.at("Zone") == kZone ? "SOLD_OUT" : "SELL");
  }
  EXPECT_FALSE(launch("", "ap-shanghai-4").empty());
  cloud->set_sold_out(kZone, false);
  EXPECT_FALSE(launch().empty());
}

TEST_F(SimCloudCvm, TheRegionQuotaRefusesTheMachineTooMany) {
  for (int i = 0; i < 3; ++i) ASSERT_FALSE(launch().empty());
  const auto response = call(
      "RunInstances", {{"Placement", {{"Zone", kZone}}}, {"InstanceType", "S5.MEDIUM4"}, {"ImageId", "img-cs2prac1"}});
  EXPECT_EQ(error_code(response), "LimitExceeded.InstanceQuota");
}

TEST_F(SimCloudCvm, AFailedLaunchStaysListedAsLaunchFailedWithoutAGameServer) {
  cloud->fail_next_launch();
  const auto id = launch();
  pass(60s);
  EXPECT_EQ(state_of(id), "LAUNCH_FAILED");
  const auto listed = describe(id).at("InstanceSet").as_array().at(0);
  EXPECT_EQ(listed.at("LatestOperationState"), "FAILED");
  EXPECT_FALSE(cloud->game_server(id));
  pass(1h);
  EXPECT_EQ(state_of(id), "LAUNCH_FAILED");
}

TEST_F(SimCloudCvm, BadSignaturesAreRefusedInTencentsWords) {
  const std::string body = R"({"Limit":10})";
  const auto now_s = clock.now() / 1000;
  auto wrong_key = cloud->credentials();
  wrong_key.secret_key = "0123456789abcdef0123456789abcdef";
  EXPECT_EQ(error_code(send(
                sim::cloud::test::cvm_headers(wrong_key, host(), "DescribeInstances", kCvmRegion, body, now_s), body)),
            "AuthFailure.SignatureFailure");
  auto unknown_id = cloud->credentials();
  unknown_id.secret_id = "AKIDunknown0000000000000000000000000";
  EXPECT_EQ(error_code(send(
                sim::cloud::test::cvm_headers(unknown_id, host(), "DescribeInstances", kCvmRegion, body, now_s), body)),
            "AuthFailure.SecretIdNotFound");
  // A body changed after signing.
  EXPECT_EQ(error_code(send(sim::cloud::test::cvm_headers(cloud->credentials(), host(), "DescribeInstances", kCvmRegion,
                                                          body, now_s),
                            R"({"Limit":11})")),
            "AuthFailure.SignatureFailure");
  // Signed for another host.
  EXPECT_EQ(error_code(send(sim::cloud::test::cvm_headers(cloud->credentials(), "cvm.tencentcloudapi.com",
                                                          "DescribeInstances", kCvmRegion, body, now_s),
                            body)),
            "AuthFailure.SignatureFailure");
  EXPECT_EQ(error_code(send({"Content-Type: application/json", "X-TC-Action: DescribeInstances"}, body)),
            "AuthFailure.InvalidAuthorization");
  EXPECT_EQ(error_code(send(sim::cloud::test::cvm_headers(cloud->credentials(), host(), "DescribeInstances", kCvmRegion,
                                                          body, now_s),
                            body)),
            "");
}

TEST_F(SimCloudCvm, ATimestampMoreThanFiveMinutesOffIsExpired) {
  EXPECT_EQ(error_code(call("DescribeInstances", {}, kCvmRegion, -301)), "AuthFailure.SignatureExpire");
  EXPECT_EQ(error_code(call("DescribeInstances", {}, kCvmRegion, 301)), "AuthFailure.SignatureExpire");
  EXPECT_EQ(error_code(call("DescribeInstances", {}, kCvmRegion, -299)), "");
}

TEST_F(SimCloudCvm, UnknownActionsRegionsVersionsAndParametersAreRefused) {
  EXPECT_EQ(error_code(call("DescribeImages", {})), "InvalidAction");
  EXPECT_EQ(error_code(call("DescribeInstances", {}, "xx-atlantis")), "UnsupportedRegion");
  EXPECT_EQ(error_code(call("DescribeInstances", {{"Colour", "red"}})), "UnknownParameter");
  EXPECT_EQ(error_code(call("DescribeInstances", {{"Limit", "ten"}})), "InvalidParameter");
  EXPECT_EQ(error_code(call("RunInstances", {{"Placement", {{"Zone", kZone}}},
                                             {"InstanceType", "S5.MEDIUM4"},
                                             {"ImageId", "img-cs2prac1"},
                                             {"UserData", "not base64!"}})),
            "InvalidParameterValue.InvalidUserDataFormat");
  EXPECT_EQ(error_code(call("StopInstances", {{"InstanceIds", json::array{"ins-00000000"}}})),
            "InvalidInstanceId.NotFound");

  const std::string body = "{}";
  auto headers = sim::cloud::test::cvm_headers(cloud->credentials(), host(), "DescribeInstances", kCvmRegion, body,
                                               clock.now() / 1000);
  for (auto& header : headers) {
    if (header.starts_with("X-TC-Version")) header = "X-TC-Version: 2022-01-01";
  }
  EXPECT_EQ(error_code(send(headers, body)), "NoSuchVersion");
}

TEST_F(SimCloudCvm, RunningMachinesRecordADemoEveryIntervalIntoTheirBucket) {
  const auto id = launch();
  pass(60s);
  ASSERT_TRUE(cloud->game_server(id));
  const auto map = cloud->game_server(id)->map;
  pass(61min);
  const auto listing = cloud->objects().list("portal-demos-1250000000", "demos/srv_test01/", "", 100);
  ASSERT_TRUE(listing);
  ASSERT_EQ(listing->contents.size(), 2u);
  const auto& first = listing->contents[0];
  EXPECT_TRUE(first.key.starts_with("demos/srv_test01/")) << first.key;
  EXPECT_TRUE(first.key.ends_with("_" + map + ".dem")) << first.key;
  EXPECT_GE(first.size, 1000);
  EXPECT_LE(first.size, 5000);
}

class SimCloudCvmSlowTicker : public SimCloudCvm {
 protected:
  SimCloudCvmSlowTicker() : SimCloudCvm(slow_ticker()) {}
  static SimCloudSettings slow_ticker() {
    auto settings = fast_settings();
    settings.ticker_period = std::chrono::hours(1);  // only a wake-up can make it act
    return settings;
  }
};

TEST_F(SimCloudCvmSlowTicker, ADescribeThatSeesAMachineComeUpStartsItsGameServerAtOnce) {
  const auto id = launch();
  clock.advance(60s);
  EXPECT_FALSE(cloud->connect_address(id));
  EXPECT_EQ(state_of(id), "RUNNING");
  const auto deadline = std::chrono::steady_clock::now() + 10s;
  while (!cloud->connect_address(id) && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(5ms);  // polling for the state, bounded by the deadline
  }
  EXPECT_TRUE(cloud->connect_address(id)) << "the describe did not wake the ticker";
}

class SimCloudCvmRateLimited : public SimCloudCvm {
 protected:
  SimCloudCvmRateLimited() : SimCloudCvm(rate_limited()) {}
  static SimCloudSettings rate_limited() {
    auto settings = fast_settings();
    settings.enforce_rate_limits = true;
    return settings;
  }
};

TEST_F(SimCloudCvmRateLimited, TheRateLimitAnswersRequestLimitExceeded) {
  int limited = 0;
  for (int i = 0; i < 11; ++i) {
    const auto code = error_code(call("TerminateInstances", {{"InstanceIds", json::array{"ins-00000000"}}}));
    if (code == "RequestLimitExceeded") ++limited;
  }
  EXPECT_EQ(limited, 1);  // ten a second, and the test clock stands still
  clock.advance(1s);
  EXPECT_EQ(error_code(call("TerminateInstances", {{"InstanceIds", json::array{"ins-00000000"}}})),
            "InvalidInstanceId.NotFound");
}

}  // namespace
}  // namespace portal::test
