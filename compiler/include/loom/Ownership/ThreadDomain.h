//===- ThreadDomain.h - Part 4 dense domain arithmetic ----------*- C++ -*-===//
//
// Part of the Loom project.
//
// The two equations of Part 4's dense thread ABI, shared by every pass that
// turns an scf.forall into thread coordinates (loom-form-threads,
// loom-forall-to-thread), and the static point count of a fixed domain that
// the graph lowering replicates into lanes (loom-form-spatial-regions admits
// exactly what loom-lower-scf-to-dfg accepts):
//
//   extent_d    = max(0, ceildiv(ub_d - lb_d, step_d))     (launch side)
//   source_iv_d = lb_d + coord_d * step_d                  (thread side)
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_OWNERSHIP_THREADDOMAIN_H
#define LOOM_OWNERSHIP_THREADDOMAIN_H

#include "mlir/IR/Builders.h"

#include <optional>

namespace loom::ownership {

/// The extent of each dimension of the domain `lbs` to `ubs` by `steps`.
llvm::SmallVector<mlir::Value> buildDenseExtents(mlir::OpBuilder &builder,
                                                 mlir::Location loc,
                                                 mlir::ValueRange lbs,
                                                 mlir::ValueRange ubs,
                                                 mlir::ValueRange steps);

/// The source induction variable `lb + coordinate * step`.
mlir::Value buildSourceInductionVar(mlir::OpBuilder &builder,
                                    mlir::Location loc, mlir::Value lb,
                                    mlir::Value coordinate, mlir::Value step);

/// The static lanes a graph replicates a fixed-domain scf.parallel or
/// scf.forall into, at most.
inline constexpr int64_t kMaxReplicatedLanes = 64;

/// The number of points of the constant domain `lbs` to `ubs` by `steps`,
/// saturated at kMaxReplicatedLanes + 1 (so "too many" never overflows).
int64_t countReplicatedPoints(llvm::ArrayRef<int64_t> lbs,
                              llvm::ArrayRef<int64_t> ubs,
                              llvm::ArrayRef<int64_t> steps);

/// The same for an operand domain: nullopt when a bound is not a constant.
std::optional<int64_t> countReplicatedPoints(mlir::ValueRange lbs,
                                             mlir::ValueRange ubs,
                                             mlir::ValueRange steps);

} // namespace loom::ownership

#endif // LOOM_OWNERSHIP_THREADDOMAIN_H
