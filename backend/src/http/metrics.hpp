#pragma once
// Request counters and a latency histogram, rendered in the Prometheus text format. Updated from
// every I/O thread, so each update takes a short lock; rendering copies under the same lock.

#include <array>
#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace portal::http {

class WorkerPool;

class Metrics {
 public:
  static constexpr std::array<double, 12> kBuckets = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025,
                                                      0.05,   0.1,   0.25,   0.5,   1.0,  2.5};

  // route is the matched pattern ("/api/leaderboard/{mode}"), never the raw path, so the label set
  // stays bounded; unmatched requests are recorded under "static" or "unmatched".
  void record(std::string_view method, std::string_view route, int status, double seconds);
  void request_started() { in_flight_.fetch_add(1, std::memory_order_relaxed); }
  void request_finished() { in_flight_.fetch_sub(1, std::memory_order_relaxed); }
  std::int64_t in_flight() const { return in_flight_.load(std::memory_order_relaxed); }

  // The pools whose queue depth, running tasks and refusals render() shows. Each must outlive every
  // render() call.
  void watch_pool(const WorkerPool& pool);
  // Requests refused because a client address had too many connections open.
  void connection_refused() { connections_refused_.fetch_add(1, std::memory_order_relaxed); }

  std::string render() const;

 private:
  struct Histogram {
    std::array<std::uint64_t, kBuckets.size()> buckets{};
    std::uint64_t count = 0;
    double sum = 0;
  };
  // Transparent, so lookups with string_views allocate nothing; only a new label set does. Compares
  // views of both sides: clang 14 with libstdc++ 12 cannot compare tuples of strings and string_views.
  struct LabelsLess {
    using is_transparent = void;
    template <class A, class B>
    bool operator()(const A& a, const B& b) const {
      return views(a) < views(b);
    }
    template <class... T>
    static auto views(const std::tuple<T...>& labels) {
      return std::apply([](const auto&... value) { return std::make_tuple(view(value)...); }, labels);
    }
    static std::string_view view(std::string_view text) { return text; }
    static int view(int number) { return number; }
  };
  mutable std::mutex mutex_;
  std::map<std::tuple<std::string, std::string, int>, std::uint64_t, LabelsLess> requests_;
  std::map<std::tuple<std::string, std::string>, Histogram, LabelsLess> latency_;
  std::atomic<std::int64_t> in_flight_{0};
  std::atomic<std::uint64_t> connections_refused_{0};
  std::vector<const WorkerPool*> pools_;  // guarded by mutex_
};

}  // namespace portal::http
