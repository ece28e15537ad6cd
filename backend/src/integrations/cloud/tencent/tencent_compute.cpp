#include "integrations/cloud/tencent/tencent_compute.hpp"

#include "integrations/cloud/tencent/errors.hpp"
#include "integrations/cloud/tencent/run_instances.hpp"
#include "integrations/cloud/user_data.hpp"
#include "integrations/payments/crypto.hpp"

#include <boost/json/array.hpp>
#include <boost/json/value.hpp>

#include <algorithm>
#include <map>
#include <utility>

namespace portal::cloud::tencent {

namespace {

std::string string_member(const boost::json::object& object, std::string_view name) {
  const auto* value = object.if_contains(name);
  return value && value->is_string() ? std::string(value->as_string()) : std::string{};
}

const boost::json::array* array_member(const boost::json::object& object, std::string_view name) {
  const auto* value = object.if_contains(name);
  return value && value->is_array() ? &value->as_array() : nullptr;
}

boost::json::array string_array(std::vector<std::string>::const_iterator first,
                                std::vector<std::string>::const_iterator last) {
  boost::json::array out;
  for (auto it = first; it != last; ++it) out.emplace_back(*it);
  return out;
}

const std::string& instance_type_for(const RegionLaunch& launch, Tier tier) {
  return tier == Tier::premium ? launch.premium_instance_type : launch.basic_instance_type;
}

// One InstanceSet entry; an unknown InstanceState fails the whole answer (BAD_CLOUD_STATE).
core::Result<InstanceInfo> instance_of(const boost::json::object& item, const std::string& region) {
  auto state = instance_state_from(string_member(item, "InstanceState"));
  if (!state) return state.error();
  InstanceInfo info{.instance_id = string_member(item, "InstanceId"),
                    .region = region,
                    .state = *state,
                    .public_ip = {},
                    .name = string_member(item, "InstanceName")};
  // PublicIpAddresses is null until an address is bound.
  if (const auto* addresses = array_member(item, "PublicIpAddresses"); addresses && !addresses->empty()) {
    if (addresses->front().is_string()) info.public_ip = std::string(addresses->front().as_string());
  }
  return info;
}

}  // namespace

TencentCompute::TencentCompute(Credentials credentials, CvmSettings settings, integrations::HttpClient& http,
                               core::UnixClock now)
    : settings_(std::move(settings)),
      api_(std::move(credentials), settings_.endpoint, std::chrono::milliseconds(settings_.timeout_ms), http,
           std::move(now)) {}

core::Result<std::string> TencentCompute::launch(const LaunchRequest& request) {
  const auto found = settings_.regions.find(request.region);
  if (found == settings_.regions.end()) return region_unknown(request.region);
  const RegionLaunch& launch = found->second;
  const std::string& instance_type = instance_type_for(launch, request.tier);
  if (instance_type.empty()) return region_unknown(request.region);

  auto script = render_user_data(request.bootstrap);
  if (!script) return script.error();  // checked before the cloud is asked anything
  auto zone = selling_zone(request.region, launch, instance_type);
  if (!zone) {
    // RunInstances was never sent: whatever became of the zone query, no machine was made.
    core::Error error = zone.error();
    error.details.erase("answer_lost");
    return error;
  }
  if (!*zone) {
    return core::Error::make(core::ErrorKind::conflict, "CLOUD_SOLD_OUT",
                             instance_type + " is sold out in every configured zone of " + request.region,
                             {{"region", request.region}, {"cloud_code", ""}});
  }
  const auto params =
      run_instances_params(request, launch, **zone, instance_type, payments::crypto::base64_encode(*script));
  auto answer = api_.call("RunInstances", request.region, params);
  if (!answer) return answer.error();
  const auto* ids = array_member(*answer, "InstanceIdSet");
  if (ids == nullptr || ids->empty() || !ids->front().is_string()) {
    return cloud_unavailable("RunInstances answered without an InstanceIdSet");
  }
  return std::string(ids->front().as_string());
}

core::Result<std::vector<InstanceInfo>> TencentCompute::describe(const std::string& region,
                                                                 const std::vector<std::string>& instance_ids) {
  std::map<std::string, InstanceInfo, std::less<>> listed;
  for (std::size_t first = 0; first < instance_ids.size(); first += kCvmBatchSize) {
    const std::size_t last = std::min(first + kCvmBatchSize, instance_ids.size());
    const boost::json::object params{
        {"InstanceIds", string_array(instance_ids.begin() + static_cast<std::ptrdiff_t>(first),
                                     instance_ids.begin() + static_cast<std::ptrdiff_t>(last))},
        {"Limit", kCvmBatchSize}};  // the default page is 20
    auto answer = api_.call("DescribeInstances", region, params);
    if (!answer) return answer.error();
    if (const auto* set = array_member(*answer, "InstanceSet")) {
      for (const auto& item : *set) {
        if (!item.is_object()) continue;
        auto info = instance_of(item.as_object(), region);
        if (!info) return info.error();
        listed.insert_or_assign(info->instance_id, std::move(*info));
      }
    }
  }
  std::vector<InstanceInfo> out;
  out.reserve(instance_ids.size());
  for (const auto& id : instance_ids) {
    const auto it = listed.find(id);
    // Terminated instances drop out of Tencent's answers after a while.
    out.push_back(it != listed.end() ? it->second
                                     : InstanceInfo{.instance_id = id,
                                                    .region = region,
                                                    .state = InstanceState::terminated,
                                                    .public_ip = {},
                                                    .name = {}});
  }
  return out;
}

core::Status TencentCompute::reboot(const std::string& region, const std::vector<std::string>& instance_ids) {
  // SOFT_FIRST: a clean shutdown, forced when the guest does not react.
  return act("RebootInstances", region, instance_ids, {{"StopType", "SOFT_FIRST"}});
}

core::Status TencentCompute::stop(const std::string& region, const std::vector<std::string>& instance_ids) {
  // A server is stopped at its expiry and may sleep through a grace period of days: STOP_CHARGING
  // ends the CPU and memory charges of a pay-as-you-go machine (Tencent's default, KEEP_CHARGING,
  // bills on). It also releases the public IP: a start gets a new one, which the state sync reads.
  return act("StopInstances", region, instance_ids, {{"StopType", "SOFT_FIRST"}, {"StoppedMode", "STOP_CHARGING"}});
}

core::Status TencentCompute::start(const std::string& region, const std::vector<std::string>& instance_ids) {
  return act("StartInstances", region, instance_ids, {});
}

core::Status TencentCompute::terminate(const std::string& region, const std::vector<std::string>& instance_ids) {
  return act("TerminateInstances", region, instance_ids, {});
}

core::Result<std::vector<RegionStatus>> TencentCompute::region_status(const std::vector<std::string>& regions,
                                                                      Tier tier) {
  std::vector<RegionStatus> out;
  for (const auto& region : regions) {
    const auto found = settings_.regions.find(region);
    if (found == settings_.regions.end() || instance_type_for(found->second, tier).empty()) {
      out.push_back(RegionStatus{.region = region, .available = false});  // nothing we could launch there
      continue;
    }
    auto zone = selling_zone(region, found->second, instance_type_for(found->second, tier));
    if (!zone) return zone.error();
    out.push_back(RegionStatus{.region = region, .available = zone->has_value()});
  }
  return out;
}

core::Result<std::optional<LaunchZone>> TencentCompute::selling_zone(const std::string& region,
                                                                     const RegionLaunch& launch,
                                                                     const std::string& instance_type) {
  boost::json::array filters{boost::json::object{{"Name", "instance-type"}, {"Values", {instance_type}}}};
  if (!launch.instance_charge_type.empty()) {
    filters.emplace_back(
        boost::json::object{{"Name", "instance-charge-type"}, {"Values", {launch.instance_charge_type}}});
  }
  auto answer = api_.call("DescribeZoneInstanceConfigInfos", region, {{"Filters", std::move(filters)}});
  if (!answer) return answer.error();
  const auto* items = array_member(*answer, "InstanceTypeQuotaSet");
  for (const auto& zone : launch.zones) {
    if (items == nullptr) break;
    const bool sells = std::any_of(items->begin(), items->end(), [&](const boost::json::value& item) {
      return item.is_object() && string_member(item.as_object(), "Zone") == zone.zone &&
             string_member(item.as_object(), "InstanceType") == instance_type &&
             string_member(item.as_object(), "Status") == "SELL";
    });
    if (sells) return std::optional<LaunchZone>(zone);
  }
  return std::optional<LaunchZone>();
}

core::Status TencentCompute::act(std::string_view action, const std::string& region,
                                 const std::vector<std::string>& instance_ids, const boost::json::object& extra) {
  for (std::size_t first = 0; first < instance_ids.size(); first += kCvmBatchSize) {
    const std::size_t last = std::min(first + kCvmBatchSize, instance_ids.size());
    boost::json::object params = extra;
    params["InstanceIds"] = string_array(instance_ids.begin() + static_cast<std::ptrdiff_t>(first),
                                         instance_ids.begin() + static_cast<std::ptrdiff_t>(last));
    auto answer = api_.call(action, region, params);
    if (!answer) return answer.error();
  }
  return core::Ok{};
}

}  // namespace portal::cloud::tencent
