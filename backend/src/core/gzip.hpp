#pragma once
// gzip (RFC 1952) compression of response bodies.

#include <string>
#include <string_view>

namespace portal::core {

// Level 1..9; 6 is zlib's default balance. Throws std::runtime_error if zlib fails.
std::string gzip_compress(std::string_view data, int level = 6);

// For tests and tools: the inverse. Throws std::runtime_error on corrupt input.
std::string gzip_decompress(std::string_view data);

}  // namespace portal::core
