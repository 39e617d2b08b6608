//===- Pipeline.cpp - the ownership pipeline ------------------------------===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "loom/Ownership/Pipeline.h"
#include "loom/Ownership/Passes.h"

#include "mlir/Pass/PassRegistry.h"

using namespace mlir;

void loom::ownership::buildOwnershipPipeline(OpPassManager &pm,
                                             unsigned partialAccumulators) {
  // On the structured program, before threads move accesses around. The
  // ops carry source locations only when the host compile tracks them
  // (-Rpass), so the reasons, which the program embeds, name none.
  AnalyzeParamExtentsPassOptions extents;
  extents.sourceLocations = false;
  pm.addPass(createAnalyzeParamExtentsPass(extents));
  pm.addPass(createAttachHintsPass());
  pm.addPass(createAttachLoopFactsPass());
  pm.addPass(createCheckHintsPass());
  pm.addPass(createParallelizeLoopsPass());
  // After the parallelization, which judges (and diagnoses hints on) the
  // loops as the user wrote them; a forwarded recurrence is a dependence
  // that keeps its loop sequential anyway. Before threads and regions, so
  // the loads it moves before a loop land in the loop's region.
  pm.addPass(createForwardLoopStoresPass());
  // After the parallelization, which decides on the loops as written and
  // converts only loops without iter_args: splitting makes no loop
  // parallel, and the decisions and their remarks stay about the source
  // loop, not its two halves. Before the threads, so the halves move with
  // the code around them.
  SplitReductionsPassOptions reductions;
  reductions.partialAccumulators = partialAccumulators;
  pm.addPass(createSplitReductionsPass(reductions));
  pm.addPass(createFormThreadsPass());
  pm.addPass(createFormSpatialRegionsPass());
}

void loom::ownership::registerOwnershipPipeline() {
  PassPipelineRegistration<>(
      "loom-ownership-pipeline",
      "Bound pointer parameters, attach and check hints, parallelize loops, "
      "split reductions, form threads and spatial regions (the kernel "
      "compiler's ownership stage)",
      [](OpPassManager &pm) { buildOwnershipPipeline(pm); });
}
