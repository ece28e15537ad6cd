#pragma once
// The practice-server cloud as the rental feature sees it: machines (launch, describe, reboot, stop,
// start, terminate, region availability) and the object storage that keeps their demo recordings.
// The Tencent Cloud adapter (tencent/) speaks CVM API 3.0 and COS; demo mode and tests point the same
// adapter at the local stand-in in sim/cloud, so nothing here knows which one answers.

#include "core/result.hpp"
#include "integrations/cloud/user_data.hpp"

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace portal::cloud {

// Tencent's InstanceState values, plus `terminated` for an instance the cloud no longer lists.
enum class InstanceState {
  pending,
  launch_failed,
  running,
  stopping,
  stopped,
  starting,
  rebooting,
  shutdown,
  terminating,
  terminated,
};
std::string_view to_string(InstanceState state);  // "PENDING", ..., "TERMINATED"
// Unknown names give std::nullopt-like failure: BAD_CLOUD_STATE.
core::Result<InstanceState> instance_state_from(std::string_view name);

enum class Tier { basic, premium };  // basic: fixed region; premium: better CPU, relocatable
std::string_view to_string(Tier tier);

struct LaunchRequest {
  std::string region;  // "ap-shanghai"
  Tier tier = Tier::basic;
  std::string name;           // InstanceName (the portal's server id, not the player's text)
  std::string client_token;   // idempotency: the same token launches one instance, however often sent
  ServerBootstrap bootstrap;  // rendered into UserData
};

struct InstanceInfo {
  std::string instance_id;  // "ins-..."
  std::string region;
  InstanceState state = InstanceState::pending;
  std::string public_ip;  // empty until the cloud assigns one
  std::string name;
};

struct RegionStatus {
  std::string region;
  bool available = false;  // some zone of the region sells the tier's instance type
};

// Errors are core::Error with these codes (kind in brackets):
//   CLOUD_SOLD_OUT [conflict], CLOUD_QUOTA_EXCEEDED [conflict], CLOUD_REGION_UNKNOWN [invalid],
//   CLOUD_INSTANCE_NOT_FOUND [not_found], CLOUD_INSTANCE_BUSY [conflict] (wrong state for the action),
//   CLOUD_AUTH_FAILED [unavailable], CLOUD_RATE_LIMITED [unavailable], CLOUD_UNAVAILABLE [unavailable]
//   (network failure, 5xx, InternalError); details.cloud_code holds Tencent's own Error.Code.
//   details.answer_lost = true: the request was sent and no answer came back (a timeout, a broken
//   connection, a 5xx from something in between), so the cloud may have carried it out.
class Compute {
 public:
  virtual ~Compute() = default;

  // The new instance's id. RunInstances with the region's launch settings for the tier.
  virtual core::Result<std::string> launch(const LaunchRequest& request) = 0;
  // Any number of ids of one region, asked in batches of at most 100. An id the cloud no longer
  // lists comes back with state `terminated`.
  virtual core::Result<std::vector<InstanceInfo>> describe(const std::string& region,
                                                           const std::vector<std::string>& instance_ids) = 0;
  virtual core::Status reboot(const std::string& region, const std::vector<std::string>& instance_ids) = 0;
  virtual core::Status stop(const std::string& region, const std::vector<std::string>& instance_ids) = 0;
  virtual core::Status start(const std::string& region, const std::vector<std::string>& instance_ids) = 0;
  virtual core::Status terminate(const std::string& region, const std::vector<std::string>& instance_ids) = 0;
  // Whether each region can launch the tier now (DescribeZoneInstanceConfigInfos: a zone with SELL).
  virtual core::Result<std::vector<RegionStatus>> region_status(const std::vector<std::string>& regions, Tier tier) = 0;
};

struct StoredObject {
  std::string key;  // "demos/srv_abc/2026-11-24_2130_de_mirage.dem"
  std::int64_t size = 0;
  std::int64_t modified_at = 0;  // unix seconds
};

// Where the portal leaves a request for a machine's bootstrap in the demo bucket ("validate" or
// "update"): deploy/cloud/cs2-bootstrap.sh reads and deletes control/<server ref>/<request> at boot.
inline std::string control_object_key(std::string_view server_ref, std::string_view request) {
  return "control/" + std::string(server_ref) + "/" + std::string(request);
}

class ObjectStore {
 public:
  virtual ~ObjectStore() = default;

  // Every object under the prefix (ListObjects, following NextMarker).
  virtual core::Result<std::vector<StoredObject>> list(const std::string& prefix) = 0;
  // A pre-signed GET link valid for `ttl` from now.
  virtual std::string download_url(const std::string& key, std::chrono::seconds ttl) = 0;
  // Deletes every object under the prefix (a region switch leaves the old demos behind).
  virtual core::Status remove_prefix(const std::string& prefix) = 0;
  // Writes one small object (PUT Object), replacing what was there: how the portal asks a machine's
  // bootstrap for something at its next boot (control/<server ref>/validate).
  virtual core::Status put(const std::string& key, const std::string& content) = 0;
  // Deletes one object; an object that is not there is no error (as COS answers it).
  virtual core::Status remove(const std::string& key) = 0;
};

}  // namespace portal::cloud
