#pragma once
// The four leaderboard modes and their names in URLs, payloads and the database.

#include <array>
#include <optional>
#include <string_view>

namespace portal::leaderboard {

enum class Mode { dm, dm_pistol, solo, retakes };

inline constexpr std::array<Mode, 4> kModes{Mode::dm, Mode::dm_pistol, Mode::solo, Mode::retakes};

constexpr std::string_view to_string(Mode mode) {
  switch (mode) {
    case Mode::dm:
      return "dm";
    case Mode::dm_pistol:
      return "dm-pistol";
    case Mode::solo:
      return "solo";
    case Mode::retakes:
      return "retakes";
  }
  return "dm";
}

constexpr std::optional<Mode> mode_from_string(std::string_view text) {
  for (const Mode mode : kModes) {
    if (to_string(mode) == text) return mode;
  }
  return std::nullopt;
}

}  // namespace portal::leaderboard
