#pragma once
// The RunInstances request body (JSON form of API 3.0: arrays and nested objects, not the .N
// notation of GET). Settings left empty or zero are left out, so that a launch template fills them.

#include "integrations/cloud/cloud.hpp"
#include "integrations/cloud/tencent/settings.hpp"

#include <boost/json/object.hpp>

#include <string>
#include <string_view>

namespace portal::cloud::tencent {

boost::json::object run_instances_params(const LaunchRequest& request, const RegionLaunch& launch,
                                         const LaunchZone& zone, const std::string& instance_type,
                                         std::string_view user_data_base64);

}  // namespace portal::cloud::tencent
