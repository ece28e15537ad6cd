#include "features/leaderboard/seeder.hpp"

#include "db/transaction.hpp"
#include "features/leaderboard/columns.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <memory>
#include <numbers>
#include <stdexcept>
#include <string_view>
#include <thread>
#include <unordered_set>
#include <utility>

namespace portal::leaderboard {

namespace {

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
constexpr std::int64_t kMaxPlayers = 100'000'000;

struct Profile {
  std::uint64_t key = 0;  // the root of every other draw for this player
  double skill = 0;       // about N(0, 1)
  double activity = 1;    // >= 1, Pareto: most play little, a long tail plays a lot
  bool awper = false;
};

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

constexpr std::array<std::string_view, 16> kTagPrefixes{"x", "The", "Mr", "Dark", "Silent", "Lil", "Big", "Pro",
                                                        "Toxic", "Lucky", "Crazy", "Baby", "Sir", "Captain", "Mad",
                                                        "Super"};
constexpr std::array<std::string_view, 48> kTagCores{
    "Sniper", "Ghost", "Viper", "Falcon", "Shadow", "Blaze", "Frost", "Ninja", "Wolf", "Tiger", "Dragon", "Rush",
    "Flick", "Clutch", "Ace", "Nova", "Storm", "Phantom", "Reaper", "Panda", "Noob", "Smurf", "Eco", "Deagle",
    "Glock", "Karambit", "Nade", "Smoke", "Flash", "Molly", "Entry", "Lurker", "Baiter", "Rifler", "Awper", "Pixel",
    "Zero", "Neo", "Bunny", "Spray", "Tap", "Peek", "Jiggle", "Boost", "Wallbang", "Onetap", "Kebab", "Potato"};
constexpr std::array<std::string_view, 30> kSurnames{"王", "李", "张", "刘", "陈", "杨", "黄", "赵", "吴", "周",
                                                     "徐", "孙", "马", "朱", "胡", "郭", "何", "高", "林", "罗",
                                                     "郑", "梁", "谢", "宋", "唐", "许", "韩", "冯", "邓", "曹"};
constexpr std::array<std::string_view, 32> kGivenNames{
    "伟", "芳", "娜", "敏", "静", "磊", "强", "军", "洋", "勇", "杰", "涛", "明", "超", "鹏", "辉",
    "秀英", "浩然", "子轩", "宇航", "梓涵", "欣怡", "俊杰", "晨曦", "一鸣", "思远", "嘉豪", "文博", "雨萱", "志强", "建国", "天佑"};
constexpr std::array<std::string_view, 32> kChineseTags{
    "枪神", "小可爱", "老六", "狙神", "夜猫子", "大表哥", "菜鸟", "萌新", "无敌", "爆头王", "闪光弹", "烟雾弹",
    "老王", "阿强", "小明", "孤狼", "夜影", "风行者", "剑圣", "雪狐", "龙王", "虎哥", "冷月", "追风",
    "一枪一个", "不服来战", "稳如老狗", "刚枪王", "混子", "背锅侠", "摸鱼达人", "奶妈"};
constexpr std::array<std::string_view, 6> kTagDecor{"丶", "灬", "_", "·", "", "~"};

std::string digits(Rng& rng) {
  static constexpr std::array<std::string_view, 8> kFavourites{"1337", "666", "007", "88", "99", "420", "2k", "777"};
  if (rng.chance(0.4)) return std::string(rng.pick(kFavourites));
  return std::to_string(rng.below(rng.chance(0.5) ? 100 : 10000));
}

std::string leet(std::string text) {
  for (char& c : text) {
    if (c == 'e') c = '3';
    else if (c == 'o') c = '0';
    else if (c == 'i') c = '1';
    else if (c == 'a') c = '4';
  }
  return text;
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string latin_tag(Rng& rng) {
  const std::string core(rng.pick(kTagCores));
  switch (rng.below(7)) {
    case 0: return core + digits(rng);
    case 1: return std::string(rng.pick(kTagPrefixes)) + core;
    case 2: return "xX_" + core + "_Xx";
    case 3: return lower(core) + "_" + lower(rng.pick(kTagCores));
    case 4: return leet(lower(core));
    case 5: return std::string(rng.pick(kTagPrefixes)) + core + digits(rng);
    default: return core + std::string(rng.pick(kTagCores));
  }
}

std::string chinese_name(Rng& rng) {
  switch (rng.below(4)) {
    case 0:
    case 1: return std::string(rng.pick(kSurnames)) + std::string(rng.pick(kGivenNames));
    case 2: return std::string(rng.pick(kChineseTags));
    default: return std::string(rng.pick(kChineseTags)) + digits(rng);
  }
}

std::string mixed_name(Rng& rng) {
  if (rng.chance(0.5)) return std::string(rng.pick(kChineseTags)) + std::string(rng.pick(kTagDecor)) + std::string(rng.pick(kTagCores));
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

struct ModeShare {
  Mode mode;
  double weight;  // share of the player's time
};

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
std::int64_t floor_count(double value) { return std::max<std::int64_t>(0, static_cast<std::int64_t>(std::floor(value))); }

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
  const double hs_rate = 0.25 + 0.40 * logistic(0.9 * p.skill + 0.5 * rng.normal() + (mode == Mode::dm_pistol ? 0.5 : 0.0));
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

// ---- Writing

// Rows waiting for the next chunk, one buffer per board (written board by board: each in steam-id
// order, which keeps the primary key appends local).
struct BoardRows {
  std::int64_t board_id = 0;
  std::vector<std::string> steam_ids;
  std::array<std::vector<long long>, kCounterCount> counters;

  void add(const std::string& steam_id, const Counters& c) {
    steam_ids.push_back(steam_id);
    const std::array<std::int64_t, kCounterCount> values{c.kills,        c.deaths,    c.headshots,  c.playtime,
                                                         c.wins,         c.loses,     c.rifle_kills, c.awp_kills,
                                                         c.pistol_kills, c.clutches, c.clutchwins};
    for (std::size_t i = 0; i < values.size(); ++i) counters[i].push_back(values[i]);
  }
  void clear() {
    steam_ids.clear();
    for (auto& column : counters) column.clear();
  }
};

struct Chunk {
  std::vector<std::string> player_ids;
  std::vector<std::string> nicknames;
  std::vector<BoardRows> boards;
  std::size_t stats_rows = 0;

  std::size_t rows() const { return player_ids.size() + stats_rows; }
  void clear() {
    player_ids.clear();
    nicknames.clear();
    for (auto& board : boards) board.clear();
    stats_rows = 0;
  }
};

const std::string kStatsConflict =
    " ON CONFLICT (board_id, steam_id) DO UPDATE SET kills = leaderboard_stats.kills + excluded.kills, "
    "deaths = leaderboard_stats.deaths + excluded.deaths, headshots = leaderboard_stats.headshots + excluded.headshots, "
    "playtime = leaderboard_stats.playtime + excluded.playtime, wins = leaderboard_stats.wins + excluded.wins, "
    "loses = leaderboard_stats.loses + excluded.loses, "
    "rifle_kills = leaderboard_stats.rifle_kills + excluded.rifle_kills, "
    "awp_kills = leaderboard_stats.awp_kills + excluded.awp_kills, "
    "pistol_kills = leaderboard_stats.pistol_kills + excluded.pistol_kills, "
    "clutches = leaderboard_stats.clutches + excluded.clutches, "
    "clutchwins = leaderboard_stats.clutchwins + excluded.clutchwins, updated_at = excluded.updated_at";
const std::string kPlayersConflict =
    " ON CONFLICT (steam_id) DO UPDATE SET nickname = excluded.nickname, updated_at = excluded.updated_at";

// Writes one chunk inside the caller's transaction.
class ChunkWriter {
 public:
  virtual ~ChunkWriter() = default;
  virtual void write(Chunk& chunk) = 0;
};

// SQLite: prepared statements bound to vectors; SQLite steps them row by row in-process.
class SqliteWriter final : public ChunkWriter {
 public:
  SqliteWriter(soci::session& sql, std::int64_t now) {
    player_updated_.reserve(16384);
    players_ = std::make_unique<soci::statement>(
        (sql.prepare << "INSERT INTO leaderboard_players (steam_id, nickname, updated_at) "
                        "VALUES (:steam_id, :nickname, :updated_at)" +
                            kPlayersConflict,
         soci::use(player_ids_), soci::use(nicknames_), soci::use(player_updated_)));
    std::string values = ":board_id, :steam_id";
    for (int i = 0; i < kCounterCount; ++i) values += ", :c" + std::to_string(i);
    soci::details::prepare_temp_type prepare =
        (sql.prepare << "INSERT INTO leaderboard_stats (board_id, steam_id, " + std::string(kCounterColumns) +
                            ", updated_at) VALUES (" + values + ", :updated_at)" + kStatsConflict,
         soci::use(board_ids_), soci::use(steam_ids_));
    for (auto& column : counters_) prepare, soci::use(column);
    stats_ = std::make_unique<soci::statement>((prepare, soci::use(stats_updated_)));
    now_ = now;
  }

  void write(Chunk& chunk) override {
    if (!chunk.player_ids.empty()) {
      player_ids_.swap(chunk.player_ids);
      nicknames_.swap(chunk.nicknames);
      player_updated_.assign(player_ids_.size(), now_);
      players_->execute(true);
      player_ids_.swap(chunk.player_ids);
      nicknames_.swap(chunk.nicknames);
    }
    for (auto& board : chunk.boards) {
      if (board.steam_ids.empty()) continue;
      steam_ids_.swap(board.steam_ids);
      for (std::size_t i = 0; i < counters_.size(); ++i) counters_[i].swap(board.counters[i]);
      board_ids_.assign(steam_ids_.size(), board.board_id);
      stats_updated_.assign(steam_ids_.size(), now_);
      stats_->execute(true);
      steam_ids_.swap(board.steam_ids);
      for (std::size_t i = 0; i < counters_.size(); ++i) counters_[i].swap(board.counters[i]);
    }
  }

 private:
  long long now_ = 0;
  std::vector<std::string> player_ids_, nicknames_;
  std::vector<long long> player_updated_;
  std::vector<long long> board_ids_;
  std::vector<std::string> steam_ids_;
  std::array<std::vector<long long>, kCounterCount> counters_;
  std::vector<long long> stats_updated_;
  std::unique_ptr<soci::statement> players_, stats_;
};

// PostgreSQL: one round trip per table and chunk, the rows passed as array literals to unnest().
class PostgresWriter final : public ChunkWriter {
 public:
  PostgresWriter(soci::session& sql, std::int64_t now) : now_(now) {
    players_ = std::make_unique<soci::statement>(
        (sql.prepare << "INSERT INTO leaderboard_players (steam_id, nickname, updated_at) "
                        "SELECT s, n, :now FROM unnest(CAST(:ids AS text[]), CAST(:names AS text[])) AS t (s, n)" +
                            kPlayersConflict,
         soci::use(now_), soci::use(player_ids_), soci::use(nicknames_)));
    std::string columns = "b, s";
    std::string arrays = "CAST(:boards AS bigint[]), CAST(:steam_ids AS text[])";
    for (int i = 0; i < kCounterCount; ++i) {
      columns += ", c" + std::to_string(i);
      arrays += ", CAST(:c" + std::to_string(i) + " AS bigint[])";
    }
    soci::details::prepare_temp_type prepare =
        (sql.prepare << "INSERT INTO leaderboard_stats (board_id, steam_id, " + std::string(kCounterColumns) +
                            ", updated_at) SELECT " + columns + ", :now FROM unnest(" + arrays + ") AS t (" + columns +
                            ")" + kStatsConflict,
         soci::use(now_), soci::use(board_ids_), soci::use(steam_ids_));
    for (auto& column : counters_) prepare, soci::use(column);
    stats_ = std::make_unique<soci::statement>(prepare);
  }

  void write(Chunk& chunk) override {
    if (!chunk.player_ids.empty()) {
      player_ids_ = array_of(chunk.player_ids, false);
      nicknames_ = array_of(chunk.nicknames, true);
      players_->execute(true);
    }
    board_ids_ = "{";
    steam_ids_ = "{";
    for (auto& column : counters_) column = "{";
    bool first = true;
    for (const auto& board : chunk.boards) {
      const std::string board_id = std::to_string(board.board_id);
      for (std::size_t row = 0; row < board.steam_ids.size(); ++row) {
        const char* separator = first ? "" : ",";
        first = false;
        board_ids_ += separator + board_id;
        steam_ids_ += separator + board.steam_ids[row];
        for (std::size_t i = 0; i < counters_.size(); ++i) {
          counters_[i] += separator + std::to_string(board.counters[i][row]);
        }
      }
    }
    if (first) return;
    board_ids_ += "}";
    steam_ids_ += "}";
    for (auto& column : counters_) column += "}";
    stats_->execute(true);
  }

 private:
  // A PostgreSQL array literal; quoted elements escape '"' and '\'. SteamIDs are digits only.
  static std::string array_of(const std::vector<std::string>& items, bool quote) {
    std::string out = "{";
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (i > 0) out += ',';
      if (!quote) {
        out += items[i];
        continue;
      }
      out += '"';
      for (const char c : items[i]) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
      }
      out += '"';
    }
    return out + "}";
  }

  long long now_ = 0;
  std::string player_ids_, nicknames_;
  std::string board_ids_, steam_ids_;
  std::array<std::string, kCounterCount> counters_;
  std::unique_ptr<soci::statement> players_, stats_;
};

std::int64_t board_id_of(soci::session& sql, std::optional<std::int64_t> season_id, Mode mode) {
  const std::string mode_text(to_string(mode));
  long long id = 0;
  if (season_id) {
    const long long season = *season_id;
    sql << "SELECT id FROM leaderboard_boards WHERE season_id = :season_id AND mode = :mode", soci::use(season),
        soci::use(mode_text), soci::into(id);
  } else {
    sql << "SELECT id FROM leaderboard_boards WHERE season_id IS NULL AND mode = :mode", soci::use(mode_text),
        soci::into(id);
  }
  if (!sql.got_data()) {
    throw std::invalid_argument(season_id ? "season " + std::to_string(*season_id) + " does not exist (no " +
                                                mode_text + " board)"
                                          : "the all-time " + mode_text + " board is missing");
  }
  return id;
}

// SQLite settings of the seeding connection, restored after the run:
// - the page cache (2 MiB by default) grows, for the random inserts into the order index of a big board;
// - the WAL is checkpointed every 256 MiB instead of every 4 MiB. Each chunk dirties thousands of
//   pages of the order index (its rows land all over it) and appends them all to the WAL; checkpointing
//   after nearly every chunk copied the same hot pages to the database file again and again, and the
//   WAL, restarted at once, waited for its own pages still being written back (1M players: 51 s with
//   64 MiB, 33 s with 256 MiB). At the end the WAL is truncated again (best effort: a reader of the
//   running portal may hold it).
class SqliteTuning {
 public:
  SqliteTuning(soci::session& sql, db::Engine engine) : sql_(sql), active_(engine == db::Engine::sqlite) {
    if (!active_) return;
    sql_ << "PRAGMA cache_size", soci::into(cache_size_);
    sql_ << "PRAGMA wal_autocheckpoint", soci::into(autocheckpoint_);
    sql_ << "PRAGMA cache_size = " + std::to_string(kCacheSize);
    sql_ << "PRAGMA wal_autocheckpoint = " + std::to_string(kAutocheckpointPages);
  }
  ~SqliteTuning() {
    if (!active_) return;
    try {
      sql_ << "PRAGMA cache_size = " + std::to_string(cache_size_);
      sql_ << "PRAGMA wal_autocheckpoint = " + std::to_string(autocheckpoint_);
      // One row (busy, log pages, checkpointed pages); busy = 1 when a reader kept it from finishing.
      int busy = 0, log = 0, checkpointed = 0;
      sql_ << "PRAGMA wal_checkpoint(TRUNCATE)", soci::into(busy), soci::into(log), soci::into(checkpointed);
    } catch (...) {
      // The pooled connection keeps the larger settings; harmless.
    }
  }
  SqliteTuning(const SqliteTuning&) = delete;
  SqliteTuning& operator=(const SqliteTuning&) = delete;

 private:
  static constexpr long long kCacheSize = -262144;          // KiB: 256 MiB
  static constexpr long long kAutocheckpointPages = 65536;  // 256 MiB of 4 KiB pages
  soci::session& sql_;
  bool active_;
  long long cache_size_ = -2000;
  long long autocheckpoint_ = 1000;
};

template <typename T>
std::vector<T> unique_in_order(const std::vector<T>& items) {
  std::vector<T> out;
  for (const T& item : items) {
    if (std::find(out.begin(), out.end(), item) == out.end()) out.push_back(item);
  }
  return out;
}

}  // namespace

double SeedReport::rows_per_second() const {
  const double seconds = std::max(0.001, static_cast<double>(took.count()) / 1000.0);
  return static_cast<double>(rows()) / seconds;
}

SeedPlayer seeded_player(std::uint64_t random_seed, std::int64_t index) {
  return {generated_steam_id(random_seed, index), nickname_of(generated_key(random_seed, index))};
}

double seeded_skill(std::uint64_t random_seed, std::int64_t index) {
  return profile_of(generated_key(random_seed, index), false).skill;
}

SeedReport seed_leaderboard(db::Database& database, const SeedOptions& options, std::int64_t now) {
  const auto started = std::chrono::steady_clock::now();
  const std::vector<Mode> modes = unique_in_order(options.modes);
  const std::vector<std::int64_t> seasons = unique_in_order(options.season_ids);
  if (modes.empty()) throw std::invalid_argument("no mode to seed");
  if (seasons.empty() && !options.all_time) throw std::invalid_argument("no board to seed: no season and no all time");
  if (options.players < 0 || options.players > kMaxPlayers) {
    throw std::invalid_argument("players must be between 0 and " + std::to_string(kMaxPlayers));
  }
  const std::size_t chunk_rows = std::max<std::size_t>(options.chunk_rows, 1);
  const db::Engine engine = database.engine();

  return database.with_session([&](soci::session& sql) {
    SqliteTuning tuning(sql, engine);
    // Boards: chunk.boards[m * (seasons + 1) + s], s == seasons for all time.
    Chunk chunk;
    const std::size_t per_mode = seasons.size() + 1;
    chunk.boards.resize(modes.size() * per_mode);
    for (std::size_t m = 0; m < modes.size(); ++m) {
      for (std::size_t s = 0; s < seasons.size(); ++s) chunk.boards[m * per_mode + s].board_id = board_id_of(sql, seasons[s], modes[m]);
      if (options.all_time) chunk.boards[m * per_mode + seasons.size()].board_id = board_id_of(sql, std::nullopt, modes[m]);
    }
    std::vector<bool> touched(chunk.boards.size(), false);

    std::unique_ptr<ChunkWriter> writer;
    if (engine == db::Engine::sqlite) {
      writer = std::make_unique<SqliteWriter>(sql, now);
    } else {
      writer = std::make_unique<PostgresWriter>(sql, now);
    }
    long long dirty_board = 0;
    const long long changed_at = now;
    soci::statement mark_dirty =
        (sql.prepare << "UPDATE leaderboard_boards SET dirty = 1, changed_at = :changed_at WHERE id = :id",
         soci::use(changed_at), soci::use(dirty_board));

    SeedReport report;
    auto flush = [&] {
      if (chunk.rows() == 0) return;
      const auto lock_taken = std::chrono::steady_clock::now();
      db::write_transaction(sql, engine, [&] {
        writer->write(chunk);
        for (const auto& board : chunk.boards) {
          if (board.steam_ids.empty()) continue;
          dirty_board = board.board_id;
          mark_dirty.execute(true);
        }
      });
      const auto held = std::chrono::steady_clock::now() - lock_taken;
      for (std::size_t i = 0; i < chunk.boards.size(); ++i) touched[i] = touched[i] || !chunk.boards[i].steam_ids.empty();
      report.players += static_cast<std::int64_t>(chunk.player_ids.size());
      report.player_rows += static_cast<std::int64_t>(chunk.player_ids.size());
      report.stats_rows += static_cast<std::int64_t>(chunk.stats_rows);
      ++report.transactions;
      chunk.clear();
      report.took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
      if (options.on_chunk) options.on_chunk(report);
      if (engine == db::Engine::sqlite && options.sqlite_pause.count() > 0) {
        std::this_thread::sleep_for(std::max<std::chrono::steady_clock::duration>(options.sqlite_pause, held / 5));
      }
    };

    auto seed_player = [&](const std::string& steam_id, const std::string& nickname, const Profile& profile, bool named) {
      const auto shares = modes_played(profile, modes, named);
      const auto played = seasons_played(profile, seasons.size(), named);
      bool any = false;
      for (const auto& share : shares) {
        const std::size_t m = static_cast<std::size_t>(std::find(modes.begin(), modes.end(), share.mode) - modes.begin());
        Counters total;
        for (std::size_t s = 0; s < seasons.size(); ++s) {
          if (!played[s]) continue;
          const Counters c = counters_of(profile, share.mode, share.weight, seasons[s]);
          chunk.boards[m * per_mode + s].add(steam_id, c);
          ++chunk.stats_rows;
          total += c;
          any = true;
        }
        if (!options.all_time) continue;
        if (seasons.empty()) total = counters_of(profile, share.mode, share.weight, 0);
        chunk.boards[m * per_mode + seasons.size()].add(steam_id, total);
        ++chunk.stats_rows;
        any = true;
      }
      if (!any) return;
      chunk.player_ids.push_back(steam_id);
      chunk.nicknames.push_back(nickname);
      if (chunk.rows() >= chunk_rows) flush();
    };

    std::unordered_set<std::string> named_ids;
    for (const auto& player : options.named_players) {
      if (!named_ids.insert(player.steam_id).second) continue;
      seed_player(player.steam_id, player.nickname, profile_of(mix(options.random_seed, hash_text(player.steam_id)), true), true);
    }
    for (std::int64_t index = 0; index < options.players; ++index) {
      const std::string steam_id = generated_steam_id(options.random_seed, index);
      if (!named_ids.empty() && named_ids.contains(steam_id)) continue;
      const std::uint64_t key = generated_key(options.random_seed, index);
      seed_player(steam_id, nickname_of(key), profile_of(key, false), false);
    }
    flush();

    for (std::size_t i = 0; i < chunk.boards.size(); ++i) {
      if (touched[i]) report.boards.push_back(chunk.boards[i].board_id);
    }
    std::sort(report.boards.begin(), report.boards.end());
    report.took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
    return report;
  });
}

}  // namespace portal::leaderboard
