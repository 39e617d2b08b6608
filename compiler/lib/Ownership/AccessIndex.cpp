//===- AccessIndex.cpp - index polynomials of memory accesses -------------===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "AccessIndex.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace loom::ownership;

/// Bounds on how large the polynomials get: indices are short sums.
constexpr size_t kMaxTerms = 24;
constexpr size_t kMaxDegree = 3;
constexpr unsigned kMaxDepth = 48;

bool loom::ownership::addScaled(Poly &into, const Poly &from, int64_t scale) {
  for (const auto &[monomial, coefficient] : from) {
    int64_t product, sum;
    if (llvm::MulOverflow(coefficient, scale, product))
      return false;
    int64_t &slot = into[monomial];
    if (llvm::AddOverflow(slot, product, sum))
      return false;
    slot = sum;
    if (slot == 0)
      into.erase(monomial);
  }
  return into.size() <= kMaxTerms;
}

std::optional<Poly> loom::ownership::multiply(const Poly &lhs,
                                              const Poly &rhs) {
  Poly result;
  for (const auto &[left, a] : lhs)
    for (const auto &[right, b] : rhs) {
      Monomial monomial(left);
      monomial.append(right.begin(), right.end());
      if (monomial.size() > kMaxDegree)
        return std::nullopt;
      llvm::sort(monomial);
      int64_t product;
      if (llvm::MulOverflow(a, b, product) ||
          !addScaled(result, Poly{{monomial, product}}, 1))
        return std::nullopt;
    }
  return result;
}

Poly loom::ownership::constantPoly(int64_t value) {
  return value == 0 ? Poly() : Poly{{Monomial(), value}};
}

/// The index of `op` (a memref access with one index, or an LLVM pointer
/// access with its address `terms`) with counters from `firstCounter` on;
/// nullopt when it is no polynomial.
std::optional<SideIndex> IndexBuilder::build(Operation *op, Value index,
                                             int firstCounter,
                                             const AddressTerms *terms) {
  SideIndex side;
  side.op = op;
  SmallVector<scf::ForOp> loops;
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp()) {
    if (auto loop = dyn_cast<scf::ForOp>(parent))
      loops.push_back(loop);
    if (parent == root.getOperation())
      break;
  }
  ivs.clear();
  int counter = firstCounter;
  for (scf::ForOp loop : llvm::reverse(loops)) {
    LoopLevel level;
    level.loop = loop;
    level.counter = counter++;
    APInt step;
    if (!matchPattern(loop.getStep(), m_ConstantInt(&step)) ||
        !step.isStrictlyPositive() || step.getActiveBits() > 62)
      return std::nullopt;
    level.step = step.getSExtValue();
    std::optional<Poly> lower = buildValue(loop.getLowerBound(), 0);
    std::optional<Poly> upper = buildValue(loop.getUpperBound(), 0);
    if (!lower)
      return std::nullopt;
    level.lower = *lower;
    if (upper) {
      level.tripExtent = *upper;
      if (!addScaled(level.tripExtent, *lower, -1))
        return std::nullopt;
    } else {
      // An upper bound that is no polynomial: only the facts bound it.
      level.tripExtent = Poly{{Monomial{Atom{-1, nullptr}}, 1}};
    }
    if (auto facts = loop->getAttrOfType<DictionaryAttr>("loom.facts"))
      if (auto trip = facts.getAs<DenseI64ArrayAttr>("trip_count");
          trip && trip.size() == 2)
        level.maxTrip = trip[1];
    Poly iv = *lower;
    if (!addScaled(iv, Poly{{Monomial{Atom{level.counter, nullptr}}, 1}},
                   level.step))
      return std::nullopt;
    ivs[loop.getInductionVar()] = std::move(iv);
    side.levels.push_back(std::move(level));
  }
  std::optional<Poly> poly = terms ? buildTerms(*terms) : buildValue(index, 0);
  if (!poly)
    return std::nullopt;
  side.index = std::move(*poly);
  return side;
}

bool IndexBuilder::isInvariant(Value value) {
  return !root.getRegion().isAncestor(value.getParentRegion());
}

/// The element index of a getelementptr chain: its byte offset divided
/// by the accessed element's size, when every term divides exactly.
std::optional<Poly> IndexBuilder::buildTerms(const AddressTerms &terms) {
  Poly bytes = constantPoly(terms.constantBytes);
  for (auto [value, scale] : terms.scaled) {
    std::optional<Poly> term = buildValue(value, 0);
    if (!term || !addScaled(bytes, *term, scale))
      return std::nullopt;
  }
  Poly elements;
  for (auto &[monomial, coefficient] : bytes) {
    if (coefficient % terms.elementBytes != 0)
      return std::nullopt;
    elements[monomial] = coefficient / terms.elementBytes;
  }
  return elements;
}

Poly IndexBuilder::symbol(Value value) {
  return Poly{{Monomial{Atom{-1, value.getAsOpaquePointer()}}, 1}};
}

std::optional<Poly> IndexBuilder::buildValue(Value value, unsigned depth) {
  if (auto it = ivs.find(value); it != ivs.end())
    return it->second;
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant))) {
    if (constant.getSignificantBits() > 63)
      return std::nullopt;
    return constantPoly(constant.getSExtValue());
  }
  Operation *def = value.getDefiningOp();
  if (!def || depth > kMaxDepth)
    return isInvariant(value) ? std::optional<Poly>(symbol(value))
                              : std::nullopt;
  // Casts: indices are mathematical integers (see the header).
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
          arith::ExtUIOp, arith::TruncIOp>(def))
    return buildValue(def->getOperand(0), depth + 1);
  if (isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::ShLIOp>(def)) {
    std::optional<Poly> lhs = buildValue(def->getOperand(0), depth + 1);
    std::optional<Poly> rhs = buildValue(def->getOperand(1), depth + 1);
    if (lhs && rhs) {
      if (isa<arith::AddIOp, arith::SubIOp>(def)) {
        if (addScaled(*lhs, *rhs, isa<arith::AddIOp>(def) ? 1 : -1))
          return lhs;
      } else if (isa<arith::MulIOp>(def)) {
        if (std::optional<Poly> product = multiply(*lhs, *rhs))
          return product;
      } else if (rhs->size() == 1 && rhs->count(Monomial()) &&
                 rhs->at(Monomial()) >= 0 && rhs->at(Monomial()) < 62) {
        int64_t factor = int64_t(1) << rhs->at(Monomial());
        Poly shifted;
        if (addScaled(shifted, *lhs, factor))
          return shifted;
      }
    }
  }
  // ~x = -1 - x (instcombine writes `n - 1 - i` as `n + ~i`).
  if (auto xorOp = dyn_cast<arith::XOrIOp>(def)) {
    APInt ones;
    if (matchPattern(xorOp.getRhs(), m_ConstantInt(&ones)) && ones.isAllOnes())
      if (std::optional<Poly> operand = buildValue(xorOp.getLhs(), depth + 1)) {
        Poly negated = constantPoly(-1);
        if (addScaled(negated, *operand, -1))
          return negated;
      }
  }
  // `(i << 3) | j` with 0 <= j < 8 is `i * 8 + j` (instcombine's
  // disjoint or of a row-major index).
  if (auto orOp = dyn_cast<arith::OrIOp>(def)) {
    for (auto [high, low] : {std::pair(orOp.getLhs(), orOp.getRhs()),
                             std::pair(orOp.getRhs(), orOp.getLhs())}) {
      std::optional<unsigned> zeros = getKnownTrailingZeros(high);
      if (!zeros || !isKnownBelow(low, int64_t(1) << *zeros))
        continue;
      std::optional<Poly> lhs = buildValue(high, depth + 1);
      std::optional<Poly> rhs = buildValue(low, depth + 1);
      if (lhs && rhs && addScaled(*lhs, *rhs, 1))
        return lhs;
    }
  }
  // Anything else is an atom when the loop cannot change it.
  if (isInvariant(value))
    return symbol(value);
  return std::nullopt;
}

/// Low bits of `value` known to be zero: `x << c`, `x * 2^c`.
std::optional<unsigned> IndexBuilder::getKnownTrailingZeros(Value value,
                                                            unsigned depth) {
  Operation *def = value.getDefiningOp();
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return constant.isZero() ? 62u
                             : std::min(62u, constant.countTrailingZeros());
  // (i << 3) - 8: both sides keep the low bits zero.
  if (isa_and_nonnull<arith::AddIOp, arith::SubIOp>(def) && depth < 8) {
    std::optional<unsigned> lhs =
        getKnownTrailingZeros(def->getOperand(0), depth + 1);
    std::optional<unsigned> rhs =
        getKnownTrailingZeros(def->getOperand(1), depth + 1);
    if (lhs && rhs)
      return std::min(*lhs, *rhs);
    return std::nullopt;
  }
  if (isa_and_nonnull<arith::ShLIOp>(def) &&
      matchPattern(def->getOperand(1), m_ConstantInt(&constant)) &&
      constant.ult(62))
    return unsigned(constant.getZExtValue());
  if (isa_and_nonnull<arith::MulIOp>(def) &&
      matchPattern(def->getOperand(1), m_ConstantInt(&constant)) &&
      constant.isPowerOf2() && constant.logBase2() < 62)
    return constant.logBase2();
  return std::nullopt;
}

/// True if 0 <= `value` < `bound`: a constant, or an induction variable
/// whose proven bounds (loom.facts) lie in that range.
bool IndexBuilder::isKnownBelow(Value value, int64_t bound) {
  while (Operation *def = value.getDefiningOp()) {
    if (!isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
             arith::ExtUIOp>(def))
      break;
    value = def->getOperand(0);
  }
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return !constant.isNegative() && constant.slt(bound);
  auto arg = dyn_cast<BlockArgument>(value);
  auto loop =
      arg ? dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp()) : scf::ForOp();
  if (!loop || arg != loop.getInductionVar())
    return false;
  auto facts = loop->getAttrOfType<DictionaryAttr>("loom.facts");
  auto lower =
      facts ? facts.getAs<DenseI64ArrayAttr>("lower") : DenseI64ArrayAttr();
  auto upper =
      facts ? facts.getAs<DenseI64ArrayAttr>("upper") : DenseI64ArrayAttr();
  if (lower && upper && lower.size() == 2 && upper.size() == 2)
    return lower[0] >= 0 && upper[1] <= bound;
  APInt lb, ub;
  return matchPattern(loop.getLowerBound(), m_ConstantInt(&lb)) &&
         matchPattern(loop.getUpperBound(), m_ConstantInt(&ub)) &&
         !lb.isNegative() && ub.sle(bound);
}

/// The memref an access goes through, past views.
Value loom::ownership::getRootMemref(Value memref) {
  while (auto view = memref.getDefiningOp<ViewLikeOpInterface>())
    memref = view.getViewSource();
  return memref;
}

bool loom::ownership::isNoAliasArgument(Value memref) {
  auto arg = dyn_cast<BlockArgument>(memref);
  auto func = arg ? dyn_cast<func::FuncOp>(arg.getOwner()->getParentOp())
                  : func::FuncOp();
  return func && func.getArgAttr(arg.getArgNumber(), "llvm.noalias");
}

/// The array a kernel parameter is a typed view of (`loom.array_view`, set
/// when a global array is read and written as two types), or null.
static StringAttr getArrayView(Value memref) {
  auto arg = dyn_cast<BlockArgument>(memref);
  auto func = arg ? dyn_cast<func::FuncOp>(arg.getOwner()->getParentOp())
                  : func::FuncOp();
  return func ? func.getArgAttrOfType<StringAttr>(arg.getArgNumber(),
                                                  "loom.array_view")
              : StringAttr();
}

/// Whether `a` and `b` are two typed views of one array: parameters that
/// start at one address, so equal indices of equally wide elements are one
/// element.
bool loom::ownership::areViewsOfOneArray(Value a, Value b) {
  StringAttr viewA = getArrayView(a);
  return viewA && viewA == getArrayView(b);
}

/// Whether two distinct memrefs may share elements.
bool loom::ownership::mayOverlap(Value a, Value b) {
  if (a == b)
    return true;
  Value rootA = getRootMemref(a), rootB = getRootMemref(b);
  if (rootA == rootB || areViewsOfOneArray(rootA, rootB))
    return true; // two views of one root
  if (isNoAliasArgument(rootA) || isNoAliasArgument(rootB))
    return false;
  // Distinct allocations never overlap; two parameters may.
  return isa<BlockArgument>(rootA) && isa<BlockArgument>(rootB);
}
