#include "features/auth/steam_callbacks.hpp"

#include "integrations/steam/openid.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cctype>

namespace portal::auth {

namespace steam = integrations::steam;

namespace {

// The web's state is echoed back only when it looks like one (no way to smuggle markup or a second parameter).
std::string safe_state(const std::map<std::string, std::string>& query) {
  const auto it = query.find("state");
  if (it == query.end() || it->second.empty() || it->second.size() > 64) return {};
  const bool clean = std::all_of(it->second.begin(), it->second.end(),
                                 [](unsigned char c) { return std::isalnum(c) || c == '-' || c == '_'; });
  return clean ? it->second : std::string{};
}

std::string page(const std::string& origin, std::string_view path, std::string_view key, std::string_view value,
                 const std::string& state) {
  std::string url = origin + std::string(path) + "?" + std::string(key) + "=" + steam::percent_encode(value);
  if (!state.empty()) url += "&state=" + state;
  return url;
}

// The state of an assertion we could not verify comes from the unsigned query: still only echoed if clean.
std::string unsigned_state(std::string_view raw_query) {
  std::map<std::string, std::string> query;
  for (auto& [k, v] : steam::parse_query(raw_query)) query.emplace(k, v);
  return safe_state(query);
}

std::string verify_error_code(const core::Error& error) {
  return error.code == "STEAM_UNAVAILABLE" ? "steam_api_error" : "invalid_authentication";
}

std::string bind_error_code(const core::Error& error) {
  if (error.code == "INVALID_TOKEN" || error.code == "UNAUTHORIZED") return "invalid_token";
  if (error.code == "USER_NOT_FOUND") return "user_not_found";
  if (error.code == "ALREADY_BOUND") return "already_bound";
  if (error.code == "STEAM_ALREADY_BOUND") return "steam_already_bound";
  return "binding_failed";
}

}  // namespace

bool DbNonceStore::remember_once(const std::string& nonce, std::chrono::system_clock::time_point seen_at) {
  return sessions_.remember_nonce(nonce,
                                  std::chrono::duration_cast<std::chrono::seconds>(seen_at.time_since_epoch()).count());
}

std::string SteamCallbacks::login_refused(std::string_view error_code) const {
  return page(urls_().web_origin, "/auth/steam/callback", "error", error_code, "");
}

std::string SteamCallbacks::bind_refused(std::string_view error_code) const {
  return page(urls_().web_origin, "/auth/steam/bind/callback", "error", error_code, "");
}

std::string SteamCallbacks::login(std::string_view raw_query, const std::string& ip) const {
  const SteamCallbackUrls urls = urls_();
  constexpr std::string_view path = "/auth/steam/callback";
  const steam::OpenIdVerifier verifier({urls.op_endpoint, urls.login_return_to}, http_, nonces_);
  auto assertion = verifier.verify(raw_query, std::chrono::system_clock::now());
  if (!assertion) {
    spdlog::info("steam login refused: {} {}", assertion.error().code, assertion.error().message);
    return page(urls.web_origin, path, "error", verify_error_code(assertion.error()), unsigned_state(raw_query));
  }
  const IssuedToken token = accounts_.login(assertion->steam_id, ip);
  return page(urls.web_origin, path, "token", token.token, safe_state(assertion->return_to_query));
}

std::string SteamCallbacks::bind(std::string_view raw_query, const std::string& ip) const {
  const SteamCallbackUrls urls = urls_();
  constexpr std::string_view path = "/auth/steam/bind/callback";
  const steam::OpenIdVerifier verifier({urls.op_endpoint, urls.bind_return_to}, http_, nonces_);
  auto assertion = verifier.verify(raw_query, std::chrono::system_clock::now());
  if (!assertion) {
    spdlog::info("steam binding refused: {} {}", assertion.error().code, assertion.error().message);
    return page(urls.web_origin, path, "error", verify_error_code(assertion.error()), unsigned_state(raw_query));
  }
  const std::string state = safe_state(assertion->return_to_query);
  const auto bind_token = assertion->return_to_query.find("email_bind_token");
  if (bind_token == assertion->return_to_query.end() || bind_token->second.empty()) {
    return page(urls.web_origin, path, "error", "invalid_token", state);
  }
  auto token = accounts_.bind_verified(bind_token->second, assertion->steam_id, ip);
  if (!token) return page(urls.web_origin, path, "error", bind_error_code(token.error()), state);
  return page(urls.web_origin, path, "token", token->token, state);
}

}  // namespace portal::auth
