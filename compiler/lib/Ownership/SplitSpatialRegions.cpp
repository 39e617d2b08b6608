//===- SplitSpatialRegions.cpp - one spatial region per loop --------------===//
//
// Part of the Loom project.
//
// Builds the split programs (docs/compiler.md, "Graph splitting"): a region
// holding several loops becomes one region per loop, launched in sequence
// by its thread, and a region holding one loop nest keeps the outer loop in
// the thread and launches a region per inner loop every iteration, so that
// a graph too large for a fabric is replaced by smaller ones that compute
// the same.
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

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

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

/// Wraps `ops`, consecutive operations of one block holding `loops` loops,
/// in one region per loop named `<name>_s<k>`, counting k from `next`: each
/// part ends after its loop, and what follows the last loop joins it.
static void wrapLoopParts(ArrayRef<Operation *> ops, unsigned loops,
                          StringRef name, unsigned &next) {
  SmallVector<SmallVector<Operation *>> parts(1);
  unsigned seen = 0;
  for (Operation *op : ops) {
    parts.back().push_back(op);
    if (holdsLoop(op) && ++seen < loops)
      parts.emplace_back();
  }
  for (ArrayRef<Operation *> part : parts)
    ownership::wrapInSpatialRegion(part, (name + "_s" + Twine(next++)).str());
}

/// True if `ops` do work (not only constants), so that they need a graph.
static bool doWork(ArrayRef<Operation *> ops) {
  return llvm::any_of(ops, [](Operation *op) {
    return !op->hasTrait<OpTrait::ConstantLike>();
  });
}

/// The loops among the operations of `block`'s body.
static unsigned countLoops(Block &block) {
  return llvm::count_if(block.without_terminator(),
                        [](Operation &op) { return holdsLoop(&op); });
}

/// Splits `region` at its loop boundaries: into one region per loop if it
/// holds two or more; if it holds one, an scf.for whose body holds loops,
/// inside that nest: the loop stays stored-program code of the thread and
/// its body becomes one region per inner loop, launched every iteration
/// (what comes before and after the loop becomes a region of its own).
/// Returns whether it split.
static bool splitRegion(SpatialRegionOp region) {
  if (!region.getStreamInputs().empty() || !region.getStreamOutputs().empty())
    return false;
  Block &body = region.getBody().front();
  unsigned loops = countLoops(body);
  // The loop a nest is split inside: an scf.for, or an scf.while one of
  // whose regions holds the inner loops (a do-while form holds them in
  // `before`, ahead of the condition; the other region stays code of the
  // thread).
  Operation *nest = nullptr;
  Block *nestBody = nullptr;
  unsigned innerLoops = 0;
  if (loops == 1)
    for (Operation &op : body.without_terminator()) {
      Block *inner = nullptr;
      if (auto loop = dyn_cast<scf::ForOp>(op))
        inner = loop.getBody();
      else if (auto loop = dyn_cast<scf::WhileOp>(op)) {
        Block &before = loop.getBefore().front();
        Block &after = loop.getAfter().front();
        if (!countLoops(before))
          inner = &after;
        else if (!countLoops(after))
          inner = &before;
      }
      if (inner && (innerLoops = countLoops(*inner))) {
        nest = &op;
        nestBody = inner;
      }
    }
  if (loops < 2 && !nest)
    return false;
  std::string name =
      region.getGraphName()
          ? region.getGraphName()->str()
          : region->getParentOfType<dataflow::ThreadOp>().getSymName().str() +
                "_g";
  if (!nest) {
    region.emitRemark() << "spatial region '" << name
                        << "' split at its loop boundaries into " << loops
                        << " regions";
    unsigned next = 0;
    wrapLoopParts(ownership::inlineSpatialRegion(region), loops, name, next);
    return true;
  }
  region.emitRemark() << "spatial region '" << name
                      << "' split inside its loop nest: the outer loop stays "
                         "code of the thread and launches "
                      << innerLoops << " region" << (innerLoops == 1 ? "" : "s")
                      << " per iteration";
  SmallVector<Operation *> ops = ownership::inlineSpatialRegion(region);
  auto at = llvm::find(ops, nest);
  ArrayRef<Operation *> before(ops.begin(), at), after(at + 1, ops.end());
  unsigned next = 0;
  if (doWork(before))
    ownership::wrapInSpatialRegion(before, (name + "_s" + Twine(next++)).str());
  SmallVector<Operation *> inner = llvm::map_to_vector(
      nestBody->without_terminator(), [](Operation &op) { return &op; });
  wrapLoopParts(inner, innerLoops, name, next);
  if (doWork(after))
    ownership::wrapInSpatialRegion(after, (name + "_s" + Twine(next++)).str());
  return true;
}

namespace {
struct SplitSpatialRegionsPass
    : loom::ownership::impl::SplitSpatialRegionsPassBase<
          SplitSpatialRegionsPass> {
  void runOnOperation() override {
    SmallVector<SpatialRegionOp> regions;
    getOperation().walk(
        [&](SpatialRegionOp region) { regions.push_back(region); });
    for (SpatialRegionOp region : regions)
      if (splitRegion(region))
        ++numSplitRegions;
  }
};
} // namespace
