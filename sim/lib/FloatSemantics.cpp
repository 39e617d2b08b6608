//===- FloatSemantics.cpp - floating-point compute actors -----------------===//
//
// Part of the Loom project.
//
// Bit-exact evaluators of the float arith and math ops. f32 and f64 use the
// host's IEEE arithmetic and libm, which is what a kernel compiled for the
// host computes (NaN signs and payloads included, where APFloat differs:
// 0/0 is -nan on x86). f16 and bf16 use APFloat for correctly rounded
// arithmetic and, like LLVM's lowering, evaluate libm functions in f32 and
// round the result once.
//
//===----------------------------------------------------------------------===//

#include "ComputeImpl.h"

#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/bit.h"

#include <cmath>

using namespace mlir;
using namespace loom::sim;
using namespace loom::sim::detail;
using llvm::APFloat;
using llvm::APInt;
using llvm::Error;

using Ins = ArrayRef<TokenValue>;
using Outs = MutableArrayRef<TokenValue>;

//===----------------------------------------------------------------------===//
// Host and APFloat conversions
//===----------------------------------------------------------------------===//

static bool isF32(const TokenValue &v) {
  return &v.getSemantics() == &APFloat::IEEEsingle();
}
static bool isF64(const TokenValue &v) {
  return &v.getSemantics() == &APFloat::IEEEdouble();
}
static float toF32(const TokenValue &v) {
  return llvm::bit_cast<float>(
      static_cast<uint32_t>(v.getBits().getZExtValue()));
}
static double toF64(const TokenValue &v) {
  return llvm::bit_cast<double>(v.getBits().getZExtValue());
}
static TokenValue fromF32(float f) {
  return TokenValue::getFloatBits(APFloat::IEEEsingle(),
                                  APInt(32, llvm::bit_cast<uint32_t>(f)));
}
static TokenValue fromF64(double d) {
  return TokenValue::getFloatBits(APFloat::IEEEdouble(),
                                  APInt(64, llvm::bit_cast<uint64_t>(d)));
}

/// Converts `value` to `semantics`, rounding to nearest even.
static APFloat
convertTo(APFloat value, const llvm::fltSemantics &semantics,
          APFloat::roundingMode mode = APFloat::rmNearestTiesToEven) {
  bool losesInfo = false;
  (void)value.convert(semantics, mode, &losesInfo);
  return value;
}

/// Widens an f16/bf16 token to host float (exact).
static float widenToF32(const TokenValue &v) {
  return convertTo(v.getFloat(), APFloat::IEEEsingle()).convertToFloat();
}

/// Rounds a host float back to the format of `like`.
static TokenValue narrowFromF32(float f, const llvm::fltSemantics &semantics) {
  return TokenValue::getFloat(convertTo(APFloat(f), semantics));
}

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

/// A correctly rounded binary op: host arithmetic for f32/f64, APFloat
/// (`apOp` on the left operand) otherwise.
template <typename HostOp, typename APOp>
static Error evalBinaryFloat(Ins in, Outs out, HostOp hostOp, APOp apOp) {
  if (isF32(in[0]))
    out[0] = fromF32(hostOp(toF32(in[0]), toF32(in[1])));
  else if (isF64(in[0]))
    out[0] = fromF64(hostOp(toF64(in[0]), toF64(in[1])));
  else {
    APFloat a = in[0].getFloat();
    apOp(a, in[1].getFloat());
    out[0] = TokenValue::getFloat(a);
  }
  return Error::success();
}

/// A libm function: the host's f32 or f64 entry point; f16/bf16 evaluate in
/// f32 and round once.
template <typename F32Fn, typename F64Fn>
static Error evalLibm(Ins in, Outs out, F32Fn f32Fn, F64Fn f64Fn) {
  if (isF32(in[0]))
    out[0] = fromF32(f32Fn(toF32(in[0])));
  else if (isF64(in[0]))
    out[0] = fromF64(f64Fn(toF64(in[0])));
  else
    out[0] = narrowFromF32(f32Fn(widenToF32(in[0])), in[0].getSemantics());
  return Error::success();
}

template <typename F32Fn, typename F64Fn>
static Error evalLibm2(Ins in, Outs out, F32Fn f32Fn, F64Fn f64Fn) {
  if (isF32(in[0]))
    out[0] = fromF32(f32Fn(toF32(in[0]), toF32(in[1])));
  else if (isF64(in[0]))
    out[0] = fromF64(f64Fn(toF64(in[0]), toF64(in[1])));
  else
    out[0] = narrowFromF32(f32Fn(widenToF32(in[0]), widenToF32(in[1])),
                           in[0].getSemantics());
  return Error::success();
}

/// Sign-bit operations are bitwise (never canonicalize a NaN).
static TokenValue withSign(const TokenValue &v, int sign) {
  APInt bits = v.getBits();
  unsigned top = bits.getBitWidth() - 1;
  if (sign < 0)
    bits.flipBit(top);
  else
    bits.setBitVal(top, sign == 1);
  return TokenValue::getFloatBits(v.getSemantics(), bits);
}

static Error evalFma(const ComputeOp &, Ins in, Outs out) {
  if (isF32(in[0]))
    out[0] = fromF32(std::fma(toF32(in[0]), toF32(in[1]), toF32(in[2])));
  else if (isF64(in[0]))
    out[0] = fromF64(std::fma(toF64(in[0]), toF64(in[1]), toF64(in[2])));
  else
    out[0] = narrowFromF32(
        std::fma(widenToF32(in[0]), widenToF32(in[1]), widenToF32(in[2])),
        in[0].getSemantics());
  return Error::success();
}

/// rsqrt is lowered as 1 / sqrt(x) in the operand's own precision.
static Error evalRsqrt(const ComputeOp &op, Ins in, Outs out) {
  TokenValue root;
  if (Error error = evalLibm(
          in, MutableArrayRef<TokenValue>(root),
          [](float x) { return std::sqrt(x); },
          [](double x) { return std::sqrt(x); }))
    return error;
  TokenValue one = TokenValue::getFloat(APFloat::getOne(root.getSemantics()));
  TokenValue operands[] = {one, root};
  return evalBinaryFloat(
      operands, out, [](auto a, auto b) { return a / b; },
      [](APFloat &a, const APFloat &b) {
        a.divide(b, APFloat::rmNearestTiesToEven);
      });
}

//===----------------------------------------------------------------------===//
// Comparison and conversion
//===----------------------------------------------------------------------===//

static bool evaluateCmpF(arith::CmpFPredicate predicate, APFloat::cmpResult r) {
  bool uno = r == APFloat::cmpUnordered;
  bool eq = r == APFloat::cmpEqual, lt = r == APFloat::cmpLessThan,
       gt = r == APFloat::cmpGreaterThan;
  switch (predicate) {
  case arith::CmpFPredicate::AlwaysFalse:
    return false;
  case arith::CmpFPredicate::OEQ:
    return eq;
  case arith::CmpFPredicate::OGT:
    return gt;
  case arith::CmpFPredicate::OGE:
    return gt || eq;
  case arith::CmpFPredicate::OLT:
    return lt;
  case arith::CmpFPredicate::OLE:
    return lt || eq;
  case arith::CmpFPredicate::ONE:
    return lt || gt;
  case arith::CmpFPredicate::ORD:
    return !uno;
  case arith::CmpFPredicate::UEQ:
    return uno || eq;
  case arith::CmpFPredicate::UGT:
    return uno || gt;
  case arith::CmpFPredicate::UGE:
    return uno || gt || eq;
  case arith::CmpFPredicate::ULT:
    return uno || lt;
  case arith::CmpFPredicate::ULE:
    return uno || lt || eq;
  case arith::CmpFPredicate::UNE:
    return uno || lt || gt;
  case arith::CmpFPredicate::UNO:
    return uno;
  case arith::CmpFPredicate::AlwaysTrue:
    return true;
  }
  llvm_unreachable("unknown cmpf predicate");
}

static Error evalCmpF(const ComputeOp &op, Ins in, Outs out) {
  APFloat::cmpResult r = in[0].getFloat().compare(in[1].getFloat());
  out[0] = TokenValue::getBool(
      evaluateCmpF(static_cast<arith::CmpFPredicate>(op.predicate), r));
  return Error::success();
}

template <bool isSigned>
static Error evalIntToFloat(const ComputeOp &op, Ins in, Outs out) {
  APFloat value(*op.resultSemantics);
  (void)value.convertFromAPInt(in[0].getInteger(), isSigned,
                               APFloat::rmNearestTiesToEven);
  out[0] = TokenValue::getFloat(value);
  return Error::success();
}

/// Truncates `value` toward zero to a signed integer of `width` bits (32 or
/// 64) as cvttss2si / cvttsd2si do: a NaN or a value out of range gives the
/// minimum value (x86's "integer indefinite").
static APInt convertX86Signed(const APFloat &value, unsigned width) {
  llvm::APSInt result(width, /*isUnsigned=*/false);
  bool isExact = false;
  if (value.convertToInteger(result, APFloat::rmTowardZero, &isExact) &
      APFloat::opInvalidOp)
    return APInt::getSignedMinValue(width);
  return result;
}

/// fptosi / fptoui: truncate toward zero. Where the truncated value does not
/// fit (or the operand is NaN) arith and LLVM give poison, and native code
/// gives what its conversion instruction does; the emulator gives what
/// x86-64 scalar code gives, so that such a kernel behaves as natively
/// (docs/emulator.md, "Values"). LLVM's x86 lowering converts a signed result
/// of at most 32 bits through a signed i32 conversion and a wider one through
/// i64, an unsigned result below 32 bits through a signed i32 conversion and
/// one below 64 bits through a signed i64 conversion, and an unsigned i64 as
/// the signed conversion below 2^63 and exactly in [2^63, 2^64). Results
/// wider than 64 bits (a library call natively) stay poison out of range.
template <bool isSigned>
static Error evalFloatToInt(const ComputeOp &op, Ins in, Outs out) {
  const APFloat &value = in[0].getFloat();
  unsigned width = op.resultWidth;
  llvm::APSInt exact(width, /*isUnsigned=*/!isSigned);
  bool isExact = false;
  bool fits = !(value.convertToInteger(exact, APFloat::rmTowardZero, &isExact) &
                APFloat::opInvalidOp);
  if (fits || width > 64) {
    out[0] = TokenValue::getInteger(exact);
    if (!fits)
      out[0] = TokenValue::getPoisonLike(out[0]);
    return Error::success();
  }
  unsigned viaWidth = (isSigned ? width <= 32 : width < 32) ? 32 : 64;
  out[0] =
      TokenValue::getInteger(convertX86Signed(value, viaWidth).trunc(width));
  return Error::success();
}

static APFloat::roundingMode toAPFloatRounding(llvm::RoundingMode mode) {
  return static_cast<APFloat::roundingMode>(mode);
}

/// extf / truncf: the host's f32<->f64 conversions, APFloat otherwise.
static Error evalFloatCast(const ComputeOp &op, Ins in, Outs out) {
  const llvm::fltSemantics &to = *op.resultSemantics;
  bool nearest = op.rounding == llvm::RoundingMode::NearestTiesToEven;
  if (isF32(in[0]) && &to == &APFloat::IEEEdouble())
    out[0] = fromF64(static_cast<double>(toF32(in[0])));
  else if (isF64(in[0]) && &to == &APFloat::IEEEsingle() && nearest)
    out[0] = fromF32(static_cast<float>(toF64(in[0])));
  else
    out[0] = TokenValue::getFloat(
        convertTo(in[0].getFloat(), to, toAPFloatRounding(op.rounding)));
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Tables
//===----------------------------------------------------------------------===//

/// maxnumf / minnumf. Both leave open which zero equal zeros give, and
/// LLVM which NaN two NaNs give; this is what x86-64 code computes for
/// `llvm.maxnum(a, b)` / `minnum`: `isnan(a) ? b : maxss(b, a)`, where maxss
/// and minss return their second operand on a tie or a NaN. So a NaN operand
/// gives the other operand unchanged (even a signaling NaN, and `b` when both
/// are NaN) and equal operands give `a`. Where x86 picks the other operand
/// (one known not to be a NaN), the raising emits a compare and select
/// instead (RaisingUtils.h, buildNativeMinMaxNum).
static APFloat getMinMaxNum(const APFloat &a, const APFloat &b, bool isMax) {
  if (a.isNaN())
    return b;
  if (b.isNaN())
    return a;
  APFloat::cmpResult order = b.compare(a);
  bool takeB =
      isMax ? order == APFloat::cmpGreaterThan : order == APFloat::cmpLessThan;
  return takeB ? b : a;
}

template <typename Fn> static Error evalAPFloat2(Ins in, Outs out, Fn fn) {
  out[0] = TokenValue::getFloat(fn(in[0].getFloat(), in[1].getFloat()));
  return Error::success();
}

static ComputeFn getArithFloatEvaluator(uint32_t schemaId) {
  switch (schemaId) {
  case 140:
    return [](const ComputeOp &, Ins in, Outs out) {
      return evalBinaryFloat(
          in, out, [](auto a, auto b) { return a + b; },
          [](APFloat &a, const APFloat &b) {
            a.add(b, APFloat::rmNearestTiesToEven);
          });
    };
  case 141:
    return [](const ComputeOp &, Ins in, Outs out) {
      return evalBinaryFloat(
          in, out, [](auto a, auto b) { return a - b; },
          [](APFloat &a, const APFloat &b) {
            a.subtract(b, APFloat::rmNearestTiesToEven);
          });
    };
  case 142:
    return [](const ComputeOp &, Ins in, Outs out) {
      return evalBinaryFloat(
          in, out, [](auto a, auto b) { return a * b; },
          [](APFloat &a, const APFloat &b) {
            a.multiply(b, APFloat::rmNearestTiesToEven);
          });
    };
  case 143:
    return [](const ComputeOp &, Ins in, Outs out) {
      return evalBinaryFloat(
          in, out, [](auto a, auto b) { return a / b; },
          [](APFloat &a, const APFloat &b) {
            a.divide(b, APFloat::rmNearestTiesToEven);
          });
    };
  case 144:
    return [](const ComputeOp &, Ins in, Outs out) {
      return evalBinaryFloat(
          in, out, [](auto a, auto b) { return std::fmod(a, b); },
          [](APFloat &a, const APFloat &b) { a.mod(b); });
    };
  case 145:
    return [](const ComputeOp &, Ins in, Outs out) -> Error {
      out[0] = withSign(in[0], -1);
      return Error::success();
    };
  default:
    return nullptr;
  }
}

static ComputeFn getFloatCompareAndCastEvaluator(uint32_t schemaId) {
  switch (schemaId) {
  case 146:
    return evalCmpF;
  case 147:
    return [](const ComputeOp &, Ins in, Outs out) {
      return evalAPFloat2(in, out, [](const APFloat &a, const APFloat &b) {
        return llvm::maximum(a, b);
      });
    };
  case 148:
    return [](const ComputeOp &, Ins in, Outs out) {
      return evalAPFloat2(in, out, [](const APFloat &a, const APFloat &b) {
        return llvm::minimum(a, b);
      });
    };
  case 149:
    return [](const ComputeOp &, Ins in, Outs out) {
      return evalAPFloat2(in, out, [](const APFloat &a, const APFloat &b) {
        return getMinMaxNum(a, b, /*isMax=*/true);
      });
    };
  case 150:
    return [](const ComputeOp &, Ins in, Outs out) {
      return evalAPFloat2(in, out, [](const APFloat &a, const APFloat &b) {
        return getMinMaxNum(a, b, /*isMax=*/false);
      });
    };
  case 151:
    return evalIntToFloat<true>;
  case 152:
    return evalIntToFloat<false>;
  case 153:
    return evalFloatToInt<true>;
  case 154:
    return evalFloatToInt<false>;
  case 155:
  case 156:
    return evalFloatCast;
  default:
    return nullptr;
  }
}

#define LOOM_LIBM(f32fn, f64fn)                                                \
  [](const ComputeOp &, Ins in, Outs out) {                                    \
    return evalLibm(                                                           \
        in, out, [](float x) { return f32fn(x); },                             \
        [](double x) { return f64fn(x); });                                    \
  }

/// The libm functions the raising emits beyond the first math block (ids
/// 219-237); each is the host libm entry point of the operand's precision,
/// which is what the original `roundf`/`log1pf`/... call computes.
static ComputeFn getMoreFloatMathEvaluator(uint32_t schemaId) {
  switch (schemaId) {
  case 219:
    return LOOM_LIBM(::truncf, ::trunc);
  case 220:
    return LOOM_LIBM(::roundf, ::round);
  case 221:
    return LOOM_LIBM(::roundevenf, ::roundeven);
  case 222:
    return LOOM_LIBM(::log10f, ::log10);
  case 223:
    return LOOM_LIBM(::log1pf, ::log1p);
  case 224:
    return LOOM_LIBM(::expm1f, ::expm1);
  case 225:
    return LOOM_LIBM(::tanf, ::tan);
  case 226:
    return LOOM_LIBM(::asinf, ::asin);
  case 227:
    return LOOM_LIBM(::acosf, ::acos);
  case 228:
    return LOOM_LIBM(::atanf, ::atan);
  case 229:
    return [](const ComputeOp &, Ins in, Outs out) {
      return evalLibm2(
          in, out, [](float y, float x) { return ::atan2f(y, x); },
          [](double y, double x) { return ::atan2(y, x); });
    };
  case 230:
    return LOOM_LIBM(::sinhf, ::sinh);
  case 231:
    return LOOM_LIBM(::coshf, ::cosh);
  case 232:
    return LOOM_LIBM(::asinhf, ::asinh);
  case 233:
    return LOOM_LIBM(::acoshf, ::acosh);
  case 234:
    return LOOM_LIBM(::atanhf, ::atanh);
  case 235:
    return LOOM_LIBM(::erff, ::erf);
  case 236:
    return LOOM_LIBM(::erfcf, ::erfc);
  case 237:
    return LOOM_LIBM(::cbrtf, ::cbrt);
  default:
    return nullptr;
  }
}

static ComputeFn getFloatMathEvaluator(uint32_t schemaId) {
  switch (schemaId) {
  case 200:
    return [](const ComputeOp &, Ins in, Outs out) -> Error {
      out[0] = withSign(in[0], 0);
      return Error::success();
    };
  case 202:
    return LOOM_LIBM(std::sqrt, std::sqrt);
  case 203:
    return evalRsqrt;
  case 204:
    return LOOM_LIBM(::expf, ::exp);
  case 205:
    return LOOM_LIBM(::exp2f, ::exp2);
  case 206:
    return LOOM_LIBM(::logf, ::log);
  case 207:
    return LOOM_LIBM(::log2f, ::log2);
  case 208:
    return LOOM_LIBM(::sinf, ::sin);
  case 209:
    return LOOM_LIBM(::cosf, ::cos);
  case 210:
    return LOOM_LIBM(::tanhf, ::tanh);
  case 211:
    return [](const ComputeOp &, Ins in, Outs out) {
      return evalLibm2(
          in, out, [](float x, float y) { return ::powf(x, y); },
          [](double x, double y) { return ::pow(x, y); });
    };
  case 212:
    return evalFma;
  case 213:
    return LOOM_LIBM(::floorf, ::floor);
  case 214:
    return LOOM_LIBM(::ceilf, ::ceil);
  case 215:
    return [](const ComputeOp &, Ins in, Outs out) -> Error {
      out[0] = withSign(in[0], in[1].getBits().isSignBitSet() ? 1 : 0);
      return Error::success();
    };
  default:
    return getMoreFloatMathEvaluator(schemaId);
  }
}

#undef LOOM_LIBM

ComputeFn loom::sim::detail::getFloatEvaluator(uint32_t schemaId) {
  if (ComputeFn fn = getArithFloatEvaluator(schemaId))
    return fn;
  if (ComputeFn fn = getFloatCompareAndCastEvaluator(schemaId))
    return fn;
  return getFloatMathEvaluator(schemaId);
}
