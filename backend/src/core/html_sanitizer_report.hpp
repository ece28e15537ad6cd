#pragma once
// What the HTML sanitizer tells the operator it removed: one line per kind of removal, counted
// ("... (2x)"), with attribute values shown short, on one line and free of control characters.

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace portal::core::html_report {

inline constexpr std::size_t kMaxShownValueBytes = 60;

// An attribute value for a report line: short, one line, no control characters.
inline std::string shown(std::string_view value) {
  std::string out;
  for (const char c : value.substr(0, kMaxShownValueBytes)) {
    const auto byte = static_cast<unsigned char>(c);
    out += byte < 0x20 || byte == 0x7f ? '?' : c;
  }
  if (value.size() > kMaxShownValueBytes) {
    while (!out.empty() && (static_cast<unsigned char>(out.back()) & 0xc0) == 0x80) out.pop_back();
    if (!out.empty() && static_cast<unsigned char>(out.back()) >= 0xc0) out.pop_back();
    out += "...";
  }
  return "\"" + out + "\"";
}

// One thing taken out, for screens: kind "element", "attribute" or "comment"; name the tag or
// attribute name (lower case) or "comment".
struct Removal {
  std::string kind;
  std::string name;
  bool operator==(const Removal&) const = default;
};

// Lines of what was removed, counted: the same line twice becomes "... (2x)". Next to them, each kind
// and name removed, once, in the order met.
class Report {
 public:
  void add(std::string line, Removal removal) {
    removal.name = removal.name.substr(0, kMaxShownValueBytes);
    for (auto& c : removal.name) {  // names go into JSON: printable ASCII only
      if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) c = '?';
    }
    if (std::find(removals_.begin(), removals_.end(), removal) == removals_.end()) {
      removals_.push_back(std::move(removal));
    }
    add_line(std::move(line));
  }
  const std::vector<Removal>& removals() const { return removals_; }
  std::vector<std::string> lines() const {
    std::vector<std::string> out;
    for (const auto& [line, count] : lines_) {
      out.push_back(count == 1 ? line : line + " (" + std::to_string(count) + "x)");
    }
    return out;
  }

 private:
  void add_line(std::string line) {
    for (auto& c : line) {
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';  // the lines end up on terminals
    }
    const auto [it, inserted] = index_.emplace(line, lines_.size());
    if (inserted) {
      lines_.emplace_back(std::move(line), 1);
    } else {
      ++lines_[it->second].second;
    }
  }

  std::vector<Removal> removals_;
  std::vector<std::pair<std::string, int>> lines_;
  std::unordered_map<std::string, std::size_t> index_;
};

}  // namespace portal::core::html_report
