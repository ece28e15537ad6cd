#include "sim/payments/sandbox_identity.hpp"

#include "core/crypto.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>

namespace portal::sim::payments {
namespace {

namespace fs = std::filesystem;

// The parts a second process must agree on: every private key and every id.
std::string fingerprint(const SandboxIdentity& id) {
  return id.alipay_merchant.private_pem + id.alipay.private_pem + id.alipay_app_id + id.alipay_seller_id +
         id.wechat_merchant.private_pem + id.wechat_platform.private_pem + id.wechat_mchid + id.wechat_appid +
         id.wechat_merchant_serial + id.wechat_api_v3_key + id.wechat_platform_serial + id.wechat_platform_certificate +
         id.paypal.private_pem + id.paypal_client_id + id.paypal_client_secret + id.paypal_webhook_id +
         id.paypal_merchant_id + id.paypal_certificate_serial + id.paypal_certificate;
}

class SandboxIdentityFile : public ::testing::Test {
 protected:
  fs::path dir = fs::temp_directory_path() / ("sandbox-identity-" + core::random_token(6));
  fs::path file = dir / "payment-sandbox.json";
  ~SandboxIdentityFile() override { fs::remove_all(dir); }
};

TEST_F(SandboxIdentityFile, IsMadeOnceKeptOwnerOnlyAndReadBackTheSame) {
  const auto made = load_or_create_sandbox_identity(file, 1024);
  EXPECT_FALSE(made.alipay_merchant.private_pem.empty());
  EXPECT_EQ(made.wechat_api_v3_key.size(), 32u);
  struct stat info {};
  ASSERT_EQ(::stat(file.c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0600) << "private keys are readable by the owner only";
  EXPECT_EQ(fingerprint(load_or_create_sandbox_identity(file, 1024)), fingerprint(made))
      << "a second process gets the same keys";
}

TEST_F(SandboxIdentityFile, AnUnreadableFileIsReplacedByANewIdentity) {
  fs::create_directories(dir);
  std::ofstream(file) << R"({"format":1,"alipay":{"private":"x"}})";
  const auto made = load_or_create_sandbox_identity(file, 1024);
  EXPECT_FALSE(made.paypal_certificate.empty());
  EXPECT_EQ(fingerprint(load_or_create_sandbox_identity(file, 1024)), fingerprint(made));
}

TEST(SandboxIdentity, EachGeneratedIdentityIsNew) {
  EXPECT_NE(generate_sandbox_identity(1024).paypal_client_secret, generate_sandbox_identity(1024).paypal_client_secret);
}

}  // namespace
}  // namespace portal::sim::payments
