#pragma once
// Membership tiers of a Steam account (spec 000 §1, §3): groups pro, kol and op granted by operators,
// and VIP as time that stacks. Times are unix seconds (UTC); the community shows dates in GMT+8.

#include "core/clock.hpp"
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace portal::auth {

// Ordered by rank: a higher value wins when an account holds several.
enum class Tier { none = 0, vip = 1, pro = 2, kol = 3, op = 4 };

inline std::string_view to_string(Tier tier) {
  switch (tier) {
    case Tier::vip:
      return "vip";
    case Tier::pro:
      return "pro";
    case Tier::kol:
      return "kol";
    case Tier::op:
      return "op";
    case Tier::none:
      break;
  }
  return "none";
}

// "vip", "pro", "kol", "op" (exact, lower case); nullopt for anything else, "none" included.
inline std::optional<Tier> tier_from_string(std::string_view text) {
  for (Tier tier : {Tier::vip, Tier::pro, Tier::kol, Tier::op}) {
    if (text == to_string(tier)) return tier;
  }
  return std::nullopt;
}

// The tiers operators grant per account (table memberships). VIP is time, granted as subscriptions.
inline bool is_granted_group(Tier tier) { return tier == Tier::pro || tier == Tier::kol || tier == Tier::op; }

// Bounds of any grant given in days (operator grants and paid VIP).
constexpr std::int64_t kMinGrantDays = 1;
constexpr std::int64_t kMaxGrantDays = 3650;
using core::business_date;
using core::kBusinessUtcOffsetSeconds;
using core::kSecondsPerDay;

// One tier an account holds at a moment; expires_at nullopt = no expiry (VIP always has one).
struct MemberGrant {
  Tier group = Tier::none;
  std::optional<std::int64_t> expires_at;
};

// What an account holds at a moment (GET /api/auth/vip-status/{steamId}).
struct MembershipStatus {
  std::string steam_id;
  Tier type = Tier::none;                      // the highest active tier
  std::optional<std::int64_t> expires_at;      // of the tier named by type; nullopt: none or no expiry
  std::optional<std::int64_t> vip_expires_at;  // the active VIP's end; nullopt when VIP is not active
  std::vector<MemberGrant> groups;             // every active tier, highest first (vip included)
};

// The outcome of a VIP grant. applied is false when the grant's source_ref had been used before: then
// nothing changed and expires_at is the account's current VIP end.
struct VipGrant {
  std::string steam_id;
  std::int64_t starts_at = 0;   // of the new time (of the earlier grant when not applied)
  std::int64_t expires_at = 0;  // the account's VIP end after the call
  bool applied = false;
};

}  // namespace portal::auth
