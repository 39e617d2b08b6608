//===- Pipeline.cpp - the SCF-to-dataflow pipeline ------------------------===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "loom/Conversion/SCFToDataflow/Pipeline.h"
#include "loom/Conversion/SCFToDataflow/Passes.h"
#include "loom/Dialect/Dataflow/Transforms/Passes.h"

#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;

void loom::conversion::buildDataflowPipeline(OpPassManager &pm,
                                             unsigned indexWidth) {
  LowerSCFToDataflowPassOptions lowering;
  lowering.indexWidth = indexWidth;
  pm.addPass(createLowerSCFToDataflowPass(lowering));
  // Entry constants become launch value inputs: no unit, no routed net.
  pm.addPass(createHoistEntryConstantsPass());
  pm.addPass(dataflow::createValidateDataflowPass());
}

namespace {
struct DataflowPipelineOptions
    : public PassPipelineOptions<DataflowPipelineOptions> {
  Option<unsigned> indexWidth{
      *this, "index-width",
      llvm::cl::desc("Width N of the iN in which `index` loop values cross "
                     "into dataflow.stream (32 or 64), as "
                     "loom-lower-scf-to-dfg's option"),
      llvm::cl::init(64)};
};
} // namespace

void loom::conversion::registerDataflowPipeline() {
  PassPipelineRegistration<DataflowPipelineOptions>(
      "loom-dataflow-pipeline",
      "Lower every spatial region to a graph and its launch, make entry "
      "constants launch inputs and validate the finalized program (the "
      "kernel compiler's dataflow stage)",
      [](OpPassManager &pm, const DataflowPipelineOptions &options) {
        buildDataflowPipeline(pm, options.indexWidth);
      });
}
