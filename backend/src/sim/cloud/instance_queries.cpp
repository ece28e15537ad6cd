// The registry's two read-only questions: which machines (DescribeInstances: ids or filters, newest
// first, Offset/Limit) and what sells where (DescribeZoneInstanceConfigInfos).

#include "sim/cloud/instance_registry.hpp"

#include <algorithm>

namespace portal::sim::cloud {

namespace {

constexpr std::size_t kMaxFilters = 10;
constexpr std::size_t kMaxFilterValues = 5;

// Whether the instance matches one DescribeInstances filter (values are alternatives).
bool matches(const SimInstance& instance, const Filter& filter) {
  auto any = [&filter](const std::string& field) { return is_one_of(filter.values, field); };
  if (filter.name == "zone") return any(instance.zone);
  if (filter.name == "instance-id") return any(instance.id);
  if (filter.name == "instance-name") return any(instance.name);
  if (filter.name == "instance-state") return any(std::string(state_name(instance.state)));
  if (filter.name == "instance-type") return any(instance.instance_type);
  if (filter.name == "image-id") return any(instance.image_id);
  if (filter.name == "private-ip-address") return any(instance.private_ip);
  if (filter.name == "public-ip-address") return !instance.public_ip.empty() && any(instance.public_ip);
  if (filter.name == "instance-charge-type") return any("POSTPAID_BY_HOUR");
  return false;
}

bool known_instance_filter(const std::string& name) {
  static const std::vector<std::string> kKnown = {
      "zone",     "instance-id",        "instance-name",     "instance-state",      "instance-type",
      "image-id", "private-ip-address", "public-ip-address", "instance-charge-type"};
  return is_one_of(kKnown, name);
}

core::Status check_filters(const std::vector<Filter>& filters, bool (*known)(const std::string&)) {
  if (filters.size() > kMaxFilters) {
    return cvm_error("InvalidParameterValue.LimitExceeded", "At most 10 Filters are allowed.");
  }
  for (const auto& filter : filters) {
    if (!known(filter.name)) return cvm_error("InvalidFilter", "The filter `" + filter.name + "` is not supported.");
    if (filter.values.size() > kMaxFilterValues) {
      return cvm_error("InvalidFilterValue.LimitExceeded", "The filter `" + filter.name + "` takes at most 5 values.");
    }
  }
  return core::Ok{};
}

bool known_zone_filter(const std::string& name) {
  return name == "zone" || name == "instance-type" || name == "instance-family" || name == "instance-charge-type";
}

}  // namespace

core::Result<DescribePage> InstanceRegistry::describe(const DescribeQuery& query, std::int64_t now_ms) {
  settle(now_ms);
  if (!query.instance_ids.empty() && !query.filters.empty()) {
    return cvm_error("InvalidParameterCombination", "InstanceIds and Filters cannot be given together.");
  }
  if (query.instance_ids.size() > kMaxIdsPerCall) {
    return cvm_error("InvalidParameterValue.LimitExceeded", "At most 100 InstanceIds are allowed.");
  }
  if (query.offset < 0) return cvm_error("InvalidParameterValue", "Offset must not be negative.");
  if (query.limit < 1 || query.limit > 100) {
    return cvm_error("InvalidParameterValue.LimitExceeded", "Limit must be between 1 and 100.");
  }
  if (auto checked = check_filters(query.filters, known_instance_filter); !checked) return checked.error();

  std::vector<SimInstance> matched;
  if (!query.instance_ids.empty()) {
    std::set<std::string> seen;
    for (const auto& id : query.instance_ids) {
      if (!well_formed_instance_id(id)) {
        return cvm_error("InvalidInstanceId.Malformed", "The instance id `" + id + "` is malformed.");
      }
      const auto found = instances_.find(id);
      // An id the region does not list is simply not in the answer, as CVM does.
      if (found == instances_.end() || found->second.region != query.region || !seen.insert(id).second) continue;
      matched.push_back(found->second);
    }
  } else {
    for (const auto& entry : instances_) {  // no structured binding: clang before 16 cannot capture one
      const auto& instance = entry.second;
      if (instance.region != query.region) continue;
      if (std::all_of(query.filters.begin(), query.filters.end(),
                      [&instance](const Filter& f) { return matches(instance, f); })) {
        matched.push_back(instance);
      }
    }
    // Newest first, as the console and the API list them.
    std::stable_sort(matched.begin(), matched.end(), [](const SimInstance& a, const SimInstance& b) {
      return a.created_ms != b.created_ms ? a.created_ms > b.created_ms : a.id < b.id;
    });
  }
  DescribePage page;
  page.total = static_cast<int>(matched.size());
  const auto first = std::min<std::size_t>(static_cast<std::size_t>(query.offset), matched.size());
  const auto last = std::min<std::size_t>(first + static_cast<std::size_t>(query.limit), matched.size());
  page.instances.assign(matched.begin() + static_cast<std::ptrdiff_t>(first),
                        matched.begin() + static_cast<std::ptrdiff_t>(last));
  return page;
}

core::Result<std::vector<ZoneOffer>> InstanceRegistry::zone_offers(const std::string& region,
                                                                   const std::vector<Filter>& filters) {
  if (auto checked = check_filters(filters, known_zone_filter); !checked) return checked.error();
  std::vector<ZoneOffer> out;
  const auto* spec = region_spec(region);
  if (!spec) return unsupported_region(region);
  for (const auto& zone : spec->zones) {
    for (const auto& type_name : zone.instance_types) {
      const auto* type = instance_type(type_name);
      if (!type) continue;
      const bool wanted = std::all_of(filters.begin(), filters.end(), [&](const Filter& f) {
        if (f.name == "zone") return is_one_of(f.values, zone.zone);
        if (f.name == "instance-type") return is_one_of(f.values, type->type);
        if (f.name == "instance-family") return is_one_of(f.values, type->family);
        return is_one_of(f.values, "POSTPAID_BY_HOUR");  // the only charge type the stand-in sells
      });
      if (wanted) out.push_back(ZoneOffer{zone.zone, *type, is_sold_out(region, zone.zone)});
    }
  }
  return out;
}

}  // namespace portal::sim::cloud
