//===- ArgSpec.h - kernel argument specs of loom-raise-check ----*- C++ -*-===//
//
// Part of the Loom project.
//
// The `--args` language of loom-raise-check: one entry per kernel parameter,
// either a buffer (`f32[64]`, `i32[16]:range=0..15`) filled with
// deterministic pseudo-random contents, or a scalar (`i32=64`, `f32=1.5`).
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_TOOLS_LOOMRAISECHECK_ARGSPEC_H
#define LOOM_TOOLS_LOOMRAISECHECK_ARGSPEC_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <vector>

namespace loom::raisecheck {

/// The element or scalar type of one argument.
enum class ElementKind { I8, I16, I32, I64, F32, F64 };

/// Returns the size in bytes of one `kind` value.
unsigned getElementSize(ElementKind kind);

/// Returns whether `kind` is `F32` or `F64`.
bool isFloatKind(ElementKind kind);

/// One parsed `--args` entry.
struct ArgSpec {
  ElementKind kind = ElementKind::I32;
  bool isBuffer = false;
  /// Buffers: number of elements.
  uint64_t count = 0;
  /// Buffers: the closed range of the contents, if given (`:range=lo..hi`).
  bool hasRange = false;
  double low = 0, high = 0;
  /// Scalars: the value's bits, zero-extended to 64 bits.
  uint64_t scalarBits = 0;
};

/// Parses a comma-separated `--args` list; the error names the bad entry
/// and what would be accepted.
llvm::Expected<llvm::SmallVector<ArgSpec>> parseArgSpecs(llvm::StringRef text);

/// Bytes of guard pattern before and after every buffer's contents; a
/// kernel that writes there wrote outside its buffer.
constexpr unsigned kRedZoneBytes = 64;

/// The contents of one buffer, 8-byte aligned, between two red zones.
struct Buffer {
  ElementKind kind;
  uint64_t count;
  std::vector<uint64_t> storage;
  void *data() { return storage.data() + kRedZoneBytes / 8; }
  const void *data() const { return storage.data() + kRedZoneBytes / 8; }
  /// Returns whether both red zones still hold the guard pattern.
  bool hasIntactRedZones() const;
};

/// Returns the buffer of `spec` filled from `seed` and the position of the
/// argument (`index`): integers uniformly in the range (default: the full
/// range for i8/i16, [-1000, 1000] for i32/i64), floats in the range
/// (default [-16, 16]) on a grid of 1/64 so every value is exact.
Buffer makeBuffer(const ArgSpec &spec, uint64_t seed, unsigned index);

/// Prints element `index` of `buffer` as a number and its bits in hex.
void printElement(llvm::raw_ostream &os, const Buffer &buffer, uint64_t index);

/// Prints the low `getElementSize(kind)` bytes of `bits` as a `kind` value
/// and its bits in hex.
void printValue(llvm::raw_ostream &os, ElementKind kind, uint64_t bits);

} // namespace loom::raisecheck

#endif // LOOM_TOOLS_LOOMRAISECHECK_ARGSPEC_H
