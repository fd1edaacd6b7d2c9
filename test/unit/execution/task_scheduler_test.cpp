// TaskScheduler: every task runs once, on the caller and the workers; errors come back;
// jobs of several callers share the workers without waiting for each other.
#include "execution/task_scheduler.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "execution/compute_once.hpp"
#include "teal/error.hpp"

namespace teal {
namespace {

TEST(TaskSchedulerTest, EveryTaskRunsExactlyOnce) {
  TaskScheduler scheduler;
  scheduler.SetWorkers(3);
  std::vector<std::atomic<int>> runs(100);
  scheduler.Run(runs.size(), [&](TaskScheduler::Job&, idx_t task) { runs[task]++; });
  for (const auto& r : runs) EXPECT_EQ(r.load(), 1);
}

TEST(TaskSchedulerTest, WithoutWorkersTheCallerRunsEveryTask) {
  TaskScheduler scheduler;
  std::set<std::thread::id> threads;
  scheduler.Run(5, [&](TaskScheduler::Job&, idx_t) { threads.insert(std::this_thread::get_id()); });
  ASSERT_EQ(threads.size(), 1u);
  EXPECT_EQ(*threads.begin(), std::this_thread::get_id());
}

TEST(TaskSchedulerTest, WorkersTakePartWhenTasksWaitForEachOther) {
  // Task 0 waits until another thread has started task 1: only a worker can, so the
  // job finishes only if a worker takes part.
  TaskScheduler scheduler;
  scheduler.SetWorkers(1);
  std::atomic<bool> second_started{false};
  std::atomic<int> done{0};
  scheduler.Run(2, [&](TaskScheduler::Job&, idx_t task) {
    if (task == 1) second_started = true;
    while (!second_started) std::this_thread::yield();
    done++;
  });
  EXPECT_EQ(done.load(), 2);
}

TEST(TaskSchedulerTest, TheFirstErrorIsThrownWithItsCategoryAfterEveryTaskEnded) {
  TaskScheduler scheduler;
  scheduler.SetWorkers(2);
  std::atomic<int> finished{0};
  try {
    scheduler.Run(8, [&](TaskScheduler::Job&, idx_t task) {
      if (task == 3) throw OutOfRangeError("task 3 failed");
      finished++;
    });
    ADD_FAILURE() << "no error";
  } catch (const OutOfRangeError& e) {
    EXPECT_STREQ(e.what(), "task 3 failed");
  }
  // The job is over: the scheduler runs the next one normally.
  std::atomic<int> next{0};
  scheduler.Run(4, [&](TaskScheduler::Job& job, idx_t) {
    EXPECT_FALSE(job.Failed());
    next++;
  });
  EXPECT_EQ(next.load(), 4);
}

TEST(TaskSchedulerTest, ConcurrentCallersShareTheWorkers) {
  TaskScheduler scheduler;
  scheduler.SetWorkers(2);
  std::atomic<int> total{0};
  std::vector<std::thread> callers;
  for (int c = 0; c < 4; c++) {
    callers.emplace_back([&] {
      for (int round = 0; round < 50; round++) {
        scheduler.Run(6, [&](TaskScheduler::Job&, idx_t) { total++; });
      }
    });
  }
  for (auto& t : callers) t.join();
  EXPECT_EQ(total.load(), 4 * 50 * 6);
}

TEST(TaskSchedulerTest, WorkersCanBeAddedAndRemovedBetweenJobs) {
  TaskScheduler scheduler;
  std::atomic<int> total{0};
  for (idx_t workers : {3, 0, 1, 4, 2}) {
    scheduler.SetWorkers(workers);
    EXPECT_EQ(scheduler.Workers(), workers);
    scheduler.Run(10, [&](TaskScheduler::Job&, idx_t) { total++; });
  }
  EXPECT_EQ(total.load(), 50);
}

}  // namespace
}  // namespace teal

namespace teal {

// Every task of a job needs a value that one of them computes with a job of its own:
// the others help run that job (HelpUntil) instead of waiting, and all see the value.
TEST(TaskSchedulerTest, ComputeOnceRunsOnceAndTheWaitersHelp) {
  TaskScheduler scheduler;
  scheduler.SetWorkers(3);
  ComputeOnce once(&scheduler);
  std::atomic<int> computations{0};
  std::atomic<idx_t> inner_tasks{0};
  idx_t value = 0;
  std::atomic<idx_t> seen_right{0};
  scheduler.Run(8, [&](TaskScheduler::Job&, idx_t) {
    once.Ensure([&] {
      computations++;
      scheduler.Run(64, [&](TaskScheduler::Job&, idx_t) { inner_tasks++; });
      value = 42;
    });
    if (value == 42) seen_right++;
  });
  EXPECT_EQ(computations.load(), 1);
  EXPECT_EQ(inner_tasks.load(), 64u);
  EXPECT_EQ(seen_right.load(), 8u);
}

// The computation's error reaches every thread that needs the value, each time.
TEST(TaskSchedulerTest, ComputeOnceThrowsItsErrorToEveryCaller) {
  TaskScheduler scheduler;
  scheduler.SetWorkers(2);
  ComputeOnce once(&scheduler);
  std::atomic<int> computations{0}, errors{0};
  scheduler.Run(6, [&](TaskScheduler::Job&, idx_t) {
    try {
      once.Ensure([&] {
        computations++;
        throw InvalidInputError("bad value");
      });
    } catch (const InvalidInputError& e) {
      if (std::string(e.what()).find("bad value") != std::string::npos) errors++;
    }
  });
  EXPECT_EQ(computations.load(), 1);
  EXPECT_EQ(errors.load(), 6);
  EXPECT_THROW(once.Ensure([] {}), InvalidInputError);
}

// Without a scheduler the others wait for the computing thread.
TEST(TaskSchedulerTest, ComputeOnceWithoutASchedulerWaits) {
  ComputeOnce once;
  std::atomic<int> computations{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; t++) {
    threads.emplace_back([&] { once.Ensure([&] { computations++; }); });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(computations.load(), 1);
}

}  // namespace teal
