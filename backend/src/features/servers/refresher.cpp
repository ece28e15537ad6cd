#include "features/servers/refresher.hpp"

namespace portal::servers {

namespace {
template <typename Unit>
std::int64_t unix_now() {
  return std::chrono::duration_cast<Unit>(std::chrono::system_clock::now().time_since_epoch()).count();
}
}  // namespace

Refresher::Refresher(Repository& repository, LiveSource& source, Tracker& tracker, SnapshotStore& store,
                     RefresherOptions options, LiveState* shared)
    : repository_(repository),
      source_(source),
      tracker_(tracker),
      store_(store),
      options_(std::move(options)),
      shared_(shared) {}

void Refresher::take_shared_reports() {
  const std::int64_t now_ms = unix_now<std::chrono::milliseconds>();
  const auto fresh_ms = std::chrono::duration_cast<std::chrono::milliseconds>(options_.plugin_fresh).count();
  const auto now = Tracker::Clock::now();
  for (auto& stored : shared_->reports_since(now_ms - fresh_ms)) {
    const auto age = std::chrono::milliseconds(std::max<std::int64_t>(0, now_ms - stored.received_at_ms));
    tracker_.note_push(stored.server_id, std::move(stored.report), now - age);
  }
}

void Refresher::run_cycle() {
  const auto servers = repository_.list(true);
  std::vector<ProbeTarget> targets;
  targets.reserve(servers.size());
  for (const auto& s : servers) targets.push_back({s.id, s.ip, s.port, s.rcon_password});
  const auto readings = source_.read(targets);
  if (shared_) take_shared_reports();
  auto snapshot = tracker_.apply_cycle(servers, readings, Tracker::Clock::now());

  const std::int64_t now = unix_now<std::chrono::seconds>();
  std::vector<std::pair<std::int64_t, int>> counts;
  for (const auto& view : snapshot->servers) counts.emplace_back(view.id, view.players);
  store_.set(snapshot);
  if (shared_) published_ = shared_->publish(snapshot->servers, options_.instance, now);
  repository_.record_samples(now / kSampleBucketSeconds * kSampleBucketSeconds, counts);
  if (now - last_prune_ >= 3600) {
    repository_.prune_samples_before(now - std::chrono::duration_cast<std::chrono::seconds>(options_.history).count());
    last_prune_ = now;
  }
}

}  // namespace portal::servers
