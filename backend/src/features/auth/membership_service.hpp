#pragma once
// The rules of memberships: who holds which tier at a moment, operator grants of pro/kol/op, and VIP
// time that stacks. Used by the vip-status route, the `portal users|vip` commands, and later by
// payments (grant_vip with a source_ref) and game servers (active_members). Knows nothing of HTTP.

#include "core/result.hpp"
#include "features/auth/membership.hpp"
#include "features/auth/membership_repository.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace portal::auth {

class MembershipService {
 public:
  // now_unix: the current time in unix seconds (tests pass their own clock).
  MembershipService(MembershipRepository& repository, std::function<std::int64_t()> now_unix)
      : repository_(repository), now_unix_(std::move(now_unix)) {}

  // The account's tiers now. VALIDATION_FAILED (field steamId) when steam_id is not a SteamID64.
  core::Result<MembershipStatus> status(std::string_view steam_id) const;
  core::Result<MembershipStatus> status_at(std::string_view steam_id, std::int64_t now) const;

  // Every account holding an active tier at now, with its tiers (as status() would answer), ordered
  // by steam id. Two queries in total.
  std::vector<MembershipStatus> active_members() const;
  std::vector<MembershipStatus> active_members(std::int64_t now) const;

  // Grants pro, kol or op; days nullopt = no expiry, else 1..3650 days from now. A repeated grant
  // replaces the earlier one (its expiry included). Answers the grant as stored.
  core::Result<MemberGrant> grant_group(std::string_view steam_id, std::string_view group,
                                        std::optional<std::int64_t> days, const std::string& actor);
  // Removes the grant; MEMBERSHIP_NOT_FOUND (404) when the account does not have it.
  core::Status revoke_group(std::string_view steam_id, std::string_view group, const std::string& actor);

  // Adds days (1..3650) of VIP from the account's current VIP end if still active, else from now.
  // With a source_ref (e.g. 'order:42') the grant is idempotent: a ref seen before changes nothing
  // and answers the account's current VIP end with applied = false; a ref already used for another
  // account is VIP_SOURCE_REF_CONFLICT (409).
  core::Result<VipGrant> grant_vip(std::string_view steam_id, std::int64_t days, std::string source,
                                   std::optional<std::string> source_ref, const std::string& actor = "system");
  // grant_vip inside the caller's open write transaction (see MembershipRepository::add_vip_time_within).
  core::Result<VipGrant> grant_vip_within(soci::session& open_transaction, std::string_view steam_id, std::int64_t days,
                                          std::string source, std::string source_ref, const std::string& actor);
  // Takes back the VIP time granted under source_ref (a refund); false when there is none (idempotent).
  bool revoke_vip(const std::string& source_ref, const std::string& actor) {
    return repository_.remove_vip_time(source_ref, actor);
  }
  bool revoke_vip_within(soci::session& open_transaction, const std::string& source_ref, const std::string& actor) {
    return repository_.remove_vip_time_within(open_transaction, source_ref, actor);
  }

 private:
  MembershipRepository& repository_;
  std::function<std::int64_t()> now_unix_;
};

// The status of an account from its active groups and the end of its VIP time (active or not).
MembershipStatus make_status(std::string steam_id, std::vector<MemberGrant> groups, std::optional<std::int64_t> vip_end,
                             std::int64_t now);

// The canonical SteamID64 text, or VALIDATION_FAILED naming `field`.
core::Result<std::string> canonical_steam_id(std::string_view text, std::string_view field = "steamId");

}  // namespace portal::auth
