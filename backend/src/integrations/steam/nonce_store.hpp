#pragma once
// Replay protection for OpenID assertions: an accepted response_nonce may be used once. The verifier
// already refuses nonces more than 300 s from now, so remembering each for 10 minutes covers every
// moment at which a copy could still pass that window.

#include <chrono>
#include <map>
#include <mutex>
#include <string>
#include <unordered_map>

namespace portal::integrations::steam {

inline constexpr std::chrono::minutes kNonceMemory{10};

class NonceStore {
 public:
  virtual ~NonceStore() = default;
  // True the first time a nonce is offered; false when it was remembered before (a replay).
  virtual bool remember_once(const std::string& nonce, std::chrono::system_clock::time_point seen_at) = 0;
};

// For one process (tests, demo mode, a single instance). Several instances share a DB-backed store.
class InMemoryNonceStore final : public NonceStore {
 public:
  bool remember_once(const std::string& nonce, std::chrono::system_clock::time_point seen_at) override;
  std::size_t size() const;

 private:
  void forget_older_than(std::chrono::system_clock::time_point cutoff);

  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::chrono::system_clock::time_point> seen_;
  std::multimap<std::chrono::system_clock::time_point, std::string> by_time_;  // oldest first, to forget cheaply
};

}  // namespace portal::integrations::steam
