//===- LoweringSteps.h - the steps of loom-lower-scf-to-dfg -----*- C++ -*-===//
//
// Part of the Loom project.
//
// Private to the SCF-to-dataflow conversion. Each step is the body of one
// registered pass (in the file of the same name); loom-lower-scf-to-dfg
// calls them in order on one module.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_LIB_CONVERSION_SCFTODATAFLOW_LOWERINGSTEPS_H
#define LOOM_LIB_CONVERSION_SCFTODATAFLOW_LOWERINGSTEPS_H

#include "mlir/IR/BuiltinOps.h"

namespace loom::conversion {

/// Fails with a diagnostic naming `passName` unless `indexWidth` is 32 or
/// 64.
mlir::LogicalResult checkIndexWidth(mlir::ModuleOp module, unsigned indexWidth,
                                    llvm::StringRef passName);

/// loom-sink-region-constants: region value inputs defined by constants
/// become constants of the region.
void sinkRegionConstants(mlir::ModuleOp module);

/// loom-lower-graph-regions: every spatial region into a graph definition
/// and a launch that depends on its thread's control. Atomic: on failure
/// the module is unchanged.
mlir::LogicalResult lowerGraphRegions(mlir::ModuleOp module,
                                      unsigned indexWidth);

/// loom-finalize-graph-launches without the validator: launch chains,
/// graph waits and thread yield frontiers.
void finalizeGraphLaunches(mlir::ModuleOp module);

/// loom-forall-to-thread: a thread whose only work is one thread-level
/// scf.forall takes the forall's domain as more coordinates; any other
/// thread-level forall gets a remark and stays.
void flattenThreadForalls(mlir::ModuleOp module);

} // namespace loom::conversion

#endif // LOOM_LIB_CONVERSION_SCFTODATAFLOW_LOWERINGSTEPS_H
