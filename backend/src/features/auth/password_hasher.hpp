#pragma once
// Argon2id password hashes through libsodium. The stored string carries its own parameters, so a
// raised cost applies to new hashes and `needs_rehash` tells the login to upgrade old ones.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace portal::auth {

struct PasswordCost {
  std::size_t memory_kib = 19456;  // OWASP minimum: 19 MiB
  unsigned passes = 2;
};

class PasswordHasher {
 public:
  explicit PasswordHasher(PasswordCost cost);

  // Throws std::runtime_error when libsodium cannot allocate the memory.
  std::string hash(std::string_view password) const;
  bool verify(std::string_view stored_hash, std::string_view password) const;
  bool needs_rehash(std::string_view stored_hash) const;
  // Spends the same time as verify() against a real hash, so an unknown account answers no faster
  // than a wrong password.
  void verify_dummy(std::string_view password) const;

  const PasswordCost& cost() const { return cost_; }

 private:
  PasswordCost cost_;
  std::string dummy_hash_;
};

}  // namespace portal::auth
