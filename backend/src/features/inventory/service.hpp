#pragma once
// The inventory page's two calls (spec 001 sections 2.5 and 7): refresh the logged-in user's Steam
// name and avatar, then hand out a short-lived token for the inventory site. Both act only for the
// caller's own account: the SteamID64 the client sends must be the one bound to it.

#include "core/result.hpp"
#include "features/inventory/account.hpp"
#include "features/inventory/inventory_token.hpp"

#include <cstdint>
#include <functional>
#include <string_view>

namespace portal::inventory {

struct InventoryDeps {
  AccountOf account_of;
  SteamProfileOf steam_profile_of;
  SaveProfile save_profile;
  const InventoryTokenIssuer& issuer;
  std::function<std::int64_t()> now;
};

struct SyncedUser {
  Account account;
  std::int64_t synced_at = 0;  // unix seconds
};

class InventoryService {
 public:
  explicit InventoryService(InventoryDeps deps) : d_(std::move(deps)) {}

  // Asks Steam for the account's name and avatar and stores them; keeps the stored ones when Steam
  // does not answer.
  core::Result<SyncedUser> sync_user(std::int64_t user_id, std::string_view steam_id) const;
  // A token for the inventory site naming the account (its stored name and avatar).
  core::Result<IssuedInventoryToken> sign_in(std::int64_t user_id, std::string_view steam_id) const;

 private:
  // The caller's account when `steam_id` is its bound SteamID64: INVALID_TOKEN (401) when the account is
  // gone, STEAM_NOT_BOUND (409) without a bound Steam account, NOT_YOUR_ACCOUNT (403) for another id.
  core::Result<Account> own_account(std::int64_t user_id, std::string_view steam_id) const;

  InventoryDeps d_;
};

}  // namespace portal::inventory
