#include "features/inventory/service.hpp"
#include "features/inventory/clock_for_test.hpp"

#include <gtest/gtest.h>

#include <map>

namespace portal::inventory {
namespace {

const std::string kOwn = "76561198000000042";
const std::string kOther = "76561198000000043";

// The accounts feature as the service sees it: users by id, a Steam that answers or not, and the
// profile writes it was asked for.
class InventoryServiceTest : public ::testing::Test {
 protected:
  std::map<std::int64_t, Account> users{
      {1, {.user_id = 1, .steam_id = kOwn, .username = "Old Name", .avatar = "https://a.example/old.jpg"}},
      {2, {.user_id = 2, .steam_id = "", .username = "", .avatar = ""}},
  };
  std::optional<SteamProfile> steam;  // what Steam answers; nullopt = no answer
  int saves = 0;
  InventoryTokenIssuer issuer{{.secret = "inventory-service-test-secret-0123456789",
                               .issuer = "https://cs2.example.com",
                               .audience = "https://inventory.example.net",
                               .ttl = std::chrono::seconds(60)}};
  InventoryService service{InventoryDeps{
      .account_of = [this](std::int64_t id) -> std::optional<Account> {
        auto found = users.find(id);
        if (found == users.end()) return std::nullopt;
        return found->second;
      },
      .steam_profile_of = [this](const std::string&) { return steam; },
      .save_profile =
          [this](const std::string& steam_id, const SteamProfile& profile) {
            ++saves;
            for (auto& [id, user] : users) {
              if (user.steam_id != steam_id) continue;
              if (!profile.username.empty()) user.username = profile.username;
              if (!profile.avatar.empty()) user.avatar = profile.avatar;
              return user;
            }
            ADD_FAILURE() << "no user bound to " << steam_id;
            return Account{};
          },
      .issuer = issuer,
      .now = [] { return kNow; },
  }};
};

TEST_F(InventoryServiceTest, SyncStoresWhatSteamAnswers) {
  steam = SteamProfile{"New Name", "https://a.example/new.jpg"};
  auto synced = service.sync_user(1, kOwn);
  ASSERT_TRUE(synced.ok()) << synced.error().code;
  EXPECT_EQ(synced->account.username, "New Name");
  EXPECT_EQ(synced->account.avatar, "https://a.example/new.jpg");
  EXPECT_EQ(synced->synced_at, kNow);
  EXPECT_EQ(users.at(1).username, "New Name");
  EXPECT_EQ(saves, 1);
}

TEST_F(InventoryServiceTest, SyncKeepsTheStoredProfileWhenSteamDoesNotAnswer) {
  steam.reset();
  auto synced = service.sync_user(1, kOwn);
  ASSERT_TRUE(synced.ok());
  EXPECT_EQ(synced->account.username, "Old Name");
  EXPECT_EQ(synced->account.avatar, "https://a.example/old.jpg");
  EXPECT_EQ(saves, 0);
  steam = SteamProfile{"", ""};  // an answer without a name or picture changes nothing either
  EXPECT_EQ(service.sync_user(1, kOwn)->account.username, "Old Name");
  EXPECT_EQ(saves, 0);
}

TEST_F(InventoryServiceTest, OnlyTheCallersOwnSteamAccount) {
  EXPECT_EQ(service.sync_user(1, kOther).error().code, "NOT_YOUR_ACCOUNT");
  EXPECT_EQ(service.sign_in(1, kOther).error().kind, core::ErrorKind::forbidden);
  EXPECT_EQ(service.sign_in(2, kOwn).error().code, "STEAM_NOT_BOUND");
  EXPECT_EQ(service.sync_user(2, kOwn).error().kind, core::ErrorKind::conflict);
  EXPECT_EQ(service.sign_in(99, kOwn).error().code, "INVALID_TOKEN") << "the account is gone";
  auto malformed = service.sign_in(1, "7656119800000004");
  EXPECT_EQ(malformed.error().kind, core::ErrorKind::validation);
  EXPECT_EQ(malformed.error().details.at("field"), "steamId");
  EXPECT_EQ(saves, 0) << "nothing is fetched or written for a refused call";
}

TEST_F(InventoryServiceTest, SignInNamesTheStoredProfile) {
  auto issued = service.sign_in(1, kOwn);
  ASSERT_TRUE(issued.ok());
  EXPECT_EQ(issued->claims.steam_id, kOwn);
  EXPECT_EQ(issued->claims.name, "Old Name");
  EXPECT_EQ(issued->claims.avatar, "https://a.example/old.jpg");
  EXPECT_EQ(issued->claims.issued_at, kNow);
  EXPECT_EQ(issued->claims.expires_at, kNow + 60);
  InventoryTokenVerifier verifier("inventory-service-test-secret-0123456789", "https://cs2.example.com",
                                  "https://inventory.example.net");
  EXPECT_TRUE(verifier.verify(issued->token, kNow).ok());
}

}  // namespace
}  // namespace portal::inventory
