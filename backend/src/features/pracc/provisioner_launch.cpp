// Launching bought servers (job pracc.launch) and what follows a launch the cloud refused, or whose
// answer was lost: the retries, the way back of a region switch, the refund.
#include "features/pracc/provisioner.hpp"

#include "features/pracc/provisioner_steps.hpp"
#include "features/pracc/rental_rules.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

namespace portal::pracc {

using namespace provisioner_steps;

namespace {

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

}  // namespace portal::pracc
