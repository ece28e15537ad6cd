#pragma once
// Queries many game servers over A2S at once (INFO, then PLAYER when asked) and blocks the caller
// until every one has answered or timed out. The Asio machinery lives in prober.cpp.

#include "integrations/a2s/a2s_types.hpp"

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace portal::a2s {

struct Endpoint {
  std::string ip;  // a numeric IPv4 or IPv6 address; host names are not resolved here
  std::uint16_t port = 0;
};

struct ProbeResult {
  bool answered = false;  // INFO answered (after the challenge if one was asked)
  Info info;
  bool players_answered = false;  // PLAYER answered (only when requested)
  std::vector<Player> players;
  std::chrono::milliseconds ping{0};  // shortest round trip
  std::string error;                  // "timeout", "malformed", ... when !answered
};

struct ProbeOptions {
  std::chrono::milliseconds timeout{2000};  // per packet
  int retries = 1;                          // re-sends after a packet timed out
  bool want_players = false;
  int max_in_flight = 1024;  // endpoints queried at the same time
};

class Prober {
 public:
  // Owns an io_context and one thread; all queries share one UDP socket per address family.
  Prober();
  ~Prober();
  Prober(const Prober&) = delete;
  Prober& operator=(const Prober&) = delete;

  // Blocking for the caller; inside, all endpoints are queried concurrently (up to max_in_flight), each
  // with a per-packet timeout and `retries` re-sends, challenges answered for INFO and PLAYER (at most
  // kMaxChallenges per request), split replies reassembled. One endpoint takes at most about
  // timeout * (retries + 1 + kMaxChallenges) per request type. Results are in the order of
  // `endpoints`. Thread-safe: several callers may probe at once, even the same endpoints.
  std::vector<ProbeResult> probe_all(const std::vector<Endpoint>& endpoints, const ProbeOptions& options);

  static constexpr int kMaxChallenges = 3;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace portal::a2s
