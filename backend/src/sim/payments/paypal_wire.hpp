#pragma once
// PayPal's wire shapes shared by the stand-in's order and refund calls: its JSON answers with a debug
// id, its 4xx error shape, and reading members of a request body.

#include "http/message.hpp"
#include "sim/payments/sandbox_text.hpp"
#include "sim/payments/wire_json.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace portal::sim::payments::paypal_wire {

namespace json = boost::json;

inline http::Response paypal_json(const json::value& body, int status) {
  auto response = http::text_response(json::serialize(body), "application/json", status);
  response.set_header("Paypal-Debug-Id", random_alnum_upper(13));
  return response;
}

// PayPal's error shape for 4xx business and validation errors.
inline http::Response paypal_error(int status, std::string_view name, std::string_view issue,
                                   std::string_view description) {
  static const std::map<std::string_view, std::string_view> messages{
      {"INVALID_REQUEST", "Request is not well-formed, syntactically incorrect, or violates schema."},
      {"UNPROCESSABLE_ENTITY",
       "The requested action could not be performed, semantically incorrect, or failed business validation."},
      {"RESOURCE_NOT_FOUND", "The specified resource does not exist."}};
  const auto message = messages.contains(name) ? messages.at(name) : std::string_view("Error");
  return paypal_json(
      json::object{{"name", name},
                   {"message", message},
                   {"details", json::array{json::object{{"issue", issue}, {"description", description}}}},
                   {"debug_id", random_alnum_upper(13)}},
      status);
}

using wire_json::text_of;

inline const json::object* object_at(const json::object& object, std::initializer_list<std::string_view> path) {
  const json::object* at = &object;
  for (auto key : path) {
    auto found = at->if_contains(key);
    if (!found || !found->is_object()) return nullptr;
    at = &found->as_object();
  }
  return at;
}

// The body as a JSON object; an empty body reads as {}.
inline std::optional<json::object> parse_paypal_body(std::string_view body) {
  json::error_code error;
  auto value = json::parse(body.empty() ? std::string_view("{}") : body, error);
  if (error || !value.is_object()) return std::nullopt;
  return value.as_object();
}

}  // namespace portal::sim::payments::paypal_wire
