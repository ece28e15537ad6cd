#pragma once
// What the Tencent Cloud adapter needs to know: our API keys (from config or the environment, never
// from the repository), where CVM and COS answer, and how each region launches a practice server.
// Demo mode and tests point both endpoints at the local stand-in in sim/cloud.
//
// Both endpoints are base URLs; the adapter signs the host[:port] of the URL as sent. A COS endpoint
// stands for the bucket's root: the signed path is the decoded path below it, "/" for the bucket and
// "/<key>" for an object, whether the endpoint is the real virtual host or a path-style stand-in
// (http://127.0.0.1:PORT/dev/cloud/cos/<bucket>/<key> is signed as "/<key>").

#include <map>
#include <string>
#include <vector>

namespace portal::cloud::tencent {

struct Credentials {
  std::string secret_id;
  std::string secret_key;
  std::string token;  // temporary credentials only: sent as X-TC-Token and x-cos-security-token
};

// A zone the region may launch in, with the VPC subnet there (a subnet belongs to one zone).
struct LaunchZone {
  std::string zone;       // "ap-shanghai-2"
  std::string subnet_id;  // "subnet-..."; empty when the launch template carries the network
};

// RunInstances parameters for one region. Empty strings and zeros are left out of the request, so
// that a launch template (when set) supplies them.
struct RegionLaunch {
  std::vector<LaunchZone> zones;                // tried in this order: the first that sells the tier's type wins
  std::string image_id;                         // "img-..." (Debian 12 or Ubuntu 22.04+ for the bootstrap)
  std::string basic_instance_type;              // e.g. "S5.MEDIUM4"
  std::string premium_instance_type;            // e.g. "SA5.MEDIUM8"
  std::string launch_template_id;               // optional "lt-..."
  std::vector<std::string> security_group_ids;  // must open the game port (UDP and TCP)
  std::string vpc_id;
  std::string system_disk_type;  // e.g. "CLOUD_PREMIUM"; empty: Tencent's default
  int system_disk_gb = 80;       // CS2 alone takes about 60 GB
  int bandwidth_mbps = 50;       // InternetMaxBandwidthOut
  std::string internet_charge_type = "TRAFFIC_POSTPAID_BY_HOUR";
  std::string instance_charge_type = "POSTPAID_BY_HOUR";
  std::string cam_role_name;         // lets the instance upload demos to COS with temporary keys
  std::vector<std::string> key_ids;  // LoginSettings.KeyIds; empty: Tencent mails a password
};

struct CvmSettings {
  std::string endpoint = "https://cvm.tencentcloudapi.com";  // stand-in: http://127.0.0.1:PORT/dev/cloud/cvm
  std::map<std::string, RegionLaunch> regions;               // by region, "ap-shanghai"
  int timeout_ms = 10000;
};

struct CosSettings {
  std::string bucket;    // "<name>-<appid>", e.g. "demos-1250000000"
  std::string region;    // "ap-shanghai"
  std::string endpoint;  // empty: https://<bucket>.cos.<region>.myqcloud.com; stand-in:
                         // http://127.0.0.1:PORT/dev/cloud/cos/<bucket>
  int timeout_ms = 10000;
};

struct TencentSettings {
  Credentials credentials;
  CvmSettings cvm;
  CosSettings cos;
};

}  // namespace portal::cloud::tencent
