#pragma once
// A fresh, empty database for one test.
//
// SQLite (default): a file in a new temporary folder, removed with the object.
// PostgreSQL: when PORTAL_TEST_POSTGRES_URL is set (a libpq connection string or URI of an admin
// database, as exported by scripts/with-postgres.sh), a database named portal_test_<pid>_<n> is
// created there, and dropped WITH (FORCE) with the object.

#include "db/database.hpp"

#include <filesystem>
#include <string>

namespace portal::test {

class TestDatabase {
 public:
  // The engine chosen by the environment: PostgreSQL when PORTAL_TEST_POSTGRES_URL is set.
  TestDatabase();
  // A given engine; throws std::runtime_error for PostgreSQL when PORTAL_TEST_POSTGRES_URL is unset.
  explicit TestDatabase(db::Engine engine);
  ~TestDatabase();
  TestDatabase(const TestDatabase&) = delete;
  TestDatabase& operator=(const TestDatabase&) = delete;

  db::Engine engine() const { return options_.engine; }
  // Options for db::Database (pool_size 4, busy_timeout_ms 5000); tests may change a copy.
  const db::Options& options() const { return options_; }

  // True when PORTAL_TEST_POSTGRES_URL is set and not empty.
  static bool using_postgres();
  // PORTAL_TEST_POSTGRES_URL, or empty.
  static std::string admin_url();

 private:
  db::Options options_;
  std::filesystem::path temp_dir_;  // SQLite
  std::string database_name_;       // PostgreSQL
};

}  // namespace portal::test
