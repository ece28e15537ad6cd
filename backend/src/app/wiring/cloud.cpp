#include "app/wiring/cloud.hpp"

#include "app/config/cloud_regions.hpp"
#include "core/clock.hpp"
#include "integrations/cloud/tencent/cos_object_store.hpp"
#include "integrations/cloud/tencent/tencent_compute.hpp"
#include "integrations/http/curl_http_client.hpp"

#include <chrono>

namespace portal::app {

namespace {

constexpr const char* kDemoBucket = "pracc-demos-1250000000";
constexpr const char* kDemoBucketRegion = "ap-shanghai";
constexpr int kMaintenanceBootsPerReboot = 6;

sim::cloud::SimCloudSettings stand_in_settings(const Config& config) {
  using std::chrono::seconds;
  const CloudSimConfig& knobs = config.cloud.sim;
  sim::cloud::SimCloudSettings s;
  s.demo_mode = config.mode == Mode::demo;
  s.public_base_url = config.public_url();
  while (s.public_base_url.ends_with('/')) s.public_base_url.pop_back();
  s.boot_delay = seconds(knobs.boot_s);
  s.reboot_delay = seconds(knobs.reboot_s);
  // A verify or update boot runs SteamCMD longer than a plain reboot: a few minutes in demo mode (the
  // real figure, about 15, would only make the demo wait), seconds in tests; no setting of its own.
  s.maintenance_boot_delay = seconds(knobs.reboot_s) * kMaintenanceBootsPerReboot;
  s.stop_delay = seconds(knobs.stop_s);
  s.start_delay = seconds(knobs.start_s);
  s.terminate_delay = seconds(knobs.terminate_s);
  s.launch_failure_percent = knobs.launch_failure_percent;
  s.demo_interval = seconds(knobs.demo_interval_s);
  s.buckets = {kDemoBucket};
  s.credentials_file = (config.data_dir / "cloud-sandbox.json").string();
  // The stand-in's account holds as many machines per region as the portal sells there.
  s.instance_quota_per_region =
      config.pracc.max_servers_per_region;  // exists from the start: a server's demo list is empty, not missing
  return s;
}

// The stand-in sells in every region of the rental; each region launches from its zones in order.
std::map<std::string, cloud::tencent::RegionLaunch> stand_in_regions(const sim::cloud::SimCloudSettings& settings) {
  std::map<std::string, cloud::tencent::RegionLaunch> out;
  for (const auto& region : settings.regions) {
    cloud::tencent::RegionLaunch launch;
    for (const auto& zone : region.zones) launch.zones.push_back({zone.zone, ""});
    launch.image_id = "img-demo0001";
    launch.basic_instance_type = "S5.MEDIUM4";
    launch.premium_instance_type = "S6.LARGE8";
    out[region.region] = std::move(launch);
  }
  return out;
}

}  // namespace

CloudAccess::CloudAccess(const Config& config) : http_(std::make_unique<integrations::CurlHttpClient>()) {
  cloud::tencent::Credentials credentials;
  cloud::tencent::CvmSettings cvm;
  cloud::tencent::CosSettings cos;
  if (config.mode == Mode::demo) {
    sim_ = std::make_unique<sim::cloud::SimCloud>(stand_in_settings(config));
    credentials = {sim_->credentials().secret_id, sim_->credentials().secret_key, ""};
    cvm.endpoint = sim_->cvm_endpoint();
    cvm.regions = stand_in_regions(sim_->settings());
    cos.bucket = kDemoBucket;
    cos.region = kDemoBucketRegion;
    cos.endpoint = sim_->cos_endpoint() + "/" + kDemoBucket;
  } else {
    credentials = {config.cloud.secret_id, config.cloud.secret_key, config.cloud.token};
    cvm.endpoint = config.cloud.cvm_endpoint;
    // Refuses to start (ConfigError naming the PORTAL_CLOUD__* variables) without the account's keys
    // and a launch setting for every offered region.
    cvm.regions = load_offered_cloud_regions(config);
    cos.bucket = config.cloud.cos_bucket;
    cos.region = config.cloud.cos_region;
    cos.endpoint = config.cloud.cos_endpoint;
  }
  bucket_ = cos.bucket;
  bucket_region_ = cos.region;
  compute_ = std::make_unique<cloud::tencent::TencentCompute>(credentials, cvm, *http_, core::system_unix_now);
  store_ = std::make_unique<cloud::tencent::CosObjectStore>(credentials, cos, *http_, core::system_unix_now);
}

CloudAccess::~CloudAccess() = default;

void CloudAccess::register_routes(http::RouteTable& routes) {
  if (sim_) sim_->register_routes(routes);
}

}  // namespace portal::app
