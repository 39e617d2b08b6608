//===- MemoryBuffer.cpp - typed element storage behind a memref ----------===//
//
// Part of the Loom project.
//
// Row-major element storage with bounds-checked addressing.
//
//===----------------------------------------------------------------------===//

#include "loom/Sim/MemoryBuffer.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace loom::sim;

MemoryBuffer::MemoryBuffer(Type elementType, ArrayRef<int64_t> extents)
    : elementType(elementType), extents(extents) {
  assert(isSupportedTokenType(elementType) && !isa<NoneType>(elementType) &&
         "unsupported memory element type");
  int64_t count = 1;
  for (int64_t extent : extents) {
    assert(extent >= 0 && "negative memory extent");
    count *= extent;
  }
  elements.assign(count, getZeroToken(elementType));
}

std::optional<int64_t>
MemoryBuffer::linearize(ArrayRef<int64_t> indices) const {
  if (indices.size() != extents.size())
    return std::nullopt;
  int64_t linear = 0;
  for (auto [index, extent] : llvm::zip_equal(indices, extents)) {
    if (index < 0 || index >= extent)
      return std::nullopt;
    linear = linear * extent + index;
  }
  return linear;
}

void MemoryBuffer::setElement(int64_t linear, const TokenValue &value) {
  assert(tokenMatchesType(value, elementType) &&
         "stored token does not match the element type");
  elements[linear] = value;
}

/// Prints the sub-array of dimension `dim` that starts at `offset`.
static void printDim(raw_ostream &os, ArrayRef<TokenValue> elements,
                     ArrayRef<int64_t> extents, unsigned dim, int64_t offset) {
  int64_t stride = 1;
  for (int64_t extent : extents.drop_front(dim + 1))
    stride *= extent;
  os << "[";
  for (int64_t i = 0; i < extents[dim]; ++i) {
    if (i)
      os << ", ";
    if (dim + 1 == extents.size())
      os << elements[offset + i];
    else
      printDim(os, elements, extents, dim + 1, offset + i * stride);
  }
  os << "]";
}

void MemoryBuffer::print(raw_ostream &os) const {
  if (extents.empty()) {
    os << elements.front();
    return;
  }
  printDim(os, elements, extents, 0, 0);
}
