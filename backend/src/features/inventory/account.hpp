#pragma once
// What the inventory feature knows of a portal account: the accounts feature owns the users, and the
// composition root hands their view to this feature through the functions below.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace portal::inventory {

struct Account {
  std::int64_t user_id = 0;
  std::string steam_id;  // empty: an e-mail account without a bound Steam account
  std::string username;
  std::string avatar;
};

// A Steam account's public name and avatar as Steam answered them (either may be empty).
struct SteamProfile {
  std::string username;
  std::string avatar;
};

// The account of a user id; nullopt when there is no such user (any more).
using AccountOf = std::function<std::optional<Account>(std::int64_t user_id)>;
// Asks Steam for the profile of a SteamID64; nullopt when Steam does not answer, does not know the id,
// or no lookup is configured.
using SteamProfileOf = std::function<std::optional<SteamProfile>(const std::string& steam_id)>;
// Stores a refreshed profile for the account bound to `steam_id` (empty fields keep the stored value)
// and answers the account as stored now.
using SaveProfile = std::function<Account(const std::string& steam_id, const SteamProfile& profile)>;

}  // namespace portal::inventory
