#include "app/cli/cli_admin.hpp"

#include "app/cli/cli_output.hpp"
#include "app/cli/cli_members.hpp"
#include "app/cli/prologue.hpp"
#include "features/content/announcements.hpp"
#include "features/servers/service.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>

namespace portal::app {

namespace {

struct ServerOptions {
  std::string ip, name, category, region;
  int port = 0;
  std::optional<std::string> name_display, rcon_password;
  std::optional<int> ontop, star;
  bool disable = false, enable = false;
};

void add_server_options(CLI::App* cmd, ServerOptions& o, bool required) {
  auto* ip = cmd->add_option("--ip", o.ip, "IPv4 address");
  auto* port = cmd->add_option("--port", o.port, "Game/query port")->check(CLI::Range(1, 65535));
  auto* name = cmd->add_option("--name", o.name, "Name shown in the list");
  auto* category = cmd->add_option("--category", o.category, "Mode: competitive, casual, deathmatch, ...");
  auto* region = cmd->add_option("--region", o.region, "Region code, e.g. ap-shanghai");
  if (required) {
    for (auto* option : {ip, port, name, category, region}) option->required();
  }
  cmd->add_option("--name-display", o.name_display, "Display name (shown instead of the name when set)");
  cmd->add_option("--ontop", o.ontop, "Pin weight (> 0 pins the row; higher first)");
  cmd->add_option("--star", o.star, "Star weight used in sorting");
  cmd->add_option("--rcon-password", o.rcon_password, "RCON password, for player names (empty to remove)");
  cmd->add_flag("--disable", o.disable, "Stop listing and querying the server");
  cmd->add_flag("--enable", o.enable, "List and query the server again");
}

servers::GameServerChanges changes_of(const ServerOptions& o) {
  servers::GameServerChanges c;
  if (!o.ip.empty()) c.ip = o.ip;
  if (o.port) c.port = o.port;
  if (!o.name.empty()) c.name = o.name;
  if (!o.category.empty()) c.category = o.category;
  if (!o.region.empty()) c.region = o.region;
  c.name_display = o.name_display;
  c.rcon_password = o.rcon_password;
  c.ontop = o.ontop;
  c.star = o.star;
  if (o.disable) c.enabled = false;
  if (o.enable) c.enabled = true;
  return c;
}

constexpr const char* kRowFormat = "{:>4}  {:<3}  {:<21}  {:<11}  {:<16}  {:>5}  {:>4}  {:<4}  {:<3}  {}\n";

void print(const servers::GameServer& s) {
  std::fputs(
      fmt::format(fmt::runtime(kRowFormat), s.id, s.enabled ? "on" : "off", s.endpoint(), s.category, s.region, s.ontop,
                  s.star, s.rcon_password.empty() ? "-" : "rcon", s.plugin_key_hash.empty() ? "-" : "key", s.name)
          .c_str(),
      stdout);
}

}  // namespace

struct AdminCommands::State {
  CLI::App* servers = nullptr;
  CLI::App *list = nullptr, *add = nullptr, *edit = nullptr, *remove = nullptr, *issue_key = nullptr;
  CLI::App *announce = nullptr, *announce_set = nullptr;
  CommonOptions common;
  ServerOptions add_options, edit_options;
  std::int64_t id = 0;
  std::string lang, text;
  std::string scopes{servers::kAllKeyScopes};
  std::unique_ptr<MemberCommands> members;
};

AdminCommands::AdminCommands(CLI::App& cli) : state_(std::make_unique<State>()) {
  auto& s = *state_;
  s.servers = cli.add_subcommand("servers", "Manage the community's game servers");
  s.announce = cli.add_subcommand("announce", "Manage the header announcement");
  for (auto* group : {s.servers, s.announce}) {
    add_common_options(*group, s.common);
    group->require_subcommand(1);
  }
  s.list = s.servers->add_subcommand("list", "List every server");
  s.add = s.servers->add_subcommand("add", "Add a server");
  add_server_options(s.add, s.add_options, true);
  s.edit = s.servers->add_subcommand("edit", "Change fields of a server");
  s.edit->add_option("id", s.id, "Server id (see list)")->required();
  add_server_options(s.edit, s.edit_options, false);
  s.remove = s.servers->add_subcommand("remove", "Remove a server and its history");
  s.remove->add_option("id", s.id, "Server id")->required();
  s.issue_key = s.servers->add_subcommand("issue-key", "Issue a new plugin API key (replaces the old one)");
  s.issue_key->add_option("id", s.id, "Server id")->required();
  s.issue_key
      ->add_option("--scopes", s.scopes,
                   "What the key may do, comma-separated: status, stats, members, bind (rented servers: never bind)")
      ->capture_default_str();
  s.announce_set = s.announce->add_subcommand("set", "Set the announcement of one language (empty text clears it)");
  s.announce_set->add_option("--lang", s.lang, "zh or en")->required()->check(CLI::IsMember({"zh", "en"}));
  s.announce_set->add_option("text", s.text, "The text")->required();
  s.members = std::make_unique<MemberCommands>(cli);
}

AdminCommands::~AdminCommands() = default;

std::optional<int> AdminCommands::run() {
  auto& s = *state_;
  if (auto code = s.members->run()) return code;
  if (!*s.servers && !*s.announce) return std::nullopt;
  const Config config = load_command_config(s.common);
  const auto opened = open_migrated_database(config);
  db::Database& database = *opened;

  if (*s.announce_set) {
    content::Announcements announcements(database);
    if (auto done = announcements.set(s.lang, s.text, kCliActor); !done) return cli_fail(done.error());
    std::printf("announcement (%s) %s\n", s.lang.c_str(), s.text.empty() ? "cleared" : "set");
    return 0;
  }

  servers::Repository repository(database);
  servers::Tracker tracker({});
  servers::SnapshotStore store;
  servers::Service service(repository, tracker, store, std::chrono::hours(config.servers.history_hours));
  if (*s.list) {
    std::fputs(fmt::format(fmt::runtime(kRowFormat), "id", "", "address", "category", "region", "ontop", "star", "", "",
                           "name")
                   .c_str(),
               stdout);
    for (const auto& server : service.all()) print(server);
    return 0;
  }
  if (*s.add) {
    servers::GameServer server;
    servers::apply(changes_of(s.add_options), server);
    auto added = service.add(server, kCliActor);
    if (!added) return cli_fail(added.error());
    print(added.value());
    return 0;
  }
  if (*s.edit) {
    auto edited = service.edit(s.id, changes_of(s.edit_options), kCliActor);
    if (!edited) return cli_fail(edited.error());
    print(edited.value());
    return 0;
  }
  if (*s.remove) {
    if (auto removed = service.remove(s.id, kCliActor); !removed) return cli_fail(removed.error());
    std::printf("server %lld removed\n", static_cast<long long>(s.id));
    return 0;
  }
  auto key = service.issue_plugin_key(s.id, s.scopes, kCliActor);
  if (!key) return cli_fail(key.error());
  // Shown once: only its hash is stored.
  std::printf("%s\n", key.value().c_str());
  return 0;
}

}  // namespace portal::app
