#include "sim/cs2/sim_rcon.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>

namespace portal::sim {
namespace {

std::string_view trim(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t\r\n");
  return text.substr(first, last - first + 1);
}

// The console accepts both `sv_password abc` and `sv_password "abc"`.
std::string unquote(std::string_view value) {
  value = trim(value);
  if (value.size() >= 2 && value.front() == '"' && value.back() == '"') value = value.substr(1, value.size() - 2);
  return std::string(value);
}

// Under an hour "MM:SS", else "HH:MM:SS", as CS2 prints connection times.
std::string connected_time(std::chrono::milliseconds connected) {
  const auto total = std::max<long long>(0, std::chrono::duration_cast<std::chrono::seconds>(connected).count());
  if (total < 3600) return fmt::format("{:02}:{:02}", total / 60, total % 60);
  return fmt::format("{:02}:{:02}:{:02}", total / 3600, total / 60 % 60, total % 60);
}

bool is_steam_id64(std::string_view text) {
  return text.size() == 17 && text.starts_with("7656119") &&
         text.find_first_not_of("0123456789") == std::string_view::npos;
}

// The first word of an argument list ("76561198000000001 \"note\" @css/root" -> the id).
std::string_view first_word(std::string_view arguments) { return arguments.substr(0, arguments.find_first_of(" \t")); }

// Admin commands as CounterStrikeSharp (css_admins_reload re-reads the admin file), the common admin
// plugins (css_addadmin / css_deladmin, as CS2-SimpleAdmin names them) and the portal's own plugin
// (css_portal_admins id,id,...: the renter's whole list, what the rental feature sends) spell them;
// css_admins, which prints the list, is the stand-in's own. The list lives in the state, so a reload keeps what
// was added; only a restart goes back to the list the server was configured with.
std::string admin_command(SimState& state, std::string_view command, std::string_view argument) {
  if (command == "css_portal_admins") {
    // The portal plugin's command: the whole list at once, comma-separated; nothing clears it.
    std::vector<std::string> ids;
    const std::string list = unquote(argument);
    for (std::size_t at = 0; at < list.size();) {
      const auto comma = std::min(list.find(',', at), list.size());
      const std::string id(trim(std::string_view(list).substr(at, comma - at)));
      if (!is_steam_id64(id)) return "Usage: css_portal_admins <steamid64>[,<steamid64>...]\n";
      if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
      at = comma + 1;
    }
    const auto count = ids.size();
    state.set_admins(std::move(ids));
    return fmt::format("Portal admins set: {}\n", count);
  }
  if (command == "css_admins") {
    std::string out;
    for (const auto& id : state.snapshot().admins) out += id + "\n";
    return out.empty() ? "No admins\n" : out;
  }
  if (command == "css_admins_reload") return fmt::format("Reloaded {} admins\n", state.snapshot().admins.size());
  const std::string id = unquote(first_word(argument));
  if (!is_steam_id64(id)) return fmt::format("Usage: {} <steamid64>\n", command);
  if (command == "css_addadmin") {
    state.add_admin(id);
    return fmt::format("Added admin {}\n", id);
  }
  if (state.remove_admin(id)) return fmt::format("Removed admin {}\n", id);
  return fmt::format("{} is not an admin\n", id);
}

}  // namespace

std::string status_text(const SimSnapshot& state, std::uint16_t game_port) {
  std::string out;
  out += fmt::format("Server:  Running [0.0.0.0:{}]\n", game_port);
  out += "Client:  Disconnected\n";
  out += "Source TV:  not active\n";
  out += fmt::format("hostname  : {}\n", state.name);
  out += "version   : 1.40.2.1/14021 10182 secure  public\n";
  out += fmt::format("udp/ip    : 0.0.0.0:{}\n", game_port);
  out += "os/type   : Linux dedicated\n";
  out += fmt::format("players   : {} humans, {} bots ({} max) (not hibernating) (unreserved)\n", state.humans.size(),
                     state.bots.size(), state.max_players);
  out += fmt::format("loaded spawngroup(  1)  : SV:  [1: {} | main lump | mapload]\n", state.map);
  out += "---------players--------\n";
  out += "  id     time ping loss      state   rate adr name\n";
  out += "65535 [NoChan]    0    0 challenging      0unknown ''\n";
  for (const auto& bot : state.bots) {
    out += fmt::format("{:>5} {:>8} {:>4} {:>4} {:>10} {:>6} '{}'\n", bot.id, "BOT", 0, 0, "active", 0, bot.name);
  }
  for (const auto& player : state.humans) {
    out += fmt::format("{:>5} {:>8} {:>4} {:>4} {:>10} {:>6} {} '{}'\n", player.id,
                       connected_time(state.now - player.joined), player.ping, 0, "active", 786432, player.address,
                       player.name);
  }
  out += "#end\n";
  return out;
}

std::string exec_command(SimState& state, std::string_view line, std::uint16_t game_port) {
  line = trim(line);
  const auto space = line.find_first_of(" \t");
  const std::string_view command = line.substr(0, space);
  const std::string_view argument = space == std::string_view::npos ? std::string_view{} : trim(line.substr(space));

  if (command == "status") return status_text(state.snapshot(), game_port);
  if (command == "sv_password") {
    if (argument.empty()) return fmt::format("sv_password = {}\n", state.snapshot().join_password);
    state.set_join_password(unquote(argument));
    return {};
  }
  if (command == "hostname") {
    if (argument.empty()) return fmt::format("hostname = {}\n", state.snapshot().name);
    state.set_hostname(unquote(argument));
    return {};
  }
  if (command == "changelevel" || command == "map") {
    if (argument.empty()) return fmt::format("Usage: {} <mapname>\n", command);
    state.change_map(unquote(argument));
    return {};
  }
  if (command == "say") {
    if (!argument.empty()) state.record_say(unquote(argument));
    return {};
  }
  if (command == "css_addadmin" || command == "css_deladmin" || command == "css_admins_reload" ||
      command == "css_admins" || command == "css_portal_admins") {
    return admin_command(state, command, argument);
  }
  if (command.empty()) return {};
  return fmt::format("Unknown command '{}'\n", command);
}

SimRconSession::Reply SimRconSession::on_packet(const rcon::Packet& packet) {
  Reply reply;
  if (packet.type == static_cast<std::int32_t>(rcon::PacketType::auth)) {
    authenticated_ = !password_.empty() && packet.body == password_;
    // Source servers send an empty RESPONSE_VALUE before the AUTH_RESPONSE; clients must skip it.
    reply.packets.push_back(rcon::make_packet(packet.id, rcon::PacketType::response_value));
    reply.packets.push_back(rcon::make_packet(authenticated_ ? packet.id : -1, rcon::PacketType::auth_response));
    return reply;
  }
  if (!authenticated_) {
    reply.close = true;
    return reply;
  }
  if (packet.type == static_cast<std::int32_t>(rcon::PacketType::exec_command)) {
    // CS2 sends even long output as one packet (protocols.md 2.2 point 5).
    reply.packets.push_back(
        rcon::make_packet(packet.id, rcon::PacketType::response_value, exec_command(state_, packet.body, game_port_)));
  } else if (packet.type == static_cast<std::int32_t>(rcon::PacketType::response_value)) {
    // The end-of-output trick: an empty RESPONSE_VALUE comes straight back.
    reply.packets.push_back(rcon::make_packet(packet.id, rcon::PacketType::response_value));
  }
  return reply;
}

}  // namespace portal::sim
