//===- RaiseLLVMToArith.cpp - scalar LLVM computation to arith/math ------===//
//
// Part of the Loom project.
//
// Replaces scalar LLVM-dialect computation by the `arith` / `math` operation
// that means exactly the same thing (same result wherever the original is
// defined), so later stages reason about one set of ops. Everything without
// an exact equivalent, and every vector form, stays LLVM.
//
//===----------------------------------------------------------------------===//

#include "RaisingUtils.h"

#include "loom/Raising/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"

namespace loom::raising {
#define GEN_PASS_DEF_RAISELLVMTOARITHPASS
#include "loom/Raising/Passes.h.inc"
} // namespace loom::raising

#define DEBUG_TYPE "loom-raise-llvm-to-arith"

using namespace mlir;
using namespace loom::raising;

//===----------------------------------------------------------------------===//
// Helpers: scalar check, flag and predicate conversion
//===----------------------------------------------------------------------===//

/// Returns whether `type` is a builtin scalar integer or float, the only
/// types the raised forms are produced for.
static bool isScalarIntOrFloat(Type type) {
  return isa<IntegerType, FloatType>(type);
}

/// Fails with a reason naming the first operand or result of `op` that is
/// not a scalar integer or float.
static LogicalResult checkScalar(Operation *op, PatternRewriter &rewriter) {
  for (Type type :
       llvm::concat<const Type>(op->getOperandTypes(), op->getResultTypes()))
    if (!isScalarIntOrFloat(type))
      return rewriter.notifyMatchFailure(op, [&](Diagnostic &diag) {
        diag << "type " << type
             << " is not a scalar integer or float; vector and pointer forms "
                "stay LLVM";
      });
  return success();
}

/// Maps LLVM nsw/nuw onto arith's overflow flags.
static arith::IntegerOverflowFlags
convertOverflow(LLVM::IntegerOverflowFlags flags) {
  auto result = arith::IntegerOverflowFlags::none;
  if (LLVM::bitEnumContainsAll(flags, LLVM::IntegerOverflowFlags::nsw))
    result = result | arith::IntegerOverflowFlags::nsw;
  if (LLVM::bitEnumContainsAll(flags, LLVM::IntegerOverflowFlags::nuw))
    result = result | arith::IntegerOverflowFlags::nuw;
  return result;
}

/// Copies the flags `from` carries onto `to` where `to` has a spelling for
/// them. Flags without one (`or disjoint`, `zext nneg`, fast-math on ops
/// that take none) only add poison, so dropping them is a refinement.
template <typename SourceOp, typename TargetOp>
static void copyFlags(SourceOp from, TargetOp to) {
  if constexpr (SourceOp::template hasTrait<
                    LLVM::IntegerOverflowFlagsInterface::Trait>() &&
                TargetOp::template hasTrait<
                    arith::ArithIntegerOverflowFlagsInterface::Trait>())
    to.setOverflowFlags(convertOverflow(from.getOverflowFlags()));
  if constexpr (SourceOp::template hasTrait<LLVM::ExactFlagInterface::Trait>())
    to.setIsExact(from.getIsExact());
  if constexpr (SourceOp::template hasTrait<
                    LLVM::FastmathFlagsInterface::Trait>() &&
                TargetOp::template hasTrait<
                    arith::ArithFastMathInterface::Trait>())
    to.setFastmathAttr(
        convertFastMath(from.getContext(), from.getFastmathFlags()));
}

/// Returns the arith.cmpi predicate of the same name.
static arith::CmpIPredicate convertPredicate(LLVM::ICmpPredicate predicate) {
  using LP = LLVM::ICmpPredicate;
  using AP = arith::CmpIPredicate;
  switch (predicate) {
  case LP::eq:
    return AP::eq;
  case LP::ne:
    return AP::ne;
  case LP::slt:
    return AP::slt;
  case LP::sle:
    return AP::sle;
  case LP::sgt:
    return AP::sgt;
  case LP::sge:
    return AP::sge;
  case LP::ult:
    return AP::ult;
  case LP::ule:
    return AP::ule;
  case LP::ugt:
    return AP::ugt;
  case LP::uge:
    return AP::uge;
  }
  llvm_unreachable("unknown llvm.icmp predicate");
}

/// Returns the arith.cmpf predicate of the same name (`_false` and `_true`
/// are spelled `false` and `true`).
static arith::CmpFPredicate convertPredicate(LLVM::FCmpPredicate predicate) {
  using LP = LLVM::FCmpPredicate;
  using AP = arith::CmpFPredicate;
  switch (predicate) {
  case LP::_false:
    return AP::AlwaysFalse;
  case LP::oeq:
    return AP::OEQ;
  case LP::ogt:
    return AP::OGT;
  case LP::oge:
    return AP::OGE;
  case LP::olt:
    return AP::OLT;
  case LP::ole:
    return AP::OLE;
  case LP::one:
    return AP::ONE;
  case LP::ord:
    return AP::ORD;
  case LP::ueq:
    return AP::UEQ;
  case LP::ugt:
    return AP::UGT;
  case LP::uge:
    return AP::UGE;
  case LP::ult:
    return AP::ULT;
  case LP::ule:
    return AP::ULE;
  case LP::une:
    return AP::UNE;
  case LP::uno:
    return AP::UNO;
  case LP::_true:
    return AP::AlwaysTrue;
  }
  llvm_unreachable("unknown llvm.fcmp predicate");
}

namespace {

/// How `llvm.intr.fmuladd` is raised (option `materialize-fmuladd`).
enum class FmuladdMode { Keep, MulAdd, Fma };

//===----------------------------------------------------------------------===//
// One-to-one patterns
//===----------------------------------------------------------------------===//

/// Every op whose raised form takes the same operands in the same order and
/// differs only in the spelling of its flags:
///
///   %r = llvm.add %a, %b overflow<nsw> : i32
///   %q = llvm.udiv exact %a, %b : i32
///   %f = llvm.fmul %x, %y {fastmathFlags = #llvm.fastmath<nnan>} : f32
///   %m = llvm.intr.smax(%a, %b) : (i32, i32) -> i32
///   %s = llvm.intr.sqrt(%x) : (f32) -> f32
///   %e = llvm.sext %a : i32 to i64
///   ->
///   %r = arith.addi %a, %b overflow<nsw> : i32
///   %q = arith.divui %a, %b exact : i32
///   %f = arith.mulf %x, %y fastmath<nnan> : f32
///   %m = arith.maxsi %a, %b : i32
///   %s = math.sqrt %x : f32
///   %e = arith.extsi %a : i32 to i64
///
/// Immediate poison flags of intrinsics (`is_zero_poison` of ctlz/cttz,
/// `is_int_min_poison` of abs) are dropped: the math op is defined there.
template <typename SourceOp, typename TargetOp>
struct OneToOnePattern : OpRewritePattern<SourceOp> {
  using OpRewritePattern<SourceOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(SourceOp op,
                                PatternRewriter &rewriter) const override {
    if (failed(checkScalar(op, rewriter)))
      return failure();
    auto newOp = TargetOp::create(rewriter, op.getLoc(),
                                  TypeRange{op->getResult(0).getType()},
                                  ValueRange(op->getOperands()));
    copyFlags(op, newOp);
    rewriter.replaceOp(op, newOp->getResults());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Comparisons and select
//===----------------------------------------------------------------------===//

///   %c = llvm.icmp "ult" %a, %b : i32
///   ->
///   %c = arith.cmpi ult, %a, %b : i32
///
/// `samesign` is dropped (it only adds poison). Pointer operands stay LLVM.
struct ICmpToArith : OpRewritePattern<LLVM::ICmpOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LLVM::ICmpOp op,
                                PatternRewriter &rewriter) const override {
    if (failed(checkScalar(op, rewriter)))
      return failure();
    rewriter.replaceOpWithNewOp<arith::CmpIOp>(
        op, convertPredicate(op.getPredicate()), op.getLhs(), op.getRhs());
    return success();
  }
};

///   %c = llvm.fcmp "ult" %x, %y {fastmathFlags = #llvm.fastmath<nnan>} : f32
///   ->
///   %c = arith.cmpf ult, %x, %y fastmath<nnan> : f32
struct FCmpToArith : OpRewritePattern<LLVM::FCmpOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LLVM::FCmpOp op,
                                PatternRewriter &rewriter) const override {
    if (failed(checkScalar(op, rewriter)))
      return failure();
    auto newOp = rewriter.replaceOpWithNewOp<arith::CmpFOp>(
        op, convertPredicate(op.getPredicate()), op.getLhs(), op.getRhs());
    newOp.setFastmathAttr(
        convertFastMath(op.getContext(), op.getFastmathFlags()));
    return success();
  }
};

///   %r = llvm.select %c, %a, %b : i1, i32
///   ->
///   %r = arith.select %c, %a, %b : i32
///
/// Fast-math flags of a float select are dropped (arith.select has none).
struct SelectToArith : OpRewritePattern<LLVM::SelectOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LLVM::SelectOp op,
                                PatternRewriter &rewriter) const override {
    if (failed(checkScalar(op, rewriter)))
      return failure();
    rewriter.replaceOpWithNewOp<arith::SelectOp>(
        op, op.getCondition(), op.getTrueValue(), op.getFalseValue());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

///   %c = llvm.mlir.constant(42 : i32) : i32
///   ->
///   %c = arith.constant 42 : i32
struct ConstantToArith : OpRewritePattern<LLVM::ConstantOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LLVM::ConstantOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!isScalarIntOrFloat(type))
      return rewriter.notifyMatchFailure(
          op, "not an integer or float scalar constant");
    auto value = dyn_cast<TypedAttr>(op.getValue());
    if (!value || !isa<IntegerAttr, FloatAttr>(value) ||
        value.getType() != type)
      return rewriter.notifyMatchFailure(
          op, "value is not an integer or float attribute of the result type");
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, value);
    return success();
  }
};

///   %z = llvm.mlir.zero : f32
///   ->
///   %z = arith.constant 0.0 : f32
struct ZeroToArith : OpRewritePattern<LLVM::ZeroOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LLVM::ZeroOp op,
                                PatternRewriter &rewriter) const override {
    if (failed(checkScalar(op, rewriter)))
      return failure();
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, rewriter.getZeroAttr(op.getType()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// fmuladd
//===----------------------------------------------------------------------===//

/// Only added when the option asks for it; by default fmuladd stays, because
/// choosing fused or unfused fixes a rounding the source left open.
///
///   %r = llvm.intr.fmuladd(%a, %b, %c) : (f32, f32, f32) -> f32
///   -> mul-add:
///   %m = arith.mulf %a, %b : f32
///   %r = arith.addf %m, %c : f32
///   -> fma:
///   %r = math.fma %a, %b, %c : f32
struct MaterializeFmuladd : OpRewritePattern<LLVM::FMulAddOp> {
  MaterializeFmuladd(MLIRContext *ctx, FmuladdMode mode)
      : OpRewritePattern(ctx), mode(mode) {}
  LogicalResult matchAndRewrite(LLVM::FMulAddOp op,
                                PatternRewriter &rewriter) const override {
    if (failed(checkScalar(op, rewriter)))
      return failure();
    auto fastmath = convertFastMath(op.getContext(), op.getFastmathFlags());
    if (mode == FmuladdMode::Fma) {
      rewriter.replaceOpWithNewOp<math::FmaOp>(op, op.getA(), op.getB(),
                                               op.getC(), fastmath);
      return success();
    }
    Value product = arith::MulFOp::create(rewriter, op.getLoc(), op.getA(),
                                          op.getB(), fastmath);
    rewriter.replaceOpWithNewOp<arith::AddFOp>(op, product, op.getC(),
                                               fastmath);
    return success();
  }

private:
  FmuladdMode mode;
};

//===----------------------------------------------------------------------===//
// Funnel shifts
//===----------------------------------------------------------------------===//

/// `fshl(a, b, c)` is the high half of `(a:b) << (c mod N)`, `fshr` the low
/// half of `(a:b) >> (c mod N)`. The textbook `(a << s) | (b >> (N - s))`
/// shifts by N when s == 0, which is poison in arith; splitting the second
/// shift into a shift by one and one by `N - 1 - s` keeps every amount below
/// N and yields 0 for s == 0, so the result is exact for every amount:
///
///   %r = llvm.intr.fshl(%a, %b, %c) : (i32, i32, i32) -> i32
///   ->
///   %s = arith.andi %c, 31          (arith.remui for a width not 2^k)
///   %t = arith.subi 31, %s
///   %r = arith.ori (arith.shli %a, %s),
///                  (arith.shrui (arith.shrui %b, 1), %t)
///
/// fshr mirrors it: `(b >> s) | ((a << 1) << t)`.
template <typename FunnelOp, bool isLeft>
struct FunnelShiftToArith : OpRewritePattern<FunnelOp> {
  using OpRewritePattern<FunnelOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(FunnelOp op,
                                PatternRewriter &rewriter) const override {
    if (failed(checkScalar(op, rewriter)))
      return failure();
    Location loc = op.getLoc();
    auto type = cast<IntegerType>(op.getResult().getType());
    unsigned width = type.getWidth();
    // Every amount is 0 modulo 1, and shifting an i1 by one is poison.
    if (width == 1) {
      rewriter.replaceOp(op, isLeft ? op.getA() : op.getB());
      return success();
    }
    auto constant = [&](uint64_t value) -> Value {
      return arith::ConstantOp::create(rewriter, loc,
                                       rewriter.getIntegerAttr(type, value));
    };
    Value maxShift = constant(width - 1);
    Value one = constant(1);
    Value amount = op.getC();
    Value shift =
        llvm::isPowerOf2_32(width)
            ? Value(arith::AndIOp::create(rewriter, loc, amount, maxShift))
            : Value(arith::RemUIOp::create(rewriter, loc, amount,
                                           constant(width)));
    Value rest = arith::SubIOp::create(rewriter, loc, maxShift, shift);
    Value shifted, spilled;
    if constexpr (isLeft) {
      shifted = arith::ShLIOp::create(rewriter, loc, op.getA(), shift);
      Value halved = arith::ShRUIOp::create(rewriter, loc, op.getB(), one);
      spilled = arith::ShRUIOp::create(rewriter, loc, halved, rest);
    } else {
      shifted = arith::ShRUIOp::create(rewriter, loc, op.getB(), shift);
      Value doubled = arith::ShLIOp::create(rewriter, loc, op.getA(), one);
      spilled = arith::ShLIOp::create(rewriter, loc, doubled, rest);
    }
    rewriter.replaceOpWithNewOp<arith::OrIOp>(op, shifted, spilled);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Float min/max
//===----------------------------------------------------------------------===//

/// Raised as buildNativeMinMaxNum builds them, so that the device picks the
/// zero x86-64 code picks when the operands are equal zeros:
///
///   %r = llvm.intr.maxnum(%x, %y) : (f32, f32) -> f32
///   %s = llvm.intr.maxnum(%x, %zero) : (f32, f32) -> f32   (%zero = 0.0)
///   ->
///   %r = arith.maxnumf %x, %y : f32
///   %c = arith.cmpf ogt, %x, %zero : f32
///   %s = arith.select %c, %x, %zero : f32
template <typename SourceOp, bool isMax>
struct MinMaxNumToArith : OpRewritePattern<SourceOp> {
  using OpRewritePattern<SourceOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(SourceOp op,
                                PatternRewriter &rewriter) const override {
    if (failed(checkScalar(op, rewriter)))
      return failure();
    rewriter.replaceOp(
        op, buildNativeMinMaxNum(
                rewriter, op.getLoc(), op.getA(), op.getB(), isMax,
                convertFastMath(op.getContext(), op.getFastmathFlags())));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Rounding to an integer
//===----------------------------------------------------------------------===//

/// `lround`, `llround` (halfway cases away from zero) and `lrint`, `llrint`
/// (to even: LLVM assumes the default rounding mode outside strictfp
/// functions) round in the float type, then convert:
///
///   %r = llvm.intr.lround(%x) : (f32) -> i64
///   ->
///   %t = math.round %x : f32
///   %r = arith.fptosi %t : f32 to i64
///
/// The rounded value is an integer, so the conversion is exact wherever it
/// fits; where it does not (and for NaN) LLVM says the result is undefined
/// and the emulator gives the x86-64 conversion's minimum value, which is
/// also what the host's `lroundf` and `cvtss2si` return.
template <typename SourceOp, typename RoundOp>
struct RoundToIntToArith : OpRewritePattern<SourceOp> {
  using OpRewritePattern<SourceOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(SourceOp op,
                                PatternRewriter &rewriter) const override {
    if (failed(checkScalar(op, rewriter)))
      return failure();
    Value rounded = RoundOp::create(rewriter, op.getLoc(), op.getVal());
    rewriter.replaceOpWithNewOp<arith::FPToSIOp>(op, op.getType(), rounded);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Saturating arithmetic
//===----------------------------------------------------------------------===//

/// Returns the `arith.constant` of the minimum (`isMax` false) or maximum
/// signed value of `type`.
static Value createSignedLimit(OpBuilder &builder, Location loc,
                               IntegerType type, bool isMax) {
  unsigned width = type.getWidth();
  APInt value =
      isMax ? APInt::getSignedMaxValue(width) : APInt::getSignedMinValue(width);
  return arith::ConstantOp::create(builder, loc,
                                   builder.getIntegerAttr(type, value));
}

/// Unsigned saturation clamps the second operand to what cannot wrap:
///
///   uadd.sat(a, b) = a + umin(b, ~a)      (~a = MAX - a)
///   usub.sat(a, b) = a - umin(a, b)
///
/// Signed saturation does the same with the bound that can be reached from
/// `a`'s side of zero, computed without overflow on that side (the other
/// side's bound may wrap; the select does not use it):
///
///   sadd.sat(a, b) = a + (a < 0 ? smax(b, MIN - a) : smin(b, MAX - a))
///   ssub.sat(a, b) = a - (a < 0 ? smin(b, a - MIN) : smax(b, a - MAX))
///
/// For a >= 0, `a + b` can only exceed MAX, which `b <= MAX - a` excludes,
/// and the clamped sum is MAX; the other cases mirror it.
template <typename SourceOp, bool isSigned, bool isAdd>
struct SaturatingToArith : OpRewritePattern<SourceOp> {
  using OpRewritePattern<SourceOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(SourceOp op,
                                PatternRewriter &rewriter) const override {
    if (failed(checkScalar(op, rewriter)))
      return failure();
    Location loc = op.getLoc();
    Value a = op.getA(), b = op.getB();
    auto type = cast<IntegerType>(a.getType());
    Value clamped;
    if constexpr (!isSigned) {
      Value bound =
          isAdd ? Value(arith::XOrIOp::create(
                      rewriter, loc, a,
                      arith::ConstantOp::create(
                          rewriter, loc,
                          rewriter.getIntegerAttr(
                              type, APInt::getAllOnes(type.getWidth())))))
                : a;
      clamped = arith::MinUIOp::create(rewriter, loc, b, bound);
    } else {
      Value zero = createConstant(rewriter, loc, type, 0);
      Value min = createSignedLimit(rewriter, loc, type, /*isMax=*/false);
      Value max = createSignedLimit(rewriter, loc, type, /*isMax=*/true);
      Value negative = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::slt, a, zero);
      // The bound for a < 0 and the one for a >= 0.
      Value ifNegative, ifNonNegative;
      if constexpr (isAdd) {
        ifNegative = arith::MaxSIOp::create(
            rewriter, loc, b, arith::SubIOp::create(rewriter, loc, min, a));
        ifNonNegative = arith::MinSIOp::create(
            rewriter, loc, b, arith::SubIOp::create(rewriter, loc, max, a));
      } else {
        ifNegative = arith::MinSIOp::create(
            rewriter, loc, b, arith::SubIOp::create(rewriter, loc, a, min));
        ifNonNegative = arith::MaxSIOp::create(
            rewriter, loc, b, arith::SubIOp::create(rewriter, loc, a, max));
      }
      clamped = arith::SelectOp::create(rewriter, loc, negative, ifNegative,
                                        ifNonNegative);
    }
    if constexpr (isAdd)
      rewriter.replaceOpWithNewOp<arith::AddIOp>(op, a, clamped);
    else
      rewriter.replaceOpWithNewOp<arith::SubIOp>(op, a, clamped);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Arithmetic with overflow
//===----------------------------------------------------------------------===//

/// What an `llvm.intr.*.with.overflow` computes.
enum class OverflowKind { SAdd, UAdd, SSub, USub, SMul, UMul };

/// Builds the `{result, overflow}` pair of `kind` on `a` and `b`:
///
///   uadd: s = a + b, o = s <u a          usub: s = a - b, o = a <u b
///   sadd: s = a + b, o = (s <s a) ^ (b <s 0)
///   ssub: s = a - b, o = (s <s a) ^ (b >s 0)
///   umul: p = zext(a) * zext(b) in 2N bits, s = trunc p, o = p >u 2^N - 1
///   smul: p = sext(a) * sext(b) in 2N bits, s = trunc p, o = sext(s) != p
///
/// Without overflow `s < a` exactly when the addend is negative (the
/// subtrahend positive); a wrapped sum lands on the other side of `a`. The
/// 2N-bit product of two N-bit values never wraps.
static std::pair<Value, Value> buildWithOverflow(OpBuilder &builder,
                                                 Location loc,
                                                 OverflowKind kind, Value a,
                                                 Value b) {
  using P = arith::CmpIPredicate;
  auto cmp = [&](P predicate, Value lhs, Value rhs) -> Value {
    return arith::CmpIOp::create(builder, loc, predicate, lhs, rhs);
  };
  auto type = cast<IntegerType>(a.getType());
  switch (kind) {
  case OverflowKind::UAdd: {
    Value sum = arith::AddIOp::create(builder, loc, a, b);
    return {sum, cmp(P::ult, sum, a)};
  }
  case OverflowKind::USub:
    return {arith::SubIOp::create(builder, loc, a, b), cmp(P::ult, a, b)};
  case OverflowKind::SAdd:
  case OverflowKind::SSub: {
    bool isAdd = kind == OverflowKind::SAdd;
    Value result = isAdd ? Value(arith::AddIOp::create(builder, loc, a, b))
                         : Value(arith::SubIOp::create(builder, loc, a, b));
    Value below = cmp(P::slt, result, a);
    Value zero = createConstant(builder, loc, type, 0);
    Value expected = cmp(isAdd ? P::slt : P::sgt, b, zero);
    return {result, arith::XOrIOp::create(builder, loc, below, expected)};
  }
  case OverflowKind::UMul:
  case OverflowKind::SMul: {
    bool isSigned = kind == OverflowKind::SMul;
    auto wide = builder.getIntegerType(2 * type.getWidth());
    auto extend = [&](Value v) -> Value {
      if (isSigned)
        return arith::ExtSIOp::create(builder, loc, wide, v);
      return arith::ExtUIOp::create(builder, loc, wide, v);
    };
    Value product = arith::MulIOp::create(builder, loc, extend(a), extend(b));
    Value result = arith::TruncIOp::create(builder, loc, type, product);
    if (isSigned)
      return {result, cmp(P::ne, extend(result), product)};
    Value max = arith::ConstantOp::create(
        builder, loc,
        builder.getIntegerAttr(
            wide, APInt::getLowBitsSet(2 * type.getWidth(), type.getWidth())));
    return {result, cmp(P::ugt, product, max)};
  }
  }
  llvm_unreachable("unknown overflow kind");
}

/// Returns the kind of the overflow intrinsic `op`, or std::nullopt.
static std::optional<OverflowKind> getOverflowKind(Operation *op) {
  if (isa<LLVM::SAddWithOverflowOp>(op))
    return OverflowKind::SAdd;
  if (isa<LLVM::UAddWithOverflowOp>(op))
    return OverflowKind::UAdd;
  if (isa<LLVM::SSubWithOverflowOp>(op))
    return OverflowKind::SSub;
  if (isa<LLVM::USubWithOverflowOp>(op))
    return OverflowKind::USub;
  if (isa<LLVM::SMulWithOverflowOp>(op))
    return OverflowKind::SMul;
  if (isa<LLVM::UMulWithOverflowOp>(op))
    return OverflowKind::UMul;
  return std::nullopt;
}

/// The `{iN, i1}` struct of an overflow intrinsic is only ever taken apart,
/// so each `llvm.extractvalue` of it becomes the field it reads
/// (buildWithOverflow). The pattern matches the extraction, so that it
/// replaces only the op it matched; the intrinsic is left dead for the
/// canonicalizer, and the arithmetic the two fields share for CSE.
///
///   %p = "llvm.intr.sadd.with.overflow"(%a, %b)
///            : (i32, i32) -> !llvm.struct<(i32, i1)>
///   %o = llvm.extractvalue %p[1] : !llvm.struct<(i32, i1)>
///   ->
///   %s = arith.addi %a, %b : i32
///   %o = arith.xori (arith.cmpi slt, %s, %a), (arith.cmpi slt, %b, %c0)
struct WithOverflowFieldToArith : OpRewritePattern<LLVM::ExtractValueOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LLVM::ExtractValueOp op,
                                PatternRewriter &rewriter) const override {
    Operation *producer = op.getContainer().getDefiningOp();
    std::optional<OverflowKind> kind =
        producer ? getOverflowKind(producer) : std::nullopt;
    if (!kind)
      return rewriter.notifyMatchFailure(
          op, "does not read the result of an overflow intrinsic");
    if (op.getPosition().size() != 1)
      return rewriter.notifyMatchFailure(op, "reads a nested position");
    Value a = producer->getOperand(0), b = producer->getOperand(1);
    if (!isa<IntegerType>(a.getType()))
      return rewriter.notifyMatchFailure(
          op, "the overflow intrinsic is a vector form, which stays LLVM");
    auto [result, overflow] =
        buildWithOverflow(rewriter, op.getLoc(), *kind, a, b);
    rewriter.replaceOp(op, op.getPosition()[0] == 0 ? result : overflow);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

struct RaiseLLVMToArithPass
    : loom::raising::impl::RaiseLLVMToArithPassBase<RaiseLLVMToArithPass> {
  using RaiseLLVMToArithPassBase::RaiseLLVMToArithPassBase;
  void runOnOperation() override;
};

} // namespace

/// Adds the integer and float arithmetic patterns.
static void populateArithmeticPatterns(RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<OneToOnePattern<LLVM::AddOp, arith::AddIOp>,
               OneToOnePattern<LLVM::SubOp, arith::SubIOp>,
               OneToOnePattern<LLVM::MulOp, arith::MulIOp>,
               OneToOnePattern<LLVM::SDivOp, arith::DivSIOp>,
               OneToOnePattern<LLVM::UDivOp, arith::DivUIOp>,
               OneToOnePattern<LLVM::SRemOp, arith::RemSIOp>,
               OneToOnePattern<LLVM::URemOp, arith::RemUIOp>,
               OneToOnePattern<LLVM::AndOp, arith::AndIOp>,
               OneToOnePattern<LLVM::OrOp, arith::OrIOp>,
               OneToOnePattern<LLVM::XOrOp, arith::XOrIOp>,
               OneToOnePattern<LLVM::ShlOp, arith::ShLIOp>,
               OneToOnePattern<LLVM::LShrOp, arith::ShRUIOp>,
               OneToOnePattern<LLVM::AShrOp, arith::ShRSIOp>,
               OneToOnePattern<LLVM::FAddOp, arith::AddFOp>,
               OneToOnePattern<LLVM::FSubOp, arith::SubFOp>,
               OneToOnePattern<LLVM::FMulOp, arith::MulFOp>,
               OneToOnePattern<LLVM::FDivOp, arith::DivFOp>,
               OneToOnePattern<LLVM::FRemOp, arith::RemFOp>,
               OneToOnePattern<LLVM::FNegOp, arith::NegFOp>>(ctx);
  patterns.add<ICmpToArith, FCmpToArith, SelectToArith, ConstantToArith,
               ZeroToArith>(ctx);
}

/// Adds the cast patterns; `bitcast` only matches integer <-> float of one
/// width, because pointers and vectors fail the scalar check.
static void populateCastPatterns(RewritePatternSet &patterns) {
  patterns.add<OneToOnePattern<LLVM::SExtOp, arith::ExtSIOp>,
               OneToOnePattern<LLVM::ZExtOp, arith::ExtUIOp>,
               OneToOnePattern<LLVM::TruncOp, arith::TruncIOp>,
               OneToOnePattern<LLVM::SIToFPOp, arith::SIToFPOp>,
               OneToOnePattern<LLVM::UIToFPOp, arith::UIToFPOp>,
               OneToOnePattern<LLVM::FPToSIOp, arith::FPToSIOp>,
               OneToOnePattern<LLVM::FPToUIOp, arith::FPToUIOp>,
               OneToOnePattern<LLVM::FPExtOp, arith::ExtFOp>,
               OneToOnePattern<LLVM::FPTruncOp, arith::TruncFOp>,
               OneToOnePattern<LLVM::BitcastOp, arith::BitcastOp>>(
      patterns.getContext());
}

/// Adds the intrinsic patterns: each math op chosen here is the one
/// `--convert-math-to-llvm` lowers back to the same intrinsic.
static void populateIntrinsicPatterns(RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<OneToOnePattern<LLVM::SMaxOp, arith::MaxSIOp>,
               OneToOnePattern<LLVM::SMinOp, arith::MinSIOp>,
               OneToOnePattern<LLVM::UMaxOp, arith::MaxUIOp>,
               OneToOnePattern<LLVM::UMinOp, arith::MinUIOp>,
               MinMaxNumToArith<LLVM::MaxNumOp, /*isMax=*/true>,
               MinMaxNumToArith<LLVM::MinNumOp, /*isMax=*/false>,
               OneToOnePattern<LLVM::MaximumOp, arith::MaximumFOp>,
               OneToOnePattern<LLVM::MinimumOp, arith::MinimumFOp>,
               OneToOnePattern<LLVM::FAbsOp, math::AbsFOp>,
               OneToOnePattern<LLVM::CopySignOp, math::CopySignOp>,
               OneToOnePattern<LLVM::FMAOp, math::FmaOp>,
               OneToOnePattern<LLVM::PowOp, math::PowFOp>>(ctx);
  patterns.add<OneToOnePattern<LLVM::SqrtOp, math::SqrtOp>,
               OneToOnePattern<LLVM::ExpOp, math::ExpOp>,
               OneToOnePattern<LLVM::Exp2Op, math::Exp2Op>,
               OneToOnePattern<LLVM::LogOp, math::LogOp>,
               OneToOnePattern<LLVM::Log2Op, math::Log2Op>,
               OneToOnePattern<LLVM::Log10Op, math::Log10Op>,
               OneToOnePattern<LLVM::SinOp, math::SinOp>,
               OneToOnePattern<LLVM::CosOp, math::CosOp>,
               OneToOnePattern<LLVM::FFloorOp, math::FloorOp>,
               OneToOnePattern<LLVM::FCeilOp, math::CeilOp>,
               OneToOnePattern<LLVM::FTruncOp, math::TruncOp>,
               OneToOnePattern<LLVM::RoundOp, math::RoundOp>,
               OneToOnePattern<LLVM::RoundEvenOp, math::RoundEvenOp>>(ctx);
  patterns.add<OneToOnePattern<LLVM::TanOp, math::TanOp>,
               OneToOnePattern<LLVM::ASinOp, math::AsinOp>,
               OneToOnePattern<LLVM::ACosOp, math::AcosOp>,
               OneToOnePattern<LLVM::ATanOp, math::AtanOp>,
               OneToOnePattern<LLVM::ATan2Op, math::Atan2Op>,
               OneToOnePattern<LLVM::SinhOp, math::SinhOp>,
               OneToOnePattern<LLVM::CoshOp, math::CoshOp>,
               OneToOnePattern<LLVM::TanhOp, math::TanhOp>>(ctx);
  // LLVM assumes the default floating-point environment outside strictfp
  // functions, so rint and nearbyint round halfway cases to even: exactly
  // math.roundeven.
  patterns.add<OneToOnePattern<LLVM::RintOp, math::RoundEvenOp>,
               OneToOnePattern<LLVM::NearbyintOp, math::RoundEvenOp>>(ctx);
  patterns.add<
      OneToOnePattern<LLVM::AbsOp, math::AbsIOp>,
      OneToOnePattern<LLVM::CountLeadingZerosOp, math::CountLeadingZerosOp>,
      OneToOnePattern<LLVM::CountTrailingZerosOp, math::CountTrailingZerosOp>,
      OneToOnePattern<LLVM::CtPopOp, math::CtPopOp>>(ctx);
  patterns.add<FunnelShiftToArith<LLVM::FshlOp, /*isLeft=*/true>,
               FunnelShiftToArith<LLVM::FshrOp, /*isLeft=*/false>>(ctx);
  patterns.add<RoundToIntToArith<LLVM::LroundOp, math::RoundOp>,
               RoundToIntToArith<LLVM::LlroundOp, math::RoundOp>,
               RoundToIntToArith<LLVM::LrintOp, math::RoundEvenOp>,
               RoundToIntToArith<LLVM::LlrintOp, math::RoundEvenOp>>(ctx);
  patterns.add<SaturatingToArith<LLVM::UAddSat, /*isSigned=*/false,
                                 /*isAdd=*/true>,
               SaturatingToArith<LLVM::USubSat, /*isSigned=*/false,
                                 /*isAdd=*/false>,
               SaturatingToArith<LLVM::SAddSat, /*isSigned=*/true,
                                 /*isAdd=*/true>,
               SaturatingToArith<LLVM::SSubSat, /*isSigned=*/true,
                                 /*isAdd=*/false>,
               WithOverflowFieldToArith>(ctx);
}

/// Returns the fmuladd mode `name` spells, or std::nullopt.
static std::optional<FmuladdMode> parseFmuladdMode(StringRef name) {
  return llvm::StringSwitch<std::optional<FmuladdMode>>(name)
      .Case("keep", FmuladdMode::Keep)
      .Case("mul-add", FmuladdMode::MulAdd)
      .Case("fma", FmuladdMode::Fma)
      .Default(std::nullopt);
}

void RaiseLLVMToArithPass::runOnOperation() {
  std::optional<FmuladdMode> mode = parseFmuladdMode(materializeFmuladd);
  if (!mode) {
    getOperation().emitError()
        << "option 'materialize-fmuladd' must be 'keep', 'mul-add' or "
           "'fma', got '"
        << materializeFmuladd << "'";
    return signalPassFailure();
  }
  RewritePatternSet patterns(&getContext());
  populateArithmeticPatterns(patterns);
  populateCastPatterns(patterns);
  populateIntrinsicPatterns(patterns);
  if (*mode != FmuladdMode::Keep)
    patterns.add<MaterializeFmuladd>(&getContext(), *mode);
  FrozenRewritePatternSet frozen(std::move(patterns));

  // Only function bodies: constants in global initializers must stay LLVM.
  SmallVector<FunctionOpInterface> funcs;
  getOperation().walk<WalkOrder::PreOrder>([&](FunctionOpInterface func) {
    funcs.push_back(func);
    return WalkResult::skip();
  });
  for (FunctionOpInterface func : funcs)
    applyPatternsOnce(func, frozen);
}
