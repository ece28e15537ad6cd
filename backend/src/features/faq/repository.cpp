#include "features/faq/repository.hpp"

#include "db/audit_log.hpp"
#include "db/row.hpp"
#include "db/transaction.hpp"

#include <boost/json/serialize.hpp>

namespace portal::faq {

namespace {

constexpr const char* kColumns =
    "SELECT id, language, question, answer, sort_order, created_at, updated_at FROM faq_entries";

FaqEntry entry_of(const soci::row& row) {
  FaqEntry entry;
  entry.id = db::row_int64(row, 0);
  entry.language = db::row_string(row, 1);
  entry.question = db::row_string(row, 2);
  entry.answer = db::row_string(row, 3);
  entry.sort_order = db::row_int64(row, 4);
  entry.created_at = db::row_int64(row, 5);
  entry.updated_at = db::row_int64(row, 6);
  return entry;
}

std::optional<FaqEntry> find_in(soci::session& sql, std::int64_t id) {
  const long long key = id;
  soci::rowset<soci::row> rows = (sql.prepare << std::string(kColumns) + " WHERE id = :id", soci::use(key));
  for (const auto& row : rows) return entry_of(row);
  return std::nullopt;
}

void audit(soci::session& sql, const std::string& actor, const std::string& action, std::int64_t id,
           const boost::json::object& details) {
  db::audit(sql, actor, action, "faq:" + std::to_string(id), details);
}

}  // namespace

std::vector<FaqEntry> FaqRepository::list(const std::string& language) const {
  return database_.with_session([&](soci::session& sql) {
    std::vector<FaqEntry> out;
    soci::rowset<soci::row> rows =
        (sql.prepare << std::string(kColumns) + " WHERE language = :language ORDER BY sort_order, id",
         soci::use(language));
    for (const auto& row : rows) out.push_back(entry_of(row));
    return out;
  });
}

std::vector<FaqEntry> FaqRepository::list_all() const {
  return database_.with_session([&](soci::session& sql) {
    std::vector<FaqEntry> out;
    soci::rowset<soci::row> rows = sql.prepare << std::string(kColumns) + " ORDER BY language, sort_order, id";
    for (const auto& row : rows) out.push_back(entry_of(row));
    return out;
  });
}

std::optional<FaqEntry> FaqRepository::find(std::int64_t id) const {
  return database_.with_session([&](soci::session& sql) { return find_in(sql, id); });
}

bool FaqRepository::any(const std::string& language) const {
  return database_.with_session([&](soci::session& sql) {
    long long count = 0;
    sql << "SELECT COUNT(*) FROM faq_entries WHERE language = :language", soci::use(language), soci::into(count);
    return count > 0;
  });
}

FaqEntry FaqRepository::insert(const Insert& entry) {
  const db::Engine engine = database_.engine();
  return database_.with_session([&](soci::session& sql) {
    return db::write_transaction(sql, engine, [&] {
      long long order = 0;
      if (entry.sort_order) {
        order = *entry.sort_order;
      } else {
        soci::indicator last_indicator = soci::i_null;
        long long last = 0;
        sql << "SELECT MAX(sort_order) FROM faq_entries WHERE language = :language", soci::use(entry.language),
            soci::into(last, last_indicator);
        order = last_indicator == soci::i_ok ? last + 10 : 10;
      }
      const long long now = entry.now;
      long long id = 0;
      sql << "INSERT INTO faq_entries (language, question, answer, sort_order, created_at, updated_at) "
             "VALUES (:language, :question, :answer, :sort_order, :created_at, :updated_at) RETURNING id",
          soci::use(entry.language), soci::use(entry.question), soci::use(entry.answer), soci::use(order),
          soci::use(now), soci::use(now), soci::into(id);
      auto details = entry.audit;
      details["sortOrder"] = order;
      audit(sql, entry.actor, "faq.create", id, details);
      return FaqEntry{id, entry.language, entry.question, entry.answer, order, entry.now, entry.now};
    });
  });
}

std::optional<FaqEntry> FaqRepository::update(std::int64_t id, const Update& changes) {
  const db::Engine engine = database_.engine();
  return database_.with_session([&](soci::session& sql) {
    return db::write_transaction(sql, engine, [&]() -> std::optional<FaqEntry> {
      auto entry = find_in(sql, id);
      if (!entry) return std::nullopt;
      if (changes.question) entry->question = *changes.question;
      if (changes.answer) entry->answer = *changes.answer;
      if (changes.sort_order) entry->sort_order = *changes.sort_order;
      entry->updated_at = changes.now;
      const long long key = id;
      const long long order = entry->sort_order;
      const long long now = entry->updated_at;
      sql << "UPDATE faq_entries SET question = :question, answer = :answer, sort_order = :sort_order, "
             "updated_at = :updated_at WHERE id = :id",
          soci::use(entry->question), soci::use(entry->answer), soci::use(order), soci::use(now), soci::use(key);
      audit(sql, changes.actor, "faq.update", id, changes.audit);
      return entry;
    });
  });
}

std::optional<FaqEntry> FaqRepository::remove(std::int64_t id, const std::string& actor) {
  const db::Engine engine = database_.engine();
  return database_.with_session([&](soci::session& sql) {
    return db::write_transaction(sql, engine, [&]() -> std::optional<FaqEntry> {
      auto entry = find_in(sql, id);
      if (!entry) return std::nullopt;
      const long long key = id;
      sql << "DELETE FROM faq_entries WHERE id = :id", soci::use(key);
      audit(sql, actor, "faq.delete", id, {{"language", entry->language}, {"question", entry->question}});
      return entry;
    });
  });
}

}  // namespace portal::faq
