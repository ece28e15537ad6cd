#include "features/content/console_routes.hpp"

#include "http/api_error.hpp"
#include "http/dto.hpp"

#include <boost/describe/class.hpp>
#include <boost/json/object.hpp>

#include <optional>

namespace portal::content {

namespace dto {

using http::dto::Text;

// A language left out keeps its text; an empty text clears it.
struct AnnouncementBody {
  std::optional<Text<kMaxAnnouncementBytes>> zh;
  std::optional<Text<kMaxAnnouncementBytes>> en;
};
BOOST_DESCRIBE_STRUCT(AnnouncementBody, (), (zh, en))

}  // namespace dto

namespace {

using http::Request;
using http::Response;

Response current(const Announcements& announcements) {
  boost::json::object out;
  for (const char* lang : {"zh", "en"}) {
    const auto announcement = announcements.get(lang);
    out[lang] = announcement ? announcement->text : std::string();
  }
  return http::json_response(out);
}

core::Status set_one(Announcements& announcements, const std::string& lang,
                     const std::optional<http::dto::Text<kMaxAnnouncementBytes>>& text, const std::string& actor) {
  if (!text) return core::Ok{};
  auto done = announcements.set(lang, text->value, actor);
  if (!done && done.error().code == "VALIDATION_FAILED") {
    // The service names its CLI argument; here the field is the language.
    auto error = done.error();
    error.details["field"] = lang;
    return error;
  }
  return done;
}

Response update(Announcements& announcements, const Request& request) {
  auto body = http::dto::parse_body<dto::AnnouncementBody>(request);
  if (!body) return http::error_response(body.error());
  const std::string actor = "op:" + request.principal->steam_id;
  if (auto ok = set_one(announcements, "zh", body->zh, actor); !ok) return http::error_response(ok.error());
  if (auto ok = set_one(announcements, "en", body->en, actor); !ok) return http::error_response(ok.error());
  return current(announcements);
}

}  // namespace

void register_console_routes(http::RouteTable& routes, Announcements& announcements) {
  using http::Access;
  using http::Method;
  routes.add({.method = Method::get,
              .pattern = "/api/console/announcement",
              .access = Access::op,
              .handler = [&announcements](Request&) { return current(announcements); },
              .summary = "Console: the header announcement per language"});
  routes.add({.method = Method::put,
              .pattern = "/api/console/announcement",
              .access = Access::op,
              .handler = [&announcements](Request& r) { return update(announcements, r); },
              .json_body = true,
              .summary = "Console: set the header announcement per language (empty clears)"});
}

}  // namespace portal::content
