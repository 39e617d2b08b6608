//===- WorkScheduler.h - bounded work-stealing scheduler --------*- C++ -*-===//
//
// Part of the Loom project.
//
// The bounded dynamic-work scheduler of Part 4 section 7 and the
// responsibility set it delegates to. A fixed set of workers runs the items
// of one dynamic-work domain instance: each worker owns one finite deque,
// pops the back of its own deque, and when that is empty steals the front of
// the next non-empty deque in cyclic order. Publishing a child into a full
// deque answers "would block" without acquiring anything; the spawner then
// acquires the child's responsibility itself and runs the child inline.
//
// Item identity never depends on the schedule: a WorkItemId is the dispatch
// and the path of child ordinals from the root, fixed when the item is
// spawned. Dense domains run on the same workers (instances in any order).
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_SIM_WORKSCHEDULER_H
#define LOOM_SIM_WORKSCHEDULER_H

#include "loom/Sim/TokenValue.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>

namespace loom::sim {

/// WorkItemId = (dispatch, parent or root, child ordinal). The parent is
/// itself a WorkItemId, so the identity is stored as the dispatch and the
/// ordinal path from the root: the root has the empty path (parent Root,
/// ordinal 0), child k of an item appends k.
class WorkItemId {
public:
  static WorkItemId getRoot(uint64_t dispatch);
  /// The identity of this item's `ordinal`-th spawn (zero-based).
  WorkItemId getChild(uint32_t ordinal) const;

  uint64_t getDispatch() const { return dispatch; }
  bool isRoot() const { return path.empty(); }
  /// The parent's identity; the root's parent is Root, so this asserts.
  WorkItemId getParent() const;
  /// The child ordinal; 0 for the root.
  uint32_t getOrdinal() const { return path.empty() ? 0 : path.back(); }
  llvm::ArrayRef<uint32_t> getPath() const { return path; }

  /// Prints `(dispatch 3, root)` or `(dispatch 3, root.0.1, ordinal 1)`.
  void print(llvm::raw_ostream &os) const;
  std::string str() const;

  bool operator==(const WorkItemId &other) const {
    return dispatch == other.dispatch && path == other.path;
  }
  bool operator<(const WorkItemId &other) const {
    return std::make_pair(dispatch, llvm::ArrayRef<uint32_t>(path)) <
           std::make_pair(other.dispatch, llvm::ArrayRef<uint32_t>(other.path));
  }

private:
  uint64_t dispatch = 0;
  llvm::SmallVector<uint32_t, 8> path;
};

/// One published work item: its identity and its typed payload.
struct WorkItem {
  WorkItemId id;
  TokenValue payload;
};

/// The active responsibility set of one dynamic-work domain instance, kept
/// as a count (a derived cache of the set, Part 4 section 2.2). Every
/// admission, spawn and retirement goes through it; the scheduler's queues
/// never decide completion.
class DynamicWorkDomain {
public:
  /// Acquires one item's responsibility (the root's at admission, a
  /// child's at spawn); must precede the item's publication.
  void acquire();
  /// Closes the root source right after the root's publication: later
  /// items can only arise through spawn.
  void closeRootSource();
  /// Retires one item's responsibility at its yield (exactly once per item).
  void retire();
  /// True when the root source is closed and no responsibility remains.
  bool isComplete() const;
  uint64_t getActive() const { return active.load(); }
  uint64_t getAcquired() const { return acquired.load(); }
  uint64_t getRetired() const { return retired.load(); }

private:
  std::atomic<uint64_t> active{0};
  std::atomic<uint64_t> acquired{0};
  std::atomic<uint64_t> retired{0};
  std::atomic<bool> rootClosed{false};
};

/// A finite-capacity deque of not-yet-started items, owned by one worker.
/// Publication acquires the item's responsibility under the deque's lock, so
/// no worker can see an item whose responsibility is not yet held.
class BoundedDeque {
public:
  explicit BoundedDeque(unsigned capacity);
  /// Acquires `item`'s responsibility in `domain` and moves it to the back;
  /// returns false ("would block") without acquiring anything, and leaves
  /// `item` untouched, when the deque is full.
  bool tryPublish(WorkItem &item, DynamicWorkDomain &domain);
  /// The owner's end: the most recently published item.
  std::optional<WorkItem> popBack();
  /// A thief's end: the oldest item.
  std::optional<WorkItem> stealFront();
  unsigned getPeakOccupancy() const;

private:
  mutable std::mutex mutex;
  llvm::SmallVector<std::optional<WorkItem>, 0> ring;
  unsigned head = 0, size = 0, peak = 0;
};

struct SchedulerOptions {
  /// Number of workers (the calling thread is worker 0); at least 1.
  unsigned numWorkers = 1;
  /// Capacity of each worker's deque; at least 1.
  unsigned dequeCapacity = 64;
};

/// What one domain run did.
struct SchedulerStats {
  unsigned workers = 0;
  /// Items (dynamic) or instances (dense) executed.
  uint64_t items = 0;
  /// Items a worker took from another worker's deque.
  uint64_t steals = 0;
  /// Spawns that met a full deque and ran inline.
  uint64_t inlineRuns = 0;
  /// Responsibilities acquired and retired (equal after a complete run).
  uint64_t acquired = 0, retired = 0;
  /// The most items one deque held at once.
  uint64_t peakDequeOccupancy = 0;
  /// Items executed by each worker.
  llvm::SmallVector<uint64_t, 4> itemsPerWorker;
};

class WorkScheduler;

/// What an executing work item sees: its identity, its payload, its worker,
/// and spawn.
class WorkContext {
public:
  const WorkItem &getItem() const { return item; }
  unsigned getWorker() const { return worker; }
  /// Publishes a child with the next ordinal of this item. Its
  /// responsibility is acquired before it becomes visible. When the
  /// worker's deque is full the publication would block; the child is then
  /// run inline, to its yield, before spawn returns (its identity is the
  /// same either way). Fails when the inline child fails.
  llvm::Error spawn(TokenValue payload);
  /// Responsibilities currently held in the domain (this item's included).
  uint64_t getActiveResponsibilities() const;

private:
  friend class WorkScheduler;
  WorkContext(WorkScheduler &scheduler, unsigned worker, WorkItem item)
      : scheduler(scheduler), worker(worker), item(std::move(item)) {}
  WorkScheduler &scheduler;
  unsigned worker;
  WorkItem item;
  uint32_t nextOrdinal = 0;
};

/// Runs the body of one item; it yields when it returns.
using WorkFunction = std::function<llvm::Error(WorkContext &)>;
/// Runs one dense instance, given its position in [0, count) and its worker.
using InstanceFunction = std::function<llvm::Error(uint64_t, unsigned)>;

/// The bounded work-stealing scheduler. One object runs one domain at a
/// time; workers are threads started for the run (worker 0 is the caller).
class WorkScheduler {
public:
  explicit WorkScheduler(SchedulerOptions options);

  /// Runs a dynamic-work domain instance of dispatch `dispatch` from one
  /// root payload until the domain completes. On the first failing item the
  /// domain is cancelled (queued items are dropped unexecuted) and that
  /// failure, prefixed with the item's WorkItemId, is returned.
  llvm::Expected<SchedulerStats> runDynamic(uint64_t dispatch,
                                            TokenValue rootPayload,
                                            const WorkFunction &body);

  /// Runs `count` dense instances on the workers, in no particular order.
  /// Returns the first failure (the remaining instances are not started).
  llvm::Expected<SchedulerStats> runDense(uint64_t count,
                                          const InstanceFunction &body);

  /// Parses a LOOM_WORKERS value: a positive decimal integer. Empty means
  /// unset (std::nullopt); anything else is an error naming the value.
  static llvm::Expected<std::optional<unsigned>>
  parseWorkerCount(llvm::StringRef text);
  /// The number of hardware threads (at least 1).
  static unsigned getHardwareWorkerCount();

private:
  friend class WorkContext;
  void workerLoop(unsigned worker);
  void execute(unsigned worker, WorkItem &&item);
  void recordFailure(const WorkItemId &id, llvm::Error error);
  std::optional<WorkItem> findWork(unsigned worker);

  SchedulerOptions options;
  // Per-run state.
  DynamicWorkDomain *domain = nullptr;
  const WorkFunction *body = nullptr;
  llvm::SmallVector<std::unique_ptr<BoundedDeque>, 4> deques;
  std::atomic<bool> cancelled{false};
  std::mutex failureMutex;
  std::optional<std::string> failure;
  std::unique_ptr<std::atomic<uint64_t>[]> itemsPerWorker;
  std::atomic<uint64_t> steals{0}, inlineRuns{0};
};

} // namespace loom::sim

#endif // LOOM_SIM_WORKSCHEDULER_H
