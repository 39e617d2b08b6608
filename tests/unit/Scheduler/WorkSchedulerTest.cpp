//===- WorkSchedulerTest.cpp - the bounded work-stealing scheduler --------===//
//
// Part of the Loom project.
//
// The scheduler of Part 4 section 7 on its own, without IR: item identity,
// acquire-before-publish, exactly-once retirement, completion only when the
// root source is closed and no responsibility remains, owner-back /
// thief-front deque ends, "would block" spawns run inline, and results that
// do not depend on the number of workers or the deque capacity.
//
//===----------------------------------------------------------------------===//

#include "loom/Sim/WorkScheduler.h"

#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <thread>

using namespace loom::sim;

namespace {
TokenValue payload(int64_t value) { return TokenValue::getInteger(64, value); }

int64_t valueOf(const TokenValue &token) {
  return token.getInteger().getSExtValue();
}

/// Fails the test on an error and returns the value.
template <typename T> T take(llvm::Expected<T> value) {
  if (!value) {
    ADD_FAILURE() << llvm::toString(value.takeError());
    return T();
  }
  return std::move(*value);
}

TEST(WorkItemIdTest, RootChildParentAndOrdinal) {
  WorkItemId root = WorkItemId::getRoot(3);
  EXPECT_TRUE(root.isRoot());
  EXPECT_EQ(root.getOrdinal(), 0u);
  EXPECT_EQ(root.str(), "(dispatch 3, root)");
  WorkItemId child = root.getChild(1).getChild(0);
  EXPECT_FALSE(child.isRoot());
  EXPECT_EQ(child.getDispatch(), 3u);
  EXPECT_EQ(child.getOrdinal(), 0u);
  EXPECT_EQ(child.getParent(), root.getChild(1));
  EXPECT_EQ(child.getParent().getParent(), root);
  EXPECT_EQ(child.str(), "(dispatch 3, root.1.0, ordinal 0)");
  // Payload and schedule never enter identity; dispatch and path do.
  EXPECT_FALSE(root.getChild(0) == WorkItemId::getRoot(4).getChild(0));
  EXPECT_TRUE(root.getChild(0) < root.getChild(1));
  EXPECT_TRUE(root < root.getChild(0));
}

TEST(DynamicWorkDomainTest, CompletesOnlyWhenClosedAndEmpty) {
  DynamicWorkDomain domain;
  // Nothing held, but the root source is open: not complete.
  EXPECT_FALSE(domain.isComplete());
  BoundedDeque deque(2);
  WorkItem root{WorkItemId::getRoot(0), payload(7)};
  ASSERT_TRUE(deque.tryPublish(root, domain));
  // Acquired at publication, before anyone could take the item.
  EXPECT_EQ(domain.getAcquired(), 1u);
  EXPECT_EQ(domain.getActive(), 1u);
  domain.closeRootSource();
  EXPECT_FALSE(domain.isComplete());
  std::optional<WorkItem> taken = deque.stealFront();
  ASSERT_TRUE(taken);
  // Taking an item from a queue does not retire it: still not complete.
  EXPECT_FALSE(domain.isComplete());
  domain.retire();
  EXPECT_TRUE(domain.isComplete());
  EXPECT_EQ(domain.getRetired(), 1u);
}

TEST(BoundedDequeTest, OwnerPopsBackThiefStealsFrontFullWouldBlock) {
  DynamicWorkDomain domain;
  BoundedDeque deque(3);
  for (int64_t i = 0; i < 3; ++i) {
    WorkItem item{WorkItemId::getRoot(0).getChild(i), payload(i)};
    ASSERT_TRUE(deque.tryPublish(item, domain));
  }
  WorkItem extra{WorkItemId::getRoot(0).getChild(3), payload(3)};
  // Full: "would block", nothing acquired, the item left to the spawner.
  EXPECT_FALSE(deque.tryPublish(extra, domain));
  EXPECT_EQ(domain.getAcquired(), 3u);
  EXPECT_EQ(valueOf(extra.payload), 3);
  EXPECT_EQ(deque.getPeakOccupancy(), 3u);
  EXPECT_EQ(valueOf(deque.popBack()->payload), 2);
  EXPECT_EQ(valueOf(deque.stealFront()->payload), 0);
  EXPECT_EQ(valueOf(deque.popBack()->payload), 1);
  EXPECT_FALSE(deque.popBack());
  EXPECT_FALSE(deque.stealFront());
}

/// What a run of the binary tree of `numNodes` nodes observed: each item's
/// payload by identity, and the per-node slots it wrote.
struct TreeRun {
  std::map<std::string, int64_t> payloadById;
  std::vector<int64_t> slots;
  SchedulerStats stats;
  bool sawItemWithoutResponsibility = false;
  bool duplicateItem = false;
};

/// Each item i writes slots[i] = 3*i + 1 (its own slot: race-free) and
/// spawns 2i+1 and 2i+2 below numNodes.
TreeRun runTree(int64_t numNodes, unsigned workers, unsigned capacity) {
  TreeRun run;
  run.slots.assign(numNodes, 0);
  std::mutex mutex;
  WorkScheduler scheduler({workers, capacity});
  auto body = [&](WorkContext &context) -> llvm::Error {
    int64_t node = valueOf(context.getItem().payload);
    if (context.getActiveResponsibilities() == 0)
      run.sawItemWithoutResponsibility = true;
    {
      std::lock_guard<std::mutex> lock(mutex);
      bool inserted =
          run.payloadById.emplace(context.getItem().id.str(), node).second;
      run.duplicateItem |= !inserted;
    }
    run.slots[node] = 3 * node + 1;
    for (int64_t child : {2 * node + 1, 2 * node + 2})
      if (child < numNodes)
        if (llvm::Error error = context.spawn(payload(child)))
          return error;
    return llvm::Error::success();
  };
  run.stats = take(scheduler.runDynamic(0, payload(0), body));
  return run;
}

TEST(WorkSchedulerTest, TreeResultsDoNotDependOnWorkersOrCapacity) {
  constexpr int64_t kNodes = 1000;
  TreeRun reference = runTree(kNodes, 1, 64);
  ASSERT_EQ(reference.payloadById.size(), static_cast<size_t>(kNodes));
  for (int64_t i = 0; i < kNodes; ++i)
    ASSERT_EQ(reference.slots[i], 3 * i + 1);
  // Node 5 is the root's right child's left child, in heap numbering.
  EXPECT_EQ(reference.payloadById.at("(dispatch 0, root.1.0, ordinal 0)"), 5);
  for (unsigned workers : {1u, 2u, 4u})
    for (unsigned capacity : {1u, 2u, 64u}) {
      SCOPED_TRACE("workers " + std::to_string(workers) + ", capacity " +
                   std::to_string(capacity));
      TreeRun run = runTree(kNodes, workers, capacity);
      EXPECT_EQ(run.payloadById, reference.payloadById);
      EXPECT_EQ(run.slots, reference.slots);
      EXPECT_FALSE(run.duplicateItem);
      EXPECT_FALSE(run.sawItemWithoutResponsibility);
      // Exactly one acquisition and one retirement per item.
      EXPECT_EQ(run.stats.items, static_cast<uint64_t>(kNodes));
      EXPECT_EQ(run.stats.acquired, static_cast<uint64_t>(kNodes));
      EXPECT_EQ(run.stats.retired, static_cast<uint64_t>(kNodes));
      EXPECT_EQ(run.stats.workers, workers);
      EXPECT_LE(run.stats.peakDequeOccupancy, capacity);
      uint64_t perWorker = 0;
      for (uint64_t count : run.stats.itemsPerWorker)
        perWorker += count;
      EXPECT_EQ(perWorker, static_cast<uint64_t>(kNodes));
    }
}

// With one worker and a deque of one slot, the second and third spawn
// would block and run inline before spawn returns; the first waits in the
// deque and runs after the root yields.
TEST(WorkSchedulerTest, WouldBlockSpawnRunsInline) {
  WorkScheduler scheduler({1, 1});
  std::vector<std::string> order;
  auto body = [&](WorkContext &context) -> llvm::Error {
    order.push_back(context.getItem().id.str());
    if (!context.getItem().id.isRoot())
      return llvm::Error::success();
    for (int64_t i = 1; i <= 3; ++i)
      if (llvm::Error error = context.spawn(payload(i)))
        return error;
    order.push_back("root yields");
    return llvm::Error::success();
  };
  SchedulerStats stats = take(scheduler.runDynamic(0, payload(0), body));
  EXPECT_EQ(stats.inlineRuns, 2u);
  EXPECT_EQ(stats.items, 4u);
  EXPECT_EQ(stats.acquired, 4u);
  EXPECT_EQ(stats.retired, 4u);
  std::vector<std::string> expected = {
      "(dispatch 0, root)", "(dispatch 0, root.1, ordinal 1)",
      "(dispatch 0, root.2, ordinal 2)", "root yields",
      "(dispatch 0, root.0, ordinal 0)"};
  EXPECT_EQ(order, expected);
}

// The root publishes four children on its worker's deque and waits until
// one of them has run elsewhere: the other worker must steal, and it takes
// the front (the oldest child, ordinal 0).
TEST(WorkSchedulerTest, IdleWorkerStealsTheFront) {
  WorkScheduler scheduler({2, 8});
  std::atomic<int> stolenOrdinal{-1};
  std::atomic<unsigned> rootWorker{0};
  auto body = [&](WorkContext &context) -> llvm::Error {
    const WorkItemId &id = context.getItem().id;
    if (!id.isRoot()) {
      int expected = -1;
      if (context.getWorker() != rootWorker.load())
        stolenOrdinal.compare_exchange_strong(expected, id.getOrdinal());
      return llvm::Error::success();
    }
    rootWorker.store(context.getWorker());
    for (int64_t i = 0; i < 4; ++i)
      if (llvm::Error error = context.spawn(payload(i)))
        return error;
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (stolenOrdinal.load() < 0 &&
           std::chrono::steady_clock::now() < deadline)
      std::this_thread::yield();
    return llvm::Error::success();
  };
  SchedulerStats stats = take(scheduler.runDynamic(0, payload(0), body));
  EXPECT_EQ(stolenOrdinal.load(), 0);
  EXPECT_GE(stats.steals, 1u);
  EXPECT_EQ(stats.items, 5u);
}

TEST(WorkSchedulerTest, FailingItemCancelsTheDomainAndIsNamed) {
  for (unsigned workers : {1u, 4u}) {
    WorkScheduler scheduler({workers, 4});
    auto body = [&](WorkContext &context) -> llvm::Error {
      int64_t node = valueOf(context.getItem().payload);
      if (node == 6)
        return llvm::createStringError("node 6 is bad");
      for (int64_t child : {2 * node + 1, 2 * node + 2})
        if (child < 200)
          if (llvm::Error error = context.spawn(payload(child)))
            return error;
      return llvm::Error::success();
    };
    llvm::Expected<SchedulerStats> stats =
        scheduler.runDynamic(2, payload(0), body);
    ASSERT_FALSE(stats);
    EXPECT_EQ(llvm::toString(stats.takeError()),
              "work item (dispatch 2, root.1.1, ordinal 1): node 6 is bad");
  }
}

TEST(WorkSchedulerTest, DenseRunsEveryPositionOnce) {
  for (unsigned workers : {1u, 2u, 4u}) {
    WorkScheduler scheduler({workers, 1});
    std::vector<std::atomic<int>> seen(1000);
    SchedulerStats stats =
        take(scheduler.runDense(1000, [&](uint64_t i, unsigned) {
          ++seen[i];
          return llvm::Error::success();
        }));
    EXPECT_EQ(stats.items, 1000u);
    for (auto &count : seen)
      EXPECT_EQ(count.load(), 1);
    bool called = false;
    stats = take(scheduler.runDense(0, [&](uint64_t, unsigned) {
      called = true;
      return llvm::Error::success();
    }));
    EXPECT_FALSE(called);
    EXPECT_EQ(stats.items, 0u);
  }
}

TEST(WorkSchedulerTest, ParsesWorkerCounts) {
  EXPECT_EQ(take(WorkScheduler::parseWorkerCount("")), std::nullopt);
  EXPECT_EQ(take(WorkScheduler::parseWorkerCount(" 4 ")), 4u);
  for (llvm::StringRef bad : {"0", "-1", "two", "4x", "100000"}) {
    llvm::Expected<std::optional<unsigned>> count =
        WorkScheduler::parseWorkerCount(bad);
    ASSERT_FALSE(count) << bad.str();
    EXPECT_EQ(llvm::toString(count.takeError()),
              "LOOM_WORKERS='" + bad.str() +
                  "' is not a worker count: expected an integer from 1 to "
                  "1024");
  }
  EXPECT_GE(WorkScheduler::getHardwareWorkerCount(), 1u);
}
} // namespace
