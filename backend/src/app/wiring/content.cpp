#include "app/wiring/content.hpp"

#include "features/content/commands_routes.hpp"
#include "features/content/console_routes.hpp"
#include "features/content/routes.hpp"

namespace portal::app {

Content::Content(const Config& config, db::Database& database, const std::vector<std::unique_ptr<Module>>& modules)
    : config_(config), database_(database), modules_(modules), announcements_(database) {}

void Content::register_routes(http::RouteTable& routes) {
  content::PublicSettings settings;
  for (const auto& module : modules_) module->contribute_settings(settings);
  content::register_routes(routes, settings, announcements_);
  content::register_console_routes(routes, announcements_);
  content::register_command_routes(routes, std::make_shared<content::CommandService>(database_));
}

void Content::contribute_settings(content::PublicSettings& settings) const {
  const auto& f = config_.features;
  const auto& l = config_.links;
  settings.demo = config_.mode == Mode::demo;
  settings.pracc_enabled = f.pracc_enabled;
  settings.settings = {f.settings.enabled, f.settings.general, f.settings.profile, f.settings.security};
  settings.bilibili = l.bilibili;
  settings.douyin = l.douyin;
  settings.weibo = l.weibo;
  settings.qq_group = l.qq_group;
  settings.filing_number = l.filing_number;
  settings.filing_url = l.filing_url;
  settings.support_email = l.support_email;
}

}  // namespace portal::app
