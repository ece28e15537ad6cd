#include "http/worker_pool.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <latch>
#include <thread>

namespace portal::http {
namespace {

using namespace std::chrono_literals;

// Blocks the pool's threads until released, so a test knows exactly what is running and waiting.
// Declared before the pool in each test: the pool's destructor runs what is left of its tasks.
struct Gate {
  std::promise<void> open;
  std::shared_future<void> opened = open.get_future().share();
  std::function<void()> task(std::atomic<int>& started) {
    return [future = opened, &started] {
      ++started;
      future.wait();
    };
  }
};

void wait_until(const std::function<bool()>& condition) {
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  while (!condition() && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(1ms);
  ASSERT_TRUE(condition());
}

TEST(WorkerPool, RunsEveryPostedTask) {
  std::atomic<int> ran{0};
  std::latch done(50);
  WorkerPool pool(PoolOptions{.name = "test", .threads = 3, .max_queue = 100});
  for (int i = 0; i < 50; ++i) {
    ASSERT_TRUE(pool.try_post([&] {
      ++ran;
      done.count_down();
    }));
  }
  done.wait();
  EXPECT_EQ(ran, 50);
  wait_until([&] { return pool.stats().completed == 50; });
  EXPECT_EQ(pool.stats().rejected, 0u);
}

TEST(WorkerPool, AFullQueueRefusesAtOnceAndCountsTheRefusal) {
  Gate gate;
  std::atomic<int> started{0};
  WorkerPool pool(PoolOptions{.name = "hashing", .threads = 2, .max_queue = 3});
  for (int i = 0; i < 5; ++i) ASSERT_TRUE(pool.try_post(gate.task(started))) << i;
  wait_until([&] { return started == 2; });
  EXPECT_EQ(pool.stats().busy, 2u);
  EXPECT_EQ(pool.stats().queued, 3u);

  const auto before = std::chrono::steady_clock::now();
  std::atomic<bool> ran_refused{false};
  EXPECT_FALSE(pool.try_post([&] { ran_refused = true; }));
  EXPECT_LT(std::chrono::steady_clock::now() - before, 100ms);  // refused, not queued behind the gate
  EXPECT_EQ(pool.stats().rejected, 1u);
  EXPECT_EQ(pool.stats().name, "hashing");
  ASSERT_TRUE(pool.stats().max_queue.has_value());
  EXPECT_EQ(*pool.stats().max_queue, 3u);

  // post() is not bounded: internal work is never dropped.
  std::atomic<bool> posted_ran{false};
  pool.post([&] { posted_ran = true; });
  EXPECT_EQ(pool.stats().queued, 4u);

  gate.open.set_value();
  wait_until([&] { return pool.stats().completed == 6; });
  EXPECT_TRUE(posted_ran);
  EXPECT_FALSE(ran_refused);
  // Room again once the work is done.
  EXPECT_TRUE(pool.try_post([] {}));
}

TEST(WorkerPool, AZeroQueueAcceptsOnlyWhatIdleThreadsCanStart) {
  Gate gate;
  std::atomic<int> started{0};
  WorkerPool pool(PoolOptions{.name = "outbound", .threads = 1, .max_queue = 0});
  ASSERT_TRUE(pool.try_post(gate.task(started)));
  EXPECT_FALSE(pool.try_post([] {}));  // whether or not the thread has picked the first one up yet
  wait_until([&] { return started == 1; });
  EXPECT_FALSE(pool.try_post([] {}));
  gate.open.set_value();
  wait_until([&] { return pool.stats().completed == 1; });
  EXPECT_TRUE(pool.try_post([] {}));
}

TEST(WorkerPool, JoinDrainsQueuedTasksThenRefusesNewOnes) {
  std::atomic<int> ran{0};
  WorkerPool pool(PoolOptions{.name = "database", .threads = 1, .max_queue = 10});
  for (int i = 0; i < 10; ++i) {
    ASSERT_TRUE(pool.try_post([&] {
      std::this_thread::sleep_for(2ms);
      ++ran;
    }));
  }
  pool.join();  // returns once every accepted task has run
  EXPECT_EQ(ran, 10);
  EXPECT_FALSE(pool.try_post([&] { ++ran; }));
  pool.post([&] { ++ran; });
  EXPECT_EQ(ran, 10);
}

TEST(WorkerPool, ATaskThatThrowsDoesNotStopTheThread) {
  std::promise<void> second;
  WorkerPool pool(PoolOptions{.name = "test", .threads = 1, .max_queue = 4});
  ASSERT_TRUE(pool.try_post([] { throw std::runtime_error("boom"); }));
  ASSERT_TRUE(pool.try_post([&] { second.set_value(); }));
  EXPECT_EQ(second.get_future().wait_for(5s), std::future_status::ready);
}

TEST(WorkerPool, UnboundedByDefault) {
  Gate gate;
  std::atomic<int> started{0};
  WorkerPool pool(1);
  for (int i = 0; i < 1000; ++i) ASSERT_TRUE(pool.try_post(gate.task(started)));
  EXPECT_EQ(pool.name(), "workers");
  gate.open.set_value();
}

}  // namespace
}  // namespace portal::http
