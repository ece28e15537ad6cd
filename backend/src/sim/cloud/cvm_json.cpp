#include "sim/cloud/cvm_json.hpp"

#include "core/iso_time.hpp"
#include "integrations/payments/crypto.hpp"

#include <algorithm>
#include <string_view>

namespace portal::sim::cloud {

namespace json = boost::json;

namespace {

// UserData is at most 16 KB of base64 text.
constexpr std::size_t kMaxUserData = 16 * 1024;

using Names = std::vector<std::string_view>;

const Names kRunInstances = {"InstanceChargeType",
                             "InstanceChargePrepaid",
                             "Placement",
                             "InstanceType",
                             "ImageId",
                             "SystemDisk",
                             "DataDisks",
                             "VirtualPrivateCloud",
                             "InternetAccessible",
                             "InstanceCount",
                             "MinCount",
                             "InstanceName",
                             "LoginSettings",
                             "SecurityGroupIds",
                             "EnhancedService",
                             "ClientToken",
                             "HostName",
                             "ActionTimer",
                             "DisasterRecoverGroupIds",
                             "TagSpecification",
                             "InstanceMarketOptions",
                             "UserData",
                             "Metadata",
                             "DryRun",
                             "CpuTopology",
                             "CamRoleName",
                             "HpcClusterId",
                             "LaunchTemplate",
                             "DedicatedClusterId",
                             "ChcIds",
                             "DisableApiTermination",
                             "EnableJumboFrame"};

// The parameters each state-changing action takes besides InstanceIds.
Names operation_parameters(Operation operation) {
  switch (operation) {
    case Operation::reboot:
      return {"InstanceIds", "ForceReboot", "StopType"};
    case Operation::stop:
      return {"InstanceIds", "ForceStop", "StopType", "StoppedMode"};
    case Operation::start:
      return {"InstanceIds"};
    case Operation::terminate:
      break;
  }
  return {"InstanceIds", "ReleaseNetworkResources", "ReleasePrepaidDataDisks", "ReleaseAddress"};
}

core::Status only_known(const json::object& params, const Names& known) {
  for (const auto& [key, value] : params) {
    if (std::find(known.begin(), known.end(), std::string_view(key)) == known.end()) {
      return cvm_error("UnknownParameter", "The parameter `" + std::string(key) + "` is not recognized.");
    }
  }
  return core::Ok{};
}

core::Error invalid(std::string_view name, std::string_view kind) {
  return cvm_error("InvalidParameter", "The parameter `" + std::string(name) + "` must be " + std::string(kind) + ".");
}

// Absent: `fallback`; present but not a string: InvalidParameter.
core::Result<std::string> string_field(const json::object& params, std::string_view name, std::string fallback = {}) {
  const auto* value = params.if_contains(name);
  if (!value || value->is_null()) return fallback;
  if (!value->is_string()) return invalid(name, "a string");
  return std::string(value->get_string());
}

core::Result<std::int64_t> int_field(const json::object& params, std::string_view name, std::int64_t fallback) {
  const auto* value = params.if_contains(name);
  if (!value || value->is_null()) return fallback;
  if (value->is_int64()) return value->get_int64();
  if (value->is_uint64() && value->get_uint64() <= static_cast<std::uint64_t>(INT64_MAX)) {
    return static_cast<std::int64_t>(value->get_uint64());
  }
  return invalid(name, "an integer");
}

core::Result<bool> bool_field(const json::object& params, std::string_view name) {
  const auto* value = params.if_contains(name);
  if (!value || value->is_null()) return false;
  if (!value->is_bool()) return invalid(name, "a boolean");
  return value->get_bool();
}

core::Result<std::vector<std::string>> strings_field(const json::object& params, std::string_view name) {
  std::vector<std::string> out;
  const auto* value = params.if_contains(name);
  if (!value || value->is_null()) return out;
  if (!value->is_array()) return invalid(name, "an array of strings");
  for (const auto& item : value->get_array()) {
    if (!item.is_string()) return invalid(name, "an array of strings");
    out.emplace_back(item.get_string());
  }
  return out;
}

core::Result<const json::object*> object_field(const json::object& params, std::string_view name) {
  const auto* value = params.if_contains(name);
  if (!value || value->is_null()) return static_cast<const json::object*>(nullptr);
  if (!value->is_object()) return invalid(name, "an object");
  return &value->get_object();
}

core::Result<std::vector<Filter>> filters_field(const json::object& params) {
  std::vector<Filter> out;
  const auto* value = params.if_contains("Filters");
  if (!value || value->is_null()) return out;
  if (!value->is_array()) return invalid("Filters", "an array");
  for (const auto& item : value->get_array()) {
    if (!item.is_object()) return invalid("Filters", "an array of {Name, Values}");
    auto name = string_field(item.get_object(), "Name");
    if (!name) return name.error();
    auto values = strings_field(item.get_object(), "Values");
    if (!values) return values.error();
    if (name->empty()) return cvm_error("MissingParameter", "A filter is missing its `Name`.");
    out.push_back(Filter{std::move(*name), std::move(*values)});
  }
  return out;
}

json::value string_list_or_null(const std::string& value) {
  if (value.empty()) return nullptr;
  return json::array{json::value(value)};
}

std::string latest_operation_state(State state) {
  switch (state) {
    case State::running:
    case State::stopped:
      return "SUCCESS";
    case State::launch_failed:
      return "FAILED";
    default:
      return "OPERATING";
  }
}

}  // namespace

std::string cvm_time(std::int64_t unix_ms) { return core::iso_utc(unix_ms / 1000); }

core::Result<LaunchSpec> parse_run_instances(const json::object& params) {
  if (auto known = only_known(params, kRunInstances); !known) return known.error();
  LaunchSpec spec;
  auto placement = object_field(params, "Placement");
  if (!placement) return placement.error();
  if (*placement) {
    auto zone = string_field(**placement, "Zone");
    if (!zone) return zone.error();
    spec.zone = std::move(*zone);
  }
  auto launch_template = object_field(params, "LaunchTemplate");
  if (!launch_template) return launch_template.error();
  if (*launch_template) {
    auto id = string_field(**launch_template, "LaunchTemplateId");
    if (!id) return id.error();
    if (id->empty()) return cvm_error("MissingParameter", "LaunchTemplate is missing its `LaunchTemplateId`.");
    spec.launch_template_id = std::move(*id);
  }
  auto type = string_field(params, "InstanceType");
  auto image = string_field(params, "ImageId");
  auto name = string_field(params, "InstanceName");
  auto token = string_field(params, "ClientToken");
  auto user_data = string_field(params, "UserData");
  auto charge = string_field(params, "InstanceChargeType", "POSTPAID_BY_HOUR");
  auto count = int_field(params, "InstanceCount", 1);
  auto dry_run = bool_field(params, "DryRun");
  for (const auto* field : {&type, &image, &name, &token, &user_data, &charge}) {
    if (!*field) return field->error();
  }
  if (!count) return count.error();
  if (!dry_run) return dry_run.error();
  if (*charge != "POSTPAID_BY_HOUR") {
    return cvm_error("InvalidParameterValue", "The stand-in sells POSTPAID_BY_HOUR instances only.");
  }
  if (user_data->size() > kMaxUserData) {
    return cvm_error("InvalidParameterValue.TooLong", "UserData is longer than 16 KB.");
  }
  if (!user_data->empty()) {
    auto decoded = portal::payments::crypto::base64_decode(*user_data);
    if (!decoded) {
      return cvm_error("InvalidParameterValue.InvalidUserDataFormat", "UserData must be base64 encoded.");
    }
    spec.user_data = std::move(*decoded);
  }
  spec.instance_type = std::move(*type);
  spec.image_id = std::move(*image);
  spec.name = std::move(*name);
  spec.client_token = std::move(*token);
  spec.count = static_cast<int>(std::clamp<std::int64_t>(*count, -1, 1000));
  spec.dry_run = *dry_run;
  return spec;
}

core::Result<DescribeQuery> parse_describe_instances(const json::object& params) {
  if (auto known = only_known(params, {"InstanceIds", "Filters", "Offset", "Limit"}); !known) return known.error();
  DescribeQuery query;
  auto ids = strings_field(params, "InstanceIds");
  if (!ids) return ids.error();
  auto filters = filters_field(params);
  if (!filters) return filters.error();
  auto offset = int_field(params, "Offset", 0);
  if (!offset) return offset.error();
  auto limit = int_field(params, "Limit", 20);
  if (!limit) return limit.error();
  query.instance_ids = std::move(*ids);
  query.filters = std::move(*filters);
  query.offset = static_cast<int>(std::clamp<std::int64_t>(*offset, -1, INT32_MAX));
  query.limit = static_cast<int>(std::clamp<std::int64_t>(*limit, -1, 1000));
  return query;
}

core::Result<std::vector<std::string>> parse_instance_ids(const json::object& params, Operation operation) {
  if (auto known = only_known(params, operation_parameters(operation)); !known) return known.error();
  return strings_field(params, "InstanceIds");
}

core::Result<bool> parse_stopped_mode(const json::object& params) {
  const auto* mode = params.if_contains("StoppedMode");
  if (!mode) return false;  // Tencent's default: KEEP_CHARGING
  if (mode->is_string() && mode->as_string() == "STOP_CHARGING") return true;
  if (mode->is_string() && mode->as_string() == "KEEP_CHARGING") return false;
  return cvm_error("InvalidParameterValue", "StoppedMode must be KEEP_CHARGING or STOP_CHARGING.");
}

core::Result<std::vector<Filter>> parse_zone_filters(const json::object& params) {
  if (auto known = only_known(params, {"Filters"}); !known) return known.error();
  return filters_field(params);
}

json::object instance_json(const SimInstance& instance, const InstanceTypeSpec* type) {
  // Tencent lists the public address once the machine has come up at least once.
  const bool has_public_ip = instance.state != State::pending && instance.state != State::launch_failed;
  return json::object{
      {"Placement", json::object{{"Zone", instance.zone}, {"ProjectId", 0}}},
      {"InstanceId", instance.id},
      {"Uuid", instance.uuid},
      {"InstanceType", instance.instance_type},
      {"CPU", type ? type->cpu : 0},
      {"Memory", type ? type->memory_gb : 0},
      {"RestrictState", "NORMAL"},
      {"InstanceName", instance.name},
      {"InstanceChargeType", "POSTPAID_BY_HOUR"},
      {"SystemDisk", json::object{{"DiskType", "CLOUD_BSSD"}, {"DiskSize", 50}}},
      {"DataDisks", nullptr},
      {"PrivateIpAddresses", string_list_or_null(instance.private_ip)},
      {"PublicIpAddresses", has_public_ip ? string_list_or_null(instance.public_ip) : json::value(nullptr)},
      {"InternetAccessible", json::object{{"InternetChargeType", "TRAFFIC_POSTPAID_BY_HOUR"},
                                          {"InternetMaxBandwidthOut", 30},
                                          {"PublicIpAssigned", true}}},
      {"ImageId", instance.image_id},
      {"OsName", "TencentOS Server 3.1 (TK4)"},
      {"RenewFlag", nullptr},
      {"CreatedTime", cvm_time(instance.created_ms)},
      {"ExpiredTime", nullptr},
      {"SecurityGroupIds", json::array{}},
      {"InstanceState", state_name(instance.state)},
      {"Tags", json::array{}},
      {"StopChargingMode", instance.state == State::stopped ? "KEEP_CHARGING" : "NOT_APPLICABLE"},
      {"LatestOperation", instance.latest_operation},
      {"LatestOperationState", latest_operation_state(instance.state)},
      {"LatestOperationRequestId", instance.latest_request_id},
      {"IsolatedSource", "NOTISOLATED"},
      {"DisableApiTermination", false},
      {"DefaultLoginUser", "root"},
      {"DefaultLoginPort", 22},
  };
}

json::object zone_offer_json(const ZoneOffer& offer) {
  return json::object{
      {"Zone", offer.zone},
      {"InstanceType", offer.type.type},
      {"InstanceChargeType", "POSTPAID_BY_HOUR"},
      {"NetworkCard", 0},
      {"Externals", json::object{}},
      {"Cpu", offer.type.cpu},
      {"Memory", offer.type.memory_gb},
      {"InstanceFamily", offer.type.family},
      {"TypeName", offer.type.type_name},
      {"LocalDiskTypeList", json::array{}},
      {"Status", offer.sold_out ? "SOLD_OUT" : "SELL"},
      {"Price", json::object{{"UnitPrice", offer.type.unit_price},
                             {"ChargeUnit", "HOUR"},
                             {"UnitPriceDiscount", offer.type.unit_price},
                             {"Discount", 100}}},
      {"SoldOutReason", offer.sold_out ? "Resources in this zone are sold out" : ""},
      {"InstanceBandwidth", 1.5},
      {"InstancePps", 30},
      {"StorageBlockAmount", 0},
      {"CpuType", offer.type.family.starts_with("SA") ? "AMD EPYC Genoa" : "Intel Xeon Cascade Lake 8255C"},
      {"Gpu", 0},
      {"Fpga", 0},
      {"Remark", ""},
      {"StatusCategory", offer.sold_out ? "WithoutStock" : "EnoughStock"},
  };
}

}  // namespace portal::sim::cloud
