#include "features/content/announcements.hpp"

#include "db/dialect.hpp"
#include "features/content/errors.hpp"

namespace portal::content {

bool is_language(std::string_view lang) { return lang == "zh" || lang == "en"; }

std::optional<Announcement> Announcements::get(const std::string& lang) const {
  return database_.with_session([&](soci::session& sql) -> std::optional<Announcement> {
    Announcement a;
    // PostgreSQL's TIMESTAMPTZ and SQLite's ISO text both read back as ISO-8601 through this cast.
    const std::string updated = database_.engine() == db::Engine::postgresql
                                    ? "to_char(updated_at, 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')"
                                    : "updated_at";
    sql << "SELECT lang, text, " + updated + " FROM announcements WHERE lang = :lang", soci::use(lang),
        soci::into(a.lang), soci::into(a.text), soci::into(a.updated_at);
    if (!sql.got_data()) return std::nullopt;
    return a;
  });
}

core::Status Announcements::set(const std::string& lang, const std::string& text) {
  if (!is_language(lang)) {
    return errors::lang_not_supported();
  }
  if (text.size() > kMaxAnnouncementBytes) {
    return errors::announcement_too_long(kMaxAnnouncementBytes);
  }
  database_.with_session([&](soci::session& sql) {
    if (text.empty()) {
      sql << "DELETE FROM announcements WHERE lang = :lang", soci::use(lang);
      return;
    }
    sql << "INSERT INTO announcements (lang, text) VALUES (:lang, :text) ON CONFLICT (lang) DO UPDATE SET "
           "text = excluded.text, updated_at = " +
               std::string(db::dialect::now_utc_sql(database_.engine())),
        soci::use(lang), soci::use(text);
  });
  return core::Ok{};
}

}  // namespace portal::content
