#include "features/pracc/game_console.hpp"

#include <fmt/format.h>

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

core::Status check_admins_reply(std::string_view reply, std::size_t admins) {
  const std::string expected = fmt::format("Portal admins set: {}", admins);
  for (std::string_view rest = reply; !rest.empty();) {
    const auto end = rest.find('\n');
    std::string_view line = rest.substr(0, end);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
    if (line == expected) return core::Ok{};
    if (end == std::string_view::npos) break;
    rest.remove_prefix(end + 1);
  }
  std::string said(reply.substr(0, std::min<std::size_t>(reply.find('\n'), 120)));
  return core::Error::make(core::ErrorKind::unavailable, "ADMINS_NOT_APPLIED",
                           "the server did not apply the admins: " + (said.empty() ? "no answer" : "\"" + said + "\""));
}

}  // namespace portal::pracc
