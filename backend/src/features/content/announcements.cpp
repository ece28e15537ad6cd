#include "features/content/announcements.hpp"

#include "db/audit_log.hpp"
#include "db/dialect.hpp"
#include "db/transaction.hpp"
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

namespace {

core::Status checked(const std::string& lang, const std::string& text) {
  if (!is_language(lang)) {
    return errors::lang_not_supported();
  }
  if (text.size() > kMaxAnnouncementBytes) {
    return errors::announcement_too_long(kMaxAnnouncementBytes);
  }
  return core::Ok{};
}

void write(soci::session& sql, db::Engine engine, const std::string& lang, const std::string& text) {
  if (text.empty()) {
    sql << "DELETE FROM announcements WHERE lang = :lang", soci::use(lang);
    return;
  }
  sql << "INSERT INTO announcements (lang, text) VALUES (:lang, :text) ON CONFLICT (lang) DO UPDATE SET "
         "text = excluded.text, updated_at = " +
             std::string(db::dialect::now_utc_sql(engine)),
      soci::use(lang), soci::use(text);
}

}  // namespace

core::Status Announcements::set(const std::string& lang, const std::string& text) {
  if (auto ok = checked(lang, text); !ok) return ok;
  database_.with_session([&](soci::session& sql) { write(sql, database_.engine(), lang, text); });
  return core::Ok{};
}

core::Status Announcements::set(const std::string& lang, const std::string& text, const std::string& actor) {
  if (auto ok = checked(lang, text); !ok) return ok;
  database_.with_session([&](soci::session& sql) {
    db::write_transaction(sql, database_.engine(), [&] {
      write(sql, database_.engine(), lang, text);
      db::audit(sql, actor, "announcement.set", "announcement:" + lang, {{"text", text}});
    });
  });
  return core::Ok{};
}

}  // namespace portal::content
