#include "core/jobs/scheduler.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <stdexcept>

namespace portal::core::jobs {

namespace {

constexpr std::chrono::milliseconds kMaxRetry{5000};

std::string label_value(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c == '\\' || c == '"') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else {
      out += c;
    }
  }
  return out;
}

double seconds_since_epoch(std::chrono::system_clock::time_point at) {
  return std::chrono::duration<double>(at.time_since_epoch()).count();
}

}  // namespace

struct Scheduler::Entry {
  Job job;
  JobStats stats;
  std::chrono::steady_clock::time_point next_due;
  std::chrono::steady_clock::time_point last_started;  // of the last tick
  bool woken = false;                                  // wake() since the last tick started
  std::optional<bool> leading;                         // unknown until the first tick of an elected job
};

Scheduler::Scheduler(Election& election, const Clock& clock, std::string instance)
    : election_(election), clock_(clock), instance_(std::move(instance)) {}

Scheduler::~Scheduler() { stop(); }

void Scheduler::add(Job job) {
  if (job.name.empty()) throw std::invalid_argument("A job needs a name.");
  if (job.interval <= std::chrono::milliseconds::zero()) {
    throw std::invalid_argument("Job " + job.name + " needs an interval above zero.");
  }
  if (!job.work) throw std::invalid_argument("Job " + job.name + " has nothing to run.");
  if (job.retry <= std::chrono::milliseconds::zero()) job.retry = std::min(job.interval, kMaxRetry);
  std::lock_guard lock(mutex_);
  if (started_) throw std::logic_error("Job " + job.name + " added after the scheduler started.");
  for (const auto& entry : entries_) {
    if (entry->job.name == job.name) throw std::invalid_argument("Two jobs are named " + job.name + ".");
  }
  auto entry = std::make_unique<Entry>();
  entry->stats.name = job.name;
  entry->stats.interval = job.interval;
  entry->stats.elected = job.lock_key.has_value();
  entry->stats.leading = !job.lock_key.has_value();
  entry->next_due = clock_.now();
  entry->last_started = entry->next_due;
  entry->job = std::move(job);
  entries_.push_back(std::move(entry));
}

void Scheduler::start() {
  {
    std::lock_guard lock(mutex_);
    if (started_) return;
    started_ = true;
    stopping_ = false;
  }
  for (auto& entry : entries_) {
    if (entry->job.first_run_in_start) tick(*entry);
  }
  for (auto& entry : entries_) {
    Entry* e = entry.get();
    threads_.emplace_back([this, e] { loop(*e); });
  }
}

void Scheduler::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (auto& thread : threads_) {
    if (thread.joinable()) thread.join();
  }
  threads_.clear();
  try {
    election_.resign_all();
  } catch (const std::exception& e) {
    spdlog::warn("instance {}: giving up job leadership failed: {}", instance_, e.what());
  }
  std::lock_guard lock(mutex_);
  for (auto& entry : entries_) {
    if (entry->job.lock_key && entry->leading.value_or(false)) {
      entry->leading = false;
      entry->stats.leading = false;
    }
  }
}

void Scheduler::loop(Entry& entry) {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    const auto now = clock_.now();
    if (now < entry.next_due) {
      // No predicate: a wake() that brought next_due forward must end the wait; the loop checks again.
      wake_.wait_for(lock, entry.next_due - now);
      continue;
    }
    lock.unlock();
    tick(entry);
    lock.lock();
  }
}

int Scheduler::run_due_now() {
  int ran = 0;
  for (auto& entry : entries_) {
    {
      std::lock_guard lock(mutex_);
      if (stopping_ || clock_.now() < entry->next_due) continue;
    }
    if (tick(*entry)) ++ran;
  }
  return ran;
}

void Scheduler::wake(std::string_view job) {
  {
    std::lock_guard lock(mutex_);
    const auto found =
        std::find_if(entries_.begin(), entries_.end(), [&](const auto& entry) { return entry->job.name == job; });
    if (found == entries_.end()) return;
    Entry& entry = **found;
    if (entry.job.soonest_on_wake <= std::chrono::milliseconds::zero()) return;
    entry.woken = true;  // a run under way when woken schedules its next one as soon as allowed
    const auto soonest = entry.last_started + entry.job.soonest_on_wake;
    if (entry.next_due <= soonest) return;
    entry.next_due = soonest;
  }
  wake_.notify_all();
}

bool Scheduler::tick(Entry& entry) {
  const Job& job = entry.job;
  const auto tick_started = clock_.now();
  {
    std::lock_guard lock(mutex_);
    entry.last_started = tick_started;
    entry.woken = false;
  }
  if (job.lock_key) {
    bool leading = false;
    try {
      leading = election_.lead(*job.lock_key);
    } catch (const std::exception& e) {
      spdlog::warn("instance {}: cannot tell who leads job {}: {}", instance_, job.name, e.what());
    }
    bool changed = false;
    {
      std::lock_guard lock(mutex_);
      changed = entry.leading != leading;
      entry.leading = leading;
      entry.stats.leading = leading;
      if (!leading) {
        ++entry.stats.skipped;
        entry.next_due = tick_started + job.retry;
      }
    }
    if (changed) {
      if (leading) {
        spdlog::info("instance {} leads job {}", instance_, job.name);
      } else {
        spdlog::info("instance {} does not lead job {}; another instance runs it", instance_, job.name);
      }
      if (job.on_leadership) {
        try {
          job.on_leadership(leading);
        } catch (const std::exception& e) {
          spdlog::warn("job {}: leadership change handler failed: {}", job.name, e.what());
        }
      }
    }
    if (!leading) return false;
  }

  const auto run_started = clock_.now();
  {
    std::lock_guard lock(mutex_);
    entry.stats.running = true;
    entry.stats.last_run = clock_.wall_now();
  }
  std::string error;
  bool failed = false;
  try {
    job.work();
  } catch (const std::exception& e) {
    failed = true;
    error = e.what();
  } catch (...) {
    failed = true;
    error = "unknown exception";
  }
  if (failed) spdlog::warn("job {} failed: {}", job.name, error);
  const auto ended = clock_.now();
  std::lock_guard lock(mutex_);
  entry.stats.running = false;
  ++entry.stats.runs;
  if (failed) {
    ++entry.stats.failures;
    entry.stats.last_error = std::move(error);
  } else {
    entry.stats.last_ok = entry.stats.last_run;
  }
  entry.stats.last_duration = ended - run_started;
  entry.next_due = tick_started + (entry.woken ? std::min(job.soonest_on_wake, job.interval) : job.interval);
  return true;
}

bool Scheduler::leads(std::string_view job) const {
  std::lock_guard lock(mutex_);
  for (const auto& entry : entries_) {
    if (entry->job.name == job) return entry->stats.leading;
  }
  return false;
}

std::vector<JobStats> Scheduler::stats() const {
  std::lock_guard lock(mutex_);
  std::vector<JobStats> out;
  out.reserve(entries_.size());
  for (const auto& entry : entries_) out.push_back(entry->stats);
  return out;
}

std::string Scheduler::render_metrics() const {
  const auto all = stats();
  const std::string instance = label_value(instance_);
  std::string out;
  const auto family = [&](std::string_view name, std::string_view type, std::string_view help, auto&& value) {
    out += "# HELP ";
    out += name;
    out += ' ';
    out += help;
    out += "\n# TYPE ";
    out += name;
    out += ' ';
    out += type;
    out += '\n';
    for (const auto& job : all) {
      out += fmt::format("{}{{job=\"{}\"}} {}\n", name, label_value(job.name), value(job));
    }
  };
  out += "# HELP portal_instance_info This portal instance, as its job metrics and logs name it.\n";
  out += "# TYPE portal_instance_info gauge\n";
  out += fmt::format("portal_instance_info{{instance=\"{}\"}} 1\n", instance);
  family("portal_job_leader", "gauge",
         "1 when this instance runs the job (an elected job runs on one instance; others run everywhere).",
         [](const JobStats& j) { return j.leading ? 1 : 0; });
  family("portal_job_elected", "gauge", "1 when the job runs on one elected instance, 0 when on every instance.",
         [](const JobStats& j) { return j.elected ? 1 : 0; });
  family("portal_job_running", "gauge", "1 while a run is in progress on this instance.",
         [](const JobStats& j) { return j.running ? 1 : 0; });
  family("portal_job_runs_total", "counter", "Runs completed on this instance, failed ones included.",
         [](const JobStats& j) { return j.runs; });
  family("portal_job_failures_total", "counter", "Runs on this instance that failed.",
         [](const JobStats& j) { return j.failures; });
  family("portal_job_skipped_total", "counter", "Ticks skipped on this instance because another instance leads.",
         [](const JobStats& j) { return j.skipped; });
  family("portal_job_last_run_timestamp_seconds", "gauge", "Unix time the last run on this instance started; 0: none.",
         [](const JobStats& j) { return j.last_run ? seconds_since_epoch(*j.last_run) : 0.0; });
  family("portal_job_last_duration_seconds", "gauge", "How long the last run on this instance took.",
         [](const JobStats& j) { return j.last_duration.count(); });
  family("portal_job_interval_seconds", "gauge", "The job's interval.",
         [](const JobStats& j) { return std::chrono::duration<double>(j.interval).count(); });
  return out;
}

}  // namespace portal::core::jobs
