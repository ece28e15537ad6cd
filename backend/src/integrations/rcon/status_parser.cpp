#include "integrations/rcon/status_parser.hpp"

#include <charconv>
#include <optional>

namespace portal::rcon {

namespace {

// Row shapes seen in the wild (sources cited in status_parser_test.cpp):
//     2    01:02:03   14    0     active 786432 127.0.0.1:27005 'PlayerName'
//     0      BOT    0    0     active      0 'Solman'                       (no adr column)
// 65535 [NoChan]    0    0 challenging      0unknown ''                     (rate glued to adr)
// 65280    00:09   75    0   spawning 786432 'Ramiirez'                     (client console, no adr)
//     0    06:53   35    0     active 786432 [U:1:123456789] 'nickname'
// The five leading columns are fixed; after them come rate and an optional adr, neither of which
// can contain a quote, so the name runs from the first quote after the state to the line's last.
constexpr std::string_view kPlayersMarker = "---------players--------";
constexpr std::string_view kNoChannelId = "65535";

std::string_view trim(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t\r");
  return text.substr(first, last - first + 1);
}

// The client console prefixes every line with its channel, e.g. "[Client] ".
std::string_view strip_channel(std::string_view line) {
  line = trim(line);
  for (std::string_view prefix : {"[Client]", "[Server]"}) {
    if (line.substr(0, prefix.size()) == prefix) return trim(line.substr(prefix.size()));
  }
  return line;
}

// Splits off the next whitespace-separated token.
std::string_view take_token(std::string_view& rest) {
  rest = trim(rest);
  const auto end = rest.find_first_of(" \t");
  const std::string_view token = rest.substr(0, end);
  rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end);
  return token;
}

template <class Int>
std::optional<Int> to_int(std::string_view token) {
  Int value{};
  const auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), value);
  if (error != std::errc{} || end != token.data() + token.size() || token.empty()) return std::nullopt;
  return value;
}

// "17:02" (mm:ss) or "01:02:03" / "1:48:14" (h:mm:ss).
std::optional<std::int64_t> to_seconds(std::string_view token) {
  std::int64_t total = 0;
  int parts = 0;
  while (!token.empty()) {
    const auto colon = token.find(':');
    const auto value = to_int<std::int64_t>(token.substr(0, colon));
    if (!value || *value < 0 || *value > 1'000'000) return std::nullopt;
    total = total * 60 + *value;
    ++parts;
    if (colon == std::string_view::npos) break;
    token.remove_prefix(colon + 1);
    if (token.empty()) return std::nullopt;
  }
  if (parts < 2 || parts > 3) return std::nullopt;
  return total;
}

bool is_word(std::string_view token) {
  if (token.empty()) return false;
  for (char c : token) {
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_')) return false;
  }
  return true;
}

std::optional<StatusPlayer> parse_row(std::string_view line) {
  const auto quote_end = line.rfind('\'');
  std::string_view rest = line;
  const std::string_view id = take_token(rest);
  const std::string_view time = take_token(rest);
  const std::string_view ping = take_token(rest);
  const std::string_view loss = take_token(rest);
  const std::string_view state = take_token(rest);
  if (!to_int<std::uint32_t>(id) || !to_int<int>(ping) || !to_int<int>(loss) || !is_word(state)) return std::nullopt;
  if (id == kNoChannelId || time == "[NoChan]") return std::nullopt;  // an empty slot, not a player

  // `rest` is a suffix of `line`: find the opening quote of the name inside it.
  const auto quote_start_in_rest = rest.find('\'');
  if (quote_start_in_rest == std::string_view::npos || quote_end == std::string_view::npos) return std::nullopt;
  const auto quote_start = line.size() - rest.size() + quote_start_in_rest;
  if (quote_end <= quote_start) return std::nullopt;

  StatusPlayer player;
  player.name = std::string(line.substr(quote_start + 1, quote_end - quote_start - 1));
  player.ping = *to_int<int>(ping);
  player.state = std::string(state);
  if (time == "BOT") {
    player.bot = true;
  } else if (const auto seconds = to_seconds(time)) {
    player.connected_s = *seconds;
  } else {
    return std::nullopt;
  }
  return player;
}

}  // namespace

std::vector<StatusPlayer> parse_status(std::string_view text) {
  std::vector<StatusPlayer> players;
  bool in_players = false;
  while (!text.empty()) {
    const auto newline = text.find('\n');
    const std::string_view raw = text.substr(0, newline);
    text = newline == std::string_view::npos ? std::string_view{} : text.substr(newline + 1);

    const std::string_view line = strip_channel(raw);
    if (!in_players) {
      in_players = line.find(kPlayersMarker) != std::string_view::npos;
      continue;
    }
    if (line == "#end") break;
    // Other sections ("---------spawngroups----") may follow without an #end in between.
    if (line.substr(0, 9) == "---------") break;
    if (auto player = parse_row(line)) players.push_back(std::move(*player));
  }
  return players;
}

}  // namespace portal::rcon
