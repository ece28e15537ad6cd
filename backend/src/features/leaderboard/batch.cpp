#include "features/leaderboard/batch.hpp"

#include "core/crypto.hpp"
#include "core/steam_id.hpp"

#include <algorithm>
#include <array>
#include <set>
#include <string_view>

namespace portal::leaderboard {

namespace {

using Field = std::int64_t Counters::*;

struct CounterField {
  std::string_view name;
  Field field;
  std::int64_t max;
};

constexpr std::array<CounterField, 11> kCounterFields{{
    {"kills", &Counters::kills, kMaxKillsPerBatch},
    {"deaths", &Counters::deaths, kMaxKillsPerBatch},
    {"headshots", &Counters::headshots, kMaxKillsPerBatch},
    {"playtime", &Counters::playtime, kMaxPlaytimePerBatch},
    {"wins", &Counters::wins, kMaxRoundsPerBatch},
    {"loses", &Counters::loses, kMaxRoundsPerBatch},
    {"rifle_kills", &Counters::rifle_kills, kMaxKillsPerBatch},
    {"awp_kills", &Counters::awp_kills, kMaxKillsPerBatch},
    {"pistol_kills", &Counters::pistol_kills, kMaxKillsPerBatch},
    {"clutches", &Counters::clutches, kMaxRoundsPerBatch},
    {"clutchwins", &Counters::clutchwins, kMaxRoundsPerBatch},
}};

bool is_batch_id(std::string_view id) {
  if (id.empty() || id.size() > kMaxBatchIdLength) return false;
  for (const char c : id) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                    c == '_' || c == ':' || c == '-';
    if (!ok) return false;
  }
  return true;
}

// Well-formed UTF-8 (no overlongs, surrogates or values past U+10FFFF) without C0/C1 controls or DEL.
bool is_clean_utf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto byte = static_cast<unsigned char>(text[i]);
    std::size_t length = 0;
    char32_t code = 0;
    if (byte < 0x80) {
      length = 1;
      code = byte;
    } else if ((byte & 0xE0) == 0xC0) {
      length = 2;
      code = byte & 0x1F;
    } else if ((byte & 0xF0) == 0xE0) {
      length = 3;
      code = byte & 0x0F;
    } else if ((byte & 0xF8) == 0xF0) {
      length = 4;
      code = byte & 0x07;
    } else {
      return false;
    }
    if (i + length > text.size()) return false;
    for (std::size_t k = 1; k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      if ((next & 0xC0) != 0x80) return false;
      code = (code << 6) | (next & 0x3F);
    }
    constexpr std::array<char32_t, 5> kSmallest{0, 0, 0x80, 0x800, 0x10000};
    if (code < kSmallest[length] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return false;
    if (code < 0x20 || (code >= 0x7F && code <= 0x9F)) return false;
    i += length;
  }
  return true;
}

core::Result<BatchPlayer> parse_player(const boost::json::value& value, const std::string& where) {
  if (!value.is_object()) return core::validation_failed(where, where + " must be an object");
  const auto& object = value.as_object();
  BatchPlayer player;
  for (const auto& [key, field_value] : object) {
    const std::string field = where + "." + std::string(key);
    if (key == "steamid") {
      if (!field_value.is_string() || !core::is_steam_id64(std::string_view(field_value.as_string()))) {
        return core::validation_failed(field, field + " must be a SteamID64 (17 digits)");
      }
      player.steam_id = std::string(field_value.as_string());
      continue;
    }
    if (key == "nickname") {
      if (field_value.is_null()) continue;
      if (!field_value.is_string()) return core::validation_failed(field, field + " must be a string");
      const std::string_view nickname = field_value.as_string();
      if (nickname.size() > kMaxNicknameBytes || !is_clean_utf8(nickname)) {
        return core::validation_failed(field, field + " must be at most 64 bytes of UTF-8 without control characters");
      }
      player.nickname = std::string(nickname);
      continue;
    }
    const std::string_view name = key;  // clang before 16 cannot capture a structured binding
    const auto counter = std::find_if(kCounterFields.begin(), kCounterFields.end(),
                                      [name](const CounterField& f) { return f.name == name; });
    if (counter == kCounterFields.end()) return core::validation_failed(field, "unknown field " + field);
    std::int64_t n = 0;
    if (const auto* signed_number = field_value.if_int64()) {
      n = *signed_number;
    } else if (const auto* unsigned_number = field_value.if_uint64()) {
      n = *unsigned_number > static_cast<std::uint64_t>(counter->max) ? counter->max + 1
                                                                      : static_cast<std::int64_t>(*unsigned_number);
    } else {
      return core::validation_failed(field, field + " must be a whole number");
    }
    if (n < 0) return core::validation_failed(field, field + " must not be negative");
    if (n > counter->max) {
      return core::validation_failed(field, field + " must be at most " + std::to_string(counter->max) + " per batch");
    }
    player.counters.*(counter->field) = n;
  }
  if (player.steam_id.empty()) return core::validation_failed(where + ".steamid", where + ".steamid is required");
  const auto& c = player.counters;
  if (c.headshots > c.kills)
    return core::validation_failed(where + ".headshots", where + ".headshots must not exceed the kills");
  if (c.rifle_kills + c.awp_kills + c.pistol_kills > c.kills) {
    return core::validation_failed(where + ".rifle_kills",
                                   where + ": rifle, AWP and pistol kills together must not exceed the kills");
  }
  if (c.clutchwins > c.clutches) {
    return core::validation_failed(where + ".clutchwins", where + ".clutchwins must not exceed the clutches");
  }
  return player;
}

}  // namespace

core::Result<StatsBatch> parse_batch(const boost::json::object& body) {
  StatsBatch batch;
  for (const auto& [key, value] : body) {
    if (key != "batchId" && key != "mode" && key != "players")
      return core::validation_failed(key, "unknown field " + std::string(key));
  }
  const auto* id = body.if_contains("batchId");
  if (!id || !id->is_string() || !is_batch_id(id->as_string())) {
    return core::validation_failed("batchId", "batchId must be 1-64 characters of letters, digits and . _ : -");
  }
  batch.batch_id = std::string(id->as_string());
  const auto* mode = body.if_contains("mode");
  const auto parsed_mode = mode && mode->is_string() ? mode_from_string(mode->as_string()) : std::nullopt;
  if (!parsed_mode) return core::validation_failed("mode", "mode must be one of dm, dm-pistol, solo, retakes");
  batch.mode = *parsed_mode;
  const auto* players = body.if_contains("players");
  if (!players || !players->is_array() || players->as_array().empty() ||
      players->as_array().size() > kMaxBatchPlayers) {
    return core::validation_failed("players", "players must be a list of 1 to 128 players");
  }
  std::set<std::string, std::less<>> seen;
  std::size_t index = 0;
  for (const auto& value : players->as_array()) {
    auto player = parse_player(value, "players[" + std::to_string(index++) + "]");
    if (!player) return player.error();
    if (!seen.insert(player->steam_id).second) {
      return core::validation_failed("players[" + std::to_string(index - 1) + "].steamid",
                                     "a player may appear once per batch");
    }
    batch.players.push_back(std::move(*player));
  }
  return batch;
}

std::string content_hash(const StatsBatch& batch) {
  std::string text(to_string(batch.mode));
  for (const auto& player : batch.players) {
    text += "|" + player.steam_id + "|" +
            (player.nickname ? std::to_string(player.nickname->size()) + ":" + *player.nickname : std::string("-"));
    for (const auto& field : kCounterFields) text += "," + std::to_string(player.counters.*(field.field));
  }
  return core::sha256_hex(text);
}

}  // namespace portal::leaderboard
