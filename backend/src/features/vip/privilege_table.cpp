// PrivilegeService::replace_table: the console saves the privilege table whole.
#include "features/vip/privilege_rules.hpp"
#include "features/vip/privileges.hpp"

#include <set>

namespace portal::vip {

namespace {

core::Error in_row(core::Error error, std::size_t index) {
  const std::string prefix = "items[" + std::to_string(index) + "]";
  const auto* field = error.details.if_contains("field");
  const std::string inner = field && field->is_string() ? std::string(field->as_string()) : std::string();
  error.details["field"] = inner.empty() ? prefix : prefix + "." + inner;
  error.message = prefix + ": " + error.message;
  return error;
}

}  // namespace

core::Result<std::vector<Privilege>> PrivilegeService::replace_table(
    std::vector<std::pair<std::string, PrivilegeChanges>> rows, const std::string& actor) {
  std::set<std::string> keys;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    auto& [key, fields] = rows[i];
    if (auto ok = check_key(key); !ok) return in_row(ok.error(), i);
    if (!keys.insert(key).second) {
      return in_row(core::validation_failed("key", "key " + key + " is in the table twice"), i);
    }
    if (!fields.content_en) return in_row(core::validation_failed("content.en", "content.en is required"), i);
    if (!fields.content_zh) return in_row(core::validation_failed("content.zh", "content.zh is required"), i);
    auto checked = normalize_changes(std::move(fields));
    if (!checked) return in_row(checked.error(), i);
    fields = std::move(*checked);
  }
  std::set<std::string> existing;
  for (const auto& privilege : list()) existing.insert(privilege.key);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& [key, fields] = rows[i];
    auto saved = existing.count(key) ? update(key, fields, actor) : add(key, fields, actor);
    if (!saved) return in_row(saved.error(), i);
  }
  for (const auto& key : existing) {
    if (keys.count(key)) continue;
    if (auto removed = remove(key, actor); !removed) return removed.error();
  }
  return list();
}

}  // namespace portal::vip
