//===- Checker.h - one differential check of one program --------*- C++ -*-===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_TESTS_PROPERTY_CHECKER_H
#define LOOM_TESTS_PROPERTY_CHECKER_H

#include "Executors.h"
#include "Program.h"

#include "mlir/IR/MLIRContext.h"

#include <string>

namespace loom::proptest {

/// How a program failed; shrinking keeps the kind.
enum class Verdict {
  Pass,
  Build,          ///< The test IR builders made an invalid module.
  ScfFailed,      ///< The SCF execution reported an error.
  DataflowFailed, ///< Lowering, validation or emulation reported an error.
  Mismatch,       ///< Both completed with different memory or results.
  Crashed,        ///< The checking process died or ran out of time.
};

const char *describe(Verdict verdict);

/// What one check found.
struct Check {
  Verdict verdict = Verdict::Pass;
  /// The SCF module, the lowered module (or its diagnostics), and what went
  /// wrong (the differing elements, an error, the signal).
  std::string scfText, lowered, detail;
  Outcome scf, dataflow;
  /// The schedule `dataflow` ran under: the first one that failed.
  uint64_t schedule = 0;
  /// With CheckOptions::simFabric: the simulated run was compared (and
  /// agreed unless the verdict says otherwise), or `unmapped` says why the
  /// mapper could not place the graph.
  bool simulated = false;
  std::string unmapped;
  /// The simulated run of a dense batch program: instances that ran as one
  /// pipelined batch (0: none), or why they ran one at a time.
  uint64_t batchInstances = 0;
  std::string unbatched;
  bool batchLoopState = false;
  /// A kernel program's kernel module (makeKernelModule), the input of
  /// loom-ownership-pipeline; empty for the other programs.
  std::string kernelText;
  /// What ParallelizeLoops decided at the hinted loops (kernel programs).
  KernelReport hints;
  /// The SCF run indexed a pointer argument below zero.
  bool negativeIndex = false;
};

/// A fault planted on the dataflow side to test the checker itself: the
/// shrinker, the crash isolation and the reproducers must find it.
enum class InjectedFault {
  None,
  CrashOnWhile,       ///< Abort when the program holds an scf.while.
  FlipOnBackwardLoop, ///< Flip bit 0 of every buffer's first element when
                      ///< the program holds a backward for loop.
  FlipOnParallel,     ///< Flip bit 0 of every buffer's first element when
                      ///< the program holds an scf.forall or scf.parallel.
  BatchFirstInputs,   ///< The simulator's pipelined batch of a dense batch
                      ///< program gives every instance instance 0's inputs
                      ///< (a batch runner mixing up instances).
  TrustEveryHint,     ///< A kernel program's hinted loops without carried
                      ///< values become foralls before the ownership
                      ///< pipeline: a ParallelizeLoops that trusted every
                      ///< hint, wrong ones included.
};

struct CheckOptions {
  unsigned timeoutSeconds = 60;
  InjectedFault fault = InjectedFault::None;
  /// Emulator schedules the graph runs under (EmulatorOptions::
  /// scheduleSeed); each run is compared with the SCF execution.
  std::vector<uint64_t> schedules = {0};
  /// When set, the graph is also mapped on this fabric and run on the cycle
  /// simulator, and that run is compared with the SCF execution too.
  const fabric::Fabric *simFabric = nullptr;
  /// The mapper's time budget per graph for the simulated run.
  double simMapperSeconds = 10.0;
  /// Kernel programs are compiled with loom-split-spatial-regions applied
  /// this many times (DataflowRunOptions::splitLevels).
  unsigned splitLevels = 0;
};

/// Builds `program`, runs both executions and compares them, in a child
/// process: a crash (a signal) or a run longer than the timeout becomes
/// Verdict::Crashed naming the stage that was running, instead of ending
/// the caller.
Check checkIsolated(mlir::MLIRContext &context, const Program &program,
                    const CheckOptions &options);

} // namespace loom::proptest

#endif // LOOM_TESTS_PROPERTY_CHECKER_H
