#pragma once
// What the PayPal adapter needs: our REST app's credentials and webhook id (from files or the
// environment, never the repository), and the host (live, sandbox, or the local stand-in).

#include <string>

namespace portal::payments::paypal {

struct PaypalSettings {
  std::string base_url = "https://api-m.paypal.com";  // sandbox: https://api-m.sandbox.paypal.com
  std::string client_id;
  std::string client_secret;
  std::string webhook_id;   // the id PayPal gave our webhook subscription: part of every signature
  std::string merchant_id;  // payee; empty: the account the app belongs to
  int timeout_ms = 10000;
};

}  // namespace portal::payments::paypal
