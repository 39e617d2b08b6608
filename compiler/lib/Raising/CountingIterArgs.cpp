//===- CountingIterArgs.cpp - counting iter_args to induction values ------===//
//
// Part of the Loom project.
//
// After while-to-for, the offset a pointer walk (`*p++`) carried becomes an
// `iter_arg` that only counts; expressing it through the induction variable
// leaves the loop without that recurrence, which later stages (parallel
// loops, dataflow carries) would otherwise have to keep.
//
//===----------------------------------------------------------------------===//

#include "RaisingUtils.h"
#include "WhileLoopPatterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace loom::raising;
using Pred = arith::CmpIPredicate;

/// The constant step of `next` = `arg + c`, `c + arg` or `arg - c` (c != 0).
static std::optional<APInt> matchCountingStep(Value next, Value arg) {
  APInt constant;
  if (auto add = next.getDefiningOp<arith::AddIOp>()) {
    Value other = add.getLhs() == arg   ? add.getRhs()
                  : add.getRhs() == arg ? add.getLhs()
                                        : Value();
    if (!other || !matchPattern(other, m_ConstantInt(&constant)))
      return std::nullopt;
  } else if (auto sub = next.getDefiningOp<arith::SubIOp>()) {
    if (sub.getLhs() != arg ||
        !matchPattern(sub.getRhs(), m_ConstantInt(&constant)) ||
        constant.isMinSignedValue())
      return std::nullopt;
    constant = -constant;
  } else {
    return std::nullopt;
  }
  if (constant.isZero())
    return std::nullopt;
  return constant;
}

namespace {

/// An `iter_arg` of a unit-step loop that only counts becomes an expression
/// of the induction variable (what a `*p++` walk leaves behind):
///
///   scf.for %k = %lb to %ub step %c1           scf.for %k = %lb to %ub
///       iter_args(%p = %p0) {           =>         step %c1 {
///     use(%p); %q = arith.addi %p, %c4           %p = %p0 + (%k - %lb) * 4
///     scf.yield %q }                             use(%p) }
struct CountingIterArgToInduction : OpRewritePattern<scf::ForOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(scf::ForOp loop,
                                PatternRewriter &rewriter) const override {
    if (!matchPattern(loop.getStep(), m_One()))
      return rewriter.notifyMatchFailure(loop, "the step is not 1");
    for (auto [i, arg] : llvm::enumerate(loop.getRegionIterArgs())) {
      std::optional<APInt> step;
      if (arg.use_empty() ||
          !(step = matchCountingStep(loop.getYieldedValues()[i], arg)))
        continue;
      rewriteIterArg(rewriter, loop, i, *step);
      return success();
    }
    return rewriter.notifyMatchFailure(loop, "no counting iter_arg");
  }

  static void rewriteIterArg(PatternRewriter &rewriter, scf::ForOp loop,
                             unsigned i, const APInt &step) {
    Location loc = loop.getLoc();
    BlockArgument arg = loop.getRegionIterArgs()[i];
    Value init = loop.getInitArgs()[i];
    Type type = arg.getType();
    auto scaled = [&](Value count) -> Value {
      count = castUnsigned(rewriter, loc, count, type);
      if (!step.isOne())
        count = arith::MulIOp::create(
            rewriter, loc, count, createConstant(rewriter, loc, type, step));
      return arith::AddIOp::create(rewriter, loc, init, count);
    };
    Value lb = loop.getLowerBound();
    rewriter.setInsertionPointToStart(loop.getBody());
    Value iteration = loop.getInductionVar();
    if (!matchPattern(lb, m_Zero()))
      iteration = arith::SubIOp::create(rewriter, loc, iteration, lb);
    rewriter.replaceAllUsesWith(arg, scaled(iteration));
    Value result = loop.getResult(i);
    if (result.use_empty())
      return;
    rewriter.setInsertionPointAfter(loop);
    Value ub = loop.getUpperBound();
    Value runs = arith::CmpIOp::create(
        rewriter, loc, loop.getUnsignedCmp() ? Pred::ult : Pred::slt, lb, ub);
    Value count = arith::SelectOp::create(
        rewriter, loc, runs, arith::SubIOp::create(rewriter, loc, ub, lb),
        createConstant(rewriter, loc, lb.getType(), 0));
    rewriter.replaceAllUsesWith(result, scaled(count));
  }
};

} // namespace

void loom::raising::populateCountingIterArgPatterns(
    RewritePatternSet &patterns) {
  patterns.add<CountingIterArgToInduction>(patterns.getContext());
}
