#pragma once
// The header ticker's announcement, one text per language, set by operators (`portal announce set`).

#include "core/result.hpp"
#include "db/database.hpp"

#include <optional>
#include <string>

namespace portal::content {

struct Announcement {
  std::string lang;  // "zh" or "en"
  std::string text;
  std::string updated_at;  // ISO-8601 UTC
};

constexpr std::size_t kMaxAnnouncementBytes = 2000;

class Announcements {
 public:
  explicit Announcements(db::Database& database) : database_(database) {}
  std::optional<Announcement> get(const std::string& lang) const;
  core::Status set(const std::string& lang, const std::string& text);  // empty text clears it
  // The same, recorded in audit_log (announcement.set, target "announcement:<lang>") with `actor` in
  // the change's transaction.
  core::Status set(const std::string& lang, const std::string& text, const std::string& actor);

 private:
  db::Database& database_;
};

bool is_language(std::string_view lang);

}  // namespace portal::content
