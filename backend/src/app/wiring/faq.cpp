#include "app/wiring/faq.hpp"

#include "app/demo/demo_faq.hpp"
#include "features/faq/routes.hpp"

namespace portal::app {

Faq::Faq(const Config& config, db::Database& database) : database_(database) {
  if (config.mode == Mode::demo) seed_demo_faq(database);
}

void Faq::register_routes(http::RouteTable& routes) {
  faq::register_routes(routes, std::make_shared<faq::FaqService>(database_));
}

}  // namespace portal::app
