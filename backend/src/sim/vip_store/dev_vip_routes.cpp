#include "sim/vip_store/dev_vip_routes.hpp"

#include "sim/vip_store/dev_vip_pages.hpp"
#include "sim/web/page.hpp"

namespace portal::sim {

void register_dev_vip_routes(http::RouteTable& routes) {
  routes.add(http::Route{
      .method = http::Method::get,
      .pattern = kDevVipStorePath,
      .access = http::Access::public_access,
      .exec = http::Exec::inline_io,
      .handler =
          [](http::Request& request) {
            return web::html_response(render_vip_store_page(request.query_param("theme").value_or("") == "dark"));
          },
      .summary = "Demo mode: sandbox VIP card store (nothing is sold)",
  });
}

}  // namespace portal::sim
