#pragma once
// What the WeChat Pay adapter needs to know about our merchant account and WeChat Pay's keys. The keys
// come from files or the environment at start (never from the repository); demo mode and tests make
// their own and point base_url at a stand-in.

#include <map>
#include <string>

namespace portal::payments::wechat {

struct WechatSettings {
  std::string base_url = "https://api.mch.weixin.qq.com";
  std::string mchid;
  std::string appid;
  std::string merchant_serial_no;        // serial of our merchant API certificate (serial_no in Authorization)
  std::string merchant_private_key_pem;  // apiclient_key.pem: signs our requests
  std::string api_v3_key;                // 32 bytes: decrypts notification resources
  // WeChat Pay's signing key, one of two ways: the "WeChat Pay public key" with its id (PUB_KEY_ID_…),
  // or platform certificates keyed by serial (the older mode). Both may be set during a migration.
  std::string platform_public_key_id;
  std::string platform_public_key_pem;
  std::map<std::string, std::string> platform_certificates_by_serial;
  int timeout_ms = 10000;
};

}  // namespace portal::payments::wechat
