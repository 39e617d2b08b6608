//===- Executors.h - the two executions of a generated program --*- C++ -*-===//
//
// Part of the Loom project.
//
// A generated kernel runs twice on the same inputs: its SCF form lowered by
// MLIR's own passes to LLVM and JIT-compiled (runScf), and the dataflow graph
// loom-lower-scf-to-dfg makes of it run on the token emulator (runDataflow)
// and, on request, also mapped on a fabric and run on the cycle simulator.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_TESTS_PROPERTY_EXECUTORS_H
#define LOOM_TESTS_PROPERTY_EXECUTORS_H

#include "Program.h"

#include "loom/Fabric/Fabric.h"

#include "mlir/IR/BuiltinOps.h"

#include <string>

namespace loom::proptest {

/// What the ownership stage made of a kernel program (Program::asKernel):
/// what loom-parallelize-loops decided about its hinted loops (its remarks
/// and warnings at each hinted loop's location, `prop-hint-right:N` and
/// `prop-hint-wrong:N`), and how its pointer arguments were bound.
struct KernelReport {
  /// Right hints, those proven independent ("LOOM_PARALLEL holds"), those
  /// trusted ("LOOM_PARALLEL asserts independent iterations, which the
  /// analysis could not prove") and those warned about.
  uint64_t right = 0, rightProven = 0, rightTrusted = 0, rightWarned = 0;
  /// Wrong hints, those diagnosed ("LOOM_PARALLEL ignored", as a warning or
  /// a remark: the loop stays sequential) and those run in parallel all the
  /// same (proven or trusted).
  uint64_t wrong = 0, wrongDiagnosed = 0, wrongTrusted = 0;
  /// Pointer arguments bound, as the runtime binds them, to the index range
  /// their `loom.extent` (loom-analyze-param-extents) gives for the run's
  /// scalars, so that an access outside it is an error; and those left
  /// unchecked (`loom.unchecked`, or no bound for these scalars).
  uint64_t pointersBounded = 0, pointersUnchecked = 0;
  /// Spatial regions loom-split-spatial-regions split (--split-levels).
  uint64_t regionsSplit = 0;
  /// Loads loom-forward-loop-stores replaced by a value carried from the
  /// store of an earlier iteration ("... instead of reloaded").
  uint64_t loadsForwarded = 0;
  /// Loops loom-split-reductions split, and float reductions it kept in
  /// source order (no permission to reassociate).
  uint64_t loopsSplit = 0, reductionsKept = 0;

  KernelReport &operator+=(const KernelReport &other);
};

/// What one execution left behind.
struct Outcome {
  /// Empty when the execution completed; otherwise what went wrong (a
  /// lowering or verifier failure, a deadlock, a poison value, ...).
  std::string error;
  /// Final element bits of every Program::buffers entry.
  std::vector<std::vector<uint64_t>> buffers;
  /// Bits of every region result.
  std::vector<uint64_t> results;
  /// For a dataflow run: the loom-emu options that rerun it on the same
  /// inputs (values and memories in the launch's order, aliases as @k).
  std::string emuArguments;
  /// This run was on the cycle simulator (runDataflow's `simFabric`).
  bool simulated = false;
  /// For a simulated run: why the mapper could not place the graph, in
  /// which case nothing ran (not an error: counted and reported apart).
  std::string unmapped;
  /// For a simulated run of a dense batch program (Program::instances):
  /// how many instances ran as one pipelined batch
  /// (CycleSimulator::runGraphBatch), 0 if they ran one at a time, and
  /// then why (CycleSimulator::getInstanceOverlapProblem).
  uint64_t batchInstances = 0;
  std::string unbatched;
  /// The batched graph holds loop state (stream, carry, invariant or gate),
  /// which every instance must hand back in its initial state.
  bool batchLoopState = false;
  /// For the SCF run: an access through a pointer argument had a negative
  /// index (reached memory before the pointer).
  bool negativeIndex = false;
  /// For a dataflow run of a kernel program: what happened to its hints.
  KernelReport hints;
};

/// Initializes the native target for the JIT; call once before runScf.
void initializeJit();

/// Runs `kernel` (as buildProgram made it; not modified) as a function
/// lowered to LLVM and JIT-compiled; a dense batch program's instances are
/// calls one after the other, its results instance-major.
Outcome runScf(mlir::ModuleOp kernel, const Program &program);

/// The module a kernel program (Program::asKernel) is compiled from: the
/// region body of `kernel` (as buildProgram made it) as the kernel
/// `func.func @prop` (`loom.kernel`) taking the values and the memrefs and
/// returning the results, as the raising hands a C++ kernel to the
/// ownership stage; `__restrict` pointers are `llvm.noalias`.
mlir::OwningOpRef<mlir::ModuleOp> makeKernelModule(mlir::ModuleOp kernel,
                                                   const Program &program);

/// How runDataflow compiles and runs a program.
struct DataflowRunOptions {
  /// The emulator schedules (EmulatorOptions::scheduleSeed: 0 is FIFO
  /// order); one outcome each.
  llvm::ArrayRef<uint64_t> schedules;
  /// When set, the graph is also mapped on it and run on the cycle
  /// simulator (one more outcome, last, with `simulated` set).
  const fabric::Fabric *simFabric = nullptr;
  /// The mapper's time budget per graph for the simulated run.
  double mapperSeconds = 10.0;
  /// A fault in the batch: every instance gets instance 0's inputs.
  bool breakBatches = false;
  /// A fault in a kernel program's compile: its hinted loops without
  /// carried values become foralls before loom-ownership-pipeline.
  bool trustHints = false;
  /// A kernel program's spatial regions are split at their loop boundaries
  /// this many times (loom-split-spatial-regions) between the ownership and
  /// dataflow pipelines, as in the kernel compiler's split program of this
  /// level.
  unsigned splitLevels = 0;
};

/// Lowers a copy of `kernel` with the kernel compiler's dataflow stage
/// (loom-dataflow-pipeline: loom-lower-scf-to-dfg,
/// loom-hoist-entry-constants, loom-validate-dataflow) and runs its graph on
/// the emulator until no actor can fire, once per schedule. Returns one
/// outcome per schedule, or one carrying the lowering's error. A kernel
/// program is compiled from makeKernelModule by loom-ownership-pipeline and
/// then loom-dataflow-pipeline, and run by the program interpreter (its
/// graph launches on the emulator under the schedule, the instances of a
/// dense thread last first after the first run); `hints` of every outcome
/// says what ParallelizeLoops decided. The instances of a dense batch
/// program run one after the other on the emulator and as one pipelined
/// batch on the simulator; results are instance-major. `lowered` gets the
/// lowered module's text (or the diagnostics if lowering failed).
std::vector<Outcome> runDataflow(mlir::ModuleOp kernel, const Program &program,
                                 const DataflowRunOptions &options,
                                 std::string &lowered);

} // namespace loom::proptest

#endif // LOOM_TESTS_PROPERTY_EXECUTORS_H
