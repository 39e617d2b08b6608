//===- KernelCompiler.h - one kernel from LLVM IR to dataflow ---*- C++ -*-===//
//
// Part of the Loom project.
//
// The compiler library's entry point for the driver: takes one kernel's LLVM
// IR and returns its finalized dataflow program, or the reason it cannot be
// offloaded. It runs in the clang process (the Loom plugin), so it owns its
// own MLIRContext and never exits.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_KERNELCOMPILER_KERNELCOMPILER_H
#define LOOM_KERNELCOMPILER_KERNELCOMPILER_H

#include "loom/KernelCompiler/ImplicitInputs.h"

#include "mlir/Pass/PassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace loom::compiler {

struct KernelCompileOptions {
  /// The fabric preset or file name (`--loom-fabric=`); empty: the default.
  std::string fabric;
};

/// What the bounds analysis (loom-analyze-param-extents) found for one
/// kernel parameter. Scalars have neither field set.
struct ParamExtent {
  /// The expression covering every index the kernel accesses the pointer
  /// parameter at (format in docs/runtime.md); empty when unchecked.
  std::string extent;
  /// Why a pointer parameter has no extent; empty when it has one.
  std::string uncheckedReason;
  /// The kernel only loads through the pointer parameter (never stores),
  /// so the launch check of the no-alias program lets it overlap another
  /// read-only one. Set only with an extent.
  bool readOnly = false;
};

/// One remark of the kernel compiler, for the driver to report.
struct KernelRemark {
  std::string message;
  /// "file:line:col" of the construct it is about (from the kernel's debug
  /// locations, which clang records when remarks are asked for); empty when
  /// the construct has none, and the driver uses the kernel's location.
  std::string location;
  /// True for a construct that stays host code (-Rpass-missed=loom); false
  /// for a decision (-Rpass-analysis=loom).
  bool missed = false;
};

/// A hint the compiler found cannot hold (-Wloom-hint), e.g. a
/// LOOM_PARALLEL whose loop carries a dependence through memory.
struct HintWarning {
  std::string message;
  std::string location; ///< "file:line:col" of the hint
  /// The constructs it names: ("file:line:col", "written here").
  std::vector<std::pair<std::string, std::string>> notes;
};

/// The textual forms a kernel passes through. Empty strings mark stages the
/// kernel did not reach.
struct KernelStages {
  std::string llvmDialect; ///< the imported LLVM-dialect MLIR
  std::string scf;         ///< the structured SCF-stage program
  std::string dataflow;    ///< the finalized dataflow program
  /// The split programs, least split first: the same program with its
  /// largest spatial regions split once more at each level (at loop
  /// boundaries, around control flow kept in the thread, or in halves) into
  /// graphs launched in sequence (loom-split-spatial-regions, applied once
  /// per level). The runtime runs
  /// the first whose graphs all fit the fabric when a graph of `dataflow`
  /// does not. Empty when no region splits.
  std::vector<std::string> splitDataflow;
  /// The no-alias program: the same kernel compiled with every pointer
  /// parameter `noalias` (docs/compiler.md, "Aliasing checked at launch"),
  /// which the runtime runs for a launch whose pointer arguments' accessed
  /// ranges are disjoint. Empty unless the kernel has two or more pointer
  /// parameters, not all `noalias`, one of them written, and the program
  /// differs from `dataflow`.
  std::string noaliasDataflow;
  /// The pointer parameters whose overlap the launch checks (those of the
  /// kernel's function, implicit inputs included) when `noaliasDataflow` is
  /// set; empty otherwise.
  std::vector<unsigned> aliasCheckedParams;
  /// The decisions the pipeline made (raising, parallelization, threads)
  /// and what stays host code, one sentence each.
  std::vector<KernelRemark> remarks;
  /// Hints that cannot hold, in the order the pipeline found them.
  std::vector<HintWarning> hintWarnings;
  /// One entry per kernel parameter once the kernel was raised; empty
  /// before that.
  std::vector<ParamExtent> paramExtents;
  /// The parameters the device copy takes after the kernel's own (globals,
  /// object fields), which the launch stub computes at every call.
  std::vector<ImplicitInput> implicitInputs;
};

/// Compiles the kernel `symbol` of `kernelModule` (a module holding its
/// definition and declarations of what it calls). On success the returned
/// stages have a non-empty `dataflow`. On failure the error says, in one
/// sentence, why the kernel is not offloadable; `stages` keeps what was
/// produced before the failure (for --loom-save-temps).
llvm::Error compileKernel(const llvm::Module &kernelModule,
                          llvm::StringRef symbol,
                          const KernelCompileOptions &options,
                          KernelStages &stages);

} // namespace loom::compiler

#endif // LOOM_KERNELCOMPILER_KERNELCOMPILER_H
