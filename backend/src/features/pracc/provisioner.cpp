#include "features/pracc/provisioner.hpp"

#include "features/pracc/provisioner_steps.hpp"
#include "features/pracc/rental_rules.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <map>

namespace portal::pracc {

using namespace provisioner_steps;

namespace {

constexpr std::size_t kDescribeBatch = 100;  // DescribeInstances takes at most 100 ids
constexpr std::int64_t kGameStartLimitSeconds = 30 * 60;

const std::vector<Phase> kRebooting = {Phase::restarting, Phase::updating, Phase::verifying};
const std::vector<Phase> kUp = {Phase::running, Phase::restarting, Phase::updating, Phase::verifying, Phase::starting};

}  // namespace

bool Provisioner::apply_settings(const RentalServer& server) {
  // A reboot reads the server's first configuration again: the password and admins set since then
  // are applied once more.
  if (!d_.console.run(server, password_command(server.join_password))) return false;
  auto answered = d_.console.run(server, admins_command(server.admins));
  if (!answered) return false;
  if (auto applied = check_admins_reply(*answered, server.admins.size()); !applied) {
    spdlog::warn("pracc: {}: {}", server.id, applied.error().message);
    return false;
  }
  return true;
}

void Provisioner::bring_up(const RentalServer& server, const cloud::InstanceInfo& instance) {
  if (!d_.run_console_work) {
    became_running(server, instance);
    return;
  }
  {
    std::lock_guard lock(bringing_up_mutex_);
    if (!bringing_up_.insert(server.id).second) return;  // the earlier sync's work is still at it
  }
  d_.run_console_work([this, server, instance] {
    try {
      became_running(server, instance);
    } catch (const std::exception& error) {
      spdlog::error("pracc: bringing {} up failed: {}", server.id, error.what());
    }
    std::lock_guard lock(bringing_up_mutex_);
    bringing_up_.erase(server.id);
  });
}

void Provisioner::became_running(const RentalServer& server, const cloud::InstanceInfo& instance) {
  // The machine runs; the server is running once the game answers its console with the settings
  // applied (a first boot installs the game: minutes). Until then it keeps its phase, and the next
  // sync tries again; a game that never answers is declared running after kGameStartLimit anyway.
  RentalServer candidate = server;
  if (!instance.public_ip.empty()) candidate.public_ip = instance.public_ip;
  const std::int64_t now = d_.now_unix();
  if (!apply_settings(candidate)) {
    if (now - server.phase_since < kGameStartLimitSeconds) {
      ServerChange seen;
      // A rebooting server keeps its REBOOTING: it is what tells the next sync the reboot happened.
      if (server.cloud_state != "RUNNING" && !in_phases(server.phase, kRebooting)) seen.cloud_state = "RUNNING";
      if (candidate.public_ip != server.public_ip) seen.public_ip = candidate.public_ip;
      if (seen.cloud_state || seen.public_ip) d_.servers.change(server.id, {server.phase}, seen, now, kActor, "");
      return;
    }
    spdlog::warn("pracc: {} runs but its game has not answered for {} s; shown as running", server.id,
                 now - server.phase_since);
  }
  ServerChange change;
  change.phase = Phase::running;
  change.cloud_state = "RUNNING";
  if (!instance.public_ip.empty()) change.public_ip = instance.public_ip;
  const std::vector<Phase> from = in_phases(server.phase, kLaunching) ? kLaunching : kUp;
  d_.servers.change(server.id, from, change, now, kActor, "rental.running");
}

SyncReport Provisioner::sync() {
  SyncReport report;
  const std::int64_t now = d_.now_unix();
  std::map<std::string, std::vector<RentalServer>> by_region;
  for (auto& server :
       d_.servers.in_phases({Phase::creating, Phase::switching, Phase::running, Phase::restarting, Phase::updating,
                             Phase::verifying, Phase::starting, Phase::expired, Phase::terminating, Phase::relocated},
                            kBatch)) {
    if (server.cloud_instance_id.empty() || server.cloud_state == "TERMINATED") continue;
    by_region[server.region].push_back(std::move(server));
  }
  for (auto& [region, servers] : by_region) {
    std::vector<std::string> ids;
    for (const auto& s : servers) ids.push_back(s.cloud_instance_id);
    report.servers += static_cast<int>(ids.size());
    report.cloud_calls += static_cast<int>((ids.size() + kDescribeBatch - 1) / kDescribeBatch);
    auto described = d_.compute.describe(region, ids);
    if (!described) {
      spdlog::warn("pracc: describing {} instances in {} failed: {}", ids.size(), region, described.error().message);
      continue;
    }
    std::map<std::string, cloud::InstanceInfo> by_id;
    for (auto& info : *described) by_id[info.instance_id] = std::move(info);
    for (const auto& server : servers) {
      auto found = by_id.find(server.cloud_instance_id);
      if (found == by_id.end()) continue;
      const cloud::InstanceInfo& info = found->second;
      const std::string state(cloud::to_string(info.state));
      if (in_phases(server.phase, kLaunching) && info.state == cloud::InstanceState::running) {
        bring_up(server, info);
        ++report.changed;
        continue;
      }
      if (in_phases(server.phase, kLaunching) && info.state == cloud::InstanceState::launch_failed) {
        (void)d_.compute.terminate(region, {server.cloud_instance_id});
        launch_failed(
            server,
            core::Error::make(core::ErrorKind::unavailable, "CLOUD_LAUNCH_FAILED", "the instance failed to launch"),
            true);
        ++report.changed;
        continue;
      }
      // Back from a reboot once a sync saw it go (REBOOTING) and come back; if the reboot was too quick
      // to be seen, the end of the restart lock is taken as proof.
      const bool rebooted =
          in_phases(server.phase, kRebooting) && (server.cloud_state == "REBOOTING" || now >= server.busy_until);
      if ((rebooted || server.phase == Phase::starting) && info.state == cloud::InstanceState::running) {
        bring_up(server, info);
        ++report.changed;
        continue;
      }
      ServerChange change;
      if (state != server.cloud_state) change.cloud_state = state;
      if (!info.public_ip.empty() && info.public_ip != server.public_ip) change.public_ip = info.public_ip;
      // Stopped without charges (StoppedMode STOP_CHARGING): the address was released, and a start
      // brings a new one, so the old one is no longer shown to connect to.
      if (info.state == cloud::InstanceState::stopped && info.public_ip.empty() && !server.public_ip.empty()) {
        change.public_ip = "";
      }
      if (server.phase == Phase::terminating && info.state == cloud::InstanceState::terminated) {
        change.phase = Phase::terminated;
      }
      if (!change.cloud_state && !change.phase && !change.public_ip) continue;
      const bool gone =
          d_.servers.change(server.id, {server.phase}, change, now, kActor, change.phase ? "rental.terminated" : "") &&
          change.phase == Phase::terminated;
      // Once more now that the machine is gone: a last upload may have landed after the first delete.
      if (gone) remove_demos(server);
      ++report.changed;
    }
  }
  return report;
}

void Provisioner::remove_demos(const RentalServer& server) {
  if (!d_.store) return;
  if (auto removed = d_.store->remove_prefix(demo_prefix(server.id)); !removed) {
    spdlog::warn("pracc: deleting the demos of {} failed: {}", server.id, removed.error().message);
  }
}

bool Provisioner::end_machine(const RentalServer& server) {
  // A terminating server: past its grace period, or taken back by a refund. Its machine goes, and
  // its demos with it; a server that never had one (or lost it) is terminated at once.
  const std::int64_t now = d_.now_unix();
  const bool launched = !server.cloud_instance_id.empty() && server.cloud_state != "TERMINATED";
  if (launched && server.cloud_state == "TERMINATING") return false;  // the sync sees it go
  if (launched && !d_.compute.terminate(server.region, {server.cloud_instance_id})) return false;
  remove_demos(server);
  ServerChange change;
  if (launched) {
    change.cloud_state = "TERMINATING";
  } else {
    change.phase = Phase::terminated;
  }
  if (!d_.servers.change(server.id, {Phase::terminating}, change, now, kActor,
                         launched ? "rental.terminate_instance" : "rental.terminated")) {
    return false;
  }
  if (has_reminder(server.reminded, "refunded") && d_.notify_owner) d_.notify_owner(server, "revoked");
  return true;
}

int Provisioner::lifecycle() {
  const std::int64_t now = d_.now_unix();
  int acted = 0;
  for (const auto& server :
       d_.servers.in_phases({Phase::creating, Phase::switching, Phase::running, Phase::restarting, Phase::updating,
                             Phase::verifying, Phase::starting, Phase::expired, Phase::terminating, Phase::relocated},
                            kBatch)) {
    const std::vector<std::string> ids = {server.cloud_instance_id};
    // A machine the cloud no longer lists (removed from its console, or a demo stand-in that was
    // restarted) is not asked to stop or go: the server moves on without it.
    const bool launched = !server.cloud_instance_id.empty() && server.cloud_state != "TERMINATED";
    if (server.phase == Phase::relocated) {
      // The old half of a region switch: its instance goes (its demos and logs with it).
      if (!launched || server.cloud_state == "TERMINATING" || server.cloud_state == "TERMINATED") continue;
      if (d_.compute.terminate(server.region, ids)) {
        // Its demos and logs stay behind (spec 001 section 9): deleted with the machine.
        remove_demos(server);
        ServerChange change;
        change.cloud_state = "TERMINATING";
        d_.servers.change(server.id, {Phase::relocated}, change, now, kActor, "rental.terminate");
        ++acted;
      }
      continue;
    }
    if (server.phase == Phase::terminating) {
      if (end_machine(server)) ++acted;
      continue;
    }
    if (has_reminder(server.reminded, "renewal_refunded")) {
      // A refund took a renewal's hours back (rental_revocations.cpp): the owner learns the expiry.
      if (d_.notify_owner) d_.notify_owner(server, "renewal_refunded");
      ServerChange told;
      told.reminded = without_reminder(server.reminded, "renewal_refunded");
      d_.servers.change(server.id, {server.phase}, told, now, kActor, "rental.remind");
      ++acted;
      continue;  // the rest is looked at on the next run, with the notice gone from `reminded`
    }
    if (server.phase == Phase::expired) {
      if (now < server.expires_at + d_.settings.grace_seconds) continue;
      ServerChange change;
      change.phase = Phase::terminating;
      if (!d_.servers.change(server.id, {Phase::expired}, change, now, kActor, "rental.terminate")) continue;
      RentalServer ending = server;
      ending.phase = Phase::terminating;
      end_machine(ending);
      ++acted;
      continue;
    }
    if (is_expired(server.expires_at, now)) {
      if (launched && !d_.compute.stop(server.region, ids)) continue;
      ServerChange change;
      change.phase = Phase::expired;
      if (launched) change.cloud_state = "STOPPING";
      d_.servers.change(server.id, {server.phase}, change, now, kActor, "rental.expire");
      ++acted;
      continue;
    }
    if (server.phase == Phase::starting && launched && server.cloud_state == "STOPPED") {
      if (d_.compute.start(server.region, ids)) {
        ServerChange change;
        change.cloud_state = "STARTING";
        d_.servers.change(server.id, {Phase::starting}, change, now, kActor, "rental.start");
        ++acted;
      }
      continue;
    }
    const std::int64_t left = server.expires_at - now;
    ServerChange reminder;
    if (server.phase == Phase::running && left <= 600 && !has_reminder(server.reminded, "10m")) {
      if (d_.console.run(server, warning_command("This server expires in 10 minutes. Renew it on the portal."))) {
        reminder.reminded = with_reminder(server.reminded, "10m");
      }
    } else if (left <= 3600 && !has_reminder(server.reminded, "1h")) {
      if (d_.notify_owner) d_.notify_owner(server, "expires_1h");
      reminder.reminded = with_reminder(with_reminder(server.reminded, "24h"), "1h");
    } else if (left <= 86400 && left > 82800 && !has_reminder(server.reminded, "24h")) {
      // Only in the first hour of the last day: a server bought for 8 hours is not told "a day left".
      if (d_.notify_owner) d_.notify_owner(server, "expires_24h");
      reminder.reminded = with_reminder(server.reminded, "24h");
    }
    if (reminder.reminded) {
      d_.servers.change(server.id, {server.phase}, reminder, now, kActor, "rental.remind");
      ++acted;
    }
  }
  return acted;
}

}  // namespace portal::pracc
