#pragma once
// What the Alipay adapter needs to know about our Alipay app and Alipay's key. Keys come from files or
// the environment at start (never from the repository), as PEM or as the bare base64 body Alipay's
// console shows; demo mode and tests make their own and point gateway_url at a stand-in.

#include <string>

namespace portal::payments::alipay {

struct AlipaySettings {
  std::string app_id;
  std::string gateway_url = "https://openapi.alipay.com/gateway.do";
  std::string private_key_pem;        // our app private key: signs requests (RSA2)
  std::string alipay_public_key_pem;  // Alipay's public key: verifies answers and notifications
  std::string seller_id;              // optional: our seller (partner) id, 2088…; checked when set
  int timeout_ms = 5000;              // the Alipay SDKs' default
};

}  // namespace portal::payments::alipay
