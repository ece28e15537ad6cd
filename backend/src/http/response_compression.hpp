#pragma once
// gzip for the JSON and text answers handlers build, as nginx's `gzip on` does for its proxied JSON:
// the command list, the FAQ, a console search are 5-20 KB that a phone on a slow link waits for. Shared
// bodies (the server list, static files, cached documents) carry their own precompressed forms and are
// left alone.

#include "http/message.hpp"

#include <cstddef>

namespace portal::http {

// Below this a gzip header and the CPU cost more than the bytes saved.
inline constexpr std::size_t kCompressFromBytes = 1024;

// Compresses `response.body` in place when the client accepts gzip, the answer is a 2xx of JSON or
// text of at least kCompressFromBytes, not a HEAD, not already encoded and not a shared body. Adds
// Content-Encoding and Vary: Accept-Encoding.
void compress_if_worthwhile(const Request& request, Response& response);

}  // namespace portal::http
