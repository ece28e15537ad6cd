#include "db/database.hpp"

#include "db/dialect.hpp"
#include "db/statement_cache.hpp"
#include "db/writer_queue.hpp"

#include <soci/callbacks.h>
#include <soci/postgresql/soci-postgresql.h>
#include <soci/sqlite3/soci-sqlite3.h>
#include <spdlog/spdlog.h>

#include <mutex>
#include <stdexcept>
#include <string>
#include <system_error>

namespace portal::db {
namespace {

thread_local bool t_io_thread = false;

// A PostgreSQL connection that the server dropped (restart, failover, idle kill) is replaced by a new
// one when a statement on it fails; that statement still reports its error, the next one works.
class ReconnectOnFailure final : public soci::failover_callback {
 public:
  void failed(bool& retry, std::string& /*new_target*/) override { retry = true; }
  void finished(soci::session& sql) override {
    try {
      dialect::exec_script(sql, Engine::postgresql, "SET TIME ZONE 'UTC'");
    } catch (...) {
      // The next statement reports the problem.
    }
  }
};

ReconnectOnFailure g_reconnect;

// SOCI's SQLite backend takes a bare path when the string holds no '='; otherwise db="<path>".
std::string sqlite_connect_string(const std::filesystem::path& path) {
  const std::string text = path.string();
  if (text.find('=') == std::string::npos) return text;
  if (text.find('"') != std::string::npos) {
    throw std::runtime_error("Cannot open the SQLite database " + text +
                             ": a path holding both '=' and '\"' is not supported.");
  }
  return "db=\"" + text + "\"";
}

void open_sqlite(soci::session& sql, const Options& options) {
  const std::string where = options.sqlite_path.string();
  try {
    sql.open(*soci::factory_sqlite3(), sqlite_connect_string(options.sqlite_path));
    // busy_timeout first: switching to WAL needs a lock another process may hold for a moment.
    dialect::exec_script(sql, Engine::sqlite,
                         "PRAGMA busy_timeout = " + std::to_string(options.busy_timeout_ms) +
                             "; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;");
    std::string journal_mode;
    sql << "PRAGMA journal_mode = WAL", soci::into(journal_mode);
    if (journal_mode != "wal") {
      throw std::runtime_error("the journal mode stays \"" + journal_mode + "\" instead of \"wal\"");
    }
  } catch (const std::exception& error) {
    throw std::runtime_error("Cannot open the SQLite database " + where + ": " + error.what());
  }
}

// libpq's multi-line messages ("...failed: Connection refused\n\tIs the server running...") on one line.
std::string one_line(std::string_view text) {
  std::string out;
  bool space = false;
  for (char c : text) {
    if (c == '\n' || c == '\r' || c == '\t' || c == ' ') {
      space = !out.empty();
    } else {
      if (space) out += ' ';
      space = false;
      out += c;
    }
  }
  return out;
}

// host=... port=... dbname=... user=..., never the password, for messages.
std::string describe_postgres_target(const std::string& url) {
  char* error = nullptr;
  PQconninfoOption* options = PQconninfoParse(url.c_str(), &error);
  if (options == nullptr) {
    const std::string reason = one_line(error != nullptr ? error : "it cannot be parsed");
    if (error != nullptr) PQfreemem(error);
    throw std::runtime_error(
        "Cannot open the PostgreSQL database: database.postgres_url is not a valid libpq "
        "connection string or URI (" +
        dialect::scrub_password(reason, url) + ").");
  }
  std::string out;
  for (PQconninfoOption* option = options; option->keyword != nullptr; ++option) {
    const std::string_view keyword = option->keyword;
    if (option->val == nullptr) continue;
    if (keyword == "host" || keyword == "hostaddr" || keyword == "port" || keyword == "dbname" || keyword == "user") {
      if (!out.empty()) out += ' ';
      out += std::string(keyword) + "=" + option->val;
    }
  }
  PQconninfoFree(options);
  return dialect::scrub_password(out.empty() ? "libpq defaults" : out, url);
}

void open_postgres(soci::session& sql, const Options& options) {
  const std::string target = describe_postgres_target(options.postgres_url);
  try {
    sql.open(*soci::factory_postgresql(), options.postgres_url);
    dialect::exec_script(sql, Engine::postgresql, "SET TIME ZONE 'UTC'");
  } catch (const std::exception& error) {
    throw std::runtime_error("Cannot open the PostgreSQL database (" + target +
                             "): " + dialect::scrub_password(one_line(error.what()), options.postgres_url));
  }
  sql.set_failover_callback(g_reconnect);
}

// Before SQLite's first use in the process. A pooled connection is leased to one thread at a time,
// so the per-connection mutex SQLite's default (serialized) mode takes on every call is not needed;
// the memory statistics take one global mutex on every allocation, which all threads contend for.
void configure_sqlite_library() {
  static std::once_flag once;
  std::call_once(once, [] {
    const bool configured = sqlite_api::sqlite3_config(SQLITE_CONFIG_MULTITHREAD) == SQLITE_OK &&
                            sqlite_api::sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0) == SQLITE_OK;
    // SQLite was used before (a session opened outside a Database): it keeps its defaults.
    if (!configured) spdlog::debug("SQLite was initialised already; its threading mode stays serialized");
  });
}

}  // namespace

Database::Database(const Options& options) : engine_(options.engine), pool_size_(options.pool_size) {
  if (pool_size_ < 1) throw std::invalid_argument("Database pool_size must be at least 1.");
  if (engine_ == Engine::sqlite) {
    configure_sqlite_library();
    if (options.sqlite_path.empty()) throw std::runtime_error("Cannot open the SQLite database: no file is set.");
    const std::filesystem::path parent = options.sqlite_path.parent_path();
    if (!parent.empty()) {
      std::error_code ec;
      std::filesystem::create_directories(parent, ec);
      if (ec) {
        throw std::runtime_error("Cannot create the folder " + parent.string() +
                                 " for the SQLite database: " + ec.message() + ".");
      }
    }
  } else if (options.postgres_url.empty()) {
    throw std::runtime_error("Cannot open the PostgreSQL database: no connection string is set.");
  }

  statements_ = std::make_unique<StatementCache>(engine_);
  pool_ = std::make_unique<soci::connection_pool>(static_cast<std::size_t>(pool_size_));
  if (engine_ == Engine::sqlite) {
    writers_ = std::make_unique<WriterQueue>(std::chrono::milliseconds(options.busy_timeout_ms));
  }
  for (int i = 0; i < pool_size_; ++i) {
    soci::session& sql = pool_->at(static_cast<std::size_t>(i));
    if (engine_ == Engine::sqlite) {
      open_sqlite(sql, options);
      register_writer_queue(sql, *writers_);
    } else {
      open_postgres(sql, options);
    }
  }
}

Database::~Database() {
  statements_->clear();
  if (!writers_) return;
  for (int i = 0; i < pool_size_; ++i) unregister_writer_queue(pool_->at(static_cast<std::size_t>(i)));
}

std::shared_ptr<void> Database::take_writer_turn() {
  if (!writers_) return nullptr;
  return std::make_shared<WriterTurn>(writers_.get());
}

std::unique_ptr<Database::Lease> Database::try_lease() {
  std::size_t position = 0;
  if (!pool_->try_lease(position, 0)) return nullptr;
  return std::make_unique<Lease>(*pool_, position);
}

std::size_t Database::writers_waiting() const { return writers_ ? writers_->waiting() : 0; }

bool Database::ping() {
  try {
    return with_session([](soci::session& sql) {
      int one = 0;
      sql << "SELECT 1", soci::into(one);
      return one == 1;
    });
  } catch (...) {
    return false;
  }
}

void Database::check_not_io_thread() const {
  if (t_io_thread) throw std::logic_error("database session requested on an I/O thread");
}

void mark_io_thread() { t_io_thread = true; }

bool is_io_thread() { return t_io_thread; }

std::string_view to_string(Engine engine) { return engine == Engine::sqlite ? "sqlite" : "postgresql"; }

}  // namespace portal::db
