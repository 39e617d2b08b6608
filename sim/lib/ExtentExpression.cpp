//===- ExtentExpression.cpp - evaluate the bounds of a pointer argument --===//
//
// Part of the Loom project.
//
// A recursive-descent evaluator over 64-bit intervals. Every operation is
// checked: an intermediate that may overflow 64 bits, or the bit width the
// kernel computes it in, makes the result Unknown rather than wrong, since
// the kernel itself would have wrapped there.
//
//===----------------------------------------------------------------------===//

#include "loom/Sim/ExtentExpression.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <limits>

using namespace llvm;
using namespace loom::sim;

namespace {
/// An operand's value: an interval, "never evaluated" (its loop runs no
/// iteration) or unknown.
struct Interval {
  enum class State { Range, Empty, Unknown } state = State::Unknown;
  int64_t lo = 0, hi = 0;
  std::string reason;

  static Interval range(int64_t lo, int64_t hi) {
    if (lo > hi)
      return empty();
    return {State::Range, lo, hi, ""};
  }
  static Interval empty() { return {State::Empty, 0, 0, ""}; }
  static Interval unknown(const Twine &why) {
    return {State::Unknown, 0, 0, why.str()};
  }
  bool isRange() const { return state == State::Range; }
};

enum class Op {
  For,
  ForU,
  Add,
  Sub,
  Mul,
  Shl,
  Trunc,
  ZExt,
  Div,
  DivU,
  Rem,
  RemU,
  Shr,
  ShrU,
  Min,
  Max,
  MinU,
  MaxU,
  And,
  Hull,
  Invalid
};

/// Operand count of an operation (after its width, if it has one); -1: any.
int getArity(Op op) {
  return op == Op::Hull ? -1 : op == Op::Trunc || op == Op::ZExt ? 1 : 2;
}

bool hasWidth(Op op) {
  return op == Op::Add || op == Op::Sub || op == Op::Mul || op == Op::Shl ||
         op == Op::Trunc || op == Op::ZExt;
}

/// The interval through the checked corner products of `a` and `b` (sound
/// for any signs: a product's extremes lie at the corners).
Interval multiply(const Interval &a, const Interval &b) {
  int64_t corners[4];
  int64_t pairs[4][2] = {
      {a.lo, b.lo}, {a.lo, b.hi}, {a.hi, b.lo}, {a.hi, b.hi}};
  for (unsigned i = 0; i < 4; ++i)
    if (MulOverflow(pairs[i][0], pairs[i][1], corners[i]))
      return Interval::unknown("a product may exceed 64 bits");
  return Interval::range(*std::min_element(corners, corners + 4),
                         *std::max_element(corners, corners + 4));
}

/// `value` if it fits a signed integer of `width` bits, else Unknown: the
/// kernel computes in that width and may wrap.
Interval fitWidth(const Interval &value, unsigned width, StringRef what) {
  if (!value.isRange() || width >= 64)
    return value;
  int64_t max = (int64_t(1) << (width - 1)) - 1;
  if (value.lo < -max - 1 || value.hi > max)
    return Interval::unknown("the " + what + " may leave the range of i" +
                             Twine(width) + " (values up to " +
                             Twine(value.hi) + ")");
  return value;
}

/// Division-like operations whose extremes are at the corners of a
/// non-negative-divisor box: truncating division and arithmetic shifts.
template <typename Fn>
Interval corners(const Interval &a, const Interval &b, Fn apply) {
  int64_t values[4] = {apply(a.lo, b.lo), apply(a.lo, b.hi), apply(a.hi, b.lo),
                       apply(a.hi, b.hi)};
  return Interval::range(*std::min_element(values, values + 4),
                         *std::max_element(values, values + 4));
}

Interval applyLoop(Op op, const Interval &lb, const Interval &ub) {
  if (op == Op::ForU && (lb.lo < 0 || ub.lo < 0))
    return Interval::unknown("an unsigned loop bound may be above the "
                             "signed range");
  // lb <= iv < ub; ub.hi == INT64_MIN means no iteration at all.
  if (ub.hi == std::numeric_limits<int64_t>::min())
    return Interval::empty();
  return Interval::range(lb.lo, ub.hi - 1);
}

Interval applyArithmetic(Op op, unsigned width, const Interval &a,
                         const Interval &b) {
  int64_t lo, hi;
  switch (op) {
  case Op::Add:
    if (AddOverflow(a.lo, b.lo, lo) || AddOverflow(a.hi, b.hi, hi))
      return Interval::unknown("a sum may exceed 64 bits");
    return fitWidth(Interval::range(lo, hi), width, "sum");
  case Op::Sub:
    if (SubOverflow(a.lo, b.hi, lo) || SubOverflow(a.hi, b.lo, hi))
      return Interval::unknown("a difference may exceed 64 bits");
    return fitWidth(Interval::range(lo, hi), width, "difference");
  case Op::Mul:
    return fitWidth(multiply(a, b), width, "product");
  case Op::Shl: {
    if (b.lo < 0 || b.hi >= int64_t(std::min(width, 63u)))
      return Interval::unknown("a shift amount may be out of range");
    Interval scale = Interval::range(int64_t(1) << b.lo, int64_t(1) << b.hi);
    return fitWidth(multiply(a, scale), width, "shifted value");
  }
  default:
    llvm_unreachable("not a sized arithmetic operation");
  }
}

Interval applyDivision(Op op, const Interval &a, const Interval &b) {
  bool isUnsigned = op == Op::DivU || op == Op::RemU || op == Op::ShrU;
  if (isUnsigned && a.lo < 0)
    return Interval::unknown("an unsigned operand may be above the signed "
                             "range");
  if (op == Op::Shr || op == Op::ShrU) {
    if (b.lo < 0 || b.hi > 63)
      return Interval::unknown("a shift amount may be out of range");
    return corners(a, b, [](int64_t x, int64_t s) { return x >> s; });
  }
  if (b.lo < 1)
    return Interval::unknown("a divisor may be zero or negative");
  if (op == Op::Div || op == Op::DivU)
    return corners(a, b, [](int64_t x, int64_t d) { return x / d; });
  // A remainder has the dividend's sign and a magnitude below the divisor.
  int64_t lo = a.lo >= 0 ? 0 : std::max(a.lo, -(b.hi - 1));
  int64_t hi = a.hi <= 0 ? 0 : std::min(a.hi, b.hi - 1);
  return Interval::range(lo, hi);
}

Interval applyBinary(Op op, unsigned width, const Interval &a,
                     const Interval &b) {
  switch (op) {
  case Op::For:
  case Op::ForU:
    return applyLoop(op, a, b);
  case Op::Add:
  case Op::Sub:
  case Op::Mul:
  case Op::Shl:
    return applyArithmetic(op, width, a, b);
  case Op::MinU:
  case Op::MaxU:
    if (a.lo < 0 || b.lo < 0)
      return Interval::unknown("an unsigned operand may be above the signed "
                               "range");
    [[fallthrough]];
  case Op::Min:
  case Op::Max: {
    bool isMin = op == Op::Min || op == Op::MinU;
    return isMin ? Interval::range(std::min(a.lo, b.lo), std::min(a.hi, b.hi))
                 : Interval::range(std::max(a.lo, b.lo), std::max(a.hi, b.hi));
  }
  case Op::And:
    // x & m lies in [0, m] for any x when m >= 0.
    if (a.lo >= 0 && b.lo >= 0)
      return Interval::range(0, std::min(a.hi, b.hi));
    if (a.lo >= 0 || b.lo >= 0)
      return Interval::range(0, a.lo >= 0 ? a.hi : b.hi);
    return Interval::unknown("both operands of an 'and' may be negative");
  default:
    return applyDivision(op, a, b);
  }
}

Interval applyUnary(Op op, unsigned width, const Interval &a) {
  if (op == Op::Trunc)
    return fitWidth(a, width, "truncated value");
  // zext: a value of `width` bits read as unsigned.
  if (a.lo >= 0)
    return a;
  if (a.hi < 0 && width < 64)
    return Interval::range(a.lo + (int64_t(1) << width),
                           a.hi + (int64_t(1) << width));
  return Interval::unknown("a zero-extended value may be negative");
}

/// Combines evaluated operands: an Empty operand means the operation never
/// runs, so it wins over Unknown; `hull` instead drops Empty operands.
Interval apply(Op op, unsigned width, ArrayRef<Interval> operands) {
  if (op == Op::Hull) {
    Interval result = Interval::empty();
    for (const Interval &operand : operands) {
      if (operand.state == Interval::State::Empty)
        continue;
      if (operand.state == Interval::State::Unknown)
        return operand;
      result = result.isRange()
                   ? Interval::range(std::min(result.lo, operand.lo),
                                     std::max(result.hi, operand.hi))
                   : operand;
    }
    return result;
  }
  for (const Interval &operand : operands)
    if (operand.state == Interval::State::Empty)
      return operand;
  for (const Interval &operand : operands)
    if (operand.state == Interval::State::Unknown)
      return operand;
  if (operands.size() == 1)
    return applyUnary(op, width, operands[0]);
  return applyBinary(op, width, operands[0], operands[1]);
}

/// Parses and evaluates in one pass.
class Evaluator {
public:
  Evaluator(StringRef text,
            function_ref<std::optional<int64_t>(unsigned)> getScalar)
      : text(text), getScalar(getScalar) {}

  Expected<Interval> evaluateAll() {
    Expected<Interval> value = evaluate(/*depth=*/0);
    if (!value)
      return value.takeError();
    skipSpaces();
    if (pos != text.size())
      return error("unexpected text after the expression");
    return value;
  }

private:
  /// Deep enough for any kernel's loop nest; bounds the recursion on
  /// corrupt input.
  static constexpr unsigned kMaxDepth = 200;

  Error error(const Twine &message) const {
    return createStringError(inconvertibleErrorCode(),
                             "at offset " + Twine(pos) + ": " + message);
  }
  void skipSpaces() {
    while (pos < text.size() && text[pos] == ' ')
      ++pos;
  }
  StringRef takeWord() {
    skipSpaces();
    size_t start = pos;
    while (pos < text.size() && text[pos] != ' ' && text[pos] != '(' &&
           text[pos] != ')')
      ++pos;
    return text.slice(start, pos);
  }

  Expected<Interval> evaluate(unsigned depth) {
    if (depth > kMaxDepth)
      return error("the expression nests deeper than " + Twine(kMaxDepth));
    skipSpaces();
    if (pos < text.size() && text[pos] == '(')
      return evaluateOperation(depth);
    StringRef word = takeWord();
    int64_t value;
    if (word.consume_front("%")) {
      unsigned index;
      if (word.getAsInteger(10, index))
        return error("expected an argument number after '%'");
      std::optional<int64_t> scalar = getScalar(index);
      if (!scalar)
        return error("argument #" + Twine(index) +
                     " is not an integer scalar of the kernel");
      return Interval::range(*scalar, *scalar);
    }
    if (word.empty() || word.getAsInteger(10, value))
      return error("expected a number, an argument or '(', got '" + word + "'");
    return Interval::range(value, value);
  }

  Expected<Interval> evaluateOperation(unsigned depth) {
    ++pos; // '('
    StringRef name = takeWord();
    Op op = StringSwitch<Op>(name)
                .Case("for", Op::For)
                .Case("foru", Op::ForU)
                .Case("add", Op::Add)
                .Case("sub", Op::Sub)
                .Case("mul", Op::Mul)
                .Case("shl", Op::Shl)
                .Case("trunc", Op::Trunc)
                .Case("zext", Op::ZExt)
                .Case("div", Op::Div)
                .Case("divu", Op::DivU)
                .Case("rem", Op::Rem)
                .Case("remu", Op::RemU)
                .Case("shr", Op::Shr)
                .Case("shru", Op::ShrU)
                .Case("min", Op::Min)
                .Case("max", Op::Max)
                .Case("minu", Op::MinU)
                .Case("maxu", Op::MaxU)
                .Case("and", Op::And)
                .Case("hull", Op::Hull)
                .Default(Op::Invalid);
    if (op == Op::Invalid)
      return error("unknown operation '" + name + "'");
    unsigned width = 64;
    if (hasWidth(op)) {
      StringRef word = takeWord();
      if (word.getAsInteger(10, width) || width < 1 || width > 64)
        return error("'" + name + "' needs a bit width from 1 to 64, got '" +
                     word + "'");
    }
    SmallVector<Interval, 4> operands;
    while (true) {
      skipSpaces();
      if (pos >= text.size())
        return error("missing ')' after '" + name + "'");
      if (text[pos] == ')')
        break;
      Expected<Interval> operand = evaluate(depth + 1);
      if (!operand)
        return operand.takeError();
      operands.push_back(std::move(*operand));
    }
    ++pos; // ')'
    int arity = getArity(op);
    if (arity >= 0 && operands.size() != unsigned(arity))
      return error("'" + name + "' takes " + Twine(arity) + " operands, got " +
                   Twine(operands.size()));
    return apply(op, width, operands);
  }

  StringRef text;
  function_ref<std::optional<int64_t>(unsigned)> getScalar;
  size_t pos = 0;
};
} // namespace

Expected<IndexRange> loom::sim::evaluateIndexRange(
    StringRef expression,
    function_ref<std::optional<int64_t>(unsigned)> getScalar) {
  Expected<Interval> value = Evaluator(expression, getScalar).evaluateAll();
  if (!value)
    return value.takeError();
  IndexRange range;
  switch (value->state) {
  case Interval::State::Range:
    range.kind = IndexRange::Kind::Bounded;
    range.lowest = value->lo;
    range.highest = value->hi;
    break;
  case Interval::State::Empty:
    range.kind = IndexRange::Kind::NoAccess;
    break;
  case Interval::State::Unknown:
    range.kind = IndexRange::Kind::Unknown;
    range.reason = value->reason;
    break;
  }
  return range;
}
