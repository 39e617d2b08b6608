//===- SCFToDataflow.cpp - the whole Part 3 lowering ----------------------===//
//
// Part of the Loom project.
//
// loom-lower-scf-to-dfg is the registered passes of this directory run in
// order on one module (see Passes.td). The steps are called directly on a
// scratch clone of the module, not through a nested pass manager: a
// rejected module is then reported and printed once, as this pass, and it
// is the input module, whichever step rejected it.
//
//===----------------------------------------------------------------------===//

#include "LoweringSteps.h"

#include "loom/Conversion/SCFToDataflow/Passes.h"
#include "loom/Dialect/Dataflow/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"

namespace loom::conversion {
#define GEN_PASS_DEF_LOWERSCFTODATAFLOWPASS
#include "loom/Conversion/SCFToDataflow/Passes.h.inc"
} // namespace loom::conversion

#define DEBUG_TYPE "loom-lower-scf-to-dfg"

using namespace mlir;
using namespace loom::conversion;

namespace {
struct LowerSCFToDataflowPass
    : loom::conversion::impl::LowerSCFToDataflowPassBase<
          LowerSCFToDataflowPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(checkIndexWidth(module, indexWidth, getArgument())))
      return signalPassFailure();
    // Atomic publication of the whole: the steps run on a scratch clone,
    // which replaces the live body only if every step succeeded.
    OwningOpRef<ModuleOp> scratch = module.clone();
    // First, so that regions inside a flattened forall are at thread level
    // when graph-region lowering and finalization see them.
    flattenThreadForalls(*scratch);
    sinkRegionConstants(*scratch);
    if (failed(lowerGraphRegions(*scratch, indexWidth)))
      return signalPassFailure();
    finalizeGraphLaunches(*scratch);
    module.getBodyRegion().takeBody(scratch->getBodyRegion());
    // The finalized program must pass the whole-program checks.
    OpPassManager validator(ModuleOp::getOperationName());
    validator.addPass(loom::dataflow::createValidateDataflowPass());
    if (failed(runPipeline(validator, module)))
      signalPassFailure();
  }
};
} // namespace
