#pragma once
// E-mail accounts: the availability check, registration codes, registration, login, and password
// reset by mailed link (spec 000 sections 4.2-4.4 and 5). Throttling that depends on the address is
// here; the per-client-address limits sit in front of the routes.

#include "core/result.hpp"
#include "db/budgets.hpp"
#include "features/auth/credential_repository.hpp"
#include "features/auth/password_hasher.hpp"
#include "features/auth/session_repository.hpp"
#include "features/auth/token_service.hpp"
#include "features/auth/user_repository.hpp"
#include "integrations/mail/mailer.hpp"

#include <functional>
#include <string>

namespace portal::auth {

inline constexpr int kCodeValidMinutes = 10;
inline constexpr int kCodeMaxAttempts = 5;
inline constexpr int kCodeResendSeconds = 60;
inline constexpr int kResetValidMinutes = 30;

struct EmailAccountsDeps {
  UserRepository& users;
  CredentialRepository& credentials;
  SessionRepository& sessions;
  const PasswordHasher& hasher;
  const TokenService& tokens;
  mail::Mailer& mailer;
  db::Budgets& budgets;                     // per-account limits, shared by every instance
  std::function<std::int64_t()> now;        // unix seconds
  std::function<std::string()> public_url;  // where the web is reached, for the reset link
  std::string site_name;
  std::string code_pepper;  // keeps stored code hashes useless without the server's secret
};

struct LoginOutcome {
  bool needs_steam_binding = false;
  IssuedToken token;  // login token, or a bind token when the account has no Steam account yet
  User user;
};

class EmailAccounts {
 public:
  explicit EmailAccounts(EmailAccountsDeps deps) : d_(std::move(deps)) {}

  core::Result<bool> exists(std::string_view email);
  core::Status send_code(std::string_view email);
  core::Result<IssuedToken> register_account(std::string_view email, std::string_view password, std::string_view code,
                                             const std::string& ip);
  core::Result<LoginOutcome> login(std::string_view email, std::string_view password, const std::string& ip);
  core::Status request_reset(std::string_view email);
  core::Status confirm_reset(std::string_view email, std::string_view token, std::string_view new_password,
                             const std::string& ip);

 private:
  // Whether this login may be checked; `reserved` tells whether it took a unit of the account's budget.
  std::optional<core::Error> admit_login(const std::string& email, const std::string& ip, bool& reserved);
  std::string code_hash(const std::string& email, std::string_view code) const;
  EmailAccountsDeps d_;
};

}  // namespace portal::auth
