#include "features/auth/steam_accounts.hpp"

#include "core/crypto.hpp"
#include "core/steam_id.hpp"
#include "core/text.hpp"
#include "features/auth/credentials_rules.hpp"
#include "features/auth/errors.hpp"

#include <sodium.h>
#include <spdlog/spdlog.h>

namespace portal::auth {

namespace {

using namespace std::chrono_literals;

constexpr core::RateLimit kWrongGameTokens{5, 15min};

// No 0/o, 1/l/i: the player reads it off the game's chat and types it.
constexpr std::string_view kTokenAlphabet = "abcdefghjkmnpqrstuvwxyz23456789";

std::string game_token() {
  std::string token;
  for (int i = 0; i < 8; ++i)
    token += kTokenAlphabet[randombytes_uniform(static_cast<std::uint32_t>(kTokenAlphabet.size()))];
  return token;
}

}  // namespace

SteamIdentity SteamAccounts::profile_of(const std::string& steam_id) {
  SteamIdentity identity{steam_id, "", ""};
  if (d_.profiles != nullptr) {
    auto profile = d_.profiles->fetch(*core::parse_steam_id64(steam_id));
    if (!profile) {
      // Steam's Web API being down must not stop a login: keep the stored name and try next time.
      spdlog::warn("steam profile of {} unavailable: {}", steam_id, profile.error().message);
    } else if (profile->has_value()) {
      identity.username = (*profile)->persona_name;
      identity.avatar = (*profile)->avatar_url;
    }
  }
  return identity;
}

IssuedToken SteamAccounts::login(std::uint64_t steam_id, const std::string& ip) {
  const std::string id = std::to_string(steam_id);
  const SteamIdentity identity = profile_of(id);
  const std::int64_t now = d_.now();
  User user = d_.users.upsert_steam_user(id, identity.username, identity.avatar, now);
  if (user.username.empty()) user.username = id;
  const std::string session_id = core::random_token(16);
  d_.sessions.log(user.id, id, "LOGIN-STEAM", ip, now, session_id);
  return d_.tokens.issue(TokenType::login, user.id, id, "", kLoginTokenLifetime, now, user.session_generation,
                         session_id);
}

std::string SteamAccounts::issue_game_token(const std::string& steam_id, std::optional<std::int64_t> server_id) {
  const std::string token = game_token();
  const std::int64_t now = d_.now();
  d_.bindings.add_game_token(core::sha256_hex(token), steam_id, server_id, now, now + kGameTokenValidMinutes * 60);
  return token;
}

core::Status SteamAccounts::check_bind_claims(const TokenClaims& claims, std::string_view email) const {
  auto normalized = normalize_email(email);
  if (!normalized || *normalized != claims.email) {
    return errors::unauthorized();
  }
  return core::Ok{};
}

core::Result<SteamIdentity> SteamAccounts::redeem_game_token(const TokenClaims& bind_claims, std::string_view email,
                                                             std::string_view game_token_text) {
  if (auto ok = check_bind_claims(bind_claims, email); !ok) return ok.error();
  const auto user = d_.users.find_by_id(bind_claims.user_id);
  if (!user) return errors::user_not_found();
  if (!user->steam_id.empty()) {
    return errors::already_bound();
  }
  const std::string attempts_key = "game-token|" + std::to_string(user->id);
  // Taken before the token is looked up, given back when it was right: concurrent guesses cannot overshoot.
  if (auto wait = d_.budgets.take(attempts_key, kWrongGameTokens, d_.now())) {
    return errors::rate_limited(*wait);
  }
  const std::string token = core::ascii_lower(game_token_text);
  const std::int64_t now = d_.now();
  const auto steam_id = token.size() == 8 ? d_.bindings.redeem_game_token(core::sha256_hex(token), now) : std::nullopt;
  if (!steam_id) return errors::invalid_bind_token();
  d_.budgets.give_back(attempts_key);
  if (const auto owner = d_.users.find_by_steam_id(*steam_id)) {
    if (!owner->email.empty()) {
      return errors::steam_already_bound();
    }
    // A token seen in game proves less than a Steam login: an account that already exists for this
    // Steam account (its memberships, stats and sessions) is merged only after OpenID proves it.
    return errors::steam_proof_required();
  }
  d_.bindings.add_proof(user->id, *steam_id, now + kBindProofValidMinutes * 60);
  SteamIdentity identity = profile_of(*steam_id);
  if (identity.username.empty()) identity.username = *steam_id;
  return identity;
}

core::Result<std::pair<IssuedToken, SteamIdentity>> SteamAccounts::bind(std::int64_t user_id,
                                                                        const std::string& steam_id,
                                                                        const std::string& ip, bool merge_existing) {
  const SteamIdentity identity = profile_of(steam_id);
  const std::int64_t now = d_.now();
  auto user = d_.users.bind_steam(user_id, steam_id, identity.username, identity.avatar, now, merge_existing);
  if (!user) return user.error();
  d_.bindings.drop_proofs(user_id);
  d_.sessions.log(user->id, steam_id, "BIND-STEAM", ip, now);
  d_.users.touch_login(user->id, now);
  SteamIdentity bound{steam_id, user->username.empty() ? steam_id : user->username, user->avatar};
  return std::pair{
      d_.tokens.issue(TokenType::login, user->id, steam_id, "", kLoginTokenLifetime, now, user->session_generation),
      std::move(bound)};
}

core::Result<std::pair<IssuedToken, SteamIdentity>> SteamAccounts::bind_proven(const TokenClaims& bind_claims,
                                                                               std::string_view email,
                                                                               std::string_view steam_id,
                                                                               const std::string& ip) {
  if (auto ok = check_bind_claims(bind_claims, email); !ok) return ok.error();
  if (!core::is_steam_id64(steam_id)) {
    return errors::steam_id_invalid();
  }
  const std::string id(steam_id);
  // The bare steamId proves nothing: only one the user redeemed an in-game token for may be bound.
  if (!d_.bindings.has_proof(bind_claims.user_id, id, d_.now())) return errors::invalid_bind_token();
  // The repository refuses an existing Steam account inside the binding transaction.
  return bind(bind_claims.user_id, id, ip, /*merge_existing=*/false);
}

core::Result<IssuedToken> SteamAccounts::bind_verified(std::string_view bind_token, std::uint64_t steam_id,
                                                       const std::string& ip) {
  auto claims = d_.tokens.verify(bind_token, TokenType::bind, d_.now());
  if (!claims) return errors::invalid_or_expired_token();
  auto bound = bind(claims->user_id, std::to_string(steam_id), ip, /*merge_existing=*/true);
  if (!bound) return bound.error();
  return std::move(bound->first);
}

}  // namespace portal::auth
