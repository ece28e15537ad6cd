#include "support/test_database.hpp"

#include <libpq-fe.h>

#include <atomic>
#include <cstdlib>
#include <memory>
#include <random>
#include <stdexcept>
#include <string_view>
#include <system_error>

#include <unistd.h>

namespace portal::test {
namespace {

std::atomic<int> g_counter{0};

std::string unique_suffix() { return std::to_string(::getpid()) + "_" + std::to_string(g_counter++); }

using Connection = std::unique_ptr<PGconn, decltype(&PQfinish)>;

Connection connect_admin(const std::string& url) {
  Connection conn(PQconnectdb(url.c_str()), &PQfinish);
  if (PQstatus(conn.get()) != CONNECTION_OK) {
    throw std::runtime_error("TestDatabase: cannot connect to PORTAL_TEST_POSTGRES_URL: " +
                             std::string(PQerrorMessage(conn.get())));
  }
  return conn;
}

void exec(PGconn* conn, const std::string& sql) {
  std::unique_ptr<PGresult, decltype(&PQclear)> result(PQexec(conn, sql.c_str()), &PQclear);
  if (PQresultStatus(result.get()) != PGRES_COMMAND_OK) {
    throw std::runtime_error("TestDatabase: " + sql + ": " + PQerrorMessage(conn));
  }
}

std::string quote_value(std::string_view value) {
  std::string out = "'";
  for (char c : value) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  return out + "'";
}

// The admin connection string (keyword form or URI) with dbname replaced, in keyword form.
std::string with_database(const std::string& admin, const std::string& name) {
  char* error = nullptr;
  PQconninfoOption* options = PQconninfoParse(admin.c_str(), &error);
  if (options == nullptr) {
    std::string reason = error != nullptr ? error : "";
    if (error != nullptr) PQfreemem(error);
    throw std::runtime_error("TestDatabase: PORTAL_TEST_POSTGRES_URL is not a valid connection string: " + reason);
  }
  std::string out;
  for (PQconninfoOption* option = options; option->keyword != nullptr; ++option) {
    if (option->val == nullptr || std::string_view(option->keyword) == "dbname") continue;
    out += std::string(option->keyword) + "=" + quote_value(option->val) + " ";
  }
  PQconninfoFree(options);
  return out + "dbname=" + quote_value(name);
}

}  // namespace

bool TestDatabase::using_postgres() { return !admin_url().empty(); }

std::string TestDatabase::admin_url() {
  const char* url = std::getenv("PORTAL_TEST_POSTGRES_URL");
  return url != nullptr ? url : "";
}

TestDatabase::TestDatabase() : TestDatabase(using_postgres() ? db::Engine::postgresql : db::Engine::sqlite) {}

TestDatabase::TestDatabase(db::Engine engine) {
  options_.engine = engine;
  if (engine == db::Engine::sqlite) {
    // pid + counter + random: unique across parallel test processes and leftovers of crashed runs.
    std::random_device random;
    temp_dir_ = std::filesystem::temp_directory_path() /
                ("portal_test_" + unique_suffix() + "_" + std::to_string(random() % 1000000));
    std::filesystem::create_directories(temp_dir_);
    options_.sqlite_path = temp_dir_ / "portal.db";
    return;
  }
  const std::string admin = admin_url();
  if (admin.empty()) throw std::runtime_error("TestDatabase: PostgreSQL needs PORTAL_TEST_POSTGRES_URL.");
  database_name_ = "portal_test_" + unique_suffix();
  const Connection conn = connect_admin(admin);
  // A leftover of a crashed run with the same pid is dropped first.
  exec(conn.get(), "DROP DATABASE IF EXISTS \"" + database_name_ + "\" WITH (FORCE)");
  exec(conn.get(), "CREATE DATABASE \"" + database_name_ + "\"");
  options_.postgres_url = with_database(admin, database_name_);
}

TestDatabase::~TestDatabase() {
  if (!temp_dir_.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(temp_dir_, ec);
  }
  if (!database_name_.empty()) {
    try {
      const Connection conn = connect_admin(admin_url());
      exec(conn.get(), "DROP DATABASE IF EXISTS \"" + database_name_ + "\" WITH (FORCE)");
    } catch (...) {
      // The throwaway cluster goes away with its folder anyway.
    }
  }
}

}  // namespace portal::test
