#include "features/pracc/provisioner.hpp"

#include "features/pracc/rental_rules.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <map>

namespace portal::pracc {

namespace {

constexpr const char* kActor = "job:pracc";
constexpr std::size_t kBatch = 5000;
constexpr std::size_t kDescribeBatch = 100;  // DescribeInstances takes at most 100 ids
constexpr std::int64_t kGameStartLimitSeconds = 30 * 60;

const std::vector<Phase> kLaunching = {Phase::creating, Phase::switching};
const std::vector<Phase> kRebooting = {Phase::restarting, Phase::updating, Phase::verifying};
const std::vector<Phase> kUp = {Phase::running, Phase::restarting, Phase::updating, Phase::verifying, Phase::starting};

bool in(Phase phase, const std::vector<Phase>& phases) {
  return std::find(phases.begin(), phases.end(), phase) != phases.end();
}

// The wait before the n-th try beyond the usual attempts: doubling from the retry interval, at most
// an hour, so a stranded server is tried all through its time without hammering the cloud.
std::int64_t backoff_seconds(int beyond, std::int64_t retry_seconds) {
  constexpr std::int64_t kMaxWait = 3600;
  std::int64_t wait = std::max<std::int64_t>(retry_seconds, 1);
  for (int i = 0; i < beyond && wait < kMaxWait; ++i) wait *= 2;
  return std::min(wait, kMaxWait);
}

}  // namespace

cloud::ServerBootstrap bootstrap_for(const RentalServer& server, const RentalSettings& settings,
                                     const std::string& plugin_key) {
  cloud::ServerBootstrap b;
  b.server_ref = server.id;
  b.server_name = server.name;
  b.join_password = server.join_password;
  b.rcon_password = server.rcon_password;
  b.game_port = server.game_port;
  b.max_players = settings.max_players;
  for (const auto& admin : server.admins) b.admins.push_back(admin.steam_id);
  b.portal_url = settings.portal_url;
  b.portal_key = plugin_key;
  b.demo_bucket = settings.demo_bucket;
  b.demo_region = settings.demo_region;
  b.demo_prefix = demo_prefix(server.id);
  return b;
}

int Provisioner::launch_due() {
  const std::int64_t now = d_.now_unix();
  int launched = 0;
  for (const auto& server : d_.servers.in_phases(kLaunching, kBatch)) {
    if (!server.cloud_instance_id.empty() || server.next_launch_at > now) continue;
    if (is_expired(server.expires_at, now)) continue;  // the lifecycle job expires it instead
    launch(server);
    ++launched;
  }
  return launched;
}

void Provisioner::launch(const RentalServer& server) {
  cloud::LaunchRequest request;
  request.region = server.region;
  request.tier = server.tier == RentalTier::premium ? cloud::Tier::premium : cloud::Tier::basic;
  request.name = server.id;
  // One token per attempt, so an attempt after a refusal launches a new instance; but after a launch
  // whose answer was lost, the same token again, so the machine the cloud may have made is answered
  // instead of a second one being made beside it.
  request.client_token =
      server.launch_token.empty() ? server.id + "-" + std::to_string(server.launch_attempts) : server.launch_token;
  request.bootstrap = bootstrap_for(server, d_.settings, d_.plugin_key ? d_.plugin_key(server) : std::string());
  auto launched = d_.compute.launch(request);
  if (!launched) {
    const auto* lost = launched.error().details.if_contains("answer_lost");
    launch_failed(server, launched.error(), false,
                  lost && lost->is_bool() && lost->as_bool() ? request.client_token : std::string());
    return;
  }
  ServerChange change;
  change.cloud_instance_id = *launched;
  change.cloud_state = "PENDING";
  change.launch_attempts = server.launch_attempts + 1;
  if (!server.launch_token.empty()) change.launch_token = "";
  if (!d_.servers.change(server.id, kLaunching, change, d_.now_unix(), kActor, "rental.launch")) {
    // The server moved on while the cloud launched (refunded, expired): nobody would ever end it.
    spdlog::warn("pracc: {} is no longer launching; terminating the instance {} just launched", server.id, *launched);
    (void)d_.compute.terminate(server.region, {*launched});
  }
}

void Provisioner::launch_failed(const RentalServer& server, const core::Error& error, bool counted,
                                const std::string& unanswered_token) {
  const std::int64_t now = d_.now_unix();
  // A refused RunInstances is an attempt of its own; a machine that failed after launching was
  // counted when it was launched.
  const int attempts = counted ? server.launch_attempts : server.launch_attempts + 1;
  spdlog::warn("pracc: launching {} in {} failed (attempt {}): {} {}", server.id, server.region, attempts, error.code,
               error.message);
  ServerChange change;
  change.cloud_instance_id = "";
  change.cloud_state = "";
  change.launch_attempts = attempts;
  if (unanswered_token != server.launch_token) change.launch_token = unanswered_token;
  if (!unanswered_token.empty() && attempts >= d_.settings.launch_attempts) {
    // The machine may exist: the money goes back only after the cloud has answered this token (with
    // the machine, or with a refusal), however long that takes; meanwhile the card says CREATING.
    const std::int64_t wait = backoff_seconds(attempts - d_.settings.launch_attempts, d_.settings.launch_retry_seconds);
    spdlog::error(
        "pracc: the cloud did not answer the launch of {} (attempt {}); asking again with the same "
        "token in {} s before any refund",
        server.id, attempts, wait);
    change.next_launch_at = now + wait;
    d_.servers.change(server.id, kLaunching, change, now, kActor, "rental.launch_unanswered");
    return;
  }
  if (attempts < d_.settings.launch_attempts) {
    change.next_launch_at = now + d_.settings.launch_retry_seconds * attempts;
    d_.servers.change(server.id, kLaunching, change, now, kActor, "rental.launch_retry");
    return;
  }
  if (!server.relocated_from.empty()) {
    // The target region would not take the server: it goes back where it came from, with fresh attempts.
    auto previous = d_.servers.find(server.relocated_from);
    if (previous && previous->region != server.region) {
      change.region = previous->region;
      change.launch_attempts = 0;
      change.next_launch_at = now;
      d_.servers.change(server.id, kLaunching, change, now, kActor, "rental.switch_back");
      return;
    }
    if (previous) {
      // Its old region refuses too. The time is paid for and partly used, and the payment engine
      // refunds only whole orders (docs/pracc.md): it keeps trying there, ever more slowly, until its
      // expiry ends it. The card says LAUNCH_RETRYING meanwhile.
      const std::int64_t wait =
          backoff_seconds(attempts - d_.settings.launch_attempts, d_.settings.launch_retry_seconds);
      spdlog::error(
          "pracc: {} (switched from {}) cannot be launched in {} either (attempt {}): {}; trying again in "
          "{} s until its expiry",
          server.id, previous->id, server.region, attempts, error.code, wait);
      change.cloud_state = "LAUNCH_FAILED";
      change.next_launch_at = now + wait;
      d_.servers.change(server.id, kLaunching, change, now, kActor, "rental.launch_backoff");
      return;
    }
  }
  change.phase = Phase::failed;
  if (!d_.servers.change(server.id, kLaunching, change, now, kActor, "rental.failed")) return;
  if (!server.order_id.empty() && d_.refund_order) {
    auto refunded = d_.refund_order(server.order_id, "the server could not be launched: " + error.message);
    if (!refunded) {
      spdlog::error("pracc: refunding {} for {} failed: {} (held for the operator)", server.order_id, server.id,
                    refunded.error().message);
    }
  }
  if (d_.notify_owner) d_.notify_owner(server, "refunded");
}

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
      if (server.cloud_state != "RUNNING" && !in(server.phase, kRebooting)) seen.cloud_state = "RUNNING";
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
  const std::vector<Phase> from = in(server.phase, kLaunching) ? kLaunching : kUp;
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
      if (in(server.phase, kLaunching) && info.state == cloud::InstanceState::running) {
        bring_up(server, info);
        ++report.changed;
        continue;
      }
      if (in(server.phase, kLaunching) && info.state == cloud::InstanceState::launch_failed) {
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
          in(server.phase, kRebooting) && (server.cloud_state == "REBOOTING" || now >= server.busy_until);
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
