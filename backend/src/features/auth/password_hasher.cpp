#include "features/auth/password_hasher.hpp"

#include <sodium.h>

#include <stdexcept>

namespace portal::auth {

namespace {

void ensure_sodium() {
  static const int ready = sodium_init();
  if (ready < 0) throw std::runtime_error("libsodium failed to initialise");
}

}  // namespace

PasswordHasher::PasswordHasher(PasswordCost cost) : cost_(cost) {
  ensure_sodium();
  dummy_hash_ = hash("dummy password that matches nobody");
}

std::string PasswordHasher::hash(std::string_view password) const {
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str_alg(out, password.data(), password.size(), cost_.passes, cost_.memory_kib * 1024,
                            crypto_pwhash_ALG_ARGON2ID13) != 0) {
    throw std::runtime_error("password hashing ran out of memory");
  }
  return out;
}

bool PasswordHasher::verify(std::string_view stored_hash, std::string_view password) const {
  if (stored_hash.empty() || stored_hash.size() >= crypto_pwhash_STRBYTES) return false;
  const std::string terminated(stored_hash);  // libsodium reads a C string
  return crypto_pwhash_str_verify(terminated.c_str(), password.data(), password.size()) == 0;
}

bool PasswordHasher::needs_rehash(std::string_view stored_hash) const {
  const std::string terminated(stored_hash);
  return crypto_pwhash_str_needs_rehash(terminated.c_str(), cost_.passes, cost_.memory_kib * 1024) != 0;
}

void PasswordHasher::verify_dummy(std::string_view password) const { (void)verify(dummy_hash_, password); }

}  // namespace portal::auth
