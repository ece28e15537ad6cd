#pragma once
// Route of the chat command list: GET /api/commands?q=&type=&frequent= (public). The route table
// keeps the service alive.

#include "features/content/commands.hpp"
#include "http/route.hpp"

#include <memory>

namespace portal::content {

void register_command_routes(http::RouteTable& routes, std::shared_ptr<const CommandService> service);

}  // namespace portal::content
