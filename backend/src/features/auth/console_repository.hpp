#pragma once
// SQL of the operator console's People pages: finding accounts, an account's grants, VIP history and
// sign-ins, and the operator's changes (VIP days given or taken back, groups, ending every session),
// each one write transaction together with its audit_log row carrying the operator's reason.

#include "db/database.hpp"
#include "features/auth/membership.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace portal::auth {

struct AccountRow {
  std::int64_t id = 0;
  std::string steam_id;
  std::string email;
  std::string name;
  std::int64_t created_at = 0;
  std::int64_t updated_at = 0;
};

struct GroupRow {
  std::string group;
  std::optional<std::int64_t> expires_at;
  std::int64_t granted_at = 0;
  std::string granted_by;
};

struct VipRow {
  std::int64_t id = 0;
  std::int64_t starts_at = 0;
  std::int64_t expires_at = 0;
  std::string source;
  std::string source_ref;  // empty when none
  std::int64_t created_at = 0;
};

struct SignInRow {
  std::int64_t id = 0;
  std::string method;  // LOGIN-STEAM, LOGIN-EMAIL, ...
  std::string ip;
  std::int64_t created_at = 0;
  // Its login or latest session check; unset for sign-ins made before sessions were tracked.
  std::optional<std::int64_t> last_seen_at;
};

// Who acts and why, for the audit row.
struct OperatorAct {
  std::string actor;  // op:<steamId>
  std::string reason;
};

class ConsoleRepository {
 public:
  explicit ConsoleRepository(db::Database& database) : database_(database) {}

  struct AccountPage {
    std::vector<AccountRow> items;
    std::int64_t total = 0;
  };
  // q empty: every account; else a SteamID64 or e-mail address exactly, or a part of the name or the
  // e-mail address (case-insensitive). sort: "created_at" or "name".
  AccountPage find(const std::string& q, const std::string& sort, bool descending, std::int64_t offset,
                   std::int64_t limit) const;
  std::optional<AccountRow> account(std::int64_t id) const;

  // Active groups (expiry unset or after now) of each account, and each one's latest VIP end; one
  // session for the whole page.
  struct Grants {
    std::vector<GroupRow> groups;
    std::optional<std::int64_t> vip_until;
  };
  std::vector<Grants> grants(const std::vector<std::string>& steam_ids, std::int64_t now) const;
  std::vector<VipRow> vip_history(const std::string& steam_id) const;
  // Sign-ins since `since` that no later "end every session" (the user's, a password reset, an
  // operator's) has ended, newest first.
  std::vector<SignInRow> live_sign_ins(std::int64_t user_id, std::int64_t since) const;

  // Moves the account's VIP end by `seconds`: forward from the later of its end and now; back to no
  // earlier than now (the grants past the new end are cut or dropped). Answers the new end (nullopt:
  // no VIP left). Audited as 'vip.grant' or 'vip.take_back'.
  std::optional<std::int64_t> change_vip(const std::string& steam_id, std::int64_t seconds, std::int64_t now,
                                         const OperatorAct& act);
  // Grants (no expiry) or takes away a group; false when nothing changed (then no audit row).
  bool set_group(const std::string& steam_id, Tier group, bool granted, std::int64_t now, const OperatorAct& act);
  // Raises the account's session generation: every login token issued before is refused.
  void end_sessions(const AccountRow& account, std::int64_t now, const OperatorAct& act);

 private:
  db::Database& database_;
};

// The audit target naming an account: its Steam account when bound, else its id.
std::string account_target(const AccountRow& account);

}  // namespace portal::auth
