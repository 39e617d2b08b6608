//===- ComputeImpl.h - evaluators behind the compute table ------*- C++ -*-===//
//
// Part of the Loom project.
//
// Private to LoomSim: the evaluator functions the compute table of
// ComputeSemantics.cpp dispatches to, grouped by integer and float ops.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_SIM_LIB_COMPUTEIMPL_H
#define LOOM_SIM_LIB_COMPUTEIMPL_H

#include "loom/Sim/ComputeSemantics.h"

namespace loom::sim::detail {

/// One evaluator: operands in, results out. Poison operands have already
/// been handled unless the table entry asks for custom poison handling.
using ComputeFn = llvm::Error (*)(const ComputeOp &, llvm::ArrayRef<TokenValue>,
                                  llvm::MutableArrayRef<TokenValue>);

/// Returns the integer evaluator of `schemaId` (100-139, 200-299 integer
/// math, 300-399 LLVM), or null.
ComputeFn getIntegerEvaluator(uint32_t schemaId);

/// Returns the float evaluator of `schemaId` (140-199, 200-299 float math),
/// or null.
ComputeFn getFloatEvaluator(uint32_t schemaId);

/// Returns true if `schemaId` inspects poison operands itself (select,
/// division and remainder) instead of the generic propagation.
bool hasCustomPoisonRule(uint32_t schemaId);

/// Builds the error of undefined behaviour `what` on `operands`.
llvm::Error makeUBError(llvm::StringRef what,
                        llvm::ArrayRef<TokenValue> operands);

} // namespace loom::sim::detail

#endif // LOOM_SIM_LIB_COMPUTEIMPL_H
