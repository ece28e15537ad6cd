#include "fuzz_portal.hpp"

#include "app/app.hpp"
#include "app/config/config.hpp"
#include "app/demo/demo_operator.hpp"
#include "core/clock.hpp"
#include "core/crypto.hpp"
#include "db/database.hpp"
#include "features/auth/token_service.hpp"

#include <spdlog/spdlog.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <thread>

namespace portal::fuzz {

namespace fs = std::filesystem;

namespace {

constexpr const char* kPlayer = "76561197960361544";  // a development login preset
constexpr const char* kPluginKey = "fuzz-plugin-key-0123456789abcdef0123456789abcdef";

app::Config fuzz_config(const fs::path& work) {
  app::Config config;
  config.mode = app::Mode::demo;
  config.data_dir = work / "data";
  config.server.port = 0;
  config.server.web_root = (work / "web").string();
  config.server.shutdown_grace_s = 2;
  config.log.level = "error";
  config.log.access_log = false;
  // The fuzzers send each request from an address of its own (X-Forwarded-For), so the per-address
  // rate limits never hide a route.
  config.security.trust_forwarded_for = true;
  config.auth.jwt_secret = "fuzz-signing-key-0123456789abcdef0123456789";
  config.auth.password_memory_kib = 8192;
  config.auth.password_passes = 1;
  app::validate(config);
  return config;
}

// A community server (the address the documented examples push for) with a known plugin key.
void add_keyed_server(db::Database& database) {
  database.with_session([&](soci::session& sql) {
    const std::string hash = core::sha256_hex(kPluginKey);
    sql << "INSERT INTO game_servers (ip, port, name, category, region, plugin_key_hash) VALUES ('203.0.113.7', "
           "27015, 'fuzz', 'deathmatch', 'ap-shanghai', :hash)",
        soci::use(hash);
  });
}

// Login tokens for a player and the demo operator, as a Steam login would issue them.
Credentials make_credentials(db::Database& database, const std::string& jwt_secret) {
  const std::int64_t now = core::system_unix_now();
  Credentials out;
  out.plugin = kPluginKey;
  database.with_session([&](soci::session& sql) {
    const auth::TokenService tokens(jwt_secret);
    auto token_for = [&](const std::string& steam_id) {
      sql << "INSERT INTO users (steam_id, username, created_at, updated_at) VALUES (:steam_id, 'fuzz', :now, :now2) "
             "ON CONFLICT (steam_id) DO NOTHING",
          soci::use(steam_id), soci::use(now), soci::use(now);
      long long id = 0;
      long long generation = 0;
      sql << "SELECT id, session_generation FROM users WHERE steam_id = :steam_id", soci::use(steam_id), soci::into(id),
          soci::into(generation);
      return tokens.issue(auth::TokenType::login, id, steam_id, "", std::chrono::hours(24), now, generation).token;
    };
    out.user = token_for(kPlayer);
    out.operator_ = token_for(std::string(app::kDemoOperatorSteamId));
  });
  return out;
}

db::Options sqlite_options(const app::Config& config) {
  db::Options options;
  options.sqlite_path = config.sqlite_path();
  return options;
}

}  // namespace

std::string forwarded_for_header(std::uint64_t request_number) {
  return "X-Forwarded-For: 10." + std::to_string((request_number >> 16) & 255) + "." +
         std::to_string((request_number >> 8) & 255) + "." + std::to_string(request_number & 255) + "\r\n";
}

struct FuzzPortal::Parts {
  explicit Parts(fs::path folder)
      : work(std::move(folder)), config(fuzz_config(work)), portal(config), database(sqlite_options(config)) {}

  fs::path work;
  app::Config config;
  app::App portal;
  db::Database database;
};

FuzzPortal::FuzzPortal(const std::string& name) {
  const fs::path work = fs::temp_directory_path() / (name + "-" + std::to_string(::getpid()));
  fs::create_directories(work / "web");
  std::ofstream(work / "web" / "index.html") << "<!doctype html><title>fuzz</title>";
  spdlog::set_level(spdlog::level::err);
  parts_ = std::make_unique<Parts>(work);
  port_ = parts_->portal.start();
  add_keyed_server(parts_->database);
  renew_credentials();
}

FuzzPortal::~FuzzPortal() {
  parts_->portal.stop();
  parts_->portal.wait();
  const fs::path work = parts_->work;
  parts_.reset();
  std::error_code ignored;
  fs::remove_all(work, ignored);
}

void FuzzPortal::renew_credentials() {
  credentials_ = make_credentials(parts_->database, parts_->config.auth.jwt_secret);
}

namespace {

// A loopback connection to the portal. Thousands of short connections a second can run the kernel
// out of ephemeral ports for a moment (EADDRNOTAVAIL), and libFuzzer's timer signal can interrupt
// the call (EINTR): try again on a new socket; anything else, or a minute of it, is an error.
int connect_to(std::uint16_t port) {
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  for (int attempt = 0;; ++attempt) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) throw std::runtime_error(std::string("socket failed: ") + std::strerror(errno));
    if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0) return fd;
    const int error = errno;
    ::close(fd);
    if ((error != EADDRNOTAVAIL && error != EAGAIN && error != EINTR) || attempt == 6000) {
      throw std::runtime_error(std::string("connect to the portal failed: ") + std::strerror(error));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

}  // namespace

Answer FuzzPortal::send(const std::string& raw) const {
  const int fd = connect_to(port_);
  timeval timeout{10, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  for (std::size_t sent = 0; sent < raw.size();) {
    const auto n = ::send(fd, raw.data() + sent, raw.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    sent += static_cast<std::size_t>(n);
  }
  ::shutdown(fd, SHUT_WR);
  Answer answer;
  char buffer[16384];
  for (;;) {
    const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    if (answer.start.size() < 2048) answer.start.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  if (answer.start.size() >= 12 && answer.start.compare(0, 9, "HTTP/1.1 ") == 0) {
    answer.status = std::atoi(answer.start.substr(9, 3).c_str());
  }
  return answer;
}

}  // namespace portal::fuzz
