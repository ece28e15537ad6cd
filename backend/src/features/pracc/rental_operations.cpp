#include "features/pracc/rental_operations.hpp"

#include "core/text.hpp"
#include "core/utf8.hpp"
#include "features/pracc/provisioner_steps.hpp"
#include "features/pracc/rental_rules.hpp"

#include <algorithm>

namespace portal::pracc {

namespace {

// A server that still has an instance or will have one; the others are history.
const std::vector<Phase> kLive = {Phase::creating, Phase::running,   Phase::restarting,
                                  Phase::updating, Phase::verifying, Phase::switching,
                                  Phase::expired,  Phase::starting,  Phase::terminating};
// What a renewal may extend: running, booting, or asleep in its grace period (rental_orders.cpp).
const std::vector<Phase> kExtendable = {Phase::creating,  Phase::running,   Phase::restarting, Phase::updating,
                                        Phase::verifying, Phase::switching, Phase::expired,    Phase::starting};
// What has time left to end.
const std::vector<Phase> kEndable = {Phase::creating,  Phase::running,   Phase::restarting, Phase::updating,
                                     Phase::verifying, Phase::switching, Phase::starting};

core::Error not_found(const std::string& id) {
  return core::Error::make(core::ErrorKind::not_found, "SERVER_NOT_FOUND", "no rental server " + id);
}

core::Error refused_in(const RentalServer& s, const std::string& what) {
  return core::Error::make(core::ErrorKind::conflict, "SERVER_BUSY_STATE",
                           "server " + s.id + " is " + std::string(to_string(s.phase)) + ": " + what,
                           {{"status", web_status(s)}, {"phase", to_string(s.phase)}});
}

core::Error changed_meanwhile(const std::string& id) {
  return core::Error::make(core::ErrorKind::conflict, "SERVER_CHANGED",
                           "server " + id + " changed meanwhile (a job or its owner acted): try again");
}

}  // namespace

core::Result<std::string> checked_maintenance_text(std::string_view text) {
  const std::string_view trimmed = core::trim_text(text);
  const auto length = core::utf8_length(trimmed);
  if (!length) return core::validation_failed("text", "the maintenance text is not valid UTF-8");
  if (*length == 0) return core::validation_failed("text", "the maintenance text is empty");
  if (*length > kMaintenanceTextMaxChars) {
    return core::validation_failed("text", "the maintenance text has " + std::to_string(*length) +
                                               " characters: at most " + std::to_string(kMaintenanceTextMaxChars));
  }
  for (std::size_t at = 0; at < trimmed.size();) {
    const auto decoded = core::decode_utf8(trimmed, at);
    if (core::is_control_char(decoded->first)) {
      return core::validation_failed("text", "the maintenance text is one line without control characters");
    }
    at += decoded->second;
  }
  return std::string(trimmed);
}

core::Result<RentalServer> RentalOperations::found(const std::string& id) const {
  auto server = d_.servers.find(id);
  if (!server) return not_found(id);
  return std::move(*server);
}

core::Result<RentalServer> RentalOperations::apply(const RentalServer& server, const ServerChange& change,
                                                   const std::string& actor, const std::string& action) {
  if (!d_.servers.change(server.id, {server.phase}, change, d_.now_unix(), actor, action)) {
    return changed_meanwhile(server.id);
  }
  return found(server.id);
}

core::Result<RentalServer> RentalOperations::maintenance(const std::string& id, bool on, std::string_view text,
                                                         const std::string& reason, const std::string& actor) {
  ServerChange change;
  change.maintenance = on;
  change.maintenance_text = "";
  if (on) {
    auto checked = checked_maintenance_text(text);
    if (!checked) return checked.error();
    change.maintenance_text = std::move(*checked);
  }
  if (!reason.empty()) change.reason = reason;
  auto server = found(id);
  if (!server) return server.error();
  if (!in_phases(server->phase, kLive)) return refused_in(*server, "nothing to maintain");
  return apply(*server, change, actor, on ? "rental.maintenance_on" : "rental.maintenance_off");
}

core::Result<RentalServer> RentalOperations::extend(const std::string& id, std::int64_t hours,
                                                    const std::string& reason, const std::string& actor) {
  if (hours < 1 || hours > kMaxExtendHours) return core::validation_failed("hours", "hours must be from 1 to 8760");
  auto server = found(id);
  if (!server) return server.error();
  if (!in_phases(server->phase, kExtendable))
    return refused_in(*server, "only a live or expired server can be extended");
  ServerChange change;
  change.extend_seconds = hours * 3600;
  change.reminded = "";  // the reminders are for the new expiry
  if (server->phase == Phase::expired) change.phase = Phase::starting;
  if (!reason.empty()) change.reason = reason;
  return apply(*server, change, actor, "rental.extend");
}

core::Result<RentalServer> RentalOperations::end(const std::string& id, const std::string& reason,
                                                 const std::string& actor) {
  if (core::trim_text(reason).empty()) return core::validation_failed("reason", "say why the server ends");
  auto server = found(id);
  if (!server) return server.error();
  if (!in_phases(server->phase, kEndable)) return refused_in(*server, "it has no time left to end");
  ServerChange change;
  change.expires_at = d_.now_unix();
  change.reason = reason;
  return apply(*server, change, actor, "rental.end");
}

core::Result<RentalServer> RentalOperations::retry(const std::string& id, const std::string& reason,
                                                   const std::string& actor) {
  auto server = found(id);
  if (!server) return server.error();
  const std::int64_t now = d_.now_unix();
  ServerChange change;
  change.launch_attempts = 0;
  change.next_launch_at = now;
  change.reason = reason;
  if (server->phase == Phase::failed) {
    // It never ran: the time it had left when its launch gave up is still the owner's.
    const std::int64_t left = server->expires_at - server->phase_since;
    if (left <= 0) return refused_in(*server, "it had no time left when its launch failed");
    change.phase = Phase::creating;
    change.cloud_instance_id = "";
    change.cloud_state = "";
    change.reminded = "";
    change.expires_at = now + left;
  } else if (!in_phases(server->phase, provisioner_steps::kLaunching) || !server->cloud_instance_id.empty()) {
    return refused_in(*server, "only a failed launch can be tried again");
  }
  return apply(*server, change, actor, "rental.retry");
}

std::vector<OperatorRegion> RentalOperations::regions() const {
  const auto settings = d_.servers.region_settings();
  std::vector<OperatorRegion> out;
  for (const auto& code : d_.regions) {
    OperatorRegion region{code, true, false, d_.servers.count_active_in(code)};
    for (const auto& setting : settings) {
      if (setting.region != code) continue;
      region.available = setting.enabled;
      region.recommended = setting.recommended;
    }
    out.push_back(std::move(region));
  }
  return out;
}

core::Result<OperatorRegion> RentalOperations::set_region(const std::string& code, std::optional<bool> available,
                                                          std::optional<bool> recommended, const std::string& actor) {
  if (std::find(d_.regions.begin(), d_.regions.end(), code) == d_.regions.end()) {
    return core::validation_failed("code", "region " + code + " is not offered ([pracc] regions)");
  }
  OperatorRegion region;
  for (auto& listed : regions()) {
    if (listed.code == code) region = std::move(listed);
  }
  if (!available && !recommended) return region;
  if (available) region.available = *available;
  if (recommended) region.recommended = *recommended;
  d_.servers.set_region({code, region.available, region.recommended}, d_.now_unix(), actor);
  return region;
}

}  // namespace portal::pracc
