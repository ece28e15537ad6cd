#include "sim/cloud/sim_cloud_settings.hpp"

#include <array>
#include <chrono>
#include <string_view>
#include <utility>

namespace portal::sim::cloud {

namespace {

constexpr std::string_view kBasic = "S5.MEDIUM4";
constexpr std::string_view kBasicAmd = "SA5.MEDIUM4";
constexpr std::string_view kPremium = "S6.LARGE8";

// Zone numbers in the style of Tencent's (Shanghai has 2 and 4, Guangzhou 3 and 6, ...).
constexpr std::array<std::pair<std::string_view, std::pair<int, int>>, 17> kZones{{
    {"ap-beijing", {6, 7}},
    {"ap-shanghai", {2, 4}},
    {"ap-guangzhou", {3, 6}},
    {"ap-nanjing", {1, 3}},
    {"ap-chongqing", {1, 2}},
    {"ap-chengdu", {1, 2}},
    {"ap-hongkong", {2, 3}},
    {"ap-singapore", {3, 4}},
    {"ap-tokyo", {1, 2}},
    {"ap-seoul", {1, 2}},
    {"ap-sydney", {1, 2}},
    {"ap-mumbai", {1, 2}},
    {"ap-jakarta", {1, 2}},
    {"eu-frankfurt", {1, 2}},
    {"na-siliconvalley", {1, 2}},
    {"na-ashburn", {1, 2}},
    {"sa-saopaulo", {1, 2}},
}};

}  // namespace

std::int64_t system_unix_millis() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::vector<RegionSpec> default_regions() {
  std::vector<RegionSpec> out;
  for (const auto& [region, numbers] : kZones) {
    const std::string name(region);
    out.push_back(RegionSpec{
        .region = name,
        .zones = {ZoneSpec{.zone = name + "-" + std::to_string(numbers.first),
                           .instance_types = {std::string(kBasic), std::string(kBasicAmd), std::string(kPremium)}},
                  ZoneSpec{.zone = name + "-" + std::to_string(numbers.second),
                           .instance_types = {std::string(kBasic), std::string(kBasicAmd)}}}});
  }
  return out;
}

std::vector<InstanceTypeSpec> default_instance_types() {
  return {
      {.type = std::string(kBasic),
       .family = "S5",
       .type_name = "标准型S5",
       .cpu = 2,
       .memory_gb = 4,
       .unit_price = 0.30},
      {.type = std::string(kBasicAmd),
       .family = "SA5",
       .type_name = "标准型SA5",
       .cpu = 2,
       .memory_gb = 4,
       .unit_price = 0.25},
      {.type = std::string(kPremium),
       .family = "S6",
       .type_name = "标准型S6",
       .cpu = 4,
       .memory_gb = 8,
       .unit_price = 0.62},
  };
}

}  // namespace portal::sim::cloud
