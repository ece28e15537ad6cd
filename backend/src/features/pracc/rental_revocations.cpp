// The rental's side of money moving back (issue 15): the limits counted again inside a payment's
// transaction, and what a refund takes back (migrations/*/0012_rental_revocations.sql).
#include "db/advisory_locks.hpp"
#include "features/pracc/rental_repository.hpp"
#include "features/pracc/rental_rules.hpp"
#include "db/transaction.hpp"

#include <algorithm>

namespace portal::pracc {

namespace {

constexpr const char* kActiveCondition = "phase NOT IN ('terminated', 'failed', 'relocated')";
// The phases whose server a refund can still take something from.
const std::vector<Phase> kLive = {Phase::creating,  Phase::running,   Phase::restarting, Phase::updating,
                                  Phase::verifying, Phase::switching, Phase::expired,    Phase::starting};
constexpr int kMaxChain = 64;  // two switches a day: a chain this long is far beyond any rental

// The current record of a server's region-switch chain.
std::string chain_head(soci::session& sql, std::string id) {
  for (int hop = 0; hop < kMaxChain; ++hop) {
    std::string next;
    sql << "SELECT to_id FROM rental_switches WHERE from_id = :id", soci::use(id), soci::into(next);
    if (!sql.got_data() || next.empty()) break;
    id = next;
  }
  return id;
}

}  // namespace

RentalRepository::ActiveCounts RentalRepository::count_active_within(soci::session& sql, std::int64_t user_id,
                                                                     const std::string& region) const {
  if (database_.engine() == db::Engine::postgresql) {
    int locked = 0;
    sql << "SELECT COUNT(*) FROM (SELECT pg_advisory_xact_lock(" +
               std::to_string(db::advisory_locks::kRentalLimitsClass) + ", 0)) AS rental_limits_lock",
        soci::into(locked);
  }
  ActiveCounts counts;
  long long n = 0;
  const long long owner = user_id;
  sql << std::string("SELECT COUNT(*) FROM rental_servers WHERE owner_user_id = :owner AND ") + kActiveCondition,
      soci::use(owner), soci::into(n);
  counts.of_owner = n;
  sql << std::string("SELECT COUNT(*) FROM rental_servers WHERE region = :region AND ") + kActiveCondition,
      soci::use(region), soci::into(n);
  counts.in_region = n;
  return counts;
}

std::string RentalRepository::revoke(const Revocation& revocation, std::int64_t now, const std::string& actor) {
  const db::Engine engine = database_.engine();
  return database_.with_session([&](soci::session& sql) {
    return db::write_transaction(sql, engine, [&] { return revoke_within(sql, revocation, now, actor); });
  });
}

std::string RentalRepository::revoke_within(soci::session& sql, const Revocation& revocation, std::int64_t now,
                                            const std::string& actor) {
  const db::Engine engine = database_.engine();
  std::string start = revocation.server_id;
  if (start.empty()) {
    sql << "SELECT id FROM rental_servers WHERE order_id = :order_id", soci::use(revocation.order_id),
        soci::into(start);
    if (!sql.got_data()) start.clear();
  }
  const std::string head = start.empty() ? std::string() : chain_head(sql, start);
  const long long at = now;
  soci::statement once = (sql.prepare << "INSERT INTO rental_revocations (order_id, server_id, at) VALUES "
                                         "(:order_id, :server_id, :at) ON CONFLICT (order_id) DO NOTHING",
                          soci::use(revocation.order_id), soci::use(head), soci::use(at));
  once.execute(true);
  if (once.get_affected_rows() == 0 || head.empty()) return {};

  const std::string lock = engine == db::Engine::postgresql ? " FOR UPDATE" : "";
  std::string phase_text;
  std::string reminded;
  soci::indicator reminded_ind = soci::i_null;
  long long expires_at = 0;
  sql << "SELECT phase, reminded, expires_at FROM rental_servers WHERE id = :id" + lock, soci::use(head),
      soci::into(phase_text), soci::into(reminded, reminded_ind), soci::into(expires_at);
  const auto phase = phase_from(phase_text);
  if (!sql.got_data() || !phase || std::find(kLive.begin(), kLive.end(), *phase) == kLive.end()) return {};
  if (reminded_ind != soci::i_ok) reminded.clear();

  ServerChange change;
  change.reason = "order " + revocation.order_id + " refunded";
  if (revocation.take_back_seconds > 0) {
    // The renewal's hours come off; a server thereby past its expiry is stopped by the lifecycle job,
    // which also tells the owner the expiry it has again.
    change.expires_at = expires_at - revocation.take_back_seconds;
    change.reminded = with_reminder(reminded, "renewal_refunded");
  } else {
    // Terminating even without a machine: the lifecycle job ends it and tells the owner.
    change.phase = Phase::terminating;
    change.expires_at = std::min<std::int64_t>(expires_at, now);
    change.reminded = reminded.empty() ? std::string("refunded") : reminded + ",refunded";
  }
  if (!change_within(sql, head, kLive, change, now, actor, "rental.revoke")) return {};
  return head;
}

}  // namespace portal::pracc
