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

/// Builds `llvm.maxnum(a, b)` (`isMax`) or `llvm.minnum(a, b)` as x86-64
/// code computes it; LLVM leaves open which of two equal zeros they return,
/// and x86 picks by the operands' order. With `maxss(d, s) = d > s ? d : s`
/// (so `s` on a tie and on a NaN), LLVM's x86 lowering emits
///   `maxss(a, b)`                  when `b` is known not to be a NaN (a
///                                  constant, or `nnan` in `fastmath`),
///   `maxss(b, a)`                  when `a` is a non-NaN constant,
///   `isnan(a) ? b : maxss(b, a)`   otherwise.
/// The first two become `arith.cmpf` + `arith.select`, the last
/// `arith.maxnumf(a, b)`, which the emulator evaluates as that formula. Only
/// the select forms keep their order through canonicalization, which moves
/// a constant operand of the commutative `arith.maxnumf` to the right.
/// Under `nsz` (the sign of a zero is insignificant; x86 code then commutes
/// maxss freely) the result is `arith.maxnumf(a, b)` in every case.
mlir::Value buildNativeMinMaxNum(mlir::OpBuilder &builder, mlir::Location loc,
                                 mlir::Value a, mlir::Value b, bool isMax,
                                 mlir::arith::FastMathFlagsAttr fastmath);

/// Builds the libm call `fmax(a, b)` (`isMax`) or `fmin(a, b)` as glibc's
/// x86-64 `fmaxf` / `fmax` / ... compute it: `isnan(b) ? a : maxss(a, b)`,
/// so `b` on a tie, the other operand for one quiet NaN, `a` for two. That
/// is `arith.maxnumf(b, a)`, or a select form when either operand is a
/// non-NaN constant (see buildNativeMinMaxNum). Signaling NaN operands,
/// which glibc returns quieted, are not modelled.
mlir::Value buildLibmMinMax(mlir::OpBuilder &builder, mlir::Location loc,
                            mlir::Value a, mlir::Value b, bool isMax,
                            mlir::arith::FastMathFlagsAttr fastmath);

} // namespace loom::raising

#endif // LOOM_LIB_RAISING_RAISINGUTILS_H
