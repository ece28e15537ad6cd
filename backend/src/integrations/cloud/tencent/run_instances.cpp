#include "integrations/cloud/tencent/run_instances.hpp"

#include <boost/json/array.hpp>

namespace portal::cloud::tencent {

namespace {

boost::json::array strings(const std::vector<std::string>& values) {
  boost::json::array out;
  for (const auto& value : values) out.emplace_back(value);
  return out;
}

void set_if(boost::json::object& object, std::string_view name, const std::string& value) {
  if (!value.empty()) object[name] = value;
}

}  // namespace

boost::json::object run_instances_params(const LaunchRequest& request, const RegionLaunch& launch,
                                         const LaunchZone& zone, const std::string& instance_type,
                                         std::string_view user_data_base64) {
  boost::json::object params{
      {"Placement", boost::json::object{{"Zone", zone.zone}}},
      {"InstanceType", instance_type},
      {"InstanceCount", 1},
      {"InstanceName", request.name},
      // The same token always names the same instance: a retried launch never buys a second one.
      {"ClientToken", request.client_token},
      {"UserData", user_data_base64},
  };
  set_if(params, "InstanceChargeType", launch.instance_charge_type);
  set_if(params, "ImageId", launch.image_id);
  if (!launch.launch_template_id.empty()) {
    params["LaunchTemplate"] = boost::json::object{{"LaunchTemplateId", launch.launch_template_id}};
  }
  if (!launch.vpc_id.empty() || !zone.subnet_id.empty()) {
    boost::json::object vpc;
    set_if(vpc, "VpcId", launch.vpc_id);
    set_if(vpc, "SubnetId", zone.subnet_id);
    params["VirtualPrivateCloud"] = std::move(vpc);
  }
  if (!launch.security_group_ids.empty()) params["SecurityGroupIds"] = strings(launch.security_group_ids);
  if (launch.system_disk_gb > 0) {
    boost::json::object disk{{"DiskSize", launch.system_disk_gb}};
    set_if(disk, "DiskType", launch.system_disk_type);
    params["SystemDisk"] = std::move(disk);
  }
  if (launch.bandwidth_mbps > 0) {
    boost::json::object internet{{"InternetMaxBandwidthOut", launch.bandwidth_mbps}, {"PublicIpAssigned", true}};
    set_if(internet, "InternetChargeType", launch.internet_charge_type);
    params["InternetAccessible"] = std::move(internet);
  }
  set_if(params, "CamRoleName", launch.cam_role_name);
  if (!launch.key_ids.empty()) params["LoginSettings"] = boost::json::object{{"KeyIds", strings(launch.key_ids)}};
  return params;
}

}  // namespace portal::cloud::tencent
