#include "features/vip/console_routes.hpp"

#include "http/api_error.hpp"
#include "http/dto.hpp"

#include <boost/describe/class.hpp>
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include <optional>

namespace portal::vip {

namespace dto {

using http::dto::Int;
using http::dto::List;
using http::dto::Text;

// Bytes: the rules count characters (100 and 500) of up to 4 bytes each.
struct TextBody {
  Text<4 * kContentMaxChars> content;
  std::optional<Text<4 * kDetailMaxChars>> detail;
};
BOOST_DESCRIBE_STRUCT(TextBody, (), (content, detail))

struct ValuesBody {
  std::optional<Int<0, 2>> normal;
  std::optional<Int<0, 2>> vip;
  std::optional<Int<0, 2>> pro;
  std::optional<Int<0, 2>> kol;
  std::optional<Int<0, 2>> op;
};
BOOST_DESCRIBE_STRUCT(ValuesBody, (), (normal, vip, pro, kol, op))

struct RowBody {
  Text<kKeyMaxLength> key;
  std::optional<Int<kOrderMin, kOrderMax>> order;
  TextBody zh;
  TextBody en;
  std::optional<ValuesBody> values;
};
BOOST_DESCRIBE_STRUCT(RowBody, (), (key, order, zh, en, values))

struct TableBody {
  List<RowBody, 200> items;
};
BOOST_DESCRIBE_STRUCT(TableBody, (), (items))

}  // namespace dto

namespace {

using http::Request;
using http::Response;
namespace json = boost::json;

json::object row_json(const Privilege& p) {
  json::object values;
  for (Group group : kGroups) values[to_string(group)] = p.value(group);
  return {{"key", p.key},
          {"order", p.order},
          {"zh", {{"content", p.zh.content}, {"detail", p.zh.detail}}},
          {"en", {{"content", p.en.content}, {"detail", p.en.detail}}},
          {"values", std::move(values)}};
}

Response table(const std::vector<Privilege>& privileges) {
  json::array items;
  for (const auto& p : privileges) items.push_back(row_json(p));
  return http::json_response(json::object{{"items", std::move(items)}});
}

std::pair<std::string, PrivilegeChanges> changes_of(const dto::RowBody& row) {
  PrivilegeChanges c;
  c.content_zh = row.zh.content.value;
  c.content_en = row.en.content.value;
  c.detail_zh = row.zh.detail ? row.zh.detail->value : std::string();
  c.detail_en = row.en.detail ? row.en.detail->value : std::string();
  if (row.order) c.order = row.order->value;
  const dto::ValuesBody values = row.values.value_or(dto::ValuesBody{});
  const std::optional<http::dto::Int<0, 2>>* by_group[] = {&values.normal, &values.vip, &values.pro, &values.kol,
                                                           &values.op};
  for (Group group : kGroups) {
    const auto& value = *by_group[index_of(group)];
    c.values[index_of(group)] = value ? static_cast<int>(value->value) : 0;
  }
  return {row.key.value, std::move(c)};
}

Response save(PrivilegeService& service, const Request& request) {
  auto body = http::dto::parse_body<dto::TableBody>(request);
  if (!body) return http::error_response(body.error());
  std::vector<std::pair<std::string, PrivilegeChanges>> rows;
  for (const auto& row : body->items) rows.push_back(changes_of(row));
  auto saved = service.replace_table(std::move(rows), "op:" + request.principal->steam_id);
  if (!saved) return http::error_response(saved.error());
  return table(*saved);
}

}  // namespace

void register_console_routes(http::RouteTable& routes, PrivilegeService& service) {
  using http::Access;
  using http::Method;
  routes.add({.method = Method::get,
              .pattern = "/api/console/vip-privileges",
              .access = Access::op,
              .handler = [&service](Request&) { return table(service.list()); },
              .summary = "Console: the privilege table of the VIP page"});
  routes.add({.method = Method::put,
              .pattern = "/api/console/vip-privileges",
              .access = Access::op,
              .handler = [&service](Request& r) { return save(service, r); },
              .body_limit = 512 * 1024,
              .json_body = true,
              .summary = "Console: save the privilege table whole"});
}

}  // namespace portal::vip
