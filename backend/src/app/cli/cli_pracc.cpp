#include "app/cli/cli_pracc.hpp"

#include "app/cli/cli_output.hpp"
#include "app/cli/prologue.hpp"
#include "core/clock.hpp"
#include "core/steam_id.hpp"
#include "core/text.hpp"
#include "features/pracc/rental_operations.hpp"
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

// Operators read times in the business timezone (GMT+8), as the web shows them.
std::string gmt8_or_dash(std::int64_t unix_seconds) {
  return unix_seconds > 0 ? pracc::gmt8_datetime(unix_seconds) : "-";
}

std::string address_of(const RentalServer& s) {
  return s.public_ip.empty() ? "-" : s.public_ip + ":" + std::to_string(s.game_port);
}

int not_found(const std::string& id) { return cli_fail("no rental server " + id); }

constexpr const char* kRentalListFormat = "{:<20}  {:<11} {:<13} {:<16} {:<7} {:<21} {:<19}  {:<17}  {}\n";

int list(const RentalRepository& servers, const RentalRepository::ListFilter& filter) {
  cli_out(fmt::format(fmt::runtime(kRentalListFormat), "id", "phase", "cloud", "region", "tier", "address",
                      "expires (GMT+8)", "owner", "name"));
  for (const auto& s : servers.list(filter)) {
    cli_out(fmt::format(fmt::runtime(kRentalListFormat), s.id, pracc::to_string(s.phase),
                        s.cloud_state.empty() ? "-" : s.cloud_state, s.region, pracc::to_string(s.tier), address_of(s),
                        gmt8_or_dash(s.expires_at), s.owner_steam_id,
                        s.name + (s.maintenance ? "  [maintenance]" : "")));
  }
  return 0;
}

int show(const RentalRepository& servers, const std::string& id) {
  const auto found = servers.find(id);
  if (!found) return not_found(id);
  const RentalServer& s = *found;
  cli_out(fmt::format(
      "server       {} (times in GMT+8)\nname         {}\nowner        steam {} (user {})\nregion       {}\n", s.id,
      s.name, s.owner_steam_id, s.owner_user_id, s.region));
  cli_out(fmt::format("tier         {}{}\nphase        {} since {}\ncloud        {} {}\naddress      {}\n",
                      pracc::to_string(s.tier), s.relocatable() ? " (relocatable)" : "", pracc::to_string(s.phase),
                      gmt8_or_dash(s.phase_since), s.cloud_instance_id.empty() ? "-" : s.cloud_instance_id,
                      s.cloud_state.empty() ? "-" : s.cloud_state, address_of(s)));
  cli_out(fmt::format("web status   {}\njoin pass    {}\nrcon pass    (kept, not shown)\n", pracc::web_status(s),
                      s.join_password));
  cli_out(fmt::format("order        {}\nmoved from   {}\nlaunches     {} attempt(s), next {}\n",
                      s.order_id.empty() ? "-" : s.order_id, s.relocated_from.empty() ? "-" : s.relocated_from,
                      s.launch_attempts, gmt8_or_dash(s.next_launch_at)));
  cli_out(fmt::format("maintenance  {}\nrestart lock {}\nexpires      {}\nreminded     {}\ncreated      {}\n",
                      s.maintenance ? "on: " + s.maintenance_text : "off", gmt8_or_dash(s.busy_until),
                      gmt8_or_dash(s.expires_at), s.reminded.empty() ? "-" : s.reminded, gmt8_or_dash(s.created_at)));
  cli_out("admins\n");
  for (const auto& admin : s.admins) cli_out(fmt::format("  {:<17}  {}\n", admin.steam_id, admin.note));
  cli_out("history (GMT+8)\n");
  for (const auto& entry : servers.history(s.id)) {
    cli_out(fmt::format("  {}  {:<24} {:<22} {}\n", gmt8_or_dash(entry.at), entry.actor, entry.action, entry.details));
  }
  return 0;
}

int maintenance(pracc::RentalOperations& operations, const std::string& id, bool on, const std::string& text) {
  auto changed = operations.maintenance(id, on, text, "", kCliActor);
  if (!changed) return cli_fail(changed.error());
  cli_out(on ? fmt::format("server {} in maintenance: {}\n", id, changed->maintenance_text)
             : fmt::format("server {} out of maintenance\n", id));
  return 0;
}

// Operator compensation: adds time as a renewal does (a server asleep in its grace period wakes up).
int extend(pracc::RentalOperations& operations, const std::string& id, std::int64_t hours, const std::string& reason) {
  auto extended = operations.extend(id, hours, reason, kCliActor);
  if (!extended) return cli_fail(extended.error());
  cli_out(fmt::format("server {} extended by {} hour(s): expires {} (GMT+8){}\n", id, hours,
                      gmt8_or_dash(extended->expires_at),
                      extended->phase == Phase::starting ? "; it starts again" : ""));
  return 0;
}

// Ends the rented time now; the lifecycle job stops the instance and keeps it for the grace period.
int end(pracc::RentalOperations& operations, const std::string& id, const std::string& reason) {
  if (core::trim_text(reason).empty()) return cli_fail("say why the server ends: --reason is empty");
  auto ended = operations.end(id, reason, kCliActor);
  if (!ended) return cli_fail(ended.error());
  cli_out(
      fmt::format("server {} ends now ({} GMT+8): the lifecycle job stops it\n", id, gmt8_or_dash(ended->expires_at)));
  return 0;
}

constexpr const char* kRegionFormat = "{:<16}  {:<8} {:<11} {:>6}\n";

void print_region(const pracc::OperatorRegion& region) {
  cli_out(fmt::format(fmt::runtime(kRegionFormat), region.code, region.available ? "enabled" : "disabled",
                      region.recommended ? "recommended" : "-", region.active_servers));
}

int regions(const pracc::RentalOperations& operations) {
  cli_out(fmt::format(fmt::runtime(kRegionFormat), "region", "state", "star", "active"));
  for (const auto& region : operations.regions()) print_region(region);
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
      ->check(CLI::Range(std::int64_t{1}, pracc::kMaxExtendHours));
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
  pracc::RentalOperations operations(
      {.servers = servers, .regions = config.pracc.regions, .now_unix = core::system_unix_now});

  if (*s.list) {
    return list(servers, {.owner_steam_id = s.owner,
                          .phase = s.phase.empty() ? std::nullopt : pracc::phase_from(s.phase),
                          .limit = static_cast<std::size_t>(s.limit)});
  }
  if (*s.show) return show(servers, s.id);
  if (*s.maintenance) return maintenance(operations, s.id, s.on, s.text);
  if (*s.extend) return extend(operations, s.id, s.hours, s.reason);
  if (*s.end) return end(operations, s.id, s.reason);
  if (*s.regions) return regions(operations);

  std::optional<bool> available;
  std::optional<bool> recommended;
  if (s.enable || s.disable) available = s.enable;
  if (s.recommend || s.no_recommend) recommended = s.recommend;
  auto region = operations.set_region(s.region, available, recommended, kCliActor);
  if (!region) return cli_fail(region.error().message);
  cli_out(fmt::format(fmt::runtime(kRegionFormat), "region", "state", "star", "active"));
  print_region(*region);
  return 0;
}

}  // namespace portal::app
