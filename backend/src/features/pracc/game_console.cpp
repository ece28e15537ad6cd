#include "features/pracc/game_console.hpp"

namespace portal::pracc {

// Values are checked before they get here (letters and digits; SteamID64s); the quotes keep the
// console from splitting a value anyway.
std::string password_command(const std::string& password) { return "sv_password \"" + password + "\""; }

std::string admins_command(const std::vector<ServerAdmin>& admins) {
  std::string ids;
  for (const auto& admin : admins) {
    if (!ids.empty()) ids += ',';
    ids += admin.steam_id;
  }
  return "css_portal_admins " + ids;
}

std::string warning_command(const std::string& text) {
  std::string clean;
  for (char c : text) clean += (c == '"' || c == ';' || c == '\n' || c == '\r') ? ' ' : c;
  return "say \"" + clean + "\"";
}

}  // namespace portal::pracc
