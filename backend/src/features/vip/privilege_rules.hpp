#pragma once
// The validation rules of privileges, as pure functions: every failure is VALIDATION_FAILED (422)
// with details.field naming the field ("key", "content.en", "detail.zh", "order", "values",
// "values.vip", "language").

#include "core/result.hpp"
#include "features/vip/privilege.hpp"

#include <string>
#include <string_view>

namespace portal::vip {

// VALIDATION_FAILED (422) naming the field: the one core helper.
using core::validation_failed;

// [a-z0-9_]{2,40}.
core::Status check_key(std::string_view key);

// The text as stored: trimmed (ASCII white space and U+3000 at both ends), well-formed UTF-8, without
// control characters; content 1-100 characters, detail 0-500 (line breaks allowed in a detail, \r\n
// stored as \n).
core::Result<std::string> normalize_content(std::string_view text, Language language);
core::Result<std::string> normalize_detail(std::string_view text, Language language);

core::Status check_order(std::int64_t order);
// 0, 1 or 2.
core::Status check_value(Group group, std::int64_t value);

// Every set field of the changes checked and normalized (texts trimmed).
core::Result<PrivilegeChanges> normalize_changes(PrivilegeChanges changes);

// "normal=0,vip=1,pro=2" (any subset of the groups, each at most once, spaces around items allowed)
// as changes of the values; the command line's --values.
core::Result<std::array<std::optional<int>, kGroups.size()>> parse_values(std::string_view text);

// ?language= of the privilege list: absent means zh; anything but "zh" or "en" is refused.
core::Result<Language> language_or_default(const std::optional<std::string_view>& text);

}  // namespace portal::vip
