#pragma once
// The hash and MAC primitives Tencent's two signing schemes are built from (OpenSSL 3 underneath):
// TC3 chains HMAC-SHA256 over raw bytes, COS uses HMAC-SHA1 and SHA-1 over hex text, and MD5 for
// Content-MD5.

#include <string>
#include <string_view>

namespace portal::cloud::tencent {

std::string lower_hex(std::string_view bytes);

std::string sha1_hex(std::string_view bytes);
// Raw 16-byte MD5: COS wants base64(MD5(body)) as the Content-MD5 of a Delete Multiple Objects call.
std::string md5(std::string_view bytes);
// Raw 32-byte MAC: TC3 feeds each derived key, as bytes, into the next HMAC.
std::string hmac_sha256(std::string_view key, std::string_view message);
std::string hmac_sha1_hex(std::string_view key, std::string_view message);

}  // namespace portal::cloud::tencent
