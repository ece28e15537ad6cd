#pragma once
// SQL over the short-lived secrets of e-mail accounts: registration codes and password-reset links.
// Only hashes are stored; the secrets themselves exist in the mail alone.

#include "db/database.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace portal::auth {

struct EmailCode {
  std::string email;
  std::string code_hash;
  int attempts = 0;
  std::int64_t created_at = 0;
  std::int64_t expires_at = 0;
};

struct ResetToken {
  std::int64_t id = 0;
  std::int64_t user_id = 0;
  std::int64_t expires_at = 0;
  bool used = false;
};

class CredentialRepository {
 public:
  explicit CredentialRepository(db::Database& database) : database_(database) {}

  std::optional<EmailCode> find_code(const std::string& email) const;
  void replace_code(const EmailCode& code);  // one live code per address
  // Counts one attempt on the live, unexpired code of the address in the same statement that checks
  // the count is below `max_attempts`, and answers the code with its new count; nullopt when there is
  // no such code or its attempts are spent. Concurrent guesses can never exceed the maximum.
  std::optional<EmailCode> take_code_attempt(const std::string& email, int max_attempts, std::int64_t now);
  void delete_code(const std::string& email);

  // Stores a new reset token and voids every earlier unused one of the user.
  void replace_reset_token(std::int64_t user_id, const std::string& token_hash, std::int64_t now,
                           std::int64_t expires_at);
  std::optional<ResetToken> find_reset_token(const std::string& token_hash) const;
  // True for exactly one caller: marks the token used only if it was still unused.
  bool consume_reset_token(std::int64_t token_id, std::int64_t now);

 private:
  db::Database& database_;
};

}  // namespace portal::auth
