#include "features/servers/game_server.hpp"

#include <arpa/inet.h>

#include <algorithm>

namespace portal::servers {

const std::vector<std::string_view>& known_categories() {
  static const std::vector<std::string_view> categories = {"competitive", "casual",    "deathmatch", "training",
                                                           "no-awp dm",   "pistol dm", "solo 1v1",   "retakes",
                                                           "vip sub",     "public"};
  return categories;
}

const std::vector<std::string_view>& known_regions() {
  static const std::vector<std::string_view> regions = {
      "ap-beijing",  "ap-shanghai",  "ap-guangzhou",     "ap-nanjing", "ap-chongqing", "ap-chengdu",
      "ap-hongkong", "ap-singapore", "ap-tokyo",         "ap-seoul",   "ap-sydney",    "ap-mumbai",
      "ap-jakarta",  "eu-frankfurt", "na-siliconvalley", "na-ashburn", "sa-saopaulo"};
  return regions;
}

namespace {
bool contains(const std::vector<std::string_view>& list, std::string_view value) {
  return std::find(list.begin(), list.end(), value) != list.end();
}

}  // namespace

std::optional<core::Error> validate(const GameServer& s) {
  in_addr address{};
  if (inet_pton(AF_INET, s.ip.c_str(), &address) != 1 || address.s_addr == 0) {
    return core::validation_failed("ip", "ip must be an IPv4 address such as 203.0.113.7");
  }
  if (s.port < 1 || s.port > 65535) return core::validation_failed("port", "port must be between 1 and 65535");
  if (s.name.empty() || s.name.size() > 128) return core::validation_failed("name", "name must be 1 to 128 bytes");
  if (s.name_display.size() > 128)
    return core::validation_failed("name_display", "name_display must be at most 128 bytes");
  if (!contains(known_categories(), s.category))
    return core::validation_failed("category", "category must be one of the ten modes");
  if (!contains(known_regions(), s.region))
    return core::validation_failed("region", "region must be a known region code");
  if (s.ontop < 0 || s.ontop > 1000) return core::validation_failed("ontop", "ontop must be between 0 and 1000");
  if (s.star < 0 || s.star > 1000) return core::validation_failed("star", "star must be between 0 and 1000");
  if (s.rcon_password.size() > 128)
    return core::validation_failed("rcon_password", "rcon_password must be at most 128 bytes");
  return std::nullopt;
}

void apply(const GameServerChanges& c, GameServer& s) {
  if (c.ip) s.ip = *c.ip;
  if (c.port) s.port = *c.port;
  if (c.name) s.name = *c.name;
  if (c.name_display) s.name_display = *c.name_display;
  if (c.category) s.category = *c.category;
  if (c.region) s.region = *c.region;
  if (c.ontop) s.ontop = *c.ontop;
  if (c.star) s.star = *c.star;
  if (c.enabled) s.enabled = *c.enabled;
  if (c.rcon_password) s.rcon_password = *c.rcon_password;
}

}  // namespace portal::servers
