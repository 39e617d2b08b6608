//===- EmulatorImpl.h - the token engine behind DataflowEmulator -*- C++
//-*-===//
//
// Part of the Loom project.
//
// Private to LoomSim. One Engine runs one launch of one graph: it turns the
// graph body into actors and per-use token queues, seeds %start and the
// inputs, fires actors from a FIFO worklist until the completion frontier is
// reached, and explains deadlocks. Firing rules live in ActorRules.cpp,
// diagnostics in EmulatorDiagnostics.cpp. The cycle simulator
// (CycleSimImpl.h) builds and seeds the same Engine but decides itself when
// each actor fires and takes emitted tokens through a TokenSink.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_SIM_LIB_EMULATORIMPL_H
#define LOOM_SIM_LIB_EMULATORIMPL_H

#include "loom/Dialect/Dataflow/IR/ActorSchema.h"
#include "loom/Sim/ComputeSemantics.h"
#include "loom/Sim/DataflowEmulator.h"
#include "loom/Sim/TokenQueue.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>

namespace loom::sim::detail {

/// Which firing rule an actor follows.
enum class Rule : uint8_t {
  Compute,
  Stream,
  Carry,
  Invariant,
  Gate,
  Constant,
  Sync,
  Mux,
  Demux,
  Load,
  Store,
};

/// The state of a stateful rule; meaning depends on the rule:
/// stream Idle/Active, carry and invariant WaitInit/Running, gate
/// Initial/Body.
enum class ActorState : uint8_t { Initial = 0, Running = 1 };

/// Marks an operand without a queue (a static memref binding).
constexpr int32_t kNoQueue = -1;
/// The consumer id of queues that feed dataflow.graph.return.
constexpr int32_t kReturnConsumer = -1;

/// One operation of the graph body.
struct Actor {
  mlir::Operation *op = nullptr;
  const loom::dataflow::ActorSchema *schema = nullptr;
  Rule rule = Rule::Compute;
  ActorState state = ActorState::Initial;
  bool queued = false;
  bool traced = false;
  /// One queue id per operand, kNoQueue for memrefs.
  llvm::SmallVector<int32_t, 4> inputs;
  /// Per result, the queue of every use.
  llvm::SmallVector<llvm::SmallVector<uint32_t, 2>, 2> outputs;
  /// Stream: current value, limit and step. Invariant: the latch. Constant:
  /// the value.
  TokenValue held, limit, step;
  /// Load and store: the bound memory and its memory-segment position.
  MemoryBuffer *memory = nullptr;
  unsigned memoryPosition = 0;
  /// Compute actors: the decoded op.
  std::optional<ComputeOp> compute;
  /// How often the actor fired; summed per op name when the run ends (a
  /// map lookup per firing was a tenth of the emulator's time).
  uint64_t firings = 0;
};

/// The FIFO of one use plus who consumes it.
struct UseQueue {
  TokenQueue fifo;
  /// Actor index, or kReturnConsumer.
  int32_t consumer = kReturnConsumer;
  unsigned operand = 0;
};

/// Receives the tokens a firing emits when the engine runs under a timing
/// model (the cycle simulator): instead of entering the consumer's queue at
/// once, a token is handed over with its queue id and becomes visible later.
class TokenSink {
public:
  virtual ~TokenSink() = default;
  virtual void send(uint32_t queue, const TokenValue &token) = 0;
};

/// What a deadlock report adds under a timing model: the cycle, and output
/// routes that are full (an actor can be blocked by back-pressure alone).
struct DeadlockContext {
  uint64_t cycle = 0;
  /// Returns true if some output route of `actor` has no room.
  llvm::function_ref<bool(const Actor &)> hasFullOutput;
  /// Appends " room on output #r (%v): ..." for each full output route.
  llvm::function_ref<void(llvm::raw_ostream &, const Actor &)> explainOutputs;
};

class CycleEngine;

class Engine {
public:
  Engine(dataflow::GraphOp graph, const EmulatorOptions &options)
      : graph(graph), options(options) {}

  /// Builds actors and queues and binds the memories.
  llvm::Error build(llvm::ArrayRef<MemoryBuffer *> memories);
  /// Delivers %start, the value inputs and the stream inputs.
  llvm::Error seed(llvm::ArrayRef<TokenValue> valueInputs,
                   llvm::ArrayRef<llvm::SmallVector<TokenValue, 0>> streams);
  /// Runs `instanceInputs.size()` overlapping launches of a graph without
  /// stream inputs (CycleSimulator::runGraphBatch): delivers one %start and
  /// one token per value input for each instance, in instance order, and
  /// completes when every value and completion operand of graph.return
  /// holds one token per instance. Call before build.
  void setInstanceCount(uint64_t count) { instances = count; }
  llvm::Error
  seedInstances(llvm::ArrayRef<llvm::SmallVector<TokenValue>> instanceInputs);
  /// Fires actors until completion; fails on deadlock, budget or UB.
  llvm::Error run();
  /// The outputs (instance-major for a batch: every value result of
  /// instance 0, then of instance 1, ...) and the statistics.
  EmulationResult takeResult();

  //===--------------------------------------------------------------------===//
  // Used by the firing rules (ActorRules.cpp)
  //===--------------------------------------------------------------------===//

  bool hasToken(const Actor &actor, unsigned operand) const {
    return !queues[actor.inputs[operand]].fifo.empty();
  }
  const TokenValue &peekToken(const Actor &actor, unsigned operand) const {
    return queues[actor.inputs[operand]].fifo.front();
  }
  TokenValue takeToken(Actor &actor, unsigned operand) {
    return queues[actor.inputs[operand]].fifo.pop();
  }
  /// Pushes `token` to every use of result `result` of `actor`.
  void emit(Actor &actor, unsigned result, const TokenValue &token);
  /// An error about `actor`: "graph @g: 'op' at file:line:col: <what>".
  llvm::Error actorError(const Actor &actor, const llvm::Twine &what) const;

  /// Appends the operands `actor` needs now, given its state, to `needed`.
  void getNeededOperands(const Actor &actor,
                         llvm::SmallVectorImpl<unsigned> &needed) const;
  /// Fires `actor` once; it must be ready.
  llvm::Error fire(Actor &actor);
  /// False when the next firing of `actor`, given its state and the tokens
  /// visible now, emits nothing on result `result` (a demux off its
  /// selected lane, a carry on F, a stream's iv once its predicate fails,
  /// a gate's value on F and its condition before the first T).
  bool mayEmitOn(const Actor &actor, unsigned result) const;

private:
  llvm::Error buildActor(mlir::Operation *op);
  llvm::Error bindMemory(mlir::BlockArgument arg, MemoryBuffer *buffer,
                         unsigned position);
  void buildReturn();
  int32_t addQueue(mlir::OpOperand &use, int32_t consumer);
  void pushToValue(mlir::Value value, const TokenValue &token);
  void onReturnToken(const UseQueue &queue);
  void schedule(int32_t actorIndex);
  bool isReady(const Actor &actor) const;
  llvm::Error step(Actor &actor);
  bool isComplete() const;
  llvm::Error checkInputType(const TokenValue &token, mlir::BlockArgument arg,
                             llvm::StringRef what, unsigned index) const;
  void recordTrace(mlir::Value value, const TokenValue &token);

  // Diagnostics (EmulatorDiagnostics.cpp).
  llvm::Error deadlockError(const DeadlockContext *timing = nullptr) const;
  llvm::Error budgetError() const;
  llvm::Error graphError(const llvm::Twine &what) const;

  dataflow::GraphOp graph;
  const EmulatorOptions &options;
  llvm::SmallVector<Actor, 0> actors;
  llvm::SmallVector<UseQueue, 0> queues;
  llvm::DenseMap<mlir::Operation *, int32_t> actorIndex;
  llvm::DenseMap<mlir::Value, MemoryBuffer *> memoryOf;
  llvm::DenseMap<mlir::OpOperand *, int32_t> useQueue;
  llvm::DenseMap<mlir::Value, llvm::SmallVector<unsigned, 1>> traceSlots;
  /// Worklist of actor indices: a FIFO so that every ready actor fires in
  /// turn and the run is deterministic; with a schedule seed, the next entry
  /// is swapped in from a pseudo-random position first.
  llvm::SmallVector<int32_t, 0> worklist;
  size_t worklistHead = 0;
  /// Actor indices in the order of their first firing.
  llvm::SmallVector<int32_t, 0> firstFired;
  /// State of the schedule's xorshift generator (EmulatorOptions).
  uint64_t scheduleState = 0;

  /// graph.return bookkeeping: queue of each value, stream and completion
  /// operand; how many value/completion operands still lack a token.
  llvm::SmallVector<int32_t> valueReturns, streamReturns, completeReturns;
  uint64_t pendingReturns = 0;
  /// Launches this run stands for: 1, or the instances of a batch.
  uint64_t instances = 1;
  bool completed = false;
  /// Set when the run must stop with an error found outside an actor.
  std::optional<std::string> returnFault;

  EmulationResult result;
  /// Set by the cycle simulator: emitted tokens go there, not to queues.
  TokenSink *sink = nullptr;
  friend class CycleEngine;
};

/// Formats `loc` as `file:line:col` (or `unknown location`).
std::string formatLocation(mlir::Location loc);

} // namespace loom::sim::detail

#endif // LOOM_SIM_LIB_EMULATORIMPL_H
