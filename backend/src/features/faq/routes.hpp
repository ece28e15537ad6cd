#pragma once
// Route of the FAQ (spec 001 §2.8, §7): GET /api/faqs?language=zh|en, public. The route table keeps
// the service alive.

#include "features/faq/service.hpp"
#include "http/route.hpp"

#include <memory>

namespace portal::faq {

void register_routes(http::RouteTable& routes, std::shared_ptr<const FaqService> service);

}  // namespace portal::faq
