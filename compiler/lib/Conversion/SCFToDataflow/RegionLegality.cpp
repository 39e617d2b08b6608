//===- RegionLegality.cpp - rejections before anything is built -----------===//
//
// Part of the Loom project.
//
// Every rule below rejects a construct that has no template in the graph
// lowering. They all run before the first graph op is created, so a
// rejected module is the module the pass was given (atomic publication),
// and each diagnostic names the region, the construct and the rule.
//
//===----------------------------------------------------------------------===//

#include "RegionLegality.h"

#include "loom/Dialect/Dataflow/IR/Dataflow.h"
#include "loom/Ownership/ThreadDomain.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace loom;
using namespace loom::conversion;

namespace {
/// One rejection: the rule the construct breaks, or none.
using Rule = std::optional<std::string>;
} // namespace

/// "1 result", "2 results".
static std::string countOf(size_t count, llvm::StringRef noun) {
  return std::to_string(count) + " " + noun.str() + (count == 1 ? "" : "s");
}

static Rule checkDomainSize(int64_t points) {
  if (points <= kMaxReplicatedLanes)
    return std::nullopt;
  return "has more than " + std::to_string(kMaxReplicatedLanes) +
         " points; a graph replicates a parallel op into at most " +
         std::to_string(kMaxReplicatedLanes) + " static lanes";
}

static Rule checkForall(scf::ForallOp loop) {
  if (!loop.getTerminator().getYieldingOps().empty())
    return std::string("is aggregation-form (its scf.forall.in_parallel "
                       "combines into shared outputs); only an effect-form "
                       "forall enters a graph (Part 3 section 6.4)");
  if (loop.getNumResults() != 0 || !loop.getOutputs().empty())
    return "is resultful (" + countOf(loop.getNumResults(), "shared output") +
           "); a graph-owned parallel op must be effect-form (Part 3 "
           "section 6.4)";
  if (loop.getMapping())
    return std::string("carries a device mapping; a graph-owned forall is "
                       "replicated into static lanes, not mapped");
  ArrayRef<int64_t> lbs = loop.getStaticLowerBound();
  ArrayRef<int64_t> ubs = loop.getStaticUpperBound();
  ArrayRef<int64_t> steps = loop.getStaticStep();
  if (llvm::any_of(llvm::concat<const int64_t>(lbs, ubs, steps),
                   ShapedType::isDynamic))
    return std::string("has a dynamic domain; a graph-owned parallel op "
                       "needs a compile-time fixed width (Part 3 section 2)");
  return checkDomainSize(ownership::countReplicatedPoints(lbs, ubs, steps));
}

static Rule checkParallel(scf::ParallelOp loop) {
  if (loop.getNumResults() != 0)
    return "is reduction-bearing (" + countOf(loop.getNumResults(), "result") +
           " combined by scf.reduce); a graph-owned parallel op must be "
           "effect-form (Part 3 section 6)";
  std::optional<int64_t> points = ownership::countReplicatedPoints(
      loop.getLowerBound(), loop.getUpperBound(), loop.getStep());
  if (!points)
    return std::string("has a dynamic domain; a graph-owned parallel op "
                       "needs a compile-time fixed width (Part 3 section 2)");
  return checkDomainSize(*points);
}

static bool isUnderParallelOp(Operation *op, SpatialRegionOp region) {
  for (Operation *parent = op->getParentOp(); parent && parent != region;
       parent = parent->getParentOp())
    if (isa<scf::ParallelOp, scf::ForallOp>(parent))
      return true;
  return false;
}

/// The rule a `memref.alloca` in `region` breaks, if any: the lowering
/// hoists it into the thread as a memory input of its own.
static Rule checkHoistable(memref::AllocaOp alloca, SpatialRegionOp region) {
  MemRefType type = alloca.getType();
  if (!type.hasStaticShape() || !type.getLayout().isIdentity())
    return std::string("has a dynamic shape or a non-identity layout and "
                       "cannot be hoisted out of the region");
  if (isUnderParallelOp(alloca, region))
    return std::string("is inside an scf.forall or scf.parallel and cannot be "
                       "hoisted: each lane needs its own copy");
  return std::nullopt;
}

/// The rule `op` breaks inside `region`, if any.
static Rule checkOp(Operation *op, SpatialRegionOp region,
                    unsigned indexWidth) {
  if (auto loop = dyn_cast<scf::ForallOp>(op))
    return checkForall(loop);
  if (auto loop = dyn_cast<scf::ParallelOp>(op))
    return checkParallel(loop);
  if (auto wrapper = dyn_cast<scf::ExecuteRegionOp>(op);
      wrapper && !wrapper.getRegion().hasOneBlock())
    return "has " + std::to_string(wrapper.getRegion().getBlocks().size()) +
           " blocks; only a single-block scf.execute_region is inlined into a "
           "graph (unstructured control is structured by the raising)";
  if (auto loop = dyn_cast<scf::ForOp>(op);
      loop && loop.getLowerBound().getType().isIndex() &&
      !isProvenToFitIndexWidth(loop, indexWidth))
    return "has index bounds not proven to fit in i" +
           std::to_string(indexWidth) +
           " (constants or loom.facts ranges, including iv + step); the "
           "iteration values cross into the graph as i" +
           std::to_string(indexWidth) + " and are never truncated";
  if (isa<dataflow::ChannelSendOp, dataflow::ChannelReceiveOp>(op) &&
      isUnderParallelOp(op, region))
    return std::string("is a channel endpoint under a parallel op; endpoint "
                       "sites under scf.parallel or scf.forall have no "
                       "traversal order (Part 3 section 3)");
  StringRef name = op->getName().getStringRef();
  if (name == "llvm.load" || name == "llvm.store")
    return std::string("is a residual LLVM memory access; a graph reaches "
                       "memory only through memref bindings (raise it to "
                       "memref.load/store or keep it outside the region)");
  if (name == "llvm.call" || name == "llvm.call_intrinsic" ||
      name == "func.call")
    return std::string("is a call; a graph body contains no calls (Part 3 "
                       "section 5.5: inline the callee or keep the call "
                       "outside the region)");
  if (auto alloca = dyn_cast<memref::AllocaOp>(op))
    return checkHoistable(alloca, region);
  // Memory is a static binding; it never flows through control or compute
  // (Part 3 section 6: memref-typed structured results are rewritten, kept
  // in InstructionCore code or rejected).
  if (!isa<SpatialYieldOp>(op) &&
      llvm::any_of(op->getResultTypes(), llvm::IsaPred<MemRefType>))
    return std::string("produces a memref; memory is a static binding and "
                       "cannot flow through a graph");
  return std::nullopt;
}

LogicalResult loom::conversion::checkRegionLegality(SpatialRegionOp region,
                                                    StringRef regionName,
                                                    unsigned indexWidth) {
  bool legal = true;
  auto reject = [&](Operation *op, StringRef rule) {
    legal = false;
    op->emitError() << "cannot lower spatial region '" << regionName << "': '"
                    << op->getName() << "' " << rule;
  };
  // Channel sites under parallel ops are named before the general channel
  // rule so that the more specific rule is the one reported.
  region.getBody().walk([&](Operation *op) {
    if (Rule rule = checkOp(op, region, indexWidth))
      reject(op, *rule);
  });
  if (!region.getStreamInputs().empty() || !region.getStreamOutputs().empty())
    reject(region, "has stream channel endpoints; channel bindings are not "
                   "lowered yet");
  if (!region.getMemoryResults().empty())
    reject(region, "has memory results; memory outputs are not lowered yet");
  return success(legal);
}

//===----------------------------------------------------------------------===//
// Index width
//===----------------------------------------------------------------------===//

namespace {
struct ProvenRange {
  int64_t min, max;
};
} // namespace

/// A proven range of `value`: a constant, or the `key` range of `facts`.
static std::optional<ProvenRange>
getProvenRange(Value value, DictionaryAttr facts, StringRef key) {
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return ProvenRange{*constant, *constant};
  auto range = facts ? facts.getAs<DenseI64ArrayAttr>(key) : nullptr;
  if (!range || range.size() != 2)
    return std::nullopt;
  return ProvenRange{range[0], range[1]};
}

bool loom::conversion::isProvenToFitIndexWidth(scf::ForOp loop,
                                               unsigned indexWidth) {
  if (indexWidth >= 64)
    return true;
  auto facts = loop->getAttrOfType<DictionaryAttr>("loom.facts");
  std::optional<ProvenRange> lower =
      getProvenRange(loop.getLowerBound(), facts, "lower");
  std::optional<ProvenRange> upper =
      getProvenRange(loop.getUpperBound(), facts, "upper");
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!step && facts)
    if (auto attr = facts.getAs<IntegerAttr>("step"))
      step = attr.getInt();
  if (!lower || !upper || !step || *step <= 0)
    return false;
  int64_t max = (int64_t(1) << (indexWidth - 1)) - 1;
  // An unsigned comparison agrees with the signed iN one only on values
  // that are non-negative in both.
  int64_t min = loop.getUnsignedCmp() ? 0 : -max - 1;
  auto fits = [&](int64_t v) { return v >= min && v <= max; };
  // The stream computes iv + step for every iv < ub, the last one included.
  return fits(lower->min) && fits(lower->max) && fits(upper->min) &&
         fits(upper->max) && *step <= max && upper->max <= max - *step + 1;
}
