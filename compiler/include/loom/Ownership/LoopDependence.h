//===- LoopDependence.h - cross-iteration dependences of a loop -*- C++ -*-===//
//
// Part of the Loom project.
//
// Whether the iterations of an scf.for may run in any order: per memory
// root, every pair of accesses of which one writes is tested for a pair of
// distinct iterations touching one element. Indices are polynomials of the
// loop's and its inner loops' induction variables and of loop-invariant
// values; a pair is
//   - independent when no two distinct iterations can meet (the exact
//     distance test for uniform indices, a GCD test, a bounds test for
//     row-major indices with constant inner extents);
//   - dependent when a pair of iterations meets for every value of the
//     invariants (the invariant parts cancel) once the loops run long
//     enough — found exactly for uniform indices, by a bounded search of
//     the first iterations otherwise;
//   - undecided otherwise (indirect or data-dependent indices, invariants
//     that do not cancel, memrefs that may overlap, calls).
// Indices are mathematical integers: casts are transparent (C's signed
// overflow is undefined; unsigned wrap-around inside an index is not
// modelled). An access under a condition counts as executed.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_OWNERSHIP_LOOPDEPENDENCE_H
#define LOOM_OWNERSHIP_LOOPDEPENDENCE_H

#include "mlir/Dialect/SCF/IR/SCF.h"

#include <optional>
#include <string>

namespace loom::ownership {

enum class DependenceVerdict { Independent, Dependent, Undecided };

/// Two accesses of distinct iterations that touch one element.
struct LoopDependence {
  /// The access of the earlier and of the later iteration.
  mlir::Operation *earlier = nullptr, *later = nullptr;
  /// Iterations between them when that is the same for every witness.
  std::optional<int64_t> distance;
  /// One witness: the induction variable's values of the two iterations.
  int64_t earlierValue = 0, laterValue = 0;
  /// Every iteration accesses the same element (no induction variable in
  /// the index).
  bool invariantAddress = false;
};

struct LoopDependenceResult {
  DependenceVerdict verdict = DependenceVerdict::Undecided;
  /// For Dependent.
  std::optional<LoopDependence> dependence;
  /// For Undecided and Dependent-free results that are not Independent:
  /// what could not be proven, one phrase per cause.
  llvm::SmallVector<std::string> undecided;
};

/// The source location of `loop`'s hint `name` (`loom.hint_locations`),
/// or the loop's own location; `where` receives its "file:line:col".
mlir::Location getHintLocation(mlir::Operation *loop, llvm::StringRef name,
                               std::string *where);

/// True for a store (memref.store, llvm.store) among the accesses the
/// analysis reports.
bool isWriteAccess(mlir::Operation *access);

/// Where to show `op` in a message about the code at `relativeTo`
/// ("file:line:col"): its frame in that file when it was inlined from
/// another (the call of `std::bit_cast`, not the library's body).
mlir::Location getAccessLocation(mlir::Operation *op,
                                 llvm::StringRef relativeTo);

/// `'out[i - 1]'`: an access as the user wrote it in the file of
/// `relativeTo`, or "an element".
std::string quoteAccess(mlir::Operation *access, llvm::StringRef relativeTo);

/// " (line N)" of `op`, with the file name when it is not the file of
/// `relativeTo` ("file:line:col"); "" when `op` has no source location.
std::string lineOf(mlir::Operation *op, llvm::StringRef relativeTo);

/// Tests the memory accesses of `loop`'s body (iter_args are not looked at:
/// a loop that has them carries values regardless).
LoopDependenceResult analyzeLoopDependences(mlir::scf::ForOp loop);
/// The same with what is known of which memrefs may share elements (the
/// alias partitions of a graph region, where the memrefs are no longer the
/// function's arguments).
LoopDependenceResult analyzeLoopDependences(
    mlir::scf::ForOp loop,
    llvm::function_ref<bool(mlir::Value, mlir::Value)> mayOverlap);

} // namespace loom::ownership

#endif // LOOM_OWNERSHIP_LOOPDEPENDENCE_H
