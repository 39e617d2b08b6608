//===- DuplicateWhileState.cpp - merge provably equal scf.while state -----===//
//
// Part of the Loom project.
//
// LLVM's phis can carry one value twice: `for (i = 0, j = 0; i < n;
// ++i, ++j)` lifts to a `scf.while` with two carried counters that start
// equal and step alike. Upstream canonicalization merges two carried values
// only when every predecessor passes the same SSA value to both (one init
// and one yielded value, or the test forwarding one value twice); `i + 1`
// and `j + 1` are different values that are equal only because `i == j`.
// The pattern here proves such equalities by induction over the iterations
// and merges the state: the counted-loop matcher then sees one induction
// variable, and the loop carries one value less.
//
//===----------------------------------------------------------------------===//

#include "WhileLoopPatterns.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/BitVector.h"

using namespace mlir;
using namespace loom::raising;

namespace {

/// How many operations deep the equality of two values is traced.
constexpr unsigned kMaxTraceDepth = 8;
/// Loops carrying more values are left alone (the check is quadratic).
constexpr unsigned kMaxCarriedValues = 32;

/// The greatest relation over the loop's before-region arguments and
/// after-region arguments (the latter also name the results) that is closed
/// under one iteration: two before arguments are related when their inits
/// are equal and the after region yields values that are equal assuming the
/// related after arguments are; two after arguments are related when the
/// test forwards values that are equal assuming the related before
/// arguments are. By induction over the iterations, related arguments hold
/// equal values every time their region runs, and related after arguments
/// also give equal results.
class CarriedStateEquality {
public:
  explicit CarriedStateEquality(scf::WhileOp loop) : loop(loop) {}

  /// Computes the relation; false if the loop is too wide to check.
  bool compute();

  /// The smallest before (after) argument index related to `index`, or
  /// `index` itself.
  unsigned getBeforeLeader(unsigned index) const {
    return sameBefore[index].find_first();
  }
  unsigned getAfterLeader(unsigned index) const {
    return sameAfter[index].find_first();
  }

private:
  bool areEqual(Value a, Value b, unsigned depth);
  bool isReproducible(Operation *op);
  static bool refine(SmallVectorImpl<llvm::BitVector> &relation,
                     ValueRange values,
                     llvm::function_ref<bool(Value, Value)> equal);

  scf::WhileOp loop;
  SmallVector<llvm::BitVector> sameBefore, sameAfter;
  std::optional<bool> loopWritesMemory;
};

bool CarriedStateEquality::compute() {
  Block *before = loop.getBeforeBody(), *after = loop.getAfterBody();
  unsigned numBefore = before->getNumArguments();
  unsigned numAfter = after->getNumArguments();
  if (numBefore > kMaxCarriedValues || numAfter > kMaxCarriedValues)
    return false;
  // Start from every pair of equal inits (before) or equal types (after)
  // and drop the pairs whose next values are not provably equal until no
  // pair changes.
  ValueRange inits = loop.getInits();
  sameBefore.assign(numBefore, llvm::BitVector(numBefore));
  for (unsigned i = 0; i < numBefore; ++i)
    for (unsigned j = 0; j < numBefore; ++j)
      sameBefore[i][j] = i == j || areEqual(inits[i], inits[j], kMaxTraceDepth);
  sameAfter.assign(numAfter, llvm::BitVector(numAfter));
  for (unsigned k = 0; k < numAfter; ++k)
    for (unsigned l = 0; l < numAfter; ++l)
      sameAfter[k][l] =
          after->getArgument(k).getType() == after->getArgument(l).getType();
  auto equal = [&](Value a, Value b) { return areEqual(a, b, kMaxTraceDepth); };
  bool changed = true;
  while (changed) {
    changed = refine(sameBefore, loop.getYieldOp().getResults(), equal);
    changed |= refine(sameAfter, loop.getConditionOp().getArgs(), equal);
  }
  return true;
}

/// Drops from `relation` the pairs (i, j) whose `values` are not `equal`;
/// returns whether a pair was dropped.
bool CarriedStateEquality::refine(
    SmallVectorImpl<llvm::BitVector> &relation, ValueRange values,
    llvm::function_ref<bool(Value, Value)> equal) {
  bool changed = false;
  for (unsigned i = 0, e = relation.size(); i < e; ++i)
    for (unsigned j = i + 1; j < e; ++j)
      if (relation[i][j] && !equal(values[i], values[j])) {
        relation[i].reset(j);
        relation[j].reset(i);
        changed = true;
      }
  return changed;
}

/// True if two evaluations of `op` on equal operands give equal results:
/// it has no regions and no effects, or, inside a loop that writes no
/// memory, only reads (memory then holds still across the iterations).
bool CarriedStateEquality::isReproducible(Operation *op) {
  if (op->getNumRegions() != 0)
    return false;
  if (isMemoryEffectFree(op))
    return true;
  if (!loop->isProperAncestor(op))
    return false;
  std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
      getEffectsRecursively(op);
  if (!effects || !llvm::all_of(*effects, [](auto &effect) {
        return isa<MemoryEffects::Read>(effect.getEffect());
      }))
    return false;
  if (!loopWritesMemory) {
    std::optional<SmallVector<MemoryEffects::EffectInstance>> loopEffects =
        getEffectsRecursively(loop);
    loopWritesMemory = !loopEffects || llvm::any_of(*loopEffects, [](auto &e) {
      return !isa<MemoryEffects::Read>(e.getEffect());
    });
  }
  return !*loopWritesMemory;
}

/// True if `a` and `b` are equal whenever the related loop arguments are:
/// the same value, related arguments of the same region, equal constants,
/// or the same result of equivalent reproducible ops on equal operands (in
/// either order for a commutative op of two operands).
bool CarriedStateEquality::areEqual(Value a, Value b, unsigned depth) {
  if (a == b)
    return true;
  if (a.getType() != b.getType())
    return false;
  auto argA = dyn_cast<BlockArgument>(a), argB = dyn_cast<BlockArgument>(b);
  if (argA || argB) {
    if (!argA || !argB || argA.getOwner() != argB.getOwner())
      return false;
    if (argA.getOwner() == loop.getBeforeBody())
      return sameBefore[argA.getArgNumber()][argB.getArgNumber()];
    if (argA.getOwner() == loop.getAfterBody())
      return sameAfter[argA.getArgNumber()][argB.getArgNumber()];
    return false;
  }
  Attribute constA, constB;
  if (matchPattern(a, m_Constant(&constA)) &&
      matchPattern(b, m_Constant(&constB)))
    return constA == constB;
  auto resultA = cast<OpResult>(a), resultB = cast<OpResult>(b);
  Operation *opA = resultA.getOwner(), *opB = resultB.getOwner();
  if (depth == 0 || resultA.getResultNumber() != resultB.getResultNumber() ||
      !isReproducible(opA) || !isReproducible(opB))
    return false;
  auto equalOperand = [&](Value x, Value y) {
    return areEqual(x, y, depth - 1);
  };
  // A commutative op may take its equal operands in either order
  // (`s + v` and `v + t`).
  auto equalCommutativeOperands = [&](ValueRange xs, ValueRange ys) {
    if (xs.size() != ys.size())
      return failure();
    if (llvm::all_of(llvm::zip_equal(xs, ys), [&](auto pair) {
          return equalOperand(std::get<0>(pair), std::get<1>(pair));
        }))
      return success();
    return success(xs.size() == 2 && equalOperand(xs[0], ys[1]) &&
                   equalOperand(xs[1], ys[0]));
  };
  return OperationEquivalence::isEquivalentTo(
      opA, opB, [&](Value x, Value y) { return success(equalOperand(x, y)); },
      /*markEquivalent=*/nullptr, OperationEquivalence::IgnoreLocations,
      equalCommutativeOperands);
}

/// Merges loop-carried values that hold equal values in every iteration:
///
///   scf.while (%i = %c0, %j = %c0) {       scf.while (%i = %c0, %j = %c0) {
///     %t = arith.cmpi slt, %i, %n            %t = arith.cmpi slt, %i, %n
///     scf.condition(%t) %i, %j         =>    scf.condition(%t) %i, %j
///   } do { ^bb0(%x, %y):                   } do { ^bb0(%x, %y):
///     use(%x, %y)                            use(%x, %x)
///     %x1 = arith.addi %x, %c1               %x1 = arith.addi %x, %c1
///     %y1 = arith.addi %y, %c1               %y1 = arith.addi %y, %c1
///     scf.yield %x1, %y1                     scf.yield %x1, %y1
///
/// Uses of a duplicate (argument of either region, or result) move to the
/// first of its equals; upstream's removal of unused arguments and results
/// then drops the emptied state.
struct MergeDuplicateWhileState : OpRewritePattern<scf::WhileOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(scf::WhileOp loop,
                                PatternRewriter &rewriter) const override {
    CarriedStateEquality equality(loop);
    if (!equality.compute())
      return rewriter.notifyMatchFailure(loop, "too many carried values");
    bool merged = false;
    auto mergeInto = [&](Value duplicate, Value leader) {
      if (duplicate == leader || duplicate.use_empty())
        return;
      rewriter.replaceAllUsesWith(duplicate, leader);
      merged = true;
    };
    Block *before = loop.getBeforeBody(), *after = loop.getAfterBody();
    for (BlockArgument arg : before->getArguments())
      mergeInto(arg, before->getArgument(
                         equality.getBeforeLeader(arg.getArgNumber())));
    for (BlockArgument arg : after->getArguments()) {
      unsigned leader = equality.getAfterLeader(arg.getArgNumber());
      mergeInto(arg, after->getArgument(leader));
      mergeInto(loop.getResult(arg.getArgNumber()), loop.getResult(leader));
    }
    if (!merged)
      return rewriter.notifyMatchFailure(loop, "no used duplicate state");
    return success();
  }
};

} // namespace

void loom::raising::populateDuplicateWhileStatePatterns(
    RewritePatternSet &patterns) {
  // Ahead of the uplifts: once a loop is an scf.for, its duplicate is an
  // iter_arg no pattern merges.
  patterns.add<MergeDuplicateWhileState>(patterns.getContext(),
                                         /*benefit=*/2);
}
