#pragma once
// SQL of FAQ entries. Every write is one write transaction together with its audit_log row
// (faq.create, faq.update, faq.delete; target "faq:<id>").

#include "db/database.hpp"
#include "features/faq/entry.hpp"

#include <boost/json/object.hpp>

#include <optional>
#include <string>
#include <vector>

namespace portal::faq {

class FaqRepository {
 public:
  explicit FaqRepository(db::Database& database) : database_(database) {}

  // One language, in the operator's order: sort_order, then id.
  std::vector<FaqEntry> list(const std::string& language) const;
  // Every entry: by language, then as above.
  std::vector<FaqEntry> list_all() const;
  std::optional<FaqEntry> find(std::int64_t id) const;
  bool any(const std::string& language) const;

  struct Insert {
    std::string language, question, answer;  // validated, answer sanitized
    std::optional<std::int64_t> sort_order;  // nullopt: 10 after the last entry of the language
    std::int64_t now = 0;
    std::string actor;
    boost::json::object audit;  // details of the audit_log row
  };
  FaqEntry insert(const Insert& entry);

  struct Update {
    std::optional<std::string> question, answer;
    std::optional<std::int64_t> sort_order;
    std::int64_t now = 0;
    std::string actor;
    boost::json::object audit;
  };
  // nullopt when there is no entry `id`.
  std::optional<FaqEntry> update(std::int64_t id, const Update& changes);
  // The entry as it was; nullopt when there is none.
  std::optional<FaqEntry> remove(std::int64_t id, const std::string& actor);

 private:
  db::Database& database_;
};

}  // namespace portal::faq
