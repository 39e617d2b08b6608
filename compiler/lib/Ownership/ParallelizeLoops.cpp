//===- ParallelizeLoops.cpp - independent scf.for into scf.forall --------===//
//
// Part of the Loom project.
//
//   scf.for %i = %lb to %ub step %s : i32 {     scf.forall (%j) = (%lbx) to
//   (%ubx)
//     body(%i)                           =>        step (%sx) {
//   }                                            %i = arith.index_cast %j :
//   index to i32
//                                                body(%i)
//                                              }
//
// Only loops whose iterations are independent: proven from the accesses
// (LoopDependence.h), or asserted by LOOM_PARALLEL and not disproven. A hint
// the analysis disproves is a -Wloom-hint warning and the loop stays
// sequential.
//
//===----------------------------------------------------------------------===//

#include "loom/Ownership/LoopDependence.h"
#include "loom/Ownership/Passes.h"
#include "loom/Support/MissedRemark.h"
#include "loom/Support/SourceLocation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

namespace loom::ownership {
#define GEN_PASS_DEF_PARALLELIZELOOPSPASS
#include "loom/Ownership/Passes.h.inc"
} // namespace loom::ownership

#define DEBUG_TYPE "loom-parallelize-loops"

using namespace mlir;
using namespace loom::ownership;

/// `iv`, `iv - 2`, `iv + 1`.
static std::string offsetIv(StringRef iv, int64_t delta) {
  if (delta == 0)
    return iv.str();
  return (iv + (delta < 0 ? " - " : " + ") + Twine(std::abs(delta))).str();
}

/// "iteration 0 for i = 1": one witness, when the loop starts at a known
/// value.
static std::string describeExample(const LoopDependence &dep, StringRef iv,
                                   bool earlierFirst) {
  if (dep.earlierValue == INT64_MIN)
    return "";
  int64_t shown = earlierFirst ? dep.earlierValue : dep.laterValue;
  int64_t at = earlierFirst ? dep.laterValue : dep.earlierValue;
  return "; e.g. iteration " + std::to_string(shown) + " for " + iv.str() +
         " = " + std::to_string(at);
}

/// Why the iterations of a hinted loop depend on each other, naming both
/// accesses in source terms: "iteration i reads 'out[i - 1]' (line 12),
/// written by iteration i - 1 (line 12)".
static std::string describeDependence(const LoopDependence &dep,
                                      scf::ForOp loop, StringRef hintWhere) {
  std::string iv = loom::getLoopVariableName(hintWhere);
  if (iv.empty())
    iv = "i";
  APInt stepValue;
  int64_t step = matchPattern(loop.getStep(), m_ConstantInt(&stepValue))
                     ? stepValue.getSExtValue()
                     : 1;
  bool earlierWrites = isWriteAccess(dep.earlier);
  bool laterWrites = isWriteAccess(dep.later);
  std::string earlier =
      quoteAccess(dep.earlier, hintWhere) + lineOf(dep.earlier, hintWhere);
  std::string later =
      quoteAccess(dep.later, hintWhere) + lineOf(dep.later, hintWhere);
  std::string earlierLine = lineOf(dep.earlier, hintWhere);
  if (dep.invariantAddress) {
    if (earlierWrites && laterWrites)
      return "every iteration writes " + earlier;
    Operation *write = earlierWrites ? dep.earlier : dep.later;
    Operation *read = earlierWrites ? dep.later : dep.earlier;
    return "every iteration writes " + quoteAccess(write, hintWhere) +
           lineOf(write, hintWhere) + " and reads " +
           quoteAccess(read, hintWhere) + lineOf(read, hintWhere);
  }
  std::string other =
      dep.distance
          ? "iteration " +
                offsetIv(iv, (earlierWrites && !laterWrites ? -1 : 1) *
                                 *dep.distance * step)
          : std::string(earlierWrites && !laterWrites ? "an earlier iteration"
                                                      : "a later iteration");
  std::string example =
      dep.distance ? ""
                   : describeExample(dep, iv, earlierWrites && !laterWrites);
  auto where = [&](Operation *op) {
    std::string line = lineOf(op, hintWhere);
    if (example.empty())
      return line;
    return line.empty() ? " (" + example.substr(2) + ")"
                        : line.substr(0, line.size() - 1) + example + ")";
  };
  if (earlierWrites && !laterWrites)
    return "iteration " + iv + " reads " + later + ", written by " + other +
           where(dep.earlier);
  if (!earlierWrites)
    return "iteration " + iv + " reads " + earlier + ", which " + other +
           " overwrites" + where(dep.later);
  return "iteration " + iv + " writes " + earlier + ", written again by " +
         other + where(dep.later);
}

/// One phrase per distinct cause, joined.
static std::string joinCauses(ArrayRef<std::string> causes) {
  llvm::SetVector<StringRef> unique;
  for (const std::string &cause : causes)
    unique.insert(cause);
  return llvm::join(unique, "; ");
}

/// Converts a bound or step to `index`, sign-extending narrower integers.
static Value castToIndex(OpBuilder &builder, Location loc, Value value) {
  if (value.getType().isIndex())
    return value;
  return arith::IndexCastOp::create(builder, loc, builder.getIndexType(),
                                    value);
}

/// Rewrites `loop` into an effect-form scf.forall over the same iterations.
static scf::ForallOp convertToForall(scf::ForOp loop) {
  OpBuilder builder(loop);
  Location loc = loop.getLoc();
  Value lb = castToIndex(builder, loc, loop.getLowerBound());
  Value ub = castToIndex(builder, loc, loop.getUpperBound());
  Value step = castToIndex(builder, loc, loop.getStep());
  auto forall = scf::ForallOp::create(
      builder, loc, ArrayRef<OpFoldResult>{lb}, ArrayRef<OpFoldResult>{ub},
      ArrayRef<OpFoldResult>{step}, /*outputs=*/ValueRange(),
      /*mapping=*/std::nullopt);
  for (NamedAttribute attr : loop->getDiscardableAttrs())
    forall->setAttr(attr.getName(), attr.getValue());
  Block *body = forall.getBody();
  builder.setInsertionPointToStart(body);
  Value iv = forall.getInductionVar(0);
  Type ivType = loop.getInductionVar().getType();
  if (!ivType.isIndex())
    iv = arith::IndexCastOp::create(builder, loc, ivType, iv);
  loop.getInductionVar().replaceAllUsesWith(iv);
  // Move the body before the in_parallel terminator.
  Block *source = loop.getBody();
  body->getOperations().splice(std::prev(body->end()), source->getOperations(),
                               source->begin(), std::prev(source->end()));
  loop.erase();
  return forall;
}

/// The hint text of `loop` for `name`, if hinted.
static bool hasHint(Operation *loop, StringRef name) {
  auto hints = loop->getAttrOfType<DictionaryAttr>("loom.hints");
  return hints && hints.get(name);
}

/// The op computing the first value `loop` carries into its next iteration
/// that is not a counter stepping by a loop invariant (the `p += 4` of a
/// pointer walk), or null when there is none.
static Operation *findCarriedComputation(scf::ForOp loop) {
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  for (auto [carried, next] :
       llvm::zip(loop.getRegionIterArgs(), yield.getOperands())) {
    if (next == carried)
      continue;
    Operation *def = next.getDefiningOp();
    if (isa_and_nonnull<arith::AddIOp, arith::SubIOp>(def) &&
        def->getOperand(0) == carried &&
        loop.isDefinedOutsideOfLoop(def->getOperand(1)))
      continue;
    if (isa_and_nonnull<arith::AddIOp>(def) && def->getOperand(1) == carried &&
        loop.isDefinedOutsideOfLoop(def->getOperand(0)))
      continue;
    // A value an inner loop updates is shown where that loop updates it.
    for (Value value = next; auto inner = dyn_cast_if_present<scf::ForOp>(def);
         def = value.getDefiningOp()) {
      auto innerYield = cast<scf::YieldOp>(inner.getBody()->getTerminator());
      Value update =
          innerYield.getOperand(cast<OpResult>(value).getResultNumber());
      if (!update.getDefiningOp())
        break;
      value = update;
    }
    return def ? def : yield.getOperation();
  }
  return nullptr;
}

/// A LOOM_PARALLEL on a loop that carries a value between iterations with
/// no LOOM_REDUCE variable updated in it: the hint cannot hold (iteration i
/// needs what iteration i - 1 computed), so it is a -Wloom-hint warning.
static void warnCarriedValue(scf::ForOp loop, Operation *computation) {
  std::string hintWhere;
  Location hintLoc = getHintLocation(loop, "parallel", &hintWhere);
  std::string iv = loom::getLoopVariableName(hintWhere);
  if (iv.empty())
    iv = "i";
  std::string variable = loom::getUpdatedVariable(
      loom::describeSourceLocation(getAccessLocation(computation, hintWhere)));
  std::string value =
      variable.empty() ? std::string("a value") : "'" + variable + "'";
  loom::emitHintWarning(hintLoc)
      << "LOOM_PARALLEL ignored: iteration " << iv << " uses " << value
      << " as iteration " << offsetIv(iv, -1) << " left it"
      << lineOf(computation, hintWhere)
      << "; mark the variable of a reduction with LOOM_REDUCE";
}

namespace {
struct ParallelizeLoopsPass
    : loom::ownership::impl::ParallelizeLoopsPassBase<ParallelizeLoopsPass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    // Outer loops first: once an outer loop is parallel, inner ones stay
    // sequential lanes of it.
    getOperation().walk<WalkOrder::PreOrder>(
        [&](scf::ForOp loop) { loops.push_back(loop); });
    // A loop that stays scf.while has no trip count when it starts, so it
    // cannot become a forall: a hint asking for that does not hold.
    getOperation().walk([&](scf::WhileOp loop) {
      if (hasHint(loop, "parallel"))
        loom::emitHintWarning(getHintLocation(loop, "parallel", nullptr))
            << "LOOM_PARALLEL ignored: the loop is not a counted loop (its "
               "trip count is not known when it starts, e.g. it exits with "
               "'break' or 'return' or its bound changes in the loop), so "
               "its iterations run in order";
    });
    DenseSet<Operation *> converted;
    for (scf::ForOp loop : loops) {
      if (llvm::any_of(converted, [&](Operation *outer) {
            return outer->isAncestor(loop);
          }))
        continue;
      if (Operation *forall = decide(loop))
        converted.insert(forall);
    }
  }

  /// Converts `loop` when it may run in parallel; returns the forall.
  Operation *decide(scf::ForOp loop) {
    if (hasHint(loop, "no_parallel")) {
      loop.emitRemark() << "loop stays sequential: LOOM_NO_PARALLEL";
      return nullptr;
    }
    if (loop->hasAttr("loom.local_init")) {
      loop.emitRemark() << "loop stays sequential: it initializes a local "
                           "array (memset/memcpy) with the code around it";
      return nullptr;
    }
    bool asserted = hasHint(loop, "parallel");
    if (loop.getNumRegionIterArgs() != 0) {
      Operation *computation = findCarriedComputation(loop);
      if (asserted && computation && !hasHint(loop, "reduce"))
        warnCarriedValue(loop, computation);
      loop.emitRemark() << (asserted ? "LOOM_PARALLEL ignored: the loop "
                                       "carries values between iterations "
                                       "(a reduction stays sequential)"
                                     : "loop stays sequential: it carries "
                                       "values from one iteration to the "
                                       "next (iter_args)");
      return nullptr;
    }
    LoopDependenceResult result = analyzeLoopDependences(loop);
    switch (result.verdict) {
    case DependenceVerdict::Independent:
      loop.emitRemark() << "loop becomes an effect-form scf.forall: "
                        << (asserted ? "LOOM_PARALLEL holds: its iterations "
                                       "are proven independent"
                                     : "its iterations are proven "
                                       "independent");
      return convertToForall(loop);
    case DependenceVerdict::Dependent: {
      const LoopDependence &dep = *result.dependence;
      std::string hintWhere;
      Location hintLoc = getHintLocation(loop, "parallel", &hintWhere);
      // Without a hint, lines are relative to the loop's own file.
      if (hintWhere.empty())
        hintWhere = loom::describeSourceLocation(loop.getLoc());
      std::string why = describeDependence(dep, loop, hintWhere);
      if (asserted) {
        InFlightDiagnostic warning = loom::emitHintWarning(hintLoc);
        warning << "LOOM_PARALLEL ignored: " << why;
        warning.attachNote(getAccessLocation(dep.earlier, hintWhere))
            << (isWriteAccess(dep.earlier) ? "written here" : "read here");
        warning.attachNote(getAccessLocation(dep.later, hintWhere))
            << (isWriteAccess(dep.later) ? "written here" : "read here");
      }
      loop.emitRemark() << "loop stays sequential: " << why;
      return nullptr;
    }
    case DependenceVerdict::Undecided:
      break;
    }
    std::string causes = joinCauses(result.undecided);
    if (!asserted) {
      loop.emitRemark() << "loop stays sequential: " << causes;
      return nullptr;
    }
    loop.emitRemark() << "loop becomes an effect-form scf.forall: "
                         "LOOM_PARALLEL asserts independent iterations, "
                         "which the analysis could not prove: "
                      << causes;
    return convertToForall(loop);
  }
};
} // namespace
