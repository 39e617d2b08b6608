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

/// Chains the launches at the top level of `thread`, adds the waits and
/// sets the yield frontier; a thread without launches is left alone.
static void finalizeThread(ThreadOp thread) {
  Value ctrl = thread.getThreadCtrl();
  Value previous;
  for (GraphLaunchOp launch : llvm::make_early_inc_range(
           thread.getBody().front().getOps<GraphLaunchOp>())) {
    // Only the launches lowering left on the thread's control are chained;
    // deps set by anyone else are kept.
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
  }
  if (previous)
    thread.getYield()->setOperands(ValueRange{previous});
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
