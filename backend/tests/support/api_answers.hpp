#pragma once
// What the functional tests read from the portal's answers and how they sign in without a login
// flow: the shared error shape's code and field (docs/errors), and a login token for a user row,
// signed with the running App's key, as a login would issue it.

#include "core/clock.hpp"
#include "features/auth/token_service.hpp"
#include "support/http_client.hpp"
#include "support/test_app.hpp"

#include <boost/json.hpp>

#include <cstdint>
#include <string>

namespace portal::test {

// The shared error shape's `error`, or empty when the answer is not an error.
inline std::string error_code(const HttpResult& r) {
  const auto body = r.json();
  return body.is_object() && body.as_object().contains("error") ? std::string(body.at("error").as_string()) : "";
}

// The shared error shape's `details.field` (the input a 422 names), or empty.
inline std::string error_field(const HttpResult& r) {
  const auto body = r.json();
  if (!body.is_object() || !body.as_object().contains("details")) return "";
  const auto* field = body.at("details").as_object().if_contains("field");
  return field && field->is_string() ? std::string(field->as_string()) : "";
}

// A 7-day login token for the user row. No route hands one out for an account without Steam; the
// server must refuse such a token's requests all the same.
inline std::string login_token_for(TestApp& app, std::int64_t user_id, const std::string& steam_id) {
  const auth::TokenService tokens(app.app().config().auth.jwt_secret);
  return tokens.issue(auth::TokenType::login, user_id, steam_id, "", auth::kLoginTokenLifetime, core::system_unix_now())
      .token;
}

}  // namespace portal::test
