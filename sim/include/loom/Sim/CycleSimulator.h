//===- CycleSimulator.h - cycle-level simulation of a graph -*- C++ -*-===//
//
// Part of the Loom project.
//
// The `sim` backend's engine (issue F): runs one launch of a dataflow.graph
// placed and routed on a fabric (loom/Fabric/Mapping.h), cycle by cycle with
// a two-phase valid/ready model. Tokens follow exactly the rules of
// dataflow-semantics.md and operations are evaluated by the same firing rules
// and compute table as the DataflowEmulator, so outputs and memory equal the
// emulator's; what the simulator adds is time: function-unit latency and
// initiation interval, route latency, bounded FIFOs with back-pressure,
// memory-interface ports, latency and bank conflicts, and the sharing of
// time-multiplexed units and links (several actors on one unit, more values
// on a link than it has channels).
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_SIM_CYCLESIMULATOR_H
#define LOOM_SIM_CYCLESIMULATOR_H

#include "loom/Fabric/Fabric.h"
#include "loom/Fabric/Mapping.h"
#include "loom/Sim/DataflowEmulator.h"

#include <string>

namespace loom::sim {

struct CycleSimOptions {
  /// Simulated cycles before the run stops with an error.
  uint64_t cycleBudget = 100'000'000;
  /// How a user sets the cycle budget (a command-line option), named in the
  /// error when not empty.
  std::string cycleBudgetSetting;
  /// Records one TraceEvent per firing (for LOOM_TRACE).
  bool recordTrace = false;
  /// As EmulatorOptions::drainAfterCompletion: after the completion frontier
  /// the run goes on until nothing can fire (CycleSimStats::cycles stays the
  /// completion cycle).
  bool drainAfterCompletion = false;
  /// As EmulatorOptions::tracedValues.
  llvm::SmallVector<mlir::Value> tracedValues;
  /// As EmulatorOptions::printValueName.
  std::function<void(llvm::raw_ostream &, mlir::Value)> printValueName;
};

/// Why an actor could not fire in a cycle where it had work pending.
enum class StallCause : uint8_t {
  /// An operand token it needs had not arrived.
  Input,
  /// An output route was full (back-pressure).
  Output,
  /// Its unit was inside the initiation interval of an earlier firing.
  UnitBusy,
  /// Its memory interface had no free port or request slot this cycle.
  MemoryPort,
  /// Another request this cycle went to the same memory bank.
  BankConflict,
  /// A link that carries more values than it has channels had no channel
  /// free in a cycle in which the firing's tokens would cross it.
  LinkBusy,
};
inline constexpr unsigned kNumStallCauses = 6;
llvm::StringRef getStallCauseName(StallCause cause);

/// Iterations per cycle of one loop of the graph (a dataflow.stream or a
/// dataflow.carry and the actors its iterations drive).
struct LoopRate {
  /// The loop's controlling actor: op name and source location.
  std::string loop;
  /// Iterating firings of the controlling actor (the loop's first carry,
  /// else its stream), over all activations.
  uint64_t iterations = 0;
  /// Cycles from the loop's first to its last iteration (last - first); in
  /// a batch, summed over the instances (each instance's last - first).
  uint64_t cycles = 0;
  /// (iterations - spans) / cycles, spans = 1 for a launch or the instances
  /// that iterated in a batch: the steady rate; 0 below two iterations.
  double achieved = 0;
  /// Upper bounds of iterations per cycle: from the busiest function unit
  /// or memory interface (resource bound) and from the slowest dependence
  /// cycle through the loop's carries (recurrence bound); the lower bound
  /// on cycles per iteration is 1 / min of the two. docs/simulator.md
  /// defines both exactly.
  double resourceBound = 0;
  double recurrenceBound = 0;
  /// Iterations per cycle that any mapping of the program on the fabric
  /// could reach at most: its memory requests, compute actors and true
  /// recurrence latency against the whole fabric (PhysicalBound.cpp,
  /// docs/simulator.md); infinity when nothing limits it.
  double physicalBound = 0;
  /// The instance loop of a batch run on laned copies of a graph
  /// (GraphLanes.h): the copies; iterations, cycles and resourceBound count
  /// instances of the original graph. 1 otherwise.
  unsigned lanes = 1;
};

/// One firing, for the Chrome/Perfetto trace.
struct TraceEvent {
  uint32_t actor = 0;
  uint32_t element = 0;
  uint32_t unit = 0;
  uint64_t cycle = 0;
  uint32_t duration = 1;
  /// The unit's context that holds the actor (ActorPlacement::context).
  uint32_t context = 0;
};

/// The tokens of one value crossing a shared link in one cycle, for the
/// trace: only links in CycleSimStats::sharedLinks have these.
struct LinkTraceEvent {
  /// Index into Fabric::getLinks().
  uint32_t link = 0;
  /// The value: its producing actor and result.
  uint32_t actor = 0;
  uint32_t result = 0;
  uint64_t cycle = 0;
};

/// A unit that the mapping gives several actors (the contexts of a
/// time-multiplexed element): they take turns, at most one firing per
/// initiation interval.
struct SharedUnitUse {
  uint32_t element = 0, unit = 0;
  /// The actors on the unit, in actor order, and how often each fired.
  llvm::SmallVector<uint32_t, 4> actors;
  llvm::SmallVector<uint64_t, 4> firings;
};

/// A link that the mapping gives more distinct values than it has
/// channels: at most `channels` of them cross it in one cycle.
struct SharedLinkUse {
  /// Index into Fabric::getLinks().
  uint32_t link = 0;
  /// Distinct values routed over the link, and its channels.
  uint32_t values = 0, channels = 0;
  /// Cycles in which some value crossed the link, and channel-cycles used
  /// (one per value per cycle: the uses of one value share a channel).
  uint64_t busyCycles = 0, crossings = 0;
};

struct CycleSimStats {
  uint64_t cycles = 0;
  /// Busy cycles per element and per unit (index: element, unit).
  llvm::SmallVector<llvm::SmallVector<uint64_t, 4>, 0> unitBusyCycles;
  std::array<uint64_t, kNumStallCauses> stalls = {};
  uint64_t memoryLoads = 0, memoryStores = 0;
  llvm::SmallVector<LoopRate, 0> loops;
  /// Units with more than one actor, in (element, unit) order, and links
  /// with more values than channels, in link order; both empty on a
  /// spatial mapping.
  llvm::SmallVector<SharedUnitUse, 0> sharedUnits;
  llvm::SmallVector<SharedLinkUse, 0> sharedLinks;
};

struct CycleSimResult {
  /// The same outputs and statistics DataflowEmulator::runGraph reports.
  EmulationResult emulation;
  CycleSimStats timing;
  /// Filled when CycleSimOptions::recordTrace is set: the firings, and the
  /// crossings of shared links.
  llvm::SmallVector<TraceEvent, 0> trace;
  llvm::SmallVector<LinkTraceEvent, 0> linkTrace;
};

/// The loop name of the pipelined instances of a batch in
/// CycleSimStats::loops.
inline constexpr llvm::StringLiteral kInstanceLoopName = "pipelined instances";

class CycleSimulator {
public:
  /// Why the instances of `graph` cannot overlap on the fabric (empty when
  /// they can): a graph with stream inputs or results (their tokens have no
  /// instance boundary) or with an operation that has no firing rule runs
  /// one launch at a time. Graphs with loop state (stream, carry,
  /// invariant, gate) are admitted: every actor is a Kahn process that an
  /// instance returns to its initial state, which runGraphBatch checks
  /// (docs/simulator.md, "Why overlapping instances is legal").
  static std::string getInstanceOverlapProblem(dataflow::GraphOp graph);

  /// Runs `instanceInputs.size()` independent launches of `graph` (the
  /// instances of a dense thread, whose memories are the same for all)
  /// pipelined through one configuration: %start and every value input
  /// receive one token per instance, in instance order, at cycle 0, and
  /// the run completes when every value and completion operand of
  /// graph.return holds one token per instance. `emulation.valueOutputs`
  /// is instance-major (the value results of instance 0, then of instance
  /// 1, ...); `timing.loops` ends with the instance loop
  /// (kInstanceLoopName): iterations = instances, cycles = the run's,
  /// achieved = instances / cycles, resourceBound from the units' and
  /// memory interfaces' occupancy per instance, recurrenceBound infinity.
  /// The graph must pass getInstanceOverlapProblem; the instances must be
  /// independent (Part 4 dense instances of a race-free program are). Every
  /// token carries its instance: the run fails, naming the actor, when a
  /// firing would take tokens of two instances or a stateful actor would
  /// take instance k + 1's tokens while it holds instance k's state (an
  /// instance left a token or a loop state behind), and when a
  /// graph.return token belongs to another instance than its position.
  static llvm::Expected<CycleSimResult>
  runGraphBatch(dataflow::GraphOp graph, const fabric::Fabric &fabric,
                const fabric::Mapping &mapping,
                llvm::ArrayRef<llvm::SmallVector<TokenValue>> instanceInputs,
                llvm::ArrayRef<MemoryBuffer *> memories,
                const CycleSimOptions &options);

  /// Runs one launch of `graph`, mapped by `mapping` onto `fabric`, with the
  /// inputs of DataflowEmulator::runGraph. Fails like the emulator (naming
  /// the graph and the actor), on a deadlock with a witness (every blocked
  /// actor, what it waits for: an operand token or room on an output
  /// route), and when the cycle budget runs out.
  static llvm::Expected<CycleSimResult> runGraph(
      dataflow::GraphOp graph, const fabric::Fabric &fabric,
      const fabric::Mapping &mapping, llvm::ArrayRef<TokenValue> valueInputs,
      llvm::ArrayRef<llvm::SmallVector<TokenValue, 0>> streamInputs,
      llvm::ArrayRef<MemoryBuffer *> memories, const CycleSimOptions &options);
};

/// Writes `trace` as Chrome trace-event JSON: one process per element, one
/// thread per unit, one complete event per firing, timestamps in cycles
/// converted to microseconds at the fabric clock; with `linkTrace`, one more
/// process ("shared links") with a thread per shared link and an event per
/// value crossing it.
void writeChromeTrace(llvm::raw_ostream &os, const fabric::Fabric &fabric,
                      const fabric::Mapping &mapping,
                      llvm::ArrayRef<TraceEvent> trace,
                      llvm::ArrayRef<LinkTraceEvent> linkTrace = {});

/// The firings of one graph launch placed on a run's simulated time line.
struct TraceSegmentRef {
  const fabric::Mapping *mapping = nullptr;
  /// The launch's first cycle on the run's time line.
  uint64_t startCycle = 0;
  llvm::ArrayRef<TraceEvent> events;
  llvm::ArrayRef<LinkTraceEvent> linkEvents = {};
};

/// writeChromeTrace for a whole run: the launches of several graphs, one
/// after another on one fabric (the runtime's LOOM_TRACE).
void writeChromeTrace(llvm::raw_ostream &os, const fabric::Fabric &fabric,
                      llvm::ArrayRef<TraceSegmentRef> segments);

} // namespace loom::sim

#endif // LOOM_SIM_CYCLESIMULATOR_H
