//===- MemoryBuffer.h - typed element storage behind a memref ---*- C++ -*-===//
//
// Part of the Loom project.
//
// The memory a graph's memref inputs are bound to during emulation: typed
// elements with extents in a row-major identity layout. Loads and stores
// address it through bounds-checked multi-dimensional indices.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_SIM_MEMORYBUFFER_H
#define LOOM_SIM_MEMORYBUFFER_H

#include "loom/Sim/TokenValue.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace loom::sim {

/// Element storage of one memref binding. Every element is a TokenValue of
/// the element type, so a stored poison stays poison when loaded again.
class MemoryBuffer {
public:
  /// Creates zero-initialized storage for `extents` (rank 0 holds one
  /// element). `elementType` must satisfy isSupportedTokenType and not be
  /// none; every extent must be non-negative.
  MemoryBuffer(mlir::Type elementType, llvm::ArrayRef<int64_t> extents);

  mlir::Type getElementType() const { return elementType; }
  llvm::ArrayRef<int64_t> getExtents() const { return extents; }
  unsigned getRank() const { return extents.size(); }
  int64_t getNumElements() const { return elements.size(); }

  /// Returns the row-major linear position of `indices`, or std::nullopt if
  /// the rank differs or any index lies outside its extent.
  std::optional<int64_t> linearize(llvm::ArrayRef<int64_t> indices) const;

  const TokenValue &getElement(int64_t linear) const {
    return elements[linear];
  }
  /// Overwrites one element; `value` must match the element type.
  void setElement(int64_t linear, const TokenValue &value);
  llvm::ArrayRef<TokenValue> getElements() const { return elements; }

  /// Number of element reads and writes performed through the emulator.
  uint64_t getNumLoads() const { return numLoads; }
  uint64_t getNumStores() const { return numStores; }
  void countLoad() { ++numLoads; }
  void countStore() { ++numStores; }

  /// Prints the elements as `[a, b, ...]`, nesting one bracket per dimension.
  void print(llvm::raw_ostream &os) const;

private:
  mlir::Type elementType;
  llvm::SmallVector<int64_t, 2> extents;
  llvm::SmallVector<TokenValue, 0> elements;
  uint64_t numLoads = 0, numStores = 0;
};

} // namespace loom::sim

#endif // LOOM_SIM_MEMORYBUFFER_H
