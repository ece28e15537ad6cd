#include "features/content/commands_routes.hpp"

#include "http/api_error.hpp"

#include <boost/json/array.hpp>

namespace portal::content {

void register_command_routes(http::RouteTable& routes, std::shared_ptr<const CommandService> service) {
  routes.add(http::Route{
      .method = http::Method::get,
      .pattern = "/api/commands",
      .access = http::Access::public_access,
      .handler =
          [service](http::Request& request) {
            const auto found =
                service->search(request.query_param("q"), request.query_param("type"), request.query_param("frequent"));
            if (!found) return http::error_response(found.error());
            boost::json::array out;
            out.reserve(found->size());
            for (const auto& command : *found) {
              out.push_back({{"id", command.id},
                             {"command", command.command},
                             {"description", {{"en", command.description_en}, {"zh", command.description_zh}}},
                             {"isFrequent", command.frequent},
                             {"type", to_string(command.type)}});
            }
            auto response = http::json_response(out);
            response.set_header("Cache-Control", "public, max-age=300");
            return response;
          },
      .summary = "The in-game chat commands, searchable, by type",
  });
}

}  // namespace portal::content
