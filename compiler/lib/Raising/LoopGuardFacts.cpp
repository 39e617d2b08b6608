//===- LoopGuardFacts.cpp - what enclosing guards prove at a loop ---------===//
//
// Part of the Loom project.
//
// Clang guards a rotated or hand-written do-while loop with the test of its
// first iteration (`if (lo < n) do { ... } while (++i < n);`). The guard is
// an `scf.if` around the lifted loop; its condition holds in the `then`
// region and its negation in the `else` region, which can prove that the
// first step of the loop does not wrap around.
//
//===----------------------------------------------------------------------===//

#include "WhileLoopPatterns.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace loom::raising;
using Pred = arith::CmpIPredicate;

/// True if `value lhsPred other` (for some `other`) excludes `value ==
/// extreme`: `!=` the extreme itself, or a strict order that the extreme
/// (the largest or smallest value of its signedness) cannot satisfy.
static bool excludesExtreme(Pred pred, Value other, const APInt &extreme) {
  unsigned width = extreme.getBitWidth();
  APInt constant;
  switch (pred) {
  case Pred::ne:
    return matchPattern(other, m_ConstantInt(&constant)) &&
           constant.sextOrTrunc(width) == extreme;
  case Pred::ult:
    return extreme.isMaxValue();
  case Pred::ugt:
    return extreme.isMinValue();
  case Pred::slt:
    return extreme.isMaxSignedValue();
  case Pred::sgt:
    return extreme.isMinSignedValue();
  default:
    return false;
  }
}

bool loom::raising::isKnownNotEqualAtLoop(Value value, const APInt &extreme,
                                          Operation *loop) {
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return constant.sextOrTrunc(extreme.getBitWidth()) != extreme;
  Operation *child = loop;
  for (auto guard = loop->getParentOfType<scf::IfOp>(); guard;
       child = guard, guard = guard->getParentOfType<scf::IfOp>()) {
    auto cmp = guard.getCondition().getDefiningOp<arith::CmpIOp>();
    if (!cmp)
      continue;
    bool inThen = guard.getThenRegion().isAncestor(child->getParentRegion());
    Pred pred = inThen ? cmp.getPredicate()
                       : arith::invertPredicate(cmp.getPredicate());
    if (cmp.getLhs() == value && excludesExtreme(pred, cmp.getRhs(), extreme))
      return true;
    if (cmp.getRhs() == value &&
        excludesExtreme(swapPredicate(pred), cmp.getLhs(), extreme))
      return true;
  }
  return false;
}
