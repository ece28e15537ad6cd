#include "support/cli_test.hpp"

#include "db/database.hpp"

#include <gmock/gmock.h>

namespace portal::test {

ProcessResult CliTest::portal(std::vector<std::string> args) {
  auto rest = args.begin();
  const std::string group = group_.empty() ? *rest++ : group_;
  std::vector<std::string> argv{PORTAL_BINARY, group, "--config", config_file, "--data-dir", dir.path().string()};
  argv.insert(argv.end(), rest, args.end());
  return run_process(argv, database_environment(database.options()));
}

std::string CliTest::ok(std::vector<std::string> args) {
  auto result = portal(std::move(args));
  EXPECT_EQ(result.exit_code, 0) << result.output;
  return result.output;
}

void CliTest::refused(std::vector<std::string> args, const std::string& message) {
  auto result = portal(std::move(args));
  EXPECT_NE(result.exit_code, 0) << result.output;
  EXPECT_THAT(result.output, ::testing::HasSubstr(message));
}

long long CliTest::scalar(const std::string& query) {
  db::Database db(database.options());
  return db.with_session([&](soci::session& sql) {
    long long value = 0;
    sql << query, soci::into(value);
    return value;
  });
}

std::string CliTest::text(const std::string& query) {
  db::Database db(database.options());
  return db.with_session([&](soci::session& sql) {
    std::string value;
    sql << query, soci::into(value);
    return value;
  });
}

}  // namespace portal::test
