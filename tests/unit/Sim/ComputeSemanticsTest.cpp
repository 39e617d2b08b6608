//===- ComputeSemanticsTest.cpp - bit-exact compute actors ----------------===//
//
// Part of the Loom project.
//
// The compute table against the arith/LLVM rules: integer widths and wrap,
// overflow flags and poison, undefined behaviour as errors, and float
// results bit-identical to the host's own arithmetic and libm.
//
//===----------------------------------------------------------------------===//

#include "loom/Sim/ComputeSemantics.h"
#include "loom/Dialect/Dataflow/IR/ActorSchema.h"

#include "llvm/ADT/bit.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace mlir;
using namespace loom::sim;
using llvm::APFloat;
using llvm::APInt;

namespace {

ComputeOp makeOp(StringRef name, unsigned width,
                 const llvm::fltSemantics *semantics = nullptr) {
  ComputeOp op;
  const loom::dataflow::ActorSchema *schema =
      loom::dataflow::lookupActorSchema(name);
  EXPECT_NE(schema, nullptr) << name.str();
  op.schemaId = schema ? schema->id : 0;
  op.opName = name;
  op.resultWidth = semantics ? 0 : width;
  op.resultSemantics = semantics;
  return op;
}

TokenValue eval(const ComputeOp &op, ArrayRef<TokenValue> operands) {
  TokenValue result;
  llvm::Error error =
      evaluateCompute(op, operands, MutableArrayRef<TokenValue>(result));
  EXPECT_FALSE(static_cast<bool>(error)) << llvm::toString(std::move(error));
  return result;
}

std::string evalError(const ComputeOp &op, ArrayRef<TokenValue> operands) {
  TokenValue result;
  llvm::Error error =
      evaluateCompute(op, operands, MutableArrayRef<TokenValue>(result));
  return error ? llvm::toString(std::move(error)) : "";
}

TokenValue i(unsigned width, int64_t value) {
  return TokenValue::getInteger(width, value, /*isSigned=*/true);
}
TokenValue f32(float value) { return TokenValue::getFloat(APFloat(value)); }
TokenValue f64(double value) { return TokenValue::getFloat(APFloat(value)); }
TokenValue poison(unsigned width) {
  return TokenValue::getPoisonLike(i(width, 0));
}
uint32_t bitsOf(float value) { return llvm::bit_cast<uint32_t>(value); }

// Every compute actor of the registry has an evaluator in the shared table.
TEST(ComputeSemanticsTest, RegistryIsCovered) {
  for (const loom::dataflow::ActorSchema &schema :
       loom::dataflow::getActorSchemas())
    if (schema.kind == loom::dataflow::ActorKind::Compute)
      EXPECT_TRUE(hasComputeEvaluator(schema.id)) << schema.opName.str();
}

// Integer ops wrap at their width; nsw/nuw turn overflow into poison.
TEST(ComputeSemanticsTest, IntegerWrapAndFlags) {
  ComputeOp add = makeOp("arith.addi", 8);
  EXPECT_EQ(eval(add, {i(8, 127), i(8, 1)}), i(8, -128));
  add.nsw = true;
  EXPECT_TRUE(eval(add, {i(8, 127), i(8, 1)}).isPoison());
  EXPECT_EQ(eval(add, {i(8, -1), i(8, 1)}), i(8, 0));
  add.nsw = false;
  add.nuw = true;
  EXPECT_TRUE(eval(add, {i(8, -1), i(8, 1)}).isPoison());
  EXPECT_EQ(eval(makeOp("arith.addi", 1), {i(1, 1), i(1, 1)}), i(1, 0));
  ComputeOp mul = makeOp("arith.muli", 128);
  APInt big = APInt::getOneBitSet(128, 100);
  EXPECT_EQ(eval(mul, {TokenValue::getInteger(big), i(128, 8)}),
            TokenValue::getInteger(APInt::getOneBitSet(128, 103)));
  ComputeOp sub = makeOp("arith.subi", 16);
  sub.nuw = true;
  EXPECT_TRUE(eval(sub, {i(16, 0), i(16, 1)}).isPoison());
}

// Division rounds as arith says; zero, poison divisors and MIN/-1 are UB.
TEST(ComputeSemanticsTest, DivisionAndRemainder) {
  EXPECT_EQ(eval(makeOp("arith.divsi", 32), {i(32, -7), i(32, 2)}), i(32, -3));
  EXPECT_EQ(eval(makeOp("arith.divui", 8), {i(8, -2), i(8, 2)}), i(8, 127));
  EXPECT_EQ(eval(makeOp("arith.remsi", 32), {i(32, -7), i(32, 2)}), i(32, -1));
  EXPECT_EQ(eval(makeOp("arith.remui", 8), {i(8, -1), i(8, 10)}), i(8, 5));
  EXPECT_EQ(eval(makeOp("arith.ceildivsi", 32), {i(32, 7), i(32, 2)}),
            i(32, 4));
  EXPECT_EQ(eval(makeOp("arith.ceildivsi", 32), {i(32, -7), i(32, 2)}),
            i(32, -3));
  EXPECT_EQ(eval(makeOp("arith.floordivsi", 32), {i(32, -7), i(32, 2)}),
            i(32, -4));
  EXPECT_EQ(eval(makeOp("arith.floordivsi", 32), {i(32, 7), i(32, -2)}),
            i(32, -4));
  EXPECT_NE(evalError(makeOp("arith.divsi", 32), {i(32, 1), i(32, 0)})
                .find("division by zero"),
            std::string::npos);
  EXPECT_NE(evalError(makeOp("arith.remui", 32), {i(32, 1), i(32, 0)})
                .find("division by zero"),
            std::string::npos);
  EXPECT_NE(evalError(makeOp("arith.divsi", 8), {i(8, -128), i(8, -1)})
                .find("signed division overflow"),
            std::string::npos);
  EXPECT_NE(evalError(makeOp("arith.divui", 8), {i(8, 1), poison(8)})
                .find("poison divisor"),
            std::string::npos);
  EXPECT_TRUE(eval(makeOp("arith.divui", 8), {poison(8), i(8, 3)}).isPoison());
  ComputeOp exact = makeOp("arith.divsi", 32);
  exact.exact = true;
  EXPECT_TRUE(eval(exact, {i(32, 7), i(32, 2)}).isPoison());
  EXPECT_EQ(eval(exact, {i(32, 8), i(32, 2)}), i(32, 4));
}

// Bitwise ops and min/max: signedness decides which of -1 and 1 is larger.
TEST(ComputeSemanticsTest, BitwiseAndMinMax) {
  EXPECT_EQ(eval(makeOp("arith.andi", 8), {i(8, 0x6c), i(8, 0x3a)}),
            i(8, 0x28));
  EXPECT_EQ(eval(makeOp("arith.ori", 8), {i(8, 0x6c), i(8, 0x3a)}), i(8, 0x7e));
  EXPECT_EQ(eval(makeOp("arith.xori", 8), {i(8, 0x6c), i(8, 0x3a)}),
            i(8, 0x56));
  EXPECT_EQ(eval(makeOp("arith.maxsi", 8), {i(8, -1), i(8, 1)}), i(8, 1));
  EXPECT_EQ(eval(makeOp("arith.minsi", 8), {i(8, -1), i(8, 1)}), i(8, -1));
  EXPECT_EQ(eval(makeOp("arith.maxui", 8), {i(8, -1), i(8, 1)}), i(8, -1));
  EXPECT_EQ(eval(makeOp("arith.minui", 8), {i(8, -1), i(8, 1)}), i(8, 1));
}

// Shifts by the width or more are poison; flags check the lost bits.
TEST(ComputeSemanticsTest, Shifts) {
  ComputeOp shl = makeOp("arith.shli", 8);
  EXPECT_EQ(eval(shl, {i(8, 1), i(8, 7)}), i(8, -128));
  EXPECT_TRUE(eval(shl, {i(8, 1), i(8, 8)}).isPoison());
  shl.nuw = true;
  EXPECT_TRUE(eval(shl, {i(8, -128), i(8, 1)}).isPoison());
  shl.nuw = false;
  shl.nsw = true;
  EXPECT_TRUE(eval(shl, {i(8, 64), i(8, 1)}).isPoison());
  EXPECT_EQ(eval(shl, {i(8, -1), i(8, 1)}), i(8, -2));
  EXPECT_EQ(eval(makeOp("arith.shrsi", 8), {i(8, -128), i(8, 7)}), i(8, -1));
  EXPECT_EQ(eval(makeOp("arith.shrui", 8), {i(8, -128), i(8, 7)}), i(8, 1));
  ComputeOp exact = makeOp("arith.shrui", 8);
  exact.exact = true;
  EXPECT_TRUE(eval(exact, {i(8, 3), i(8, 1)}).isPoison());
}

// Casts, comparisons and bit-counting at odd widths.
TEST(ComputeSemanticsTest, CastsAndComparisons) {
  ComputeOp trunc = makeOp("arith.trunci", 8);
  EXPECT_EQ(eval(trunc, {i(32, 300)}), i(8, 44));
  trunc.nuw = true;
  EXPECT_TRUE(eval(trunc, {i(32, 300)}).isPoison());
  trunc.nuw = false;
  trunc.nsw = true;
  EXPECT_EQ(eval(trunc, {i(32, -5)}), i(8, -5));
  EXPECT_EQ(eval(makeOp("arith.extsi", 64), {i(3, -2)}), i(64, -2));
  EXPECT_EQ(eval(makeOp("arith.extui", 64), {i(3, -2)}), i(64, 6));
  EXPECT_EQ(eval(makeOp("arith.index_cast", 64), {i(32, -1)}), i(64, -1));
  EXPECT_EQ(eval(makeOp("arith.index_castui", 64), {i(32, -1)}),
            i(64, 0xffffffff));
  EXPECT_EQ(eval(makeOp("arith.bitcast", 0, &APFloat::IEEEsingle()),
                 {i(32, 0x3f800000)}),
            f32(1.0f));
  ComputeOp cmp = makeOp("arith.cmpi", 1);
  cmp.predicate = static_cast<unsigned>(arith::CmpIPredicate::slt);
  EXPECT_EQ(eval(cmp, {i(8, -1), i(8, 1)}), TokenValue::getBool(true));
  cmp.predicate = static_cast<unsigned>(arith::CmpIPredicate::ult);
  EXPECT_EQ(eval(cmp, {i(8, -1), i(8, 1)}), TokenValue::getBool(false));
  EXPECT_EQ(eval(makeOp("math.ctlz", 16), {i(16, 0)}), i(16, 16));
  EXPECT_EQ(eval(makeOp("math.ctpop", 16), {i(16, 0x0f0f)}), i(16, 8));
  EXPECT_EQ(eval(makeOp("llvm.intr.bswap", 32), {i(32, 0x11223344)}),
            i(32, 0x44332211));
  EXPECT_EQ(
      eval(makeOp("llvm.intr.fshl", 8), {i(8, 0x12), i(8, 0x34), i(8, 4)}),
      i(8, 0x23));
  EXPECT_EQ(
      eval(makeOp("llvm.intr.fshr", 8), {i(8, 0x12), i(8, 0x34), i(8, 12)}),
      i(8, 0x23));
}

// Poison propagates through data, but select only follows its condition.
TEST(ComputeSemanticsTest, PoisonPropagation) {
  EXPECT_TRUE(eval(makeOp("arith.xori", 8), {poison(8), i(8, 1)}).isPoison());
  EXPECT_TRUE(eval(makeOp("arith.addf", 0, &APFloat::IEEEsingle()),
                   {TokenValue::getPoisonLike(f32(0)), f32(1)})
                  .isPoison());
  ComputeOp select = makeOp("arith.select", 8);
  EXPECT_EQ(eval(select, {TokenValue::getBool(true), i(8, 5), poison(8)}),
            i(8, 5));
  EXPECT_TRUE(eval(select, {TokenValue::getBool(false), i(8, 5), poison(8)})
                  .isPoison());
  EXPECT_TRUE(eval(select, {TokenValue::getPoisonLike(TokenValue::getBool(0)),
                            i(8, 5), i(8, 6)})
                  .isPoison());
  EXPECT_TRUE(
      eval(makeOp("arith.fptosi", 8), {TokenValue::getPoisonLike(f32(1.0f))})
          .isPoison());
  ComputeOp nnan = makeOp("arith.mulf", 0, &APFloat::IEEEsingle());
  nnan.noNaNs = true;
  EXPECT_TRUE(eval(nnan, {f32(INFINITY), f32(0.0f)}).isPoison());
  EXPECT_EQ(eval(nnan, {f32(2.0f), f32(3.0f)}), f32(6.0f));
}

// fptosi / fptoui truncate toward zero; a NaN or an out-of-range operand
// gives what x86-64 scalar code gives (measured with clang 22 -O2): the
// 32/64-bit "integer indefinite" minimum, narrower and unsigned results
// through the wider signed conversion LLVM's x86 lowering uses.
TEST(ComputeSemanticsTest, FloatToIntOutOfRangeAsX86) {
  auto cvt = [](StringRef name, unsigned width, TokenValue in) {
    return eval(makeOp(name, width), {in});
  };
  auto u = [](unsigned width, uint64_t value) {
    return TokenValue::getInteger(APInt(width, value));
  };
  EXPECT_EQ(cvt("arith.fptosi", 8, f32(-3.9f)), i(8, -3));
  EXPECT_EQ(cvt("arith.fptosi", 8, f32(-128.9f)), i(8, -128));
  EXPECT_EQ(cvt("arith.fptoui", 64, f64(18446744073709549568.0)),
            u(64, 0xfffffffffffff800));
  // Signed: the minimum at 32 and 64 bits, the low bits of the i32
  // conversion below.
  EXPECT_EQ(cvt("arith.fptosi", 32, f32(NAN)), i(32, INT32_MIN));
  EXPECT_EQ(cvt("arith.fptosi", 32, f32(3e9f)), i(32, INT32_MIN));
  EXPECT_EQ(cvt("arith.fptosi", 64, f64(-1e19)), i(64, INT64_MIN));
  EXPECT_EQ(cvt("arith.fptosi", 64, f32(INFINITY)), i(64, INT64_MIN));
  EXPECT_EQ(cvt("arith.fptosi", 8, f32(300.0f)), i(8, 0x2c));
  EXPECT_EQ(cvt("arith.fptosi", 16, f32(70000.0f)), i(16, 0x1170));
  EXPECT_EQ(cvt("arith.fptosi", 16, f32(1e10f)), i(16, 0));
  // Unsigned below 32 bits through i32, i32 through i64.
  EXPECT_EQ(cvt("arith.fptoui", 8, f32(-1.0f)), u(8, 0xff));
  EXPECT_EQ(cvt("arith.fptoui", 16, f32(-300.0f)), u(16, 0xfed4));
  EXPECT_EQ(cvt("arith.fptoui", 32, f32(-3e9f)), u(32, 0x4d2fa200));
  EXPECT_EQ(cvt("arith.fptoui", 32, f64(5e9)), u(32, 0x2a05f200));
  EXPECT_EQ(cvt("arith.fptoui", 32, f32(NAN)), u(32, 0));
  // Unsigned i64: the signed conversion outside [2^63, 2^64).
  EXPECT_EQ(cvt("arith.fptoui", 64, f64(-3e9)), u(64, 0xffffffff4d2fa200));
  EXPECT_EQ(cvt("arith.fptoui", 64, f64(2e19)), u(64, 0x8000000000000000));
  EXPECT_EQ(cvt("arith.fptoui", 64, f32(-1e19f)), u(64, 0x8000000000000000));
  EXPECT_EQ(cvt("arith.fptoui", 64, f64(NAN)), u(64, 0x8000000000000000));
  // Wider than 64 bits there is no native instruction: poison.
  EXPECT_TRUE(cvt("arith.fptosi", 128, f64(1e40)).isPoison());
}

// maxnumf / minnumf as x86-64 code computes maxnum / minnum: a NaN gives the
// other operand unchanged, equal operands (+0 and -0) give the left one.
TEST(ComputeSemanticsTest, MinMaxNumAsX86) {
  ComputeOp min = makeOp("arith.minnumf", 0, &APFloat::IEEEsingle());
  ComputeOp max = makeOp("arith.maxnumf", 0, &APFloat::IEEEsingle());
  auto bits = [](uint32_t value) {
    return TokenValue::getFloatBits(APFloat::IEEEsingle(), APInt(32, value));
  };
  EXPECT_EQ(eval(min, {f32(0.0f), f32(-0.0f)}).getBits(), APInt(32, 0));
  EXPECT_EQ(eval(min, {f32(-0.0f), f32(0.0f)}), f32(-0.0f));
  EXPECT_EQ(eval(max, {f32(-0.0f), f32(0.0f)}), f32(-0.0f));
  EXPECT_EQ(eval(max, {f32(0.0f), f32(-0.0f)}).getBits(), APInt(32, 0));
  EXPECT_EQ(eval(min, {f32(2.0f), f32(1.0f)}), f32(1.0f));
  EXPECT_EQ(eval(max, {f32(2.0f), f32(1.0f)}), f32(2.0f));
  // NaNs: the other operand, a signaling NaN not quieted, two NaNs the right.
  EXPECT_EQ(eval(min, {bits(0x7fc00000), f32(1.0f)}), f32(1.0f));
  EXPECT_EQ(eval(max, {f32(1.0f), bits(0x7fa00000)}), f32(1.0f));
  EXPECT_EQ(eval(min, {f32(1.0f), bits(0xffc00007)}), f32(1.0f));
  EXPECT_EQ(eval(min, {bits(0x7fc00000), bits(0x7fa00000)}).getBits(),
            APInt(32, 0x7fa00000));
  EXPECT_EQ(eval(max, {bits(0xffc00000), bits(0x7fc00000)}).getBits(),
            APInt(32, 0x7fc00000));
}

// f32/f64 arithmetic and libm results are bit-identical to the host's.
TEST(ComputeSemanticsTest, FloatsMatchHost) {
  std::mt19937 rng(7);
  std::uniform_int_distribution<uint32_t> bits;
  const llvm::fltSemantics *single = &APFloat::IEEEsingle();
  ComputeOp add = makeOp("arith.addf", 0, single),
            mul = makeOp("arith.mulf", 0, single),
            div = makeOp("arith.divf", 0, single),
            sqrtOp = makeOp("math.sqrt", 0, single),
            expOp = makeOp("math.exp", 0, single);
  for (int n = 0; n < 2000; ++n) {
    float a = llvm::bit_cast<float>(bits(rng));
    float b = llvm::bit_cast<float>(bits(rng));
    volatile float va = a, vb = b;
    EXPECT_EQ(eval(add, {f32(a), f32(b)}), f32(va + vb));
    EXPECT_EQ(eval(mul, {f32(a), f32(b)}), f32(va * vb));
    EXPECT_EQ(eval(div, {f32(a), f32(b)}), f32(va / vb));
    EXPECT_EQ(eval(sqrtOp, {f32(a)}), f32(std::sqrt(static_cast<float>(va))));
    EXPECT_EQ(eval(expOp, {f32(a / 1e30f)}), f32(::expf(va / 1e30f)));
  }
  volatile float zero = 0.0f;
  TokenValue nan = eval(div, {f32(0.0f), f32(0.0f)});
  EXPECT_EQ(nan.getBits().getZExtValue(), bitsOf(zero / zero));
  ComputeOp add64 = makeOp("arith.addf", 0, &APFloat::IEEEdouble());
  EXPECT_EQ(eval(add64, {f64(0.1), f64(0.2)}), f64(0.30000000000000004));
}

// Every libm function the raising emits as a math op (RaiseLibmCalls) is
// bit-identical to the host libm entry point of its precision, for f32 and
// f64, over random operands of the whole float range (NaN, infinities and
// out-of-domain operands included).
TEST(ComputeSemanticsTest, LibmOpsMatchHost) {
  struct Unary {
    const char *op;
    float (*f32Fn)(float);
    double (*f64Fn)(double);
  };
  const Unary unary[] = {{"math.sqrt", ::sqrtf, ::sqrt},
                         {"math.exp", ::expf, ::exp},
                         {"math.exp2", ::exp2f, ::exp2},
                         {"math.expm1", ::expm1f, ::expm1},
                         {"math.log", ::logf, ::log},
                         {"math.log2", ::log2f, ::log2},
                         {"math.log10", ::log10f, ::log10},
                         {"math.log1p", ::log1pf, ::log1p},
                         {"math.sin", ::sinf, ::sin},
                         {"math.cos", ::cosf, ::cos},
                         {"math.tan", ::tanf, ::tan},
                         {"math.asin", ::asinf, ::asin},
                         {"math.acos", ::acosf, ::acos},
                         {"math.atan", ::atanf, ::atan},
                         {"math.sinh", ::sinhf, ::sinh},
                         {"math.cosh", ::coshf, ::cosh},
                         {"math.tanh", ::tanhf, ::tanh},
                         {"math.asinh", ::asinhf, ::asinh},
                         {"math.acosh", ::acoshf, ::acosh},
                         {"math.atanh", ::atanhf, ::atanh},
                         {"math.erf", ::erff, ::erf},
                         {"math.erfc", ::erfcf, ::erfc},
                         {"math.cbrt", ::cbrtf, ::cbrt},
                         {"math.absf", ::fabsf, ::fabs},
                         {"math.floor", ::floorf, ::floor},
                         {"math.ceil", ::ceilf, ::ceil},
                         {"math.trunc", ::truncf, ::trunc},
                         {"math.round", ::roundf, ::round},
                         {"math.roundeven", ::roundevenf, ::roundeven}};
  struct Binary {
    const char *op;
    float (*f32Fn)(float, float);
    double (*f64Fn)(double, double);
  };
  const Binary binary[] = {{"math.powf", ::powf, ::pow},
                           {"math.atan2", ::atan2f, ::atan2},
                           {"math.copysign", ::copysignf, ::copysign},
                           {"arith.remf", ::fmodf, ::fmod}};
  const llvm::fltSemantics *single = &APFloat::IEEEsingle();
  const llvm::fltSemantics *dbl = &APFloat::IEEEdouble();
  std::mt19937_64 rng(11);
  // Half the operands are small (|x| < 8, where the functions are not
  // saturated), half are arbitrary bit patterns.
  std::uniform_real_distribution<double> small(-8.0, 8.0);
  auto randomF64 = [&](int n) {
    return n % 2 ? small(rng) : llvm::bit_cast<double>(rng());
  };
  auto randomF32 = [&](int n) {
    return n % 2 ? static_cast<float>(small(rng))
                 : llvm::bit_cast<float>(static_cast<uint32_t>(rng()));
  };
  for (const Unary &fn : unary) {
    ComputeOp op32 = makeOp(fn.op, 0, single), op64 = makeOp(fn.op, 0, dbl);
    for (int n = 0; n < 400; ++n) {
      float x = randomF32(n);
      double y = randomF64(n);
      EXPECT_EQ(eval(op32, {f32(x)}), f32(fn.f32Fn(x))) << fn.op << " " << x;
      EXPECT_EQ(eval(op64, {f64(y)}), f64(fn.f64Fn(y))) << fn.op << " " << y;
    }
  }
  for (const Binary &fn : binary) {
    ComputeOp op32 = makeOp(fn.op, 0, single), op64 = makeOp(fn.op, 0, dbl);
    for (int n = 0; n < 400; ++n) {
      float a = randomF32(n), b = randomF32(n + 1);
      double c = randomF64(n), d = randomF64(n + 1);
      EXPECT_EQ(eval(op32, {f32(a), f32(b)}), f32(fn.f32Fn(a, b)))
          << fn.op << " " << a << " " << b;
      EXPECT_EQ(eval(op64, {f64(c), f64(d)}), f64(fn.f64Fn(c, d)))
          << fn.op << " " << c << " " << d;
    }
  }
  ComputeOp fma32 = makeOp("math.fma", 0, single);
  EXPECT_EQ(eval(fma32, {f32(0.1f), f32(10.0f), f32(-1.0f)}),
            f32(::fmaf(0.1f, 10.0f, -1.0f)));
}

// f16 arithmetic is correctly rounded; libm runs in f32 and rounds once.
TEST(ComputeSemanticsTest, HalfPrecision) {
  const llvm::fltSemantics &half = APFloat::IEEEhalf();
  auto h = [&](double v) {
    bool loses;
    APFloat f(v);
    f.convert(half, APFloat::rmNearestTiesToEven, &loses);
    return TokenValue::getFloat(f);
  };
  EXPECT_EQ(eval(makeOp("arith.divf", 0, &half), {h(1), h(3)}).getBits(),
            APInt(16, 0x3555));
  EXPECT_EQ(eval(makeOp("arith.addf", 0, &half), {h(65504), h(65504)}),
            TokenValue::getFloat(APFloat::getInf(half)));
  EXPECT_EQ(eval(makeOp("math.sqrt", 0, &half), {h(2)}).getBits(),
            APInt(16, 0x3da8));
  ComputeOp ext = makeOp("arith.extf", 0, &APFloat::IEEEsingle());
  EXPECT_EQ(eval(ext, {h(0.5)}), f32(0.5f));
  ComputeOp trunc = makeOp("arith.truncf", 0, &half);
  EXPECT_EQ(eval(trunc, {f32(65520.0f)}),
            TokenValue::getFloat(APFloat::getInf(half)));
  trunc.rounding = llvm::RoundingMode::TowardZero;
  EXPECT_EQ(eval(trunc, {f32(65520.0f)}), h(65504));
}

// cmpf predicates on ordered and unordered operands.
TEST(ComputeSemanticsTest, FloatComparisons) {
  ComputeOp cmp = makeOp("arith.cmpf", 1);
  auto check = [&](arith::CmpFPredicate pred, float a, float b, bool want) {
    cmp.predicate = static_cast<unsigned>(pred);
    EXPECT_EQ(eval(cmp, {f32(a), f32(b)}), TokenValue::getBool(want))
        << arith::stringifyCmpFPredicate(pred).str() << " " << a << " " << b;
  };
  check(arith::CmpFPredicate::OLT, 1, 2, true);
  check(arith::CmpFPredicate::OLT, NAN, 2, false);
  check(arith::CmpFPredicate::ULT, NAN, 2, true);
  check(arith::CmpFPredicate::OEQ, 0.0f, -0.0f, true);
  check(arith::CmpFPredicate::UNO, NAN, NAN, true);
  check(arith::CmpFPredicate::ONE, NAN, 1, false);
  check(arith::CmpFPredicate::UNE, NAN, 1, true);
}

} // namespace
