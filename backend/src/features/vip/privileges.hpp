#pragma once
// The rules of privileges: used by GET /api/privileges, the `portal privileges` commands and the demo
// seed. Knows nothing of HTTP.
//
// Errors (stable codes): VALIDATION_FAILED (422, details.field key, content.en, content.zh, detail.en,
// detail.zh, order, values.<group>), PRIVILEGE_KEY_TAKEN (409), PRIVILEGE_NOT_FOUND (404),
// NOTHING_TO_CHANGE (422, an update that sets no field).

#include "core/result.hpp"
#include "features/vip/privilege.hpp"
#include "features/vip/privilege_repository.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace portal::vip {

class PrivilegeService {
 public:
  // now_unix: the current time in unix seconds (tests pass their own clock).
  PrivilegeService(PrivilegeRepository& repository, std::function<std::int64_t()> now_unix)
      : repository_(repository), now_unix_(std::move(now_unix)) {}

  // Adds a privilege: both contents are required; details, order and values optional (empty, after the
  // last row, 0).
  core::Result<Privilege> add(std::string_view key, PrivilegeChanges fields, const std::string& actor);
  // Changes the set fields of the privilege named by key.
  core::Result<Privilege> update(std::string_view key, PrivilegeChanges changes, const std::string& actor);
  core::Status remove(std::string_view key, const std::string& actor);

  // Makes the table exactly `rows` (the console's whole-table save): rows whose key exists are
  // changed, new keys added, keys left out removed. Every row is checked first (errors name
  // items[i].<field>, a key twice is items[i].key), so a bad row changes nothing; each change is then
  // audited on its own.
  core::Result<std::vector<Privilege>> replace_table(std::vector<std::pair<std::string, PrivilegeChanges>> rows,
                                                     const std::string& actor);

  // In table order: order, then id.
  std::vector<Privilege> list() const;

 private:
  PrivilegeRepository& repository_;
  std::function<std::int64_t()> now_unix_;
};

}  // namespace portal::vip
