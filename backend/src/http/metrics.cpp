#include "http/metrics.hpp"

#include "http/worker_pool.hpp"

#include <fmt/format.h>

namespace portal::http {

namespace {
// Label values are route patterns and methods we control, but escape anyway per the text format.
std::string escape_label(std::string_view value) {
  std::string out;
  for (char c : value) {
    if (c == '\\' || c == '"') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out;
}
}  // namespace

void Metrics::record(std::string_view method, std::string_view route, int status, double seconds) {
  std::lock_guard lock(mutex_);
  const auto request_key = std::make_tuple(method, route, status);
  auto counter = requests_.find(request_key);
  if (counter == requests_.end())
    counter = requests_.emplace(std::make_tuple(std::string(method), std::string(route), status), 0).first;
  ++counter->second;
  const auto latency_key = std::make_tuple(method, route);
  auto histogram = latency_.find(latency_key);
  if (histogram == latency_.end()) {
    histogram = latency_.emplace(std::make_tuple(std::string(method), std::string(route)), Histogram{}).first;
  }
  Histogram& h = histogram->second;
  for (std::size_t i = 0; i < kBuckets.size(); ++i) {
    if (seconds <= kBuckets[i]) ++h.buckets[i];
  }
  ++h.count;
  h.sum += seconds;
}

void Metrics::watch_pool(const WorkerPool& pool) {
  std::lock_guard lock(mutex_);
  pools_.push_back(&pool);
}

std::string Metrics::render() const {
  std::string out;
  std::lock_guard lock(mutex_);
  out += "# HELP portal_http_requests_total HTTP requests by method, route pattern and status.\n";
  out += "# TYPE portal_http_requests_total counter\n";
  for (const auto& [key, count] : requests_) {
    const auto& [method, route, status] = key;
    out += fmt::format("portal_http_requests_total{{method=\"{}\",route=\"{}\",status=\"{}\"}} {}\n",
                       escape_label(method), escape_label(route), status, count);
  }
  out += "# HELP portal_http_request_duration_seconds Time from request read to response ready.\n";
  out += "# TYPE portal_http_request_duration_seconds histogram\n";
  for (const auto& [key, h] : latency_) {
    const auto labels =
        fmt::format("method=\"{}\",route=\"{}\"", escape_label(std::get<0>(key)), escape_label(std::get<1>(key)));
    for (std::size_t i = 0; i < kBuckets.size(); ++i) {
      out += fmt::format("portal_http_request_duration_seconds_bucket{{{},le=\"{}\"}} {}\n", labels, kBuckets[i],
                         h.buckets[i]);
    }
    out += fmt::format("portal_http_request_duration_seconds_bucket{{{},le=\"+Inf\"}} {}\n", labels, h.count);
    out += fmt::format("portal_http_request_duration_seconds_sum{{{}}} {}\n", labels, h.sum);
    out += fmt::format("portal_http_request_duration_seconds_count{{{}}} {}\n", labels, h.count);
  }
  out += "# HELP portal_http_requests_in_flight Requests being handled right now.\n";
  out += "# TYPE portal_http_requests_in_flight gauge\n";
  out += fmt::format("portal_http_requests_in_flight {}\n", in_flight());
  out += "# HELP portal_http_connections_refused_total Connections refused: the client address had too many open.\n";
  out += "# TYPE portal_http_connections_refused_total counter\n";
  out +=
      fmt::format("portal_http_connections_refused_total {}\n", connections_refused_.load(std::memory_order_relaxed));
  if (pools_.empty()) return out;
  std::vector<PoolStats> pools;
  for (const WorkerPool* pool : pools_) pools.push_back(pool->stats());
  auto family = [&out, &pools](std::string_view name, std::string_view type, std::string_view help, auto value) {
    out += fmt::format("# HELP {} {}\n# TYPE {} {}\n", name, help, name, type);
    for (const PoolStats& p : pools) out += fmt::format("{}{{pool=\"{}\"}} {}\n", name, escape_label(p.name), value(p));
  };
  family("portal_pool_threads", "gauge", "Threads of each pool blocking work runs on.",
         [](const PoolStats& p) { return static_cast<std::uint64_t>(p.threads); });
  family("portal_pool_queue_limit", "gauge", "Tasks that may wait for a thread of the pool (-1: no bound).",
         [](const PoolStats& p) { return p.max_queue ? static_cast<std::int64_t>(*p.max_queue) : std::int64_t{-1}; });
  family("portal_pool_queue_depth", "gauge", "Tasks waiting for a thread of the pool.",
         [](const PoolStats& p) { return static_cast<std::uint64_t>(p.queued); });
  family("portal_pool_busy_threads", "gauge", "Threads of the pool running a task.",
         [](const PoolStats& p) { return static_cast<std::uint64_t>(p.busy); });
  family("portal_pool_completed_total", "counter", "Tasks the pool has run.",
         [](const PoolStats& p) { return p.completed; });
  family("portal_pool_rejected_total", "counter", "Requests answered 503 SERVER_BUSY because the pool was full.",
         [](const PoolStats& p) { return p.rejected; });
  return out;
}

}  // namespace portal::http
