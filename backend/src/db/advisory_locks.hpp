#pragma once
// Every PostgreSQL advisory lock key of the portal, in one place, so no two uses can collide. A new
// lock gets a new named constant here and a row in kAllAdvisoryLocks (advisory_locks_test.cpp checks
// that names and keys are unique).
//
// PostgreSQL has two key spaces that never meet: one bigint key (pg_advisory_lock(bigint)), and a pair
// of int keys (pg_advisory_xact_lock(int, int)), of which we fix the first ("class") and derive the
// second from the row being guarded.

#include <array>
#include <cstdint>
#include <string_view>

namespace portal::db {

enum class LockSpace { single_bigint, int_pair_class };

struct AdvisoryLockKey {
  std::string_view name;
  std::int64_t key;  // a bigint key, or the first int of a pair
  LockSpace space;
};

namespace advisory_locks {

// Session-level, held while migrating, so instances starting at once migrate one after the other
// ("PORTALM1" in ASCII).
inline constexpr std::int64_t kMigrations = 0x504F5254414C4D31LL;

// Session-level, held on each instance's job connection for as long as it leads that job
// (db/leader_election.hpp). "PORTJOB" in ASCII, then a number per job.
inline constexpr std::int64_t kJobServersRefresh = 0x504F52544A4F4201LL;
inline constexpr std::int64_t kJobLeaderboardPrune = 0x504F52544A4F4202LL;
inline constexpr std::int64_t kJobAuthPurge = 0x504F52544A4F4203LL;
inline constexpr std::int64_t kJobPaymentsExpire = 0x504F52544A4F4204LL;
inline constexpr std::int64_t kJobPaymentsReconcile = 0x504F52544A4F4205LL;
inline constexpr std::int64_t kJobPraccLaunch = 0x504F52544A4F4206LL;
inline constexpr std::int64_t kJobPraccSync = 0x504F52544A4F4207LL;
inline constexpr std::int64_t kJobPraccLifecycle = 0x504F52544A4F4208LL;
inline constexpr std::int64_t kJobPaymentsRefunds = 0x504F52544A4F4209LL;
inline constexpr std::int64_t kJobMailDeliver = 0x504F52544A4F420ALL;
inline constexpr std::int64_t kJobLeaderboardFold = 0x504F52544A4F420BLL;

// Transaction-level, taken by a stats batch just before it appends to the leaderboard's change log
// and held to its commit, so the log's seq order is its commit order ("PORTLBCL").
inline constexpr std::int64_t kLeaderboardChangeLog = 0x504F52544C42434CLL;

// Transaction-level pairs (class, row): VIP time added to one account ("VIP@"), with
// hashtext(steam_id) as the second key; season writes ("SEAS"), with 0.
inline constexpr std::int32_t kVipAccountClass = 1447645248;
inline constexpr std::int32_t kSeasonsClass = 1397047635;
// Rental limits checked again when an order is paid ("RENT"), with 0: two payments at once cannot
// both take the last place of an account or a region.
inline constexpr std::int32_t kRentalLimitsClass = 1380273748;

}  // namespace advisory_locks

inline constexpr std::array kAllAdvisoryLocks = {
    AdvisoryLockKey{"migrations", advisory_locks::kMigrations, LockSpace::single_bigint},
    AdvisoryLockKey{"job servers.refresh", advisory_locks::kJobServersRefresh, LockSpace::single_bigint},
    AdvisoryLockKey{"job leaderboard.prune", advisory_locks::kJobLeaderboardPrune, LockSpace::single_bigint},
    AdvisoryLockKey{"leaderboard change log", advisory_locks::kLeaderboardChangeLog, LockSpace::single_bigint},
    AdvisoryLockKey{"job auth.purge", advisory_locks::kJobAuthPurge, LockSpace::single_bigint},
    AdvisoryLockKey{"job payments.expire", advisory_locks::kJobPaymentsExpire, LockSpace::single_bigint},
    AdvisoryLockKey{"job payments.reconcile", advisory_locks::kJobPaymentsReconcile, LockSpace::single_bigint},
    AdvisoryLockKey{"job pracc.launch", advisory_locks::kJobPraccLaunch, LockSpace::single_bigint},
    AdvisoryLockKey{"job pracc.sync", advisory_locks::kJobPraccSync, LockSpace::single_bigint},
    AdvisoryLockKey{"job pracc.lifecycle", advisory_locks::kJobPraccLifecycle, LockSpace::single_bigint},
    AdvisoryLockKey{"job payments.refunds", advisory_locks::kJobPaymentsRefunds, LockSpace::single_bigint},
    AdvisoryLockKey{"job mail.deliver", advisory_locks::kJobMailDeliver, LockSpace::single_bigint},
    AdvisoryLockKey{"job leaderboard.fold", advisory_locks::kJobLeaderboardFold, LockSpace::single_bigint},
    AdvisoryLockKey{"vip account", advisory_locks::kVipAccountClass, LockSpace::int_pair_class},
    AdvisoryLockKey{"seasons", advisory_locks::kSeasonsClass, LockSpace::int_pair_class},
    AdvisoryLockKey{"rental limits", advisory_locks::kRentalLimitsClass, LockSpace::int_pair_class},
};

}  // namespace portal::db
