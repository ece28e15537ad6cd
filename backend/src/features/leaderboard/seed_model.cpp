#include "features/leaderboard/seed_model.hpp"

#include "core/text.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <numbers>

namespace portal::leaderboard::seed_model {

// ---- Deterministic randomness: splitmix64, with our own distributions (the standard library's
// distributions differ between implementations).

std::uint64_t splitmix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

std::uint64_t mix(std::uint64_t a, std::uint64_t b) { return splitmix(a ^ splitmix(b + 0x632BE59BD9B4E019ULL)); }

std::uint64_t hash_text(std::string_view text) {
  std::uint64_t h = 0xCBF29CE484222325ULL;  // FNV-1a
  for (const char c : text) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001B3ULL;
  return h;
}

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    state_ += 0x9E3779B97F4A7C15ULL;
    std::uint64_t z = state_;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }  // [0, 1)
  double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
  bool chance(double p) { return uniform() < p; }
  std::size_t below(std::size_t n) { return static_cast<std::size_t>(next() % n); }
  double normal() {
    const double u1 = 1.0 - uniform();  // (0, 1]
    const double u2 = uniform();
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
  }
  template <typename T, std::size_t N>
  const T& pick(const std::array<T, N>& items) {
    return items[below(N)];
  }

 private:
  std::uint64_t state_;
};

double logistic(double x) { return 1.0 / (1.0 + std::exp(-x)); }

// ---- Players

constexpr std::uint64_t kSteamIdBase = 76561198000000000ULL;
constexpr std::uint64_t kOffsetSpan = 1ULL << 30;  // base + offset + index stays a valid individual id

Profile profile_of(std::uint64_t key, bool named) {
  Rng rng(mix(key, 1));
  Profile p;
  p.key = key;
  p.skill = std::clamp(rng.normal(), -3.0, 3.0);
  // Pareto, alpha 1.3, x_min 1: median 1.7, mean 4.3, one in a million above 40,000 (capped).
  p.activity = named ? rng.uniform(3.0, 8.0) : std::min(std::pow(1.0 - rng.uniform(), -1.0 / 1.3), 6000.0);
  p.awper = rng.chance(0.12);
  return p;
}

constexpr std::array<std::string_view, 16> kTagPrefixes{"x",   "The",     "Mr",    "Dark",  "Silent", "Lil",
                                                        "Big", "Pro",     "Toxic", "Lucky", "Crazy",  "Baby",
                                                        "Sir", "Captain", "Mad",   "Super"};
constexpr std::array<std::string_view, 48> kTagCores{
    "Sniper", "Ghost",  "Viper",  "Falcon", "Shadow",   "Blaze",    "Frost", "Ninja",   "Wolf",   "Tiger",
    "Dragon", "Rush",   "Flick",  "Clutch", "Ace",      "Nova",     "Storm", "Phantom", "Reaper", "Panda",
    "Noob",   "Smurf",  "Eco",    "Deagle", "Glock",    "Karambit", "Nade",  "Smoke",   "Flash",  "Molly",
    "Entry",  "Lurker", "Baiter", "Rifler", "Awper",    "Pixel",    "Zero",  "Neo",     "Bunny",  "Spray",
    "Tap",    "Peek",   "Jiggle", "Boost",  "Wallbang", "Onetap",   "Kebab", "Potato"};
constexpr std::array<std::string_view, 30> kSurnames{"王", "李", "张", "刘", "陈", "杨", "黄", "赵", "吴", "周",
                                                     "徐", "孙", "马", "朱", "胡", "郭", "何", "高", "林", "罗",
                                                     "郑", "梁", "谢", "宋", "唐", "许", "韩", "冯", "邓", "曹"};
constexpr std::array<std::string_view, 32> kGivenNames{"伟",   "芳",   "娜",   "敏",   "静",   "磊",   "强",   "军",
                                                       "洋",   "勇",   "杰",   "涛",   "明",   "超",   "鹏",   "辉",
                                                       "秀英", "浩然", "子轩", "宇航", "梓涵", "欣怡", "俊杰", "晨曦",
                                                       "一鸣", "思远", "嘉豪", "文博", "雨萱", "志强", "建国", "天佑"};
constexpr std::array<std::string_view, 32> kChineseTags{
    "枪神",     "小可爱",   "老六",     "狙神",   "夜猫子", "大表哥", "菜鸟",     "萌新",
    "无敌",     "爆头王",   "闪光弹",   "烟雾弹", "老王",   "阿强",   "小明",     "孤狼",
    "夜影",     "风行者",   "剑圣",     "雪狐",   "龙王",   "虎哥",   "冷月",     "追风",
    "一枪一个", "不服来战", "稳如老狗", "刚枪王", "混子",   "背锅侠", "摸鱼达人", "奶妈"};
constexpr std::array<std::string_view, 6> kTagDecor{"丶", "灬", "_", "·", "", "~"};

std::string digits(Rng& rng) {
  static constexpr std::array<std::string_view, 8> kFavourites{"1337", "666", "007", "88", "99", "420", "2k", "777"};
  if (rng.chance(0.4)) return std::string(rng.pick(kFavourites));
  return std::to_string(rng.below(rng.chance(0.5) ? 100 : 10000));
}

std::string leet(std::string text) {
  for (char& c : text) {
    if (c == 'e')
      c = '3';
    else if (c == 'o')
      c = '0';
    else if (c == 'i')
      c = '1';
    else if (c == 'a')
      c = '4';
  }
  return text;
}

std::string latin_tag(Rng& rng) {
  const std::string core(rng.pick(kTagCores));
  switch (rng.below(7)) {
    case 0:
      return core + digits(rng);
    case 1:
      return std::string(rng.pick(kTagPrefixes)) + core;
    case 2:
      return "xX_" + core + "_Xx";
    case 3:
      return core::ascii_lower(core) + "_" + core::ascii_lower(rng.pick(kTagCores));
    case 4:
      return leet(core::ascii_lower(core));
    case 5:
      return std::string(rng.pick(kTagPrefixes)) + core + digits(rng);
    default:
      return core + std::string(rng.pick(kTagCores));
  }
}

std::string chinese_name(Rng& rng) {
  switch (rng.below(4)) {
    case 0:
    case 1:
      return std::string(rng.pick(kSurnames)) + std::string(rng.pick(kGivenNames));
    case 2:
      return std::string(rng.pick(kChineseTags));
    default:
      return std::string(rng.pick(kChineseTags)) + digits(rng);
  }
}

std::string mixed_name(Rng& rng) {
  if (rng.chance(0.5))
    return std::string(rng.pick(kChineseTags)) + std::string(rng.pick(kTagDecor)) + std::string(rng.pick(kTagCores));
  return std::string(rng.pick(kTagCores)) + std::string(rng.pick(kTagDecor)) + std::string(rng.pick(kGivenNames));
}

std::string nickname_of(std::uint64_t key) {
  Rng rng(mix(key, 2));
  const double u = rng.uniform();
  if (u < 0.5) return latin_tag(rng);
  if (u < 0.85) return chinese_name(rng);
  return mixed_name(rng);
}

std::uint64_t generated_key(std::uint64_t seed, std::int64_t index) {
  return mix(mix(seed, 0x5EED), static_cast<std::uint64_t>(index));
}

std::string generated_steam_id(std::uint64_t seed, std::int64_t index) {
  const std::uint64_t offset = splitmix(seed ^ 0x57EA4ULL) % kOffsetSpan;
  return std::to_string(kSteamIdBase + offset + static_cast<std::uint64_t>(index));
}

// ---- Stats

int mode_index(Mode mode) { return static_cast<int>(mode); }

// How often a mode is a player's main one, and how often it is played besides the main one.
constexpr std::array<double, 4> kMainWeight{0.40, 0.15, 0.20, 0.25};
constexpr std::array<double, 4> kAlsoPlays{0.50, 0.30, 0.35, 0.45};
// Kills per minute of an average player.
constexpr std::array<double, 4> kBaseKpm{1.4, 1.1, 0.8, 0.45};
constexpr double kMinutesPerActivity = 25.0;
constexpr std::int64_t kMaxPlaytime = 150'000;  // minutes, about 100 days of play

std::vector<ModeShare> modes_played(const Profile& p, const std::vector<Mode>& modes, bool named) {
  Rng rng(mix(p.key, 3));
  std::vector<ModeShare> out;
  if (named) {
    for (const Mode mode : modes) out.push_back({mode, rng.uniform(0.5, 1.0)});
    return out;
  }
  double total = 0;
  for (const Mode mode : modes) total += kMainWeight[mode_index(mode)];
  double draw = rng.uniform() * total;
  std::size_t main = modes.size() - 1;
  for (std::size_t i = 0; i < modes.size(); ++i) {
    draw -= kMainWeight[mode_index(modes[i])];
    if (draw < 0) {
      main = i;
      break;
    }
  }
  for (std::size_t i = 0; i < modes.size(); ++i) {
    if (i == main) {
      out.push_back({modes[i], 1.0});
    } else if (rng.chance(kAlsoPlays[mode_index(modes[i])])) {
      out.push_back({modes[i], rng.uniform(0.1, 0.6)});
    }
  }
  return out;
}

// Which of the listed seasons the player played in: each with 80%, at least one.
std::vector<bool> seasons_played(const Profile& p, std::size_t seasons, bool named) {
  std::vector<bool> out(seasons, true);
  if (named || seasons == 0) return out;
  Rng rng(mix(p.key, 4));
  bool any = false;
  for (std::size_t i = 0; i < seasons; ++i) any |= (out[i] = rng.chance(0.8));
  if (!any) out[rng.below(seasons)] = true;
  return out;
}

std::int64_t round_count(double value) { return std::max<std::int64_t>(0, std::llround(value)); }
std::int64_t floor_count(double value) {
  return std::max<std::int64_t>(0, static_cast<std::int64_t>(std::floor(value)));
}

Counters counters_of(const Profile& p, Mode mode, double weight, std::int64_t season_key) {
  Rng rng(mix(mix(p.key, 10 + static_cast<std::uint64_t>(mode_index(mode))), static_cast<std::uint64_t>(season_key)));
  Counters c;
  const double minutes = kMinutesPerActivity * p.activity * weight * std::exp(0.5 * rng.normal());
  c.playtime = std::clamp<std::int64_t>(std::llround(minutes), 1, kMaxPlaytime);

  const double kpm = std::clamp(kBaseKpm[mode_index(mode)] * std::exp(0.35 * p.skill + 0.12 * rng.normal()), 0.05, 4.5);
  const double kills = static_cast<double>(c.playtime) * kpm;
  c.kills = round_count(kills);
  const double kd = std::exp(0.32 * p.skill + 0.10 * rng.normal());
  c.deaths = round_count(kills / kd);
  // 25% .. 65% of kills; pistols reward aim a little more.
  const double hs_rate =
      0.25 + 0.40 * logistic(0.9 * p.skill + 0.5 * rng.normal() + (mode == Mode::dm_pistol ? 0.5 : 0.0));
  c.headshots = std::min(c.kills, round_count(static_cast<double>(c.kills) * hs_rate));

  if (mode == Mode::dm_pistol) {
    c.pistol_kills = c.kills;
  } else {
    const double awp = p.awper ? rng.uniform(0.2, 0.5) : rng.uniform(0.0, 0.06);
    const double pistol = rng.uniform(0.03, 0.12) + (mode == Mode::retakes ? 0.08 : 0.0);
    const double rifle = std::max(0.0, std::min(rng.uniform(0.5, 0.8), 1.0 - awp - pistol));
    const auto k = static_cast<double>(c.kills);
    // Floors of shares summing to at most 1: never more than kills together.
    c.rifle_kills = floor_count(k * rifle);
    c.awp_kills = floor_count(k * awp);
    c.pistol_kills = floor_count(k * pistol);
  }

  if (mode == Mode::solo || mode == Mode::retakes) {
    const double per_minute = mode == Mode::solo ? 0.5 : 0.6;
    const std::int64_t rounds = std::max<std::int64_t>(1, round_count(static_cast<double>(c.playtime) * per_minute));
    const double win_rate = std::clamp(0.5 + 0.09 * p.skill + 0.04 * rng.normal(), 0.1, 0.9);
    c.wins = std::min(rounds, round_count(static_cast<double>(rounds) * win_rate));
    c.loses = rounds - c.wins;
    if (mode == Mode::retakes) {
      c.clutches = round_count(static_cast<double>(rounds) * rng.uniform(0.03, 0.08));
      const double clutch_rate = std::clamp(0.28 + 0.10 * p.skill + 0.05 * rng.normal(), 0.02, 0.8);
      c.clutchwins = std::min(c.clutches, round_count(static_cast<double>(c.clutches) * clutch_rate));
    }
  }
  return c;
}

}  // namespace portal::leaderboard::seed_model
