#include "db/statement_cache.hpp"

#include <soci/sqlite3/soci-sqlite3.h>

namespace portal::db {

void finish_sqlite_statement(soci::statement& statement) {
  // Only SQLite queries are cached (StatementCache::take), so the backend is SQLite's.
  auto* backend = static_cast<soci::sqlite3_statement_backend*>(statement.get_backend());
  if (backend && backend->stmt_) {
    sqlite_api::sqlite3_reset(backend->stmt_);
    // SOCI resets before the next run only when it saw the rows end; it must not step on from here.
    backend->databaseReady_ = false;
  }
}

}  // namespace portal::db
