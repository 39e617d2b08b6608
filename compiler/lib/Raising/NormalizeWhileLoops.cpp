//===- NormalizeWhileLoops.cpp - shapes that expose counted loops ---------===//
//
// Part of the Loom project.
//
// `--lift-cf-to-scf` does not always give a counted loop the pre-tested
// shape the while-to-for uplift matches: a bound such as `n - 1` or
// `rowPtr[r + 1]` is recomputed by the test, a loop whose exit is the
// `true` edge keeps its body in the before region behind a negated
// `scf.if`, and instcombine's rewrite of `--i` makes the test forward
// `i - 1`. The patterns here undo each of those; loom-raise-while-to-for
// runs them with its own, and with the merging of duplicated loop state
// (DuplicateWhileState.cpp).
//
//===----------------------------------------------------------------------===//

#include "WhileLoopPatterns.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace loom::raising;
using Pred = arith::CmpIPredicate;

Pred loom::raising::swapPredicate(Pred pred) {
  switch (pred) {
  case Pred::slt:
    return Pred::sgt;
  case Pred::sle:
    return Pred::sge;
  case Pred::sgt:
    return Pred::slt;
  case Pred::sge:
    return Pred::sle;
  case Pred::ult:
    return Pred::ugt;
  case Pred::ule:
    return Pred::uge;
  case Pred::ugt:
    return Pred::ult;
  case Pred::uge:
    return Pred::ule;
  default:
    return pred; // eq, ne
  }
}

/// True if nothing inside `loop` writes or frees memory (unknown effects
/// count as writes).
static bool hasNoWrites(Operation *loop) {
  std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
      getEffectsRecursively(loop);
  return effects && llvm::none_of(*effects, [](auto &effect) {
           return isa<MemoryEffects::Write, MemoryEffects::Free>(
               effect.getEffect());
         });
}

/// True if every effect of `op` is a read.
static bool onlyReads(Operation *op) {
  std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
      getEffectsRecursively(op);
  return effects && llvm::all_of(*effects, [](auto &effect) {
           return isa<MemoryEffects::Read>(effect.getEffect());
         });
}

namespace {

/// Hoists the ops of the before region whose operands are all defined
/// outside the loop. The before region runs at least once whenever the loop
/// runs, so this is not speculation; a read is hoisted only when nothing in
/// the loop writes memory. This exposes bounds such as `n - 1` or
/// `rowPtr[r + 1]`:
///
///   scf.while (%i = %lb) {                   %b = memref.load %p[%r1]
///     %b = memref.load %p[%r1]          =>   scf.while (%i = %lb) {
///     %c = arith.cmpi slt, %i, %b              %c = arith.cmpi slt, %i, %b
struct HoistBeforeInvariants : OpRewritePattern<scf::WhileOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(scf::WhileOp loop,
                                PatternRewriter &rewriter) const override {
    SmallVector<Operation *> hoisted;
    std::optional<bool> noWrites;
    for (Operation &op : loop.getBeforeBody()->without_terminator()) {
      if (op.getNumRegions() != 0 ||
          !llvm::all_of(op.getOperands(), [&](Value operand) {
            return isDefinedOutside(operand, loop) ||
                   llvm::is_contained(hoisted, operand.getDefiningOp());
          }))
        continue;
      if (!isMemoryEffectFree(&op)) {
        if (!noWrites)
          noWrites = hasNoWrites(loop);
        if (!*noWrites || !onlyReads(&op))
          continue;
      }
      hoisted.push_back(&op);
    }
    if (hoisted.empty())
      return rewriter.notifyMatchFailure(loop, "no invariant op to hoist");
    for (Operation *op : hoisted)
      rewriter.moveOpBefore(op, loop);
    return success();
  }
};

/// True if `a` is the negation of `b`: the inverse comparison of the same
/// operands, or `b xor true`.
static bool isNegationOf(Value a, Value b) {
  auto cmpA = a.getDefiningOp<arith::CmpIOp>();
  auto cmpB = b.getDefiningOp<arith::CmpIOp>();
  if (cmpA && cmpB) {
    Pred inverse = arith::invertPredicate(cmpB.getPredicate());
    if (cmpA.getLhs() == cmpB.getLhs() && cmpA.getRhs() == cmpB.getRhs())
      return cmpA.getPredicate() == inverse;
    if (cmpA.getLhs() == cmpB.getRhs() && cmpA.getRhs() == cmpB.getLhs())
      return cmpA.getPredicate() == swapPredicate(inverse);
  }
  auto isNotOf = [](Value x, Value y) {
    auto xorOp = x.getDefiningOp<arith::XOrIOp>();
    return xorOp &&
           ((xorOp.getLhs() == y && matchPattern(xorOp.getRhs(), m_One())) ||
            (xorOp.getRhs() == y && matchPattern(xorOp.getLhs(), m_One())));
  };
  return isNotOf(a, b) || isNotOf(b, a);
}

/// Exit normalization: when a loop's exit branch is the `true` edge, the
/// lifted loop tests the exit condition in an `scf.if` of the before region
/// while `scf.condition` takes its negation. Flipping the `scf.if` lets
/// upstream's `WhileMoveIfDown` move the body into the after region:
///
///   %x = arith.cmpi sgt, %i, %n            %y = arith.cmpi sle, %i, %n
///   %y = arith.cmpi sle, %i, %n            %r = scf.if %y {
///   %r = scf.if %x {               =>        <body>
///     scf.yield %poison                    } else {
///   } else { <body> }                        scf.yield %poison }
///   scf.condition(%y) %r                   scf.condition(%y) %r
struct FlipNegatedBeforeIf : OpRewritePattern<scf::WhileOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(scf::WhileOp loop,
                                PatternRewriter &rewriter) const override {
    Value condition = loop.getConditionOp().getCondition();
    scf::IfOp ifOp;
    for (auto candidate : loop.getBeforeBody()->getOps<scf::IfOp>())
      if (!candidate.getElseRegion().empty() &&
          isNegationOf(candidate.getCondition(), condition))
        ifOp = candidate;
    if (!ifOp)
      return rewriter.notifyMatchFailure(
          loop, "no scf.if testing the negated loop condition");
    rewriter.setInsertionPoint(ifOp);
    auto flipped = scf::IfOp::create(rewriter, ifOp.getLoc(),
                                     ifOp.getResultTypes(), condition,
                                     /*withElseRegion=*/true);
    rewriter.eraseBlock(flipped.thenBlock());
    rewriter.eraseBlock(flipped.elseBlock());
    rewriter.inlineRegionBefore(ifOp.getElseRegion(), flipped.getThenRegion(),
                                flipped.getThenRegion().end());
    rewriter.inlineRegionBefore(ifOp.getThenRegion(), flipped.getElseRegion(),
                                flipped.getElseRegion().end());
    rewriter.replaceOp(ifOp, flipped.getResults());
    return success();
  }
};

/// A value the test forwards that is computed from one loop-carried value
/// (what instcombine makes of `for (i = n - 1; i >= 0; --i)`) is recomputed
/// in the after region, and after the loop, so the loop-carried value itself
/// is forwarded and the step shows in the after region:
///
///   scf.while (%i = %n) {                  scf.while (%i = %n) {
///     %d = arith.addi %i, %cm1               %c = arith.cmpi sgt, %i, %c0
///     %c = arith.cmpi sgt, %i, %c0     =>    scf.condition(%c) %i
///     scf.condition(%c) %d                 } do { ^bb0(%j):
///   } do { ^bb0(%d2): <uses %d2>             %d2 = arith.addi %j, %cm1 ...
///
/// The recomputation runs exactly where the original ran its copy (each
/// iteration and the final test), so it adds no execution.
struct SinkForwardedValue : OpRewritePattern<scf::WhileOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(scf::WhileOp loop,
                                PatternRewriter &rewriter) const override {
    scf::ConditionOp condition = loop.getConditionOp();
    for (auto [p, value] : llvm::enumerate(condition.getArgs())) {
      Operation *op = value.getDefiningOp();
      BlockArgument carried = getOnlyCarriedOperand(op, loop);
      if (!carried || carried.getType() != value.getType())
        continue;
      unsigned position = p;
      rewriter.modifyOpInPlace(condition, [&] {
        condition.getArgsMutable()[position].set(carried);
      });
      rematerialize(rewriter, op, carried, loop.getAfterBody()->getArgument(p),
                    /*at=*/&loop.getAfterBody()->front());
      if (!loop.getResult(p).use_empty())
        rematerialize(rewriter, op, carried, loop.getResult(p),
                      /*at=*/loop->getNextNode());
      return success();
    }
    return rewriter.notifyMatchFailure(
        loop, "the test forwards no value computed from one carried value");
  }

  /// The one before-region argument among the operands of `op`, a pure op
  /// of the before region whose other operands are loop-invariant.
  static BlockArgument getOnlyCarriedOperand(Operation *op, scf::WhileOp loop) {
    if (!op || op->getBlock() != loop.getBeforeBody() ||
        op->getNumResults() != 1 || op->getNumRegions() != 0 ||
        !isMemoryEffectFree(op))
      return {};
    BlockArgument carried;
    for (Value operand : op->getOperands()) {
      auto arg = dyn_cast<BlockArgument>(operand);
      if (arg && arg.getOwner() == loop.getBeforeBody() && !carried)
        carried = arg;
      else if (arg && arg.getOwner() == loop.getBeforeBody())
        return {};
      else if (!isDefinedOutside(operand, loop))
        return {};
    }
    return carried;
  }

  /// Replaces the uses of `value` by `op` recomputed from it at `at`.
  static void rematerialize(PatternRewriter &rewriter, Operation *op,
                            Value carried, Value value, Operation *at) {
    rewriter.setInsertionPoint(at);
    IRMapping mapping;
    mapping.map(carried, value);
    Operation *copy = rewriter.clone(*op, mapping);
    rewriter.replaceUsesWithIf(value, copy->getResult(0), [&](OpOperand &use) {
      return use.getOwner() != copy;
    });
  }
};

} // namespace

void loom::raising::populateWhileLoopNormalizationPatterns(
    RewritePatternSet &patterns) {
  patterns.add<HoistBeforeInvariants, FlipNegatedBeforeIf, SinkForwardedValue>(
      patterns.getContext());
  populateDuplicateWhileStatePatterns(patterns);
}
