//===- RaiseLibmCalls.cpp - libm calls to math-dialect ops ----------------===//
//
// Part of the Loom project.
//
// Under the default `-fmath-errno`, clang emits the libm functions that may
// set errno (sqrtf, expf, powf, ...) as calls instead of intrinsics. Device
// code does not set errno (the policy of OpenMP target and CUDA offload, see
// docs/compiler.md "Device compile"), so each such call is only its value,
// and the `math` op that computes exactly that value replaces it. Every call
// that stays a call gets a remark naming the callee and why.
//
//===----------------------------------------------------------------------===//

#include "RaisingUtils.h"

#include "loom/Raising/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/SymbolTable.h"

namespace loom::raising {
#define GEN_PASS_DEF_RAISELIBMCALLSPASS
#include "loom/Raising/Passes.h.inc"
} // namespace loom::raising

#define DEBUG_TYPE "loom-raise-libm-calls"

using namespace mlir;

namespace {

/// Builds the raised form of one libm function from its operands; the
/// result type is the call's.
using BuildFn = Value (*)(OpBuilder &, Location, Type, ValueRange,
                          arith::FastMathFlagsAttr);

/// One libm function: its f32 (`sqrtf`) and f64 (`sqrt`) names take `float`
/// / `double` only and return that type or, for the rounding functions
/// (`intResult`), an integer (`long`, `long long`), so the names, the operand
/// count and the kind of result decide the signature.
struct LibmFunction {
  StringLiteral f32Name;
  StringLiteral f64Name;
  unsigned arity;
  StringLiteral opName;
  BuildFn build;
  bool intResult = false;
};

template <typename OpTy>
Value buildOp(OpBuilder &builder, Location loc, Type, ValueRange operands,
              arith::FastMathFlagsAttr fastmath) {
  NamedAttribute flags(builder.getStringAttr("fastmath"), fastmath);
  return OpTy::create(builder, loc, operands, ArrayRef<NamedAttribute>(flags))
      .getResult();
}

/// `lround` / `llround` (`RoundOp` = math.round) and `lrint` / `llrint`
/// (math.roundeven, in the default rounding mode): the rounded value
/// converted to the call's integer type, as RaiseLLVMToArith raises the
/// intrinsics clang emits for them under -fno-math-errno. Where the rounded
/// value does not fit, glibc's x86-64 `lroundf` and `lrintf` return the
/// minimum value, as the emulator's `arith.fptosi` does there.
template <typename RoundOp>
Value buildRoundToInt(OpBuilder &builder, Location loc, Type resultType,
                      ValueRange operands, arith::FastMathFlagsAttr fastmath) {
  Value rounded = RoundOp::create(builder, loc, operands[0], fastmath);
  return arith::FPToSIOp::create(builder, loc, resultType, rounded);
}

/// `fmin(a, b)` / `fmax(a, b)` as a call computes them: x86-64 code calls
/// glibc's `fminf`, `fmin`, ... (clang emits `llvm.minnum` for `fmin`, so a
/// call remains only where the optimizer may not treat it as the builtin),
/// raised as buildLibmMinMax builds it. glibc returns the second of two
/// equal zeros, where the intrinsic returns the first.
template <bool isMax>
Value buildMinMax(OpBuilder &builder, Location loc, Type, ValueRange operands,
                  arith::FastMathFlagsAttr fastmath) {
  return loom::raising::buildLibmMinMax(builder, loc, operands[0], operands[1],
                                        isMax, fastmath);
}

/// Each `math` op here is defined as the libm function of the same name:
/// `math.round` rounds halfway cases away from zero like `round`, `math.fma`
/// is fused like `fma`, `arith.remf` is `fmod`. The emulator evaluates each
/// with the host libm entry point of the operand's precision and the
/// upstream lowering calls the same function, so results are bit-identical.
/// Deliberately absent: `hypot` and the `long double` forms (no math op).
const LibmFunction kLibmFunctions[] = {
    {"sqrtf", "sqrt", 1, "math.sqrt", buildOp<math::SqrtOp>},
    {"expf", "exp", 1, "math.exp", buildOp<math::ExpOp>},
    {"exp2f", "exp2", 1, "math.exp2", buildOp<math::Exp2Op>},
    {"expm1f", "expm1", 1, "math.expm1", buildOp<math::ExpM1Op>},
    {"logf", "log", 1, "math.log", buildOp<math::LogOp>},
    {"log2f", "log2", 1, "math.log2", buildOp<math::Log2Op>},
    {"log10f", "log10", 1, "math.log10", buildOp<math::Log10Op>},
    {"log1pf", "log1p", 1, "math.log1p", buildOp<math::Log1pOp>},
    {"sinf", "sin", 1, "math.sin", buildOp<math::SinOp>},
    {"cosf", "cos", 1, "math.cos", buildOp<math::CosOp>},
    {"tanf", "tan", 1, "math.tan", buildOp<math::TanOp>},
    {"asinf", "asin", 1, "math.asin", buildOp<math::AsinOp>},
    {"acosf", "acos", 1, "math.acos", buildOp<math::AcosOp>},
    {"atanf", "atan", 1, "math.atan", buildOp<math::AtanOp>},
    {"atan2f", "atan2", 2, "math.atan2", buildOp<math::Atan2Op>},
    {"sinhf", "sinh", 1, "math.sinh", buildOp<math::SinhOp>},
    {"coshf", "cosh", 1, "math.cosh", buildOp<math::CoshOp>},
    {"tanhf", "tanh", 1, "math.tanh", buildOp<math::TanhOp>},
    {"asinhf", "asinh", 1, "math.asinh", buildOp<math::AsinhOp>},
    {"acoshf", "acosh", 1, "math.acosh", buildOp<math::AcoshOp>},
    {"atanhf", "atanh", 1, "math.atanh", buildOp<math::AtanhOp>},
    {"erff", "erf", 1, "math.erf", buildOp<math::ErfOp>},
    {"erfcf", "erfc", 1, "math.erfc", buildOp<math::ErfcOp>},
    {"cbrtf", "cbrt", 1, "math.cbrt", buildOp<math::CbrtOp>},
    {"powf", "pow", 2, "math.powf", buildOp<math::PowFOp>},
    {"fmaf", "fma", 3, "math.fma", buildOp<math::FmaOp>},
    {"fabsf", "fabs", 1, "math.absf", buildOp<math::AbsFOp>},
    {"copysignf", "copysign", 2, "math.copysign", buildOp<math::CopySignOp>},
    {"floorf", "floor", 1, "math.floor", buildOp<math::FloorOp>},
    {"ceilf", "ceil", 1, "math.ceil", buildOp<math::CeilOp>},
    {"truncf", "trunc", 1, "math.trunc", buildOp<math::TruncOp>},
    {"roundf", "round", 1, "math.round", buildOp<math::RoundOp>},
    {"fmodf", "fmod", 2, "arith.remf", buildOp<arith::RemFOp>},
    {"fminf", "fmin", 2, "glibc's fmin (arith.minnumf or a select)",
     buildMinMax</*isMax=*/false>},
    {"fmaxf", "fmax", 2, "glibc's fmax (arith.maxnumf or a select)",
     buildMinMax</*isMax=*/true>},
    {"lroundf", "lround", 1, "math.round and arith.fptosi",
     buildRoundToInt<math::RoundOp>, /*intResult=*/true},
    {"llroundf", "llround", 1, "math.round and arith.fptosi",
     buildRoundToInt<math::RoundOp>, /*intResult=*/true},
    {"lrintf", "lrint", 1, "math.roundeven and arith.fptosi",
     buildRoundToInt<math::RoundEvenOp>, /*intResult=*/true},
    {"llrintf", "llrint", 1, "math.roundeven and arith.fptosi",
     buildRoundToInt<math::RoundEvenOp>, /*intResult=*/true},
};

/// Returns the table entry named `name` and the float type it works on.
static std::optional<std::pair<const LibmFunction *, FloatType>>
lookupLibmFunction(StringRef name, MLIRContext *ctx) {
  for (const LibmFunction &fn : kLibmFunctions) {
    if (name == fn.f32Name)
      return std::make_pair(&fn, FloatType(Float32Type::get(ctx)));
    if (name == fn.f64Name)
      return std::make_pair(&fn, FloatType(Float64Type::get(ctx)));
  }
  return std::nullopt;
}

/// Returns whether `call` passes exactly `fn.arity` operands of `type` and
/// returns one `type` (an integer for `fn.intResult`).
static bool hasLibmSignature(LLVM::CallOp call, const LibmFunction &fn,
                             FloatType type) {
  if (call.getNumResults() != 1)
    return false;
  Type result = call.getResult().getType();
  if (fn.intResult ? !isa<IntegerType>(result) : result != type)
    return false;
  if (call.getArgOperands().size() != fn.arity)
    return false;
  return llvm::all_of(call.getArgOperands().getTypes(),
                      [&](Type operand) { return operand == type; });
}

/// Why `call` of `callee` (resolved to `calleeOp`) must stay a call although
/// its name and signature are libm's, or std::nullopt when it may be raised.
static std::optional<std::string>
whyCallStays(LLVM::CallOp call, StringRef callee, Operation *calleeOp) {
  auto decl = dyn_cast_or_null<LLVM::LLVMFuncOp>(calleeOp);
  if (!decl)
    return "'" + callee.str() + "' is not an llvm.func declaration";
  if (!decl.isExternal())
    return "'" + callee.str() +
           "' is defined in the module, not taken from libm";
  if (!call.getOpBundleOperands().empty())
    return std::string("the call carries operand bundles");
  return std::nullopt;
}

/// Replaces `call` by its math op or emits a remark saying why it stays.
/// Returns whether it was replaced.
static bool raiseCall(LLVM::CallOp call, SymbolTableCollection &symbols,
                      IRRewriter &rewriter) {
  std::optional<StringRef> callee = call.getCallee();
  if (!callee) {
    call.emitRemark() << "indirect call stays a call: the callee is not "
                         "known to be a libm function";
    return false;
  }
  // The hint carrier of the device compile is consumed by the hint passes.
  if (callee->starts_with("__loom_"))
    return false;
  auto entry = lookupLibmFunction(*callee, call.getContext());
  if (!entry) {
    call.emitRemark() << "call of '" << *callee
                      << "' stays a call: not a libm function with an exact "
                         "math-dialect equivalent";
    return false;
  }
  auto [fn, type] = *entry;
  if (!hasLibmSignature(call, *fn, type)) {
    InFlightDiagnostic remark = call.emitRemark();
    remark << "call of '" << *callee << "' stays a call: libm '" << *callee
           << "' takes " << fn->arity << " " << type
           << " operand(s) and returns ";
    if (fn->intResult)
      remark << "an integer";
    else
      remark << type;
    remark << ", the call has type " << call.getCalleeFunctionType();
    return false;
  }
  Operation *calleeOp = symbols.lookupNearestSymbolFrom(
      call, StringAttr::get(call.getContext(), *callee));
  if (std::optional<std::string> why = whyCallStays(call, *callee, calleeOp)) {
    call.emitRemark() << "call of '" << *callee << "' stays a call: " << *why;
    return false;
  }
  call.emitRemark() << "libm call '" << *callee << "' raised to " << fn->opName
                    << " (device code does not set errno)";
  rewriter.setInsertionPoint(call);
  Value result = fn->build(rewriter, call.getLoc(), call.getResult().getType(),
                           call.getArgOperands(),
                           loom::raising::convertFastMath(
                               call.getContext(), call.getFastmathFlags()));
  rewriter.replaceOp(call, result);
  return true;
}

struct RaiseLibmCallsPass
    : loom::raising::impl::RaiseLibmCallsPassBase<RaiseLibmCallsPass> {
  void runOnOperation() override;
};

} // namespace

void RaiseLibmCallsPass::runOnOperation() {
  ModuleOp module = getOperation();
  SmallVector<LLVM::CallOp> calls;
  module.walk([&](LLVM::CallOp call) { calls.push_back(call); });

  SymbolTableCollection symbols;
  IRRewriter rewriter(&getContext());
  llvm::SetVector<StringRef> raisedCallees;
  for (LLVM::CallOp call : calls) {
    StringRef callee = call.getCallee().value_or("");
    if (raiseCall(call, symbols, rewriter))
      raisedCallees.insert(callee);
  }
  // A libm declaration no call refers to any more is dead.
  for (StringRef name : raisedCallees) {
    auto decl = symbols.lookupSymbolIn<LLVM::LLVMFuncOp>(
        module, StringAttr::get(&getContext(), name));
    if (decl && SymbolTable::symbolKnownUseEmpty(decl, module))
      rewriter.eraseOp(decl);
  }
}
