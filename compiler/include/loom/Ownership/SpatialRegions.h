//===- SpatialRegions.h - building and inlining spatial regions -*- C++ -*-===//
//
// Part of the Loom project.
//
// What loom-form-spatial-regions and loom-split-spatial-regions share: wrap
// a run of consecutive operations of one block in a loom.spatial_region,
// and the inverse, put a region's body back in place of the region.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_OWNERSHIP_SPATIALREGIONS_H
#define LOOM_OWNERSHIP_SPATIALREGIONS_H

#include "loom/Dialect/Loom/IR/Loom.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace loom::ownership {

/// Wraps `run`, consecutive operations of one block, in a spatial region
/// named `name`: values the run uses from outside it become value inputs
/// (memrefs: memory inputs) and values used after it value outputs. A
/// constant used on both sides is duplicated instead of exported.
SpatialRegionOp wrapInSpatialRegion(llvm::ArrayRef<mlir::Operation *> run,
                                    llvm::StringRef name);

/// Moves the body of `region` (which has no stream operands) in front of
/// it, with its block arguments replaced by the region's operands and its
/// results by what it yields, and erases the region. Returns the moved
/// operations in order.
llvm::SmallVector<mlir::Operation *>
inlineSpatialRegion(SpatialRegionOp region);

} // namespace loom::ownership

#endif // LOOM_OWNERSHIP_SPATIALREGIONS_H
