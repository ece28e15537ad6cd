#include "sim/cloud/instance_registry.hpp"

#include <arpa/inet.h>

#include <algorithm>
#include <stdexcept>

namespace portal::sim::cloud {

namespace {

constexpr std::size_t kMaxClientToken = 64;
constexpr std::size_t kMaxInstanceName = 128;
constexpr int kMaxInstanceCount = 100;
constexpr std::string_view kIdAlphabet = "0123456789abcdefghijklmnopqrstuvwxyz";

bool lower_alnum(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z'); });
}

// Tencent counts characters, not bytes.
std::size_t utf8_length(std::string_view text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::string missing(std::string_view parameter) {
  return "The request is missing a required parameter `" + std::string(parameter) + "`.";
}

std::uint32_t parse_ipv4(const std::string& text) {
  in_addr address{};
  if (::inet_pton(AF_INET, text.c_str(), &address) != 1) {
    throw std::invalid_argument("SimCloudSettings.first_public_ip is not an IPv4 address: " + text);
  }
  return ntohl(address.s_addr);
}

std::string ipv4_text(std::uint32_t value) {
  in_addr address{};
  address.s_addr = htonl(value);
  char text[INET_ADDRSTRLEN] = {};
  ::inet_ntop(AF_INET, &address, text, sizeof text);
  return text;
}

}  // namespace

core::Error unsupported_region(const std::string& region) {
  return cvm_error("UnsupportedRegion", "The region `" + region + "` is not supported.");
}

InstanceRegistry::InstanceRegistry(const SimCloudSettings& settings)
    : regions_(settings.regions),
      types_(settings.instance_types),
      templates_(settings.launch_templates),
      sold_out_(settings.sold_out.begin(), settings.sold_out.end()),
      settings_(settings),
      rng_(settings.seed != 0 ? settings.seed : std::random_device{}()),
      public_ip_base_(parse_ipv4(settings.first_public_ip)) {}

bool InstanceRegistry::knows_region(const std::string& region) const { return region_spec(region) != nullptr; }

bool InstanceRegistry::well_formed_instance_id(const std::string& id) {
  return id.size() == 12 && id.starts_with("ins-") && lower_alnum(std::string_view(id).substr(4));
}

const RegionSpec* InstanceRegistry::region_spec(const std::string& region) const {
  for (const auto& spec : regions_) {
    if (spec.region == region) return &spec;
  }
  return nullptr;
}

const InstanceTypeSpec* InstanceRegistry::instance_type(const std::string& type) const {
  for (const auto& spec : types_) {
    if (spec.type == type) return &spec;
  }
  return nullptr;
}

bool InstanceRegistry::is_sold_out(const std::string& region, const std::string& zone) const {
  return sold_out_.count(region) > 0 || sold_out_.count(zone) > 0;
}

void InstanceRegistry::set_sold_out(const std::string& region_or_zone, bool sold_out) {
  if (sold_out) {
    sold_out_.insert(region_or_zone);
  } else {
    sold_out_.erase(region_or_zone);
  }
}

int InstanceRegistry::instances_in(const std::string& region) const {
  return static_cast<int>(std::count_if(instances_.begin(), instances_.end(), [&region](const auto& entry) {
    return entry.second.region == region && entry.second.state != State::launch_failed;
  }));
}

std::string InstanceRegistry::fresh_id(std::string_view prefix) {
  for (;;) {
    std::string id(prefix);
    for (int i = 0; i < 8; ++i) id += kIdAlphabet[rng_() % kIdAlphabet.size()];
    if (used_ids_.insert(id).second) return id;
  }
}

std::string InstanceRegistry::fresh_uuid() {
  static constexpr std::string_view kHex = "0123456789abcdef";
  std::string out;
  for (int i = 0; i < 32; ++i) {
    if (i == 8 || i == 12 || i == 16 || i == 20) out += '-';
    char c = kHex[rng_() % 16];
    if (i == 12) c = '4';                   // version 4
    if (i == 16) c = kHex[8 + rng_() % 4];  // variant 10xx
    out += c;
  }
  return out;
}

std::string InstanceRegistry::next_public_ip() {
  std::set<std::string> taken;
  for (const auto& [id, instance] : instances_) taken.insert(instance.public_ip);
  // Counting up, so an address given up is not handed out again until the pool wraps around.
  for (std::uint32_t attempt = 0; attempt < (1u << 24); ++attempt) {
    const std::uint32_t value = public_ip_base_ + public_ip_next_++;
    if ((value >> 24) != 127) {
      public_ip_next_ = 0;
      continue;
    }
    const auto last = value & 0xFF;
    if (last == 0 || last == 255) continue;
    const auto text = ipv4_text(value);
    if (!taken.count(text)) return text;
  }
  throw std::runtime_error("sim cloud: no loopback address left for a public IP");
}

std::string InstanceRegistry::next_private_ip() {
  const std::uint32_t n = private_ip_next_++;
  return "10.0." + std::to_string(n / 250 % 256) + "." + std::to_string(n % 250 + 2);
}

std::string InstanceRegistry::reassign_public_ip(const std::string& id) {
  const auto found = instances_.find(id);
  if (found == instances_.end()) return {};
  found->second.public_ip = next_public_ip();
  return found->second.public_ip;
}

core::Status InstanceRegistry::check_launch(LaunchSpec& spec) const {
  if (!spec.launch_template_id.empty()) {
    const auto found = std::find_if(templates_.begin(), templates_.end(),
                                    [&spec](const auto& t) { return t.id == spec.launch_template_id; });
    if (found == templates_.end()) {
      return cvm_error("InvalidParameterValue.LaunchTemplateNotFound",
                       "The launch template `" + spec.launch_template_id + "` does not exist.");
    }
    if (spec.zone.empty()) spec.zone = found->zone;
    if (spec.instance_type.empty()) spec.instance_type = found->instance_type;
    if (spec.image_id.empty()) spec.image_id = found->image_id;
  }
  if (spec.count < 1 || spec.count > kMaxInstanceCount) {
    return cvm_error("InvalidParameterValue.Range", "InstanceCount must be between 1 and 100.");
  }
  const auto* region = region_spec(spec.region);
  if (!region) return unsupported_region(spec.region);
  if (spec.zone.empty()) return cvm_error("MissingParameter", missing("Placement.Zone"));
  const auto zone = std::find_if(region->zones.begin(), region->zones.end(),
                                 [&spec](const ZoneSpec& z) { return z.zone == spec.zone; });
  if (zone == region->zones.end()) {
    const bool elsewhere = std::any_of(regions_.begin(), regions_.end(), [&spec](const RegionSpec& r) {
      return std::any_of(r.zones.begin(), r.zones.end(), [&spec](const ZoneSpec& z) { return z.zone == spec.zone; });
    });
    if (elsewhere) {
      return cvm_error("InvalidZone.MismatchRegion",
                       "The zone `" + spec.zone + "` does not belong to the region `" + spec.region + "`.");
    }
    return cvm_error("InvalidParameterValue.ZoneNotSupported", "The zone `" + spec.zone + "` is not supported.");
  }
  if (spec.image_id.empty()) return cvm_error("MissingParameter", missing("ImageId"));
  if (spec.image_id.size() != 12 || !spec.image_id.starts_with("img-") ||
      !lower_alnum(std::string_view(spec.image_id).substr(4))) {
    return cvm_error("InvalidImageId.Malformed", "The image id `" + spec.image_id + "` is malformed.");
  }
  if (spec.instance_type.empty()) return cvm_error("MissingParameter", missing("InstanceType"));
  if (!instance_type(spec.instance_type)) {
    return cvm_error("InvalidParameterValue.InstanceTypeNotFound",
                     "The instance type `" + spec.instance_type + "` does not exist.");
  }
  if (!is_one_of(zone->instance_types, spec.instance_type)) {
    return cvm_error("ResourceInsufficient.SpecifiedInstanceType",
                     "The zone `" + spec.zone + "` does not sell the instance type `" + spec.instance_type + "`.");
  }
  if (utf8_length(spec.name) > kMaxInstanceName) {
    return cvm_error("InvalidInstanceName.TooLong", "InstanceName is longer than 128 characters.");
  }
  if (is_sold_out(spec.region, spec.zone)) {
    return cvm_error("ResourceInsufficient.AvailabilityZoneSoldOut",
                     "The zone `" + spec.zone + "` is sold out; try another zone.");
  }
  if (instances_in(spec.region) + spec.count > settings_.instance_quota_per_region) {
    return cvm_error("LimitExceeded.InstanceQuota", "The instance quota of the region `" + spec.region + "` (" +
                                                        std::to_string(settings_.instance_quota_per_region) +
                                                        ") does not allow " + std::to_string(spec.count) + " more.");
  }
  return core::Ok{};
}

core::Result<std::vector<std::string>> InstanceRegistry::launch(const LaunchSpec& request, std::int64_t now_ms) {
  settle(now_ms);
  if (request.client_token.size() > kMaxClientToken) {
    return cvm_error("InvalidClientToken.TooLong", "ClientToken must be at most 64 bytes.");
  }
  // The same token launches once: later calls answer the instances of the first.
  if (!request.client_token.empty()) {
    const auto known = by_client_token_.find(request.client_token);
    if (known != by_client_token_.end()) return known->second;
  }
  LaunchSpec spec = request;
  if (auto checked = check_launch(spec); !checked) return checked.error();
  if (spec.dry_run) {
    return cvm_error("DryRunOperation", "The request would have succeeded, but DryRun was set.");
  }
  std::vector<std::string> ids;
  const auto user_data = std::make_shared<const std::string>(spec.user_data);
  for (int i = 0; i < spec.count; ++i) {
    SimInstance instance;
    instance.id = fresh_id("ins-");
    instance.uuid = fresh_uuid();
    instance.name = spec.name.empty() ? "未命名" : spec.name;
    instance.region = spec.region;
    instance.zone = spec.zone;
    instance.instance_type = spec.instance_type;
    instance.image_id = spec.image_id;
    instance.private_ip = next_private_ip();
    instance.public_ip = next_public_ip();
    instance.user_data = user_data;
    instance.client_token = spec.client_token;
    instance.created_ms = now_ms;
    instance.state = State::pending;
    instance.since_ms = now_ms;
    instance.due_ms = now_ms + settings_.boot_delay.count();
    if (forced_failures_ > 0) {
      --forced_failures_;
      instance.fails_launch = true;
    } else {
      instance.fails_launch =
          std::uniform_int_distribution<int>(0, 99)(rng_) < std::clamp(settings_.launch_failure_percent, 0, 100);
    }
    instance.latest_request_id = spec.request_id;
    instance.seed = rng_();
    ids.push_back(instance.id);
    instances_.emplace(instance.id, std::move(instance));
  }
  if (!spec.client_token.empty()) by_client_token_[spec.client_token] = ids;
  return ids;
}

core::Status InstanceRegistry::find_all(const std::string& region, const std::vector<std::string>& ids) const {
  if (ids.empty()) return cvm_error("MissingParameter", missing("InstanceIds"));
  if (ids.size() > kMaxIdsPerCall) {
    return cvm_error("InvalidParameterValue.LimitExceeded", "At most 100 InstanceIds are allowed.");
  }
  for (const auto& id : ids) {
    if (!well_formed_instance_id(id)) {
      return cvm_error("InvalidInstanceId.Malformed", "The instance id `" + id + "` is malformed.");
    }
    const auto found = instances_.find(id);
    if (found == instances_.end() || found->second.region != region) {
      return cvm_error("InvalidInstanceId.NotFound", "The instance `" + id + "` does not exist.");
    }
  }
  return core::Ok{};
}

core::Status InstanceRegistry::operate(Operation operation, const std::string& region,
                                       const std::vector<std::string>& ids, const std::string& request_id,
                                       std::int64_t now_ms, bool stop_charging) {
  settle(now_ms);
  if (auto found = find_all(region, ids); !found) return found.error();
  // All or nothing: one instance in the wrong state refuses the whole call.
  for (const auto& id : ids) {
    if (auto refused = refusal(operation, instances_.at(id))) return *refused;
  }
  for (const auto& id : ids) {
    auto& instance = instances_.at(id);
    std::chrono::milliseconds delay{0};
    switch (operation) {
      case Operation::reboot:
        instance.state = State::rebooting;
        delay = settings_.reboot_delay;
        break;
      case Operation::stop:
        instance.state = State::stopping;
        instance.stop_charging = stop_charging;
        delay = settings_.stop_delay;
        break;
      case Operation::start:
        instance.state = State::starting;
        instance.stop_charging = false;
        if (instance.public_ip.empty()) instance.public_ip = next_public_ip();
        delay = settings_.start_delay;
        break;
      case Operation::terminate:
        instance.state = State::terminating;
        delay = settings_.terminate_delay;
        break;
    }
    instance.since_ms = now_ms;
    instance.due_ms = now_ms + delay.count();
    instance.latest_operation = std::string(action_name(operation));
    instance.latest_request_id = request_id;
  }
  return core::Ok{};
}

void InstanceRegistry::settle(std::int64_t now_ms) {
  const auto interval = settings_.demo_interval.count();
  for (auto it = instances_.begin(); it != instances_.end();) {
    auto& instance = it->second;
    const auto settled = settle_state(instance, now_ms);
    if (settled.moved) ++transitions_;
    if (settled.removed) {
      it = instances_.erase(it);
      continue;
    }
    if (instance.state == State::running && interval > 0) {
      while (instance.recording_since_ms + interval <= now_ms) {
        recordings_.push_back(Recording{.instance_id = instance.id,
                                        .started_ms = instance.recording_since_ms,
                                        .ended_ms = instance.recording_since_ms + interval,
                                        .seed = instance.seed ^ (0x9E3779B97F4A7C15ULL * ++instance.recordings),
                                        .user_data = instance.user_data});
        instance.recording_since_ms += interval;
      }
    }
    ++it;
  }
}

std::vector<Recording> InstanceRegistry::take_recordings() {
  std::vector<Recording> out;
  out.swap(recordings_);
  return out;
}

std::vector<SimInstance> InstanceRegistry::all() const {
  std::vector<SimInstance> out;
  out.reserve(instances_.size());
  for (const auto& [id, instance] : instances_) out.push_back(instance);
  return out;
}

const SimInstance* InstanceRegistry::find(const std::string& id) const {
  const auto found = instances_.find(id);
  return found == instances_.end() ? nullptr : &found->second;
}

}  // namespace portal::sim::cloud
