//===- MemoryBuffer.h - typed element storage behind a memref ---*- C++ -*-===//
//
// Part of the Loom project.
//
// The memory a graph's memref inputs are bound to during emulation: typed
// elements with extents in a row-major identity layout. Loads and stores
// address it through bounds-checked multi-dimensional indices. A buffer is
// either owned (TokenValue elements) or bound to external host memory (the
// caller's array in its native layout, read and written in place).
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_SIM_MEMORYBUFFER_H
#define LOOM_SIM_MEMORYBUFFER_H

#include "loom/Sim/TokenValue.h"

#include "llvm/ADT/SmallVector.h"

#include <atomic>
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

  /// Binds rank-1 host memory at `data`: elements in their native C layout
  /// (iN in N/8 bytes, i1 in one byte, index in 8 bytes, IEEE floats),
  /// little-endian as the host is. With `numElements`, indices are checked
  /// against [firstIndex, firstIndex + numElements): a pointer into the
  /// middle of an array may be indexed below zero (`end[-i]`, `p[-1]`), so
  /// the checked range may start before `data`. std::nullopt means the
  /// extent is unknown and indices are not checked at all (the caller
  /// vouches for them). No copy is made: loads read and stores write
  /// `data`. The element type must satisfy isSupportedHostElementType.
  MemoryBuffer(mlir::Type elementType, void *data,
               std::optional<int64_t> numElements, int64_t firstIndex = 0);

  /// Whether external host memory of `elementType` can be bound: i1, i8,
  /// i16, i32, i64, index, f16, bf16, f32 and f64.
  static bool isSupportedHostElementType(mlir::Type elementType);

  /// Whether loadHostValue / storeHostValue handle `type`: the host
  /// element types and !llvm.ptr (a 64-bit address).
  static bool isSupportedHostValueType(mlir::Type type);
  /// Bytes one value of a host value type occupies (i1: one byte).
  static unsigned getHostValueBytes(mlir::Type type);
  /// Reads / writes one value of a host value type at a host address in its
  /// native layout. The address is not checked: the caller vouches for it.
  static TokenValue loadHostValue(mlir::Type type, const void *address);
  static void storeHostValue(mlir::Type type, void *address,
                             const TokenValue &value);

  mlir::Type getElementType() const { return elementType; }
  llvm::ArrayRef<int64_t> getExtents() const { return extents; }
  unsigned getRank() const { return extents.size(); }
  /// The element count; -1 for host memory of unknown extent.
  int64_t getNumElements() const;
  /// True when the elements live in external host memory.
  bool isExternal() const { return hostData != nullptr; }

  /// The lowest valid index of host memory (negative when the pointer is
  /// inside the array); 0 for owned elements.
  int64_t getFirstIndex() const { return firstIndex; }

  /// Returns the row-major linear position of `indices`, or std::nullopt if
  /// the rank differs or any index lies outside its extent. For host
  /// memory the position is the index itself, which may be negative: it
  /// counts elements from the bound pointer.
  std::optional<int64_t> linearize(llvm::ArrayRef<int64_t> indices) const;

  /// Prints the valid indices for an out-of-bounds message: "extents [4,
  /// 8]", "indices [-3, 12]", or "unknown extent".
  void printBounds(llvm::raw_ostream &os) const;

  TokenValue getElement(int64_t linear) const;
  /// Overwrites one element; `value` must match the element type.
  void setElement(int64_t linear, const TokenValue &value);
  /// The owned elements; empty for external host memory.
  llvm::ArrayRef<TokenValue> getElements() const { return elements; }

  /// Number of element reads and writes performed through the emulator.
  /// Relaxed atomics: instances on several workers share one buffer.
  uint64_t getNumLoads() const {
    return numLoads.load(std::memory_order_relaxed);
  }
  uint64_t getNumStores() const {
    return numStores.load(std::memory_order_relaxed);
  }
  void countLoad() { numLoads.fetch_add(1, std::memory_order_relaxed); }
  void countStore() { numStores.fetch_add(1, std::memory_order_relaxed); }

  /// Prints the elements as `[a, b, ...]`, nesting one bracket per dimension.
  void print(llvm::raw_ostream &os) const;

private:
  mlir::Type elementType;
  llvm::SmallVector<int64_t, 2> extents;
  llvm::SmallVector<TokenValue, 0> elements;
  /// External host memory, or null for owned elements.
  void *hostData = nullptr;
  /// Bytes per element of host memory.
  unsigned hostElementBytes = 0;
  /// Whether host memory indices are checked against extents.
  bool checked = true;
  /// The lowest valid host memory index.
  int64_t firstIndex = 0;
  std::atomic<uint64_t> numLoads{0}, numStores{0};
};

} // namespace loom::sim

#endif // LOOM_SIM_MEMORYBUFFER_H
