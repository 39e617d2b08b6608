//===- TokenValue.h - one bit-exact token of a dataflow stream --*- C++ -*-===//
//
// Part of the Loom project.
//
// The payload of one token as the emulator (and later the cycle simulator)
// sees it: a `none` control token, an integer of any width (index is 64
// bits), or an IEEE f16/bf16/f32/f64 float held as its bit pattern. Poison is
// tracked as a flag, never turned into a number.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_SIM_TOKENVALUE_H
#define LOOM_SIM_TOKENVALUE_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace loom::sim {

/// One token. Floats keep their semantics and raw bits, so copies and
/// comparisons are bit-exact (NaN payloads and signed zeros included).
class TokenValue {
public:
  enum class Kind : uint8_t { None, Integer, Float };

  /// A `none` token (control, completion, memory order).
  TokenValue() = default;

  static TokenValue getNone() { return TokenValue(); }
  static TokenValue getInteger(const llvm::APInt &value);
  static TokenValue getInteger(unsigned width, uint64_t value,
                               bool isSigned = false);
  static TokenValue getBool(bool value);
  static TokenValue getFloat(const llvm::APFloat &value);
  /// A float of `semantics` with the raw bit pattern `bits`.
  static TokenValue getFloatBits(const llvm::fltSemantics &semantics,
                                 const llvm::APInt &bits);
  /// A poison value of the same kind and width as `like`.
  static TokenValue getPoisonLike(const TokenValue &like);

  Kind getKind() const { return kind; }
  bool isNone() const { return kind == Kind::None; }
  bool isInteger() const { return kind == Kind::Integer; }
  bool isFloat() const { return kind == Kind::Float; }
  bool isPoison() const { return poison; }
  /// Bit width: the integer width, the float format width, 0 for none.
  unsigned getBitWidth() const { return isNone() ? 0 : bits.getBitWidth(); }

  /// The integer value, or a float's raw bits. Meaningless for poison.
  const llvm::APInt &getBits() const { return bits; }
  const llvm::APInt &getInteger() const {
    assert(isInteger() && "not an integer token");
    return bits;
  }
  /// True if this is a non-poison i1 (or any integer) that is non-zero.
  bool isTrue() const { return !bits.isZero(); }
  const llvm::fltSemantics &getSemantics() const {
    assert(isFloat() && "not a float token");
    return *semantics;
  }
  llvm::APFloat getFloat() const {
    assert(isFloat() && "not a float token");
    return llvm::APFloat(*semantics, bits);
  }

  /// Bitwise identity: same kind, width, semantics, bits and poison flag.
  bool operator==(const TokenValue &other) const;
  bool operator!=(const TokenValue &other) const { return !(*this == other); }

  /// Prints `none`, `poison`, `T`/`F` for i1 when `boolAsPhase`, a signed
  /// decimal integer, or the shortest decimal that reads back to the same
  /// float (`nan`, `-nan`, `inf`, `-inf` for the specials; a NaN with a
  /// non-default payload prints its bits as `nan(0x7fc00001)`).
  void print(llvm::raw_ostream &os, bool boolAsPhase = false) const;

private:
  Kind kind = Kind::None;
  bool poison = false;
  const llvm::fltSemantics *semantics = nullptr;
  llvm::APInt bits;
};

llvm::raw_ostream &operator<<(llvm::raw_ostream &os, const TokenValue &value);

/// Returns true if the emulator can carry tokens of `type`: none, signless
/// integers, index, f16, bf16, f32 and f64.
bool isSupportedTokenType(mlir::Type type);

/// Returns the semantics of a supported float type, or null.
const llvm::fltSemantics *getSupportedFloatSemantics(mlir::Type type);

/// Returns the bit width a supported type's tokens have (index: 64, none: 0).
unsigned getTokenBitWidth(mlir::Type type);

/// The zero (or `none`) token of a supported type.
TokenValue getZeroToken(mlir::Type type);

/// The poison token of a supported integer or float type.
TokenValue getPoisonToken(mlir::Type type);

/// Converts an integer, index, bool or float attribute of a supported type.
/// Fails with a message naming the attribute when it is anything else.
llvm::Expected<TokenValue> getTokenFromAttribute(mlir::Attribute attr);

/// Parses one literal of `type`: `none`; `poison`; integers in decimal (a
/// leading `-` allowed) or `0x` hex, `true`/`false`/`T`/`F` for i1; floats
/// in decimal, `nan`, `inf`, `-inf`, or `0x` raw bits. Fails with a message
/// that names the text and the type.
llvm::Expected<TokenValue> parseTokenLiteral(llvm::StringRef text,
                                             mlir::Type type);

/// Prints `token` on one line in printI64 / printF32 style: signed decimal
/// integers (i1 as 0/1), floats as `%g` (or, with `floatBits`, their bit
/// pattern as a signed integer, for bit-exact comparisons), poison and none
/// by name. loom-emu and loom-sim print --format=flat|bits with it.
void printFlatToken(llvm::raw_ostream &os, const TokenValue &token,
                    bool floatBits);

/// Returns true if `value` is a legal token of `type` (same kind and width).
bool tokenMatchesType(const TokenValue &value, mlir::Type type);

} // namespace loom::sim

#endif // LOOM_SIM_TOKENVALUE_H
