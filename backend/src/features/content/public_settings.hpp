#pragma once
// What the web client is allowed to know about this installation (spec 000 §2.1 remote config):
// feature flags, the Steam OpenID parameters, the join address prefix and the outbound links.
// The composition root fills it from the configuration; nothing secret belongs here.

#include <string>
#include <vector>

namespace portal::content {

struct ServersFlags {
  bool enabled = false;
  bool details = false;
  bool rules = false;
  bool quick_join = false;
  bool filters = false;
};

struct SettingsFlags {
  bool enabled = false;
  bool general = false;
  bool profile = false;
  bool security = false;
};

struct PublicSettings {
  bool demo = false;
  ServersFlags servers;
  bool pracc_enabled = false;
  bool inventory_enabled = false;
  SettingsFlags settings;

  std::string steam_openid_endpoint;
  std::string steam_realm;
  std::string steam_return_url;
  std::string steam_bind_return_url;

  std::string join_address_prefix;
  int game_app_id = 730;

  std::string bilibili;
  std::string douyin;
  std::string weibo;
  std::string qq_group;
  std::string filing_number;
  std::string filing_url;
  std::string vip_store;
  std::string vip_pay;
  std::string inventory;
  std::string inventory_sign_in;  // the inventory site's sign-in callback the inventory page frames
  std::string support_email;

  std::vector<std::string> payment_methods;  // alipay, wechat, paypal: the methods the portal takes
  // Demo mode only: the stand-in page that plays the phone scanning a WeChat Pay code (its pr value
  // follows), since a weixin:// code means nothing to a desktop browser. Empty in production.
  std::string payment_sandbox_scan_url;
};

}  // namespace portal::content
