#include "support/test_app.hpp"

#include "db/migrations.hpp"

#include <spdlog/spdlog.h>

#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>
#include <fstream>
#include <random>
#include <unistd.h>

namespace portal::test {

namespace fs = std::filesystem;

TempDir::TempDir() {
  static std::atomic<int> counter{0};
  std::random_device random;
  path_ = fs::temp_directory_path() / ("portal-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) +
                                       "-" + std::to_string(random()));
  fs::create_directories(path_);
}

TempDir::~TempDir() {
  std::error_code ignored;
  fs::remove_all(path_, ignored);
}

void write_file(const fs::path& file, const std::string& content) {
  fs::create_directories(file.parent_path());
  std::ofstream out(file, std::ios::binary);
  out << content;
}

app::Config test_config(const fs::path& data_dir, const db::Options& database) {
  app::Config config;
  config.data_dir = data_dir;
  config.server.port = 0;
  config.server.shutdown_grace_s = 5;
  config.log.level = "warn";
  config.auth.jwt_secret = "test-signing-key-0123456789abcdef0123456789";
  // Production refuses to start the inventory page without its site and shared secret.
  config.inventory.sign_in_url = "https://inventory.example.test/sign-in";
  config.inventory.token_secret = "test-inventory-key-0123456789abcdef0123456789";
  // Production refuses to serve the rental without a Tencent Cloud account; its tests run in demo mode.
  config.features.pracc_enabled = false;
  // The cheapest cost libsodium's Argon2id takes: functional tests hash many passwords, under ASan too.
  config.auth.password_memory_kib = 8192;
  config.auth.password_passes = 1;
  config.database.pool_size = database.pool_size;
  if (database.engine == db::Engine::postgresql) {
    config.database.engine = app::DbEngine::postgresql;
    config.database.postgres_url = database.postgres_url;
  } else {
    config.database.engine = app::DbEngine::sqlite;
    config.database.sqlite_file = database.sqlite_path.string();
  }
  return config;
}

TestApp::TestApp(TestAppOptions options) : web_root_(dir_.path() / "web") {
  spdlog::set_level(spdlog::level::warn);
  write_file(web_root_ / "index.html", "<!doctype html><html><head><title>portal test shell</title></head></html>");
  write_file(web_root_ / "assets" / "app-3f2a9c.js", "console.log('raw asset');");
  write_file(web_root_ / "assets" / "app-3f2a9c.js.br", "brotli-bytes");
  write_file(web_root_ / "assets" / "app-3f2a9c.js.gz", "gzip-bytes");
  write_file(web_root_ / "robots.txt", "User-agent: *\nDisallow: /api/\n");

  app::Config config = test_config(dir_.path() / "data", database_.options());
  config.server.web_root = web_root_.string();
  if (options.configure) options.configure(config);
  // Demo mode serves the rental through the cloud stand-in, as `make run` does.
  if (config.mode == app::Mode::demo) config.features.pracc_enabled = true;
  app::validate(config);
  if (options.seed) {
    db::Database database(database_.options());
    db::migrate(database, db::embedded_migrations(database.engine()));
    options.seed(database);
  }
  app_ = std::make_unique<app::App>(std::move(config), std::move(options.extra_routes));
  app_->start();
}

TestApp::~TestApp() { stop(); }

void TestApp::stop() {
  if (stopped_ || !app_) return;
  stopped_ = true;
  // A rare hang at teardown under load has been seen twice in full ASan runs: say which step it is
  // in, so the test's output shows where (ctest prints it when the test times out).
  std::atomic<const char*> step{"server stop"};
  std::mutex mutex;
  std::condition_variable done;
  bool finished = false;
  std::thread watchdog([&] {
    std::unique_lock lock(mutex);
    while (!done.wait_for(lock, std::chrono::seconds(30), [&] { return finished; })) {
      std::fprintf(stderr, "TestApp::stop: still in '%s' after 30 s more\n", step.load());
    }
  });
  app_->stop();
  step = "server wait, pool drain, module stop";
  app_->wait();
  {
    std::lock_guard lock(mutex);
    finished = true;
  }
  done.notify_one();
  watchdog.join();
}

}  // namespace portal::test
