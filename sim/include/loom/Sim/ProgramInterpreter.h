//===- ProgramInterpreter.h - run a dataflow program ------------*- C++ -*-===//
//
// Part of the Loom project.
//
// Interprets the host part of a dataflow program (a func.func and the
// dataflow.thread bodies it launches, the InstructionCore code: SCF and cf
// control flow, arith/math and LLVM-dialect arithmetic through the compute
// table, memref and the LLVM memory subset, calls) op by op, within a step
// budget, and runs every dataflow.graph.launch on the token-level
// DataflowEmulator. Thread launches
// follow Part 4: dense domains of any rank run their instances on the
// WorkScheduler's workers in no particular order, dynamic-work domains run
// their items through the bounded work-stealing scheduler. This is the one
// interpreter of the runtime's `emu` backend, of `loom-emu --entry` and of
// `loom-raise-check --emu`, so the checker runs exactly what
// LOOM_BACKEND=emu runs.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_SIM_PROGRAMINTERPRETER_H
#define LOOM_SIM_PROGRAMINTERPRETER_H

#include "loom/Sim/DataflowEmulator.h"
#include "loom/Sim/MemoryBuffer.h"
#include "loom/Sim/WorkScheduler.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <functional>
#include <memory>
#include <mutex>
#include <string>

namespace loom::sim {

/// One SSA value of the host part: a token, or a memref's buffer.
struct ProgramValue {
  TokenValue token;
  std::shared_ptr<MemoryBuffer> memory;
};

struct InterpreterOptions {
  /// Workers of the scheduler (LOOM_WORKERS); at least 1.
  unsigned numWorkers = 1;
  /// Capacity of each worker's deque.
  unsigned dequeCapacity = 64;
  /// Hands dense instances to the workers from the last coordinate tuple to
  /// the first: results of a race-free program must not change (a test
  /// knob; the order is unspecified either way).
  bool reverseDenseOrder = false;
  /// Firing budget of each graph launch.
  uint64_t firingBudget = 10'000'000;
  /// Step budget of host code: the ops one execution of the function, of a
  /// thread instance or of a work item may run, the functions it calls
  /// included (terminators count, so an empty cf loop is bounded too).
  /// Running out is an error naming the innermost loop, so a host loop that
  /// never ends (a spin on a flag) fails instead of hanging.
  uint64_t stepBudget = kDefaultStepBudget;
  /// How a user sets the step budget (an environment variable or a
  /// command-line option), named in the error when not empty.
  std::string stepBudgetSetting;
  /// About 10 to 20 seconds of interpretation: far more than the host code
  /// around graph launches runs, little enough that a spin fails soon.
  static constexpr uint64_t kDefaultStepBudget = 100'000'000;
  /// Called once per executed dynamic work item (serialized by the
  /// interpreter; the order is the schedule's).
  std::function<void(const WorkItemId &, const TokenValue &)> onWorkItem;
  /// Runs one graph launch in place of the DataflowEmulator (the `sim`
  /// backend times it on a fabric). It must produce exactly what
  /// DataflowEmulator::runGraph would; it may be called from several workers
  /// at once. Unset, the emulator runs every graph launch.
  std::function<llvm::Expected<EmulationResult>(
      dataflow::GraphOp graph, llvm::ArrayRef<TokenValue> valueInputs,
      llvm::ArrayRef<MemoryBuffer *> memories, uint64_t firingBudget)>
      graphRunner;
  /// Runs the instances of a dense thread launch as one pipelined batch of
  /// graph launches (the `sim` backend: CycleSimulator::runGraphBatch),
  /// when the thread body is exactly one dataflow.graph.launch, whose value
  /// inputs are thread arguments, coordinates or constants and whose
  /// memories are thread arguments (the same for every instance), and the
  /// thread.yield of its done, and the graph passes
  /// CycleSimulator::getInstanceOverlapProblem. `instanceInputs` has the
  /// value inputs of each instance, in the linear order of the coordinates;
  /// the result's valueOutputs are instance-major and its statistics the
  /// batch's. It must produce exactly what one DataflowEmulator::runGraph
  /// per instance would. Unset, every instance runs its own graph launch.
  std::function<llvm::Expected<EmulationResult>(
      dataflow::GraphOp graph,
      llvm::ArrayRef<llvm::SmallVector<TokenValue>> instanceInputs,
      llvm::ArrayRef<MemoryBuffer *> memories, uint64_t firingBudget)>
      graphBatchRunner;
  /// Most instances in one batch; a larger domain runs as several batches
  /// one after the other (bounds the simulator's queues).
  uint64_t maxBatchInstances = 1024;
};

/// What one top-level thread or graph launch did.
struct LaunchRecord {
  enum class Kind { DenseThread, DynamicThread, Graph };
  Kind kind = Kind::Graph;
  std::string callee;
  /// The dispatch occurrence of a thread launch (program order, from 0).
  uint64_t dispatch = 0;
  /// Dense instances, dynamic work items, or 1 for a graph launch.
  uint64_t instances = 0;
  /// Graph launches run by this launch (itself for a graph launch).
  uint64_t graphLaunches = 0;
  /// Emulator statistics summed over those graph launches (peak queue
  /// occupancy is the maximum).
  EmulationStats emulation;
  /// The scheduler's view of a thread launch.
  SchedulerStats scheduler;
  double seconds = 0;
};

/// Totals over one run of a function.
struct ProgramStats {
  /// Dense instances plus dynamic work items, nested launches included.
  uint64_t threadInstances = 0;
  uint64_t graphLaunches = 0;
  EmulationStats emulation;
  /// The function's own thread and graph launches, in program order.
  llvm::SmallVector<LaunchRecord, 0> launches;
};

/// The one dataflow.graph.launch of a dense `thread` whose instances can
/// stream through one configuration of its graph (docs/runtime.md,
/// "Pipelined dense instances under sim"), or null: the body is constants,
/// that launch and the thread.yield of its done; only coordinates differ
/// between instances; the graph admits overlapping instances.
dataflow::GraphLaunchOp findBatchableLaunch(dataflow::ThreadOp thread,
                                            mlir::ModuleOp module);

class ProgramInterpreter {
public:
  ProgramInterpreter(mlir::ModuleOp module, InterpreterOptions options);

  /// Why `func` cannot be interpreted (the first op or launch form it does
  /// not run, or an external function that cannot be resolved, in the
  /// function or any thread or function it launches or calls); empty when
  /// it can.
  static std::string checkFunction(mlir::func::FuncOp func);

  /// Runs `func` with `arguments` (one per parameter) and returns the
  /// operands of its func.return. A failure names what failed (an
  /// out-of-bounds access, a negative extent, a work item, a graph error)
  /// but not the kernel; the caller adds that. Memory may be partly updated.
  llvm::Expected<llvm::SmallVector<ProgramValue>>
  run(mlir::func::FuncOp func, llvm::ArrayRef<ProgramValue> arguments);

  const ProgramStats &getStats() const { return stats; }

  /// The values of one function, instance or item execution (defined in
  /// the implementation).
  struct Frame;

private:
  /// Runs `region` from its entry block, whose arguments are bound to
  /// `arguments`, following cf branches between its blocks; `results` gets
  /// the operands of the terminator that leaves the region (func.return,
  /// llvm.return, scf.yield, scf.condition, ...).
  llvm::Error runRegion(mlir::Region &region,
                        llvm::ArrayRef<ProgramValue> arguments, Frame &frame,
                        llvm::SmallVectorImpl<ProgramValue> &results);
  llvm::Error runOp(mlir::Operation &op, Frame &frame);
  llvm::Error runMemoryOp(mlir::Operation &op, Frame &frame);
  llvm::Error runIf(mlir::Operation &op, Frame &frame);
  llvm::Error runFor(mlir::Operation &op, Frame &frame);
  llvm::Error runWhile(mlir::Operation &op, Frame &frame);
  llvm::Error runIndexSwitch(mlir::Operation &op, Frame &frame);
  /// scf.parallel, sequentially, with its scf.reduce reductions.
  llvm::Error runParallel(mlir::Operation &op, Frame &frame);
  /// The error of an execution that ran out of its step budget at `op`.
  llvm::Error stepBudgetError(mlir::Operation &op, const Frame &frame) const;
  /// The LLVM-dialect memory subset, pointer casts and memory intrinsics
  /// (HostOps.cpp).
  llvm::Error runLLVMOp(mlir::Operation &op, Frame &frame);
  /// func.call / llvm.call: a function defined in the module is
  /// interpreted, an external one called through libffi (HostOps.cpp).
  llvm::Error runCall(mlir::Operation &op, Frame &frame);
  /// The host address of a global's storage: a constant global is
  /// materialized once from its initializer, a mutable one must be a symbol
  /// of the process.
  llvm::Expected<uint64_t> getGlobalAddress(mlir::Operation *global);
  llvm::Error runThreadLaunch(mlir::Operation *launch, Frame &frame);
  llvm::Error runDenseThread(mlir::Operation *launch, Frame &frame,
                             LaunchRecord &record);
  llvm::Error runDynamicThread(mlir::Operation *launch, Frame &frame,
                               LaunchRecord &record);
  /// The graph launch of a dense thread whose instances may run as
  /// batches (InterpreterOptions::graphBatchRunner), or null
  /// (DenseThreadBatch.cpp).
  dataflow::GraphLaunchOp getBatchableLaunch(dataflow::ThreadOp thread);
  /// Runs `count` instances of the thread of `graphLaunch` as batches;
  /// `base` binds the thread's arguments.
  llvm::Error runDenseBatches(dataflow::ThreadLaunchOp launch,
                              dataflow::GraphLaunchOp graphLaunch,
                              llvm::ArrayRef<uint64_t> extents, uint64_t count,
                              Frame &base);
  llvm::Error runGraphLaunch(mlir::Operation *launch, Frame &frame);
  /// Adds the statistics of `launches` graph launches (a batch counts one
  /// per instance).
  void addGraphStats(const EmulationStats &graphStats, uint64_t launches = 1);

  mlir::ModuleOp module;
  InterpreterOptions options;
  ProgramStats stats;
  /// Guards stats and the launch being recorded against concurrent
  /// instances.
  std::mutex statsMutex;
  LaunchRecord *currentLaunch = nullptr;
  std::atomic<uint64_t> nextDispatch{0};
  /// Storage of the constant globals host code addressed, by global op.
  std::mutex globalsMutex;
  llvm::DenseMap<mlir::Operation *, std::unique_ptr<uint64_t[]>> globals;
};

} // namespace loom::sim

#endif // LOOM_SIM_PROGRAMINTERPRETER_H
