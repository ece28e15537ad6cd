#include "features/faq/console_routes.hpp"

#include "features/faq/errors.hpp"
#include "http/api_error.hpp"
#include "http/dto.hpp"

#include <boost/describe/class.hpp>
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include <charconv>
#include <optional>

namespace portal::faq {

namespace dto {

using http::dto::Int;
using http::dto::Text;

struct NewEntryBody {
  Text<8> language;
  Text<4000> question;  // the service counts characters (200)
  Text<kMaxAnswerInputBytes> answer;
  std::optional<Int<0, kMaxSortOrder>> sort_order;
};
BOOST_DESCRIBE_STRUCT(NewEntryBody, (), (language, question, answer, sort_order))

// The web sends the whole form back; an entry keeps its language.
struct EntryEditBody {
  std::optional<Text<8>> language;
  std::optional<Text<4000>> question;
  std::optional<Text<kMaxAnswerInputBytes>> answer;
  std::optional<Int<0, kMaxSortOrder>> sort_order;
};
BOOST_DESCRIBE_STRUCT(EntryEditBody, (), (language, question, answer, sort_order))

struct PreviewBody {
  Text<kMaxAnswerInputBytes> html;
};
BOOST_DESCRIBE_STRUCT(PreviewBody, (), (html))

}  // namespace dto

namespace {

using http::Request;
using http::Response;
namespace json = boost::json;

// Room for the largest answer a request may carry, escaped as JSON.
constexpr std::size_t kBodyLimit = 2 * kMaxAnswerInputBytes + 8192;

std::string actor_of(const Request& request) { return "op:" + request.principal->steam_id; }

std::optional<std::int64_t> id_of(const Request& request) {
  const auto text = request.path_param("id");
  std::int64_t id = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (ec != std::errc{} || end != text.data() + text.size() || id <= 0) return std::nullopt;
  return id;
}

json::array removals_json(const std::vector<core::html_report::Removal>& removals) {
  json::array out;
  for (const auto& r : removals) out.push_back(json::object{{"kind", r.kind}, {"name", r.name}});
  return out;
}

json::object entry_json(const FaqEntry& e) {
  return {{"id", e.id},
          {"language", e.language},
          {"question", e.question},
          {"answer", e.answer},
          {"sort_order", e.sort_order},
          {"created_at", e.created_at},
          {"updated_at", e.updated_at}};
}

json::object saved_json(const SavedFaq& saved) {
  json::object out = entry_json(saved.entry);
  json::array removed;
  for (const auto& line : saved.removed) removed.emplace_back(line);
  out["removed"] = std::move(removed);
  return out;
}

std::optional<std::int64_t> order_of(const std::optional<http::dto::Int<0, kMaxSortOrder>>& order) {
  if (!order) return std::nullopt;
  return order->value;
}

Response list(const FaqService& service) {
  json::array items;
  for (const auto& entry : service.list_all()) items.push_back(entry_json(entry));
  const auto total = static_cast<std::int64_t>(items.size());
  return http::json_response(json::object{{"items", std::move(items)}, {"total", total}});
}

Response add(FaqService& service, const Request& request) {
  auto body = http::dto::parse_body<dto::NewEntryBody>(request);
  if (!body) return http::error_response(body.error());
  auto added = service.add(NewFaq{*body->language, *body->question, *body->answer, order_of(body->sort_order)},
                           actor_of(request));
  if (!added) return http::error_response(added.error());
  return http::json_response(saved_json(*added), 201);
}

Response update(FaqService& service, const Request& request) {
  const auto id = id_of(request);
  if (!id) return http::error_response(errors::faq_not_found(0));
  auto body = http::dto::parse_body<dto::EntryEditBody>(request);
  if (!body) return http::error_response(body.error());
  if (body->language) {
    const auto entry = service.find(*id);
    if (!entry) return http::error_response(errors::faq_not_found(*id));
    if (entry->language != body->language->value) {
      return http::error_response(core::validation_failed("language", "an entry keeps its language"));
    }
  }
  FaqEdit edit;
  if (body->question) edit.question = body->question->value;
  if (body->answer) edit.answer_html = body->answer->value;
  edit.sort_order = order_of(body->sort_order);
  auto updated = service.update(*id, edit, actor_of(request));
  if (!updated) return http::error_response(updated.error());
  return http::json_response(saved_json(*updated));
}

Response remove(FaqService& service, const Request& request) {
  const auto id = id_of(request);
  if (!id) return http::error_response(errors::faq_not_found(0));
  auto removed = service.remove(*id, actor_of(request));
  if (!removed) return http::error_response(removed.error());
  return http::empty_response(204);
}

Response preview(const Request& request) {
  auto body = http::dto::parse_body<dto::PreviewBody>(request);
  if (!body) return http::error_response(body.error());
  auto clean = FaqService::preview(*body->html);
  if (!clean) return http::error_response(clean.error());
  return http::json_response(json::object{{"sanitized", clean->html}, {"removed", removals_json(clean->removals)}});
}

}  // namespace

void register_console_routes(http::RouteTable& routes, std::shared_ptr<FaqService> service) {
  using http::Access;
  using http::Method;
  routes.add({.method = Method::get,
              .pattern = "/api/console/faq",
              .access = Access::op,
              .handler = [service](Request&) { return list(*service); },
              .summary = "Console: every FAQ entry, both languages"});
  routes.add({.method = Method::post,
              .pattern = "/api/console/faq",
              .access = Access::op,
              .handler = [service](Request& r) { return add(*service, r); },
              .body_limit = kBodyLimit,
              .json_body = true,
              .summary = "Console: add a FAQ entry (the answer is sanitized)"});
  routes.add({.method = Method::put,
              .pattern = "/api/console/faq/{id}",
              .access = Access::op,
              .handler = [service](Request& r) { return update(*service, r); },
              .body_limit = kBodyLimit,
              .json_body = true,
              .summary = "Console: change a FAQ entry"});
  routes.add({.method = Method::del,
              .pattern = "/api/console/faq/{id}",
              .access = Access::op,
              .handler = [service](Request& r) { return remove(*service, r); },
              .summary = "Console: delete a FAQ entry"});
  routes.add({.method = Method::post,
              .pattern = "/api/console/faq/preview",
              .access = Access::op,
              .handler = [](Request& r) { return preview(r); },
              .body_limit = kBodyLimit,
              .json_body = true,
              .summary = "Console: what the sanitizer keeps of an answer and what it removes"});
}

}  // namespace portal::faq
