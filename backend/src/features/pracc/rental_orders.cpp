#include "features/pracc/rental_orders.hpp"

#include "core/crypto.hpp"
#include "core/utf8.hpp"
#include "features/pracc/errors.hpp"
#include "features/pracc/rental_rules.hpp"

#include <algorithm>

namespace portal::pracc {

namespace {

std::string text_option(const boost::json::object& options, std::string_view name) {
  const auto* value = options.if_contains(name);
  return value && value->is_string() ? std::string(value->as_string()) : std::string();
}

// The renewable server of the buyer: a renewal may come while it runs, boots, or sleeps in grace.
const std::vector<Phase> kRenewable = {Phase::creating,  Phase::running,   Phase::restarting, Phase::updating,
                                       Phase::verifying, Phase::switching, Phase::expired,    Phase::starting};

core::Result<RentalServer> renewable(const RentalRepository& servers, const RentalPurchase& purchase) {
  const std::string id = text_option(purchase.options, "instance_id");
  if (id.empty()) return core::validation_failed("options.instance_id", "instance_id is required to renew");
  auto found = servers.find(id);
  if (!found || found->owner_user_id != purchase.user_id) return errors::server_not_found();
  if (std::find(kRenewable.begin(), kRenewable.end(), found->phase) == kRenewable.end()) {
    return errors::busy_state(web_status(*found));
  }
  // The price is the tier's: a basic server is renewed at the basic price.
  if (found->relocatable() != purchase.relocatable) {
    return core::validation_failed("options.isRelocatable", "isRelocatable must match the server's tier");
  }
  return std::move(*found);
}

std::string truncated_note(std::string_view nickname) {
  std::string note;
  std::size_t chars = 0;
  for (std::size_t at = 0; at < nickname.size() && chars < kNoteMaxChars; ++chars) {
    std::size_t length = 1;
    const auto byte = static_cast<unsigned char>(nickname[at]);
    if (byte >= 0xF0)
      length = 4;
    else if (byte >= 0xE0)
      length = 3;
    else if (byte >= 0xC0)
      length = 2;
    note += nickname.substr(at, length);
    at += length;
  }
  return core::utf8_length(note) ? note : std::string();
}

}  // namespace

core::Status RentalOrders::validate(const RentalPurchase& purchase) const {
  if (purchase.product_id == "renew_server") {
    auto server = renewable(d_.servers, purchase);
    if (!server) return server.error();
    return core::Ok{};
  }
  if (purchase.product_id != "new_server") {
    return core::validation_failed("productId", "productId must be new_server or renew_server");
  }
  if (purchase.steam_id.empty()) {
    return core::Error::make(core::ErrorKind::validation, "STEAM_ACCOUNT_REQUIRED",
                             "Bind your Steam account first: a server's first admin is its owner's Steam account");
  }
  if (auto name = checked_server_name(text_option(purchase.options, "serverName")); !name) return name.error();
  if (auto password = checked_join_password(text_option(purchase.options, "password")); !password) {
    return password.error();
  }
  const std::string region = text_option(purchase.options, "region");
  if (std::find(d_.settings.regions.begin(), d_.settings.regions.end(), region) == d_.settings.regions.end()) {
    return core::validation_failed("options.region", "unknown region '" + region.substr(0, 32) + "'");
  }
  for (const auto& setting : d_.servers.region_settings()) {
    if (setting.region == region && !setting.enabled) return errors::region_unavailable(region);
  }
  if (d_.servers.count_active_in(region) >= d_.settings.max_servers_per_region) {
    return errors::region_unavailable(region);
  }
  if (d_.servers.count_active_of(purchase.user_id) >= d_.settings.max_servers_per_user) {
    return errors::too_many_servers(d_.settings.max_servers_per_user, "per account");
  }
  return core::Ok{};
}

core::Result<std::string> RentalOrders::fulfil_within(soci::session& open_transaction, const std::string& order_id,
                                                      const RentalPurchase& purchase) {
  const std::int64_t now = d_.now_unix();
  const std::int64_t seconds = purchase.hours * 3600;
  const std::string actor = "payment:" + order_id;
  if (purchase.product_id == "renew_server") {
    auto server = renewable(d_.servers, purchase);
    if (!server) return server.error();
    ServerChange change;
    change.extend_seconds = seconds;
    change.reminded = "";
    // Asleep in its grace period: renewing wakes it (the lifecycle job starts the instance).
    if (server->phase == Phase::expired) change.phase = Phase::starting;
    if (!d_.servers.change_within(open_transaction, server->id, kRenewable, change, now, actor, "rental.renew")) {
      return errors::server_not_found();
    }
    return "server " + server->id + " renewed by " + std::to_string(purchase.hours) + " h";
  }
  // The limits again, counted inside the payment's transaction: other orders may have been paid
  // since this one was made.
  const std::string region = text_option(purchase.options, "region");
  const auto counts = d_.servers.count_active_within(open_transaction, purchase.user_id, region);
  if (counts.in_region >= d_.settings.max_servers_per_region) return errors::region_unavailable(region);
  if (counts.of_owner >= d_.settings.max_servers_per_user) {
    return errors::too_many_servers(d_.settings.max_servers_per_user, "per account");
  }
  auto name = checked_server_name(text_option(purchase.options, "serverName"));
  if (!name) return name.error();
  auto password = checked_join_password(text_option(purchase.options, "password"));
  if (!password) return password.error();
  RentalServer server;
  server.id = new_server_id();
  server.owner_user_id = purchase.user_id;
  server.owner_steam_id = std::string(purchase.steam_id);
  server.name = std::move(*name);
  server.join_password = std::move(*password);
  server.rcon_password = core::random_token(16);
  server.region = region;
  server.tier = purchase.relocatable ? RentalTier::premium : RentalTier::basic;
  server.phase = Phase::creating;
  server.game_port = d_.settings.game_port;
  server.order_id = order_id;
  server.next_launch_at = now;
  server.phase_since = now;
  server.expires_at = now + seconds;
  server.created_at = now;
  server.admins = {{server.owner_steam_id, truncated_note(text_option(purchase.options, "nickname"))}};
  d_.servers.insert_within(open_transaction, server, actor);
  return "server " + server.id;
}

std::string RentalOrders::revoke(const std::string& order_id, const RentalPurchase& purchase,
                                 soci::session* open_transaction) {
  RentalRepository::Revocation revocation;
  revocation.order_id = order_id;
  if (purchase.product_id == "renew_server") {
    revocation.server_id = text_option(purchase.options, "instance_id");
    revocation.take_back_seconds = purchase.hours * 3600;
    if (revocation.server_id.empty() || revocation.take_back_seconds <= 0) return {};
  }
  const std::string actor = "payment:" + order_id;
  return open_transaction ? d_.servers.revoke_within(*open_transaction, revocation, d_.now_unix(), actor)
                          : d_.servers.revoke(revocation, d_.now_unix(), actor);
}

}  // namespace portal::pracc
