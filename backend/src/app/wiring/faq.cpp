#include "app/wiring/faq.hpp"

#include "app/demo/demo_faq.hpp"
#include "features/faq/console_routes.hpp"
#include "features/faq/routes.hpp"

namespace portal::app {

Faq::Faq(const Config& config, db::Database& database) : database_(database) {
  if (config.mode == Mode::demo) seed_demo_faq(database);
}

void Faq::register_routes(http::RouteTable& routes) {
  auto service = std::make_shared<faq::FaqService>(database_);
  faq::register_routes(routes, service);
  faq::register_console_routes(routes, service);
}

}  // namespace portal::app
