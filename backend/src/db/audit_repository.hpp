#pragma once
// Reads of audit_log for the operator console: one filtered page newest first (or oldest first), and
// every row of a filter in batches for the CSV export. The writer is db/audit_log.hpp.

#include "db/database.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace portal::db {

struct AuditEntry {
  std::int64_t id = 0;
  std::int64_t at = 0;  // unix seconds
  std::string actor;
  std::string action;
  std::string target;
  std::string details;  // JSON object text, or empty
};

// Each text filter matches exactly, or, ending in '*', every value that starts with what precedes it
// ("op:*", "vip.*"). from <= at < to, unix seconds.
struct AuditFilter {
  std::string actor;
  std::string action;
  std::string target;
  std::optional<std::int64_t> from;
  std::optional<std::int64_t> to;
};

struct AuditPage {
  std::vector<AuditEntry> items;
  std::int64_t total = 0;
};

class AuditRepository {
 public:
  explicit AuditRepository(Database& database) : database_(database) {}

  AuditPage page(const AuditFilter& filter, std::int64_t offset, std::int64_t limit, bool newest_first) const;
  // Every matching row, newest first, at most `limit`, handed over in batches so that no more than one
  // batch is held here, until `batch` answers false; answers how many rows were handed over.
  std::int64_t each_newest_first(const AuditFilter& filter, std::int64_t limit,
                                 const std::function<bool(const std::vector<AuditEntry>&)>& batch) const;

 private:
  Database& database_;
};

}  // namespace portal::db
