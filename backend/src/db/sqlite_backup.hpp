#pragma once
// A consistent copy of a running portal's SQLite database, taken with SQLite's online backup API over
// one read transaction: in WAL mode writers go on while it runs, and the copy is the database as it
// was at one moment (every committed write before it, none after). The copy is written beside the
// target and renamed into place once PRAGMA integrity_check says "ok", so a target file is either a
// whole, checked backup or absent.

#include "db/database.hpp"

#include <cstdint>
#include <filesystem>
#include <string>

namespace portal::db {

struct BackupReport {
  std::filesystem::path file;
  std::int64_t bytes = 0;
  std::int64_t pages = 0;
  int schema_version = 0;  // the highest migration in the copy
  double seconds = 0;
};

// Throws std::runtime_error with a clear message: the database is not SQLite, the target exists
// (never overwritten), its folder cannot be written, or the copy failed its integrity check.
BackupReport backup_sqlite(Database& database, const std::filesystem::path& target);

}  // namespace portal::db
