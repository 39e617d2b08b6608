//===- AttachLoopFacts.cpp - proven trip-count ranges on scf.for ---------===//
//
// Part of the Loom project.
//
//   scf.for %i = %c0 to %n step %c4   =>   scf.for ... {loom.facts =
//   (with %n in [0, 100])                     {lower = [0, 0], step = 4,
//                                              trip_count = [0, 25],
//                                              upper = [0, 100]}}
//
//===----------------------------------------------------------------------===//

#include "loom/Ownership/Passes.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/IR/Matchers.h"

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
  if (bounded)
    facts.set("trip_count", pair(tripCount(lower->second, upper->first, step),
                                 tripCount(lower->first, upper->second, step)));
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
