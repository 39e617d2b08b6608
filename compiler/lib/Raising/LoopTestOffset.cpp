//===- LoopTestOffset.cpp - loop tests of `iv + K` ------------------------===//
//
// Part of the Loom project.
//
// `iv + K P B`, with `iv + K` computed without wrapping, holds exactly where
// `iv P B - K` does as long as B - K does not wrap. Where it would, the test
// has one answer for every iv: `iv + K < B` with K > 0 and B < MIN + K is
// false, which `iv < MIN` also gives once B - K saturates at MIN; but
// `iv <= MIN` holds for iv = MIN, so `iv + K <= B` is first rewritten as
// `iv + (K - 1) < B`. In general a positive K saturates at MIN, where `<`
// and `>=` express the constant answer (`<=`, `>` turn into them), and a
// negative K saturates at MAX, where `<=` and `>` do (`<`, `>=` turn into
// them). `==` and `!=` hold modulo 2^N and need neither flag nor clamp.
//
//===----------------------------------------------------------------------===//

#include "LoopTestOffset.h"
#include "RaisingUtils.h"
#include "WhileLoopPatterns.h"

#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace loom::raising;
using Pred = arith::CmpIPredicate;

/// Returns the predicate that differs from the ordered `pred` only in
/// strictness (`<` and `<=`, `>` and `>=`).
static Pred toggleStrictness(Pred pred) {
  switch (pred) {
  case Pred::slt:
    return Pred::sle;
  case Pred::sle:
    return Pred::slt;
  case Pred::sgt:
    return Pred::sge;
  case Pred::sge:
    return Pred::sgt;
  case Pred::ult:
    return Pred::ule;
  case Pred::ule:
    return Pred::ult;
  case Pred::ugt:
    return Pred::uge;
  case Pred::uge:
    return Pred::ugt;
  default:
    return pred;
  }
}

namespace {
/// `iv + K` as a test reads it: K is `magnitude`, negated when `negative`.
struct OffsetTerm {
  APInt magnitude;
  bool negative = false;
};
} // namespace

/// Matches `tested` as `iv + K` (see matchOffsetTest); `ori iv, K` is
/// instcombine's spelling of `i + 1` for an even `i`.
static FailureOr<OffsetTerm> matchOffsetTerm(Value tested, Value iv,
                                             Value ivInit, const APInt &step,
                                             Pred pred, std::string &why) {
  bool ordered = pred != Pred::eq && pred != Pred::ne;
  bool isSigned = isSignedPredicate(pred);
  APInt constant;
  if (auto orOp = tested.getDefiningOp<arith::OrIOp>()) {
    APInt init;
    if (orOp.getLhs() != iv ||
        !matchPattern(orOp.getRhs(), m_ConstantInt(&constant)) ||
        !matchPattern(ivInit, m_ConstantInt(&init)))
      return failure();
    unsigned zeros = std::min(init.countr_zero(), step.countr_zero());
    if (constant.isZero() || zeros >= constant.getBitWidth() ||
        constant.getActiveBits() > zeros)
      return failure();
    return OffsetTerm{constant, false};
  }
  Operation *op = tested.getDefiningOp();
  bool isAdd = isa_and_nonnull<arith::AddIOp>(op);
  if (!isAdd && !isa_and_nonnull<arith::SubIOp>(op))
    return failure();
  Value other = op->getOperand(1);
  if (isAdd && op->getOperand(1) == iv)
    other = op->getOperand(0);
  else if (op->getOperand(0) != iv)
    return failure();
  if (!matchPattern(other, m_ConstantInt(&constant)) || constant.isZero())
    return failure();
  auto flags = cast<arith::ArithIntegerOverflowFlagsInterface>(op);
  if (ordered &&
      !(isSigned ? flags.hasNoSignedWrap() : flags.hasNoUnsignedWrap())) {
    SmallString<16> text;
    constant.toString(text, /*Radix=*/10, isSigned);
    why = (Twine("the test compares `iv ") + (isAdd ? "+ " : "- ") + text +
           "` with '" + arith::stringifyCmpIPredicate(pred) + "' but the " +
           op->getName().getStringRef() + " computing it has no " +
           (isSigned ? "nsw" : "nuw") + " flag, so it may wrap around")
              .str();
    return failure();
  }
  // A signed constant keeps its sign; an unsigned `iv + K` without wrap
  // adds K read as unsigned, an unsigned `iv - K` subtracts it.
  bool negative = isAdd ? isSigned && constant.isNegative()
                        : !isSigned || !constant.isNegative();
  APInt magnitude = isSigned ? constant.abs() : constant;
  return OffsetTerm{magnitude, negative};
}

FailureOr<OffsetTest>
loom::raising::matchOffsetTest(Value tested, Value iv, Value init,
                               const APInt &step, Pred pred, std::string &why) {
  FailureOr<OffsetTerm> term =
      matchOffsetTerm(tested, iv, init, step, pred, why);
  if (failed(term))
    return failure();
  APInt magnitude = term->magnitude;
  if (pred == Pred::eq || pred == Pred::ne)
    return OffsetTest{pred, term->negative ? -magnitude : magnitude,
                      OffsetClamp::None};
  bool ascending = isAscendingPredicate(pred);
  bool strict = isStrictPredicate(pred);
  // Positive K saturates at MIN, where `<` and `>=` express the constant
  // answer; negative K saturates at MAX, where `<=` and `>` do.
  if (term->negative ? strict == ascending : strict != ascending) {
    pred = toggleStrictness(pred);
    magnitude -= 1;
  }
  return OffsetTest{pred, term->negative ? -magnitude : magnitude,
                    term->negative ? OffsetClamp::Max : OffsetClamp::Min};
}

/// B - K', first clamped to MIN + K' (K' >= 0) or MAX + K' (K' < 0) in the
/// predicate's signedness, so that B - K' does not wrap and an out-of-range
/// B - K' saturates at MIN or MAX.
Value loom::raising::buildOffsetBound(OpBuilder &builder, Location loc,
                                      Value bound, const OffsetTest &test) {
  const APInt &offset = test.offset;
  if (offset.isZero())
    return bound;
  Type type = bound.getType();
  unsigned width = offset.getBitWidth();
  bool isSigned = isSignedPredicate(test.pred);
  if (test.clamp == OffsetClamp::Min) {
    APInt min =
        isSigned ? APInt::getSignedMinValue(width) : APInt::getMinValue(width);
    Value limit = createConstant(builder, loc, type, min + offset);
    bound =
        isSigned
            ? arith::MaxSIOp::create(builder, loc, bound, limit).getResult()
            : arith::MaxUIOp::create(builder, loc, bound, limit).getResult();
  } else if (test.clamp == OffsetClamp::Max) {
    APInt max =
        isSigned ? APInt::getSignedMaxValue(width) : APInt::getMaxValue(width);
    Value limit = createConstant(builder, loc, type, max + offset);
    bound =
        isSigned
            ? arith::MinSIOp::create(builder, loc, bound, limit).getResult()
            : arith::MinUIOp::create(builder, loc, bound, limit).getResult();
  }
  return arith::SubIOp::create(builder, loc, bound,
                               createConstant(builder, loc, type, offset));
}
