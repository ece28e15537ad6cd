#pragma once
// A fixture for `portal <group> ...` tests: runs the real binary with the shipped config against a
// fresh database (SQLite, or PostgreSQL when PORTAL_TEST_POSTGRES_URL is set) and reads rows back.

#include "support/process.hpp"
#include "support/test_app.hpp"
#include "support/test_database.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace portal::test {

class CliTest : public ::testing::Test {
 protected:
  // With a group ("faq"), args are that group's command and arguments; without one, args.front() is
  // the group. The common options go right after the group, before the command.
  explicit CliTest(std::string group = {}) : group_(std::move(group)) {}

  ProcessResult portal(std::vector<std::string> args);
  // Runs a command that must succeed and answers its output.
  std::string ok(std::vector<std::string> args);
  // Runs a command that must fail with `message` in its output.
  void refused(std::vector<std::string> args, const std::string& message);
  // The one value a query selects.
  long long scalar(const std::string& query);
  std::string text(const std::string& query);

  TempDir dir;
  TestDatabase database;
  std::string config_file = std::string(PORTAL_SOURCE_DIR) + "/config/portal.toml";

 private:
  std::string group_;
};

}  // namespace portal::test
