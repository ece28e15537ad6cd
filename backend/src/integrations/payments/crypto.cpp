#include "integrations/payments/crypto.hpp"

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/decoder.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <zlib.h>

#include <climits>
#include <memory>
#include <stdexcept>
#include <string>

namespace portal::payments::crypto {

namespace {

// Owning handles, so that every early return frees what OpenSSL allocated.
struct PkeyFree {
  void operator()(EVP_PKEY* p) const { EVP_PKEY_free(p); }
};
struct MdCtxFree {
  void operator()(EVP_MD_CTX* p) const { EVP_MD_CTX_free(p); }
};
struct CipherCtxFree {
  void operator()(EVP_CIPHER_CTX* p) const { EVP_CIPHER_CTX_free(p); }
};
struct BioFree {
  void operator()(BIO* p) const { BIO_free(p); }
};
struct X509Free {
  void operator()(X509* p) const { X509_free(p); }
};
struct DecoderFree {
  void operator()(OSSL_DECODER_CTX* p) const { OSSL_DECODER_CTX_free(p); }
};
struct BnFree {
  void operator()(BIGNUM* p) const { BN_free(p); }
};
using Pkey = std::unique_ptr<EVP_PKEY, PkeyFree>;
using MdCtx = std::unique_ptr<EVP_MD_CTX, MdCtxFree>;
using CipherCtx = std::unique_ptr<EVP_CIPHER_CTX, CipherCtxFree>;
using Bio = std::unique_ptr<BIO, BioFree>;
using Certificate = std::unique_ptr<X509, X509Free>;
using Decoder = std::unique_ptr<OSSL_DECODER_CTX, DecoderFree>;
using Bignum = std::unique_ptr<BIGNUM, BnFree>;

constexpr std::size_t kGcmTagBytes = 16;
constexpr std::size_t kAes256KeyBytes = 32;

const unsigned char* bytes_of(std::string_view text) { return reinterpret_cast<const unsigned char*>(text.data()); }

bool fits_int(std::size_t size) { return size <= static_cast<std::size_t>(INT_MAX); }

int base64_value(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

// Decodes one key with OpenSSL's decoder chain, which knows every container we accept (PKCS#8,
// PKCS#1, SubjectPublicKeyInfo) in PEM or DER without any deprecated per-format call.
Pkey decode_key(std::string_view data, const char* input_type, int selection) {
  EVP_PKEY* key = nullptr;
  Decoder decoder(OSSL_DECODER_CTX_new_for_pkey(&key, input_type, nullptr, "RSA", selection, nullptr, nullptr));
  if (!decoder) return nullptr;
  const auto* cursor = bytes_of(data);
  std::size_t left = data.size();
  if (OSSL_DECODER_from_data(decoder.get(), &cursor, &left) != 1) {
    EVP_PKEY_free(key);
    return nullptr;
  }
  return Pkey(key);
}

// PEM text as given, or (Alipay's key tools hand out keys this way) the bare base64 of the DER body,
// possibly wrapped over lines. The bare body is decoded to the DER a PEM wrapper would carry.
Pkey load_key(std::string_view text, int selection) {
  if (text.find("-----BEGIN") != std::string_view::npos) return decode_key(text, "PEM", selection);
  std::string compact;
  for (char c : text) {
    if (c != ' ' && c != '\n' && c != '\r' && c != '\t') compact.push_back(c);
  }
  const auto der = base64_decode(compact);
  if (!der || der->empty()) return nullptr;
  return decode_key(*der, "DER", selection);
}

Pkey load_private_key(std::string_view text) {
  Pkey key = load_key(text, EVP_PKEY_KEYPAIR);
  if (key && EVP_PKEY_is_a(key.get(), "RSA") != 1) return nullptr;
  return key;
}

// A verifying key: from an X.509 certificate when the text is one, else a public key.
Pkey load_verifying_key(std::string_view text) {
  if (text.find("-----BEGIN CERTIFICATE-----") != std::string_view::npos) {
    if (!fits_int(text.size())) return nullptr;
    Bio bio(BIO_new_mem_buf(text.data(), static_cast<int>(text.size())));
    if (!bio) return nullptr;
    Certificate certificate(PEM_read_bio_X509(bio.get(), nullptr, nullptr, nullptr));
    if (!certificate) return nullptr;
    return Pkey(X509_get_pubkey(certificate.get()));  // its own reference, outlives the certificate
  }
  Pkey key = load_key(text, EVP_PKEY_PUBLIC_KEY);
  if (key && EVP_PKEY_is_a(key.get(), "RSA") != 1) return nullptr;
  return key;
}

std::string bio_text(BIO* bio) {
  char* data = nullptr;
  const long size = BIO_get_mem_data(bio, &data);
  if (size <= 0 || data == nullptr) return {};
  return std::string(data, static_cast<std::size_t>(size));
}

core::Error invalid_key(std::string message) {
  return core::Error::make(core::ErrorKind::internal, "INVALID_KEY", std::move(message));
}

core::Error decrypt_failed(std::string message) {
  return core::Error::make(core::ErrorKind::unauthorized, "DECRYPT_FAILED", std::move(message));
}

}  // namespace

std::string base64_encode(std::string_view bytes) {
  static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    const std::uint32_t n = (std::uint32_t{static_cast<unsigned char>(bytes[i])} << 16) |
                            (std::uint32_t{static_cast<unsigned char>(bytes[i + 1])} << 8) |
                            std::uint32_t{static_cast<unsigned char>(bytes[i + 2])};
    out += kAlphabet[(n >> 18) & 63];
    out += kAlphabet[(n >> 12) & 63];
    out += kAlphabet[(n >> 6) & 63];
    out += kAlphabet[n & 63];
  }
  const std::size_t rest = bytes.size() - i;
  if (rest > 0) {
    std::uint32_t n = std::uint32_t{static_cast<unsigned char>(bytes[i])} << 16;
    if (rest == 2) n |= std::uint32_t{static_cast<unsigned char>(bytes[i + 1])} << 8;
    out += kAlphabet[(n >> 18) & 63];
    out += kAlphabet[(n >> 12) & 63];
    out += rest == 2 ? kAlphabet[(n >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

// Standard alphabet; padding may be present (then it must be right) or left off. Anything else,
// whitespace included, is refused: a signature or ciphertext with stray characters is not ours.
std::optional<std::string> base64_decode(std::string_view text) {
  std::size_t padding = 0;
  while (!text.empty() && text.back() == '=' && padding < 2) {
    text.remove_suffix(1);
    ++padding;
  }
  if (padding > 0 && (text.size() + padding) % 4 != 0) return std::nullopt;
  if (text.size() % 4 == 1) return std::nullopt;
  std::string out;
  out.reserve(text.size() / 4 * 3 + 2);
  std::uint32_t buffer = 0;
  int bits = 0;
  for (char c : text) {
    const int value = base64_value(c);
    if (value < 0) return std::nullopt;
    buffer = (buffer << 6) | static_cast<std::uint32_t>(value);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<char>((buffer >> bits) & 0xFF));
    }
  }
  // Leftover bits must be zero, so that every byte string has exactly one encoding.
  if (bits > 0 && (buffer & ((1U << bits) - 1)) != 0) return std::nullopt;
  return out;
}

core::Result<std::string> rsa_sha256_sign_base64(std::string_view private_key_pem, std::string_view message) {
  const Pkey key = load_private_key(private_key_pem);
  if (!key) return invalid_key("not an RSA private key (PKCS#1 or PKCS#8 PEM, or its base64 body)");
  MdCtx context(EVP_MD_CTX_new());
  if (!context || EVP_DigestSignInit_ex(context.get(), nullptr, "SHA256", nullptr, nullptr, key.get(), nullptr) != 1) {
    return invalid_key("the key cannot sign with SHA-256");
  }
  std::size_t size = 0;
  if (EVP_DigestSign(context.get(), nullptr, &size, bytes_of(message), message.size()) != 1) {
    return invalid_key("signing failed");
  }
  std::string signature(size, '\0');
  if (EVP_DigestSign(context.get(), reinterpret_cast<unsigned char*>(signature.data()), &size, bytes_of(message),
                     message.size()) != 1) {
    return invalid_key("signing failed");
  }
  signature.resize(size);
  return base64_encode(signature);
}

bool rsa_sha256_verify_base64(std::string_view public_key_or_certificate_pem, std::string_view message,
                              std::string_view signature_base64) {
  const auto signature = base64_decode(signature_base64);
  if (!signature || signature->empty()) return false;
  const Pkey key = load_verifying_key(public_key_or_certificate_pem);
  if (!key) return false;
  MdCtx context(EVP_MD_CTX_new());
  if (!context ||
      EVP_DigestVerifyInit_ex(context.get(), nullptr, "SHA256", nullptr, nullptr, key.get(), nullptr) != 1) {
    return false;
  }
  return EVP_DigestVerify(context.get(), bytes_of(*signature), signature->size(), bytes_of(message), message.size()) ==
         1;
}

core::Result<std::string> aes256gcm_decrypt(std::string_view key, std::string_view nonce, std::string_view aad,
                                            std::string_view ciphertext_base64) {
  if (key.size() != kAes256KeyBytes) return decrypt_failed("the AES-256-GCM key must be 32 bytes");
  if (nonce.empty() || !fits_int(nonce.size()) || !fits_int(aad.size())) return decrypt_failed("bad nonce or AAD");
  const auto sealed = base64_decode(ciphertext_base64);
  if (!sealed || sealed->size() < kGcmTagBytes || !fits_int(sealed->size())) {
    return decrypt_failed("the ciphertext is not base64 of data and a 16-byte tag");
  }
  const std::string_view encrypted(sealed->data(), sealed->size() - kGcmTagBytes);
  std::string tag(sealed->substr(sealed->size() - kGcmTagBytes));

  CipherCtx context(EVP_CIPHER_CTX_new());
  int length = 0;
  if (!context || EVP_DecryptInit_ex2(context.get(), EVP_aes_256_gcm(), nullptr, nullptr, nullptr) != 1 ||
      EVP_CIPHER_CTX_ctrl(context.get(), EVP_CTRL_GCM_SET_IVLEN, static_cast<int>(nonce.size()), nullptr) != 1 ||
      EVP_DecryptInit_ex2(context.get(), nullptr, bytes_of(key), bytes_of(nonce), nullptr) != 1 ||
      (!aad.empty() &&
       EVP_DecryptUpdate(context.get(), nullptr, &length, bytes_of(aad), static_cast<int>(aad.size())) != 1)) {
    return decrypt_failed("AES-256-GCM setup failed");
  }
  std::string plain(encrypted.size() + kGcmTagBytes, '\0');
  int written = 0;
  if (!encrypted.empty() && EVP_DecryptUpdate(context.get(), reinterpret_cast<unsigned char*>(plain.data()), &written,
                                              bytes_of(encrypted), static_cast<int>(encrypted.size())) != 1) {
    return decrypt_failed("AES-256-GCM decryption failed");
  }
  if (EVP_CIPHER_CTX_ctrl(context.get(), EVP_CTRL_GCM_SET_TAG, static_cast<int>(kGcmTagBytes), tag.data()) != 1) {
    return decrypt_failed("AES-256-GCM setup failed");
  }
  int last = 0;
  // The tag is checked here: a wrong key, nonce, AAD or any flipped byte ends in failure.
  if (EVP_DecryptFinal_ex(context.get(), reinterpret_cast<unsigned char*>(plain.data()) + written, &last) != 1) {
    return decrypt_failed("AES-256-GCM authentication failed");
  }
  plain.resize(static_cast<std::size_t>(written + last));
  return plain;
}

std::string aes256gcm_encrypt_base64(std::string_view key, std::string_view nonce, std::string_view aad,
                                     std::string_view plaintext) {
  if (key.size() != kAes256KeyBytes) throw std::invalid_argument("aes256gcm_encrypt_base64: key must be 32 bytes");
  if (nonce.empty() || !fits_int(nonce.size()) || !fits_int(aad.size()) || !fits_int(plaintext.size())) {
    throw std::invalid_argument("aes256gcm_encrypt_base64: bad nonce, AAD or plaintext size");
  }
  CipherCtx context(EVP_CIPHER_CTX_new());
  int length = 0;
  if (!context || EVP_EncryptInit_ex2(context.get(), EVP_aes_256_gcm(), nullptr, nullptr, nullptr) != 1 ||
      EVP_CIPHER_CTX_ctrl(context.get(), EVP_CTRL_GCM_SET_IVLEN, static_cast<int>(nonce.size()), nullptr) != 1 ||
      EVP_EncryptInit_ex2(context.get(), nullptr, bytes_of(key), bytes_of(nonce), nullptr) != 1 ||
      (!aad.empty() &&
       EVP_EncryptUpdate(context.get(), nullptr, &length, bytes_of(aad), static_cast<int>(aad.size())) != 1)) {
    throw std::runtime_error("aes256gcm_encrypt_base64: setup failed");
  }
  std::string sealed(plaintext.size() + kGcmTagBytes * 2, '\0');
  int written = 0;
  if (!plaintext.empty() && EVP_EncryptUpdate(context.get(), reinterpret_cast<unsigned char*>(sealed.data()), &written,
                                              bytes_of(plaintext), static_cast<int>(plaintext.size())) != 1) {
    throw std::runtime_error("aes256gcm_encrypt_base64: encryption failed");
  }
  int last = 0;
  if (EVP_EncryptFinal_ex(context.get(), reinterpret_cast<unsigned char*>(sealed.data()) + written, &last) != 1) {
    throw std::runtime_error("aes256gcm_encrypt_base64: encryption failed");
  }
  const auto size = static_cast<std::size_t>(written + last);
  if (EVP_CIPHER_CTX_ctrl(context.get(), EVP_CTRL_GCM_GET_TAG, static_cast<int>(kGcmTagBytes), sealed.data() + size) !=
      1) {
    throw std::runtime_error("aes256gcm_encrypt_base64: no tag");
  }
  sealed.resize(size + kGcmTagBytes);
  return base64_encode(sealed);
}

std::uint32_t crc32(std::string_view bytes) {
  // crc32_z takes a size_t length, so a body over 4 GiB (never, but still) is not truncated.
  return static_cast<std::uint32_t>(::crc32_z(0L, bytes_of(bytes), bytes.size()));
}

KeyPair generate_rsa_key_pair(int bits) {
  if (bits < 1024) throw std::invalid_argument("generate_rsa_key_pair: at least 1024 bits");
  const Pkey key(EVP_PKEY_Q_keygen(nullptr, nullptr, "RSA", static_cast<std::size_t>(bits)));
  if (!key) throw std::runtime_error("generate_rsa_key_pair: key generation failed");
  const Bio private_bio(BIO_new(BIO_s_mem()));
  const Bio public_bio(BIO_new(BIO_s_mem()));
  // PEM_write_bio_PrivateKey writes PKCS#8 ("BEGIN PRIVATE KEY"), PEM_write_bio_PUBKEY SubjectPublicKeyInfo.
  if (!private_bio || !public_bio ||
      PEM_write_bio_PrivateKey(private_bio.get(), key.get(), nullptr, nullptr, 0, nullptr, nullptr) != 1 ||
      PEM_write_bio_PUBKEY(public_bio.get(), key.get()) != 1) {
    throw std::runtime_error("generate_rsa_key_pair: PEM encoding failed");
  }
  return KeyPair{bio_text(private_bio.get()), bio_text(public_bio.get())};
}

std::string self_signed_certificate_pem(const KeyPair& key, std::string_view common_name, std::string_view serial_hex) {
  const Pkey private_key = load_private_key(key.private_pem);
  if (!private_key) throw std::invalid_argument("self_signed_certificate_pem: not an RSA private key");
  const std::string serial_text(serial_hex);
  BIGNUM* serial_raw = nullptr;
  if (serial_text.empty() || BN_hex2bn(&serial_raw, serial_text.c_str()) != static_cast<int>(serial_text.size())) {
    BN_free(serial_raw);
    throw std::invalid_argument("self_signed_certificate_pem: the serial must be hex");
  }
  const Bignum serial(serial_raw);
  const Certificate certificate(X509_new());
  if (!certificate) throw std::runtime_error("self_signed_certificate_pem: out of memory");
  X509* cert = certificate.get();
  const std::string name_text(common_name);
  X509_NAME* name = X509_get_subject_name(cert);
  // Valid from an hour ago (clock skew) for ten years: the stand-ins may run for a long time.
  constexpr long kTenYears = 10L * 365 * 24 * 3600;
  if (X509_set_version(cert, 2) != 1 || BN_to_ASN1_INTEGER(serial.get(), X509_get_serialNumber(cert)) == nullptr ||
      X509_gmtime_adj(X509_getm_notBefore(cert), -3600) == nullptr ||
      X509_gmtime_adj(X509_getm_notAfter(cert), kTenYears) == nullptr ||
      X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8, bytes_of(name_text), static_cast<int>(name_text.size()), -1,
                                 0) != 1 ||
      X509_set_issuer_name(cert, name) != 1 || X509_set_pubkey(cert, private_key.get()) != 1 ||
      X509_sign(cert, private_key.get(), EVP_sha256()) == 0) {
    throw std::runtime_error("self_signed_certificate_pem: building the certificate failed");
  }
  const Bio bio(BIO_new(BIO_s_mem()));
  if (!bio || PEM_write_bio_X509(bio.get(), cert) != 1) {
    throw std::runtime_error("self_signed_certificate_pem: PEM encoding failed");
  }
  return bio_text(bio.get());
}

}  // namespace portal::payments::crypto
