//===- WorkScheduler.cpp - bounded work-stealing scheduler ----------------===//
//
// Part of the Loom project.
//
// Deques are mutex-protected rings: the bound and the publication
// transaction (acquire, then make visible) matter here, not lock freedom.
// Workers are std::threads started per domain run; worker 0 is the caller.
//
//===----------------------------------------------------------------------===//

#include "loom/Sim/WorkScheduler.h"

#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <thread>

using namespace loom::sim;

//===----------------------------------------------------------------------===//
// WorkItemId
//===----------------------------------------------------------------------===//

WorkItemId WorkItemId::getRoot(uint64_t dispatch) {
  WorkItemId id;
  id.dispatch = dispatch;
  return id;
}

WorkItemId WorkItemId::getChild(uint32_t ordinal) const {
  WorkItemId child = *this;
  child.path.push_back(ordinal);
  return child;
}

WorkItemId WorkItemId::getParent() const {
  assert(!isRoot() && "the root's parent is Root, not an item");
  WorkItemId parent = *this;
  parent.path.pop_back();
  return parent;
}

void WorkItemId::print(llvm::raw_ostream &os) const {
  os << "(dispatch " << dispatch << ", root";
  for (uint32_t ordinal : path)
    os << "." << ordinal;
  if (!isRoot())
    os << ", ordinal " << getOrdinal();
  os << ")";
}

std::string WorkItemId::str() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  print(os);
  return text;
}

//===----------------------------------------------------------------------===//
// DynamicWorkDomain
//===----------------------------------------------------------------------===//

void DynamicWorkDomain::acquire() {
  active.fetch_add(1);
  acquired.fetch_add(1);
}

void DynamicWorkDomain::closeRootSource() { rootClosed.store(true); }

void DynamicWorkDomain::retire() {
  assert(active.load() > 0 && "retiring a responsibility nobody holds");
  retired.fetch_add(1);
  active.fetch_sub(1);
}

bool DynamicWorkDomain::isComplete() const {
  return rootClosed.load() && active.load() == 0;
}

//===----------------------------------------------------------------------===//
// BoundedDeque
//===----------------------------------------------------------------------===//

BoundedDeque::BoundedDeque(unsigned capacity) : ring(std::max(capacity, 1u)) {}

bool BoundedDeque::tryPublish(WorkItem &item, DynamicWorkDomain &domain) {
  std::lock_guard<std::mutex> lock(mutex);
  if (size == ring.size())
    return false;
  // Acquire before the item is visible: a thief takes the lock first.
  domain.acquire();
  ring[(head + size) % ring.size()] = std::move(item);
  peak = std::max(peak, ++size);
  return true;
}

std::optional<WorkItem> BoundedDeque::popBack() {
  std::lock_guard<std::mutex> lock(mutex);
  if (size == 0)
    return std::nullopt;
  std::optional<WorkItem> item;
  item.swap(ring[(head + --size) % ring.size()]);
  return item;
}

std::optional<WorkItem> BoundedDeque::stealFront() {
  std::lock_guard<std::mutex> lock(mutex);
  if (size == 0)
    return std::nullopt;
  std::optional<WorkItem> item;
  item.swap(ring[head]);
  head = (head + 1) % ring.size();
  --size;
  return item;
}

unsigned BoundedDeque::getPeakOccupancy() const {
  std::lock_guard<std::mutex> lock(mutex);
  return peak;
}

//===----------------------------------------------------------------------===//
// WorkContext
//===----------------------------------------------------------------------===//

namespace {
/// Returned by spawn when an inline child failed; the child's own failure
/// is already recorded, so the parent's is dropped.
llvm::Error makeCancelled() {
  return llvm::createStringError("the domain was cancelled");
}
} // namespace

llvm::Error WorkContext::spawn(TokenValue payload) {
  WorkItem child{item.id.getChild(nextOrdinal++), std::move(payload)};
  if (scheduler.deques[worker]->tryPublish(child, *scheduler.domain))
    return llvm::Error::success();
  // Would block: nothing was acquired. Run the child here instead, holding
  // its responsibility from before it starts until its yield.
  ++scheduler.inlineRuns;
  scheduler.domain->acquire();
  WorkItemId childId = child.id;
  WorkContext childContext(scheduler, worker, std::move(child));
  llvm::Error error = (*scheduler.body)(childContext);
  ++scheduler.itemsPerWorker[worker];
  scheduler.domain->retire();
  if (!error)
    return llvm::Error::success();
  scheduler.recordFailure(childId, std::move(error));
  return makeCancelled();
}

uint64_t WorkContext::getActiveResponsibilities() const {
  return scheduler.domain->getActive();
}

//===----------------------------------------------------------------------===//
// WorkScheduler
//===----------------------------------------------------------------------===//

WorkScheduler::WorkScheduler(SchedulerOptions options) : options(options) {
  this->options.numWorkers = std::max(options.numWorkers, 1u);
  this->options.dequeCapacity = std::max(options.dequeCapacity, 1u);
}

void WorkScheduler::recordFailure(const WorkItemId &id, llvm::Error error) {
  std::string message = llvm::toString(std::move(error));
  std::lock_guard<std::mutex> lock(failureMutex);
  if (!failure)
    failure = "work item " + id.str() + ": " + message;
  cancelled.store(true);
}

std::optional<WorkItem> WorkScheduler::findWork(unsigned worker) {
  if (std::optional<WorkItem> item = deques[worker]->popBack())
    return item;
  unsigned numWorkers = deques.size();
  for (unsigned k = 1; k < numWorkers; ++k)
    if (std::optional<WorkItem> item =
            deques[(worker + k) % numWorkers]->stealFront()) {
      ++steals;
      return item;
    }
  return std::nullopt;
}

void WorkScheduler::execute(unsigned worker, WorkItem &&item) {
  WorkItemId id = item.id;
  WorkContext context(*this, worker, std::move(item));
  if (!cancelled.load())
    if (llvm::Error error = (*body)(context))
      recordFailure(id, std::move(error));
  ++itemsPerWorker[worker];
  domain->retire();
}

void WorkScheduler::workerLoop(unsigned worker) {
  unsigned idlePolls = 0;
  while (!cancelled.load()) {
    if (std::optional<WorkItem> item = findWork(worker)) {
      idlePolls = 0;
      execute(worker, std::move(*item));
      continue;
    }
    // Idle: an empty set of deques is not completion; only the domain's
    // responsibility set decides that.
    if (domain->isComplete())
      return;
    // Yield first; a worker idle for longer sleeps briefly, so idle workers
    // do not take the cores the busy ones need.
    constexpr unsigned kPollsBeforeSleep = 64;
    if (++idlePolls < kPollsBeforeSleep)
      std::this_thread::yield();
    else
      std::this_thread::sleep_for(std::chrono::microseconds(50));
  }
}

namespace {
/// Runs `work(w)` for every worker w: workers 1.. on new threads, worker 0
/// on the calling thread.
void runOnWorkers(unsigned numWorkers,
                  llvm::function_ref<void(unsigned)> work) {
  llvm::SmallVector<std::thread, 4> threads;
  for (unsigned w = 1; w < numWorkers; ++w)
    threads.emplace_back([&work, w] { work(w); });
  work(0);
  for (std::thread &thread : threads)
    thread.join();
}
} // namespace

llvm::Expected<SchedulerStats>
WorkScheduler::runDynamic(uint64_t dispatch, TokenValue rootPayload,
                          const WorkFunction &itemBody) {
  unsigned numWorkers = options.numWorkers;
  DynamicWorkDomain runDomain;
  domain = &runDomain;
  body = &itemBody;
  deques.clear();
  for (unsigned w = 0; w < numWorkers; ++w)
    deques.push_back(std::make_unique<BoundedDeque>(options.dequeCapacity));
  itemsPerWorker.reset(new std::atomic<uint64_t>[numWorkers]());
  cancelled.store(false);
  failure.reset();
  steals.store(0);
  inlineRuns.store(0);
  // Admission: the root's responsibility is acquired as it is published,
  // then the root source closes.
  WorkItem root{WorkItemId::getRoot(dispatch), std::move(rootPayload)};
  bool published = deques[0]->tryPublish(root, runDomain);
  assert(published && "an empty deque has room for the root");
  (void)published;
  runDomain.closeRootSource();
  runOnWorkers(numWorkers, [this](unsigned w) { workerLoop(w); });
  domain = nullptr;
  if (failure)
    return llvm::createStringError(*failure);
  assert(runDomain.isComplete() && "workers stop only at completion");
  SchedulerStats stats;
  stats.workers = numWorkers;
  stats.steals = steals.load();
  stats.inlineRuns = inlineRuns.load();
  stats.acquired = runDomain.getAcquired();
  stats.retired = runDomain.getRetired();
  for (unsigned w = 0; w < numWorkers; ++w) {
    stats.itemsPerWorker.push_back(itemsPerWorker[w].load());
    stats.items += stats.itemsPerWorker.back();
    stats.peakDequeOccupancy = std::max<uint64_t>(
        stats.peakDequeOccupancy, deques[w]->getPeakOccupancy());
  }
  return stats;
}

llvm::Expected<SchedulerStats>
WorkScheduler::runDense(uint64_t count, const InstanceFunction &instanceBody) {
  unsigned numWorkers =
      static_cast<unsigned>(std::min<uint64_t>(options.numWorkers, count));
  numWorkers = std::max(numWorkers, 1u);
  itemsPerWorker.reset(new std::atomic<uint64_t>[numWorkers]());
  cancelled.store(false);
  failure.reset();
  std::atomic<uint64_t> next{0};
  runOnWorkers(numWorkers, [&](unsigned w) {
    while (!cancelled.load()) {
      uint64_t position = next.fetch_add(1);
      if (position >= count)
        return;
      if (llvm::Error error = instanceBody(position, w)) {
        std::lock_guard<std::mutex> lock(failureMutex);
        if (!failure)
          failure = llvm::toString(std::move(error));
        else
          llvm::consumeError(std::move(error));
        cancelled.store(true);
      }
      ++itemsPerWorker[w];
    }
  });
  if (failure)
    return llvm::createStringError(*failure);
  SchedulerStats stats;
  stats.workers = numWorkers;
  for (unsigned w = 0; w < numWorkers; ++w) {
    stats.itemsPerWorker.push_back(itemsPerWorker[w].load());
    stats.items += stats.itemsPerWorker.back();
  }
  return stats;
}

llvm::Expected<std::optional<unsigned>>
WorkScheduler::parseWorkerCount(llvm::StringRef text) {
  text = text.trim();
  if (text.empty())
    return std::nullopt;
  unsigned count;
  // A cap keeps a typo from starting thousands of threads.
  constexpr unsigned kMaxWorkers = 1024;
  if (text.getAsInteger(10, count) || count == 0 || count > kMaxWorkers)
    return llvm::createStringError(
        "LOOM_WORKERS='" + text + "' is not a worker count: expected an " +
        "integer from 1 to " + llvm::Twine(kMaxWorkers));
  return count;
}

unsigned WorkScheduler::getHardwareWorkerCount() {
  return std::max(std::thread::hardware_concurrency(), 1u);
}
