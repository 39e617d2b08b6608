//===- TokenValue.cpp - one bit-exact token of a dataflow stream ---------===//
//
// Part of the Loom project.
//
// Token construction, printing, parsing and the mapping from MLIR types and
// attributes to tokens.
//
//===----------------------------------------------------------------------===//

#include "loom/Sim/TokenValue.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallString.h"

#include <cmath>
#include <cstdio>

using namespace mlir;
using namespace loom::sim;
using llvm::APFloat;
using llvm::APInt;

//===----------------------------------------------------------------------===//
// TokenValue
//===----------------------------------------------------------------------===//

TokenValue TokenValue::getInteger(const APInt &value) {
  TokenValue token;
  token.kind = Kind::Integer;
  token.bits = value;
  return token;
}

TokenValue TokenValue::getInteger(unsigned width, uint64_t value,
                                  bool isSigned) {
  return getInteger(APInt(width, value, isSigned, /*implicitTrunc=*/true));
}

TokenValue TokenValue::getBool(bool value) {
  return getInteger(APInt(1, value ? 1 : 0));
}

TokenValue TokenValue::getFloat(const APFloat &value) {
  return getFloatBits(value.getSemantics(), value.bitcastToAPInt());
}

TokenValue TokenValue::getFloatBits(const llvm::fltSemantics &semantics,
                                    const APInt &bits) {
  assert(bits.getBitWidth() == APFloat::getSizeInBits(semantics) &&
         "float bits of the wrong width");
  TokenValue token;
  token.kind = Kind::Float;
  token.semantics = &semantics;
  token.bits = bits;
  return token;
}

TokenValue TokenValue::getPoisonLike(const TokenValue &like) {
  TokenValue token = like;
  token.poison = true;
  token.bits = APInt::getZero(like.bits.getBitWidth());
  return token;
}

bool TokenValue::operator==(const TokenValue &other) const {
  if (kind != other.kind || poison != other.poison ||
      semantics != other.semantics)
    return false;
  if (kind == Kind::None)
    return true;
  return bits.getBitWidth() == other.bits.getBitWidth() &&
         (poison || bits == other.bits);
}

/// The shortest `%g` rendering that reads back to exactly `value`.
static std::string formatShortestFloat(const APFloat &value) {
  APFloat wide = value;
  bool losesInfo = false;
  (void)wide.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                     &losesInfo);
  char text[40];
  double d = wide.convertToDouble();
  // Integral values print without an exponent (10, not 1e+01).
  if (std::abs(d) < 1e15 && d == std::trunc(d) &&
      !(d == 0 && wide.isNegative())) {
    std::snprintf(text, sizeof(text), "%.0f", d);
    return text;
  }
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(text, sizeof(text), "%.*g", precision, d);
    APFloat back(value.getSemantics());
    llvm::Expected<APFloat::opStatus> status =
        back.convertFromString(text, APFloat::rmNearestTiesToEven);
    if (!status) {
      llvm::consumeError(status.takeError());
      continue;
    }
    if (back.bitwiseIsEqual(value))
      break;
  }
  return text;
}

/// Prints a NaN as `nan`/`-nan` when it is the default quiet NaN and with
/// its raw bits otherwise, so that distinct payloads never print alike.
static void printNaN(raw_ostream &os, const APFloat &value, const APInt &bits) {
  APFloat canonical =
      APFloat::getQNaN(value.getSemantics(), value.isNegative());
  if (canonical.bitcastToAPInt() == bits) {
    os << (value.isNegative() ? "-nan" : "nan");
    return;
  }
  SmallString<20> hex;
  bits.toStringUnsigned(hex, 16);
  os << "nan(0x" << StringRef(hex).lower() << ")";
}

void TokenValue::print(raw_ostream &os, bool boolAsPhase) const {
  if (kind == Kind::None) {
    os << "none";
    return;
  }
  if (poison) {
    os << "poison";
    return;
  }
  if (kind == Kind::Integer) {
    if (bits.getBitWidth() == 1)
      os << (boolAsPhase ? (isTrue() ? "T" : "F")
                         : (isTrue() ? "true" : "false"));
    else
      os << bits.getSExtValue();
    return;
  }
  APFloat value = getFloat();
  if (value.isNaN())
    return printNaN(os, value, bits);
  if (value.isInfinity()) {
    os << (value.isNegative() ? "-inf" : "inf");
    return;
  }
  os << formatShortestFloat(value);
}

raw_ostream &loom::sim::operator<<(raw_ostream &os, const TokenValue &value) {
  value.print(os);
  return os;
}

//===----------------------------------------------------------------------===//
// Types and attributes
//===----------------------------------------------------------------------===//

const llvm::fltSemantics *loom::sim::getSupportedFloatSemantics(Type type) {
  if (type.isF16() || type.isBF16() || type.isF32() || type.isF64())
    return &cast<FloatType>(type).getFloatSemantics();
  return nullptr;
}

bool loom::sim::isSupportedTokenType(Type type) {
  return isa<NoneType, IndexType, LLVM::LLVMPointerType>(type) ||
         type.isSignlessInteger() || getSupportedFloatSemantics(type);
}

unsigned loom::sim::getTokenBitWidth(Type type) {
  if (isa<NoneType>(type))
    return 0;
  if (isa<IndexType, LLVM::LLVMPointerType>(type))
    return 64;
  if (auto intType = dyn_cast<IntegerType>(type))
    return intType.getWidth();
  return cast<FloatType>(type).getWidth();
}

TokenValue loom::sim::getZeroToken(Type type) {
  if (isa<NoneType>(type))
    return TokenValue::getNone();
  if (const llvm::fltSemantics *sem = getSupportedFloatSemantics(type))
    return TokenValue::getFloat(APFloat::getZero(*sem));
  return TokenValue::getInteger(APInt::getZero(getTokenBitWidth(type)));
}

TokenValue loom::sim::getPoisonToken(Type type) {
  return TokenValue::getPoisonLike(getZeroToken(type));
}

bool loom::sim::tokenMatchesType(const TokenValue &value, Type type) {
  if (isa<NoneType>(type))
    return value.isNone();
  if (const llvm::fltSemantics *sem = getSupportedFloatSemantics(type))
    return value.isFloat() && &value.getSemantics() == sem;
  return value.isInteger() && isSupportedTokenType(type) &&
         value.getBitWidth() == getTokenBitWidth(type);
}

llvm::Expected<TokenValue> loom::sim::getTokenFromAttribute(Attribute attr) {
  if (auto intAttr = dyn_cast<IntegerAttr>(attr)) {
    if (isSupportedTokenType(intAttr.getType()))
      return TokenValue::getInteger(
          intAttr.getValue().zextOrTrunc(getTokenBitWidth(intAttr.getType())));
  } else if (auto floatAttr = dyn_cast<FloatAttr>(attr)) {
    if (getSupportedFloatSemantics(floatAttr.getType()))
      return TokenValue::getFloat(floatAttr.getValue());
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "constant " << attr
     << " is not an integer, index or f16/bf16/f32/f64 float attribute";
  return llvm::createStringError(text);
}

//===----------------------------------------------------------------------===//
// Literal parsing
//===----------------------------------------------------------------------===//

static llvm::Error literalError(StringRef text, Type type, StringRef why) {
  std::string message;
  llvm::raw_string_ostream os(message);
  os << "cannot read '" << text << "' as a value of type " << type << ": "
     << why;
  return llvm::createStringError(message);
}

static llvm::Expected<TokenValue> parseIntegerLiteral(StringRef text,
                                                      Type type) {
  unsigned width = getTokenBitWidth(type);
  if (width == 1) {
    if (text == "true" || text == "T" || text == "1")
      return TokenValue::getBool(true);
    if (text == "false" || text == "F" || text == "0")
      return TokenValue::getBool(false);
    return literalError(text, type, "expected true, false, T, F, 1 or 0");
  }
  StringRef digits = text;
  bool negative = digits.consume_front("-");
  APInt magnitude;
  if (digits.empty() || digits.getAsInteger(0, magnitude))
    return literalError(text, type, "expected a decimal or 0x integer");
  if (magnitude.getActiveBits() > width ||
      (negative && magnitude.getActiveBits() == width &&
       !magnitude.zextOrTrunc(width).isMinSignedValue()))
    return literalError(text, type, "out of range for the width");
  APInt value = magnitude.zextOrTrunc(width);
  return TokenValue::getInteger(negative ? -value : value);
}

static llvm::Expected<TokenValue>
parseFloatLiteral(StringRef text, Type type, const llvm::fltSemantics &sem) {
  unsigned width = APFloat::getSizeInBits(sem);
  if (text.starts_with_insensitive("0x") && !text.contains_insensitive('p')) {
    APInt bits;
    if (text.drop_front(2).getAsInteger(16, bits) ||
        bits.getActiveBits() > width)
      return literalError(text, type, "raw bits do not fit the format");
    return TokenValue::getFloatBits(sem, bits.zextOrTrunc(width));
  }
  APFloat value(sem);
  llvm::Expected<APFloat::opStatus> status =
      value.convertFromString(text, APFloat::rmNearestTiesToEven);
  if (!status) {
    llvm::consumeError(status.takeError());
    return literalError(text, type, "expected a decimal float, nan or inf");
  }
  return TokenValue::getFloat(value);
}

llvm::Expected<TokenValue> loom::sim::parseTokenLiteral(StringRef text,
                                                        Type type) {
  text = text.trim();
  if (!isSupportedTokenType(type))
    return literalError(text, type, "the emulator does not carry this type");
  if (isa<NoneType>(type)) {
    if (text == "none")
      return TokenValue::getNone();
    return literalError(text, type, "expected 'none'");
  }
  if (text == "poison")
    return getPoisonToken(type);
  if (const llvm::fltSemantics *sem = getSupportedFloatSemantics(type))
    return parseFloatLiteral(text, type, *sem);
  return parseIntegerLiteral(text, type);
}

void loom::sim::printFlatToken(llvm::raw_ostream &os, const TokenValue &token,
                               bool floatBits) {
  if (token.isPoison() || token.isNone()) {
    os << token << "\n";
    return;
  }
  if (token.isInteger()) {
    const llvm::APInt &bits = token.getInteger();
    // i1 prints as 0/1, like printI64 of its zero extension.
    if (bits.getBitWidth() == 1)
      os << bits.getZExtValue() << "\n";
    else
      os << bits.getSExtValue() << "\n";
    return;
  }
  if (floatBits) {
    os << token.getBits().getSExtValue() << "\n";
    return;
  }
  llvm::APFloat value = token.getFloat();
  bool losesInfo = false;
  (void)value.convert(llvm::APFloat::IEEEdouble(),
                      llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  char text[64];
  std::snprintf(text, sizeof(text), "%g", value.convertToDouble());
  os << text << "\n";
}
