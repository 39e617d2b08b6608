//===- ThreadDomain.h - Part 4 dense domain arithmetic ----------*- C++ -*-===//
//
// Part of the Loom project.
//
// The two equations of Part 4's dense thread ABI, shared by every pass that
// turns an scf.forall into thread coordinates (loom-form-threads,
// loom-forall-to-thread):
//
//   extent_d    = max(0, ceildiv(ub_d - lb_d, step_d))     (launch side)
//   source_iv_d = lb_d + coord_d * step_d                  (thread side)
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_OWNERSHIP_THREADDOMAIN_H
#define LOOM_OWNERSHIP_THREADDOMAIN_H

#include "mlir/IR/Builders.h"

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

} // namespace loom::ownership

#endif // LOOM_OWNERSHIP_THREADDOMAIN_H
