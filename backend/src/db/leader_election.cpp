#include "db/leader_election.hpp"

#include "db/dialect.hpp"

#include <soci/postgresql/soci-postgresql.h>
#include <soci/soci.h>

#include <algorithm>
#include <stdexcept>

namespace portal::db {

namespace {

std::string quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'') out += '\'';
    out += c;
  }
  return out + "'";
}

}  // namespace

AdvisoryLockElection::AdvisoryLockElection(std::string postgres_url, std::string instance)
    : url_(std::move(postgres_url)), application_name_("portal-jobs " + std::move(instance)) {}

AdvisoryLockElection::~AdvisoryLockElection() { resign_all(); }

bool AdvisoryLockElection::lead(std::int64_t key) {
  std::lock_guard lock(mutex_);
  try {
    if (!sql_) {
      held_.clear();
      auto sql = std::make_unique<soci::session>(*soci::factory_postgresql(), url_);
      *sql << "SET application_name = " + quoted(application_name_.substr(0, 63));
      sql_ = std::move(sql);
    }
    int answer = 0;
    if (held_.count(key) != 0) {
      // Session-level locks last as long as the session: a connection that answers still holds it.
      *sql_ << "SELECT 1", soci::into(answer);
      return answer == 1;
    }
    *sql_ << "SELECT CASE WHEN pg_try_advisory_lock(" + std::to_string(key) + ") THEN 1 ELSE 0 END", soci::into(answer);
    if (answer == 1) held_.insert(key);
    return answer == 1;
  } catch (const std::exception& e) {
    // The connection is gone, and the server released every lock it held.
    sql_.reset();
    held_.clear();
    std::string reason = dialect::scrub_password(e.what(), url_);
    std::replace_if(
        reason.begin(), reason.end(), [](char c) { return c == '\n' || c == '\t'; }, ' ');
    throw std::runtime_error("job leadership connection failed: " + reason);
  }
}

void AdvisoryLockElection::resign_all() {
  std::lock_guard lock(mutex_);
  if (!sql_) return;
  try {
    for (const std::int64_t key : held_) {
      int released = 0;
      *sql_ << "SELECT CASE WHEN pg_advisory_unlock(" + std::to_string(key) + ") THEN 1 ELSE 0 END",
          soci::into(released);
    }
  } catch (...) {
    // Closing the connection below releases them as well.
  }
  held_.clear();
  sql_.reset();
}

}  // namespace portal::db
