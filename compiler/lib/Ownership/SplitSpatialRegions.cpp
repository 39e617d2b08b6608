//===- SplitSpatialRegions.cpp - smaller spatial regions ------------------===//
//
// Part of the Loom project.
//
// Builds the split programs (docs/compiler.md, "Graph splitting"): a region
// holding several loops becomes one region per loop, launched in sequence
// by its thread; a region holding one loop (or branch) keeps that control
// flow in the thread and launches regions of its body from there; and a
// region of straight-line code becomes two halves. Applied until nothing
// splits, a graph too large for any fabric is replaced by smaller ones,
// down to single operations, that compute the same.
//
//   %r = loom.spatial_region ... {           %a = loom.spatial_region ... {
//     %c = arith.constant ...                  %c = arith.constant ...
//     %s = scf.for ... { ... }                 %s = scf.for ... { ... }
//     scf.for ... { use %s }          =>       loom.spatial_yield %s
//     loom.spatial_yield                     }
//   }                                        loom.spatial_region values(%a) {
//                                              scf.for ... { use %a' }
//                                            }
//
//===----------------------------------------------------------------------===//

#include "loom/Ownership/Passes.h"

#include "loom/Ownership/SpatialRegions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace loom::ownership {
#define GEN_PASS_DEF_SPLITSPATIALREGIONSPASS
#include "loom/Ownership/Passes.h.inc"
} // namespace loom::ownership

using namespace mlir;
using namespace loom;

/// True if `op` is or holds a loop: a boundary the region is split at.
static bool holdsLoop(Operation *op) {
  return op->walk([](LoopLikeOpInterface) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

/// True if `op` is inside one of `ops` (or one of them).
static bool isInside(Operation *op, ArrayRef<Operation *> ops) {
  for (; op; op = op->getParentOp())
    if (llvm::is_contained(ops, op))
      return true;
  return false;
}

/// True if `ops`, as a region of their own, would have an effect: write
/// memory, or compute a value used after them. A region without one is not
/// a graph (dead code the split exposed stays code of the thread).
static bool isObservable(ArrayRef<Operation *> ops) {
  return llvm::any_of(ops, [&](Operation *op) {
    if (!isMemoryEffectFree(op))
      return true;
    return !isa<arith::ConstantOp>(op) &&
           llvm::any_of(op->getUsers(),
                        [&](Operation *user) { return !isInside(user, ops); });
  });
}

/// The operations of `block` but its terminator.
static SmallVector<Operation *> getBodyOps(Block &block) {
  return llvm::map_to_vector(block.without_terminator(),
                             [](Operation &op) { return &op; });
}

/// The operations among `ops` that hold a loop.
static unsigned countLoops(ArrayRef<Operation *> ops) {
  return llvm::count_if(ops, holdsLoop);
}

/// True if `op` is a static memref.alloca, a local array: a split leaves it
/// in the thread, ahead of the parts, and each part that accesses it binds
/// it as a memory (a memref cannot be handed from one part to the next).
static bool isStaticAlloca(Operation *op) {
  return isa<memref::AllocaOp>(op) && op->getNumOperands() == 0;
}

/// Moves the static allocas among `ops`, consecutive operations of one
/// block, in front of the first of them; returns the others.
static SmallVector<Operation *> hoistAllocas(ArrayRef<Operation *> ops) {
  SmallVector<Operation *> rest;
  for (Operation *op : ops) {
    if (!isStaticAlloca(op)) {
      rest.push_back(op);
      continue;
    }
    if (op != ops.front())
      op->moveBefore(ops.front());
  }
  return rest;
}

/// Wraps `ops`, consecutive operations of one block, in regions named
/// `<name>_s<k>`, counting k from `next`: one per loop if they hold loops
/// (each part ends after its loop, and what follows the last loop joins
/// it), else one if they do work (constants alone stay in the thread).
static void wrapParts(ArrayRef<Operation *> ops, StringRef name,
                      unsigned &next) {
  unsigned loops = countLoops(ops);
  if (!loops) {
    if (isObservable(ops))
      ownership::wrapInSpatialRegion(ops, (name + "_s" + Twine(next++)).str());
    return;
  }
  SmallVector<SmallVector<Operation *>> parts(1);
  unsigned seen = 0;
  for (Operation *op : ops) {
    parts.back().push_back(op);
    if (holdsLoop(op) && ++seen < loops)
      parts.emplace_back();
  }
  for (ArrayRef<Operation *> part : parts)
    if (isObservable(part))
      ownership::wrapInSpatialRegion(part, (name + "_s" + Twine(next++)).str());
}

/// Keeps `control`, an scf.for, scf.while, scf.if or scf.index_switch among
/// `ops` (a region's inlined body), in the thread as stored-program code and
/// wraps the rest into regions launched from there: what comes before and
/// after it, and each of its blocks (split at its loops, as above).
static void splitAround(ArrayRef<Operation *> ops, Operation *control,
                        StringRef name) {
  auto at = llvm::find(ops, control);
  unsigned next = 0;
  wrapParts(ArrayRef<Operation *>(ops.begin(), at), name, next);
  for (Region &region : control->getRegions())
    for (Block &block : region)
      wrapParts(hoistAllocas(getBodyOps(block)), name, next);
  wrapParts(ArrayRef<Operation *>(at + 1, ops.end()), name, next);
}

/// True if `op` is control flow a split can keep in the thread.
static bool isThreadControl(Operation *op) {
  return isa<scf::ForOp, scf::WhileOp, scf::IfOp, scf::IndexSwitchOp>(op);
}

/// The number of operations `op` stands for, nested ones included.
static unsigned getWeight(Operation *op) {
  unsigned weight = 0;
  op->walk([&](Operation *) { ++weight; });
  return weight;
}

/// True if a result of `first` that is not a copied constant and not a
/// scalar is used outside `first`: a memref (an alloca) cannot leave its
/// part for the next.
static bool handsOnNonScalar(ArrayRef<Operation *> first) {
  return llvm::any_of(first, [&](Operation *op) {
    if (isa<arith::ConstantOp>(op))
      return false;
    return llvm::any_of(op->getResults(), [&](Value result) {
      return !isa<IntegerType, IndexType, FloatType>(result.getType()) &&
             llvm::any_of(result.getUsers(), [&](Operation *user) {
               return !isInside(user, first);
             });
    });
  });
}

/// Where straight-line `ops` are cut in two: the index of the first
/// operation of the second half, the cut nearest the middle by weight that
/// leaves work on both sides and hands on only scalars. Zero if none does.
static size_t findHalvingCut(ArrayRef<Operation *> ops) {
  unsigned total = 0;
  for (Operation *op : ops)
    total += getWeight(op);
  size_t best = 0;
  unsigned bestDistance = ~0u, before = 0;
  for (size_t cut = 1; cut < ops.size(); ++cut) {
    before += getWeight(ops[cut - 1]);
    unsigned distance =
        before * 2 > total ? before * 2 - total : total - before * 2;
    if (distance >= bestDistance || !isObservable(ops.take_front(cut)) ||
        !isObservable(ops.drop_front(cut)) ||
        handsOnNonScalar(ops.take_front(cut)))
      continue;
    best = cut;
    bestDistance = distance;
  }
  return best;
}

/// How one application splits a region (docs/compiler.md, "Graph
/// splitting"):
/// - AtLoops: two or more loops, one region per loop;
/// - AroundControl: one loop (or an op holding one), an scf.for, scf.while,
///   scf.if or scf.index_switch, stays code of the thread and its blocks
///   become regions launched from there, one per inner loop (an innermost
///   loop's body is one region, launched every iteration); so does an
///   scf.if or scf.index_switch that is all the work of straight-line code;
/// - InHalves: other straight-line code, cut in two halves.
struct SplitPlan {
  enum Kind { None, AtLoops, AroundControl, InHalves } kind = None;
  Operation *control = nullptr;
  size_t cut = 0;
};

/// The split of `region`, if it has one (its static allocas moved ahead of
/// the rest of its body, which changes nothing else).
static SplitPlan planSplit(SpatialRegionOp region) {
  if (!region.getStreamInputs().empty() || !region.getStreamOutputs().empty())
    return {};
  SmallVector<Operation *> ops =
      hoistAllocas(getBodyOps(region.getBody().front()));
  unsigned loops = countLoops(ops);
  if (loops >= 2)
    return {SplitPlan::AtLoops};
  Operation *control = nullptr;
  if (loops == 1) {
    control = *llvm::find_if(ops, holdsLoop);
  } else {
    auto isWork = [](Operation *op) {
      return !op->hasTrait<OpTrait::ConstantLike>();
    };
    if (llvm::count_if(ops, isWork) == 1)
      control = *llvm::find_if(ops, isWork);
  }
  if (control && isThreadControl(control))
    return {SplitPlan::AroundControl, control};
  if (loops)
    return {};
  if (size_t cut = findHalvingCut(ops))
    return {SplitPlan::InHalves, nullptr, cut};
  return {};
}

/// Splits `region` as `plan` says, and reports it.
static void applySplit(SpatialRegionOp region, const SplitPlan &plan) {
  std::string name =
      region.getGraphName()
          ? region.getGraphName()->str()
          : region->getParentOfType<dataflow::ThreadOp>().getSymName().str() +
                "_g";
  InFlightDiagnostic remark = region.emitRemark()
                              << "spatial region '" << name << "' split ";
  bool loop = isa_and_nonnull<LoopLikeOpInterface>(plan.control);
  switch (plan.kind) {
  case SplitPlan::None:
    llvm_unreachable("only a region with a split is split");
  case SplitPlan::AtLoops:
    remark << "at its loop boundaries into "
           << countLoops(getBodyOps(region.getBody().front())) << " regions";
    break;
  case SplitPlan::AroundControl:
    remark << (loop ? "inside its loop: the loop stays"
                    : "at its branch: the branch stays")
           << " code of the thread and launches regions of its body "
           << (loop ? "every iteration" : "where it is taken");
    break;
  case SplitPlan::InHalves:
    remark << "in two halves of straight-line code";
    break;
  }
  remark.report();
  // The region's body in place of the region, but its allocas, which stay
  // in the thread (in front of the rest).
  SmallVector<Operation *> ops = ownership::inlineSpatialRegion(region);
  llvm::erase_if(ops, isStaticAlloca);
  unsigned next = 0;
  if (plan.kind == SplitPlan::AtLoops) {
    wrapParts(ops, name, next);
  } else if (plan.kind == SplitPlan::AroundControl) {
    splitAround(ops, plan.control, name);
  } else {
    ArrayRef<Operation *> all(ops);
    ownership::wrapInSpatialRegion(all.take_front(plan.cut), name + "_s0");
    ownership::wrapInSpatialRegion(all.drop_front(plan.cut), name + "_s1");
  }
}

namespace {
struct SplitSpatialRegionsPass
    : loom::ownership::impl::SplitSpatialRegionsPassBase<
          SplitSpatialRegionsPass> {
  void runOnOperation() override {
    // The heaviest regions split first: one application splits every
    // region with a split at least half as heavy (in operations) as the
    // heaviest such region, so a graph that already fits a small fabric
    // stays whole while a larger one is taken apart.
    struct Candidate {
      SpatialRegionOp region;
      SplitPlan plan;
      unsigned weight;
    };
    SmallVector<Candidate> candidates;
    unsigned heaviest = 0;
    getOperation().walk([&](SpatialRegionOp region) {
      SplitPlan plan = planSplit(region);
      if (plan.kind == SplitPlan::None)
        return;
      candidates.push_back({region, plan, getWeight(region)});
      heaviest = std::max(heaviest, candidates.back().weight);
    });
    for (const Candidate &candidate : candidates) {
      if (candidate.weight * 2 < heaviest)
        continue;
      applySplit(candidate.region, candidate.plan);
      ++numSplitRegions;
    }
  }
};
} // namespace
