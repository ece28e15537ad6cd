#include "db/transient_failure.hpp"

#include "core/error.hpp"

#include <gtest/gtest.h>
#include <soci/postgresql/soci-postgresql.h>

#include <optional>
#include <string>

namespace portal::db {
namespace {

// What rethrow_if_transient makes of `failure` on `engine`: the error code it turned into, or nullopt
// when the failure passes unchanged.
template <typename Failure>
std::optional<std::string> classified(Engine engine, const Failure& failure) {
  try {
    try {
      throw failure;
    } catch (...) {
      rethrow_if_transient(engine);
      return std::nullopt;
    }
  } catch (const core::UnavailableError& unavailable) {
    return unavailable.error().code;
  }
}

TEST(TransientFailure, APostgresqlThatCannotBeReachedIsUnavailableNotAnInternalError) {
  EXPECT_EQ(classified(Engine::postgresql, soci::soci_error("Cannot establish connection to the database.\ncould not "
                                                            "connect to server: Connection refused")),
            "DATABASE_UNAVAILABLE");
  EXPECT_EQ(classified(Engine::postgresql,
                       soci::postgresql_soci_error("Cannot prepare statement. Fatal error. Connection failed while "
                                                   "preparing \"SELECT 1\"",
                                                   "     ")),
            "DATABASE_UNAVAILABLE");
  EXPECT_EQ(classified(Engine::postgresql, soci::postgresql_soci_error("terminating connection", "57P01")),
            "DATABASE_UNAVAILABLE");
  EXPECT_EQ(classified(Engine::postgresql, soci::postgresql_soci_error("connection failure", "08006")),
            "DATABASE_UNAVAILABLE");
}

TEST(TransientFailure, ConflictsAreBusyAndOtherFailuresPassUnchanged) {
  EXPECT_EQ(classified(Engine::postgresql, soci::postgresql_soci_error("deadlock detected", "40P01")), "DATABASE_BUSY");
  EXPECT_EQ(classified(Engine::postgresql, soci::postgresql_soci_error("duplicate key", "23505")), std::nullopt);
  EXPECT_EQ(classified(Engine::postgresql, soci::soci_error("Null value not allowed for this type")), std::nullopt);
  // SQLite has no server to lose: the same text is not a connection failure there.
  EXPECT_EQ(classified(Engine::sqlite, soci::soci_error("Cannot establish connection to the database.")), std::nullopt);
}

}  // namespace
}  // namespace portal::db
