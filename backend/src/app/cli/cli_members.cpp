#include "app/cli/cli_members.hpp"

#include "core/clock.hpp"
#include "app/cli/cli_output.hpp"
#include "app/config/config.hpp"
#include "app/cli/prologue.hpp"
#include "features/auth/membership_service.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <string>

namespace portal::app {

namespace {

std::string until_text(const std::optional<std::int64_t>& expires_at) {
  return expires_at ? "until " + auth::business_date(*expires_at) + " (GMT+8)" : "with no expiry";
}

std::string date_or_never(const std::optional<std::int64_t>& expires_at) {
  return expires_at ? auth::business_date(*expires_at) : "never";
}

constexpr const char* kMemberListFormat = "{:<17}  {:<5}  {}\n";

}  // namespace

struct MemberCommands::State {
  CLI::App *users = nullptr, *vip = nullptr;
  CLI::App *grant = nullptr, *revoke = nullptr, *list = nullptr;
  CLI::App *vip_grant = nullptr, *vip_status = nullptr;
  CommonOptions common;
  std::string steam_id, group;
  std::optional<std::int64_t> group_days;
  std::optional<std::string> list_group;
  std::int64_t vip_days = 0;
};

MemberCommands::MemberCommands(CLI::App& cli) : state_(std::make_unique<State>()) {
  auto& s = *state_;
  s.users = cli.add_subcommand("users", "Manage membership groups (pro, kol, op) of Steam accounts");
  s.vip = cli.add_subcommand("vip", "Manage VIP time of Steam accounts");
  for (auto* group : {s.users, s.vip}) {
    add_common_options(*group, s.common);
    group->require_subcommand(1);
  }
  s.grant = s.users->add_subcommand("grant", "Grant a group (replaces an earlier grant of it)");
  s.grant->add_option("steamid", s.steam_id, "SteamID64 of the account")->required();
  s.grant->add_option("group", s.group, "pro, kol or op")->required();
  s.grant->add_option("--days", s.group_days, "Expire after this many days (1-3650; default: never)");
  s.revoke = s.users->add_subcommand("revoke", "Remove a group");
  s.revoke->add_option("steamid", s.steam_id, "SteamID64 of the account")->required();
  s.revoke->add_option("group", s.group, "pro, kol or op")->required();
  s.list = s.users->add_subcommand("list", "List accounts with an active group or VIP");
  s.list->add_option("--group", s.list_group, "Only this group: pro, kol, op or vip");
  s.vip_grant = s.vip->add_subcommand("grant", "Add VIP days (from the current VIP end if still active, else now)");
  s.vip_grant->add_option("steamid", s.steam_id, "SteamID64 of the account")->required();
  s.vip_grant->add_option("days", s.vip_days, "Days to add (1-3650)")->required();
  s.vip_status = s.vip->add_subcommand("status", "Show the tiers of an account, as GET /api/auth/vip-status answers");
  s.vip_status->add_option("steamid", s.steam_id, "SteamID64 of the account")->required();
}

MemberCommands::~MemberCommands() = default;

std::optional<int> MemberCommands::run() {
  auto& s = *state_;
  if (!*s.users && !*s.vip) return std::nullopt;
  std::optional<auth::Tier> list_tier;
  if (s.list_group) {
    list_tier = auth::tier_from_string(*s.list_group);
    if (!list_tier) {
      std::fprintf(stderr, "portal: unknown group '%s': expected pro, kol, op or vip\n", s.list_group->c_str());
      return 1;
    }
  }
  const Config config = load_command_config(s.common);
  const auto opened = open_migrated_database(config);
  db::Database& database = *opened;
  auth::MembershipRepository repository(database);
  auth::MembershipService service(repository, core::system_unix_now);

  if (*s.grant) {
    auto granted = service.grant_group(s.steam_id, s.group, s.group_days, kCliActor);
    if (!granted) return cli_fail(granted.error());
    cli_out(fmt::format("{} granted to {} {}\n", auth::to_string(granted->group), s.steam_id,
                        until_text(granted->expires_at)));
    return 0;
  }
  if (*s.revoke) {
    if (auto revoked = service.revoke_group(s.steam_id, s.group, kCliActor); !revoked) return cli_fail(revoked.error());
    cli_out(fmt::format("{} revoked from {}\n", s.group, s.steam_id));
    return 0;
  }
  if (*s.list) {
    cli_out(fmt::format(fmt::runtime(kMemberListFormat), "steam_id", "group", "expires (GMT+8)"));
    for (const auto& member : service.active_members()) {
      for (const auto& grant : member.groups) {
        if (list_tier && grant.group != *list_tier) continue;
        cli_out(fmt::format(fmt::runtime(kMemberListFormat), member.steam_id, auth::to_string(grant.group),
                            date_or_never(grant.expires_at)));
      }
    }
    return 0;
  }
  if (*s.vip_grant) {
    auto granted = service.grant_vip(s.steam_id, s.vip_days, "cli", std::nullopt, kCliActor);
    if (!granted) return cli_fail(granted.error());
    cli_out(fmt::format("vip granted to {}: {} day(s) from {}, {}\n", granted->steam_id, s.vip_days,
                        auth::business_date(granted->starts_at), until_text(granted->expires_at)));
    return 0;
  }
  auto status = service.status(s.steam_id);
  if (!status) return cli_fail(status.error());
  cli_out(fmt::format("steamId        {}\n", status->steam_id));
  cli_out(fmt::format("type           {}\n", auth::to_string(status->type)));
  cli_out(fmt::format("expireDate     {}\n", status->expires_at ? auth::business_date(*status->expires_at) : "-"));
  cli_out(
      fmt::format("vipExpireDate  {}\n", status->vip_expires_at ? auth::business_date(*status->vip_expires_at) : "-"));
  std::string groups;
  for (const auto& grant : status->groups) {
    if (!groups.empty()) groups += ", ";
    groups += fmt::format("{} ({})", auth::to_string(grant.group), date_or_never(grant.expires_at));
  }
  cli_out(fmt::format("groups         {}\n", groups.empty() ? "-" : groups));
  return 0;
}

}  // namespace portal::app
