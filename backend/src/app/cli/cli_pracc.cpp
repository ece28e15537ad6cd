#include "app/cli/cli_pracc.hpp"

#include "app/cli/cli_output.hpp"
#include "app/cli/prologue.hpp"
#include "core/clock.hpp"
#include "core/steam_id.hpp"
#include "core/text.hpp"
#include "core/utf8.hpp"
#include "features/pracc/rental_repository.hpp"
#include "features/pracc/rental_rules.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace portal::app {

namespace {

using pracc::Phase;
using pracc::RentalRepository;
using pracc::RentalServer;

constexpr std::size_t kMaintenanceTextMaxChars = 200;  // the web's overlay text
constexpr std::int64_t kMaxExtendHours = 8760;

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

void out(const std::string& text) { std::fputs(text.c_str(), stdout); }

bool in(Phase phase, const std::vector<Phase>& phases) {
  return std::find(phases.begin(), phases.end(), phase) != phases.end();
}

// Operators read times in the business timezone (GMT+8), as the web shows them.
std::string gmt8(std::int64_t unix_seconds) { return unix_seconds > 0 ? pracc::gmt8_datetime(unix_seconds) : "-"; }

std::string address_of(const RentalServer& s) {
  return s.public_ip.empty() ? "-" : s.public_ip + ":" + std::to_string(s.game_port);
}

int not_found(const std::string& id) { return cli_fail("no rental server " + id); }

int refused_in(const RentalServer& s, const std::string& what) {
  return cli_fail(fmt::format("server {} is {}: {}", s.id, pracc::to_string(s.phase), what));
}

int changed_meanwhile(const std::string& id) {
  return cli_fail("server " + id + " changed meanwhile (a job or its owner acted): run the command again");
}

// One line of text the web shows over the server's card: 1..200 characters, no control characters.
core::Result<std::string> checked_maintenance_text(std::string_view text) {
  const std::string_view trimmed = core::trim_text(text);
  const auto length = core::utf8_length(trimmed);
  if (!length) return core::validation_failed("text", "the maintenance text is not valid UTF-8");
  if (*length == 0) return core::validation_failed("text", "the maintenance text is empty");
  if (*length > kMaintenanceTextMaxChars) {
    return core::validation_failed(
        "text", fmt::format("the maintenance text has {} characters: at most {}", *length, kMaintenanceTextMaxChars));
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

constexpr const char* kListFormat = "{:<20}  {:<11} {:<13} {:<16} {:<7} {:<21} {:<19}  {:<17}  {}\n";

int list(const RentalRepository& servers, const RentalRepository::ListFilter& filter) {
  out(fmt::format(fmt::runtime(kListFormat), "id", "phase", "cloud", "region", "tier", "address", "expires (GMT+8)",
                  "owner", "name"));
  for (const auto& s : servers.list(filter)) {
    out(fmt::format(fmt::runtime(kListFormat), s.id, pracc::to_string(s.phase),
                    s.cloud_state.empty() ? "-" : s.cloud_state, s.region, pracc::to_string(s.tier), address_of(s),
                    gmt8(s.expires_at), s.owner_steam_id, s.name + (s.maintenance ? "  [maintenance]" : "")));
  }
  return 0;
}

int show(const RentalRepository& servers, const std::string& id) {
  const auto found = servers.find(id);
  if (!found) return not_found(id);
  const RentalServer& s = *found;
  out(fmt::format(
      "server       {} (times in GMT+8)\nname         {}\nowner        steam {} (user {})\nregion       {}\n", s.id,
      s.name, s.owner_steam_id, s.owner_user_id, s.region));
  out(fmt::format("tier         {}{}\nphase        {} since {}\ncloud        {} {}\naddress      {}\n",
                  pracc::to_string(s.tier), s.relocatable() ? " (relocatable)" : "", pracc::to_string(s.phase),
                  gmt8(s.phase_since), s.cloud_instance_id.empty() ? "-" : s.cloud_instance_id,
                  s.cloud_state.empty() ? "-" : s.cloud_state, address_of(s)));
  out(fmt::format("web status   {}\njoin pass    {}\nrcon pass    (kept, not shown)\n", pracc::web_status(s),
                  s.join_password));
  out(fmt::format("order        {}\nmoved from   {}\nlaunches     {} attempt(s), next {}\n",
                  s.order_id.empty() ? "-" : s.order_id, s.relocated_from.empty() ? "-" : s.relocated_from,
                  s.launch_attempts, gmt8(s.next_launch_at)));
  out(fmt::format("maintenance  {}\nrestart lock {}\nexpires      {}\nreminded     {}\ncreated      {}\n",
                  s.maintenance ? "on: " + s.maintenance_text : "off", gmt8(s.busy_until), gmt8(s.expires_at),
                  s.reminded.empty() ? "-" : s.reminded, gmt8(s.created_at)));
  out("admins\n");
  for (const auto& admin : s.admins) out(fmt::format("  {:<17}  {}\n", admin.steam_id, admin.note));
  out("history (GMT+8)\n");
  for (const auto& entry : servers.history(s.id)) {
    out(fmt::format("  {}  {:<24} {:<22} {}\n", gmt8(entry.at), entry.actor, entry.action, entry.details));
  }
  return 0;
}

int maintenance(RentalRepository& servers, const std::string& id, bool on, const std::string& text) {
  pracc::ServerChange change;
  change.maintenance = on;
  change.maintenance_text = "";
  if (on) {
    auto checked = checked_maintenance_text(text);
    if (!checked) return cli_fail(checked.error());
    change.maintenance_text = std::move(*checked);
  }
  const auto found = servers.find(id);
  if (!found) return not_found(id);
  if (!in(found->phase, kLive)) return refused_in(*found, "nothing to maintain");
  if (!servers.change(id, kLive, change, core::system_unix_now(), kCliActor,
                      on ? "rental.maintenance_on" : "rental.maintenance_off")) {
    return changed_meanwhile(id);
  }
  out(on ? fmt::format("server {} in maintenance: {}\n", id, *change.maintenance_text)
         : fmt::format("server {} out of maintenance\n", id));
  return 0;
}

// Operator compensation: adds time as a renewal does (a server asleep in its grace period wakes up).
int extend(RentalRepository& servers, const std::string& id, std::int64_t hours, const std::string& reason) {
  const auto found = servers.find(id);
  if (!found) return not_found(id);
  if (!in(found->phase, kExtendable)) return refused_in(*found, "only a live or expired server can be extended");
  const std::int64_t now = core::system_unix_now();
  pracc::ServerChange change;
  change.extend_seconds = hours * 3600;
  change.reminded = "";  // the reminders are for the new expiry
  if (found->phase == Phase::expired) change.phase = Phase::starting;
  if (!reason.empty()) change.reason = reason;
  if (!servers.change(id, {found->phase}, change, now, kCliActor, "rental.extend")) return changed_meanwhile(id);
  const auto extended = servers.find(id);
  out(fmt::format("server {} extended by {} hour(s): expires {} (GMT+8){}\n", id, hours,
                  gmt8(extended ? extended->expires_at : 0), change.phase ? "; it starts again" : ""));
  return 0;
}

// Ends the rented time now; the lifecycle job stops the instance and keeps it for the grace period.
int end(RentalRepository& servers, const std::string& id, const std::string& reason) {
  if (core::trim_text(reason).empty()) return cli_fail("say why the server ends: --reason is empty");
  const auto found = servers.find(id);
  if (!found) return not_found(id);
  if (!in(found->phase, kEndable)) return refused_in(*found, "it has no time left to end");
  const std::int64_t now = core::system_unix_now();
  pracc::ServerChange change;
  change.expires_at = now;
  change.reason = reason;
  if (!servers.change(id, {found->phase}, change, now, kCliActor, "rental.end")) return changed_meanwhile(id);
  out(fmt::format("server {} ends now ({} GMT+8): the lifecycle job stops it\n", id, gmt8(now)));
  return 0;
}

RentalRepository::RegionSetting setting_of(const RentalRepository& servers, const std::string& region) {
  for (const auto& setting : servers.region_settings()) {
    if (setting.region == region) return setting;
  }
  return {region, true, false};  // never set: enabled, not recommended
}

constexpr const char* kRegionFormat = "{:<16}  {:<8} {:<11} {:>6}\n";

void print_region(const RentalRepository& servers, const RentalRepository::RegionSetting& setting) {
  out(fmt::format(fmt::runtime(kRegionFormat), setting.region, setting.enabled ? "enabled" : "disabled",
                  setting.recommended ? "recommended" : "-", servers.count_active_in(setting.region)));
}

int regions(const RentalRepository& servers, const Config& config) {
  out(fmt::format(fmt::runtime(kRegionFormat), "region", "state", "star", "active"));
  for (const auto& region : config.pracc.regions) print_region(servers, setting_of(servers, region));
  return 0;
}

}  // namespace

struct PraccCommands::State {
  CLI::App *pracc = nullptr, *list = nullptr, *show = nullptr, *maintenance = nullptr, *regions = nullptr,
           *region_cmd = nullptr, *extend = nullptr, *end = nullptr;
  CommonOptions common;
  std::string owner, phase, id, text, region, reason;
  std::int64_t limit = 50, hours = 0;
  bool on = false, off = false, enable = false, disable = false, recommend = false, no_recommend = false;
};

PraccCommands::PraccCommands(CLI::App& cli) : state_(std::make_unique<State>()) {
  auto& s = *state_;
  s.pracc = cli.add_subcommand("pracc", "Run the rented practice servers: list, maintenance, time, regions");
  add_common_options(*s.pracc, s.common);
  s.pracc->require_subcommand(1);
  const CLI::Validator steam_id(
      [](const std::string& v) { return core::is_steam_id64(v) ? std::string() : "not a SteamID64: " + v; }, "STEAMID");
  const CLI::Validator phase(
      [](const std::string& v) { return pracc::phase_from(v) ? std::string() : "unknown phase: " + v; }, "PHASE");

  s.list = s.pracc->add_subcommand("list", "List servers, newest first");
  s.list->add_option("--owner", s.owner, "Only the servers of this owner (SteamID64)")->check(steam_id);
  s.list
      ->add_option("--phase", s.phase,
                   "Only servers in this phase: creating, running, restarting, updating, verifying, switching, "
                   "expired, starting, terminating, terminated, failed, relocated")
      ->check(phase);
  s.list->add_option("--limit", s.limit, "At most this many (1-1000, default 50)")->check(CLI::Range(1, 1000));

  s.show = s.pracc->add_subcommand("show", "Show one server: every field, its admins and its audit history");
  s.show->add_option("id", s.id, "Server id (srv_...)")->required();

  s.maintenance = s.pracc->add_subcommand(
      "maintenance", "Put a server in maintenance (the web shows the text over it; owner actions are refused) or out");
  s.maintenance->add_option("id", s.id, "Server id (srv_...)")->required();
  auto* state = s.maintenance->add_option_group("state", "--on or --off");
  auto* on = state->add_flag("--on", s.on, "In maintenance, with --text");
  state->add_flag("--off", s.off, "Out of maintenance (the text is cleared)");
  state->require_option(1);
  on->needs(s.maintenance->add_option("--text", s.text, "What players read, 1-200 characters on one line"));
  s.maintenance->get_option("--text")->needs(on);

  s.regions =
      s.pracc->add_subcommand("regions", "List the offered regions ([pracc] regions) with the operator's flags");
  s.region_cmd = s.pracc->add_subcommand("region", "Enable, disable, recommend or unrecommend one offered region");
  s.region_cmd->add_option("region", s.region, "Region code, e.g. ap-shanghai")->required();
  auto* enable = s.region_cmd->add_flag("--enable", s.enable, "Offer it to buyers");
  s.region_cmd->add_flag("--disable", s.disable, "Stop selling in it (running servers stay)")->excludes(enable);
  auto* recommend = s.region_cmd->add_flag("--recommend", s.recommend, "Mark it recommended (a star on the web)");
  s.region_cmd->add_flag("--no-recommend", s.no_recommend, "Remove the star")->excludes(recommend);

  s.extend = s.pracc->add_subcommand(
      "extend", "Add time to a server (compensation); an expired server in its grace period starts again");
  s.extend->add_option("id", s.id, "Server id (srv_...)")->required();
  s.extend->add_option("--hours", s.hours, "Hours to add (1-8760)")
      ->required()
      ->check(CLI::Range(std::int64_t{1}, kMaxExtendHours));
  s.extend->add_option("--reason", s.reason, "Why, for the audit log");

  s.end = s.pracc->add_subcommand("end", "End a server's time now: the lifecycle job stops it (grace period follows)");
  s.end->add_option("id", s.id, "Server id (srv_...)")->required();
  s.end->add_option("--reason", s.reason, "Why, for the audit log")->required();
}

PraccCommands::~PraccCommands() = default;

std::optional<int> PraccCommands::run() {
  auto& s = *state_;
  if (!*s.pracc) return std::nullopt;

  const Config config = load_command_config(s.common);
  const auto opened = open_migrated_database(config);
  RentalRepository servers(*opened);

  if (*s.list) {
    return list(servers, {.owner_steam_id = s.owner,
                          .phase = s.phase.empty() ? std::nullopt : pracc::phase_from(s.phase),
                          .limit = static_cast<std::size_t>(s.limit)});
  }
  if (*s.show) return show(servers, s.id);
  if (*s.maintenance) return maintenance(servers, s.id, s.on, s.text);
  if (*s.extend) return extend(servers, s.id, s.hours, s.reason);
  if (*s.end) return end(servers, s.id, s.reason);
  if (*s.regions) return regions(servers, config);

  const auto& offered = config.pracc.regions;
  if (std::find(offered.begin(), offered.end(), s.region) == offered.end()) {
    return cli_fail("region " + s.region + " is not offered ([pracc] regions)");
  }
  auto setting = setting_of(servers, s.region);
  if (s.enable || s.disable || s.recommend || s.no_recommend) {
    if (s.enable || s.disable) setting.enabled = s.enable;
    if (s.recommend || s.no_recommend) setting.recommended = s.recommend;
    servers.set_region(setting, core::system_unix_now(), kCliActor);
  }
  out(fmt::format(fmt::runtime(kRegionFormat), "region", "state", "star", "active"));
  print_region(servers, setting);
  return 0;
}

}  // namespace portal::app
