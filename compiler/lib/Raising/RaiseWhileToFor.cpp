//===- RaiseWhileToFor.cpp - counted scf.while into scf.for ---------------===//
//
// Part of the Loom project.
//
// `--lift-cf-to-scf` structures every loop as `scf.while`. This pass turns
// the counted ones into `scf.for`. Upstream's uplift
// (`scf::upliftWhileToForLoop`, whose pass is test-only) takes one shape,
// `i < ub` with `i += step`, and returns the last iteration's `i` where the
// loop result is the first value that failed the test; it stays here as the
// fallback for invariant non-constant steps, guarded to loops whose
// induction result is unused. The patterns of this file take:
//
//  - pre-tested loops `while (i P ub) { ...; i += c }` for every predicate
//    P, a constant step c of either sign, and i8..i64 or index inductions,
//    also when the test reads `i + K` or `i - K` computed without wrapping
//    (`i + 1 < n`, `i + 5 <= n`, `i - 1 >= m`, or `(i | 1) < n` for an
//    even i), which becomes a test of `i` against `ub - K`, saturated at
//    the type's extreme where `ub - K` would wrap (`<=` and `>` turn strict,
//    `<` and `>=` non-strict where needed so the saturated bound is exact);
//  - do-while loops `do { ...; i += c } while (i P ub)` (the test in the
//    before region after the body), also inside a guarding `scf.if`;
//  - shapes that need a cleanup first (NormalizeWhileLoops.cpp): invariant
//    ops of the test are hoisted, a before-region `scf.if` testing the
//    negated loop condition is flipped so upstream's `WhileMoveIfDown` makes
//    the loop pre-tested, a forwarded `i - 1` is recomputed after the test,
//    and loop-carried values equal in every iteration (two counters from
//    one source loop) are merged (DuplicateWhileState.cpp);
//  - afterwards, unit-step `iter_args` that only count (`p = p + 1`, what a
//    `*p++` walk leaves) become expressions of the induction variable.
//
// Every rewrite is exact on all inputs where the original is defined: a
// step that could wrap around the bound is only accepted with the matching
// `nsw`/`nuw` flag (then wrapping is undefined in the original) or when the
// bound leaves room; the `!=` test is accepted for unit steps (counting
// modulo 2^N) or with a no-wrap flag. A unit-step do-while loop needs no
// flag below 64 bits (only its first step can wrap, and its trip count
// counted modulo 2^N covers that), nor at 64 bits when the start is a
// constant or guarded away from the value that would wrap. Every loop left
// a while loop gets a remark with the reason. The forms produced:
//
//   ascending, signed           scf.for %i = %lb to %ub' step %c : iN
//   ascending, unsigned, < 64b  scf.for %j = index(%lb) to index(%ub')
//                                 step %c { %i = index_castui %j to iN }
//   ascending, unsigned, 64b    scf.for unsigned %i = %lb to %ub' step %c
//   descending or `!=`          scf.for %k = 0 to %tripCount step 1
//                                 { %i = %lb + k * c }  (index for < 64b,
//                                 else `scf.for unsigned` over iN)
//
// with %ub' = %ub + 1 for `<=` and max(%ub', %lb + c) for do-while loops.
//
//===----------------------------------------------------------------------===//

#include "LoopTestOffset.h"
#include "RaisingUtils.h"
#include "WhileLoopPatterns.h"

#include "loom/Raising/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace loom::raising {
#define GEN_PASS_DEF_RAISEWHILETOFORPASS
#include "loom/Raising/Passes.h.inc"
} // namespace loom::raising

#define DEBUG_TYPE "loom-raise-while-to-for"

using namespace mlir;
using namespace loom::raising;
using Pred = arith::CmpIPredicate;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Bit width of an integer or index type (index is 64 bits wide here).
static unsigned getWidth(Type type) {
  return type.isIndex() ? 64 : type.getIntOrFloatBitWidth();
}

/// True if `value` is known to be non-negative as a signed number.
static bool isKnownNonNegative(Value value) {
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return !constant.isNegative();
  if (value.getDefiningOp<arith::ExtUIOp>())
    return true;
  if (auto andOp = value.getDefiningOp<arith::AndIOp>())
    return isKnownNonNegative(andOp.getLhs()) ||
           isKnownNonNegative(andOp.getRhs());
  return false;
}

//===----------------------------------------------------------------------===//
// Counted loops: matching and planning
//===----------------------------------------------------------------------===//

namespace {

/// A counted loop: the induction variable starts at `init`, the body runs
/// while `iv pred bound` holds, and each iteration adds `step`.
struct CountedLoop {
  unsigned ivIndex = 0;
  Value init, bound;
  Pred pred = Pred::slt;
  APInt step;
  bool noSignedWrap = false, noUnsignedWrap = false;
  /// Do-while loops: the body runs before the first test.
  bool doWhile = false;
  /// Do-while loops: the test reads `iv + step`, not `iv`.
  bool testsNext = false;
  /// Pre-tested loops whose test reads `iv + K`, not `iv`: how `bound`
  /// moves (`pred` is already the predicate of the test of `iv`).
  std::optional<OffsetTest> testOffset;
  /// The scf.while, for facts its enclosing guards prove.
  Operation *whileOp = nullptr;
};

/// How the `scf.for` iterates (see the file comment).
enum class ForShape { Signed, IndexUnsigned, Unsigned, TripCount };

struct LoopPlan {
  ForShape shape;
  /// The predicate with `!=` resolved; stays `ne` for counting modulo 2^N.
  Pred pred;
};

} // namespace

/// Matches `base + c`, `c + base` or `base - c` with a constant c; sets
/// `step` and the no-wrap flags that hold in the direction of the step.
static bool matchIncrement(Value value, Value base, CountedLoop &loop) {
  APInt constant;
  if (auto add = value.getDefiningOp<arith::AddIOp>()) {
    Value other = add.getLhs() == base   ? add.getRhs()
                  : add.getRhs() == base ? add.getLhs()
                                         : Value();
    if (!other || !matchPattern(other, m_ConstantInt(&constant)))
      return false;
    auto flags = add.getOverflowFlags();
    loop.step = constant;
    loop.noSignedWrap =
        bitEnumContainsAll(flags, arith::IntegerOverflowFlags::nsw);
    // `add nuw` of a negative constant says nothing about counting down.
    loop.noUnsignedWrap =
        !constant.isNegative() &&
        bitEnumContainsAll(flags, arith::IntegerOverflowFlags::nuw);
  } else if (auto sub = value.getDefiningOp<arith::SubIOp>()) {
    if (sub.getLhs() != base ||
        !matchPattern(sub.getRhs(), m_ConstantInt(&constant)) ||
        constant.isMinSignedValue())
      return false;
    auto flags = sub.getOverflowFlags();
    loop.step = -constant;
    loop.noSignedWrap =
        bitEnumContainsAll(flags, arith::IntegerOverflowFlags::nsw);
    loop.noUnsignedWrap =
        !constant.isNegative() &&
        bitEnumContainsAll(flags, arith::IntegerOverflowFlags::nuw);
  } else {
    return false;
  }
  return !loop.step.isZero();
}

/// Matches `cmp` as a test of `iv` against a value defined outside `loop`;
/// sets `bound` and the predicate with `iv` on the left.
static bool matchTest(arith::CmpIOp cmp, Value iv, Operation *loop,
                      CountedLoop &counted) {
  if (cmp.getLhs() == iv && isDefinedOutside(cmp.getRhs(), loop)) {
    counted.bound = cmp.getRhs();
    counted.pred = cmp.getPredicate();
    return true;
  }
  if (cmp.getRhs() == iv && isDefinedOutside(cmp.getLhs(), loop)) {
    counted.bound = cmp.getLhs();
    counted.pred = swapPredicate(cmp.getPredicate());
    return true;
  }
  return false;
}

/// True if a constant bound leaves room for one more step: stepping past it
/// from a value that passes the test cannot wrap around.
static bool boundLeavesRoom(const CountedLoop &loop, Pred pred) {
  APInt bound;
  if (loop.testOffset || !matchPattern(loop.bound, m_ConstantInt(&bound)))
    return false;
  unsigned width = loop.step.getBitWidth();
  bound = bound.sextOrTrunc(width);
  APInt mag = loop.step.abs();
  bool isSigned = isSignedPredicate(pred);
  APInt max =
      isSigned ? APInt::getSignedMaxValue(width) : APInt::getMaxValue(width);
  APInt min =
      isSigned ? APInt::getSignedMinValue(width) : APInt::getMinValue(width);
  auto le = [&](const APInt &a, const APInt &b) {
    return isSigned ? a.sle(b) : a.ule(b);
  };
  // The last value passing the test is bound - 1 (<), bound (<=),
  // bound + 1 (>) or bound (>=); one more step must stay in range.
  bool strict = isStrictPredicate(pred);
  if (isAscendingPredicate(pred))
    return le(bound, max - mag + (strict ? 1 : 0)) && (strict || bound != max);
  return le(min + mag - (strict ? 1 : 0), bound) && (strict || bound != min);
}

/// Matches the test of the pre-tested `loop` reading `tested` as a test of
/// `iv + K` (LoopTestOffset.h) and moves its bound to `iv`.
static bool matchCandidateOffset(Value tested, Value iv, CountedLoop &loop,
                                 std::string &why) {
  FailureOr<OffsetTest> offset =
      matchOffsetTest(tested, iv, loop.init, loop.step, loop.pred, why);
  if (failed(offset))
    return false;
  loop.pred = offset->pred;
  loop.testOffset = *offset;
  return true;
}

/// True if `loop` is a unit-step do-while loop below 64 bits. Its trip count
/// `(start P bound ? |bound - start| : 0) + 1` (`!=`: `bound - start`
/// modulo 2^N, plus one), with `start = init + step` when the test reads
/// the stepped value and `init` when it reads the value before the step,
/// computed modulo 2^N counts the iterations exactly whether the first step
/// wraps or not (later steps follow a passing test, so they cannot), and
/// fits an index.
static bool isModularDoWhile(const CountedLoop &loop) {
  return loop.doWhile && loop.step.abs().isOne() &&
         getWidth(loop.init.getType()) < 64;
}

/// True if the first step of the do-while `loop` cannot wrap around: its
/// start is a constant or guarded to differ from the largest (ascending) or
/// smallest (descending) value of the predicate's signedness.
static bool firstStepCannotWrap(const CountedLoop &loop, Pred pred) {
  unsigned width = loop.step.getBitWidth();
  bool up = loop.step.isStrictlyPositive();
  APInt extreme =
      isSignedPredicate(pred)
          ? (up ? APInt::getSignedMaxValue(width)
                : APInt::getSignedMinValue(width))
          : (up ? APInt::getMaxValue(width) : APInt::getMinValue(width));
  return loop.whileOp &&
         isKnownNotEqualAtLoop(loop.init, extreme, loop.whileOp);
}

/// Decides how `loop` becomes an `scf.for`, or why it cannot.
static FailureOr<LoopPlan> planLoop(const CountedLoop &loop, std::string &why) {
  bool up = loop.step.isStrictlyPositive();
  bool unit = loop.step.abs().isOne();
  Pred pred = loop.pred;
  if (pred == Pred::ne) {
    if (loop.noSignedWrap)
      pred = up ? Pred::slt : Pred::sgt;
    else if (loop.noUnsignedWrap)
      pred = up ? Pred::ult : Pred::ugt;
    else if (unit && (!loop.doWhile || isModularDoWhile(loop)))
      return LoopPlan{ForShape::TripCount, Pred::ne};
    else {
      why = loop.doWhile ? "a do-while '!=' test needs a unit step below 64 "
                           "bits or a no-wrap increment"
                         : "an '!=' test needs a unit step or a no-wrap "
                           "increment";
      return failure();
    }
  }
  if (pred == Pred::eq || isAscendingPredicate(pred) != up) {
    why = "the test does not bound the direction of the step";
    return failure();
  }
  bool isSigned = isSignedPredicate(pred);
  bool flagged = isSigned ? loop.noSignedWrap : loop.noUnsignedWrap;
  // Do-while loops step before the first test, so only the flag proves it.
  bool noWrap =
      flagged || (!loop.doWhile && ((isStrictPredicate(pred) && unit) ||
                                    boundLeavesRoom(loop, pred)));
  if (!noWrap && loop.doWhile && unit && isStrictPredicate(pred)) {
    if (isModularDoWhile(loop) ||
        (loop.testsNext && firstStepCannotWrap(loop, pred)))
      return LoopPlan{ForShape::TripCount, pred};
    why = loop.testsNext
              ? "the first step of the 64-bit do-while loop may wrap around: "
                "the start is not known to differ from the largest "
                "(smallest) value and the increment has no nsw/nuw flag"
              : "the 64-bit do-while loop tests the value before its step, "
                "so it may run 2^64 times, which no 64-bit trip count "
                "holds, and the increment has no nsw/nuw flag";
    return failure();
  }
  if (!noWrap) {
    why = loop.doWhile && !loop.testsNext
              ? "the do-while loop tests the value before its increment, "
                "which may wrap around without an nsw/nuw flag"
              : "the increment may wrap around without an nsw/nuw flag";
    return failure();
  }
  if (!up || (loop.doWhile && !loop.testsNext))
    return LoopPlan{ForShape::TripCount, pred};
  if (isSigned)
    return LoopPlan{ForShape::Signed, pred};
  // Below a non-negative bound a unit step never reaches the sign bit, so
  // the signed loop steps exactly like the unsigned one.
  if (pred == Pred::ult && unit && !loop.testOffset &&
      isKnownNonNegative(loop.init) && isKnownNonNegative(loop.bound))
    return LoopPlan{ForShape::Signed, Pred::slt};
  if (getWidth(loop.init.getType()) < 64)
    return LoopPlan{ForShape::IndexUnsigned, pred};
  return LoopPlan{ForShape::Unsigned, pred};
}

//===----------------------------------------------------------------------===//
// Counted loops: building the scf.for
//===----------------------------------------------------------------------===//

/// Returns the trip count (in the type of `start`) of the pre-tested loop
/// from `start` while `iv pred bound`, stepping by `step`, as `planLoop`
/// accepted it: the distance to the bound divided by the step, rounded up
/// for strict tests, or the distance modulo 2^N for `!=`.
static Value buildTripCount(OpBuilder &builder, Location loc, Value start,
                            Value bound, Pred pred, const APInt &step) {
  Type type = start.getType();
  bool up = step.isStrictlyPositive();
  Value distance = up ? arith::SubIOp::create(builder, loc, bound, start)
                      : arith::SubIOp::create(builder, loc, start, bound);
  if (pred == Pred::ne)
    return distance;
  APInt mag = step.abs();
  Value one = createConstant(builder, loc, type, 1);
  auto divide = [&](Value value) -> Value {
    if (mag.isOne())
      return value;
    return arith::DivUIOp::create(builder, loc, value,
                                  createConstant(builder, loc, type, mag));
  };
  Value count;
  if (!isStrictPredicate(pred))
    count = arith::AddIOp::create(builder, loc, divide(distance), one);
  else if (mag.isOne())
    count = distance;
  else
    count = arith::AddIOp::create(
        builder, loc,
        divide(arith::SubIOp::create(builder, loc, distance, one)), one);
  Value runs = arith::CmpIOp::create(builder, loc, pred, start, bound);
  return arith::SelectOp::create(builder, loc, runs, count,
                                 createConstant(builder, loc, type, 0));
}

namespace {
/// The new loop, the induction value its body sees, and its trip count when
/// the shape computed one.
struct BuiltFor {
  scf::ForOp forOp;
  Value iv;
  Value tripCount;
};
} // namespace

/// Creates the `scf.for` of `plan` with an empty body that only computes
/// the original induction value; the caller moves the body in.
static BuiltFor buildFor(PatternRewriter &rewriter, Location loc,
                         const CountedLoop &loop, const LoopPlan &plan,
                         ValueRange inits) {
  Type type = loop.init.getType();
  Type indexType = rewriter.getIndexType();
  auto noBody = [](OpBuilder &, Location, Value, ValueRange) {};
  BuiltFor built;
  if (plan.shape == ForShape::TripCount) {
    Value start = loop.init;
    if (loop.doWhile && loop.testsNext)
      start = arith::AddIOp::create(
          rewriter, loc, start, createConstant(rewriter, loc, type, loop.step));
    Value count =
        buildTripCount(rewriter, loc, start, loop.bound, plan.pred, loop.step);
    // Below 64 bits the count fits a signed index loop exactly.
    bool wide = getWidth(type) >= 64;
    Type countType = wide ? type : indexType;
    count = castUnsigned(rewriter, loc, count, countType);
    if (loop.doWhile)
      count = arith::AddIOp::create(
          rewriter, loc, count, createConstant(rewriter, loc, countType, 1));
    built.tripCount = count;
    built.forOp = scf::ForOp::create(
        rewriter, loc, createConstant(rewriter, loc, countType, 0), count,
        createConstant(rewriter, loc, countType, 1), inits, noBody,
        /*unsignedCmp=*/wide);
    rewriter.setInsertionPointToStart(built.forOp.getBody());
    Value k = castUnsigned(rewriter, loc, built.forOp.getInductionVar(), type);
    Value offset = loop.step.isOne()
                       ? k
                       : arith::MulIOp::create(
                             rewriter, loc, k,
                             createConstant(rewriter, loc, type, loop.step));
    built.iv = arith::AddIOp::create(rewriter, loc, loop.init, offset);
    return built;
  }
  Value lb = loop.init, ub = loop.bound;
  if (plan.shape == ForShape::IndexUnsigned) {
    lb = castUnsigned(rewriter, loc, lb, indexType);
    ub = castUnsigned(rewriter, loc, ub, indexType);
  }
  Type forType = lb.getType();
  Value step = createConstant(rewriter, loc, forType, loop.step);
  if (!isStrictPredicate(plan.pred))
    ub = arith::AddIOp::create(rewriter, loc, ub,
                               createConstant(rewriter, loc, forType, 1));
  if (loop.doWhile) {
    // The body runs once before the first test.
    Value next = arith::AddIOp::create(rewriter, loc, lb, step);
    ub = plan.shape == ForShape::Signed
             ? arith::MaxSIOp::create(rewriter, loc, ub, next).getResult()
             : arith::MaxUIOp::create(rewriter, loc, ub, next).getResult();
  }
  built.forOp = scf::ForOp::create(rewriter, loc, lb, ub, step, inits, noBody,
                                   plan.shape == ForShape::Unsigned);
  rewriter.setInsertionPointToStart(built.forOp.getBody());
  built.iv = castUnsigned(rewriter, loc, built.forOp.getInductionVar(), type);
  return built;
}

/// Returns the induction value the while loop returns: the first value that
/// failed the test, `init + tripCount * step`.
static Value buildExitValue(PatternRewriter &rewriter, Location loc,
                            const CountedLoop &loop, const LoopPlan &plan,
                            const BuiltFor &built) {
  Type type = loop.init.getType();
  Value count = built.tripCount;
  if (!count) {
    Value start = loop.init;
    if (loop.doWhile && loop.testsNext)
      start = arith::AddIOp::create(
          rewriter, loc, start, createConstant(rewriter, loc, type, loop.step));
    count =
        buildTripCount(rewriter, loc, start, loop.bound, plan.pred, loop.step);
    if (loop.doWhile)
      count = arith::AddIOp::create(rewriter, loc, count,
                                    createConstant(rewriter, loc, type, 1));
  }
  count = castUnsigned(rewriter, loc, count, type);
  Value offset = arith::MulIOp::create(
      rewriter, loc, count, createConstant(rewriter, loc, type, loop.step));
  return arith::AddIOp::create(rewriter, loc, loop.init, offset);
}

/// Replaces `loop` by the `scf.for` of `plan` whose body is `body` (the
/// after block of a pre-tested loop, the before block of a do-while loop);
/// the body's terminator operands other than the induction variable become
/// the yielded `iter_args`.
static void rewriteAsFor(PatternRewriter &rewriter, scf::WhileOp loop,
                         const CountedLoop &counted, const LoopPlan &plan,
                         Block *body) {
  Location loc = loop.getLoc();
  unsigned k = counted.ivIndex;
  SmallVector<Value> inits;
  for (auto [i, init] : llvm::enumerate(loop.getInits()))
    if (i != k)
      inits.push_back(init);
  rewriter.setInsertionPoint(loop);
  BuiltFor built = buildFor(rewriter, loc, counted, plan, inits);
  Block *forBody = built.forOp.getBody();
  SmallVector<Value> arguments;
  for (unsigned i = 0, e = body->getNumArguments(); i < e; ++i)
    arguments.push_back(i == k ? built.iv
                               : forBody->getArgument(1 + i - (i > k ? 1 : 0)));
  rewriter.inlineBlockBefore(body, forBody, forBody->end(), arguments);
  Operation *terminator = forBody->getTerminator();
  OperandRange operands = isa<scf::ConditionOp>(terminator)
                              ? cast<scf::ConditionOp>(terminator).getArgs()
                              : terminator->getOperands();
  SmallVector<Value> yielded;
  for (auto [i, value] : llvm::enumerate(operands))
    if (i != k)
      yielded.push_back(value);
  rewriter.setInsertionPoint(terminator);
  scf::YieldOp::create(rewriter, terminator->getLoc(), yielded);
  rewriter.eraseOp(terminator);

  rewriter.setInsertionPointAfter(built.forOp);
  SmallVector<Value> results(built.forOp.getResults());
  Value ivResult = loop.getResult(k).use_empty()
                       ? counted.init
                       : buildExitValue(rewriter, loc, counted, plan, built);
  results.insert(results.begin() + k, ivResult);
  rewriter.replaceOp(loop, results);
}

//===----------------------------------------------------------------------===//
// Counted loops: patterns
//===----------------------------------------------------------------------===//

namespace {

/// Why each counted-looking scf.while stays a while loop, so the pass can
/// report the loops left at the end. Listening to the rewriter drops the
/// entry of an erased loop, so a new loop at a reused address starts clean.
class WhileLoopReasons : public RewriterBase::Listener {
public:
  void record(Operation *loop, StringRef why) { reasons[loop] = why.str(); }
  StringRef lookup(Operation *loop) const {
    auto it = reasons.find(loop);
    return it == reasons.end() ? StringRef() : StringRef(it->second);
  }
  void notifyOperationErased(Operation *op) override { reasons.erase(op); }

private:
  llvm::DenseMap<Operation *, std::string> reasons;
};

/// A pre-tested loop whose before region is only the test:
///
///   %r = scf.while (%i = %lb) : (i32) -> i32 {   scf.for %k = %c0 to %tc
///     %c = arith.cmpi sgt, %i, %ub                   step %c1 {
///     scf.condition(%c) %i                 =>      %i = %lb - %k
///   } do { ^bb0(%j: i32):                          <body>
///     <body>; %n = arith.addi %j, %cm1 nsw       }
///     scf.yield %n }
struct UpliftPreTestedLoop : OpRewritePattern<scf::WhileOp> {
  UpliftPreTestedLoop(MLIRContext *context, WhileLoopReasons &reasons)
      : OpRewritePattern(context, /*benefit=*/2), reasons(reasons) {}
  WhileLoopReasons &reasons;
  LogicalResult matchAndRewrite(scf::WhileOp loop,
                                PatternRewriter &rewriter) const override {
    Block *before = loop.getBeforeBody();
    scf::ConditionOp condition = loop.getConditionOp();
    // The test, maybe reading `iv + K` computed just before it.
    auto cmp = condition.getCondition().getDefiningOp<arith::CmpIOp>();
    size_t numOps = std::distance(before->without_terminator().begin(),
                                  before->without_terminator().end());
    Operation *derived = numOps == 2 ? &before->front() : nullptr;
    if (!cmp || cmp->getBlock() != before || !cmp->hasOneUse() ||
        (numOps != 1 && !derived) ||
        (derived &&
         (derived->getNumResults() != 1 || !derived->getResult(0).hasOneUse() ||
          !llvm::is_contained(cmp->getOperands(), derived->getResult(0)))))
      return rewriter.notifyMatchFailure(loop,
                                         "the before region is not one test");
    if (ValueRange(before->getArguments()) != condition.getArgs())
      return rewriter.notifyMatchFailure(
          loop, "the test does not forward the loop state unchanged");
    CountedLoop counted;
    bool found = false;
    // Why a stepped state value whose test reads `iv + K` was refused.
    std::string offsetWhy;
    for (BlockArgument arg : before->getArguments()) {
      unsigned k = arg.getArgNumber();
      CountedLoop candidate;
      candidate.ivIndex = k;
      candidate.init = loop.getInits()[k];
      Value tested = derived ? derived->getResult(0) : Value(arg);
      if (found || !llvm::hasNItems(arg.getUses(), 2) ||
          !matchIncrement(loop.getYieldOp().getResults()[k],
                          loop.getAfterBody()->getArgument(k), candidate) ||
          !matchTest(cmp, tested, loop, candidate) ||
          (derived && !matchCandidateOffset(tested, arg, candidate, offsetWhy)))
        continue;
      counted = candidate;
      found = true;
    }
    if (!found && !offsetWhy.empty()) {
      reasons.record(loop, offsetWhy);
      return rewriter.notifyMatchFailure(loop, offsetWhy);
    }
    if (!found)
      return rewriter.notifyMatchFailure(
          loop, "no state value is tested and stepped by a constant");
    std::string why;
    FailureOr<LoopPlan> plan = planLoop(counted, why);
    if (failed(plan)) {
      reasons.record(loop, why);
      return rewriter.notifyMatchFailure(loop, why);
    }
    if (counted.testOffset) {
      rewriter.setInsertionPoint(loop);
      counted.bound = buildOffsetBound(rewriter, loop.getLoc(), counted.bound,
                                       *counted.testOffset);
      counted.testOffset.reset();
    }
    rewriteAsFor(rewriter, loop, counted, *plan, loop.getAfterBody());
    return success();
  }
};

/// A do-while loop: the before region is the body, stepping the induction
/// variable and testing it; the after region only forwards the state:
///
///   %r:2 = scf.while (%s = %s0, %i = %c0) {     %r = scf.for %i = %c0 to
///     <body>; %n = arith.addi %i, %c1 nsw             max(%ub, %c0 + 1)
///     %c = arith.cmpi slt, %n, %ub         =>         step %c1
///     scf.condition(%c) %s2, %n                       iter_args(%s = %s0) {
///   } do { ^bb0(%a, %b): scf.yield %a, %b }       <body>; scf.yield %s2 }
struct UpliftDoWhileLoop : OpRewritePattern<scf::WhileOp> {
  UpliftDoWhileLoop(MLIRContext *context, WhileLoopReasons &reasons)
      : OpRewritePattern(context, /*benefit=*/2), reasons(reasons) {}
  WhileLoopReasons &reasons;
  LogicalResult matchAndRewrite(scf::WhileOp loop,
                                PatternRewriter &rewriter) const override {
    Block *before = loop.getBeforeBody();
    Block *after = loop.getAfterBody();
    if (!llvm::hasSingleElement(*after) ||
        ValueRange(after->getArguments()) != loop.getYieldOp().getResults())
      return rewriter.notifyMatchFailure(
          loop, "the after region does more than forward the state");
    scf::ConditionOp condition = loop.getConditionOp();
    auto cmp = condition.getCondition().getDefiningOp<arith::CmpIOp>();
    if (!cmp || cmp->getBlock() != before)
      return rewriter.notifyMatchFailure(loop, "the exit test is no cmpi");
    CountedLoop counted;
    counted.doWhile = true;
    counted.whileOp = loop;
    bool found = false;
    for (auto [k, next] : llvm::enumerate(condition.getArgs())) {
      Value iv = before->getArgument(k);
      if (found || !matchIncrement(next, iv, counted))
        continue;
      if (matchTest(cmp, next, loop, counted))
        counted.testsNext = true;
      else if (matchTest(cmp, iv, loop, counted))
        counted.testsNext = false;
      else
        continue;
      counted.ivIndex = k;
      counted.init = loop.getInits()[k];
      found = true;
    }
    if (!found)
      return rewriter.notifyMatchFailure(
          loop, "no state value is stepped by a constant and tested");
    std::string why;
    FailureOr<LoopPlan> plan = planLoop(counted, why);
    if (failed(plan)) {
      reasons.record(loop, why);
      return rewriter.notifyMatchFailure(loop, why);
    }
    rewriteAsFor(rewriter, loop, counted, *plan, before);
    return success();
  }
};

/// Upstream's uplift for what the patterns above leave: `i < ub` stepped by
/// an invariant that is not a constant. Upstream assumes the step positive
/// (a C++ loop stepping by zero or less never ends or overflows, both
/// undefined), so the increment must carry `nsw`; it returns the last
/// iteration's induction value instead of the exit value, so the induction
/// result must be unused.
struct GuardedUpstreamUplift : OpRewritePattern<scf::WhileOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(scf::WhileOp loop,
                                PatternRewriter &rewriter) const override {
    Block *before = loop.getBeforeBody();
    auto cmp = dyn_cast<arith::CmpIOp>(&before->front());
    if (!cmp)
      return rewriter.notifyMatchFailure(loop, "the before region is no test");
    for (Value operand : cmp.getOperands()) {
      auto arg = dyn_cast<BlockArgument>(operand);
      if (!arg || arg.getOwner() != before)
        continue;
      unsigned k = arg.getArgNumber();
      if (!loop.getResult(k).use_empty())
        return rewriter.notifyMatchFailure(
            loop, "upstream computes a wrong exit value for a used result");
      auto add =
          loop.getYieldOp().getResults()[k].getDefiningOp<arith::AddIOp>();
      if (!add || matchPattern(add.getLhs(), m_Constant()) ||
          matchPattern(add.getRhs(), m_Constant()) ||
          !bitEnumContainsAll(add.getOverflowFlags(),
                              arith::IntegerOverflowFlags::nsw))
        return rewriter.notifyMatchFailure(
            loop, "not an nsw increment by a non-constant invariant");
    }
    if (failed(scf::upliftWhileToForLoop(rewriter, loop)))
      return failure();
    return success();
  }
};
struct RaiseWhileToForPass
    : loom::raising::impl::RaiseWhileToForPassBase<RaiseWhileToForPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    populateWhileLoopNormalizationPatterns(patterns);
    WhileLoopReasons reasons;
    patterns.add<UpliftPreTestedLoop, UpliftDoWhileLoop>(context, reasons);
    patterns.add<GuardedUpstreamUplift>(context);
    populateCountingIterArgPatterns(patterns);
    // WhileMoveIfDown and the removal of forwarded invariants finish the
    // cleanups; the for canonicalizations drop the emptied iter_args.
    scf::WhileOp::getCanonicalizationPatterns(patterns, context);
    scf::ForOp::getCanonicalizationPatterns(patterns, context);
    if (failed(
            applyPatternsGreedily(getOperation(), std::move(patterns),
                                  GreedyRewriteConfig().setListener(&reasons))))
      return signalPassFailure();
    getOperation().walk([&](scf::WhileOp loop) {
      StringRef why = reasons.lookup(loop);
      if (why.empty())
        why = "no loop-carried integer is stepped by a constant and tested "
              "against a loop-invariant bound (a data-dependent exit)";
      loop.emitRemark() << "loop stays scf.while: " << why;
    });
  }
};

} // namespace
