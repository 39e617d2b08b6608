//===- CompletionCover.h - causal closure of completion events --*- C++ -*-===//
//
// Part of the Loom project.
//
// Which graph launches a `none` event in a thread body provably follows, on
// every path where those launches exist. The finalized-program validator uses
// it for thread.yield frontiers and graph.wait operands; the runtime and
// later lowering passes can ask the same question.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_DIALECT_DATAFLOW_TRANSFORMS_COMPLETIONCOVER_H
#define LOOM_DIALECT_DATAFLOW_TRANSFORMS_COMPLETIONCOVER_H

#include "loom/Dialect/Dataflow/IR/Dataflow.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace loom::dataflow {

/// A set of graph launches (and loop-argument markers) an event covers.
using CoverSet = llvm::SmallSetVector<const void *, 8>;

/// Computes, per `none` value of one thread body, the launches whose done it
/// causally follows. Causality comes only from explicit completion semantics
/// (Part 3 5.4.3): a launch's done follows its deps, dataflow.sync waits for
/// all inputs, a mux covers what every lane covers, and scf.if /
/// scf.index_switch / scf.for results are followed path by path. Anything
/// else (thread_ctrl, arbitrary none values, scf.while results) covers
/// nothing, which is conservative: a frontier relying on it is rejected.
class CompletionCover {
public:
  /// Returns the launches `event` covers. Entries are GraphLaunchOp
  /// operations (as `Operation *`) and internal loop markers; use
  /// `coversLaunch` to query.
  const CoverSet &getCover(mlir::Value event);

  /// Returns true if `event` covers `launch` on every path where it exists.
  bool coversLaunch(mlir::Value event, GraphLaunchOp launch) {
    return getCover(event).contains(launch.getOperation());
  }

  /// Returns true if `event` covers at least one graph launch.
  bool coversAnyLaunch(mlir::Value event);

private:
  CoverSet computeCover(mlir::Value event);
  CoverSet coverOfRegionResult(mlir::Operation *op, unsigned index);
  CoverSet coverOfForResult(mlir::Operation *forOp, unsigned index);

  llvm::DenseMap<mlir::Value, CoverSet> cache;
  /// The entries of any cover set that are graph launches (the others are
  /// loop-carried argument markers).
  llvm::SmallPtrSet<const void *, 16> launchEntries;
};

} // namespace loom::dataflow

#endif // LOOM_DIALECT_DATAFLOW_TRANSFORMS_COMPLETIONCOVER_H
