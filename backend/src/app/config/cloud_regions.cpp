// Reads cloud.regions_file into the Tencent adapter's RegionLaunch settings, one table per region.

#include "app/config/cloud_regions.hpp"

#include "app/config/toml_names.hpp"

#include <toml++/toml.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <set>
#include <sstream>
#include <system_error>
#include <type_traits>
#include <utility>
#include <variant>

namespace portal::app {

namespace {

using cloud::tencent::LaunchZone;
using cloud::tencent::RegionLaunch;

// ---- messages ----

std::string quote_text(std::string_view text) { return "\"" + std::string(text) + "\""; }

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : ", ") + item;
  return out;
}

using detail::toml_type_name;

// "in cloud regions file <file> (line N)"
std::string where(const std::filesystem::path& file, const toml::node* node) {
  std::string out = "in cloud regions file " + file.string();
  if (node != nullptr && node->source().begin.line > 0) {
    out += " (line " + std::to_string(node->source().begin.line) + ")";
  }
  return out;
}

// "<key>" in cloud regions file <file> (line N) <reason>.
[[noreturn]] void bad(const std::filesystem::path& file, const std::string& key, const toml::node* node,
                      const std::string& reason) {
  throw ConfigError(quote_text(key) + " " + where(file, node) + " " + reason + ".");
}

[[noreturn]] void wrong_type(const std::filesystem::path& file, const std::string& key, const toml::node& node,
                             std::string_view expected) {
  bad(file, key, &node, "must be " + std::string(expected) + ", not " + std::string(toml_type_name(node)));
}

// ---- the members of RegionLaunch, by their names in the file ----

using Member = std::variant<std::string RegionLaunch::*, int RegionLaunch::*, std::vector<std::string> RegionLaunch::*>;

const std::vector<std::pair<std::string_view, Member>>& members() {
  static const std::vector<std::pair<std::string_view, Member>> list = {
      {"image_id", &RegionLaunch::image_id},
      {"basic_instance_type", &RegionLaunch::basic_instance_type},
      {"premium_instance_type", &RegionLaunch::premium_instance_type},
      {"launch_template_id", &RegionLaunch::launch_template_id},
      {"security_group_ids", &RegionLaunch::security_group_ids},
      {"vpc_id", &RegionLaunch::vpc_id},
      {"system_disk_type", &RegionLaunch::system_disk_type},
      {"system_disk_gb", &RegionLaunch::system_disk_gb},
      {"bandwidth_mbps", &RegionLaunch::bandwidth_mbps},
      {"internet_charge_type", &RegionLaunch::internet_charge_type},
      {"instance_charge_type", &RegionLaunch::instance_charge_type},
      {"cam_role_name", &RegionLaunch::cam_role_name},
      {"key_ids", &RegionLaunch::key_ids},
  };
  return list;
}

std::string known_keys() {
  std::vector<std::string> names{"zones"};
  for (const auto& [name, member] : members()) names.emplace_back(name);
  return join(names);
}

std::string read_string(const std::filesystem::path& file, const std::string& key, const toml::node& node) {
  const auto* value = node.as_string();
  if (value == nullptr) wrong_type(file, key, node, "a string");
  return value->get();
}

int read_int(const std::filesystem::path& file, const std::string& key, const toml::node& node) {
  const auto* value = node.as_integer();
  if (value == nullptr) wrong_type(file, key, node, "an integer");
  const std::int64_t number = value->get();
  if (number < 0 || number > 1'000'000) bad(file, key, &node, "is out of range (" + std::to_string(number) + ")");
  return static_cast<int>(number);
}

std::vector<std::string> read_strings(const std::filesystem::path& file, const std::string& key,
                                      const toml::node& node) {
  const auto* array = node.as_array();
  if (array == nullptr) wrong_type(file, key, node, "an array of strings");
  std::vector<std::string> out;
  for (const toml::node& element : *array) {
    const auto* text = element.as_string();
    if (text == nullptr) {
      bad(file, key, &element, "must be an array of strings, but holds " + std::string(toml_type_name(element)));
    }
    out.push_back(text->get());
  }
  return out;
}

// zones = [{ zone = "ap-shanghai-2", subnet_id = "subnet-..." }, ...]
std::vector<LaunchZone> read_zones(const std::filesystem::path& file, const std::string& region,
                                   const toml::node& node) {
  const std::string key = region + ".zones";
  const auto* array = node.as_array();
  if (array == nullptr) wrong_type(file, key, node, "an array of { zone, subnet_id } tables");
  if (array->empty()) bad(file, key, &node, "must list at least one zone to launch in");
  std::vector<LaunchZone> zones;
  std::set<std::string> seen;
  for (const toml::node& element : *array) {
    const auto* table = element.as_table();
    if (table == nullptr) {
      bad(file, key, &element, "must hold { zone, subnet_id } tables, not " + std::string(toml_type_name(element)));
    }
    LaunchZone zone;
    bool has_zone = false;
    for (const auto& [name, value] : *table) {
      const std::string member_key = key + "." + std::string(name.str());
      if (name == "zone") {
        zone.zone = read_string(file, member_key, value);
        has_zone = true;
      } else if (name == "subnet_id") {
        zone.subnet_id = read_string(file, member_key, value);
      } else {
        bad(file, member_key, &value, "is not a zone setting (a zone has zone and subnet_id)");
      }
    }
    if (!has_zone) bad(file, key, &element, "has a zone without its \"zone\" (e.g. zone = \"" + region + "-2\")");
    // A zone is its region's code, a dash and a number: "ap-shanghai-2".
    const std::string_view number = std::string_view(zone.zone).substr(std::min(zone.zone.size(), region.size() + 1));
    if (!zone.zone.starts_with(region + "-") || number.empty() ||
        !std::all_of(number.begin(), number.end(), [](unsigned char c) { return std::isdigit(c) != 0; })) {
      bad(file, key + ".zone", &element,
          "must be a zone of " + region + " such as " + quote_text(region + "-2") + " (it is " + quote_text(zone.zone) +
              ")");
    }
    if (!seen.insert(zone.zone).second) bad(file, key, &element, "lists zone " + quote_text(zone.zone) + " twice");
    zones.push_back(std::move(zone));
  }
  return zones;
}

// Checks that need the whole region: what RunInstances cannot do without, and ids of the right kind.
void check_region(const std::filesystem::path& file, const std::string& region, const toml::table& table,
                  const RegionLaunch& launch) {
  const auto require = [&](std::string_view name, const std::string& value, const std::string& example) {
    if (value.empty()) {
      bad(file, region + "." + std::string(name), &table,
          "is required (e.g. " + std::string(name) + " = " + example + ")");
    }
  };
  if (!table.contains("zones")) {
    bad(file, region + ".zones", &table,
        "is missing: list the zones to launch in, e.g. zones = [{ zone = \"" + region +
            "-2\", subnet_id = \"subnet-...\" }]");
  }
  require("basic_instance_type", launch.basic_instance_type, "\"S5.MEDIUM4\"");
  require("premium_instance_type", launch.premium_instance_type, "\"SA5.MEDIUM8\"");
  if (launch.launch_template_id.empty()) require("image_id", launch.image_id, "\"img-...\", or set launch_template_id");

  const auto prefixed = [&](std::string_view name, const std::string& value, std::string_view prefix) {
    if (!value.empty() && (!value.starts_with(prefix) || value.size() == prefix.size())) {
      bad(file, region + "." + std::string(name), table.get(name),
          "must be an id starting with " + quote_text(prefix) + " (it is " + quote_text(value) + ")");
    }
  };
  prefixed("image_id", launch.image_id, "img-");
  prefixed("launch_template_id", launch.launch_template_id, "lt-");
  prefixed("vpc_id", launch.vpc_id, "vpc-");
  for (const auto& id : launch.security_group_ids) prefixed("security_group_ids", id, "sg-");
  for (const auto& id : launch.key_ids) prefixed("key_ids", id, "skey-");
  for (const auto& zone : launch.zones) prefixed("zones.subnet_id", zone.subnet_id, "subnet-");

  // Without a launch template, a VPC needs a subnet in every zone, and a subnet needs its VPC.
  if (launch.launch_template_id.empty()) {
    for (const auto& zone : launch.zones) {
      if (!launch.vpc_id.empty() && zone.subnet_id.empty()) {
        bad(file, region + ".zones", table.get("zones"),
            "needs a subnet_id for zone " + quote_text(zone.zone) +
                " because vpc_id is set (a subnet belongs to one zone)");
      }
      if (launch.vpc_id.empty() && !zone.subnet_id.empty()) {
        bad(file, region + ".vpc_id", &table, "is required because zone " + quote_text(zone.zone) + " names a subnet");
      }
    }
  }

  if (launch.system_disk_gb != 0 && (launch.system_disk_gb < 20 || launch.system_disk_gb > 2048)) {
    bad(file, region + ".system_disk_gb", table.get("system_disk_gb"),
        "must be 0 (Tencent's or the template's default) or between 20 and 2048 (it is " +
            std::to_string(launch.system_disk_gb) + ")");
  }
  if (launch.bandwidth_mbps > 10000) {
    bad(file, region + ".bandwidth_mbps", table.get("bandwidth_mbps"),
        "must be between 0 and 10000 (it is " + std::to_string(launch.bandwidth_mbps) + ")");
  }
  const auto one_of = [&](std::string_view name, const std::string& value, const std::vector<std::string>& allowed) {
    if (!value.empty() && std::find(allowed.begin(), allowed.end(), value) == allowed.end()) {
      bad(file, region + "." + std::string(name), table.get(name),
          "must be one of " + join(allowed) + " (it is " + quote_text(value) + ")");
    }
  };
  one_of("internet_charge_type", launch.internet_charge_type,
         {"TRAFFIC_POSTPAID_BY_HOUR", "BANDWIDTH_POSTPAID_BY_HOUR", "BANDWIDTH_PACKAGE", "BANDWIDTH_PREPAID"});
  one_of("instance_charge_type", launch.instance_charge_type, {"POSTPAID_BY_HOUR", "PREPAID", "SPOTPAID", "CDHPAID"});
}

RegionLaunch read_region(const std::filesystem::path& file, const std::string& region, const toml::table& table) {
  RegionLaunch launch;
  // Not a structured binding: clang before 16 (the fuzz build) cannot capture one in a lambda.
  for (const auto& entry : table) {
    const auto& name = entry.first;
    const auto& node = entry.second;
    const std::string key = region + "." + std::string(name.str());
    if (name == "zones") {
      launch.zones = read_zones(file, region, node);
      continue;
    }
    const auto found = std::find_if(members().begin(), members().end(),
                                    [&](const auto& member) { return member.first == name.str(); });
    if (found == members().end()) {
      bad(file, key, &node, "is not a launch setting (known: " + known_keys() + ")");
    }
    std::visit(
        [&](auto field) {
          using T = std::remove_reference_t<decltype(launch.*field)>;
          if constexpr (std::is_same_v<T, std::string>)
            launch.*field = read_string(file, key, node);
          else if constexpr (std::is_same_v<T, int>)
            launch.*field = read_int(file, key, node);
          else
            launch.*field = read_strings(file, key, node);
        },
        found->second);
  }
  check_region(file, region, table, launch);
  return launch;
}

}  // namespace

const std::vector<std::string_view>& known_cloud_regions() {
  static const std::vector<std::string_view> codes = {
      "ap-beijing",  "ap-shanghai",  "ap-guangzhou", "ap-nanjing",       "ap-chongqing", "ap-chengdu",
      "ap-hongkong", "ap-singapore", "ap-tokyo",     "ap-seoul",         "ap-sydney",    "ap-mumbai",
      "ap-jakarta",  "ap-bangkok",   "eu-frankfurt", "na-siliconvalley", "na-ashburn",   "sa-saopaulo"};
  return codes;
}

bool is_known_cloud_region(std::string_view code) {
  const auto& codes = known_cloud_regions();
  return std::find(codes.begin(), codes.end(), code) != codes.end();
}

std::map<std::string, RegionLaunch> load_cloud_regions(const std::filesystem::path& file) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec)) {
    throw ConfigError("Cloud regions file " + file.string() +
                      " (setting \"cloud.regions_file\") does not exist or is not a regular file.");
  }
  toml::table root;
  try {
    root = toml::parse_file(file.string());
  } catch (const toml::parse_error& error) {
    std::ostringstream message;
    message << "Cloud regions file " << file.string() << " is not valid TOML: " << error.description() << " (line "
            << error.source().begin.line << ", column " << error.source().begin.column << ").";
    throw ConfigError(message.str());
  }
  std::map<std::string, RegionLaunch> regions;
  for (const auto& [name, node] : root) {
    const std::string region(name.str());
    if (!is_known_cloud_region(region)) {
      std::vector<std::string> codes(known_cloud_regions().begin(), known_cloud_regions().end());
      bad(file, region, &node, "is not a Tencent Cloud region code the portal knows (" + join(codes) + ")");
    }
    const auto* table = node.as_table();
    if (table == nullptr) wrong_type(file, region, node, "a table of the region's launch settings");
    regions.emplace(region, read_region(file, region, *table));
  }
  if (regions.empty()) {
    throw ConfigError("Cloud regions file " + file.string() +
                      " names no region: add a table per region, e.g. [ap-shanghai] (see "
                      "backend/config/cloud-regions.example.toml).");
  }
  return regions;
}

std::map<std::string, RegionLaunch> load_offered_cloud_regions(const Config& config) {
  require_cloud_settings(config);
  const std::filesystem::path file = config.cloud.regions_file;
  auto regions = load_cloud_regions(file);
  std::vector<std::string> missing;
  for (const auto& region : config.pracc.regions) {
    if (!regions.contains(region)) missing.push_back(region);
  }
  if (!missing.empty()) {
    throw ConfigError("Cloud regions file " + file.string() + " has no launch settings for " + join(missing) +
                      ", offered by \"pracc.regions\": add a table for each, or leave them out of \"pracc.regions\".");
  }
  return regions;
}

}  // namespace portal::app
