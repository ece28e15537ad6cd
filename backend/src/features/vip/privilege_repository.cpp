#include "features/vip/privilege_repository.hpp"

#include "db/audit_log.hpp"
#include "db/row.hpp"
#include "db/transaction.hpp"

#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>

namespace portal::vip {

namespace {

constexpr const char* kColumns =
    "SELECT id, slug, content_en, content_zh, detail_en, detail_zh, sort_order, normal, vip, pro, kol, op "
    "FROM privileges";

Privilege privilege_of(const soci::row& row) {
  Privilege p;
  p.id = db::row_int64(row, 0);
  p.key = db::row_string(row, 1);
  p.en.content = db::row_string(row, 2);
  p.zh.content = db::row_string(row, 3);
  p.en.detail = db::row_string(row, 4);
  p.zh.detail = db::row_string(row, 5);
  p.order = db::row_int64(row, 6);
  for (std::size_t i = 0; i < kGroups.size(); ++i) p.values[i] = db::row_int(row, 7 + i);
  return p;
}

std::optional<Privilege> find_in(soci::session& sql, const std::string& key) {
  soci::rowset<soci::row> rows = (sql.prepare << std::string(kColumns) + " WHERE slug = :slug", soci::use(key));
  for (const auto& row : rows) return privilege_of(row);
  return std::nullopt;
}

std::string target_of(const std::string& key) { return "privilege:" + key; }

// The fields a change sets, for audit_log.
boost::json::object changed_fields(const PrivilegeChanges& c) {
  boost::json::object out;
  if (c.content_en) out["contentEn"] = *c.content_en;
  if (c.content_zh) out["contentZh"] = *c.content_zh;
  if (c.detail_en) out["detailEn"] = *c.detail_en;
  if (c.detail_zh) out["detailZh"] = *c.detail_zh;
  if (c.order) out["order"] = *c.order;
  for (Group group : kGroups) {
    if (const auto& value = c.values[index_of(group)]) out[to_string(group)] = *value;
  }
  return out;
}

void apply(const PrivilegeChanges& c, Privilege& p) {
  if (c.content_en) p.en.content = *c.content_en;
  if (c.content_zh) p.zh.content = *c.content_zh;
  if (c.detail_en) p.en.detail = *c.detail_en;
  if (c.detail_zh) p.zh.detail = *c.detail_zh;
  if (c.order) p.order = *c.order;
  for (std::size_t i = 0; i < kGroups.size(); ++i) {
    if (c.values[i]) p.values[i] = *c.values[i];
  }
}

// Writes every column of p but id and slug.
void store(soci::session& sql, const Privilege& p, std::int64_t now) {
  const long long order = p.order;
  const long long updated_at = now;
  const long long id = p.id;
  sql << "UPDATE privileges SET content_en = :content_en, content_zh = :content_zh, detail_en = :detail_en, "
         "detail_zh = :detail_zh, sort_order = :sort_order, normal = :normal, vip = :vip, pro = :pro, kol = :kol, "
         "op = :op, updated_at = :updated_at WHERE id = :id",
      soci::use(p.en.content), soci::use(p.zh.content), soci::use(p.en.detail), soci::use(p.zh.detail),
      soci::use(order), soci::use(p.values[0]), soci::use(p.values[1]), soci::use(p.values[2]), soci::use(p.values[3]),
      soci::use(p.values[4]), soci::use(updated_at), soci::use(id);
}

}  // namespace

std::vector<Privilege> PrivilegeRepository::list() const {
  return database_.with_session([](soci::session& sql) {
    std::vector<Privilege> out;
    soci::rowset<soci::row> rows = sql.prepare << std::string(kColumns) + " ORDER BY sort_order, id";
    for (const auto& row : rows) out.push_back(privilege_of(row));
    return out;
  });
}

std::optional<Privilege> PrivilegeRepository::find(const std::string& key) const {
  return database_.with_session([&](soci::session& sql) { return find_in(sql, key); });
}

PrivilegeRepository::Outcome PrivilegeRepository::insert(const std::string& key, const PrivilegeChanges& fields,
                                                         std::int64_t now, const std::string& actor) {
  const db::Engine engine = database_.engine();
  return database_.with_session([&](soci::session& sql) {
    return db::write_transaction(sql, engine, [&] {
      Outcome outcome;
      Privilege p;
      p.key = key;
      if (!fields.order) {
        long long last = 0;
        soci::indicator indicator = soci::i_null;
        sql << "SELECT MAX(sort_order) FROM privileges", soci::into(last, indicator);
        p.order = (sql.got_data() && indicator == soci::i_ok) ? last + 10 : 10;
      }
      apply(fields, p);
      const long long order = p.order;
      const long long created_at = now;
      long long id = 0;
      // The unique slug is the guard: a concurrent insert of the same key adds nothing.
      sql << "INSERT INTO privileges (slug, content_en, content_zh, detail_en, detail_zh, sort_order, normal, vip, "
             "pro, kol, op, created_at, updated_at) VALUES (:slug, :content_en, :content_zh, :detail_en, :detail_zh, "
             ":sort_order, :normal, :vip, :pro, :kol, :op, :created_at, :updated_at) "
             "ON CONFLICT (slug) DO NOTHING RETURNING id",
          soci::use(key), soci::use(p.en.content), soci::use(p.zh.content), soci::use(p.en.detail),
          soci::use(p.zh.detail), soci::use(order), soci::use(p.values[0]), soci::use(p.values[1]),
          soci::use(p.values[2]), soci::use(p.values[3]), soci::use(p.values[4]), soci::use(created_at),
          soci::use(created_at), soci::into(id);
      if (!sql.got_data()) {
        outcome.status = Status::key_taken;
        return outcome;
      }
      p.id = id;
      boost::json::object details = changed_fields(fields);
      details["order"] = p.order;
      db::audit(sql, actor, "privilege.create", target_of(key), details);
      outcome.privilege = std::move(p);
      return outcome;
    });
  });
}

PrivilegeRepository::Outcome PrivilegeRepository::update(const std::string& key, const PrivilegeChanges& changes,
                                                         std::int64_t now, const std::string& actor) {
  const db::Engine engine = database_.engine();
  return database_.with_session([&](soci::session& sql) {
    return db::write_transaction(sql, engine, [&] {
      Outcome outcome;
      auto found = find_in(sql, key);
      if (!found) {
        outcome.status = Status::not_found;
        return outcome;
      }
      apply(changes, *found);
      store(sql, *found, now);
      db::audit(sql, actor, "privilege.update", target_of(key), changed_fields(changes));
      outcome.privilege = std::move(*found);
      return outcome;
    });
  });
}

PrivilegeRepository::Status PrivilegeRepository::remove(const std::string& key, const std::string& actor) {
  const db::Engine engine = database_.engine();
  return database_.with_session([&](soci::session& sql) {
    return db::write_transaction(sql, engine, [&] {
      auto found = find_in(sql, key);
      if (!found) return Status::not_found;
      const long long id = found->id;
      sql << "DELETE FROM privileges WHERE id = :id", soci::use(id);
      db::audit(sql, actor, "privilege.delete", target_of(key),
                {{"id", found->id}, {"contentEn", found->en.content}, {"contentZh", found->zh.content}});
      return Status::done;
    });
  });
}

}  // namespace portal::vip
