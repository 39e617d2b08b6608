//===- LowerParallel.cpp - fixed-domain scf.forall and scf.parallel -------===//
//
// Part of the Loom project.
//
// Graph-owned parallel composition (Part 3 section 6.4): a fixed-domain
// effect-form scf.forall or scf.parallel is replicated into one static lane
// per point of its domain. Every lane starts from the same E and (W, R)
// per partition, and the lane exits are joined all-of:
//
//   E_out = all_of(E_lane_0, ..., E_lane_k)      and W, R per partition
//
// A partition the body does not touch leaves every lane with the incoming
// W and R; the deduplicating all-of returns that stream, so the frontier
// bypasses the op without a sync, as at a loop or a branch.
//
// No parallel op, partition id or traversal order survives in the graph.
// RegionLegality.cpp has already rejected dynamic, resultful, reducing,
// aggregation-form and oversized domains.
//
//===----------------------------------------------------------------------===//

#include "GraphRegionLowering.h"
#include "RegionLegality.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace loom::dataflow;
using namespace loom::conversion;

LogicalResult GraphRegionLowering::replicateLanes(
    Operation *op, Block &body, ValueRange ivs, ArrayRef<int64_t> lbs,
    ArrayRef<int64_t> ubs, ArrayRef<int64_t> steps, Scope &scope,
    FrontierState &state) {
  Location loc = op->getLoc();
  // Enumerate the Cartesian domain, first dimension outermost.
  SmallVector<SmallVector<int64_t>> points = {{}};
  for (auto [lb, ub, step] : llvm::zip(lbs, ubs, steps)) {
    SmallVector<SmallVector<int64_t>> next;
    for (const SmallVector<int64_t> &prefix : points)
      for (int64_t v = lb; v < ub; v += step) {
        next.push_back(prefix);
        next.back().push_back(v);
      }
    points = std::move(next);
    // RegionLegality.cpp rejects such domains first; this keeps the
    // enumeration bounded whoever calls it.
    if (static_cast<int64_t>(points.size()) > kMaxReplicatedLanes)
      return op->emitError() << "more than " << kMaxReplicatedLanes
                             << " static lanes are not replicated";
  }
  if (points.empty())
    return success(); // An empty domain is the identity transfer.
  SmallVector<Value> execs;
  SmallVector<SmallVector<Value>> writes(numPartitions), reads(numPartitions);
  for (const SmallVector<int64_t> &point : points) {
    // A lane runs once per activation of the enclosing region: it is that
    // region's phase, and its values need no projection.
    Scope lane;
    lane.parent = &scope;
    lane.control = scope.control;
    lane.project = [](Value outer) { return outer; };
    for (auto [iv, coordinate] : llvm::zip(ivs, point))
      lane.mapping.map(iv, ConstantOp::create(builder, loc, iv.getType(),
                                              scope.control,
                                              builder.getIndexAttr(coordinate))
                               .getResult());
    FailureOr<FrontierState> out = lowerBlock(body, lane, state);
    if (failed(out))
      return failure();
    execs.push_back(out->exec);
    for (unsigned p = 0; p < numPartitions; ++p) {
      writes[p].push_back(out->writes[p]);
      reads[p].push_back(out->reads[p]);
    }
  }
  state.exec = allOf(execs, loc);
  for (unsigned p = 0; p < numPartitions; ++p) {
    state.writes[p] = allOf(writes[p], loc);
    state.reads[p] = allOf(reads[p], loc);
  }
  return success();
}

LogicalResult GraphRegionLowering::lowerForall(scf::ForallOp loop, Scope &scope,
                                               FrontierState &state) {
  return replicateLanes(loop, *loop.getBody(), loop.getInductionVars(),
                        loop.getStaticLowerBound(), loop.getStaticUpperBound(),
                        loop.getStaticStep(), scope, state);
}

LogicalResult GraphRegionLowering::lowerParallel(scf::ParallelOp loop,
                                                 Scope &scope,
                                                 FrontierState &state) {
  SmallVector<int64_t> lbs, ubs, steps;
  for (auto [lb, ub, step] :
       llvm::zip(loop.getLowerBound(), loop.getUpperBound(), loop.getStep())) {
    std::optional<int64_t> l = getConstantIntValue(lb);
    std::optional<int64_t> u = getConstantIntValue(ub);
    std::optional<int64_t> s = getConstantIntValue(step);
    if (!l || !u || !s)
      return loop.emitError() << "a graph-owned scf.parallel needs constant "
                                 "bounds";
    lbs.push_back(*l);
    ubs.push_back(*u);
    steps.push_back(*s);
  }
  return replicateLanes(loop, *loop.getBody(), loop.getInductionVars(), lbs,
                        ubs, steps, scope, state);
}
