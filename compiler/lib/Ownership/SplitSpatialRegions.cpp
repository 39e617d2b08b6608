//===- SplitSpatialRegions.cpp - one spatial region per loop --------------===//
//
// Part of the Loom project.
//
// Builds the split program (docs/compiler.md, "Graph splitting"): a region
// holding several loops becomes one region per loop, launched in sequence
// by its thread, so that a graph too large for a fabric is replaced by
// smaller ones that compute the same.
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

/// Splits `region` into one region per loop if it holds two or more;
/// returns whether it did.
static bool splitRegion(SpatialRegionOp region) {
  if (!region.getStreamInputs().empty() || !region.getStreamOutputs().empty())
    return false;
  Block &body = region.getBody().front();
  unsigned loops = llvm::count_if(body.without_terminator(),
                                  [](Operation &op) { return holdsLoop(&op); });
  if (loops < 2)
    return false;
  std::string name =
      region.getGraphName()
          ? region.getGraphName()->str()
          : region->getParentOfType<dataflow::ThreadOp>().getSymName().str() +
                "_g";
  region.emitRemark() << "spatial region '" << name
                      << "' split at its loop boundaries into " << loops
                      << " regions";
  SmallVector<Operation *> ops = ownership::inlineSpatialRegion(region);
  // Each part ends after its loop; what follows the last loop joins it.
  SmallVector<SmallVector<Operation *>> parts(1);
  unsigned seen = 0;
  for (Operation *op : ops) {
    parts.back().push_back(op);
    if (holdsLoop(op) && ++seen < loops)
      parts.emplace_back();
  }
  for (auto [index, part] : llvm::enumerate(parts))
    ownership::wrapInSpatialRegion(part, name + "_s" + std::to_string(index));
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
