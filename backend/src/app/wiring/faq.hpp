#pragma once
// The FAQ feature: its one route, and in demo mode its seed entries.

#include "app/config/config.hpp"
#include "app/module.hpp"
#include "db/database.hpp"

namespace portal::app {

class Faq final : public Module {
 public:
  Faq(const Config& config, db::Database& database);

  std::string_view name() const override { return "faq"; }
  void register_routes(http::RouteTable& routes) override;

 private:
  db::Database& database_;
};

}  // namespace portal::app
