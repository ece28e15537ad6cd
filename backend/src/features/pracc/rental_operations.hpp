#pragma once
// What an operator does to rented servers, for the console and `portal pracc` alike: maintenance on
// and off (the owner's card shows the text; owner actions are refused meanwhile), time added
// (compensation: a renewal's rules, an expired server in grace starts again), time ended now, a failed
// launch tried again, and the offered regions' flags. Each change is one audited write through
// RentalRepository with the operator's reason. Knows nothing of HTTP.

#include "core/result.hpp"
#include "features/pracc/rental_repository.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace portal::pracc {

inline constexpr std::size_t kMaintenanceTextMaxChars = 200;  // the web's overlay text
inline constexpr std::int64_t kMaxExtendHours = 8760;

struct RentalOperationsDeps {
  RentalRepository& servers;
  std::vector<std::string> regions;  // the offered ones ([pracc] regions)
  std::function<std::int64_t()> now_unix;
};

struct OperatorRegion {
  std::string code;
  bool available = true;  // offered to buyers (the operator's flag; running servers stay either way)
  bool recommended = false;
  std::int64_t active_servers = 0;
};

class RentalOperations {
 public:
  explicit RentalOperations(RentalOperationsDeps deps) : d_(std::move(deps)) {}

  // Each answers the server as it stands afterwards. SERVER_NOT_FOUND (404), SERVER_BUSY_STATE (409:
  // the phase does not allow it; details.phase), VALIDATION_FAILED naming the field, SERVER_CHANGED
  // (409: a job or the owner changed it meanwhile; try again).
  core::Result<RentalServer> maintenance(const std::string& id, bool on, std::string_view text,
                                         const std::string& reason, const std::string& actor);
  core::Result<RentalServer> extend(const std::string& id, std::int64_t hours, const std::string& reason,
                                    const std::string& actor);
  // The expiry becomes now; the lifecycle job stops it (the grace period follows).
  core::Result<RentalServer> end(const std::string& id, const std::string& reason, const std::string& actor);
  // A server whose launch failed (phase failed, or creating between attempts) launches again at the
  // next pass of the launch job with fresh attempts, keeping the time it had left when it failed.
  core::Result<RentalServer> retry(const std::string& id, const std::string& reason, const std::string& actor);

  std::vector<OperatorRegion> regions() const;
  // VALIDATION_FAILED (field code) for a region that is not offered.
  core::Result<OperatorRegion> set_region(const std::string& code, std::optional<bool> available,
                                          std::optional<bool> recommended, const std::string& actor);

 private:
  core::Result<RentalServer> found(const std::string& id) const;
  core::Result<RentalServer> apply(const RentalServer& server, const ServerChange& change, const std::string& actor,
                                   const std::string& action);

  RentalOperationsDeps d_;
};

// One line of text the web shows over the server's card: 1..200 characters, no control characters.
core::Result<std::string> checked_maintenance_text(std::string_view text);

}  // namespace portal::pracc
