#pragma once
// The practice-server cloud's launch settings per region, read from the TOML file named by
// cloud.regions_file (backend/config/cloud-regions.example.toml shows the shape): one table per
// region, named by its Tencent region code, holding every member of RegionLaunch by its name, and
// `zones` as an array of { zone, subnet_id } tables.

#include "app/config/config.hpp"
#include "integrations/cloud/tencent/settings.hpp"

#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace portal::app {

// The Tencent Cloud region codes the portal accepts in pracc.regions and in the regions file
// (reference/protocols.md section 6.3, and spec 001's list). Add a code here when Tencent opens a region.
const std::vector<std::string_view>& known_cloud_regions();
bool is_known_cloud_region(std::string_view code);

// Reads and checks the regions file. Throws ConfigError naming the file, the key (with its line) and
// the reason: a missing or unparsable file, an unknown region or key, a wrong type, a missing zone list
// or instance type, an image or network setting of the wrong form.
std::map<std::string, cloud::tencent::RegionLaunch> load_cloud_regions(const std::filesystem::path& file);

// What production's rental launches with: require_cloud_settings(config), then the file of
// cloud.regions_file, which must hold launch settings for every region of pracc.regions.
std::map<std::string, cloud::tencent::RegionLaunch> load_offered_cloud_regions(const Config& config);

}  // namespace portal::app
