#pragma once
// The stand-ins' outgoing notifications, delivered the way providers deliver them: on a thread of its
// own (never on the request thread that paid), after a delay, retried with backoff until the portal
// acknowledges in the provider's terms, sometimes late, sometimes twice. Every attempt rebuilds the
// request, so timestamps and signatures are fresh as a real retry's are.

#include "integrations/http/http_client.hpp"
#include "sim/payments/sandbox_settings.hpp"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace portal::sim::payments {

struct Delivery {
  std::string label;  // e.g. "alipay TRADE_SUCCESS ord_1": logs and tests
  std::function<integrations::HttpRequest()> build;
  std::function<bool(const integrations::HttpReply&)> acknowledged;
};

// What happened to one delivery so far.
struct DeliveryRecord {
  std::uint64_t id = 0;
  std::string label;
  int attempts = 0;  // requests sent, duplicates included
  bool acknowledged = false;
  bool gave_up = false;                             // max_attempts reached without an acknowledgement
  bool late = false;                                // the first attempt waited late_delay_ms more
  int duplicates = 0;                               // extra copies sent after the acknowledgement
  std::vector<int> statuses;                        // each attempt's HTTP status, 0 when no answer came
  std::vector<integrations::HttpRequest> requests;  // each attempt as sent
};

class Notifier {
 public:
  Notifier(integrations::HttpClient& http, SandboxSettings settings);
  ~Notifier();
  Notifier(const Notifier&) = delete;
  Notifier& operator=(const Notifier&) = delete;

  std::uint64_t enqueue(Delivery delivery);
  std::vector<DeliveryRecord> records() const;
  // True once nothing is scheduled or being sent; false when `timeout` passed first.
  bool wait_idle(std::chrono::milliseconds timeout) const;

 private:
  using Clock = std::chrono::steady_clock;
  struct Task {
    Clock::time_point due;
    std::uint64_t id = 0;
    bool duplicate = false;
  };

  void run();
  void attempt(const Task& task);
  bool roll(double probability);
  std::chrono::milliseconds backoff_before(int next_attempt) const;

  integrations::HttpClient& http_;
  const SandboxSettings settings_;

  mutable std::mutex mutex_;
  mutable std::condition_variable changed_;
  std::mt19937 random_;
  std::map<std::uint64_t, Delivery> deliveries_;
  std::map<std::uint64_t, DeliveryRecord> records_;
  std::vector<Task> tasks_;
  int in_flight_ = 0;
  std::uint64_t next_id_ = 0;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace portal::sim::payments
