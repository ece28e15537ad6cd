#pragma once
// Job leadership through PostgreSQL advisory locks: each elected job has a key in advisory_locks.hpp;
// the instance that holds the session-level lock pg_try_advisory_lock(key) leads that job. The locks
// live on one dedicated connection per instance (outside the pool, never replaced behind our back),
// named "portal-jobs <instance>" in pg_stat_activity. A leader confirms at every tick that the
// connection still answers (then the lock is still its own). When an instance stops it unlocks and
// closes; when it dies, its connection closes and the server releases its locks, so another instance
// takes the lead at its next try. A connection that fails is dropped with its locks and reopened at
// the next call.

#include "core/jobs/election.hpp"

#include <cstdint>
#include <memory>
#include <mutex>
#include <set>
#include <string>

namespace soci {
class session;
}

namespace portal::db {

class AdvisoryLockElection final : public core::jobs::Election {
 public:
  // Connects lazily, at the first lead(). `instance` names this portal instance.
  AdvisoryLockElection(std::string postgres_url, std::string instance);
  ~AdvisoryLockElection() override;

  // Throws std::runtime_error when the database cannot be asked (the connection failed: it is dropped).
  bool lead(std::int64_t key) override;
  void resign_all() override;

  // pg_stat_activity.application_name of the connection ("portal-jobs <instance>").
  const std::string& application_name() const { return application_name_; }

 private:
  std::string url_;
  std::string application_name_;
  std::mutex mutex_;
  std::unique_ptr<soci::session> sql_;
  std::set<std::int64_t> held_;
};

}  // namespace portal::db
