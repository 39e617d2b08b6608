//===- ComputeSemantics.h - one firing of a compute actor -------*- C++ -*-===//
//
// Part of the Loom project.
//
// The operation table of the compute actors of the actor schema registry
// (registered arith, math and LLVM compute ops): each schema id maps to one
// evaluator that turns one token per operand into one token per result,
// bit-exactly. The token emulator uses it today and the cycle simulator of
// issue F shares it, so both agree on every value.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_SIM_COMPUTESEMANTICS_H
#define LOOM_SIM_COMPUTESEMANTICS_H

#include "loom/Sim/TokenValue.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/FloatingPointMode.h"
#include "llvm/ADT/SmallVector.h"

namespace loom::sim {

/// A compute actor decoded once: the schema id plus the attributes and
/// types a firing needs, so that evaluation never looks at the IR again.
struct ComputeOp {
  uint32_t schemaId = 0;
  llvm::StringRef opName;
  /// arith.cmpi / arith.cmpf predicate as its enum value.
  unsigned predicate = 0;
  bool nsw = false, nuw = false, exact = false;
  /// LLVM poison-generating flags without an arith spelling, read when host
  /// code evaluates LLVM-dialect arithmetic (decodeHostComputeOp): `disjoint`
  /// of llvm.or (common set bits), `nneg` of llvm.zext / llvm.uitofp (a
  /// negative operand), `is_zero_poison` of llvm.intr.ctlz / cttz (a zero
  /// operand) and `is_int_min_poison` of llvm.intr.abs (the minimum value).
  bool disjoint = false, nonNeg = false, zeroIsPoison = false,
       intMinIsPoison = false;
  /// Fast-math `nnan` / `ninf`: a NaN / infinite operand or result is poison.
  bool noNaNs = false, noInfs = false;
  /// arith.truncf rounding mode.
  llvm::RoundingMode rounding = llvm::RoundingMode::NearestTiesToEven;
  /// Width of an integer (or pointer) result; 0 for float results.
  unsigned resultWidth = 0;
  /// Semantics of a float result, or null.
  const llvm::fltSemantics *resultSemantics = nullptr;
  /// Number of results (1 for every registered compute op).
  unsigned numResults = 1;
  /// llvm.getelementptr: per index position, the constant index or
  /// kDynamicGepIndex, and the byte stride of that position.
  llvm::SmallVector<int64_t, 2> gepConstants, gepStrides;
};

constexpr int64_t kDynamicGepIndex = INT64_MIN;

/// Decodes `op`, a compute actor of the registry. Fails with a message that
/// names the op when it has no evaluator or uses a type the emulator does
/// not carry (vectors, f128, a GEP through a struct, ...).
llvm::Expected<ComputeOp> decodeComputeOp(mlir::Operation *op);

/// Decodes `op` like decodeComputeOp and also the LLVM-dialect arithmetic
/// the raising may leave in host code (llvm.add, llvm.icmp on pointers,
/// llvm.select, llvm.sext, llvm.fadd, llvm.intr.smax, ...): such an op
/// decodes to the registry op the raising turns it into, with the LLVM op's
/// predicate and overflow, exact, fast-math and poison flags, so that it is
/// evaluated by the same table entry. Graph actors use decodeComputeOp: the
/// registry admits only the arith/math spelling there.
llvm::Expected<ComputeOp> decodeHostComputeOp(mlir::Operation *op);

/// Returns true if the compute schema `schemaId` has an evaluator.
bool hasComputeEvaluator(uint32_t schemaId);

/// Evaluates one firing: `operands` holds one token per operand, and one
/// token per result is written to `results`. Operations whose arith/LLVM
/// semantics give poison (overflow under nsw/nuw, inexact under `exact`,
/// oversized shifts) produce poison, and poison operands propagate; an
/// out-of-range float-to-int conversion gives x86-64's value instead (up to
/// 64 bits, poison beyond), and maxnumf/minnumf choose between equal zeros
/// as x86-64 does (docs/emulator.md, "Values"). Fails only on undefined
/// behaviour without a poison
/// form (division or remainder by zero or by poison, signed division
/// overflow); the message names the fault and the operands, not the actor.
llvm::Error evaluateCompute(const ComputeOp &op,
                            llvm::ArrayRef<TokenValue> operands,
                            llvm::MutableArrayRef<TokenValue> results);

/// Evaluates an arith.cmpi predicate on two integers of one width.
bool evaluateCmpI(mlir::arith::CmpIPredicate predicate, const llvm::APInt &lhs,
                  const llvm::APInt &rhs);

} // namespace loom::sim

#endif // LOOM_SIM_COMPUTESEMANTICS_H
