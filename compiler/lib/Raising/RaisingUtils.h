//===- RaisingUtils.h - helpers shared by the raising passes ----*- C++ -*-===//
//
// Part of the Loom project.
//
// Private to compiler/lib/Raising: the one-shot pattern driver both raising
// passes use, the constant and cast builders of the loop passes, and the
// fast-math flag mapping and the float min/max operand order of the passes
// that raise LLVM arithmetic and calls.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_LIB_RAISING_RAISINGUTILS_H
#define LOOM_LIB_RAISING_RAISINGUTILS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"

namespace loom::raising {

/// Offers every operation nested under `root` (not `root` itself), in every
/// block including unreachable ones, to `patterns` exactly once. Unlike the
/// greedy driver it neither folds nor erases dead operations, so a raising
/// pass changes only what its patterns rewrite. Patterns must replace or
/// erase at most the operation they match. Returns the number of rewrites.
unsigned applyPatternsOnce(mlir::Operation *root,
                           const mlir::FrozenRewritePatternSet &patterns);

/// Creates the `arith.constant` `value` (sign-extended or truncated) of the
/// integer or index `type`.
mlir::Value createConstant(mlir::OpBuilder &builder, mlir::Location loc,
                           mlir::Type type, const llvm::APInt &value);
mlir::Value createConstant(mlir::OpBuilder &builder, mlir::Location loc,
                           mlir::Type type, int64_t value);

/// Casts an integer or index `value` to `type`, reading it as unsigned.
mlir::Value castUnsigned(mlir::OpBuilder &builder, mlir::Location loc,
                         mlir::Value value, mlir::Type type);

/// Maps LLVM fast-math flags bit by bit onto arith's (the enums number the
/// flags differently).
mlir::arith::FastMathFlagsAttr convertFastMath(mlir::MLIRContext *ctx,
                                               mlir::LLVM::FastmathFlags flags);

/// Returns `(a, b)` or `(b, a)`: the operands of the `arith.maxnumf` /
/// `minnumf` that computes `llvm.maxnum(a, b)` / `minnum` as x86-64 code
/// does. Both leave open which of two equal zeros they give. The emulator
/// gives the left operand, as x86 does in general (`isnan(a) ? b :
/// maxss(b, a)`); when `b` is known not to be a NaN (a constant, or
/// `noNaNs`: the `nnan` flag), LLVM's x86 lowering emits `maxss(a, b)`,
/// which gives `b`, and so do the returned `(b, a)`. Swapping is exact
/// otherwise: a NaN operand gives the other operand either way.
std::pair<mlir::Value, mlir::Value>
orderMinMaxNumOperands(mlir::Value a, mlir::Value b, bool noNaNs);

} // namespace loom::raising

#endif // LOOM_LIB_RAISING_RAISINGUTILS_H
