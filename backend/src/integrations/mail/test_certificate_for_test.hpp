#pragma once
// Test-only: a self-signed certificate for localhost, made with OpenSSL in memory, for the test SMTP
// server's STARTTLS (smtp_sink_for_test.hpp). Header-only; needs libssl in the test executable.

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <chrono>
#include <stdexcept>
#include <string>
#include <utility>

namespace portal::mail::test {

// A self-signed certificate for localhost / 127.0.0.1 / ::1, made in memory once per test run.
struct TestCertificate {
  std::string cert_pem;
  EVP_PKEY* key = nullptr;  // owned for the life of the process
  X509* cert = nullptr;
};

inline const TestCertificate& test_certificate() {
  static const TestCertificate made = [] {
    TestCertificate out;
    out.key = EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256");
    out.cert = X509_new();
    if (out.key == nullptr || out.cert == nullptr) throw std::runtime_error("test certificate: key generation failed");
    X509_set_version(out.cert, 2);
    const auto now = std::chrono::system_clock::now().time_since_epoch().count();
    ASN1_INTEGER_set(X509_get_serialNumber(out.cert), static_cast<long>(now & 0x7fffffff));
    X509_gmtime_adj(X509_getm_notBefore(out.cert), -3600);
    X509_gmtime_adj(X509_getm_notAfter(out.cert), 24 * 3600);
    X509_set_pubkey(out.cert, out.key);
    X509_NAME* name = X509_get_subject_name(out.cert);
    const auto* common_name = reinterpret_cast<const unsigned char*>("localhost");
    X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, common_name, -1, -1, 0);
    X509_set_issuer_name(out.cert, name);
    X509V3_CTX context;
    X509V3_set_ctx_nodb(&context);
    X509V3_set_ctx(&context, out.cert, out.cert, nullptr, nullptr, 0);
    // curl checks the name against the SAN, so it must list what the tests connect to.
    for (const auto& [nid, value] : {std::pair{NID_subject_alt_name, "DNS:localhost,IP:127.0.0.1,IP:::1"},
                                     std::pair{NID_basic_constraints, "critical,CA:FALSE"}}) {
      X509_EXTENSION* extension = X509V3_EXT_conf_nid(nullptr, &context, nid, value);
      if (extension == nullptr) throw std::runtime_error("test certificate: extension failed");
      X509_add_ext(out.cert, extension, -1);
      X509_EXTENSION_free(extension);
    }
    if (X509_sign(out.cert, out.key, EVP_sha256()) == 0) throw std::runtime_error("test certificate: signing failed");
    BIO* pem = BIO_new(BIO_s_mem());
    PEM_write_bio_X509(pem, out.cert);
    char* data = nullptr;
    const long size = BIO_get_mem_data(pem, &data);
    out.cert_pem.assign(data, static_cast<std::size_t>(size));
    BIO_free(pem);
    return out;
  }();
  return made;
}

}  // namespace portal::mail::test
