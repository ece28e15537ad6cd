#include "sim/cs2/sim_state.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <string_view>

namespace portal::sim {
namespace {

using std::chrono::milliseconds;
using namespace std::chrono_literals;

constexpr std::array<std::string_view, 48> kPlayerNames{
    "小明",           "老王",         "Sh1ro迷弟",  "夜猫子",         "不会压枪",      "风中追风",
    "白给王",         "rush B 不停",  "阿杰",       "momo",           "NiKo粉丝",      "疾风剑豪",
    "一枪一个",       "闪光弹受害者", "躲猫猫大师", "菜鸟求带",       "干拉王",        "Tiger",
    "Ghost",          "s1mple_fan",   "KennyS",     "dev1ce_wannabe", "HeadshotHenry", "ecoRoundEnjoyer",
    "FlickGod",       "NoScopeNick",  "Lurker",     "EntryFragger",   "ClutchOrKick",  "AWP_Andy",
    "silver_forever", "nade_stack",   "cyka",       "ZywOo_fan",      "ropz_lurk",     "gg_ez",
    "bhop_bob",       "peekaboo",     "raccoon",    "橘子汽水",       "小猪佩奇",      "大聪明",
    "秒天秒地",       "慢慢打",       "今晚吃鸡",   "拆弹专家",       "急停大师",      "狙神"};

constexpr std::array<std::string_view, 16> kBotNames{"Albert", "Bert",  "Cory", "Derek", "Elliot", "Finn",
                                                     "Gary",   "Hank",  "Ivan", "Jon",   "Kurt",   "Lester",
                                                     "Moe",    "Quinn", "Rock", "Zach"};

}  // namespace

std::string sim_steam_id(std::string_view name) {
  std::uint64_t hash = 14695981039346656037ULL;  // FNV-1a: stable across runs and machines
  for (const char c : name) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ULL;
  }
  return std::to_string(76561198000000000ULL + hash % 1000000000ULL);
}

SimState::SimState(const SimServerSpec& spec, unsigned seed)
    : spec_(spec),
      rng_(seed),
      name_(spec.name),
      map_(spec.map),
      join_password_(spec.join_password),
      offline_(spec.offline),
      admins_(spec.admins) {
  if (map_.empty() && !spec_.map_pool.empty()) map_ = spec_.map_pool.front();
  const auto found = std::find(spec_.map_pool.begin(), spec_.map_pool.end(), map_);
  map_index_ = found == spec_.map_pool.end() ? 0 : static_cast<std::size_t>(found - spec_.map_pool.begin());
  // Start a couple of hours in, so the first players have been on for a while.
  now_ = std::chrono::hours(2);
  on_map_ = milliseconds(std::uniform_int_distribution<long>(0, spec_.map_period.count() * 1000)(rng_));
  const int humans = std::clamp(spec_.initial_players, 0, std::clamp(spec_.max_players, 0, 255));
  for (int i = 0; i < humans; ++i) {
    join_locked();
    humans_.back().joined = now_ - milliseconds(std::uniform_int_distribution<long>(20'000, 5'400'000)(rng_));
    humans_.back().score = std::uniform_int_distribution<int>(0, 30)(rng_);
  }
  refill_bots_locked();
}

void SimState::advance(milliseconds elapsed) {
  std::lock_guard lock(mutex_);
  if (elapsed <= 0ms) return;
  now_ += elapsed;
  const double minutes = std::chrono::duration<double, std::ratio<60>>(elapsed).count();

  // Whole expected events, plus one more with the probability of the remainder.
  const double expected = std::max(0.0, spec_.churn) * minutes;
  auto events = static_cast<long>(std::floor(expected));
  if (std::uniform_real_distribution<double>(0, 1)(rng_) < expected - std::floor(expected)) ++events;
  events = std::min<long>(events, 10'000);
  const int capacity = std::clamp(spec_.max_players, 0, 255);
  for (long i = 0; i < events; ++i) {
    const int count = static_cast<int>(humans_.size());
    const bool room = count < capacity;
    // Drift back toward the configured crowd so a server stays recognisably busy or quiet.
    double join_chance = count < spec_.initial_players ? 0.65 : count > spec_.initial_players ? 0.35 : 0.5;
    if (count == 0) join_chance = 1;
    if (!room) join_chance = 0;
    if (std::uniform_real_distribution<double>(0, 1)(rng_) < join_chance) {
      join_locked();
    } else {
      leave_locked();
    }
  }
  refill_bots_locked();

  for (auto& player : humans_) {
    player.score += std::poisson_distribution<int>(minutes * 1.2)(rng_);
    player.ping = std::clamp(player.ping + std::uniform_int_distribution<int>(-3, 3)(rng_), 3, 250);
  }
  for (auto& bot : bots_) bot.score += std::poisson_distribution<int>(minutes * 0.8)(rng_);

  if (spec_.map_pool.empty() || spec_.map_period.count() <= 0) return;
  on_map_ += elapsed;
  const milliseconds period = spec_.map_period;
  if (on_map_ < period) return;
  on_map_ %= period;
  map_index_ = (map_index_ + 1) % spec_.map_pool.size();
  map_ = spec_.map_pool[map_index_];
  for (auto& player : humans_) player.score = 0;
  for (auto& bot : bots_) {
    bot.score = 0;
    bot.joined = now_;  // bots are re-added on every map load
  }
}

void SimState::join_locked() {
  SimPlayer player;
  player.id = next_id_++;
  player.name = fresh_name_locked(false);
  player.steam_id = sim_steam_id(player.name);
  player.joined = now_;
  player.ping = std::uniform_int_distribution<int>(5, 120)(rng_);
  auto octet = [this] { return std::to_string(std::uniform_int_distribution<int>(1, 254)(rng_)); };
  player.address = "10." + octet() + "." + octet() + "." + octet() + ":27005";
  humans_.push_back(std::move(player));
}

void SimState::leave_locked() {
  if (humans_.empty()) return;
  const auto index = std::uniform_int_distribution<std::size_t>(0, humans_.size() - 1)(rng_);
  humans_.erase(humans_.begin() + static_cast<std::ptrdiff_t>(index));
}

// bot_quota_mode fill: bots make up the difference between the quota and the humans.
void SimState::refill_bots_locked() {
  const int free_slots = std::max(0, std::clamp(spec_.max_players, 0, 255) - static_cast<int>(humans_.size()));
  const auto wanted =
      static_cast<std::size_t>(std::clamp(spec_.bots - static_cast<int>(humans_.size()), 0, free_slots));
  while (bots_.size() > wanted) bots_.pop_back();
  while (bots_.size() < wanted) {
    SimPlayer bot;
    bot.id = next_id_++;
    bot.name = fresh_name_locked(true);
    bot.joined = now_;
    bot.bot = true;
    bots_.push_back(std::move(bot));
  }
}

std::string SimState::fresh_name_locked(bool bot) {
  auto taken = [this](const std::string& name) {
    auto same = [&name](const SimPlayer& p) { return p.name == name; };
    return std::any_of(humans_.begin(), humans_.end(), same) || std::any_of(bots_.begin(), bots_.end(), same);
  };
  for (int attempt = 0; attempt < 8; ++attempt) {
    std::string name = bot ? std::string(kBotNames[rng_() % kBotNames.size()])
                           : std::string(kPlayerNames[rng_() % kPlayerNames.size()]);
    if (!taken(name)) return name;
  }
  // Busy servers run out of names: number them the way Steam users do.
  const std::string base =
      bot ? std::string(kBotNames[rng_() % kBotNames.size()]) : std::string(kPlayerNames[rng_() % kPlayerNames.size()]);
  return base + std::to_string(next_id_);
}

SimSnapshot SimState::snapshot() const {
  std::lock_guard lock(mutex_);
  SimSnapshot out;
  out.name = name_;
  out.map = map_;
  out.join_password = join_password_;
  out.max_players = std::clamp(spec_.max_players, 0, 255);
  out.offline = offline_;
  out.now = now_;
  out.humans = humans_;
  out.bots = bots_;
  out.admins = admins_;
  out.said = said_;
  return out;
}

a2s::Info SimState::info(std::uint16_t game_port) const {
  const auto state = snapshot();
  a2s::Info info;
  info.protocol = 17;
  info.name = state.name;
  info.map = state.map;
  info.folder = "csgo";
  info.game = "Counter-Strike 2";
  info.app_id = 730;
  info.players = state.player_count();
  info.max_players = state.max_players;
  info.bots = static_cast<int>(state.bots.size());
  info.server_type = 'd';
  info.environment = 'l';
  info.password = !state.join_password.empty();
  info.vac = true;
  info.version = "1.40.2.1";
  info.game_port = game_port;
  info.keywords = state.humans.empty() ? "empty,secure" : "secure";
  info.game_id = 730;
  return info;
}

std::vector<a2s::Player> SimState::a2s_players() const {
  const auto state = snapshot();
  std::vector<a2s::Player> players;
  auto add = [&](const SimPlayer& p) {
    const float seconds = std::chrono::duration<float>(state.now - p.joined).count();
    if (spec_.names_in_a2s) {
      players.push_back({p.name, p.score, seconds});
    } else {
      players.push_back({"", 0, seconds});
    }
  };
  for (const auto& p : state.humans) add(p);
  for (const auto& p : state.bots) add(p);
  return players;
}

bool SimState::offline() const {
  std::lock_guard lock(mutex_);
  return offline_;
}

void SimState::set_offline(bool offline) {
  std::lock_guard lock(mutex_);
  offline_ = offline;
}

void SimState::set_join_password(std::string password) {
  std::lock_guard lock(mutex_);
  join_password_ = std::move(password);
}

void SimState::set_hostname(std::string name) {
  std::lock_guard lock(mutex_);
  name_ = std::move(name);
}

void SimState::change_map(std::string map) {
  std::lock_guard lock(mutex_);
  map_ = std::move(map);
  on_map_ = milliseconds(0);
}

void SimState::add_admin(std::string steam_id) {
  std::lock_guard lock(mutex_);
  if (std::find(admins_.begin(), admins_.end(), steam_id) == admins_.end()) admins_.push_back(std::move(steam_id));
}

bool SimState::remove_admin(const std::string& steam_id) {
  std::lock_guard lock(mutex_);
  const auto found = std::find(admins_.begin(), admins_.end(), steam_id);
  if (found == admins_.end()) return false;
  admins_.erase(found);
  return true;
}

void SimState::set_admins(std::vector<std::string> steam_ids) {
  std::lock_guard lock(mutex_);
  admins_ = std::move(steam_ids);
}

std::string SimState::join(std::string name) {
  std::lock_guard lock(mutex_);
  if (static_cast<int>(humans_.size()) >= std::clamp(spec_.max_players, 0, 255)) return {};
  join_locked();
  humans_.back().name = std::move(name);
  humans_.back().steam_id = sim_steam_id(humans_.back().name);
  refill_bots_locked();
  return humans_.back().steam_id;
}

void SimState::record_say(std::string text) {
  std::lock_guard lock(mutex_);
  said_.push_back(std::move(text));
  if (said_.size() > kSaidKept) said_.erase(said_.begin());
}

}  // namespace portal::sim
