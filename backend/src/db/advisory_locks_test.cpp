#include "db/advisory_locks.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <set>
#include <string>
#include <utility>

namespace portal::db {
namespace {

TEST(AdvisoryLocks, NamesAndKeysAreUnique) {
  std::set<std::string_view> names;
  std::set<std::pair<LockSpace, std::int64_t>> keys;
  for (const auto& lock : kAllAdvisoryLocks) {
    EXPECT_TRUE(names.insert(lock.name).second) << "two locks are named " << lock.name;
    EXPECT_TRUE(keys.insert({lock.space, lock.key}).second) << lock.name << " reuses key " << lock.key;
    if (lock.space == LockSpace::int_pair_class) {
      EXPECT_GE(lock.key, std::numeric_limits<std::int32_t>::min()) << lock.name;
      EXPECT_LE(lock.key, std::numeric_limits<std::int32_t>::max()) << lock.name;
    }
  }
}

}  // namespace
}  // namespace portal::db
