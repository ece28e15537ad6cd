#include "app/demo/demo_faq.hpp"

#include "features/faq/service.hpp"

#include <spdlog/spdlog.h>

#include <string>
#include <vector>

namespace portal::app {

namespace {

struct DemoEntry {
  const char* question;
  const char* answer;
};

// Raw strings: the answers are HTML as an operator would write it.
const std::vector<DemoEntry>& english() {
  static const std::vector<DemoEntry> entries{
      {"How do I join one of the community servers?",
       R"~(<p>Open the <a href="/servers">server list</a>, pick a server and press <b>Join</b>: Steam starts CS2 and connects you. You can also copy the address and type it in the game console:</p>
<pre><code>connect 203.0.113.10:27015</code></pre>
<p><b>Quick join</b> picks a server with free slots in the mode you choose (deathmatch, retakes, 1v1 or public). You need CS2 from <a href="https://store.steampowered.com/app/730/" target="_blank">Steam</a>.</p>)~"},
      {"What does VIP give me?",
       R"~(<p>VIP supports the servers and gives you:</p>
<ul><li>a <b>reserved slot</b> on full servers</li><li>a custom chat tag and a coloured name</li><li>weapon skins, knives and gloves in game (<code>!ws</code>, <code>!knife</code>, <code>!gloves</code>)</li><li>priority in the queue and a discount on practice servers</li></ul>
<p>The full comparison of VIP, PRO, KOL and OP is on the <a href="/vip">VIP page</a>.</p>)~"},
      {"How do reserved slots work?",
       R"~(<p>The last 2–3 slots of every server are kept for VIP members. When a server looks full, a VIP can still join; quick join looks for 1 free slot for VIP members and 4 for everyone else.</p>)~"},
      {"How do I pay, and which payment methods are accepted?",
       R"~(<p>We accept <b>Alipay</b>, <b>WeChat Pay</b> (a QR code shows in the payment dialog) and <b>PayPal</b> (charged in USD). Prices are in CNY.</p>
<p>VIP starts as soon as the payment is confirmed. If it has not after 10 minutes, write to <a href="mailto:support@example.com">support@example.com</a> with your order number.</p>)~"},
      {"How do I rent a private practice server?",
       R"~(<p>Go to the <a href="/pracc">practice page</a>, choose a region and a duration (from 4 hours to a year) and pay. The server (16 slots, private, 24/7) is ready in about 3 minutes; you get its address and password there.</p>
<p>Type <code>.prac</code> in chat for practice mode; the page lists the common commands (<code>.bot</code>, <code>.rethrow</code>, <code>.noflash</code> ...).</p>)~"},
      {"How does the leaderboard work?",
       R"~(<p>Every kill on our deathmatch, pistol, 1v1 and retakes servers counts. The <a href="/leaderboard">leaderboard</a> ranks players by kills, then by fewer deaths, for all time and per season, and refreshes every few seconds.</p>)~"},
      {"What are the server rules?",
       R"~(<ol><li>No cheats, scripts or macros.</li><li>No insults, hate speech or advertising in chat or voice.</li><li>No mic spam and no team killing.</li><li>Follow the admins' instructions.</li></ol>
<p>Breaking a rule can lead to a warning, a mute or a ban. To appeal a ban, write to support.</p>)~"},
      {"How do I use the skin changer?",
       R"~(<p>Log in with Steam and open the <a href="/inventory">skin changer</a>: put together weapon finishes, knives, gloves, agents and music kits and preview them. On community servers, <code>!ws</code>, <code>!knife</code> and <code>!gloves</code> apply your choice in game (a VIP privilege).</p>)~"},
      {"How do I contact the admins?",
       R"~(<p>Join our <a href="https://qm.qq.com/" target="_blank">QQ group</a> or write to <a href="mailto:support@example.com">support@example.com</a>. In game, an admin answers in chat when online.</p>)~"},
  };
  return entries;
}

const std::vector<DemoEntry>& chinese() {
  static const std::vector<DemoEntry> entries{
      {"如何加入社区服务器？",
       R"~(<p>打开<a href="/servers">服务器列表</a>，选择服务器后点击<b>加入</b>，Steam 会启动 CS2 并自动连接。也可以复制地址，在游戏控制台中输入：</p>
<pre><code>connect 203.0.113.10:27015</code></pre>
<p><b>快速加入</b>会在你选择的模式（死斗、回防、1v1、休闲）中挑选有空位的服务器。需要先在 <a href="https://store.steampowered.com/app/730/" target="_blank">Steam</a> 安装 CS2。</p>)~"},
      {"VIP 有什么特权？",
       R"~(<p>VIP 支持服务器运营，并可享受：</p>
<ul><li>满员服务器的<b>预留位</b></li><li>自定义聊天标签和彩色昵称</li><li>游戏内武器皮肤、刀和手套（<code>!ws</code>、<code>!knife</code>、<code>!gloves</code>）</li><li>排队优先和练习服务器折扣</li></ul>
<p>VIP、PRO、KOL、OP 的完整对比见 <a href="/vip">VIP 页面</a>。</p>)~"},
      {"预留位是怎么回事？",
       R"~(<p>每台服务器最后 2–3 个位置留给 VIP。服务器看起来满员时，VIP 仍然可以进入；快速加入为 VIP 寻找至少 1 个空位，其他玩家需要 4 个。</p>)~"},
      {"如何付款？支持哪些支付方式？",
       R"~(<p>支持<b>支付宝</b>、<b>微信支付</b>（付款窗口中显示二维码）和 <b>PayPal</b>（以美元结算）。价格以人民币计。</p>
<p>付款确认后 VIP 立即生效。如 10 分钟后仍未到账，请带上订单号发邮件至 <a href="mailto:support@example.com">support@example.com</a>。</p>)~"},
      {"如何租用私人练习服务器？",
       R"~(<p>进入<a href="/pracc">练习页面</a>，选择地区和时长（4 小时到 1 年）并付款。服务器（16 人、私人、全天候）约 3 分钟后就绪，地址和密码会显示在页面上。</p>
<p>在聊天中输入 <code>.prac</code> 进入练习模式；页面列出了常用指令（<code>.bot</code>、<code>.rethrow</code>、<code>.noflash</code> 等）。</p>)~"},
      {"排行榜是怎么计算的？",
       R"~(<p>我们的死斗、手枪死斗、1v1 和回防服务器上的每次击杀都会计入。<a href="/leaderboard">排行榜</a>按击杀数排名，击杀相同时死亡少者在前，分为总榜和赛季榜，每隔几秒刷新一次。</p>)~"},
      {"服务器有哪些规则？",
       R"~(<ol><li>禁止使用外挂、脚本或宏。</li><li>禁止在文字或语音中辱骂、发表仇恨言论或打广告。</li><li>禁止麦克风刷屏和恶意击杀队友。</li><li>服从管理员的安排。</li></ol>
<p>违反规则可能被警告、禁言或封禁。如需申诉，请联系客服。</p>)~"},
      {"如何使用换肤功能？",
       R"~(<p>使用 Steam 登录后打开<a href="/inventory">皮肤换肤</a>页面，搭配并预览武器皮肤、刀、手套、探员和音乐盒。在社区服务器上输入 <code>!ws</code>、<code>!knife</code>、<code>!gloves</code> 即可在游戏中使用（VIP 特权）。</p>)~"},
      {"如何联系管理员？",
       R"~(<p>加入我们的 <a href="https://qm.qq.com/" target="_blank">QQ 群</a>，或发邮件至 <a href="mailto:support@example.com">support@example.com</a>。在游戏中，管理员在线时会在聊天中回复。</p>)~"},
  };
  return entries;
}

void seed_language(faq::FaqService& service, const char* language, const std::vector<DemoEntry>& entries) {
  if (service.has_entries(language)) return;
  auto add = [&](const char* question, const char* answer) {
    auto added = service.add(faq::NewFaq{language, question, answer, std::nullopt}, "system");
    if (!added) spdlog::warn("demo FAQ entry '{}' not added: {}", question, added.error().message);
  };
  for (const auto& entry : entries) add(entry.question, entry.answer);
}

}  // namespace

void seed_demo_faq(db::Database& database) {
  faq::FaqService service(database);
  seed_language(service, "en", english());
  seed_language(service, "zh", chinese());
}

}  // namespace portal::app
