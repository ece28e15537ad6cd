#pragma once
// SQL of the privileges table (migration 0005). Every write is one write transaction together with
// its audit_log row ('privilege.create', 'privilege.update', 'privilege.delete'; target
// 'privilege:<key>'). Callers pass validated values.

#include "db/database.hpp"
#include "features/vip/privilege.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace portal::vip {

class PrivilegeRepository {
 public:
  explicit PrivilegeRepository(db::Database& database) : database_(database) {}

  // Every privilege in table order: sort_order, then id.
  std::vector<Privilege> list() const;
  std::optional<Privilege> find(const std::string& key) const;

  enum class Status { done, not_found, key_taken };
  struct Outcome {
    Status status = Status::done;
    Privilege privilege;  // done: as stored after the write
  };

  // Inserts the privilege with the set fields of `fields` (texts empty, values 0 when unset; an unset
  // order is the largest order so far plus 10). key_taken when another privilege has the key.
  Outcome insert(const std::string& key, const PrivilegeChanges& fields, std::int64_t now, const std::string& actor);
  // Applies the set fields; not_found when no privilege has the key.
  Outcome update(const std::string& key, const PrivilegeChanges& changes, std::int64_t now, const std::string& actor);
  // Deletes the privilege; not_found when no privilege has the key.
  Status remove(const std::string& key, const std::string& actor);

 private:
  db::Database& database_;
};

}  // namespace portal::vip
