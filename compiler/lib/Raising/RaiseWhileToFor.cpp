//===- RaiseWhileToFor.cpp - counted scf.while into scf.for --------------===//
//
// Part of the Loom project.
//
// A thin driver around upstream's while-to-for uplift patterns (the upstream
// pass that runs them is test-only and not registered).
//
//   scf.while (%i = %lb) : (i32) -> i32 {       scf.for %i = %lb to %ub
//     %c = arith.cmpi slt, %i, %ub : i32            step %step : i32 {
//     scf.condition(%c) %i : i32           =>     ...
//   } do { ^bb0(%j: i32):                       }
//     ...; %n = arith.addi %j, %step
//     scf.yield %n : i32 }
//
//===----------------------------------------------------------------------===//

#include "loom/Raising/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace loom::raising {
#define GEN_PASS_DEF_RAISEWHILETOFORPASS
#include "loom/Raising/Passes.h.inc"
} // namespace loom::raising

#define DEBUG_TYPE "loom-raise-while-to-for"

using namespace mlir;

namespace {
struct RaiseWhileToForPass
    : loom::raising::impl::RaiseWhileToForPassBase<RaiseWhileToForPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    scf::populateUpliftWhileToForPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
