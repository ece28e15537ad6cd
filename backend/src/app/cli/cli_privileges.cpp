#include "app/cli/cli_privileges.hpp"

#include "core/clock.hpp"
#include "app/cli/cli_output.hpp"
#include "app/config/config.hpp"
#include "app/cli/prologue.hpp"
#include "features/auth/membership_service.hpp"
#include "features/vip/privilege_rules.hpp"
#include "features/vip/privileges.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <string>

namespace portal::app {

namespace {

// Options shared by add and update; unset ones change nothing.
struct FieldOptions {
  std::optional<std::string> content_en, content_zh, detail_en, detail_zh, values;
  std::optional<std::int64_t> order;
};

void add_field_options(CLI::App* cmd, FieldOptions& o, bool adding) {
  auto* content_en = cmd->add_option("--content-en", o.content_en, "Privilege in English, 1-100 characters");
  auto* content_zh = cmd->add_option("--content-zh", o.content_zh, "Privilege in Chinese, 1-100 characters");
  cmd->add_option("--detail-en", o.detail_en, "Explanation in English, 0-500 characters (tooltip, details dialog)");
  cmd->add_option("--detail-zh", o.detail_zh, "Explanation in Chinese, 0-500 characters");
  cmd->add_option(
      "--order", o.order,
      adding ? "Place in the table, smaller first (default: after the last row)" : "Place in the table, smaller first");
  auto* values = cmd->add_option("--values", o.values,
                                 adding ? "Per group: normal=0,vip=1,pro=1,kol=1,op=1 (1 allowed, 2 optional, "
                                          "0 forbidden; groups left out are 0)"
                                        : "Groups to change, e.g. vip=2,kol=1 (1 allowed, 2 optional, 0 forbidden)");
  if (adding) {
    for (auto* option : {content_en, content_zh, values}) option->required();
  }
}

core::Result<vip::PrivilegeChanges> changes_of(const FieldOptions& o) {
  vip::PrivilegeChanges c;
  c.content_en = o.content_en;
  c.content_zh = o.content_zh;
  c.detail_en = o.detail_en;
  c.detail_zh = o.detail_zh;
  c.order = o.order;
  if (o.values) {
    auto values = vip::parse_values(*o.values);
    if (!values) return values.error();
    c.values = *values;
  }
  return c;
}

std::string cell_text(int value) {
  switch (vip::cell_of(value)) {
    case vip::Cell::allowed:
      return "yes";
    case vip::Cell::optional:
      return "part";
    case vip::Cell::forbidden:
      break;
  }
  return "no";
}

constexpr const char* kPrivilegeListFormat = "{:<24}  {:>8}  {:<6} {:<4} {:<4} {:<4} {:<4}  {}\n";

void print_row(const vip::Privilege& p) {
  cli_out(fmt::format(fmt::runtime(kPrivilegeListFormat), p.key, p.order, cell_text(p.value(vip::Group::normal)),
                      cell_text(p.value(vip::Group::vip)), cell_text(p.value(vip::Group::pro)),
                      cell_text(p.value(vip::Group::kol)), cell_text(p.value(vip::Group::op)),
                      p.en.content + " / " + p.zh.content));
}

void print_privilege_header() {
  cli_out(fmt::format(fmt::runtime(kPrivilegeListFormat), "key", "order", "normal", "vip", "pro", "kol", "op",
                      "content (en / zh)"));
}

}  // namespace

struct PrivilegeCommands::State {
  CLI::App *privileges = nullptr, *list = nullptr, *add = nullptr, *update = nullptr, *remove = nullptr;
  CommonOptions common;
  std::string key;
  FieldOptions add_options, update_options;
};

PrivilegeCommands::PrivilegeCommands(CLI::App& cli) : state_(std::make_unique<State>()) {
  auto& s = *state_;
  s.privileges = cli.add_subcommand("privileges", "Manage the privilege table of the VIP page");
  add_common_options(*s.privileges, s.common);
  s.privileges->require_subcommand(1);

  s.list = s.privileges->add_subcommand("list", "List the privileges in table order, with their group values");
  s.add = s.privileges->add_subcommand("add", "Add a privilege");
  s.add->add_option("key", s.key, "Stable key, 2-40 characters of a-z, 0-9 and _ (e.g. reserved_slot)")->required();
  add_field_options(s.add, s.add_options, true);
  s.update = s.privileges->add_subcommand("update", "Change fields of a privilege (only the options given)");
  s.update->add_option("key", s.key, "Key of the privilege (see list)")->required();
  add_field_options(s.update, s.update_options, false);
  s.remove = s.privileges->add_subcommand("remove", "Remove a privilege");
  s.remove->add_option("key", s.key, "Key of the privilege")->required();
}

PrivilegeCommands::~PrivilegeCommands() = default;

std::optional<int> PrivilegeCommands::run() {
  auto& s = *state_;
  if (!*s.privileges) return std::nullopt;

  // Checks that need no database first.
  std::optional<vip::PrivilegeChanges> changes;
  if (*s.add || *s.update) {
    auto parsed = changes_of(*s.add ? s.add_options : s.update_options);
    if (!parsed) return cli_fail(parsed.error());
    changes = std::move(*parsed);
  }

  const Config config = load_command_config(s.common);
  const auto opened = open_migrated_database(config);
  db::Database& database = *opened;
  vip::PrivilegeRepository repository(database);
  vip::PrivilegeService service(repository, core::system_unix_now);

  if (*s.list) {
    print_privilege_header();
    for (const auto& privilege : service.list()) print_row(privilege);
    return 0;
  }
  if (*s.add || *s.update) {
    auto done = *s.add ? service.add(s.key, std::move(*changes), kCliActor)
                       : service.update(s.key, std::move(*changes), kCliActor);
    if (!done) return cli_fail(done.error());
    cli_out(fmt::format("privilege {} {} (id {})\n", done->key, *s.add ? "added" : "updated", done->id));
    print_privilege_header();
    print_row(*done);
    return 0;
  }
  if (auto removed = service.remove(s.key, kCliActor); !removed) return cli_fail(removed.error());
  cli_out(fmt::format("privilege {} removed\n", s.key));
  return 0;
}

}  // namespace portal::app
