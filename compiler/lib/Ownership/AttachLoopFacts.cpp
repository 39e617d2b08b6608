//===- AttachLoopFacts.cpp - proven trip-count ranges on scf.for ---------===//
//
// Part of the Loom project.
//
//   scf.for %i = %c0 to %n step %c4   =>   scf.for ... {loom.facts =
//   (with %n in [0, 100])                     {lower = [0, 0], step = 4,
//                                              trip_count = [0, 25],
//                                              upper = [0, 100]}}
//
// and divisibility: with %n = %m & -16, `upper_multiple = 16` and
// `trip_count_multiple = 4` (every value %n can take is a multiple of 16).
//
//===----------------------------------------------------------------------===//

#include "loom/Ownership/Passes.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <limits>
#include <numeric>

namespace loom::ownership {
#define GEN_PASS_DEF_ATTACHLOOPFACTSPASS
#include "loom/Ownership/Passes.h.inc"
} // namespace loom::ownership

#define DEBUG_TYPE "loom-attach-loop-facts"

using namespace mlir;

/// The proven signed range of `value`, if the analysis knows one.
static std::optional<std::pair<int64_t, int64_t>>
getRange(DataFlowSolver &solver, Value value) {
  auto *lattice = solver.lookupState<dataflow::IntegerValueRangeLattice>(value);
  if (!lattice || lattice->getValue().isUninitialized())
    return std::nullopt;
  const ConstantIntRanges &range = lattice->getValue().getValue();
  if (range.smin().getBitWidth() > 64)
    return std::nullopt;
  return std::make_pair(range.smin().getSExtValue(),
                        range.smax().getSExtValue());
}

/// Trip count of `ceil((ub - lb) / step)` clamped at 0, for a positive step.
static int64_t tripCount(int64_t lb, int64_t ub, int64_t step) {
  if (ub <= lb)
    return 0;
  return llvm::divideCeil(ub - lb, step);
}

//===----------------------------------------------------------------------===//
// Divisibility
//===----------------------------------------------------------------------===//

/// A known divisor of every value an SSA value can take: 0 means the value
/// is 0 (a multiple of everything), 1 that nothing is known. Divisors are
/// those of the mathematical (signed) value.
using Divisor = uint64_t;

/// The power-of-two part of `d`: what survives wrap-around modulo 2^N and
/// reinterpretation as unsigned (0 stays 0).
static Divisor powerOfTwoPart(Divisor d) { return d & (~d + 1); }

static Divisor gcd(Divisor a, Divisor b) { return std::gcd(a, b); }

/// `a * b` when it fits; otherwise the larger factor, which still divides.
static Divisor multiply(Divisor a, Divisor b) {
  bool overflowed = false;
  Divisor product = llvm::SaturatingMultiply(a, b, &overflowed);
  return overflowed ? std::max(a, b) : product;
}

/// Drops what wrap-around can break: only the power-of-two part divides a
/// result computed modulo 2^N unless the op promises no signed wrap.
static Divisor afterWrap(Operation *op, Divisor d) {
  auto flags = dyn_cast<arith::ArithIntegerOverflowFlagsInterface>(op);
  if (flags && flags.hasNoSignedWrap())
    return d;
  return powerOfTwoPart(d);
}

static unsigned getWidth(Type type) {
  return type.isIndex() ? 64 : type.getIntOrFloatBitWidth();
}

static Divisor getDivisor(Value value, unsigned depth, DataFlowSolver &solver);

/// Divisor of the result of `op` from its operands'.
static Divisor getOpDivisor(Operation *op, unsigned depth,
                            DataFlowSolver &solver) {
  auto operand = [&](unsigned i) {
    return getDivisor(op->getOperand(i), depth + 1, solver);
  };
  return llvm::TypeSwitch<Operation *, Divisor>(op)
      .Case<arith::AddIOp, arith::SubIOp>([&](Operation *op) {
        return afterWrap(op, gcd(operand(0), operand(1)));
      })
      .Case<arith::MulIOp>([&](Operation *op) {
        return afterWrap(op, multiply(operand(0), operand(1)));
      })
      .Case<arith::ShLIOp>([&](arith::ShLIOp op) -> Divisor {
        APInt amount;
        if (!matchPattern(op.getRhs(), m_ConstantInt(&amount)) ||
            amount.uge(getWidth(op.getType())))
          return 1;
        return afterWrap(
            op, multiply(operand(0), Divisor(1) << amount.getZExtValue()));
      })
      // A result bit is 0 where either operand's is (and) or both are (or).
      .Case<arith::AndIOp>([&](Operation *) {
        return std::max(powerOfTwoPart(operand(0)), powerOfTwoPart(operand(1)));
      })
      .Case<arith::OrIOp>([&](Operation *) {
        Divisor a = operand(0), b = operand(1);
        if (a == 0 || b == 0)
          return powerOfTwoPart(a == 0 ? b : a);
        return std::min(powerOfTwoPart(a), powerOfTwoPart(b));
      })
      // The result is one of the operands.
      .Case<arith::MaxSIOp, arith::MinSIOp, arith::MaxUIOp, arith::MinUIOp>(
          [&](Operation *) { return gcd(operand(0), operand(1)); })
      .Case<arith::SelectOp>(
          [&](Operation *) { return gcd(operand(1), operand(2)); })
      // Sign-preserving casts keep the value when they widen.
      .Case<arith::ExtSIOp, arith::IndexCastOp>([&](Operation *op) {
        Divisor d = operand(0);
        return getWidth(op->getResultTypes()[0]) >=
                       getWidth(op->getOperandTypes()[0])
                   ? d
                   : powerOfTwoPart(d);
      })
      .Case<arith::ExtUIOp, arith::IndexCastUIOp, arith::TruncIOp>(
          [&](Operation *) { return powerOfTwoPart(operand(0)); })
      .Default([](Operation *) { return Divisor(1); });
}

/// Divisor of `value`: constants, integer arithmetic and casts, and the
/// induction variable of an `scf.for` (`lb + k * step`).
static Divisor getDivisor(Value value, unsigned depth, DataFlowSolver &solver) {
  constexpr unsigned kMaxDepth = 12;
  if (depth > kMaxDepth || !value.getType().isIntOrIndex())
    return 1;
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return constant.getBitWidth() <= 64 ? constant.abs().getZExtValue() : 1;
  // A value the range analysis pins to one number (a select of equal
  // constants, arithmetic the constant propagation folds) is that number.
  std::optional<std::pair<int64_t, int64_t>> range = getRange(solver, value);
  if (range && range->first == range->second)
    return range->first == std::numeric_limits<int64_t>::min()
               ? Divisor(1) << 63
               : static_cast<Divisor>(std::abs(range->first));
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
    if (!loop || arg != loop.getInductionVar())
      return 1;
    Divisor d = gcd(getDivisor(loop.getLowerBound(), depth + 1, solver),
                    getDivisor(loop.getStep(), depth + 1, solver));
    return loop.getUnsignedCmp() ? powerOfTwoPart(d) : d;
  }
  return getOpDivisor(value.getDefiningOp(), depth, solver);
}

/// Adds `<name>_multiple` to `facts` when `d` says more than "any integer".
static void setMultiple(NamedAttrList &facts, StringRef name, Divisor d,
                        Builder &builder) {
  if (d > 1)
    facts.set((name + "_multiple").str(),
              builder.getI64IntegerAttr(static_cast<int64_t>(d)));
}

/// Divisor of the trip count `ceil((ub - lb) / step)` (0 when `ub <= lb`,
/// a multiple of everything): `ub - lb` is a multiple of gcd(lb, ub), so
/// when the step divides that the division is exact.
static Divisor getTripCountDivisor(Divisor lower, Divisor upper, int64_t step) {
  Divisor span = gcd(lower, upper);
  if (span == 0 || span % static_cast<Divisor>(step) != 0)
    return 1;
  return span / static_cast<Divisor>(step);
}

static void attachFacts(scf::ForOp loop, DataFlowSolver &solver) {
  APInt stepValue;
  if (!matchPattern(loop.getStep(), m_ConstantInt(&stepValue)) ||
      !stepValue.isStrictlyPositive())
    return;
  std::optional<std::pair<int64_t, int64_t>> lower =
      getRange(solver, loop.getLowerBound());
  std::optional<std::pair<int64_t, int64_t>> upper =
      getRange(solver, loop.getUpperBound());
  Builder builder(loop.getContext());
  int64_t step = stepValue.getSExtValue();
  NamedAttrList facts;
  facts.set("step", builder.getI64IntegerAttr(step));
  auto pair = [&](int64_t lo, int64_t hi) {
    return builder.getDenseI64ArrayAttr({lo, hi});
  };
  if (lower)
    facts.set("lower", pair(lower->first, lower->second));
  if (upper)
    facts.set("upper", pair(upper->first, upper->second));
  // Full-width ranges say nothing; keep the trip count to bounded ones.
  bool bounded = lower && upper &&
                 upper->second - lower->first < (int64_t(1) << 40) &&
                 upper->first - lower->second > -(int64_t(1) << 40);
  int64_t minTrips = 0, maxTrips = -1;
  if (bounded) {
    minTrips = tripCount(lower->second, upper->first, step);
    maxTrips = tripCount(lower->first, upper->second, step);
    facts.set("trip_count", pair(minTrips, maxTrips));
  }
  Divisor lowerMultiple = getDivisor(loop.getLowerBound(), 0, solver);
  Divisor upperMultiple = getDivisor(loop.getUpperBound(), 0, solver);
  if (loop.getUnsignedCmp()) {
    lowerMultiple = powerOfTwoPart(lowerMultiple);
    upperMultiple = powerOfTwoPart(upperMultiple);
  }
  setMultiple(facts, "lower", lowerMultiple, builder);
  setMultiple(facts, "upper", upperMultiple, builder);
  Divisor tripMultiple =
      minTrips == maxTrips
          ? static_cast<Divisor>(minTrips)
          : getTripCountDivisor(lowerMultiple, upperMultiple, step);
  setMultiple(facts, "trip_count", tripMultiple, builder);
  loop->setAttr("loom.facts", facts.getDictionary(loop.getContext()));
}

namespace {
struct AttachLoopFactsPass
    : loom::ownership::impl::AttachLoopFactsPassBase<AttachLoopFactsPass> {
  void runOnOperation() override {
    DataFlowSolver solver;
    solver.load<dataflow::DeadCodeAnalysis>();
    solver.load<dataflow::SparseConstantPropagation>();
    solver.load<dataflow::IntegerRangeAnalysis>();
    if (failed(solver.initializeAndRun(getOperation())))
      return signalPassFailure();
    getOperation().walk([&](scf::ForOp loop) { attachFacts(loop, solver); });
  }
};
} // namespace
