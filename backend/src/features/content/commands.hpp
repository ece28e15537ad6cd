#pragma once
// The in-game chat command list (spec 001 §2.2, §3): the commands of the community's CS2 server
// plugins (MatchZy, CS2-SimpleAdmin) with descriptions in English and Chinese, a frequent flag (the
// practice page's common-commands panel) and a type. The catalogue is product content seeded by
// migration 0007; this is the search over it. Knows nothing of HTTP.
//
// Errors: VALIDATION_FAILED (422, details.field q, type or frequent).

#include "core/result.hpp"
#include "db/database.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace portal::content {

enum class CommandType { match, practice, admin };  // the list's order

std::string_view to_string(CommandType type);  // "Match", "Practice", "Admin"
std::optional<CommandType> command_type_from_string(std::string_view text);

struct ChatCommand {
  std::int64_t id = 0;
  std::string command;  // what to type, with <required> and [optional] arguments
  CommandType type = CommandType::match;
  std::string description_en;
  std::string description_zh;
  bool frequent = false;
};

inline constexpr std::size_t kMaxCommandQueryChars = 64;

class CommandRepository {
 public:
  explicit CommandRepository(db::Database& database) : database_(database) {}
  // By type (Match, Practice, Admin), then the catalogue order.
  std::vector<ChatCommand> all() const;

 private:
  db::Database& database_;
};

class CommandService {
 public:
  explicit CommandService(db::Database& database) : repository_(database) {}

  // The catalogue in its order, filtered. Each filter is the raw query value, nullopt when absent:
  // q is trimmed, at most 64 characters, and matches a case-insensitive substring of the command or
  // of either description (empty: no filter); type is Match, Practice or Admin; frequent is true or
  // false.
  core::Result<std::vector<ChatCommand>> search(std::optional<std::string_view> q, std::optional<std::string_view> type,
                                                std::optional<std::string_view> frequent) const;

 private:
  CommandRepository repository_;
};

}  // namespace portal::content
