#pragma once
// Hashing and random tokens for secrets we hand out (server plugin keys, later reset tokens).

#include <cstddef>
#include <string>
#include <string_view>

namespace portal::core {

// Lower-case hex SHA-256 of the bytes.
std::string sha256_hex(std::string_view bytes);

// A URL-safe random token of `bytes` random bytes from the OS CSPRNG (hex encoded).
std::string random_token(std::size_t bytes = 32);

// Compares in time independent of where the strings differ (for secrets and their hashes).
bool constant_time_equal(std::string_view a, std::string_view b);

// Why a signing secret is too weak to use ("" when it is not): shorter than 32 bytes, or made of
// fewer than 8 different bytes (32 spaces, one repeated letter, "abab..."), which no generator makes.
std::string secret_weakness(std::string_view secret);

}  // namespace portal::core
