//===- MemoryBuffer.cpp - typed element storage behind a memref ----------===//
//
// Part of the Loom project.
//
// Row-major element storage with bounds-checked addressing.
//
//===----------------------------------------------------------------------===//

#include "loom/Sim/MemoryBuffer.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"

#include <cstring>

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

bool MemoryBuffer::isSupportedHostElementType(Type elementType) {
  if (elementType.isIndex() ||
      isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(elementType))
    return true;
  auto intType = dyn_cast<IntegerType>(elementType);
  if (!intType || !intType.isSignless())
    return false;
  unsigned width = intType.getWidth();
  return width == 1 || width == 8 || width == 16 || width == 32 || width == 64;
}

MemoryBuffer::MemoryBuffer(Type elementType, void *data,
                           std::optional<int64_t> numElements,
                           int64_t firstIndex)
    : elementType(elementType), hostData(data), firstIndex(firstIndex) {
  assert(data && "null host memory");
  assert(isSupportedHostElementType(elementType) &&
         "unsupported host element type");
  hostElementBytes = std::max(1u, getTokenBitWidth(elementType) / 8);
  checked = numElements.has_value();
  extents.push_back(numElements ? *numElements : ShapedType::kDynamic);
}

int64_t MemoryBuffer::getNumElements() const {
  if (!isExternal())
    return elements.size();
  return checked ? extents.front() : -1;
}

TokenValue MemoryBuffer::getElement(int64_t linear) const {
  if (!isExternal())
    return elements[linear];
  return loadHostValue(elementType, static_cast<char *>(hostData) +
                                        linear * hostElementBytes);
}

bool MemoryBuffer::isSupportedHostValueType(Type type) {
  return isa<LLVM::LLVMPointerType>(type) || isSupportedHostElementType(type);
}

unsigned MemoryBuffer::getHostValueBytes(Type type) {
  return std::max(1u, getTokenBitWidth(type) / 8);
}

TokenValue MemoryBuffer::loadHostValue(Type type, const void *address) {
  uint64_t raw = 0;
  std::memcpy(&raw, address, getHostValueBytes(type));
  unsigned width = getTokenBitWidth(type);
  if (width == 1)
    raw &= 1;
  APInt bits(width, raw);
  if (const llvm::fltSemantics *semantics = getSupportedFloatSemantics(type))
    return TokenValue::getFloatBits(*semantics, bits);
  return TokenValue::getInteger(bits);
}

void MemoryBuffer::storeHostValue(Type type, void *address,
                                  const TokenValue &value) {
  // A stored poison writes its (meaningless) bits, as native code would
  // write some unspecified value.
  uint64_t raw = value.getBits().getZExtValue();
  std::memcpy(address, &raw, getHostValueBytes(type));
}

std::optional<int64_t>
MemoryBuffer::linearize(ArrayRef<int64_t> indices) const {
  if (indices.size() != extents.size())
    return std::nullopt;
  if (!checked)
    return indices.front();
  if (isExternal()) {
    int64_t index = indices.front();
    if (index < firstIndex || index - firstIndex >= extents.front())
      return std::nullopt;
    return index;
  }
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
  if (!isExternal()) {
    elements[linear] = value;
    return;
  }
  storeHostValue(elementType,
                 static_cast<char *>(hostData) + linear * hostElementBytes,
                 value);
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
  if (isExternal()) {
    if (!checked) {
      os << "<host memory of unknown extent>";
      return;
    }
    os << "[";
    for (int64_t i = 0; i < extents.front(); ++i)
      os << (i ? ", " : "") << getElement(firstIndex + i);
    os << "]";
    return;
  }
  if (extents.empty()) {
    os << elements.front();
    return;
  }
  printDim(os, elements, extents, 0, 0);
}

void MemoryBuffer::printBounds(raw_ostream &os) const {
  if (isExternal() && !checked) {
    os << "unknown extent";
    return;
  }
  if (isExternal() && firstIndex != 0) {
    os << "indices [" << firstIndex << ", " << firstIndex + extents.front() - 1
       << "]";
    return;
  }
  os << "extents [";
  llvm::interleaveComma(extents, os);
  os << "]";
}
