#include "features/auth/email_accounts.hpp"

#include "core/crypto.hpp"
#include "core/percent_encoding.hpp"
#include "core/text.hpp"
#include "features/auth/credentials_rules.hpp"
#include "features/auth/errors.hpp"
#include "features/auth/mail_templates.hpp"

#include <sodium.h>

#include <algorithm>
#include <cctype>

namespace portal::auth {

namespace {

using namespace std::chrono_literals;

// Per e-mail address, on top of the per-client-address limits of the routes (ASVS: per account). The
// budgets live in the database and are taken before the password is checked, so concurrent guesses
// cannot overshoot them and every instance spends from the same one.
constexpr core::RateLimit kLoginFailures{10, 15min};
// A client address with no other try on the account still gets one while the account's budget is
// spent: a stranger's wrong guesses cannot keep its owner out. The marks only count, never refuse.
constexpr core::RateLimit kLoginMarks{1000000, 15min};
constexpr core::RateLimit kCodesPerHour{5, 1h};
constexpr core::RateLimit kCodeGap{1, std::chrono::seconds(kCodeResendSeconds)};
constexpr core::RateLimit kResetGap{1, 60s};
constexpr core::RateLimit kResetsPerHour{5, 1h};

std::string six_digit_code() {
  // uniform in 0..999999 (randombytes_uniform avoids modulo bias)
  const std::uint32_t n = randombytes_uniform(1000000);
  std::string code = std::to_string(n);
  return std::string(6 - code.size(), '0') + code;
}

bool is_six_digits(std::string_view code) {
  return code.size() == 6 && std::all_of(code.begin(), code.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool is_hex_token(std::string_view token) {
  return token.size() == 32 &&
         std::all_of(token.begin(), token.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); });
}

}  // namespace

std::string EmailAccounts::code_hash(const std::string& email, std::string_view code) const {
  return core::sha256_hex(d_.code_pepper + "|" + email + "|" + std::string(code));
}

core::Result<bool> EmailAccounts::exists(std::string_view raw) {
  auto email = normalize_email(raw);
  if (!email) return email.error();
  return d_.users.find_by_email(*email).has_value();
}

core::Status EmailAccounts::send_code(std::string_view raw) {
  auto email = normalize_email(raw);
  if (!email) return email.error();
  const std::int64_t now = d_.now();
  if (d_.users.find_by_email(*email)) {
    return errors::email_already_registered();
  }
  // The 60 s gap is a budget of its own, not the age of the stored code: a code voided by wrong
  // guesses must not open the way to an immediate resend.
  if (auto wait = d_.budgets.take("code-gap|" + *email, kCodeGap, now)) return errors::rate_limited(*wait);
  if (auto wait = d_.budgets.take("code|" + *email, kCodesPerHour, now)) {
    d_.budgets.give_back("code-gap|" + *email);
    return errors::rate_limited(*wait);
  }

  const std::string code = six_digit_code();
  d_.credentials.replace_code({*email, code_hash(*email, code), 0, now, now + kCodeValidMinutes * 60});
  auto sent = d_.mailer.send(verification_code_mail(*email, code, kCodeValidMinutes, d_.site_name));
  if (!sent) {
    d_.credentials.delete_code(*email);  // nothing arrived: let the user ask again at once
    d_.budgets.give_back("code-gap|" + *email);
    d_.budgets.give_back("code|" + *email);
    if (sent.error().kind == core::ErrorKind::validation) return sent.error();
    return errors::verification_mail_failed();
  }
  return core::Ok{};
}

core::Result<IssuedToken> EmailAccounts::register_account(std::string_view raw, std::string_view password,
                                                          std::string_view code, const std::string& ip) {
  auto email = normalize_email(raw);
  if (!email) return email.error();
  if (auto rules = check_password(password); !rules) return rules.error();
  if (!is_six_digits(code)) return errors::invalid_code();

  const std::int64_t now = d_.now();
  // Every comparison first takes an attempt in one statement: concurrent guesses cannot exceed five.
  const auto stored = d_.credentials.take_code_attempt(*email, kCodeMaxAttempts, now);
  if (!stored) return errors::invalid_code();
  if (!core::constant_time_equal(stored->code_hash, code_hash(*email, code))) {
    if (stored->attempts >= kCodeMaxAttempts) d_.credentials.delete_code(*email);
    return errors::invalid_code();
  }
  auto user = d_.users.create_email_user(*email, d_.hasher.hash(password), now);
  if (!user) return user.error();
  d_.credentials.delete_code(*email);
  d_.sessions.log(user->id, "", "REGISTER", ip, now);
  return d_.tokens.issue(TokenType::bind, user->id, "", *email, kBindTokenLifetime, now);
}

core::Result<LoginOutcome> EmailAccounts::login(std::string_view raw, std::string_view password,
                                                const std::string& ip) {
  auto email = normalize_email(raw);
  if (!email) return errors::invalid_credentials();
  if (password.empty() || password.size() > kPasswordMaxLength) return errors::invalid_credentials();
  bool reserved = false;
  if (auto refused = admit_login(*email, ip, reserved)) return *refused;

  const auto user = d_.users.find_by_email(*email);
  const bool valid = user && !user->password_hash.empty() ? d_.hasher.verify(user->password_hash, password)
                                                          : (d_.hasher.verify_dummy(password), false);
  if (!valid) return errors::invalid_credentials();  // the unit taken stays spent: it was a failure
  if (reserved) d_.budgets.give_back("login-fail|" + *email);
  d_.budgets.reset("login-fail|" + *email + "|" + ip);
  const std::int64_t now = d_.now();
  if (d_.hasher.needs_rehash(user->password_hash)) {
    d_.users.set_password_hash(user->id, d_.hasher.hash(password), now, false);
  }
  LoginOutcome outcome;
  outcome.user = *user;
  if (user->steam_id.empty()) {
    outcome.needs_steam_binding = true;
    outcome.token = d_.tokens.issue(TokenType::bind, user->id, "", *email, kBindTokenLifetime, now);
    return outcome;
  }
  d_.users.touch_login(user->id, now);
  const std::string session_id = core::random_token(16);
  d_.sessions.log(user->id, user->steam_id, "LOGIN-EMAIL", ip, now, session_id);
  outcome.token = d_.tokens.issue(TokenType::login, user->id, user->steam_id, "", kLoginTokenLifetime, now,
                                  user->session_generation, session_id);
  return outcome;
}

std::optional<core::Error> EmailAccounts::admit_login(const std::string& email, const std::string& ip, bool& reserved) {
  const std::int64_t now = d_.now();
  const std::string account_key = "login-fail|" + email;
  const std::string address_key = account_key + "|" + ip;
  // Every try from this address on this account is marked first, so concurrent ones see each other.
  (void)d_.budgets.take(address_key, kLoginMarks, now);
  const auto wait = d_.budgets.take(account_key, kLoginFailures, now);
  if (!wait) {
    reserved = true;
    return std::nullopt;
  }
  // The account's budget is spent. An address with no other try on it in the window gets exactly one.
  if (d_.budgets.used(address_key, now) > 1) return errors::rate_limited(*wait);
  return std::nullopt;
}

core::Status EmailAccounts::request_reset(std::string_view raw) {
  auto email = normalize_email(raw);
  if (!email) return email.error();
  const std::int64_t now = d_.now();
  const auto user = d_.users.find_by_email(*email);
  if (!user) {
    return errors::email_not_registered();
  }
  if (auto wait = d_.budgets.take("reset-gap|" + *email, kResetGap, now)) return errors::rate_limited(*wait);
  if (auto wait = d_.budgets.take("reset-hour|" + *email, kResetsPerHour, now)) {
    d_.budgets.give_back("reset-gap|" + *email);
    return errors::rate_limited(*wait);
  }

  const std::string token = core::random_token(16);  // 128 bits
  d_.credentials.replace_reset_token(user->id, core::sha256_hex(token), now, now + kResetValidMinutes * 60);
  // Built from the configured origin, never from the request's Host header.
  const std::string link =
      d_.public_url() + "/reset-password?token=" + token + "&email=" + core::percent_encode(*email);
  if (!d_.mailer.send(password_reset_mail(*email, link, kResetValidMinutes, d_.site_name))) {
    return errors::reset_mail_failed();
  }
  return core::Ok{};
}

core::Status EmailAccounts::confirm_reset(std::string_view raw, std::string_view token, std::string_view new_password,
                                          const std::string& ip) {
  auto email = normalize_email(raw);
  if (!email || !is_hex_token(token)) return errors::reset_link_invalid();
  const std::string lowered = core::ascii_lower(token);
  const std::int64_t now = d_.now();
  const auto stored = d_.credentials.find_reset_token(core::sha256_hex(lowered));
  const auto user = d_.users.find_by_email(*email);
  if (!stored || stored->used || stored->expires_at <= now || !user || user->id != stored->user_id) {
    return errors::reset_link_invalid();
  }
  if (auto rules = check_password(new_password, "newPassword"); !rules) return rules.error();
  if (!d_.credentials.consume_reset_token(stored->id, now)) return errors::reset_link_invalid();
  // Every session of the account ends: whoever knew the old password is logged out.
  d_.users.set_password_hash(user->id, d_.hasher.hash(new_password), now, true);
  d_.budgets.reset("login-fail|" + *email);
  d_.sessions.log(user->id, user->steam_id, "PASSWORD-RESET", ip, now);
  return core::Ok{};
}

}  // namespace portal::auth
