#include "features/servers/refresher.hpp"

#include <spdlog/spdlog.h>

namespace portal::servers {

namespace {
std::int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}
}  // namespace

Refresher::Refresher(Repository& repository, LiveSource& source, Tracker& tracker, SnapshotStore& store,
                     RefresherOptions options)
    : repository_(repository), source_(source), tracker_(tracker), store_(store), options_(options) {}

Refresher::~Refresher() { stop(); }

void Refresher::start() {
  cycle_logging_errors();
  std::lock_guard lock(mutex_);
  stopping_ = false;
  thread_ = std::thread([this] { loop(); });
}

void Refresher::cycle_logging_errors() {
  try {
    run_cycle();
  } catch (const std::exception& e) {
    // A database hiccup must not end the job: the next cycle tries again.
    spdlog::error("server refresh cycle failed: {}", e.what());
  }
}

void Refresher::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void Refresher::loop() {
  for (auto next = std::chrono::steady_clock::now() + options_.interval;; next += options_.interval) {
    {
      std::unique_lock lock(mutex_);
      if (wake_.wait_until(lock, next, [this] { return stopping_; })) return;
    }
    cycle_logging_errors();
    // A cycle longer than the interval starts the next one at once instead of piling up.
    next = std::max(next, std::chrono::steady_clock::now() - options_.interval);
  }
}

void Refresher::run_cycle() {
  const auto servers = repository_.list(true);
  std::vector<ProbeTarget> targets;
  targets.reserve(servers.size());
  for (const auto& s : servers) targets.push_back({s.id, s.ip, s.port, s.rcon_password});
  const auto readings = source_.read(targets);
  auto snapshot = tracker_.apply_cycle(servers, readings, Tracker::Clock::now());

  const std::int64_t now = unix_now();
  std::vector<std::pair<std::int64_t, int>> counts;
  for (const auto& view : snapshot->servers) counts.emplace_back(view.id, view.players);
  store_.set(std::move(snapshot));
  repository_.record_samples(now / kSampleBucketSeconds * kSampleBucketSeconds, counts);
  if (now - last_prune_ >= 3600) {
    repository_.prune_samples_before(now - std::chrono::duration_cast<std::chrono::seconds>(options_.history).count());
    last_prune_ = now;
  }
}

}  // namespace portal::servers
