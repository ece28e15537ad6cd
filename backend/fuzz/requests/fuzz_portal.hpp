#pragma once
// A demo-mode portal (SQLite, every route and stand-in) on a loopback port for the request fuzzers:
// the mutation fuzzer (request_path_fuzz.cpp) and the coverage-guided one (request_path_libfuzzer.cpp).
// It knows a plugin key for one community server and issues login tokens for a player and the demo
// operator, which the fuzzers put where a request names its caller.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

namespace portal::fuzz {

struct Credentials {
  std::string user, operator_, plugin;
};

// What came back for one request.
struct Answer {
  int status = 0;     // 0: the server closed without answering
  std::string start;  // the first bytes of the response
};

// "X-Forwarded-For: 10.a.b.c\r\n", a different client address for each request number, so the
// per-address rate limits (the portal trusts the header here) never hide a route.
std::string forwarded_for_header(std::uint64_t request_number);

class FuzzPortal {
 public:
  // Starts the portal in a fresh work folder under the system's temp folder; `name` prefixes it.
  explicit FuzzPortal(const std::string& name);
  ~FuzzPortal();  // stops the portal, waits for it and removes the work folder
  FuzzPortal(const FuzzPortal&) = delete;
  FuzzPortal& operator=(const FuzzPortal&) = delete;

  std::uint16_t port() const { return port_; }
  const Credentials& credentials() const { return credentials_; }
  // A fuzzed logout, or the console ending a player's sessions, ends the tokens: issue new ones.
  void renew_credentials();

  // Sends the bytes on a new connection, half-closes it and reads the response.
  Answer send(const std::string& raw) const;

 private:
  struct Parts;
  std::unique_ptr<Parts> parts_;
  std::uint16_t port_ = 0;
  Credentials credentials_;
};

}  // namespace portal::fuzz
