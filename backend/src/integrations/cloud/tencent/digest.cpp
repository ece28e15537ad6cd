#include "integrations/cloud/tencent/digest.hpp"

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <climits>
#include <stdexcept>

namespace portal::cloud::tencent {

namespace {

const unsigned char* bytes_of(std::string_view text) { return reinterpret_cast<const unsigned char*>(text.data()); }

std::string hmac(const EVP_MD* algorithm, std::string_view key, std::string_view message) {
  if (key.size() > static_cast<std::size_t>(INT_MAX)) throw std::invalid_argument("HMAC key too long");
  unsigned char mac[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (HMAC(algorithm, key.data(), static_cast<int>(key.size()), bytes_of(message), message.size(), mac, &length) ==
      nullptr) {
    throw std::runtime_error("HMAC failed");
  }
  return std::string(reinterpret_cast<const char*>(mac), length);
}

std::string digest(const EVP_MD* algorithm, std::string_view bytes) {
  unsigned char out[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), out, &length, algorithm, nullptr) != 1) {
    throw std::runtime_error("digest failed");
  }
  return std::string(reinterpret_cast<const char*>(out), length);
}

}  // namespace

std::string lower_hex(std::string_view bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (const char c : bytes) {
    const auto byte = static_cast<unsigned char>(c);
    out += kHex[byte >> 4];
    out += kHex[byte & 0x0f];
  }
  return out;
}

std::string sha1_hex(std::string_view bytes) { return lower_hex(digest(EVP_sha1(), bytes)); }

std::string md5(std::string_view bytes) { return digest(EVP_md5(), bytes); }

std::string hmac_sha256(std::string_view key, std::string_view message) { return hmac(EVP_sha256(), key, message); }

std::string hmac_sha1_hex(std::string_view key, std::string_view message) {
  return lower_hex(hmac(EVP_sha1(), key, message));
}

}  // namespace portal::cloud::tencent
