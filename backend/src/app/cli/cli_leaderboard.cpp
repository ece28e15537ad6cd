#include "app/cli/cli_leaderboard.hpp"

#include "app/cli/cli_output.hpp"
#include "app/config/config.hpp"
#include "app/cli/prologue.hpp"
#include "core/clock.hpp"
#include "app/wiring/leaderboards.hpp"
#include "features/auth/membership.hpp"
#include "features/auth/membership_service.hpp"
#include "features/leaderboard/standings.hpp"
#include "features/leaderboard/seasons.hpp"
#include "features/leaderboard/seeder.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <charconv>
#include <chrono>
#include <cstdio>
#include <map>
#include <string>

namespace portal::app {

namespace {

std::string end_text(const leaderboard::Season& season) {
  return season.ends_at ? auth::business_date(*season.ends_at) : "open";
}

// "dm, S1 2026" or "dm, all time" for each board id.
std::map<std::int64_t, std::string> board_labels(leaderboard::SeasonRepository& repository) {
  std::map<std::int64_t, std::string> names;
  for (const auto& season : repository.list()) names[season.id] = season.name;
  std::map<std::int64_t, std::string> out;
  for (const auto& board : repository.boards()) {
    const std::string scope = board.season_id ? names[*board.season_id] : "all time";
    out[board.id] = fmt::format("{}, {}", leaderboard::to_string(board.mode), scope);
  }
  return out;
}

// Loads every board's order the way a serving instance does at start, and says what it took.
void print_standings(db::Database& database, auth::MembershipService& memberships,
                     leaderboard::SeasonRepository& repository) {
  leaderboard::Standings standings(database, member_groups_of(memberships));
  const auto report = standings.follow();
  const auto labels = board_labels(repository);
  std::size_t total_bytes = 0;
  for (const auto& board : standings.sizes()) {
    const auto label = labels.find(board.board_id);
    cli_out(fmt::format("board {} ({}): {} players, {:.1f} MB in memory, {} changes not folded yet\n", board.board_id,
                        label != labels.end() ? label->second : "?", board.players,
                        static_cast<double>(board.memory_bytes) / 1e6, board.unfolded));
    total_bytes += board.memory_bytes;
  }
  cli_out(fmt::format("loaded in {} ms through change {}; {:.1f} MB of orders in all\n", report.took.count(),
                      report.seq, static_cast<double>(total_bytes) / 1e6));
}

constexpr const char* kSeasonFormat = "{:>4}  {:<24}  {:<13}  {:<11}  {:>9}  {:>9}  {:>9}  {:>9}\n";

}  // namespace

struct LeaderboardCommands::State {
  CLI::App *seasons = nullptr, *add = nullptr, *close = nullptr, *list = nullptr;
  CLI::App* seed = nullptr;
  CLI::App *leaderboard = nullptr, *standings = nullptr;
  CommonOptions common;
  // seasons
  std::string name;
  std::optional<std::string> start;
  std::int64_t id = 0;
  // seed-leaderboard
  std::int64_t players = 0;
  std::vector<std::string> modes;
  std::vector<std::string> season_args;
  bool no_all_time = false;
  std::uint64_t random_seed = 1;
  std::size_t chunk_rows = 10000;
};

LeaderboardCommands::LeaderboardCommands(CLI::App& cli) : state_(std::make_unique<State>()) {
  auto& s = *state_;
  s.seasons = cli.add_subcommand("seasons", "Manage leaderboard seasons");
  s.seed = cli.add_subcommand("seed-leaderboard", "Add synthetic players with realistic stats (demos, load tests)");
  s.leaderboard = cli.add_subcommand("leaderboard", "Leaderboard maintenance");
  for (auto* group : {s.seasons, s.seed, s.leaderboard}) {
    add_common_options(*group, s.common);
  }
  s.seasons->require_subcommand(1);
  s.leaderboard->require_subcommand(1);

  s.add =
      s.seasons->add_subcommand("add", "Add a season and make it the open one (closes the open season at its start)");
  s.add->add_option("name", s.name, "Season name, 1-32 characters, e.g. \"S2 2026\"")->required();
  s.add->add_option("--start", s.start, "First day, YYYY-MM-DD in GMT+8 (default: now)");
  s.close = s.seasons->add_subcommand("close", "End the open season now");
  s.close->add_option("id", s.id, "Season id (see list)")->required();
  s.list = s.seasons->add_subcommand("list", "List seasons, newest first, with players per mode");

  s.seed->add_option("--players", s.players, "Players to generate (1-100000000)")->required();
  s.seed->add_option("--mode", s.modes, "Mode to fill: dm, dm-pistol, solo, retakes (repeatable; default: all)");
  s.seed->add_option("--season", s.season_args, "Season id to fill, or 'current' (repeatable; default: none)");
  s.seed->add_flag("--no-all-time", s.no_all_time, "Leave the all-time boards alone");
  s.seed->add_option("--seed", s.random_seed, "Random seed: the same seed makes the same players (default 1)");
  s.seed->add_option("--chunk-rows", s.chunk_rows, "Rows per write transaction (default 10000)")
      ->check(CLI::Range(std::size_t{100}, std::size_t{1'000'000}));

  s.standings = s.leaderboard->add_subcommand(
      "standings", "Load every board's order as a serving instance does, and print its size, memory and load time");
}

LeaderboardCommands::~LeaderboardCommands() = default;

std::optional<int> LeaderboardCommands::run() {
  auto& s = *state_;
  if (!*s.seasons && !*s.seed && !*s.leaderboard) return std::nullopt;

  // Checks that need no database first.
  std::optional<std::int64_t> starts_at;
  if (*s.add && s.start) {
    starts_at = core::business_midnight(*s.start);
    if (!starts_at) return cli_fail("--start must be a date YYYY-MM-DD (GMT+8), got '" + *s.start + "'");
  }
  leaderboard::SeedOptions seed;
  if (*s.seed) {
    if (s.players < 1 || s.players > 100'000'000) {
      return cli_fail("--players must be between 1 and 100000000, got " + std::to_string(s.players));
    }
    seed.players = s.players;
    seed.all_time = !s.no_all_time;
    seed.random_seed = s.random_seed;
    seed.chunk_rows = s.chunk_rows;
    if (!s.modes.empty()) {
      seed.modes.clear();
      for (const auto& text : s.modes) {
        const auto mode = leaderboard::mode_from_string(text);
        if (!mode) return cli_fail("unknown mode '" + text + "': expected dm, dm-pistol, solo or retakes");
        seed.modes.push_back(*mode);
      }
    }
    if (s.season_args.empty() && s.no_all_time) {
      return cli_fail("nothing to seed: --no-all-time needs at least one --season");
    }
  }

  const Config config = load_command_config(s.common);
  const auto opened = open_migrated_database(config, 2);
  db::Database& database = *opened;
  leaderboard::SeasonRepository repository(database);
  leaderboard::Seasons seasons(repository, core::system_unix_now);

  if (*s.add) {
    const std::int64_t now = core::system_unix_now();
    const auto open = seasons.current();
    auto added = seasons.add(s.name, starts_at.value_or(now), kCliActor);
    if (!added) return cli_fail(added.error());
    cli_out(fmt::format("season {} '{}' added, open from {} (GMT+8)\n", added->id, added->name,
                        auth::business_date(added->starts_at)));
    if (open) {
      cli_out(fmt::format("season {} '{}' closed at {} (GMT+8)\n", open->id, open->name,
                          auth::business_date(added->starts_at)));
    }
    return 0;
  }
  if (*s.close) {
    auto closed = seasons.close(s.id, core::system_unix_now(), kCliActor);
    if (!closed) return cli_fail(closed.error());
    cli_out(fmt::format("season {} '{}' closed at {} (GMT+8)\n", closed->id, closed->name, end_text(*closed)));
    return 0;
  }
  if (*s.list) {
    std::map<std::pair<std::int64_t, leaderboard::Mode>, std::int64_t> players;
    std::map<leaderboard::Mode, std::int64_t> all_time;
    for (const auto& board : repository.boards()) {
      if (board.season_id) {
        players[{*board.season_id, board.mode}] = board.players;
      } else {
        all_time[board.mode] = board.players;
      }
    }
    cli_out(fmt::format(fmt::runtime(kSeasonFormat), "id", "name", "start (GMT+8)", "end (GMT+8)", "dm", "dm-pistol",
                        "solo", "retakes"));
    for (const auto& season : seasons.list()) {
      auto count = [&](leaderboard::Mode mode) { return players[{season.id, mode}]; };
      cli_out(fmt::format(fmt::runtime(kSeasonFormat), season.id, season.name, auth::business_date(season.starts_at),
                          end_text(season), count(leaderboard::Mode::dm), count(leaderboard::Mode::dm_pistol),
                          count(leaderboard::Mode::solo), count(leaderboard::Mode::retakes)));
    }
    cli_out(fmt::format(fmt::runtime(kSeasonFormat), "-", "all time", "", "", all_time[leaderboard::Mode::dm],
                        all_time[leaderboard::Mode::dm_pistol], all_time[leaderboard::Mode::solo],
                        all_time[leaderboard::Mode::retakes]));
    return 0;
  }
  auth::MembershipRepository membership_repository(database);
  auth::MembershipService memberships(membership_repository, core::system_unix_now);
  if (*s.standings) {
    print_standings(database, memberships, repository);
    return 0;
  }

  // seed-leaderboard
  for (const auto& text : s.season_args) {
    if (text == "current") {
      const auto open = seasons.current();
      if (!open) return cli_fail("--season current: no season is open (add one with `portal seasons add`)");
      seed.season_ids.push_back(open->id);
      continue;
    }
    std::int64_t id = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), id);
    if (error != std::errc() || end != text.data() + text.size() || id < 1) {
      return cli_fail("--season must be a season id or 'current', got '" + text + "'");
    }
    if (!seasons.find(id)) return cli_fail("season " + std::to_string(id) + " does not exist (SEASON_NOT_FOUND)");
    seed.season_ids.push_back(id);
  }
  auto last_progress = std::chrono::steady_clock::now();
  seed.on_chunk = [&](const leaderboard::SeedReport& so_far) {
    const auto now = std::chrono::steady_clock::now();
    if (now - last_progress < std::chrono::seconds(5)) return;
    last_progress = now;
    std::fprintf(stderr, "... %lld players, %lld rows (%.0f rows/s)\n", static_cast<long long>(so_far.players),
                 static_cast<long long>(so_far.rows()), so_far.rows_per_second());
  };
  const auto report = leaderboard::seed_leaderboard(database, seed, core::system_unix_now());
  cli_out(
      fmt::format("seeded {} players: {} stats rows and {} player rows on {} board(s) in {:.1f} s, {} transactions "
                  "({:.0f} rows/s)\n",
                  report.players, report.stats_rows, report.player_rows, report.boards.size(),
                  static_cast<double>(report.took.count()) / 1000.0, report.transactions, report.rows_per_second()));
  return 0;
}

}  // namespace portal::app
