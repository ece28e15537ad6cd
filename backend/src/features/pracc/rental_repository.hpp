#pragma once
// SQL of rented servers and their admins and region switches (migrations/*/0011_rentals.sql). Every
// change is one write transaction with its audit_log row; a change of phase names the phases it may
// start from, so two jobs (or a job and a user) racing for one server cannot both move it.

#include "db/database.hpp"
#include "features/pracc/rental_server.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace portal::pracc {

// What a job learnt or decided about one server; unset fields are left as they are.
struct ServerChange {
  std::optional<Phase> phase;
  std::optional<std::string> cloud_instance_id;
  std::optional<std::string> cloud_state;
  std::optional<std::string> public_ip;
  std::optional<int> launch_attempts;
  std::optional<std::int64_t> next_launch_at;
  std::optional<std::string> launch_token;
  std::optional<std::int64_t> busy_until;
  std::optional<std::int64_t> expires_at;
  // Adds this many seconds to the later of the stored expiry and now, read under the row's lock: two
  // renewals at the same moment both count.
  std::optional<std::int64_t> extend_seconds;
  std::optional<std::string> reminded;
  std::optional<std::string> join_password;
  std::optional<std::string> region;
  std::optional<bool> maintenance;              // the operator's maintenance overlay ...
  std::optional<std::string> maintenance_text;  // ... and what it says
  std::optional<std::string> reason;            // why (an operator's words): for the audit row only
};

class RentalRepository {
 public:
  explicit RentalRepository(db::Database& database) : database_(database) {}

  // Inside the caller's open write transaction (a paid order: the server row commits with it).
  void insert_within(soci::session& open_transaction, const RentalServer& server, const std::string& actor);

  std::optional<RentalServer> find(const std::string& id) const;
  // The user's servers: owned, or listing the user's SteamID64 as an admin. Oldest first, admins
  // included; `relocated` and `terminated` rows too (the web hides relocated ones).
  std::vector<RentalServer> for_user(std::int64_t user_id, const std::string& steam_id) const;
  // Servers in any of `phases` (for the jobs), at most `limit`, oldest change first.
  std::vector<RentalServer> in_phases(const std::vector<Phase>& phases, std::size_t limit) const;
  // Active (not terminated, failed or relocated) servers of one owner, or in one region.
  std::int64_t count_active_of(std::int64_t user_id) const;
  std::int64_t count_active_in(const std::string& region) const;
  // The same inside the payment's open transaction, after taking the rental-limits lock (PostgreSQL):
  // two payments at once cannot both take an account's or a region's last place.
  struct ActiveCounts {
    std::int64_t of_owner = 0;
    std::int64_t in_region = 0;
  };
  ActiveCounts count_active_within(soci::session& open_transaction, std::int64_t user_id,
                                   const std::string& region) const;

  // What a refunded order takes back: a new server ends at once (take_back_seconds 0), a renewal
  // gives back its hours. server_id is the record the order renewed; empty for a new server (the one
  // the order created). A region switch since is followed to the chain's current record.
  struct Revocation {
    std::string order_id;
    std::string server_id;
    std::int64_t take_back_seconds = 0;
  };
  // One transaction, once per order (rental_revocations), audited 'rental.revoke' on the record. A
  // server that ends is terminating (the lifecycle job ends its machine, if any, and its demos, and
  // tells the owner: its `reminded` gets "refunded"); its expiry becomes now. Answers the id of the record changed, or
  // empty (revoked before, or nothing left to take).
  std::string revoke(const Revocation& revocation, std::int64_t now, const std::string& actor);
  // The same inside the refund's open write transaction (the order's move to refunded commits with it).
  std::string revoke_within(soci::session& open_transaction, const Revocation& revocation, std::int64_t now,
                            const std::string& actor);

  // The operator's view (`portal pracc list`): servers of one owner and/or in one phase, newest
  // first, at most `limit`, admins included.
  struct ListFilter {
    std::string owner_steam_id;  // empty: any owner
    std::optional<Phase> phase;  // unset: any phase
    std::size_t limit = 50;
  };
  std::vector<RentalServer> list(const ListFilter& filter) const;

  // What was done to a server: its audit_log rows (target "rental:<id>"), oldest first.
  struct AuditEntry {
    std::int64_t at = 0;  // unix seconds
    std::string actor;
    std::string action;
    std::string details;  // the JSON object as written
  };
  std::vector<AuditEntry> history(const std::string& id) const;

  // Applies the change when the server is in one of `from` (any phase when `from` is empty); false
  // otherwise. Writes `action` to the audit log with the changed values when it is not empty.
  bool change(const std::string& id, const std::vector<Phase>& from, const ServerChange& change, std::int64_t now,
              const std::string& actor, const std::string& action);
  // The same inside the caller's open write transaction (a renewal paid by an order).
  bool change_within(soci::session& open_transaction, const std::string& id, const std::vector<Phase>& from,
                     const ServerChange& change, std::int64_t now, const std::string& actor, const std::string& action);

  // Replaces the admin list (owner's order kept) and remembers every admin as a past teammate.
  void replace_admins(const std::string& id, const std::string& owner_steam_id, const std::vector<ServerAdmin>& admins,
                      std::int64_t now, const std::string& actor);

  // A region switch in one transaction: counts the chain's switches since `day_start`, and when
  // fewer than `limit`, inserts `next` (phase switching), copies the admins, marks `from_id`
  // relocated and records the switch. False when the limit is reached or `from_id` is no longer
  // running or expired-free (nothing written).
  bool switch_region(const std::string& from_id, const RentalServer& next, std::int64_t day_start, int limit,
                     std::int64_t now, const std::string& actor);
  int switches_since(const std::string& server_id, std::int64_t day_start) const;

  // Players seen on the owner's servers and the owner's earlier admins, latest first.
  struct Teammate {
    std::string steam_id;
    std::string name;
  };
  std::vector<Teammate> teammates(const std::string& owner_steam_id, std::size_t limit) const;
  void remember_teammates(const std::string& owner_steam_id, const std::vector<Teammate>& seen, std::int64_t now);

  // The operator's region settings: region -> (enabled, recommended); regions never set are enabled
  // and not recommended.
  struct RegionSetting {
    std::string region;
    bool enabled = true;
    bool recommended = false;
  };
  std::vector<RegionSetting> region_settings() const;
  void set_region(const RegionSetting& setting, std::int64_t now, const std::string& actor);

 private:
  db::Database& database_;
};

}  // namespace portal::pracc
