#include "app/demo/demo_leaderboard.hpp"

#include "features/auth/membership_service.hpp"
#include "features/leaderboard/seasons.hpp"
#include "features/leaderboard/seeder.hpp"
#include "sim/steam/dev_openid_provider.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

namespace portal::app {

namespace {

constexpr const char* kActor = "system";
constexpr std::uint64_t kDemoSeed = 2026;
constexpr std::int64_t kDemoPlayers = 3000;
constexpr std::int64_t kDay = 86400;

template <typename T>
void warn_if_failed(const core::Result<T>& done, const std::string& what) {
  if (!done) spdlog::warn("demo leaderboard: {} not granted: {}", what, done.error().message);
}

// Pros are the most skilled players; kol, op and VIP are spread over everyone.
void grant_demo_memberships(db::Database& database, std::int64_t now) {
  auth::MembershipRepository repository(database);
  auth::MembershipService members(repository, [now] { return now; });
  std::vector<std::int64_t> by_skill(kDemoPlayers);
  std::iota(by_skill.begin(), by_skill.end(), 0);
  std::vector<double> skill(kDemoPlayers);
  for (std::int64_t i = 0; i < kDemoPlayers; ++i) skill[i] = leaderboard::seeded_skill(kDemoSeed, i);
  std::stable_sort(by_skill.begin(), by_skill.end(),
                   [&](std::int64_t a, std::int64_t b) { return skill[a] > skill[b]; });

  auto grant = [&](std::int64_t index, const char* group) {
    const std::string steam_id = leaderboard::seeded_player(kDemoSeed, index).steam_id;
    auto granted = members.grant_group(steam_id, group, std::nullopt, kActor);
    warn_if_failed(granted, std::string(group) + " for " + steam_id);
  };
  for (std::size_t i = 0; i < 30; ++i) grant(by_skill[i], "pro");
  for (std::int64_t i = 7; i < kDemoPlayers; i += 150) grant(i, "kol");  // 20
  for (std::int64_t i = 42; i < kDemoPlayers; i += 300) grant(i, "op");  // 10
  for (std::int64_t i = 13; i < kDemoPlayers; i += 30) {                 // 100
    const std::string steam_id = leaderboard::seeded_player(kDemoSeed, i).steam_id;
    auto granted = members.grant_vip(steam_id, 30 + i % 336, "demo", std::nullopt, kActor);
    warn_if_failed(granted, "vip for " + steam_id);
  }
}

}  // namespace

void seed_demo_leaderboard(db::Database& database, std::int64_t now) {
  leaderboard::SeasonRepository repository(database);
  leaderboard::Seasons seasons(repository, [now] { return now; });
  if (!seasons.list().empty()) return;

  auto s1 = seasons.add("S1 2026", now - 150 * kDay, kActor);
  if (!s1) {
    spdlog::warn("demo leaderboard not seeded: {}", s1.error().message);
    return;
  }
  auto s2 = seasons.add("S2 2026", now - 45 * kDay, kActor);
  if (!s2) {
    spdlog::warn("demo leaderboard not seeded: {}", s2.error().message);
    return;
  }

  leaderboard::SeedOptions options;
  options.players = kDemoPlayers;
  options.season_ids = {s1->id, s2->id};
  options.random_seed = kDemoSeed;
  options.sqlite_pause = std::chrono::milliseconds(0);  // start-up: nobody else writes yet
  for (const auto& preset : sim::DevOpenIdProvider::presets()) {
    options.named_players.push_back({std::to_string(preset.steam_id), preset.persona_name});
  }
  const auto report = leaderboard::seed_leaderboard(database, options, now);
  grant_demo_memberships(database, now);
  spdlog::info("demo leaderboard: seasons '{}' and '{}', {} players, {} stats rows in {} ms", s1->name, s2->name,
               report.players, report.stats_rows, report.took.count());
}

}  // namespace portal::app
