//===- Pipeline.h - the ownership pipeline ----------------------*- C++ -*-===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_OWNERSHIP_PIPELINE_H
#define LOOM_OWNERSHIP_PIPELINE_H

#include "mlir/Pass/PassManager.h"

namespace loom::ownership {

/// Adds the ownership pipeline (issue C) to `pm`, which runs on a module of
/// raised kernels: derive the index ranges of memref parameters
/// (`loom-analyze-param-extents`, naming no source location), attach hints
/// and loop facts, check the hints, parallelize independent loops, split
/// reductions into partial accumulators, form threads and spatial regions.
/// `loom-opt --loom-ownership-pipeline` and the kernel compiler both use
/// this one definition. `partialAccumulators` is loom-split-reductions'
/// option (0: derived from the recurrence latency).
void buildOwnershipPipeline(mlir::OpPassManager &pm,
                            unsigned partialAccumulators = 0);

/// Registers `--loom-ownership-pipeline` with the pass registry.
void registerOwnershipPipeline();

} // namespace loom::ownership

#endif // LOOM_OWNERSHIP_PIPELINE_H
