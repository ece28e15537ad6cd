#include "core/jobs/scheduler.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <set>

namespace portal::core::jobs {
namespace {

using namespace std::chrono_literals;
using ::testing::HasSubstr;

// Who leads which key, shared by the "instances" of one test like a database would be.
struct LockTable {
  std::mutex mutex;
  std::map<std::int64_t, int> holder;
};

class FakeElection final : public Election {
 public:
  FakeElection(LockTable& table, int id) : table_(table), id_(id) {}
  bool lead(std::int64_t key) override {
    if (broken) throw std::runtime_error("connection lost");
    std::lock_guard lock(table_.mutex);
    auto [it, inserted] = table_.holder.emplace(key, id_);
    return inserted || it->second == id_;
  }
  void resign_all() override {
    std::lock_guard lock(table_.mutex);
    std::erase_if(table_.holder, [this](const auto& held) { return held.second == id_; });
    ++resigned;
  }
  bool broken = false;
  int resigned = 0;

 private:
  LockTable& table_;
  int id_;
};

Job job(std::string name, std::chrono::milliseconds interval, std::function<void()> work,
        std::optional<std::int64_t> key = std::nullopt) {
  Job j;
  j.name = std::move(name);
  j.interval = interval;
  j.work = std::move(work);
  j.lock_key = key;
  return j;
}

TEST(Scheduler, RunsAtOnceThenEveryIntervalByTheClock) {
  ManualClock clock;
  AlwaysLead election;
  Scheduler scheduler(election, clock, "test");
  int runs = 0;
  scheduler.add(job("count", 10s, [&] { ++runs; }));
  EXPECT_EQ(scheduler.run_due_now(), 1);
  EXPECT_EQ(scheduler.run_due_now(), 0);
  clock.advance(9s);
  EXPECT_EQ(scheduler.run_due_now(), 0);
  clock.advance(1s);
  EXPECT_EQ(scheduler.run_due_now(), 1);
  EXPECT_EQ(runs, 2);
  const auto stats = scheduler.stats();
  ASSERT_EQ(stats.size(), 1u);
  EXPECT_EQ(stats[0].runs, 2u);
  EXPECT_TRUE(stats[0].leading);
  EXPECT_FALSE(stats[0].elected);
  ASSERT_TRUE(stats[0].last_run);
  EXPECT_EQ(*stats[0].last_run, clock.wall_now());
}

TEST(Scheduler, AFailedRunIsCountedAndTheJobGoesOn) {
  ManualClock clock;
  AlwaysLead election;
  Scheduler scheduler(election, clock, "test");
  int calls = 0;
  scheduler.add(job("flaky", 1s, [&] {
    if (++calls == 1) throw std::runtime_error("database hiccup");
  }));
  scheduler.run_due_now();
  EXPECT_FALSE(scheduler.stats()[0].last_ok) << "the only run so far failed";
  clock.advance(1s);
  scheduler.run_due_now();
  const auto stats = scheduler.stats()[0];
  ASSERT_TRUE(stats.last_ok);
  EXPECT_EQ(*stats.last_ok, clock.wall_now());
  EXPECT_EQ(stats.runs, 2u);
  EXPECT_EQ(stats.failures, 1u);
  EXPECT_EQ(stats.last_error, "database hiccup");
  EXPECT_THAT(scheduler.render_metrics(), HasSubstr("portal_job_failures_total{job=\"flaky\"} 1\n"));
}

TEST(Scheduler, AnElectedJobRunsOnOneInstanceAndMovesWhenItsLeaderStops) {
  ManualClock clock;
  LockTable table;
  FakeElection election_a(table, 1), election_b(table, 2), election_c(table, 3);
  std::atomic<int> runs_a{0}, runs_b{0}, runs_c{0};
  Scheduler a(election_a, clock, "a"), b(election_b, clock, "b"), c(election_c, clock, "c");
  std::vector<bool> b_leadership;
  a.add(job(
      "rank", 10s, [&] { ++runs_a; }, 42));
  auto jb = job(
      "rank", 10s, [&] { ++runs_b; }, 42);
  jb.on_leadership = [&](bool leading) { b_leadership.push_back(leading); };
  b.add(std::move(jb));
  c.add(job(
      "rank", 10s, [&] { ++runs_c; }, 42));

  for (int i = 0; i < 3; ++i) {
    a.run_due_now();
    b.run_due_now();
    c.run_due_now();
    clock.advance(10s);
  }
  EXPECT_EQ(runs_a, 3);
  EXPECT_EQ(runs_b + runs_c, 0);
  EXPECT_TRUE(a.leads("rank"));
  EXPECT_FALSE(b.leads("rank"));
  EXPECT_EQ(b.stats()[0].skipped, 3u);
  EXPECT_THAT(a.render_metrics(), HasSubstr("portal_job_leader{job=\"rank\"} 1\n"));
  EXPECT_THAT(b.render_metrics(), HasSubstr("portal_job_leader{job=\"rank\"} 0\n"));

  a.stop();
  EXPECT_EQ(election_a.resigned, 1);
  EXPECT_FALSE(a.leads("rank"));
  // The others asked at their retry (min(interval, 5 s)); the first to ask after the stop leads.
  clock.advance(5s);
  b.run_due_now();
  c.run_due_now();
  EXPECT_EQ(runs_b, 1);
  EXPECT_EQ(runs_c, 0);
  EXPECT_EQ(b_leadership, (std::vector<bool>{false, true}));
}

TEST(Scheduler, AnElectionThatFailsRunsNothing) {
  ManualClock clock;
  LockTable table;
  FakeElection election(table, 1);
  election.broken = true;
  Scheduler scheduler(election, clock, "test");
  int runs = 0;
  scheduler.add(job(
      "rank", 10s, [&] { ++runs; }, 7));
  EXPECT_EQ(scheduler.run_due_now(), 0);
  EXPECT_EQ(runs, 0);
  election.broken = false;
  clock.advance(5s);
  EXPECT_EQ(scheduler.run_due_now(), 1);
}

TEST(Scheduler, RefusesBadJobs) {
  ManualClock clock;
  AlwaysLead election;
  Scheduler scheduler(election, clock, "test");
  EXPECT_THROW(scheduler.add(job("", 1s, [] {})), std::invalid_argument);
  EXPECT_THROW(scheduler.add(job("zero", 0s, [] {})), std::invalid_argument);
  scheduler.add(job("once", 1s, [] {}));
  EXPECT_THROW(scheduler.add(job("once", 1s, [] {})), std::invalid_argument);
}

// On threads with the real clock: start() runs first_run_in_start jobs before returning, and stop()
// waits for the run in progress.
TEST(Scheduler, StartRunsOnThreadsAndStopWaitsForTheRunInProgress) {
  SystemClock clock;
  AlwaysLead election;
  Scheduler scheduler(election, clock, "test");
  std::atomic<int> first{0};
  std::mutex mutex;
  std::condition_variable cv;
  bool entered = false;
  std::atomic<bool> finished{false};
  auto eager = job("eager", 1h, [&] { ++first; });
  eager.first_run_in_start = true;
  scheduler.add(std::move(eager));
  scheduler.add(job("slow", 1h, [&] {
    {
      std::lock_guard lock(mutex);
      entered = true;
    }
    cv.notify_all();
    std::this_thread::sleep_for(200ms);
    finished = true;
  }));
  scheduler.start();
  EXPECT_EQ(first, 1);
  {
    std::unique_lock lock(mutex);
    ASSERT_TRUE(cv.wait_for(lock, 60s, [&] { return entered; }));
  }
  scheduler.stop();
  EXPECT_TRUE(finished);
  EXPECT_EQ(first, 1);
  const auto stats = scheduler.stats();
  EXPECT_EQ(stats[1].runs, 1u);
  EXPECT_FALSE(stats[1].running);
}

TEST(Scheduler, AWakeBringsTheNextRunForwardButNotCloserThanItsGap) {
  ManualClock clock;
  AlwaysLead election;
  Scheduler scheduler(election, clock, "test");
  int runs = 0;
  auto woken = job("woken", 10s, [&] { ++runs; });
  woken.soonest_on_wake = 200ms;
  scheduler.add(std::move(woken));
  int plain_runs = 0;
  scheduler.add(job("plain", 10s, [&] { ++plain_runs; }));
  EXPECT_EQ(scheduler.run_due_now(), 2);

  scheduler.wake("woken");
  scheduler.wake("woken");  // twice: still one run
  scheduler.wake("plain");  // no gap set: nothing changes
  scheduler.wake("unknown");
  clock.advance(150ms);
  EXPECT_EQ(scheduler.run_due_now(), 0) << "not before the gap since the last start";
  clock.advance(50ms);
  EXPECT_EQ(scheduler.run_due_now(), 1);
  EXPECT_EQ(runs, 2);
  EXPECT_EQ(plain_runs, 1);

  clock.advance(1s);
  EXPECT_EQ(scheduler.run_due_now(), 0) << "without a wake the interval applies again";
  clock.advance(9s);
  EXPECT_EQ(scheduler.run_due_now(), 2);
}

TEST(Scheduler, AWakeDuringARunSchedulesTheNextOneAtTheGap) {
  ManualClock clock;
  AlwaysLead election;
  Scheduler scheduler(election, clock, "test");
  int runs = 0;
  auto woken = job("woken", 10s, [&] {
    if (++runs == 1) scheduler.wake("woken");  // as a batch applied while the job reads
  });
  woken.soonest_on_wake = 200ms;
  scheduler.add(std::move(woken));
  EXPECT_EQ(scheduler.run_due_now(), 1);
  clock.advance(200ms);
  EXPECT_EQ(scheduler.run_due_now(), 1);
  clock.advance(200ms);
  EXPECT_EQ(scheduler.run_due_now(), 0) << "the second run was not woken";
}

TEST(Scheduler, AWakeEndsTheWaitOfAJobThread) {
  SystemClock clock;
  AlwaysLead election;
  Scheduler scheduler(election, clock, "test");
  std::mutex mutex;
  std::condition_variable cv;
  int runs = 0;
  auto woken = job("woken", 1h, [&] {
    {
      std::lock_guard lock(mutex);
      ++runs;
    }
    cv.notify_all();
  });
  woken.soonest_on_wake = 1ms;
  scheduler.add(std::move(woken));
  scheduler.start();
  {
    std::unique_lock lock(mutex);
    ASSERT_TRUE(cv.wait_for(lock, 60s, [&] { return runs == 1; }));
  }
  scheduler.wake("woken");
  {
    std::unique_lock lock(mutex);
    EXPECT_TRUE(cv.wait_for(lock, 60s, [&] { return runs == 2; })) << "the thread slept on for the interval";
  }
  scheduler.stop();
}

}  // namespace
}  // namespace portal::core::jobs
