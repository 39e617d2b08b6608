//===- Pipeline.h - the LLVM-dialect-to-SCF raising pipeline ----*- C++ -*-===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RAISING_PIPELINE_H
#define LOOM_RAISING_PIPELINE_H

#include "mlir/Pass/PassManager.h"

namespace loom::raising {

/// Adds the raising pipeline (issue C) to `pm`, which runs on a module:
/// LLVM control flow to `cf`, LLVM compute to `arith`/`math` (`llvm.fmuladd`
/// as separate multiply and add, what the x86-64 host executes), pointers
/// to memref roots, `cf` to `scf`, counted `scf.while` to `scf.for`, then
/// canonicalization and CSE. `loom-opt --loom-raise-pipeline` and the kernel
/// compiler both use this one definition.
void buildRaisingPipeline(mlir::OpPassManager &pm);

/// Registers `--loom-raise-pipeline` with the pass registry.
void registerRaisingPipeline();

} // namespace loom::raising

#endif // LOOM_RAISING_PIPELINE_H
