#include "features/content/commands.hpp"

#include "core/utf8.hpp"
#include "db/row.hpp"

#include <stdexcept>

namespace portal::content {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}

// ASCII letters fold; other bytes (Chinese text) compare as they are.
std::string folded(std::string_view text) {
  std::string out(text);
  for (auto& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

bool matches(const ChatCommand& command, const std::string& needle) {
  for (const std::string* text : {&command.command, &command.description_en, &command.description_zh}) {
    if (folded(*text).find(needle) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

std::string_view to_string(CommandType type) {
  switch (type) {
    case CommandType::match:
      return "Match";
    case CommandType::practice:
      return "Practice";
    case CommandType::admin:
      return "Admin";
  }
  return "Match";
}

std::optional<CommandType> command_type_from_string(std::string_view text) {
  for (const auto type : {CommandType::match, CommandType::practice, CommandType::admin}) {
    if (text == to_string(type)) return type;
  }
  return std::nullopt;
}

std::vector<ChatCommand> CommandRepository::all() const {
  return database_.with_session([](soci::session& sql) {
    std::vector<ChatCommand> out;
    soci::rowset<soci::row> rows =
        sql.prepare << "SELECT id, command, type, description_en, description_zh, is_frequent FROM chat_commands "
                       "ORDER BY CASE type WHEN 'Match' THEN 0 WHEN 'Practice' THEN 1 ELSE 2 END, sort_order, id";
    for (const auto& row : rows) {
      const std::string type_text = db::row_string(row, 2);
      const auto type = command_type_from_string(type_text);
      // The table's CHECK allows only the three types.
      if (!type) throw std::runtime_error("chat_commands holds an unknown type: " + type_text);
      out.push_back(ChatCommand{db::row_int64(row, 0), db::row_string(row, 1), *type, db::row_string(row, 3),
                                db::row_string(row, 4), db::row_int64(row, 5) != 0});
    }
    return out;
  });
}

core::Result<std::vector<ChatCommand>> CommandService::search(std::optional<std::string_view> q,
                                                              std::optional<std::string_view> type,
                                                              std::optional<std::string_view> frequent) const {
  std::string needle;
  if (q) {
    const std::string_view text = trimmed(*q);
    const auto length = core::utf8_length(text);
    if (!length) return core::validation_failed("q", "q must be UTF-8 text");
    if (*length > kMaxCommandQueryChars) {
      return core::validation_failed("q", "q must be at most " + std::to_string(kMaxCommandQueryChars) + " characters");
    }
    needle = folded(text);
  }
  std::optional<CommandType> only_type;
  if (type) {
    only_type = command_type_from_string(*type);
    if (!only_type) return core::validation_failed("type", "type must be Match, Practice or Admin");
  }
  std::optional<bool> only_frequent;
  if (frequent) {
    if (*frequent != "true" && *frequent != "false")
      return core::validation_failed("frequent", "frequent must be true or false");
    only_frequent = *frequent == "true";
  }
  std::vector<ChatCommand> out;
  for (auto& command : repository_.all()) {
    if (only_type && command.type != *only_type) continue;
    if (only_frequent && command.frequent != *only_frequent) continue;
    if (!needle.empty() && !matches(command, needle)) continue;
    out.push_back(std::move(command));
  }
  return out;
}

}  // namespace portal::content
