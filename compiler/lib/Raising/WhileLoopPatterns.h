//===- WhileLoopPatterns.h - scf.while shapes for while-to-for --*- C++ -*-===//
//
// Part of the Loom project.
//
// Private to compiler/lib/Raising: the normalizations that bring lifted
// `scf.while` loops into the shapes `loom-raise-while-to-for` uplifts
// (NormalizeWhileLoops.cpp), and the helpers both files use.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_LIB_RAISING_WHILELOOPPATTERNS_H
#define LOOM_LIB_RAISING_WHILELOOPPATTERNS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"

namespace loom::raising {

/// Returns whether `value` is defined outside `loop`, so it is invariant in
/// every iteration.
inline bool isDefinedOutside(mlir::Value value, mlir::Operation *loop) {
  return !loop->isAncestor(value.getParentBlock()->getParentOp());
}

/// True for the signed orderings `slt`, `sle`, `sgt`, `sge`.
inline bool isSignedPredicate(mlir::arith::CmpIPredicate pred) {
  using Pred = mlir::arith::CmpIPredicate;
  return pred == Pred::slt || pred == Pred::sle || pred == Pred::sgt ||
         pred == Pred::sge;
}

/// True for the strict orderings `<` and `>` of either signedness.
inline bool isStrictPredicate(mlir::arith::CmpIPredicate pred) {
  using Pred = mlir::arith::CmpIPredicate;
  return pred == Pred::slt || pred == Pred::ult || pred == Pred::sgt ||
         pred == Pred::ugt;
}

/// True for `<` and `<=` of either signedness: the bound is an upper one.
inline bool isAscendingPredicate(mlir::arith::CmpIPredicate pred) {
  using Pred = mlir::arith::CmpIPredicate;
  return pred == Pred::slt || pred == Pred::sle || pred == Pred::ult ||
         pred == Pred::ule;
}

/// Returns the predicate P' with `b P' a` equivalent to `a P b` (`eq` and
/// `ne` are their own swaps).
mlir::arith::CmpIPredicate swapPredicate(mlir::arith::CmpIPredicate pred);

/// True if `value` is a constant other than `extreme`, or if the condition
/// of an `scf.if` enclosing `loop` (negated in its `else` region) proves
/// `value != extreme`: `value != extreme`, `value < x` for the largest and
/// `value > x` for the smallest value of the predicate's signedness.
bool isKnownNotEqualAtLoop(mlir::Value value, const llvm::APInt &extreme,
                           mlir::Operation *loop);

/// Adds the pattern that turns a unit-step `scf.for`'s counting `iter_arg`
/// (what a `*p++` walk leaves) into an expression of the induction variable.
void populateCountingIterArgPatterns(mlir::RewritePatternSet &patterns);

/// Adds the patterns that expose counted loops: hoisting invariant ops of
/// the before region, flipping a before-region `scf.if` that tests the
/// negated loop condition (exit normalization), recomputing in the after
/// region a value the test forwards, and merging loop-carried values that
/// are equal in every iteration.
void populateWhileLoopNormalizationPatterns(mlir::RewritePatternSet &patterns);

/// Adds the pattern that merges loop-carried values that are equal in every
/// iteration (DuplicateWhileState.cpp).
void populateDuplicateWhileStatePatterns(mlir::RewritePatternSet &patterns);

} // namespace loom::raising

#endif // LOOM_LIB_RAISING_WHILELOOPPATTERNS_H
