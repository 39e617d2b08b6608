//===- CompletionCover.h - causal closure of completion events --*- C++ -*-===//
//
// Part of the Loom project.
//
// Which graph launches a `none` event in a thread body provably follows, on
// every path where those launches exist. The finalized-program validator uses
// it for thread.yield frontiers and graph.wait operands.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_DIALECT_DATAFLOW_TRANSFORMS_COMPLETIONCOVER_H
#define LOOM_DIALECT_DATAFLOW_TRANSFORMS_COMPLETIONCOVER_H

#include "loom/Dialect/Dataflow/IR/Dataflow.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"

namespace loom::dataflow {

/// Computes, for every `none` value of one thread body, the set of graph
/// launches whose done it causally follows on every path where they exist.
///
/// Causality comes only from explicit completion semantics (Part 3 5.4.3):
/// a launch's done follows its deps; dataflow.sync waits for all inputs;
/// a dataflow.mux covers a launch when every selector lane either covers it
/// or provably never runs it (the launch depends on a dataflow.demux lane of
/// the same selector); scf.if / scf.index_switch results cover a launch when
/// every branch yields a cover or does not contain it; scf.for and scf.while
/// results cover launches of every iteration when the carried event chains
/// each iteration to the previous one. Nothing else carries completion.
///
/// Sets are bit vectors over the thread's launches and loop-carried
/// arguments, computed in one post-order walk (no recursion), so long launch
/// chains cost O(values x launches / 64) words.
class CompletionCover {
public:
  explicit CompletionCover(ThreadOp thread);

  /// The graph launches of the thread, in walk order.
  llvm::ArrayRef<GraphLaunchOp> getLaunches() const { return launches; }

  /// Returns true if `event` covers `launch` on every path where it exists.
  bool coversLaunch(mlir::Value event, GraphLaunchOp launch);

  /// Returns true if `event` covers at least one graph launch.
  bool coversAnyLaunch(mlir::Value event);

private:
  /// A (selector, lane) activation a value or launch depends on.
  using LaneFact = std::pair<mlir::Value, unsigned>;

  const llvm::BitVector &getCover(mlir::Value event);
  llvm::BitVector computeResultCover(mlir::OpResult result);
  llvm::BitVector coverOfBranchResult(mlir::Operation *op, unsigned index);
  llvm::BitVector coverOfLoopResult(mlir::Value carried, mlir::Value init,
                                    llvm::ArrayRef<mlir::Value> markers,
                                    llvm::ArrayRef<mlir::Value> inits,
                                    llvm::ArrayRef<mlir::Value> yields,
                                    const llvm::BitVector &inLoop);
  llvm::BitVector coverOfMux(MuxOp mux);
  void visit(mlir::Operation *op);
  llvm::BitVector launchesIn(mlir::Region &region);
  unsigned getMarker(mlir::Value carriedArgument);

  llvm::SmallVector<GraphLaunchOp> launches;
  llvm::DenseMap<mlir::Operation *, unsigned> launchIndex;
  llvm::DenseMap<mlir::Value, unsigned> markerIndex;
  unsigned numBits = 0;
  llvm::DenseMap<mlir::Value, llvm::BitVector> covers;
  llvm::DenseMap<mlir::Value, llvm::SmallVector<LaneFact, 2>> laneFacts;
  llvm::DenseMap<unsigned, llvm::SmallVector<LaneFact, 2>> launchLaneFacts;
  llvm::BitVector empty;
};

} // namespace loom::dataflow

#endif // LOOM_DIALECT_DATAFLOW_TRANSFORMS_COMPLETIONCOVER_H
