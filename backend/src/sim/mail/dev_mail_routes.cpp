#include "sim/mail/dev_mail_routes.hpp"

#include "integrations/mail/mail_text.hpp"

#include <boost/json/array.hpp>

namespace portal::sim {

void register_dev_mail_routes(http::RouteTable& routes, const mail::OutboxMailer& outbox) {
  routes.get("/api/dev/mail", http::Access::public_access, [&outbox](http::Request&) {
    boost::json::array list;
    for (const auto& entry : outbox.list()) {
      boost::json::array links;
      for (auto& link : mail::extract_links(entry.text)) links.emplace_back(link);
      const auto code = mail::extract_code(entry.text);
      list.push_back({{"id", entry.id},
                      {"to", entry.to},
                      {"subject", entry.subject},
                      {"text", entry.text},
                      {"html", entry.html},
                      {"sentAt", entry.sent_at},
                      {"links", std::move(links)},
                      {"code", code ? boost::json::value(*code) : boost::json::value(nullptr)}});
    }
    auto response = http::json_response(list);
    response.set_header("Cache-Control", "no-store");
    return response;
  });
}

}  // namespace portal::sim
