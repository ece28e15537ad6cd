#include "db/audit_log.hpp"

#include <boost/json/serialize.hpp>

namespace portal::db {

void audit(soci::session& sql, const std::string& actor, const std::string& action, const std::string& target,
           const boost::json::object& details) {
  const std::string text = boost::json::serialize(details);
  sql << "INSERT INTO audit_log (actor, action, target, details) VALUES (:actor, :action, :target, :details)",
      soci::use(actor), soci::use(action), soci::use(target), soci::use(text);
}

}  // namespace portal::db
