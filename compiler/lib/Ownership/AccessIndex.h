//===- AccessIndex.h - index polynomials of memory accesses -----*- C++ -*-===//
//
// Part of the Loom project.
//
// Private to the Ownership library: the index of an access inside an
// scf.for as a polynomial over *counters* (the normalized iteration numbers
// k of the loop and of the loops nested in it, iv = lb + step * k) and
// loop-invariant values, and the memory roots accesses go through. The
// dependence analysis (LoopDependence.cpp) compares pairs of such indices;
// loom-forward-loop-stores matches a load against a store of an earlier
// iteration.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_LIB_OWNERSHIP_ACCESSINDEX_H
#define LOOM_LIB_OWNERSHIP_ACCESSINDEX_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/DenseMap.h"

#include <map>
#include <optional>

namespace loom::ownership {

/// A factor of a monomial: a counter (by id) or an invariant value.
struct Atom {
  int counter = -1;
  const void *symbol = nullptr;
  bool isCounter() const { return counter >= 0; }
  bool operator<(const Atom &other) const {
    return std::tie(counter, symbol) < std::tie(other.counter, other.symbol);
  }
  bool operator==(const Atom &other) const {
    return counter == other.counter && symbol == other.symbol;
  }
};

using Monomial = llvm::SmallVector<Atom, 2>;
/// Sum of coefficient * monomial; the empty monomial is the constant.
using Poly = std::map<Monomial, int64_t>;

/// into += scale * from; false on overflow or when `into` grows too large.
bool addScaled(Poly &into, const Poly &from, int64_t scale);
/// lhs * rhs; nullopt on overflow or when the degree grows too large.
std::optional<Poly> multiply(const Poly &lhs, const Poly &rhs);
Poly constantPoly(int64_t value);

/// One loop around an access, up to and including the analysed loop.
struct LoopLevel {
  mlir::scf::ForOp loop;
  int counter;
  Poly lower;      ///< in the counters of the outer levels
  Poly tripExtent; ///< upper - lower
  int64_t step;
  std::optional<int64_t> maxTrip; ///< from loom.facts
};

/// The address of an LLVM pointer access past its base: a chain of
/// one-index getelementptrs (`o[i + 2]` is often `gep i8 (gep f32 %o, %i),
/// 8` after instcombine), as a byte offset.
struct AddressTerms {
  llvm::SmallVector<std::pair<mlir::Value, int64_t>, 2>
      scaled; ///< index, bytes per step
  int64_t constantBytes = 0;
  int64_t elementBytes = 1; ///< of the loaded or stored value
};

/// One side of a pair: an access with its index in counters.
struct SideIndex {
  mlir::Operation *op;
  Poly index;
  llvm::SmallVector<LoopLevel, 4> levels; ///< outermost (the analysed loop)
                                          ///< first
};

/// Builds index polynomials for the accesses in `root`'s body.
class IndexBuilder {
public:
  explicit IndexBuilder(mlir::scf::ForOp root) : root(root) {}

  /// The index of `op` (a memref access with one index, or an LLVM pointer
  /// access with its address `terms`) with counters from `firstCounter` on;
  /// nullopt when it is no polynomial.
  std::optional<SideIndex> build(mlir::Operation *op, mlir::Value index,
                                 int firstCounter, const AddressTerms *terms);

private:
  bool isInvariant(mlir::Value value);
  /// The element index of a getelementptr chain: its byte offset divided
  /// by the accessed element's size, when every term divides exactly.
  std::optional<Poly> buildTerms(const AddressTerms &terms);
  Poly symbol(mlir::Value value);
  std::optional<Poly> buildValue(mlir::Value value, unsigned depth);
  /// Low bits of `value` known to be zero: `x << c`, `x * 2^c`.
  static std::optional<unsigned> getKnownTrailingZeros(mlir::Value value,
                                                       unsigned depth = 0);
  /// True if 0 <= `value` < `bound`: a constant, or an induction variable
  /// whose proven bounds (loom.facts) lie in that range.
  static bool isKnownBelow(mlir::Value value, int64_t bound);

  mlir::scf::ForOp root;
  llvm::DenseMap<mlir::Value, Poly> ivs;
};

/// The memref an access goes through, past views.
mlir::Value getRootMemref(mlir::Value memref);

/// Whether `memref` is a function argument marked `llvm.noalias`.
bool isNoAliasArgument(mlir::Value memref);

/// Whether `a` and `b` are two typed views of one array (`loom.array_view`):
/// parameters that start at one address, so equal indices of equally wide
/// elements are one element.
bool areViewsOfOneArray(mlir::Value a, mlir::Value b);

/// Whether two memrefs may share elements.
bool mayOverlap(mlir::Value a, mlir::Value b);

} // namespace loom::ownership

#endif // LOOM_LIB_OWNERSHIP_ACCESSINDEX_H
