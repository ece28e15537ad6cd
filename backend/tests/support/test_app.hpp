#pragma once
// Boots the real App on port 0 with a fresh database (SQLite, or PostgreSQL when
// PORTAL_TEST_POSTGRES_URL is set) and a small built web app in a temp folder.

#include "app/app.hpp"
#include "app/config/config.hpp"
#include "support/test_database.hpp"

#include <filesystem>
#include <functional>
#include <memory>
#include <string>

namespace portal::test {

class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

void write_file(const std::filesystem::path& file, const std::string& content);

// A Config for tests: port 0, quiet logs, the given data dir and database.
app::Config test_config(const std::filesystem::path& data_dir, const db::Options& database);

struct TestAppOptions {
  std::function<void(app::Config&)> configure;  // adjust the config before the App is built
  app::App::ExtraRoutes extra_routes;
  std::function<void(db::Database&)> seed;  // rows to write (after migrations) before the App starts
};

class TestApp {
 public:
  explicit TestApp(TestAppOptions options = {});
  ~TestApp();

  std::string url(const std::string& path) const { return app_->local_url() + path; }
  app::App& app() { return *app_; }
  const std::filesystem::path& web_root() const { return web_root_; }
  const db::Options& database() const { return database_.options(); }
  // Stops the App and waits; the destructor does the same if the test did not.
  void stop();

 private:
  TempDir dir_;
  TestDatabase database_;
  std::filesystem::path web_root_;
  std::unique_ptr<app::App> app_;
  bool stopped_ = false;
};

}  // namespace portal::test
