#pragma once
// The JSON of CVM API 3.0 (version 2017-03-12) both ways: action parameters into the registry's
// requests, with Tencent's UnknownParameter / InvalidParameter / MissingParameter refusals, and
// instances and zone offers into the field names the SDKs read.

#include "core/result.hpp"
#include "sim/cloud/instance_registry.hpp"

#include <boost/json/object.hpp>

#include <string>
#include <vector>

namespace portal::sim::cloud {

// RunInstances. UserData is base64: decoded here (InvalidParameterValue.InvalidUserDataFormat).
core::Result<LaunchSpec> parse_run_instances(const boost::json::object& params);
core::Result<DescribeQuery> parse_describe_instances(const boost::json::object& params);
// StopInstances' StoppedMode: true for STOP_CHARGING, false for KEEP_CHARGING or none (Tencent's
// default); any other value is InvalidParameterValue.
core::Result<bool> parse_stopped_mode(const boost::json::object& params);
// RebootInstances, StopInstances, StartInstances, TerminateInstances: their InstanceIds.
core::Result<std::vector<std::string>> parse_instance_ids(const boost::json::object& params, Operation operation);
// DescribeZoneInstanceConfigInfos: its Filters.
core::Result<std::vector<Filter>> parse_zone_filters(const boost::json::object& params);

boost::json::object instance_json(const SimInstance& instance, const InstanceTypeSpec* type);
boost::json::object zone_offer_json(const ZoneOffer& offer);

// "2026-11-24T13:30:00Z": CVM's CreatedTime.
std::string cvm_time(std::int64_t unix_ms);

}  // namespace portal::sim::cloud
