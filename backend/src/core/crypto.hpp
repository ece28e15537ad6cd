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

}  // namespace portal::core
