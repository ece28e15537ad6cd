// The cloud stand-in's key pair survives a restart through its file, and a broken file is replaced.

#include "sim/cloud/cloud_identity.hpp"

#include "core/crypto.hpp"

#include <gtest/gtest.h>

#include <sys/stat.h>

#include <fstream>

namespace portal::sim::cloud {
namespace {

class CloudIdentityTest : public ::testing::Test {
 protected:
  CloudIdentityTest() : folder(std::filesystem::temp_directory_path() / ("cloud-identity-" + core::random_token(6))) {}
  ~CloudIdentityTest() override { std::filesystem::remove_all(folder); }
  std::filesystem::path folder;
};

TEST_F(CloudIdentityTest, TheSamePairAfterARestartAndOwnerOnly) {
  const auto file = folder / "cloud-sandbox.json";
  const CloudCredentials first = load_or_create_cloud_credentials(file);
  EXPECT_TRUE(first.secret_id.starts_with("AKID"));
  const CloudCredentials again = load_or_create_cloud_credentials(file);
  EXPECT_EQ(again.secret_id, first.secret_id);
  EXPECT_EQ(again.secret_key, first.secret_key);
  struct stat info {};
  ASSERT_EQ(::stat(file.c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0600u);
}

TEST_F(CloudIdentityTest, ABrokenFileIsReplacedByAFreshPair) {
  std::filesystem::create_directories(folder);
  const auto file = folder / "cloud-sandbox.json";
  std::ofstream(file) << R"({"secret_id": 7})";
  const CloudCredentials made = load_or_create_cloud_credentials(file);
  EXPECT_TRUE(made.secret_id.starts_with("AKID"));
  EXPECT_EQ(load_or_create_cloud_credentials(file).secret_key, made.secret_key);
}

}  // namespace
}  // namespace portal::sim::cloud
