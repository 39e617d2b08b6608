//===- IntegerSemantics.cpp - integer compute actors ----------------------===//
//
// Part of the Loom project.
//
// Bit-exact evaluators of the integer arith ops, the integer math ops and
// the admitted LLVM compute ops, following the arith and LLVM LangRef rules
// for wrap, overflow flags, exactness and undefined behaviour.
//
//===----------------------------------------------------------------------===//

#include "ComputeImpl.h"

#include "llvm/ADT/APSInt.h"

using namespace mlir;
using namespace loom::sim;
using namespace loom::sim::detail;
using llvm::APInt;
using llvm::Error;

using Ins = ArrayRef<TokenValue>;
using Outs = MutableArrayRef<TokenValue>;

static TokenValue poisonOfWidth(unsigned width) {
  return TokenValue::getPoisonLike(TokenValue::getInteger(APInt(width, 0)));
}

/// The result of a wrapping op, or poison when a requested no-wrap flag is
/// violated.
static TokenValue wrapResult(const ComputeOp &op, const APInt &value,
                             bool signedOverflow, bool unsignedOverflow) {
  if ((op.nsw && signedOverflow) || (op.nuw && unsignedOverflow))
    return poisonOfWidth(value.getBitWidth());
  return TokenValue::getInteger(value);
}

//===----------------------------------------------------------------------===//
// Wrapping arithmetic and bitwise ops
//===----------------------------------------------------------------------===//

/// add, sub and mul: the wrapped result, with the nsw/nuw overflow of the
/// signed and unsigned forms deciding poison (wrapResult).
using OverflowOp = APInt (APInt::*)(const APInt &, bool &) const;
template <OverflowOp Signed, OverflowOp Unsigned>
static Error evalWrapping(const ComputeOp &op, Ins in, Outs out) {
  const APInt &a = in[0].getInteger(), &b = in[1].getInteger();
  bool sov = false, uov = false;
  APInt r = (a.*Signed)(b, sov);
  (void)(a.*Unsigned)(b, uov);
  out[0] = wrapResult(op, r, sov, uov);
  return Error::success();
}

using APIntBinaryFn = APInt (*)(const APInt &, const APInt &);

/// A binary integer op with no flags and no undefined behaviour.
template <APIntBinaryFn fn>
static Error evalBinaryInt(const ComputeOp &, Ins in, Outs out) {
  out[0] = TokenValue::getInteger(fn(in[0].getInteger(), in[1].getInteger()));
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Division and remainder
//===----------------------------------------------------------------------===//

/// Checks shared by every division and remainder. A zero or poison divisor
/// and, for signed ops, MIN / -1 are undefined behaviour; a poison dividend
/// gives poison. Returns true when `out` is already decided.
static llvm::Expected<bool> checkDivision(Ins in, Outs out, bool isSigned) {
  if (in[1].isPoison())
    return makeUBError("division by a poison divisor", in);
  const APInt &b = in[1].getInteger();
  if (b.isZero())
    return makeUBError("division by zero", in);
  if (in[0].isPoison()) {
    out[0] = in[0];
    return true;
  }
  if (isSigned && in[0].getInteger().isMinSignedValue() && b.isAllOnes())
    return makeUBError("signed division overflow", in);
  return false;
}

template <bool isSigned, APIntBinaryFn fn>
static Error evalDivision(const ComputeOp &op, Ins in, Outs out) {
  llvm::Expected<bool> decided = checkDivision(in, out, isSigned);
  if (!decided)
    return decided.takeError();
  if (*decided)
    return Error::success();
  const APInt &a = in[0].getInteger(), &b = in[1].getInteger();
  APInt r = fn(a, b);
  bool inexact = isSigned ? !a.srem(b).isZero() : !a.urem(b).isZero();
  out[0] = op.exact && inexact ? poisonOfWidth(a.getBitWidth())
                               : TokenValue::getInteger(r);
  return Error::success();
}

/// Signed division rounded toward +inf (`up`) or -inf.
static APInt divRounded(const APInt &a, const APInt &b, bool up) {
  APInt q = a.sdiv(b);
  APInt r = a.srem(b);
  if (r.isZero())
    return q;
  bool sameSign = a.isNegative() == b.isNegative();
  if (up && sameSign)
    return q + 1;
  if (!up && !sameSign)
    return q - 1;
  return q;
}

static APInt sdivOf(const APInt &a, const APInt &b) { return a.sdiv(b); }
static APInt udivOf(const APInt &a, const APInt &b) { return a.udiv(b); }
static APInt sremOf(const APInt &a, const APInt &b) { return a.srem(b); }
static APInt uremOf(const APInt &a, const APInt &b) { return a.urem(b); }
static APInt ceilDivOf(const APInt &a, const APInt &b) {
  return divRounded(a, b, /*up=*/true);
}
static APInt floorDivOf(const APInt &a, const APInt &b) {
  return divRounded(a, b, /*up=*/false);
}

//===----------------------------------------------------------------------===//
// Shifts
//===----------------------------------------------------------------------===//

static Error evalShl(const ComputeOp &op, Ins in, Outs out) {
  const APInt &a = in[0].getInteger(), &b = in[1].getInteger();
  unsigned width = a.getBitWidth();
  if (b.uge(width)) {
    out[0] = poisonOfWidth(width);
    return Error::success();
  }
  unsigned amount = b.getZExtValue();
  APInt r = a.shl(amount);
  out[0] = wrapResult(op, r, r.ashr(amount) != a, r.lshr(amount) != a);
  return Error::success();
}

template <bool arithmetic>
static Error evalShr(const ComputeOp &op, Ins in, Outs out) {
  const APInt &a = in[0].getInteger(), &b = in[1].getInteger();
  unsigned width = a.getBitWidth();
  if (b.uge(width)) {
    out[0] = poisonOfWidth(width);
    return Error::success();
  }
  unsigned amount = b.getZExtValue();
  APInt r = arithmetic ? a.ashr(amount) : a.lshr(amount);
  bool inexact = r.shl(amount) != a;
  out[0] =
      op.exact && inexact ? poisonOfWidth(width) : TokenValue::getInteger(r);
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Comparison, selection and casts
//===----------------------------------------------------------------------===//

bool loom::sim::evaluateCmpI(arith::CmpIPredicate predicate, const APInt &lhs,
                             const APInt &rhs) {
  switch (predicate) {
  case arith::CmpIPredicate::eq:
    return lhs == rhs;
  case arith::CmpIPredicate::ne:
    return lhs != rhs;
  case arith::CmpIPredicate::slt:
    return lhs.slt(rhs);
  case arith::CmpIPredicate::sle:
    return lhs.sle(rhs);
  case arith::CmpIPredicate::sgt:
    return lhs.sgt(rhs);
  case arith::CmpIPredicate::sge:
    return lhs.sge(rhs);
  case arith::CmpIPredicate::ult:
    return lhs.ult(rhs);
  case arith::CmpIPredicate::ule:
    return lhs.ule(rhs);
  case arith::CmpIPredicate::ugt:
    return lhs.ugt(rhs);
  case arith::CmpIPredicate::uge:
    return lhs.uge(rhs);
  }
  llvm_unreachable("unknown cmpi predicate");
}

static Error evalCmpI(const ComputeOp &op, Ins in, Outs out) {
  out[0] = TokenValue::getBool(
      evaluateCmpI(static_cast<arith::CmpIPredicate>(op.predicate),
                   in[0].getInteger(), in[1].getInteger()));
  return Error::success();
}

/// `select %c, %t, %f`: only a poison condition makes the result poison;
/// the unselected operand may be poison.
static Error evalSelect(const ComputeOp &, Ins in, Outs out) {
  if (in[0].isPoison())
    out[0] = TokenValue::getPoisonLike(in[1]);
  else
    out[0] = in[0].isTrue() ? in[1] : in[2];
  return Error::success();
}

static Error evalTruncI(const ComputeOp &op, Ins in, Outs out) {
  const APInt &a = in[0].getInteger();
  APInt r = a.trunc(op.resultWidth);
  out[0] = wrapResult(op, r, r.sext(a.getBitWidth()) != a,
                      r.zext(a.getBitWidth()) != a);
  return Error::success();
}

template <bool isSigned>
static Error evalIntCast(const ComputeOp &op, Ins in, Outs out) {
  const APInt &a = in[0].getInteger();
  out[0] = TokenValue::getInteger(isSigned ? a.sextOrTrunc(op.resultWidth)
                                           : a.zextOrTrunc(op.resultWidth));
  return Error::success();
}

static Error evalBitcast(const ComputeOp &op, Ins in, Outs out) {
  const APInt &bits = in[0].getBits();
  out[0] = op.resultSemantics
               ? TokenValue::getFloatBits(*op.resultSemantics, bits)
               : TokenValue::getInteger(bits);
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Integer math and LLVM compute ops
//===----------------------------------------------------------------------===//

template <typename Fn> static Error evalUnaryInt(Ins in, Outs out, Fn fn) {
  const APInt &a = in[0].getInteger();
  out[0] = TokenValue::getInteger(fn(a));
  return Error::success();
}

/// fshl / fshr: shift the concatenation `a:b` by `c mod width` and keep the
/// high (fshl) or low (fshr) half.
template <bool left>
static Error evalFunnelShift(const ComputeOp &, Ins in, Outs out) {
  const APInt &a = in[0].getInteger(), &b = in[1].getInteger();
  unsigned width = a.getBitWidth();
  unsigned amount = in[2]
                        .getInteger()
                        .urem(APInt(width, width, false,
                                    /*implicitTrunc=*/true))
                        .getZExtValue();
  if (width == 1)
    amount = 0;
  APInt wide = a.concat(b);
  APInt r = left ? wide.shl(amount).extractBits(width, width)
                 : wide.lshr(amount).trunc(width);
  out[0] = TokenValue::getInteger(r);
  return Error::success();
}

/// llvm.getelementptr on 64-bit addresses: base + sum(index * stride).
static Error evalGep(const ComputeOp &op, Ins in, Outs out) {
  APInt address = in[0].getInteger();
  unsigned next = 1;
  for (auto [constant, stride] :
       llvm::zip_equal(op.gepConstants, op.gepStrides)) {
    APInt index(64, constant, /*isSigned=*/true);
    if (constant == kDynamicGepIndex)
      index = in[next++].getInteger().sextOrTrunc(64);
    address += index * APInt(64, stride, /*isSigned=*/true);
  }
  out[0] = TokenValue::getInteger(address);
  return Error::success();
}

static ComputeFn getArithIntegerEvaluator(uint32_t schemaId) {
  switch (schemaId) {
  case 100:
    return evalWrapping<&APInt::sadd_ov, &APInt::uadd_ov>;
  case 101:
    return evalWrapping<&APInt::ssub_ov, &APInt::usub_ov>;
  case 102:
    return evalWrapping<&APInt::smul_ov, &APInt::umul_ov>;
  case 103:
    return evalDivision<true, sdivOf>;
  case 104:
    return evalDivision<false, udivOf>;
  case 105:
    return evalDivision<true, sremOf>;
  case 106:
    return evalDivision<false, uremOf>;
  case 107:
    return evalDivision<true, ceilDivOf>;
  case 108:
    return evalDivision<true, floorDivOf>;
  default:
    return nullptr;
  }
}

static APInt andOf(const APInt &a, const APInt &b) { return a & b; }
static APInt orOf(const APInt &a, const APInt &b) { return a | b; }
static APInt xorOf(const APInt &a, const APInt &b) { return a ^ b; }
static APInt smaxOf(const APInt &a, const APInt &b) {
  return llvm::APIntOps::smax(a, b);
}
static APInt sminOf(const APInt &a, const APInt &b) {
  return llvm::APIntOps::smin(a, b);
}
static APInt umaxOf(const APInt &a, const APInt &b) {
  return llvm::APIntOps::umax(a, b);
}
static APInt uminOf(const APInt &a, const APInt &b) {
  return llvm::APIntOps::umin(a, b);
}

static ComputeFn getBitwiseAndCastEvaluator(uint32_t schemaId) {
  switch (schemaId) {
  case 109:
    return evalBinaryInt<andOf>;
  case 110:
    return evalBinaryInt<orOf>;
  case 111:
    return evalBinaryInt<xorOf>;
  case 112:
    return evalShl;
  case 113:
    return evalShr<true>;
  case 114:
    return evalShr<false>;
  case 115:
    return evalBinaryInt<smaxOf>;
  case 116:
    return evalBinaryInt<sminOf>;
  case 117:
    return evalBinaryInt<umaxOf>;
  case 118:
    return evalBinaryInt<uminOf>;
  case 119:
    return evalCmpI;
  case 120:
    return evalSelect;
  case 121:
    return evalIntCast<true>;
  case 122:
    return evalIntCast<false>;
  case 123:
    return evalTruncI;
  case 124:
    return evalIntCast<true>;
  case 125:
    return evalIntCast<false>;
  case 126:
    return evalBitcast;
  default:
    return nullptr;
  }
}

static ComputeFn getIntegerMathEvaluator(uint32_t schemaId) {
  switch (schemaId) {
  case 201:
    return [](const ComputeOp &, Ins in, Outs out) {
      return evalUnaryInt(in, out, [](const APInt &a) { return a.abs(); });
    };
  case 216:
    return [](const ComputeOp &, Ins in, Outs out) {
      return evalUnaryInt(in, out, [](const APInt &a) {
        return APInt(a.getBitWidth(), a.countl_zero());
      });
    };
  case 217:
    return [](const ComputeOp &, Ins in, Outs out) {
      return evalUnaryInt(in, out, [](const APInt &a) {
        return APInt(a.getBitWidth(), a.countr_zero());
      });
    };
  case 218:
    return [](const ComputeOp &, Ins in, Outs out) {
      return evalUnaryInt(in, out, [](const APInt &a) {
        return APInt(a.getBitWidth(), a.popcount());
      });
    };
  case 300:
    return evalGep;
  case 301:
    return [](const ComputeOp &, Ins in, Outs out) {
      return evalUnaryInt(in, out, [](const APInt &a) { return a.byteSwap(); });
    };
  case 302:
    return [](const ComputeOp &, Ins in, Outs out) {
      return evalUnaryInt(in, out,
                          [](const APInt &a) { return a.reverseBits(); });
    };
  case 303:
    return evalFunnelShift<true>;
  case 304:
    return evalFunnelShift<false>;
  default:
    return nullptr;
  }
}

ComputeFn loom::sim::detail::getIntegerEvaluator(uint32_t schemaId) {
  if (ComputeFn fn = getArithIntegerEvaluator(schemaId))
    return fn;
  if (ComputeFn fn = getBitwiseAndCastEvaluator(schemaId))
    return fn;
  return getIntegerMathEvaluator(schemaId);
}

bool loom::sim::detail::hasCustomPoisonRule(uint32_t schemaId) {
  return (schemaId >= 103 && schemaId <= 108) || schemaId == 120;
}
