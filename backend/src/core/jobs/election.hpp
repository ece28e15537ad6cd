#pragma once
// Who runs an elected job: with several portal instances on one PostgreSQL database, exactly one of
// them leads each elected job (db/leader_election.hpp: a session-level advisory lock per job, held on
// a dedicated connection). With SQLite there is one instance, and it always leads (AlwaysLead).

#include <cstdint>

namespace portal::core::jobs {

class Election {
 public:
  virtual ~Election() = default;
  // Takes the lead for `key` if nobody holds it, or confirms this instance still holds it. False when
  // another instance leads (or the database cannot be asked: then nobody here runs the job). Called by
  // several job threads at once.
  virtual bool lead(std::int64_t key) = 0;
  // Gives up every lead this instance holds (graceful stop), so another instance takes over at its
  // next tick.
  virtual void resign_all() = 0;
};

class AlwaysLead final : public Election {
 public:
  bool lead(std::int64_t) override { return true; }
  void resign_all() override {}
};

}  // namespace portal::core::jobs
