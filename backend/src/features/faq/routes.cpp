#include "features/faq/routes.hpp"

#include "http/api_error.hpp"

#include <boost/json/array.hpp>

namespace portal::faq {

void register_routes(http::RouteTable& routes, std::shared_ptr<const FaqService> service) {
  routes.add(http::Route{
      .method = http::Method::get,
      .pattern = "/api/faqs",
      .access = http::Access::public_access,
      .handler =
          [service](http::Request& request) {
            const std::string language(request.query_param("language").value_or("zh"));
            const auto entries = service->list(language);
            if (!entries) return http::error_response(entries.error());
            boost::json::array out;
            out.reserve(entries->size());
            for (const auto& entry : *entries) {
              out.push_back({{"id", entry.id},
                             {"question", entry.question},
                             {"answer", entry.answer},
                             {"updatedAt", iso_utc(entry.updated_at)}});
            }
            auto response = http::json_response(out);
            response.set_header("Cache-Control", "public, max-age=60");
            return response;
          },
      .summary = "FAQ entries of one language, in the operator's order",
  });
}

}  // namespace portal::faq
