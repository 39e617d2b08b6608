//===- CycleSimImpl.h - timing around the token engine -*- C++ -*-===//
//
// Part of the Loom project.
//
// Private to LoomSim. A CycleEngine drives the emulator's Engine (same
// actors, queues, firing rules and compute table) cycle by cycle: it decides
// which actors fire from the tokens visible in a cycle, the unit's initiation
// interval and its turn among the actors sharing it, the room left on output
// routes, the channels of shared links and the memory interfaces' ports,
// and takes the tokens a firing emits (as the Engine's TokenSink) to deliver
// them after the unit and route latencies. CycleSimulator.cpp runs the
// cycles, CycleSimSetup.cpp binds the mapping and analyses the loops,
// LinkChannels.cpp books the channels of shared links.
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
  /// The actor's position in its unit's UnitState::actors.
  uint32_t turn = 0;
};

/// A function unit that some actor is placed on.
struct UnitState {
  uint32_t element = 0, unit = 0;
  uint32_t initiationInterval = 1;
  uint64_t nextFree = 0;
  uint64_t busyCycles = 0;
  /// The actors placed on the unit, in actor order; more than one share it
  /// in turns (round robin from the one after the last that fired).
  llvm::SmallVector<uint32_t, 1> actors;
  /// The contexts those actors hold (bit c: context c), on elements with
  /// more than one context.
  uint64_t usedContexts = 0;
  /// The position in `actors` of the last actor that fired, and when.
  uint32_t lastTurn = UINT32_MAX;
  uint64_t lastFiring = UINT64_MAX;
  /// The cycle in which the unit's turn was last decided.
  uint64_t decidedCycle = UINT64_MAX;
};

/// The crossing of a shared link by the tokens of one value, counted from
/// the producer's firing.
struct Crossing {
  /// Index into LinkChannels' shared links.
  uint32_t link = 0;
  /// Cycles from the firing to the crossing: the producer's delay (the
  /// cycle its tokens enter the route) plus the latencies of the route's
  /// links before this one.
  uint32_t offset = 0;
};

/// "link #i (r, c) -> (r, c)", a memory port by its interface's name.
std::string describeLink(const fabric::Fabric &fabric, uint32_t link);

/// The channels of the time-multiplexed links (Link::contexts > 1) that the
/// mapping gives more distinct values than channels (LinkChannels.cpp).
/// Per cycle, at most `channels` distinct
/// values' tokens cross such a link; the tokens of one value in one cycle
/// take one channel (the uses of a value share it). A firing takes its
/// channels when it fires, at the cycles its tokens will cross, and waits
/// (link-busy) while one is taken. A waiting firing books the channels of
/// a later firing cycle beyond every channel taken so far, so the wait ends
/// however often others fire. Links with at most `channels` values never
/// conflict and are not tracked, nor are links with one context: the mapper
/// gives them at most `channels` values.
class LinkChannels {
public:
  /// Finds the shared links and the crossings of every value routed over
  /// them; `queueEdge` is the mapping edge of each use queue, or -1. Fails
  /// when a time-multiplexed link carries more values than its capacity.
  llvm::Error bind(llvm::ArrayRef<Actor> actors, const fabric::Fabric &fabric,
                   const fabric::Mapping &mapping,
                   llvm::ArrayRef<int32_t> queueEdge,
                   llvm::ArrayRef<ActorTiming> timing);
  /// True when no link is shared (a spatial mapping): nothing to track.
  bool empty() const { return links.empty(); }
  /// True when some token `actor` emits crosses a shared link.
  bool crosses(uint32_t actor) const {
    return !links.empty() && !byActor[actor].empty();
  }
  /// Whether a firing of `actor` at `cycle` finds a channel at every shared
  /// link its tokens cross, for the results `emits` accepts.
  bool hasChannels(uint32_t actor, uint64_t cycle,
                   llvm::function_ref<bool(unsigned)> emits) const;
  /// Books for `actor` (which just found no channel at `now`) the channels
  /// of the earliest firing cycle after every channel taken so far; the
  /// booking holds until it fires or release.
  void hold(uint32_t actor, uint64_t now,
            llvm::function_ref<bool(unsigned)> emits);
  /// The firing cycle `actor` has booked, or UINT64_MAX.
  uint64_t getHold(uint32_t actor) const {
    return links.empty() ? UINT64_MAX : holds[actor].cycle;
  }
  /// Drops what `actor` booked and did not use.
  void release(uint32_t actor);
  /// Takes the channels for the tokens sent on `queue` by a firing at
  /// `now`; records the crossings in `trace` when it is set.
  void commit(uint32_t queue, uint64_t now,
              llvm::SmallVectorImpl<LinkTraceEvent> *trace);
  void fillStats(CycleSimStats &stats) const;
  /// Adds to `cycles` (one entry per shared link, resized as needed) the
  /// channel cycles that `firings` firings of `actor` take on each shared
  /// link its tokens cross: one per value and crossing, over the link's
  /// channels.
  void addChannelCycles(uint32_t actor, double firings,
                        llvm::SmallVectorImpl<double> &cycles) const;

private:
  /// A value taking a channel in one cycle: committed (holder -1) or booked
  /// by actor `holder`.
  struct Use {
    uint64_t value = 0;
    int32_t holder = -1;
  };
  struct Slot {
    uint64_t cycle = UINT64_MAX;
    llvm::SmallVector<Use, 2> uses;
  };
  struct SharedLink {
    uint32_t link = 0, channels = 1, values = 0;
    /// The largest offset of a crossing.
    uint32_t maxOffset = 0;
    uint64_t busyCycles = 0, crossings = 0;
    /// The cycles that have uses, by cycle mod size (a power of two): the
    /// live ones lie in [now, now + size).
    std::vector<Slot> ring;
  };
  struct Hold {
    uint64_t cycle = UINT64_MAX;
    /// (shared link, cycle) of every booked use.
    llvm::SmallVector<std::pair<uint32_t, uint64_t>, 2> slots;
  };
  /// Counts the values per link and keeps the time-multiplexed links with
  /// more values than channels; fails on one with more than its capacity.
  llvm::Error findSharedLinks(llvm::ArrayRef<Actor> actors,
                              const fabric::Fabric &fabric,
                              const fabric::Mapping &mapping,
                              llvm::ArrayRef<int32_t> queueEdge);
  /// Records the crossings of shared links by the tokens `actor` emits on
  /// `result` into `queue`, whose edge takes `route`.
  void addCrossings(const fabric::Fabric &fabric,
                    const fabric::EdgeRoute &route,
                    const llvm::DenseMap<uint32_t, uint32_t> &sharedIndex,
                    uint32_t actor, uint32_t result, uint32_t queue,
                    uint32_t delay);
  const Slot *findSlot(const SharedLink &link, uint64_t cycle) const;
  Slot &getSlot(SharedLink &link, uint64_t cycle, uint64_t now);
  /// (shared link, cycle, value) of each crossing of a firing of `actor`
  /// at `cycle`.
  void getNeeds(uint32_t actor, uint64_t cycle,
                llvm::function_ref<bool(unsigned)> emits,
                llvm::SmallVectorImpl<std::tuple<uint32_t, uint64_t, uint64_t>>
                    &needs) const;

  llvm::SmallVector<SharedLink, 0> links;
  /// Per use queue: the value it carries and its crossings (empty for
  /// queues off shared links).
  std::vector<llvm::SmallVector<Crossing, 1>> byQueue;
  std::vector<uint64_t> valueOfQueue;
  /// Per actor: (result, crossing), without duplicates.
  std::vector<llvm::SmallVector<std::pair<uint32_t, Crossing>, 2>> byActor;
  /// Per actor: how far beyond its next cycle a booking must go to pass
  /// every channel already taken (max over its crossings of the link's
  /// maxOffset - offset).
  std::vector<uint32_t> holdSpan;
  std::vector<Hold> holds;
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
  /// The actors a full port turned away in `cycle`, and those it turned
  /// away in the cycle before that have not asked again in this one: they
  /// go first, so that the actor order does not starve the last actors of
  /// an interface (checkMemory).
  llvm::SmallVector<uint32_t, 4> denied, waiting;
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
  /// The compute latencies alone along the slowest such cycle; 0 when no
  /// cycle holds a computation (PhysicalBound.cpp).
  uint64_t physicalRecurrenceCycles = 0;
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

/// getLongestCycle's weight of one cycle of compute latency on a physical
/// path (more than the hops of any cycle).
inline constexpr uint64_t kPhysicalScale = uint64_t(1) << 24;

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
  llvm::SmallVector<LinkTraceEvent, 0> takeLinkTrace() {
    return std::move(linkTrace);
  }

  void send(uint32_t queue, const TokenValue &token) override;

private:
  llvm::Error bindActor(uint32_t index);
  llvm::Error bindContext(uint32_t index, UnitState &unit);
  llvm::Error bindMemories();
  llvm::Error bindQueues();
  void collectBody(LoopState &loop, mlir::Value phase);
  uint64_t getHopCycles(int32_t from, mlir::OpOperand &use) const;
  /// The longest cycle from `from` back to `carry` through body actors;
  /// with `physical`, counting compute latencies only (getComputeLatency).
  uint64_t getLongestCycle(int32_t from, int32_t carry,
                           llvm::ArrayRef<bool> inBody,
                           llvm::SmallVectorImpl<uint64_t> &memo,
                           bool physical = false) const;
  /// PhysicalBound.cpp: the latency of `actor` when it computes for the
  /// program (0 for the lowering's state machines, steering, constants and
  /// memory); the cycles per iteration the whole fabric needs for the
  /// firings of `actors` over `iterations` (`steady`: whole firings per
  /// iteration, as the resource bound counts them); the loop's and a
  /// batch's physical bound in iterations per cycle.
  uint64_t getComputeLatency(int32_t actor) const;
  double getFabricCycles(llvm::ArrayRef<int32_t> actors, double iterations,
                         bool steady) const;
  double getPhysicalBound(const LoopState &loop) const;
  double getInstancePhysicalBound(uint64_t instances) const;

  void deliver();
  /// Checks every actor with pending work and fires those that can.
  llvm::Error evaluateCycle(CycleOutcome &outcome);
  llvm::Error timedDeadlockError() const;
  std::optional<StallCause> checkFiring(uint32_t index);
  /// checkFiring, plus the bookkeeping of link bookings: a stale booking is
  /// dropped first, a link-busy actor books a later cycle.
  std::optional<StallCause> checkActor(uint32_t index);
  /// The actor of a shared unit that fires in this cycle: the first that
  /// can, round robin from the one after the last that fired.
  std::optional<uint32_t> pickTurn(const UnitState &unit);
  void recordStall(uint32_t index, StallCause cause, CycleOutcome &outcome);
  std::optional<StallCause> checkMemory(uint32_t index,
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
  /// Per use queue, its edge in the mapping or -1 (a free boundary edge).
  llvm::SmallVector<int32_t, 0> queueEdge;
  LinkChannels links;

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
  llvm::SmallVector<LinkTraceEvent, 0> linkTrace;
};

} // namespace loom::sim::detail

#endif // LOOM_SIM_LIB_CYCLESIMIMPL_H
