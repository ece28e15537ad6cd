#pragma once
// The operator console's FAQ calls (docs/console.md "Content"): every entry in both languages, add,
// change, delete, and the sanitizer's preview of an answer. Access::op; each change is audited by
// the FAQ repository with the actor op:<steamId>. The route table keeps the service alive.

#include "features/faq/service.hpp"
#include "http/route.hpp"

#include <memory>

namespace portal::faq {

void register_console_routes(http::RouteTable& routes, std::shared_ptr<FaqService> service);

}  // namespace portal::faq
