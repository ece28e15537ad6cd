#pragma once
// The content feature: the remote configuration the web reads at start-up (GET /api/config, which
// every module fills in part), the header announcement and the in-game command list.

#include "app/config/config.hpp"
#include "app/module.hpp"
#include "db/database.hpp"
#include "features/content/announcements.hpp"

#include <memory>
#include <vector>

namespace portal::app {

class Content final : public Module {
 public:
  // `modules`: the whole product, read when the routes are registered for each module's settings.
  Content(const Config& config, db::Database& database, const std::vector<std::unique_ptr<Module>>& modules);

  std::string_view name() const override { return "content"; }
  void register_routes(http::RouteTable& routes) override;
  void contribute_settings(content::PublicSettings& settings) const override;

  content::Announcements& announcements() { return announcements_; }

 private:
  const Config& config_;
  db::Database& database_;
  const std::vector<std::unique_ptr<Module>>& modules_;
  content::Announcements announcements_;
};

}  // namespace portal::app
