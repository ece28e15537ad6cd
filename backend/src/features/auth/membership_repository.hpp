#pragma once
// SQL of memberships (groups granted by operators) and vip_subscriptions (VIP time). Runs on worker
// threads or in commands. Every write is one transaction together with its audit_log row.

#include "db/database.hpp"
#include "features/auth/membership.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace portal::auth {

// One tier of one account, as read in bulk.
struct AccountGrant {
  std::string steam_id;
  MemberGrant grant;
};

// What a VIP grant asks for; steam_id is a canonical SteamID64.
struct VipGrantRequest {
  std::string steam_id;
  std::int64_t days = 0;                  // added as days * 86400 seconds
  std::string source;                     // 'cli', 'order', ...
  std::optional<std::string> source_ref;  // unique when set: the same ref never adds time twice
  std::string actor;                      // for audit_log
};

class MembershipRepository {
 public:
  explicit MembershipRepository(db::Database& database) : database_(database) {}

  // Groups of the account that are active at now (expires_at NULL or > now), and the end of its VIP
  // time (the latest expires_at, active or not; nullopt when it never had VIP). One session.
  struct AccountRows {
    std::vector<MemberGrant> groups;
    std::optional<std::int64_t> vip_expires_at;
  };
  AccountRows account(const std::string& steam_id, std::int64_t now) const;

  // Every active group grant and every active VIP (one row per account, its latest end), ordered by
  // steam id. Two statements in one session, whatever the number of accounts.
  std::vector<AccountGrant> active_grants(std::int64_t now) const;

  // Inserts or replaces the account's grant of group (pro, kol, op) and writes 'membership.grant'.
  void upsert_group(const std::string& steam_id, Tier group, std::optional<std::int64_t> expires_at, std::int64_t now,
                    const std::string& actor);
  // Deletes the grant and writes 'membership.revoke'; false (and no audit row) when there was none.
  bool delete_group(const std::string& steam_id, Tier group, const std::string& actor);

  // Adds VIP time in one write transaction: it starts at the account's current VIP end if that is
  // after now, else at now (stacking), and writes 'vip.grant'. A source_ref used before changes
  // nothing: the answer has applied = false, or nullopt when that ref belongs to another account.
  // The UNIQUE constraint on source_ref is the guard against concurrent repeats.
  std::optional<VipGrant> add_vip_time(const VipGrantRequest& request, std::int64_t now);
  // The same inside a write transaction the caller holds open on `open_transaction` (a paid order:
  // its state change and the grant commit together, or neither does). A refusal of the UNIQUE
  // constraint throws and rolls the caller's transaction back.
  std::optional<VipGrant> add_vip_time_within(soci::session& open_transaction, const VipGrantRequest& request,
                                              std::int64_t now);

  // Takes back the VIP time granted under source_ref (a refunded order): deletes that grant and moves
  // the account's grants stacked after it earlier by its length; writes 'vip.revoke'. false when no
  // grant has that ref (revoked before, or never granted).
  bool remove_vip_time(const std::string& source_ref, const std::string& actor);
  // The same inside a write transaction the caller holds open (a refund: the order's move to refunded
  // and the take-back commit together).
  bool remove_vip_time_within(soci::session& open_transaction, const std::string& source_ref, const std::string& actor);

 private:
  db::Database& database_;
};

}  // namespace portal::auth
