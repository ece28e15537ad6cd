#pragma once
// The one writer of audit_log: every change an operator, a payment or a job makes to what someone may
// do (grants, privileges, FAQ entries, seasons, and next orders and rentals) is recorded by the
// repository that makes it, inside the same transaction, through this function.

#include "db/database.hpp"

#include <boost/json/object.hpp>

#include <string>

namespace portal::db {

// actor: who ("cli", "op:<steamId>", "payment:<orderId>"); action: what ("vip.grant"); target: on what
// ("steam:<id>", "faq:<id>"); details: a JSON object of the values that changed.
void audit(soci::session& sql, const std::string& actor, const std::string& action, const std::string& target,
           const boost::json::object& details);

}  // namespace portal::db
