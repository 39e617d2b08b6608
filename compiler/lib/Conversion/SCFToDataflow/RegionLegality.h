//===- RegionLegality.h - what a spatial region must be to lower -*- C++
//-*-===//
//
// Part of the Loom project.
//
// Private to the SCF-to-dataflow conversion. The rules a spatial region
// must meet before anything of its graph is built (Part 3 sections 2, 6 and
// 9): every rejection happens here, on the unchanged module, and names the
// region, the construct and the rule.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_LIB_CONVERSION_SCFTODATAFLOW_REGIONLEGALITY_H
#define LOOM_LIB_CONVERSION_SCFTODATAFLOW_REGIONLEGALITY_H

#include "loom/Dialect/Loom/IR/Loom.h"
#include "loom/Ownership/ThreadDomain.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace loom::conversion {

/// A graph replicates a fixed-domain parallel op into at most this many
/// static lanes (shared with loom-form-spatial-regions).
using ownership::kMaxReplicatedLanes;

/// Emits one error per construct of `region` that has no template under
/// the rules of the lowering, each naming the region (`regionName`), the
/// construct and the rule; fails if there is any. `indexWidth` is the
/// width N (32 or 64) of the iN in which `index` loop values cross into
/// the graph.
mlir::LogicalResult checkRegionLegality(SpatialRegionOp region,
                                        llvm::StringRef regionName,
                                        unsigned indexWidth);

/// Whether the lower bound, upper bound and step of `loop`, and every value
/// its stream computes (iv + step), are proven to fit in a signed
/// `indexWidth`-bit integer: by constants, or by the `loom.facts` ranges of
/// loom-attach-loop-facts. Always true at 64 bits.
bool isProvenToFitIndexWidth(mlir::scf::ForOp loop, unsigned indexWidth);

} // namespace loom::conversion

#endif // LOOM_LIB_CONVERSION_SCFTODATAFLOW_REGIONLEGALITY_H
