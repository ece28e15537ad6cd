#include "features/pracc/rental_service.hpp"

#include "features/pracc/errors.hpp"
#include "features/pracc/rental_rules.hpp"

#include <algorithm>
#include <set>

namespace portal::pracc {

namespace {

constexpr std::size_t kTeammatesShown = 50;
// A failed or terminated server stays on its owner's list this long, so the owner sees what became
// of it (and of the money), then leaves it.
constexpr std::int64_t kGoneShownSeconds = 7 * 86400;

bool gone(const RentalServer& s) {
  return s.phase == Phase::terminated || s.phase == Phase::failed || s.phase == Phase::relocated;
}

bool expired_now(const RentalServer& s, std::int64_t now) {
  return is_expired(s.expires_at, now) || s.phase == Phase::expired || s.phase == Phase::terminating ||
         s.phase == Phase::terminated;
}

bool known_region(const RentalSettings& settings, const std::string& region) {
  return std::find(settings.regions.begin(), settings.regions.end(), region) != settings.regions.end();
}

}  // namespace

std::string actor_of(const Caller& caller) { return "user:" + std::to_string(caller.user_id); }

core::Result<RentalService::Access> RentalService::visible(const Caller& caller, const std::string& id) const {
  auto found = d_.servers.find(id);
  if (!found || found->phase == Phase::relocated) return errors::server_not_found();
  Access access{std::move(*found), false};
  access.is_owner = access.server.owner_user_id == caller.user_id;
  const bool admin =
      !caller.steam_id.empty() && std::any_of(access.server.admins.begin(), access.server.admins.end(),
                                              [&](const ServerAdmin& a) { return a.steam_id == caller.steam_id; });
  if (!access.is_owner && !admin) return errors::server_not_found();
  return access;
}

core::Result<RentalService::Access> RentalService::owned(const Caller& caller, const std::string& id) const {
  auto access = visible(caller, id);
  if (!access) return access.error();
  if (!access->is_owner) return errors::owner_only();
  if (access->server.maintenance) return errors::busy_state("in maintenance");
  if (expired_now(access->server, d_.now_unix())) return errors::server_expired();
  return access;
}

std::vector<ServerView> RentalService::list(const Caller& caller) const {
  const std::int64_t now = d_.now_unix();
  std::vector<ServerView> out;
  for (auto& server : d_.servers.for_user(caller.user_id, caller.steam_id)) {
    if (gone(server) && server.phase != Phase::relocated && now - server.phase_since > kGoneShownSeconds) continue;
    const bool owner = server.owner_user_id == caller.user_id;
    const bool expired = expired_now(server, now);
    out.push_back({std::move(server), owner, expired});
  }
  return out;
}

core::Status RentalService::change_password(const Caller& caller, const std::string& id, const std::string& password) {
  auto access = owned(caller, id);
  if (!access) return access.error();
  auto checked = checked_join_password(password);
  if (!checked) return checked.error();
  const RentalServer& server = access->server;
  if (server.phase == Phase::running) {
    auto answered = d_.console.run(server, password_command(*checked));
    if (!answered) return errors::console_unavailable(answered.error().message);
  } else if (!server.cloud_instance_id.empty()) {
    // Booting or rebooting: the console is not there to take it, and the boot would not know it.
    return errors::busy_state(web_status(server));
  }
  ServerChange change;
  change.join_password = *checked;
  if (!d_.servers.change(id, {}, change, d_.now_unix(), actor_of(caller), "rental.password")) {
    return errors::server_not_found();
  }
  return core::Ok{};
}

core::Result<RentalService::AdminList> RentalService::admins(const Caller& caller, const std::string& id) const {
  auto access = visible(caller, id);
  if (!access) return access.error();
  return AdminList{access->server.admins, access->is_owner, access->server.name};
}

core::Result<RentalService::AdminList> RentalService::set_admins(const Caller& caller, const std::string& id,
                                                                 std::vector<ServerAdmin> admins) {
  auto access = owned(caller, id);
  if (!access) return access.error();
  auto checked = checked_admins(std::move(admins));
  if (!checked) return checked.error();
  const RentalServer& server = access->server;
  if (server.phase == Phase::running) {
    auto answered = d_.console.run(server, admins_command(*checked));
    if (!answered) return errors::console_unavailable(answered.error().message);
    if (auto applied = check_admins_reply(*answered, checked->size()); !applied) {
      return errors::console_unavailable(applied.error().message);
    }
  }
  // Not running: the list is applied by the provisioning job when the server comes up.
  d_.servers.replace_admins(id, server.owner_steam_id, *checked, d_.now_unix(), actor_of(caller));
  return AdminList{std::move(*checked), true, server.name};
}

core::Result<std::vector<RentalRepository::Teammate>> RentalService::teammates(const Caller& caller,
                                                                               const std::string& id) const {
  auto access = visible(caller, id);
  if (!access) return access.error();
  // The owner's circle is the owner's to see; a member gets an empty list, not someone else's.
  if (!access->is_owner) return std::vector<RentalRepository::Teammate>{};
  return d_.servers.teammates(access->server.owner_steam_id, kTeammatesShown);
}

core::Result<std::vector<DemoFile>> RentalService::demos(const Caller& caller, const std::string& id) const {
  auto access = visible(caller, id);
  if (!access) return access.error();
  if (expired_now(access->server, d_.now_unix())) return errors::server_expired();
  const std::string prefix = demo_prefix(id);
  auto listed = d_.store.list(prefix);
  if (!listed) return listed.error();
  std::vector<DemoFile> out;
  for (const auto& object : *listed) {
    if (object.key.size() <= prefix.size() || !object.key.ends_with(".dem")) continue;
    out.push_back({object.key.substr(prefix.size()), object.size, object.modified_at});
  }
  std::sort(out.begin(), out.end(), [](const DemoFile& a, const DemoFile& b) { return a.name > b.name; });
  return out;
}

core::Result<std::string> RentalService::demo_link(const Caller& caller, const std::string& id,
                                                   const std::string& name) const {
  auto listed = demos(caller, id);
  if (!listed) return listed.error();
  const bool exists = std::any_of(listed->begin(), listed->end(), [&](const DemoFile& d) { return d.name == name; });
  if (!exists) return errors::demo_not_found();
  return d_.store.download_url(demo_prefix(id) + name, std::chrono::seconds(d_.settings.demo_link_seconds));
}

core::Result<std::vector<RegionView>> RentalService::regions(cloud::Tier tier) {
  const std::int64_t now = d_.now_unix();
  const int slot = tier == cloud::Tier::premium ? 1 : 0;
  std::vector<cloud::RegionStatus> sale;
  {
    std::lock_guard lock(region_cache_mutex_);
    if (now - region_cache_at_[slot] < d_.settings.region_cache_seconds) sale = region_cache_[slot];
  }
  if (sale.empty()) {
    auto asked = d_.compute.region_status(d_.settings.regions, tier);
    if (!asked) return asked.error();
    sale = std::move(*asked);
    std::lock_guard lock(region_cache_mutex_);
    region_cache_[slot] = sale;
    region_cache_at_[slot] = now;
  }
  const auto settings = d_.servers.region_settings();
  std::vector<RegionView> out;
  for (const auto& region : d_.settings.regions) {
    RegionView view{region, false, false};
    bool enabled = true;
    for (const auto& s : settings) {
      if (s.region != region) continue;
      enabled = s.enabled;
      view.recommended = s.recommended;
    }
    const bool selling = std::any_of(sale.begin(), sale.end(),
                                     [&](const cloud::RegionStatus& r) { return r.region == region && r.available; });
    view.available = enabled && selling && d_.servers.count_active_in(region) < d_.settings.max_servers_per_region;
    out.push_back(view);
  }
  return out;
}

core::Result<std::string> RentalService::switch_region(const Caller& caller, const std::string& id,
                                                       const std::string& target) {
  auto access = owned(caller, id);
  if (!access) return access.error();
  const RentalServer& server = access->server;
  if (!server.relocatable()) return errors::not_relocatable();
  if (!known_region(d_.settings, target)) return core::validation_failed("targetRegion", "unknown region " + target);
  if (target == server.region) return errors::same_region();
  if (server.phase != Phase::running) return errors::busy_state(web_status(server));
  const std::int64_t now = d_.now_unix();
  const std::int64_t day = gmt8_day_start(now);
  if (d_.servers.switches_since(id, day) >= kSwitchesPerDay) return errors::switch_limit_exceeded();
  auto offered = regions(cloud::Tier::premium);
  if (!offered) return offered.error();
  const bool available = std::any_of(offered->begin(), offered->end(),
                                     [&](const RegionView& r) { return r.region == target && r.available; });
  if (!available) return errors::region_unavailable(target);

  RentalServer next = server;
  next.id = new_server_id();
  next.region = target;
  next.phase = Phase::switching;
  next.cloud_instance_id.clear();
  next.cloud_state.clear();
  next.public_ip.clear();
  next.order_id.clear();
  next.relocated_from = server.id;
  next.launch_attempts = 0;
  next.next_launch_at = now;
  next.busy_until = 0;
  // The new card takes the old one's place in the list.
  next.created_at = server.created_at;
  if (!d_.servers.switch_region(id, next, day, kSwitchesPerDay, now, actor_of(caller))) {
    // Another switch (or a restart) got there first.
    if (d_.servers.switches_since(id, day) >= kSwitchesPerDay) return errors::switch_limit_exceeded();
    return errors::busy_state("changing");
  }
  return next.id;
}

core::Status RentalService::reboot(const Access& access, Phase phase, const std::string& action, const Caller& caller,
                                   const std::string& request) {
  const RentalServer& server = access.server;
  const std::int64_t now = d_.now_unix();
  if (server.phase != Phase::running) return errors::busy_state(web_status(server));
  if (server.busy_until > now) return errors::restart_locked(server.busy_until - now);
  // Without a bucket the machine has no way to hear the request: its boot updates the game anyway.
  const bool asks = !request.empty() && !d_.settings.demo_bucket.empty();
  const std::string control = cloud::control_object_key(server.id, request);
  if (asks) {
    if (auto written = d_.store.put(control, "requested at " + std::to_string(now) + "\n"); !written) {
      return written.error();
    }
  }
  auto rebooted = d_.compute.reboot(server.region, {server.cloud_instance_id});
  if (!rebooted) {
    // A later plain restart must not validate for a request that never happened.
    if (asks) (void)d_.store.remove(control);
    return rebooted.error();
  }
  ServerChange change;
  change.phase = phase;
  change.busy_until = now + kRestartLockSeconds;
  if (!d_.servers.change(server.id, {Phase::running}, change, now, actor_of(caller), action)) {
    return errors::busy_state("changing");
  }
  return core::Ok{};
}

core::Status RentalService::restart(const Caller& caller, const std::string& id) {
  auto access = visible(caller, id);
  if (!access) return access.error();
  if (access->server.maintenance) return errors::busy_state("in maintenance");
  // An expired server's instance is stopped: renewing starts it again, a restart cannot.
  if (expired_now(access->server, d_.now_unix())) return errors::server_expired();
  return reboot(*access, Phase::restarting, "rental.restart", caller);
}

core::Status RentalService::maintain(const Caller& caller, const std::string& id, Maintenance what) {
  auto access = owned(caller, id);
  if (!access) return access.error();
  return what == Maintenance::verify ? reboot(*access, Phase::verifying, "rental.verify", caller, "validate")
                                     : reboot(*access, Phase::updating, "rental.update", caller, "update");
}

}  // namespace portal::pracc
