//===- DataflowEmulator.h - token-level dataflow graph emulator -*- C++ -*-===//
//
// Part of the Loom project.
//
// Runs one launch of a dataflow.graph with exactly the token rules of
// dataflow-semantics.md: every use of an SSA value is its own FIFO, %start
// delivers one none token, actors fire whenever their rule allows, and the
// run ends when the graph.return completion frontier and the value outputs
// have their tokens. This is the `emu` backend and the reference the cycle
// simulator is checked against.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_SIM_DATAFLOWEMULATOR_H
#define LOOM_SIM_DATAFLOWEMULATOR_H

#include "loom/Dialect/Dataflow/IR/Dataflow.h"
#include "loom/Sim/MemoryBuffer.h"
#include "loom/Sim/TokenValue.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/Support/Error.h"

#include <array>
#include <functional>

namespace loom::sim {

/// How a run is bounded and observed.
struct EmulatorOptions {
  /// Maximum number of actor firings; exceeding it is an error.
  uint64_t firingBudget = 10'000'000;
  /// After completion, keep firing until no actor can, and report an error
  /// if a memory actor fires or a graph.return operand receives a second
  /// token (the completion frontier did not cover all work).
  bool drainAfterCompletion = false;
  /// 0 fires ready actors in FIFO order. Another value fires a ready actor
  /// drawn pseudo-randomly (from this seed) among those waiting: a legal
  /// schedule too, since the token semantics fix what each actor computes
  /// but not when it fires. A correct program gives the same outputs and
  /// memory under every schedule; a missing ordering token between memory
  /// actors shows up as a difference.
  uint64_t scheduleSeed = 0;
  /// Values of the graph body whose produced token sequences are recorded
  /// in EmulationResult::traces (in this order).
  llvm::SmallVector<mlir::Value> tracedValues;
  /// Prints a value in error messages (a tool passes the source names).
  /// Unset, values print as the graph prints them (`%4#1`, `%start`).
  std::function<void(llvm::raw_ostream &, mlir::Value)> printValueName;
};

/// What one run did.
struct EmulationStats {
  uint64_t firings = 0;
  /// Firings per ActorKind (compute, control, memory).
  std::array<uint64_t, 3> firingsByKind = {0, 0, 0};
  /// Firings per registered op name, in order of first firing.
  llvm::MapVector<llvm::StringRef, uint64_t> firingsByOp;
  /// Tokens pushed into any use queue (a broadcast to n uses counts n).
  uint64_t tokensMoved = 0;
  /// The most tokens one use queue held at once.
  uint64_t peakQueueOccupancy = 0;
  /// Tokens still queued when the run stopped.
  uint64_t tokensLeft = 0;
};

/// Adds `part` to `total` (the firing counts; the peak occupancy is the
/// larger one).
void accumulate(EmulationStats &total, const EmulationStats &part);

/// The outputs of one completed launch.
struct EmulationResult {
  /// One token per value result of the graph.
  llvm::SmallVector<TokenValue> valueOutputs;
  /// Every token each stream result of the graph received.
  llvm::SmallVector<llvm::SmallVector<TokenValue, 0>> streamOutputs;
  /// Per EmulatorOptions::tracedValues entry, every token produced on it.
  llvm::SmallVector<llvm::SmallVector<TokenValue, 0>> traces;
  EmulationStats stats;
};

/// Runs dataflow graphs one launch at a time.
class DataflowEmulator {
public:
  /// Runs one launch of `graph`. `valueInputs` holds one token per value
  /// input, `streamInputs` every token of each stream input, `memories` one
  /// buffer per memory input (bound, not copied: stores update the caller's
  /// buffers). Fails, naming the graph, when the inputs do not match the
  /// signature, when the body holds an op or type the emulator cannot run,
  /// on undefined behaviour (division by zero, out-of-bounds access: the
  /// actor, its location and the index are named), on a deadlock (every
  /// blocked actor and the operand it waits for are listed) and when the
  /// firing budget runs out. Buffers may be partly updated on failure.
  static llvm::Expected<EmulationResult>
  runGraph(dataflow::GraphOp graph, llvm::ArrayRef<TokenValue> valueInputs,
           llvm::ArrayRef<llvm::SmallVector<TokenValue, 0>> streamInputs,
           llvm::ArrayRef<MemoryBuffer *> memories,
           const EmulatorOptions &options);

  /// The same for graphs without stream inputs.
  static llvm::Expected<EmulationResult>
  runGraph(dataflow::GraphOp graph, llvm::ArrayRef<TokenValue> valueInputs,
           llvm::ArrayRef<MemoryBuffer *> memories,
           const EmulatorOptions &options);
};

} // namespace loom::sim

#endif // LOOM_SIM_DATAFLOWEMULATOR_H
