#pragma once
// The stand-in's CVM account: every machine of every region, the rules RunInstances, DescribeInstances,
// the four state-changing actions and DescribeZoneInstanceConfigInfos apply, in Tencent's error
// codes. Pure logic over an instant passed in; the caller (SimCloud) holds the lock and the clock, the
// HTTP side (cvm_api) turns JSON into these calls.

#include "core/result.hpp"
#include "sim/cloud/sim_cloud_settings.hpp"
#include "sim/cloud/sim_instance.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

namespace portal::sim::cloud {

// The most instance ids one call takes.
inline constexpr std::size_t kMaxIdsPerCall = 100;

// Whether `value` is one of `values` (filters, zones' instance types).
inline bool is_one_of(const std::vector<std::string>& values, const std::string& value) {
  return std::find(values.begin(), values.end(), value) != values.end();
}

struct LaunchSpec {
  std::string region;
  std::string zone;  // Placement.Zone; from the template when empty
  std::string instance_type;
  std::string image_id;
  std::string launch_template_id;
  std::string name;
  std::string user_data;  // decoded
  std::string client_token;
  int count = 1;
  bool dry_run = false;
  std::string request_id;
};

// Filters.N: Name and Values; values of one filter are alternatives, filters all apply.
struct Filter {
  std::string name;
  std::vector<std::string> values;
};

struct DescribeQuery {
  std::string region;
  std::vector<std::string> instance_ids;
  std::vector<Filter> filters;
  int offset = 0;
  int limit = 20;
};

struct DescribePage {
  int total = 0;
  std::vector<SimInstance> instances;
};

struct ZoneOffer {
  std::string zone;
  InstanceTypeSpec type;
  bool sold_out = false;
};

// A demo finished recording: one interval of the machine's running time.
struct Recording {
  std::string instance_id;
  std::int64_t started_ms = 0;
  std::int64_t ended_ms = 0;
  std::uint64_t seed = 0;
  std::shared_ptr<const std::string> user_data;  // the machine's, for where its demos go
};

// UnsupportedRegion: CVM's answer to an X-TC-Region it does not serve.
core::Error unsupported_region(const std::string& region);

class InstanceRegistry {
 public:
  explicit InstanceRegistry(const SimCloudSettings& settings);

  bool knows_region(const std::string& region) const;
  const InstanceTypeSpec* instance_type(const std::string& type) const;  // nullptr when unknown

  // Every call first settles the states that are due by `now_ms`.
  core::Result<std::vector<std::string>> launch(const LaunchSpec& spec, std::int64_t now_ms);
  core::Result<DescribePage> describe(const DescribeQuery& query, std::int64_t now_ms);
  // `stop_charging` (StopInstances' StoppedMode STOP_CHARGING): the stopped machines give their public
  // address back; a start then assigns a new one.
  core::Status operate(Operation operation, const std::string& region, const std::vector<std::string>& ids,
                       const std::string& request_id, std::int64_t now_ms, bool stop_charging = false);
  core::Result<std::vector<ZoneOffer>> zone_offers(const std::string& region, const std::vector<Filter>& filters);

  // Moves every instance on to its state at `now_ms` (transitions, demo recordings, removals).
  void settle(std::int64_t now_ms);
  // The demos recorded since the last call.
  std::vector<Recording> take_recordings();
  // Counts the state changes settling made: a caller that sees it move knows game servers are due.
  std::uint64_t transitions() const { return transitions_; }

  std::vector<SimInstance> all() const;
  const std::map<std::string, SimInstance>& by_id() const { return instances_; }
  const SimInstance* find(const std::string& id) const;
  // The machine's public address could not be bound: another one from the pool.
  std::string reassign_public_ip(const std::string& id);

  void set_sold_out(const std::string& region_or_zone, bool sold_out);
  void fail_next_launches(int count) { forced_failures_ += count; }

  static bool well_formed_instance_id(const std::string& id);

 private:
  const RegionSpec* region_spec(const std::string& region) const;
  bool is_sold_out(const std::string& region, const std::string& zone) const;
  core::Status check_launch(LaunchSpec& spec) const;
  int instances_in(const std::string& region) const;
  core::Status find_all(const std::string& region, const std::vector<std::string>& ids) const;
  std::string fresh_id(std::string_view prefix);
  std::string fresh_uuid();
  std::string next_public_ip();
  std::string next_private_ip();

  std::vector<RegionSpec> regions_;
  std::vector<InstanceTypeSpec> types_;
  std::vector<LaunchTemplateSpec> templates_;
  std::set<std::string> sold_out_;
  SimCloudSettings settings_;
  std::mt19937_64 rng_;
  int forced_failures_ = 0;

  std::map<std::string, SimInstance> instances_;                     // by id
  std::map<std::string, std::vector<std::string>> by_client_token_;  // RunInstances idempotency
  std::set<std::string> used_ids_;                                   // never handed out twice
  std::uint32_t public_ip_base_ = 0;
  std::uint32_t public_ip_next_ = 0;
  std::uint32_t private_ip_next_ = 0;
  std::vector<Recording> recordings_;
  std::uint64_t transitions_ = 0;
};

}  // namespace portal::sim::cloud
