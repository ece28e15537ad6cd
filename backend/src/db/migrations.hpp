#pragma once
// Ordered schema migrations, one SQL file each under backend/migrations/<engine>/NNNN_name.sql,
// embedded into the binary at build time and recorded in the schema_migrations table.

#include "db/database.hpp"

#include <string>
#include <vector>

namespace portal::db {

struct Migration {
  int version = 0;   // NNNN of the file name
  std::string name;  // file name without NNNN_ and .sql
  std::string sql;   // whole file; may hold several statements
};

// The migrations built into this binary for an engine, ordered by version.
const std::vector<Migration>& embedded_migrations(Engine engine);

struct MigrationReport {
  std::vector<int> applied;  // versions applied by this run, in order
  int current_version = 0;   // highest version recorded after the run
};

// Applies every migration whose version is not yet recorded, each in its own transaction together
// with its schema_migrations row. Safe to run again (does nothing) and, on PostgreSQL, from several
// instances at once (an advisory lock serialises them). Must be called on a worker thread.
MigrationReport migrate(Database& database, const std::vector<Migration>& migrations);

}  // namespace portal::db
