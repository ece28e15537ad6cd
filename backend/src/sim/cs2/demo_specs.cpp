#include "sim/cs2/sim_spec.hpp"

namespace portal::sim {
namespace {

const std::vector<std::string> kDefusalMaps{"de_dust2",   "de_mirage", "de_inferno", "de_nuke",
                                            "de_ancient", "de_anubis", "de_vertigo"};
const std::vector<std::string> kDmMaps{"de_dust2", "de_mirage", "de_inferno", "de_overpass", "de_train"};
const std::vector<std::string> kAimMaps{"aim_redline", "aim_map", "am_grass2", "aim_botz"};
const std::vector<std::string> kRetakeMaps{"de_mirage", "de_inferno", "de_ancient", "de_nuke"};

SimServerSpec spec(std::string name, std::string map, int max_players, int initial_players, std::string category,
                   std::string region) {
  SimServerSpec s;
  s.name = std::move(name);
  s.map = std::move(map);
  s.max_players = max_players;
  s.initial_players = initial_players;
  s.category = std::move(category);
  s.region = std::move(region);
  s.churn = 2.0;
  s.map_period = std::chrono::minutes(5);
  return s;
}

}  // namespace

std::vector<SimServerSpec> demo_specs() {
  std::vector<SimServerSpec> specs;

  auto s = spec("【上海】竞技 5v5 #1 | 128tick", "de_mirage", 10, 10, "competitive", "ap-shanghai");
  s.map_pool = kDefusalMaps;
  s.map_period = std::chrono::minutes(8);
  s.rcon_password = "demo-rcon-comp1";
  s.ontop = 2;
  s.star = 5;
  specs.push_back(s);  // full

  s = spec("[HK] Competitive 5v5 | Premier maps", "de_inferno", 10, 6, "competitive", "ap-hongkong");
  s.map_pool = kDefusalMaps;
  s.rcon_password = "demo-rcon-comp2";
  s.star = 3;
  specs.push_back(s);

  s = spec("【北京】休闲模式 新手友好", "de_dust2", 20, 13, "casual", "ap-beijing");
  s.map_pool = kDefusalMaps;
  s.bots = 4;
  s.churn = 4.0;
  s.rcon_password = "demo-rcon-casual";
  s.star = 2;
  specs.push_back(s);

  s = spec("【广州】死斗 DM #1 | 爆头练习", "de_dust2", 20, 16, "deathmatch", "ap-guangzhou");
  s.map_pool = kDmMaps;
  s.churn = 6.0;
  s.rcon_password = "demo-rcon-dm1";
  s.ontop = 1;
  s.star = 4;
  specs.push_back(s);

  s = spec("[SG] FFA Deathmatch | HS only", "de_mirage", 16, 0, "deathmatch", "ap-singapore");
  s.map_pool = kDmMaps;
  s.churn = 0;
  s.rcon_password = "demo-rcon-dm2";
  specs.push_back(s);  // empty

  s = spec("【成都】无狙死斗 No-AWP DM", "de_inferno", 20, 9, "no-awp dm", "ap-chengdu");
  s.map_pool = kDmMaps;
  s.churn = 5.0;
  s.rcon_password = "demo-rcon-noawp";
  specs.push_back(s);

  s = spec("【上海】手枪死斗 Pistol DM", "de_train", 16, 11, "pistol dm", "ap-shanghai");
  s.map_pool = kDmMaps;
  s.churn = 5.0;
  s.require_challenge = true;  // like CS:GO with host_info_show 2
  s.rcon_password = "demo-rcon-pistol";
  specs.push_back(s);

  s = spec("[Tokyo] Solo 1v1 Arena | 单挑", "aim_redline", 16, 7, "solo 1v1", "ap-tokyo");
  s.map_pool = kAimMaps;
  s.churn = 3.0;
  s.rcon_password = "demo-rcon-1v1";
  specs.push_back(s);

  s = spec("【北京】残局回防 Retakes #1", "de_mirage", 9, 9, "retakes", "ap-beijing");
  s.map_pool = kRetakeMaps;
  s.churn = 2.0;
  s.rcon_password = "demo-rcon-retake1";
  s.star = 4;
  specs.push_back(s);  // full

  s = spec("[EU] Retakes | Frankfurt", "de_ancient", 10, 3, "retakes", "eu-frankfurt");
  s.map_pool = kRetakeMaps;
  s.offline = true;  // down for maintenance
  s.rcon_password = "demo-rcon-retake2";
  specs.push_back(s);

  s = spec("【VIP】会员专属服 | 上海", "de_nuke", 12, 5, "vip sub", "ap-shanghai");
  s.map_pool = kDefusalMaps;
  s.join_password = "vip2024";
  s.names_in_a2s = true;  // runs the ServerListPlayersFix plugin
  s.rcon_password = "demo-rcon-vip";
  s.ontop = 3;
  s.star = 5;
  specs.push_back(s);

  s = spec("[US West] Public Casual | Community", "de_overpass", 24, 0, "public", "na-siliconvalley");
  s.map_pool = kDefusalMaps;
  s.churn = 0;
  specs.push_back(s);  // empty, no RCON

  s = spec("【广州】社区公共服 | 娱乐 + 训练", "de_anubis", 32, 14, "public", "ap-guangzhou");
  s.map_pool = kDefusalMaps;
  s.bots = 6;
  s.churn = 4.0;
  s.rcon_password = "demo-rcon-public";
  specs.push_back(s);

  s = spec("【上海】训练服 跑图 / 道具练习", "de_ancient", 10, 2, "training", "ap-shanghai");
  s.map_pool = kDefusalMaps;
  s.map_period = std::chrono::minutes(15);
  s.churn = 1.0;
  s.rcon_password = "demo-rcon-training";
  specs.push_back(s);

  return specs;
}

}  // namespace portal::sim
