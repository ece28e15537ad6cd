#include "features/vip/privileges.hpp"

#include "features/vip/errors.hpp"
#include "features/vip/privilege_rules.hpp"

namespace portal::vip {

core::Result<Privilege> PrivilegeService::add(std::string_view key, PrivilegeChanges fields, const std::string& actor) {
  if (auto ok = check_key(key); !ok) return ok.error();
  if (!fields.content_en) return validation_failed("content.en", "content.en is required");
  if (!fields.content_zh) return validation_failed("content.zh", "content.zh is required");
  auto checked = normalize_changes(std::move(fields));
  if (!checked) return checked.error();
  const std::string stored_key(key);
  auto outcome = repository_.insert(stored_key, *checked, now_unix_(), actor);
  if (outcome.status == PrivilegeRepository::Status::key_taken) {
    return errors::privilege_key_taken(stored_key);
  }
  return std::move(outcome.privilege);
}

core::Result<Privilege> PrivilegeService::update(std::string_view key, PrivilegeChanges changes,
                                                 const std::string& actor) {
  if (auto ok = check_key(key); !ok) return ok.error();
  if (changes.empty()) {
    return errors::nothing_to_change();
  }
  auto checked = normalize_changes(std::move(changes));
  if (!checked) return checked.error();
  auto outcome = repository_.update(std::string(key), *checked, now_unix_(), actor);
  if (outcome.status == PrivilegeRepository::Status::not_found) return errors::privilege_not_found(key);
  return std::move(outcome.privilege);
}

core::Status PrivilegeService::remove(std::string_view key, const std::string& actor) {
  if (auto ok = check_key(key); !ok) return ok.error();
  if (repository_.remove(std::string(key), actor) == PrivilegeRepository::Status::not_found)
    return errors::privilege_not_found(key);
  return core::Ok{};
}

std::vector<Privilege> PrivilegeService::list() const { return repository_.list(); }

}  // namespace portal::vip
