#include "features/inventory/service.hpp"

#include "core/steam_id.hpp"

namespace portal::inventory {

core::Error not_your_account() {
  return core::Error::make(core::ErrorKind::forbidden, "NOT_YOUR_ACCOUNT",
                           "This Steam account is not the one bound to your account");
}

core::Error steam_not_bound() {
  return core::Error::make(core::ErrorKind::conflict, "STEAM_NOT_BOUND",
                           "Your account has no Steam account bound; bind one first");
}

core::Result<Account> InventoryService::own_account(std::int64_t user_id, std::string_view steam_id) const {
  if (!core::is_steam_id64(steam_id)) {
    return core::Error::make(core::ErrorKind::validation, "VALIDATION_FAILED", "steamId must be a SteamID64",
                             {{"field", "steamId"}});
  }
  auto account = d_.account_of(user_id);
  if (!account) return core::Error::make(core::ErrorKind::unauthorized, "INVALID_TOKEN", "Invalid login token");
  if (account->steam_id.empty()) return steam_not_bound();
  if (account->steam_id != steam_id) return not_your_account();
  return std::move(*account);
}

core::Result<SyncedUser> InventoryService::sync_user(std::int64_t user_id, std::string_view steam_id) const {
  auto account = own_account(user_id, steam_id);
  if (!account) return account.error();
  SyncedUser out{std::move(*account), d_.now()};
  if (auto profile = d_.steam_profile_of(out.account.steam_id);
      profile && (!profile->username.empty() || !profile->avatar.empty())) {
    out.account = d_.save_profile(out.account.steam_id, *profile);
  }
  return out;
}

core::Result<IssuedInventoryToken> InventoryService::sign_in(std::int64_t user_id, std::string_view steam_id) const {
  auto account = own_account(user_id, steam_id);
  if (!account) return account.error();
  return d_.issuer.issue(*account, d_.now());
}

}  // namespace portal::inventory
