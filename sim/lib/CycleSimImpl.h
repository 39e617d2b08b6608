//===- CycleSimImpl.h - timing around the token engine -*- C++ -*-===//
//
// Part of the Loom project.
//
// Private to LoomSim. A CycleEngine drives the emulator's Engine (same
// actors, queues, firing rules and compute table) cycle by cycle: it decides
// which actors fire from the tokens visible in a cycle, the unit's initiation
// interval, the room left on output routes and the memory interfaces' ports,
// and takes the tokens a firing emits (as the Engine's TokenSink) to deliver
// them after the unit and route latencies. CycleSimulator.cpp runs the
// cycles, CycleSimSetup.cpp binds the mapping and analyses the loops.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_SIM_LIB_CYCLESIMIMPL_H
#define LOOM_SIM_LIB_CYCLESIMIMPL_H

#include "EmulatorImpl.h"

#include "loom/Sim/CycleSimulator.h"

#include "llvm/ADT/BitVector.h"

#include <deque>
#include <functional>
#include <queue>

namespace loom::sim::detail {

/// The timing of one use queue: its route and what it holds.
struct QueueTiming {
  uint32_t latency = 0;
  uint32_t capacity = fabric::kUnboundedCapacity;
  /// Tokens emitted into the route and not yet visible to the consumer.
  uint32_t inFlight = 0;
  /// Tokens the consumer took this cycle: their slots free up next cycle.
  uint32_t poppedThisCycle = 0;
};

/// Where an actor runs and how long its outputs take to leave it.
struct ActorTiming {
  /// Index into CycleEngine::units.
  uint32_t unit = 0;
  /// Cycles from a firing to its outputs entering the routes: the unit
  /// latency, plus for memory actors the trip to the interface and back (and
  /// the interface latency for loads).
  uint32_t delay = 1;
  /// Index into CycleEngine::interfaces, or -1 for a non-memory actor.
  int32_t interface = -1;
  /// The loop this actor controls (index into CycleEngine::loops), or -1.
  int32_t loop = -1;
};

/// A function unit that some actor is placed on.
struct UnitState {
  uint32_t element = 0, unit = 0;
  uint32_t initiationInterval = 1;
  uint64_t nextFree = 0;
  uint64_t busyCycles = 0;
};

/// A memory interface that some memory actor is bound to, with this cycle's
/// accepted requests.
struct InterfaceState {
  const fabric::MemoryInterface *spec = nullptr;
  uint64_t cycle = UINT64_MAX;
  uint32_t requests = 0, loads = 0, stores = 0;
  /// Requests accepted over the run.
  uint64_t totalLoads = 0, totalStores = 0;
  /// Cycle in which each bank last accepted a request.
  llvm::SmallVector<uint64_t, 4> bankCycle;
};

/// One loop: the stream or carries driven by one phase value.
struct LoopState {
  /// The controlling actor (the stream, else the first carry).
  int32_t controller = -1;
  /// Actors of the loop's body (stateful actors included), for the
  /// resource bound.
  llvm::SmallVector<int32_t, 0> body;
  /// Cycles of the slowest dependence cycle through the loop's carries.
  uint64_t recurrenceCycles = 1;
  /// Iterations; the first and last cycle of the current span (a launch,
  /// or one instance of a batch); the cycles of the spans before it and
  /// how many spans iterated.
  uint64_t iterations = 0, firstCycle = 0, lastCycle = 0;
  uint64_t closedSpanCycles = 0, spans = 0;
  uint32_t spanInstance = 0;
};

/// A token on its way to a queue.
struct Flight {
  uint64_t arrival = 0;
  uint32_t queue = 0;
  /// The batch instance the token belongs to (0 outside a batch).
  uint32_t instance = 0;
  TokenValue token;
};

/// The tokens in flight, by arrival cycle: a ring of buckets, one per cycle
/// of the window [next, next + size) that holds every pending arrival (the
/// ring grows when a longer delay comes). Tokens of one cycle arrive in the
/// order they were sent. A priority queue ordered by (arrival, send order)
/// gives the same order at O(log n) per token; this is O(1), and moving
/// flights around a heap was a quarter of the simulator's time.
class FlightCalendar {
public:
  /// Adds `flight`, sent at cycle `now` (its arrival is later).
  void push(Flight flight, uint64_t now);
  bool empty() const { return count == 0; }
  /// The earliest pending arrival; the calendar must not be empty.
  uint64_t getEarliestArrival() const;
  /// Hands every flight that arrives by cycle `now` to `deliver`, in
  /// arrival order and, within a cycle, in send order. `now` never passes
  /// a pending arrival it has not delivered (the cycle loop wakes at the
  /// earliest one).
  void deliverUntil(uint64_t now, llvm::function_ref<void(Flight &)> deliver);

private:
  void grow(uint64_t delay);

  std::vector<std::vector<Flight>> buckets =
      std::vector<std::vector<Flight>>(64);
  /// The earliest cycle not delivered yet.
  uint64_t next = 0;
  size_t count = 0;
};

/// What the evaluate phase of one cycle saw.
struct CycleOutcome {
  std::array<uint64_t, kNumStallCauses> stalls = {};
  bool fired = false;
  /// Some actor lost a memory port or bank: try again next cycle.
  bool retryNext = false;
  /// The earliest cycle a unit some actor waits for is free again.
  uint64_t wake = UINT64_MAX;
};

class CycleEngine final : public TokenSink {
public:
  CycleEngine(Engine &engine, const fabric::Fabric &fabric,
              const fabric::Mapping &mapping, const CycleSimOptions &options)
      : engine(engine), fabric(fabric), mapping(mapping), options(options) {}

  /// Checks the mapping against the graph and the fabric and derives every
  /// actor's unit and delay and every queue's route (CycleSimSetup.cpp).
  llvm::Error bindMapping();
  /// Finds the loops, their bodies and recurrence cycles (CycleSimSetup.cpp).
  void analyzeLoops();
  /// Starts tracking, for a batch of instances, which instance every token
  /// belongs to: the seeded tokens of each queue are instances 0, 1, ...
  /// Call after seeding, before run.
  void trackInstances();
  /// Runs cycles until completion; fails on deadlock, budget or UB.
  llvm::Error run();
  void fillStats(CycleSimResult &result) const;
  /// The loop formed by the `instances` pipelined instances of a batch.
  LoopRate getInstanceRate(uint64_t instances) const;
  llvm::SmallVector<TraceEvent, 0> takeTrace() { return std::move(trace); }

  void send(uint32_t queue, const TokenValue &token) override;

private:
  llvm::Error bindActor(uint32_t index);
  llvm::Error bindMemories();
  llvm::Error bindQueues();
  void collectBody(LoopState &loop, mlir::Value phase);
  uint64_t getHopCycles(int32_t from, mlir::OpOperand &use) const;
  uint64_t getLongestCycle(int32_t from, int32_t carry,
                           llvm::ArrayRef<bool> inBody,
                           llvm::SmallVectorImpl<uint64_t> &memo) const;

  void deliver();
  /// Checks every actor with pending work and fires those that can.
  llvm::Error evaluateCycle(CycleOutcome &outcome);
  llvm::Error timedDeadlockError() const;
  std::optional<StallCause> checkFiring(const Actor &actor,
                                        const ActorTiming &timing);
  std::optional<StallCause> checkMemory(const Actor &actor,
                                        const ActorTiming &timing);
  llvm::Error fireTimed(uint32_t index);
  bool hasPendingWork(const Actor &actor) const;
  bool hasFullOutput(const Actor &actor) const;
  void explainFullOutputs(llvm::raw_ostream &os, const Actor &actor) const;
  void countIteration(uint32_t index, ActorState before);
  /// Batches: the instance whose tokens the next firing of actor `index`
  /// consumes; fails when it would mix instances or carry an actor's loop
  /// state from one instance into the next.
  llvm::Error claimInstance(uint32_t index);
  /// Batches: drops the instance tags of the tokens a firing consumed.
  void releaseInstances(uint32_t queue, size_t popped);
  /// Batches: fails unless a token arriving at graph.return belongs to the
  /// instance its position stands for.
  void checkReturnInstance(const UseQueue &queue, uint32_t instance);
  double getResourceCycles(const LoopState &loop) const;
  llvm::Error budgetError() const;

  Engine &engine;
  const fabric::Fabric &fabric;
  const fabric::Mapping &mapping;
  const CycleSimOptions &options;

  llvm::SmallVector<ActorTiming, 0> actorTiming;
  llvm::SmallVector<QueueTiming, 0> queueTiming;
  llvm::SmallVector<UnitState, 0> units;
  /// (element << 32 | unit) -> index into units.
  llvm::DenseMap<uint64_t, uint32_t> unitSlots;
  llvm::SmallVector<InterfaceState, 0> interfaces;
  llvm::SmallVector<LoopState, 0> loops;

  FlightCalendar flights;
  /// The current cycle, and the delay of the firing in progress.
  uint64_t now = 0;
  uint64_t firingDelay = 1;
  /// Actors that may have pending work (received a token, or had work
  /// left after the last cycle); only these are checked.
  llvm::BitVector active;
  /// Actors taken out of `active` because an operand was missing: nothing
  /// but a token arriving on one of their inputs can make them ready, so
  /// they are not checked again until deliver() wakes them. Each still
  /// counts one input stall per cycle, as when it was checked.
  llvm::BitVector parked;
  uint64_t numParked = 0;
  /// Queues whose poppedThisCycle is non-zero.
  llvm::SmallVector<uint32_t, 0> poppedQueues;
  std::array<uint64_t, kNumStallCauses> stalls = {};
  uint64_t memoryLoads = 0, memoryStores = 0;
  /// The cycle the completion frontier was reached.
  uint64_t completionCycle = 0;
  /// Batches only: per queue, the instance of each token it holds, in
  /// order; per actor, the instance of its latest firing; the instance of
  /// the firing in progress (what its emitted tokens belong to).
  bool tracksInstances = false;
  llvm::SmallVector<std::deque<uint32_t>, 0> queueInstances;
  llvm::SmallVector<uint32_t, 0> actorInstance;
  uint32_t firingInstance = 0;
  /// The bank the memory request being checked goes to, if known.
  std::optional<uint32_t> requestBank;
  llvm::SmallVector<TraceEvent, 0> trace;
};

} // namespace loom::sim::detail

#endif // LOOM_SIM_LIB_CYCLESIMIMPL_H
