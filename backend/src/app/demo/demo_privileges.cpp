#include "app/demo/demo_privileges.hpp"

#include <spdlog/spdlog.h>

namespace portal::app {

namespace {

struct DemoPrivilege {
  const char* key;
  const char* content_en;
  const char* content_zh;
  const char* detail_en;
  const char* detail_zh;
  vip::GroupValues values;  // normal, vip, pro, kol, op: 1 allowed, 2 optional, 0 forbidden
};

// clang-format off
constexpr DemoPrivilege kRows[] = {
    {"community_servers", "Play on every public server", "畅玩所有公共服务器",
     "Competitive, retakes, deathmatch, 1v1 and the other public modes are open to everyone.",
     "竞技、回防、死斗、1v1 等所有公共模式对所有玩家开放。",
     {1, 1, 1, 1, 1}},
    {"reserved_slot", "Reserved slot", "预留位",
     "The last 2-3 slots of every community server are kept for members: join even when the server shows full.",
     "每台社区服务器的最后 2-3 个位置为会员保留：服务器显示满员时也能进入。",
     {0, 1, 1, 1, 1}},
    {"priority_queue", "Priority queue", "优先排队",
     "When a popular server has a waiting queue, members are placed ahead of other players.",
     "热门服务器需要排队时，会员排在普通玩家前面。",
     {0, 1, 1, 1, 1}},
    {"chat_tag", "Custom chat tag", "自定义聊天标签",
     "A tag before your name in chat and on the scoreboard: [VIP], [PRO], [KOL] or text of your own (reviewed by admins).",
     "聊天和计分板中名字前的标签：[VIP]、[PRO]、[KOL]，或经管理员审核的自定义文字。",
     {0, 1, 1, 1, 1}},
    {"coloured_name", "Coloured name in chat", "彩色聊天昵称",
     "Pick the colour of your name in the in-game chat with !color.",
     "使用 !color 选择游戏内聊天中昵称的颜色。",
     {0, 1, 1, 1, 1}},
    {"ws_knife_gloves", "!ws, !knife and !gloves", "!ws、!knife 与 !gloves",
     "Choose weapon finishes, a knife and gloves on community servers; other players on the server see them too.",
     "在社区服务器上选择武器皮肤、刀和手套，服务器上的其他玩家也能看到。",
     {0, 1, 1, 1, 1}},
    {"skin_changer", "Agents, music kits and pins", "探员、音乐盒与徽章",
     "Agent models and music kits are available now; pins and graffiti are still being built.",
     "探员模型和音乐盒已可使用；徽章和涂鸦仍在开发中。",
     {0, 2, 1, 1, 1}},
    {"practice_discount", "Practice-server discount", "训练服租用折扣",
     "A discount on renting a private 24/7 practice server while the membership is active.",
     "会员有效期内租用私人 24/7 训练服可享折扣。",
     {0, 1, 1, 1, 0}},
    {"exclusive_servers", "Members-only servers", "会员专属服务器",
     "Entry to the VIP retakes and deathmatch servers (the vip sub mode in the server list).",
     "可进入会员专属的回防和死斗服务器（服务器列表中的会员模式）。",
     {0, 1, 1, 1, 1}},
    {"vote_immunity", "Vote-kick immunity", "投票踢出豁免",
     "Players cannot vote-kick you; admins still act on reports.",
     "其他玩家无法投票踢出你；管理员仍会处理举报。",
     {0, 0, 1, 1, 1}},
    {"join_sound", "Custom join sound", "自定义进服音效",
     "A short sound plays for everyone when you join. VIPs choose from a list; PRO and KOL may upload their own.",
     "进入服务器时为所有人播放一段短音效。VIP 可从列表中选择；PRO 和 KOL 可上传自己的音效。",
     {0, 2, 1, 1, 1}},
    {"stats_reset", "Leaderboard stats reset", "排行榜数据重置",
     "Reset your leaderboard stats once per season. Still under development for VIPs.",
     "每个赛季可重置一次排行榜数据。VIP 的该功能仍在开发中。",
     {0, 2, 1, 0, 1}},
    {"early_access", "Early access to new modes", "新模式抢先体验",
     "Play new modes and maps on the test servers before they open to everyone.",
     "在测试服务器上抢先体验尚未公开的新模式和新地图。",
     {0, 2, 1, 1, 1}},
};
// clang-format on

}  // namespace

void seed_demo_privileges(vip::PrivilegeService& service) {
  if (!service.list().empty()) return;
  std::int64_t order = 0;
  int added = 0;
  for (const auto& row : kRows) {
    vip::PrivilegeChanges fields;
    fields.content_en = row.content_en;
    fields.content_zh = row.content_zh;
    fields.detail_en = row.detail_en;
    fields.detail_zh = row.detail_zh;
    fields.order = order += 10;
    for (std::size_t i = 0; i < row.values.size(); ++i) fields.values[i] = row.values[i];
    auto done = service.add(row.key, std::move(fields), "system");
    if (!done) {
      spdlog::warn("demo privilege {} not seeded: {}", row.key, done.error().message);
      continue;
    }
    ++added;
  }
  spdlog::info("demo privileges: {} rows", added);
}

}  // namespace portal::app
