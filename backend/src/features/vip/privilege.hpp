#pragma once
// The privileges of the VIP page (spec 000 §2.8, §3): one row per privilege, its text in both
// languages, its place in the table, and one value per privilege type (the user groups normal, vip,
// pro, kol, op): 1 allowed, 2 optional (partial or under development), anything else forbidden.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace portal::vip {

// The privilege types: the static user-group list of the web (normal 1 ... op 5), in that order.
enum class Group { normal = 0, vip, pro, kol, op };
inline constexpr std::array<Group, 5> kGroups{Group::normal, Group::vip, Group::pro, Group::kol, Group::op};

inline std::string_view to_string(Group group) {
  switch (group) {
    case Group::normal:
      return "normal";
    case Group::vip:
      return "vip";
    case Group::pro:
      return "pro";
    case Group::kol:
      return "kol";
    case Group::op:
      return "op";
  }
  return "normal";
}

// "normal", "vip", "pro", "kol", "op" (exact, lower case); nullopt for anything else.
inline std::optional<Group> group_from_string(std::string_view text) {
  for (Group group : kGroups) {
    if (text == to_string(group)) return group;
  }
  return std::nullopt;
}

inline std::size_t index_of(Group group) { return static_cast<std::size_t>(group); }

// The languages privileges are written in.
enum class Language { zh, en };

inline std::string_view to_string(Language language) { return language == Language::en ? "en" : "zh"; }

// "zh" or "en" (exact); nullopt for anything else.
inline std::optional<Language> language_from_string(std::string_view text) {
  if (text == "zh") return Language::zh;
  if (text == "en") return Language::en;
  return std::nullopt;
}

// What a cell of the comparison table shows: check, circle or cross.
enum class Cell { forbidden, allowed, optional };

// 1 allowed, 2 optional (partial or under development), any other number forbidden (spec 000 §2.8).
constexpr Cell cell_of(std::int64_t value) {
  if (value == 1) return Cell::allowed;
  if (value == 2) return Cell::optional;
  return Cell::forbidden;
}

inline std::string_view to_string(Cell cell) {
  switch (cell) {
    case Cell::allowed:
      return "allowed";
    case Cell::optional:
      return "optional";
    case Cell::forbidden:
      break;
  }
  return "forbidden";
}

// The stored values: 0, 1 or 2 per group, indexed by index_of(Group).
using GroupValues = std::array<int, kGroups.size()>;

struct PrivilegeText {
  std::string content;  // 1-100 characters
  std::string detail;   // 0-500 characters
};

struct Privilege {
  std::int64_t id = 0;
  std::string key;  // stable slug, [a-z0-9_]{2,40}
  PrivilegeText en;
  PrivilegeText zh;
  std::int64_t order = 0;
  GroupValues values{};

  const PrivilegeText& text(Language language) const { return language == Language::en ? en : zh; }
  int value(Group group) const { return values[index_of(group)]; }
};

// Bounds of the fields (characters are Unicode code points).
constexpr std::size_t kKeyMinLength = 2;
constexpr std::size_t kKeyMaxLength = 40;
constexpr std::size_t kContentMaxChars = 100;
constexpr std::size_t kDetailMaxChars = 500;
constexpr std::int64_t kOrderMin = -1'000'000;
constexpr std::int64_t kOrderMax = 1'000'000;

// A change of some fields of a privilege (update), or every field of a new one (add; unset texts and
// values are empty and 0, an unset order places the row after the last one). Unset fields stay.
struct PrivilegeChanges {
  std::optional<std::string> content_en;
  std::optional<std::string> content_zh;
  std::optional<std::string> detail_en;
  std::optional<std::string> detail_zh;
  std::optional<std::int64_t> order;
  std::array<std::optional<int>, kGroups.size()> values;

  bool empty() const {
    if (content_en || content_zh || detail_en || detail_zh || order) return false;
    for (const auto& value : values) {
      if (value) return false;
    }
    return true;
  }
};

}  // namespace portal::vip
