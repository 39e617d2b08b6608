//===- SinkRegionConstants.cpp - captured constants into the region ------===//
//
// Part of the Loom project.
//
//   %c = arith.constant 2.0 : f32                 %c = arith.constant 2.0
//   loom.spatial_region values(%c : f32) ...  =>  loom.spatial_region ... {
//   ^bb0(%v: f32, ...):                           ^bb0(...):
//     use(%v)                                       %v = arith.constant 2.0
//                                                   use(%v)
//
// The region is isolated from above, so a constant the thread passes in
// is a block argument inside it, and the lowering cannot see its value: a
// graph-owned scf.parallel needs constant bounds to be replicated, and a
// constant scf.for bound proves itself to fit a narrow index width. The
// copy has the same value, so the region computes the same thing. It
// becomes a dataflow.constant fired by the control of the region it lives
// in; loom-hoist-entry-constants later turns the ones fired by the graph's
// start back into launch value inputs (no actor, no routed net).
//
//===----------------------------------------------------------------------===//

#include "LoweringSteps.h"

#include "loom/Conversion/SCFToDataflow/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace loom::conversion {
#define GEN_PASS_DEF_SINKREGIONCONSTANTSPASS
#include "loom/Conversion/SCFToDataflow/Passes.h.inc"
} // namespace loom::conversion

#define DEBUG_TYPE "loom-sink-region-constants"

using namespace mlir;
using namespace loom;
using namespace loom::conversion;

/// Copies every constant value input of `region` into its body and drops
/// the input. Value inputs lead the entry block's arguments.
static void sinkConstants(SpatialRegionOp region) {
  Block &body = region.getBody().front();
  OpBuilder builder = OpBuilder::atBlockBegin(&body);
  // Back to front, so erasing one input keeps the earlier indices valid.
  for (int i = static_cast<int>(region.getValueInputs().size()) - 1; i >= 0;
       --i) {
    auto constant =
        region.getValueInputs()[i].getDefiningOp<arith::ConstantOp>();
    if (!constant)
      continue;
    Operation *copy = builder.clone(*constant);
    body.getArgument(i).replaceAllUsesWith(copy->getResult(0));
    body.eraseArgument(i);
    region.getValueInputsMutable().erase(i);
  }
}

void loom::conversion::sinkRegionConstants(ModuleOp module) {
  module.walk([](SpatialRegionOp region) { sinkConstants(region); });
}

namespace {
struct SinkRegionConstantsPass
    : loom::conversion::impl::SinkRegionConstantsPassBase<
          SinkRegionConstantsPass> {
  void runOnOperation() override { sinkRegionConstants(getOperation()); }
};
} // namespace
