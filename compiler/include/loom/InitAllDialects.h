//===- InitAllDialects.h - every dialect Loom tools load --------*- C++ -*-===//
//
// Part of the Loom project.
//
// The one place that lists the dialects of Loom's pipeline: Loom's own and
// the upstream dialects the raising and lowering stages produce.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_INITALLDIALECTS_H
#define LOOM_INITALLDIALECTS_H

#include "loom/Dialect/Dataflow/IR/Dataflow.h"
#include "loom/Dialect/Loom/IR/Loom.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/DialectRegistry.h"

namespace loom {

/// Adds Loom's dialects and the upstream dialects of its pipeline (func,
/// arith, math, scf, cf, memref, llvm, index, ub, and dlti for the data
/// layout of modules imported from LLVM IR) to `registry`.
inline void registerAllDialects(mlir::DialectRegistry &registry) {
  registry.insert<dataflow::DataflowDialect, LoomDialect,
                  mlir::arith::ArithDialect, mlir::cf::ControlFlowDialect,
                  mlir::DLTIDialect, mlir::func::FuncDialect,
                  mlir::index::IndexDialect, mlir::LLVM::LLVMDialect,
                  mlir::math::MathDialect, mlir::memref::MemRefDialect,
                  mlir::scf::SCFDialect, mlir::ub::UBDialect>();
}

} // namespace loom

#endif // LOOM_INITALLDIALECTS_H
