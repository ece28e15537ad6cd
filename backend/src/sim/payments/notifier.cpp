#include "sim/payments/notifier.hpp"

#include <algorithm>
#include <iostream>

namespace portal::sim::payments {

namespace {

std::uint32_t seed_of(std::uint32_t configured) { return configured != 0 ? configured : std::random_device{}(); }

}  // namespace

Notifier::Notifier(integrations::HttpClient& http, SandboxSettings settings)
    : http_(http), settings_(std::move(settings)), random_(seed_of(settings_.seed)), thread_([this] { run(); }) {}

Notifier::~Notifier() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  thread_.join();
}

bool Notifier::roll(double probability) {
  if (probability <= 0) return false;
  if (probability >= 1) return true;
  return std::uniform_real_distribution<double>(0.0, 1.0)(random_) < probability;
}

std::chrono::milliseconds Notifier::backoff_before(int next_attempt) const {
  if (settings_.retry_backoff_ms.empty()) return std::chrono::milliseconds{0};
  const auto index = std::min<std::size_t>(static_cast<std::size_t>(std::max(next_attempt - 2, 0)),
                                           settings_.retry_backoff_ms.size() - 1);
  return std::chrono::milliseconds{settings_.retry_backoff_ms[index]};
}

std::uint64_t Notifier::enqueue(Delivery delivery) {
  std::uint64_t id = 0;
  {
    std::lock_guard lock(mutex_);
    id = ++next_id_;
    const bool late = roll(settings_.late_probability);
    auto delay = std::chrono::milliseconds{settings_.first_delay_ms};
    if (late) delay += std::chrono::milliseconds{settings_.late_delay_ms};
    records_[id] = DeliveryRecord{.id = id, .label = delivery.label, .late = late};
    deliveries_.emplace(id, std::move(delivery));
    tasks_.push_back(Task{.due = Clock::now() + delay, .id = id});
  }
  changed_.notify_all();
  return id;
}

std::vector<DeliveryRecord> Notifier::records() const {
  std::lock_guard lock(mutex_);
  std::vector<DeliveryRecord> list;
  for (const auto& [id, record] : records_) list.push_back(record);
  return list;
}

bool Notifier::wait_idle(std::chrono::milliseconds timeout) const {
  std::unique_lock lock(mutex_);
  return changed_.wait_for(lock, timeout, [this] { return tasks_.empty() && in_flight_ == 0; });
}

void Notifier::run() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    if (tasks_.empty()) {
      changed_.wait(lock);
      continue;
    }
    auto next =
        std::min_element(tasks_.begin(), tasks_.end(), [](const Task& a, const Task& b) { return a.due < b.due; });
    if (next->due > Clock::now()) {
      changed_.wait_until(lock, next->due);
      continue;
    }
    const Task task = *next;
    tasks_.erase(next);
    ++in_flight_;
    lock.unlock();
    attempt(task);
    lock.lock();
    --in_flight_;
    changed_.notify_all();
  }
}

// One POST; the outcome decides what comes next: nothing, a duplicate, a retry, or giving up.
void Notifier::attempt(const Task& task) {
  Delivery delivery;
  {
    std::lock_guard lock(mutex_);
    delivery = deliveries_.at(task.id);
  }
  auto request = delivery.build();
  request.timeout = std::chrono::milliseconds{settings_.send_timeout_ms};
  auto reply = http_.send(request);
  const bool acknowledged = reply.ok() && delivery.acknowledged(*reply);

  std::lock_guard lock(mutex_);
  auto& record = records_.at(task.id);
  ++record.attempts;
  record.statuses.push_back(reply.ok() ? reply->status : 0);
  record.requests.push_back(std::move(request));
  if (task.duplicate) {
    ++record.duplicates;
    return;
  }
  if (acknowledged) {
    record.acknowledged = true;
    if (roll(settings_.duplicate_probability)) {
      tasks_.push_back(Task{.due = Clock::now() + std::chrono::milliseconds{settings_.duplicate_delay_ms},
                            .id = task.id,
                            .duplicate = true});
    }
    return;
  }
  const int sent = record.attempts - record.duplicates;
  if (sent >= settings_.max_attempts) {
    record.gave_up = true;
    std::cerr << "payment sandbox: gave up notifying (" << record.label << ") after " << sent << " attempts\n";
    return;
  }
  tasks_.push_back(Task{.due = Clock::now() + backoff_before(sent + 1), .id = task.id});
}

}  // namespace portal::sim::payments
