//===- FinalizeGraphLaunches.cpp - launch chains, waits and yields --------===//
//
// Part of the Loom project.
//
// The stored-program side of a thread after graph-region lowering:
//
//   %d0 = dataflow.graph.launch @g0 deps(%ctrl)    %d0 = ... deps(%ctrl)
//   %d1 = dataflow.graph.launch @g1 deps(%ctrl) => %d1 = ... deps(%d0)
//   code                                           dataflow.graph.wait %d1
//   dataflow.thread.yield                          code
//                                                  dataflow.thread.yield %d1
//
// Launches of one thread run one after the other (each region of the source
// thread is one sequential step), so one chain through their deps orders
// them and its last done covers them all: that done is the yield frontier.
// Stored-program code after a launch sees the graph's effects only once it
// retired, hence the wait.
//
//===----------------------------------------------------------------------===//

#include "LoweringSteps.h"

#include "loom/Conversion/SCFToDataflow/Passes.h"
#include "loom/Dialect/Dataflow/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/PassManager.h"

namespace loom::conversion {
#define GEN_PASS_DEF_FINALIZEGRAPHLAUNCHESPASS
#include "loom/Conversion/SCFToDataflow/Passes.h.inc"
} // namespace loom::conversion

#define DEBUG_TYPE "loom-finalize-graph-launches"

using namespace mlir;
using namespace loom::dataflow;
using namespace loom::conversion;

/// True if the thread continues after `launch` with code that may observe
/// the graph's effects before the next launch or the yield. Allocations
/// (the next region's hoisted locals) observe nothing.
static bool needsWait(GraphLaunchOp launch) {
  for (Operation *next = launch->getNextNode(); next;
       next = next->getNextNode()) {
    if (isa<memref::AllocaOp>(next))
      continue;
    if (auto wait = dyn_cast<GraphWaitOp>(next))
      return !llvm::is_contained(wait->getOperands(), launch.getDone());
    return !isa<GraphLaunchOp, ThreadYieldOp>(next);
  }
  return false;
}

/// True if `op` holds a graph launch.
static bool holdsLaunch(Operation *op) {
  return op->walk([](GraphLaunchOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

static Value chainLaunches(Block &block, Value ctrl, Value previous);

/// Continues the chain from `init` through `loop`, an scf.for holding
/// launches, in a new `none` iteration argument; returns the loop's result
/// that carries it out. Each iteration's first launch waits for the
/// previous iteration's last one.
static Value chainThroughFor(scf::ForOp loop, Value ctrl, Value init) {
  // A loop this pass already chained carries `init` last: finalizing
  // again changes nothing.
  if (!loop.getInitArgs().empty() && loop.getInitArgs().back() == init &&
      isa<NoneType>(init.getType())) {
    chainLaunches(*loop.getBody(), ctrl, loop.getRegionIterArgs().back());
    return loop.getResults().back();
  }
  // The new argument is yielded as it comes in, then the chain through the
  // body replaces it (the body moves into the new loop only after the
  // yield callback ran).
  IRRewriter rewriter(loop);
  FailureOr<LoopLikeOpInterface> replaced = loop.replaceWithAdditionalYields(
      rewriter, ValueRange{init},
      /*replaceInitOperandUsesInLoop=*/false,
      [](OpBuilder &, Location, ArrayRef<BlockArgument> chain) {
        return SmallVector<Value>{chain.front()};
      });
  assert(succeeded(replaced) && "scf.for takes additional yields");
  auto chained = cast<scf::ForOp>(replaced->getOperation());
  Value last = chainLaunches(*chained.getBody(), ctrl,
                             chained.getRegionIterArgs().back());
  chained.getBody()->getTerminator()->setOperand(
      chained.getNumRegionIterArgs() - 1, last);
  return chained.getResults().back();
}

/// The same for `loop`, an scf.while: the argument goes through its
/// `before` region along the chain there (its condition forwards the last
/// done) and through its `after` region along the chain there (the yield
/// returns the last done); a region without launches passes it on.
static Value chainThroughWhile(scf::WhileOp loop, Value ctrl, Value init) {
  if (!loop.getInits().empty() && loop.getInits().back() == init &&
      isa<NoneType>(init.getType())) {
    chainLaunches(loop.getBefore().front(), ctrl,
                  loop.getBefore().front().getArguments().back());
    chainLaunches(loop.getAfter().front(), ctrl,
                  loop.getAfter().front().getArguments().back());
    return loop.getResults().back();
  }
  OpBuilder builder(loop);
  SmallVector<Value> inits(loop.getInits());
  inits.push_back(init);
  SmallVector<Type> types(loop.getResultTypes());
  types.push_back(init.getType());
  auto chained = scf::WhileOp::create(builder, loop.getLoc(), types, inits);
  chained.getBefore().takeBody(loop.getBefore());
  chained.getAfter().takeBody(loop.getAfter());
  Block &before = chained.getBefore().front();
  Block &after = chained.getAfter().front();
  Value entering = chainLaunches(
      before, ctrl, before.addArgument(init.getType(), loop.getLoc()));
  chained.getConditionOp().getArgsMutable().append(ValueRange{entering});
  Value last = chainLaunches(after, ctrl,
                             after.addArgument(init.getType(), loop.getLoc()));
  chained.getYieldOp().getResultsMutable().append(ValueRange{last});
  loop->replaceAllUsesWith(chained.getResults().drop_back());
  loop->erase();
  return chained.getResults().back();
}

/// The same for `op`, an scf.if or scf.index_switch: a new `none` result
/// carries the chain out of the branch taken, each branch yielding the last
/// done of its own chain (a branch without launches, or the missing `else`,
/// yields `init`).
static Value chainThroughBranches(Operation *op, Value ctrl, Value init) {
  if (op->getNumResults() && isa<NoneType>(op->getResults().back().getType())) {
    for (Region &region : op->getRegions())
      if (!region.empty())
        chainLaunches(region.front(), ctrl, init);
    return op->getResults().back();
  }
  OpBuilder builder(op);
  OperationState state(op->getLoc(), op->getName(), op->getOperands(),
                       op->getResultTypes(), op->getAttrs());
  state.addTypes(init.getType());
  for (unsigned k = 0; k < op->getNumRegions(); ++k)
    state.addRegion();
  Operation *chained = builder.create(state);
  for (auto [from, to] : llvm::zip(op->getRegions(), chained->getRegions())) {
    to.takeBody(from);
    if (to.empty()) {
      // An scf.if without `else`: one that yields the chain as it came.
      builder.setInsertionPointToEnd(builder.createBlock(&to));
      scf::YieldOp::create(builder, op->getLoc());
    }
    Value last = chainLaunches(to.front(), ctrl, init);
    Operation *yield = to.front().getTerminator();
    yield->insertOperands(yield->getNumOperands(), ValueRange{last});
  }
  op->replaceAllUsesWith(chained->getResults().drop_back());
  op->erase();
  return chained->getResults().back();
}

/// Chains the launches of `block` after `previous` (null: the thread's
/// control `ctrl`), adds the waits, and returns the last done (or
/// `previous` if the block launches nothing). Launches inside an `scf.for`
/// or an `scf.while` (the split program keeps a too-large loop nest's outer
/// loop in the thread) continue the chain through a new iteration argument,
/// and the loop's result is the last done of its last iteration; launches
/// inside an `scf.if` or `scf.index_switch` through a new result.
static Value chainLaunches(Block &block, Value ctrl, Value previous) {
  for (Operation &op : llvm::make_early_inc_range(block)) {
    if (auto launch = dyn_cast<GraphLaunchOp>(op)) {
      // Only the launches lowering left on the thread's control are
      // chained; deps set by anyone else are kept.
      if (previous && launch.getDependencies().size() == 1 &&
          launch.getDependencies().front() == ctrl)
        launch.getDependenciesMutable().assign(previous);
      if (needsWait(launch)) {
        OpBuilder builder(launch->getContext());
        builder.setInsertionPointAfter(launch);
        GraphWaitOp::create(builder, launch.getLoc(),
                            ValueRange{launch.getDone()});
      }
      previous = launch.getDone();
      continue;
    }
    if (!isa<scf::ForOp, scf::WhileOp, scf::IfOp, scf::IndexSwitchOp>(op) ||
        !holdsLaunch(&op))
      continue;
    Value init = previous ? previous : ctrl;
    if (auto loop = dyn_cast<scf::ForOp>(op))
      previous = chainThroughFor(loop, ctrl, init);
    else if (auto loop = dyn_cast<scf::WhileOp>(op))
      previous = chainThroughWhile(loop, ctrl, init);
    else
      previous = chainThroughBranches(&op, ctrl, init);
  }
  return previous;
}

/// Chains the launches of `thread`, adds the waits and sets the yield
/// frontier; a thread without launches is left alone.
static void finalizeThread(ThreadOp thread) {
  if (Value last = chainLaunches(thread.getBody().front(),
                                 thread.getThreadCtrl(), Value()))
    thread.getYield()->setOperands(ValueRange{last});
}

void loom::conversion::finalizeGraphLaunches(ModuleOp module) {
  module.walk([](ThreadOp thread) { finalizeThread(thread); });
}

namespace {
struct FinalizeGraphLaunchesPass
    : loom::conversion::impl::FinalizeGraphLaunchesPassBase<
          FinalizeGraphLaunchesPass> {
  void runOnOperation() override {
    finalizeGraphLaunches(getOperation());
    // The finalized program must pass the whole-program checks.
    OpPassManager validator(ModuleOp::getOperationName());
    validator.addPass(loom::dataflow::createValidateDataflowPass());
    if (failed(runPipeline(validator, getOperation())))
      signalPassFailure();
  }
};
} // namespace
