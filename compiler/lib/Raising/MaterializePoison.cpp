//===- MaterializePoison.cpp - ub.poison to zero constants ----------------===//
//
// Part of the Loom project.
//
// `--lift-cf-to-scf` passes `ub.poison` for every value an exit or branch
// lane does not define (the result of a search loop on the path that fell
// off its end, the other exit's values), and the raising of `llvm.unreachable`
// returns poison. No stage after raising has a meaning for poison: the
// dataflow dialect and the fabric have no poison token, and ownership and
// the SCF-to-dataflow lowering have no actor for it. This pass gives every
// scalar poison value the value zero, once the raising canonicalizations
// that profit from knowing a value is poison have run; an `llvm.mlir.undef`
// or `llvm.mlir.poison` the raising kept (`sroa` leaves undef as the first
// value of a variable assigned in a loop) gets zero too.
//
//===----------------------------------------------------------------------===//

#include "loom/Raising/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/PatternMatch.h"

namespace loom::raising {
#define GEN_PASS_DEF_MATERIALIZEPOISONPASS
#include "loom/Raising/Passes.h.inc"
} // namespace loom::raising

#define DEBUG_TYPE "loom-raise-materialize-poison"

using namespace mlir;

namespace {
struct MaterializePoisonPass
    : loom::raising::impl::MaterializePoisonPassBase<MaterializePoisonPass> {
  void runOnOperation() override;
};
} // namespace

/// Returns whether `arith.constant` can hold a zero of `type`.
static bool hasZeroConstant(Type type) {
  if (auto vector = dyn_cast<VectorType>(type))
    type = vector.getElementType();
  return isa<IntegerType, IndexType, FloatType>(type);
}

///   %p = ub.poison : i32          ->   %p = arith.constant 0 : i32
///   %q = llvm.mlir.undef : f32    ->   %q = arith.constant 0.000000e+00 : f32
///
/// Exact: a poison value may be replaced by any value of its type, and so
/// may an undef value (each use may even see a different one), so one fixed
/// value for all uses is one of the choices. Zero because every type has it
/// and it is the constant most likely to exist already (CSE merges the two).
/// A value of another type (a memref, an LLVM pointer or aggregate) has no
/// `arith.constant` and stays, and so does everything in an `llvm.func`.
void MaterializePoisonPass::runOnOperation() {
  SmallVector<Operation *> undefined;
  getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
    // A function that stays in the LLVM dialect is left as imported.
    if (isa<LLVM::LLVMFuncOp>(op))
      return WalkResult::skip();
    if (isa<ub::PoisonOp, LLVM::PoisonOp, LLVM::UndefOp>(op) &&
        hasZeroConstant(op->getResult(0).getType()))
      undefined.push_back(op);
    return WalkResult::advance();
  });
  IRRewriter rewriter(&getContext());
  for (Operation *op : undefined) {
    rewriter.setInsertionPoint(op);
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, cast<TypedAttr>(rewriter.getZeroAttr(op->getResult(0).getType())));
  }
}
