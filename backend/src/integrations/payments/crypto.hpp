#pragma once
// The primitives the payment providers sign and encrypt with (OpenSSL 3 underneath): RSA-SHA256
// (Alipay RSA2, WeChat Pay v3, PayPal webhook certificates), AES-256-GCM (WeChat Pay v3 resources),
// CRC-32 (PayPal's webhook signature string), base64. Keys are PEM text; an Alipay key given as the
// bare base64 body is accepted too.

#include "core/result.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace portal::payments::crypto {

std::string base64_encode(std::string_view bytes);
std::optional<std::string> base64_decode(std::string_view text);

// INVALID_KEY when the PEM is not an RSA private key (PKCS#1 or PKCS#8).
core::Result<std::string> rsa_sha256_sign_base64(std::string_view private_key_pem, std::string_view message);
// A public key (SubjectPublicKeyInfo or PKCS#1) or an X.509 certificate; false for any failure.
bool rsa_sha256_verify_base64(std::string_view public_key_or_certificate_pem, std::string_view message,
                              std::string_view signature_base64);

// WeChat Pay v3: ciphertext is base64(encrypted || 16-byte tag). DECRYPT_FAILED on a bad tag or key.
core::Result<std::string> aes256gcm_decrypt(std::string_view key, std::string_view nonce, std::string_view aad,
                                            std::string_view ciphertext_base64);
// The inverse, for the local stand-ins that play the provider's side.
std::string aes256gcm_encrypt_base64(std::string_view key, std::string_view nonce, std::string_view aad,
                                     std::string_view plaintext);

std::uint32_t crc32(std::string_view bytes);

// A fresh RSA key pair as PEM (private PKCS#8, public SubjectPublicKeyInfo): demo mode and tests make
// their own instead of keeping any key in the repository.
struct KeyPair {
  std::string private_pem;
  std::string public_pem;
};
KeyPair generate_rsa_key_pair(int bits = 2048);
// A self-signed X.509 certificate for `key` (PayPal's cert_url and WeChat's platform certificate
// in the stand-ins), serial given as hex.
std::string self_signed_certificate_pem(const KeyPair& key, std::string_view common_name, std::string_view serial_hex);

}  // namespace portal::payments::crypto
