#include "integrations/steam/nonce_store.hpp"

namespace portal::integrations::steam {

bool InMemoryNonceStore::remember_once(const std::string& nonce, std::chrono::system_clock::time_point seen_at) {
  std::lock_guard lock(mutex_);
  forget_older_than(seen_at - kNonceMemory);
  if (!seen_.emplace(nonce, seen_at).second) return false;
  by_time_.emplace(seen_at, nonce);
  return true;
}

std::size_t InMemoryNonceStore::size() const {
  std::lock_guard lock(mutex_);
  return seen_.size();
}

void InMemoryNonceStore::forget_older_than(std::chrono::system_clock::time_point cutoff) {
  while (!by_time_.empty() && by_time_.begin()->first < cutoff) {
    seen_.erase(by_time_.begin()->second);
    by_time_.erase(by_time_.begin());
  }
}

}  // namespace portal::integrations::steam
