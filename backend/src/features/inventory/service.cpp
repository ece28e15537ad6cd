#include "features/inventory/service.hpp"

#include "core/steam_id.hpp"
#include "features/inventory/errors.hpp"

namespace portal::inventory {

core::Result<Account> InventoryService::own_account(std::int64_t user_id, std::string_view steam_id) const {
  if (!core::is_steam_id64(steam_id)) {
    return errors::steam_id_invalid();
  }
  auto account = d_.account_of(user_id);
  if (!account) return errors::invalid_token();
  if (account->steam_id.empty()) return errors::steam_not_bound();
  if (account->steam_id != steam_id) return errors::not_your_account();
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
