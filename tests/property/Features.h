//===- Features.h - how many programs used each feature ---------*- C++ -*-===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_TESTS_PROPERTY_FEATURES_H
#define LOOM_TESTS_PROPERTY_FEATURES_H

#include "Executors.h"
#include "Program.h"

#include "llvm/Support/raw_ostream.h"

namespace loom::proptest {

/// The features issue J item 3 asks the generator for, and a few more, each
/// counted once per program that uses it anywhere (docs/testing.md).
enum class Feature : unsigned {
  I8,
  I16,
  I64,
  F64,
  FloatDouble,      ///< extf/truncf, or a scatter-add of the other float type.
  IntFloat,         ///< sitofp/uitofp, float<->int bitcasts.
  Unsigned,         ///< divui/remui/shrui/minui, cmpi ult/ule/ugt/uge.
  Shifts,           ///< shli/shrsi/shrui.
  WrapAround,       ///< addi/subi/muli on i8 or i16.
  Reverse,          ///< a backward for loop.
  DataWhile,        ///< a while loop whose exit condition is computed.
  Aliasing,         ///< two memory arguments on one buffer.
  Pointer,          ///< a memory argument passed as a pointer (memref<?xT>).
  Interior,         ///< a pointer bound inside its buffer (buf + k).
  End,              ///< a pointer bound at its buffer's end (buf + n).
  Negative,         ///< the SCF run indexed a pointer below zero.
  Kernel,           ///< compiled through loom-ownership-pipeline.
  HintRight,        ///< a hinted loop whose hint holds.
  HintWrong,        ///< a hinted loop whose hint does not.
  Restrict,         ///< a `__restrict` (llvm.noalias) pointer of a kernel.
  MemoryRecurrence, ///< a kernel loop storing a[i] = f(a[i - d], ...).
  Reduction,        ///< a for loop of a kernel carrying `acc = acc op x`.
  Count
};

/// Per feature, the programs of a run that used it.
class FeatureCounts {
public:
  /// Counts `program`; `negativeIndex`: its SCF run indexed a pointer
  /// argument below zero (Check::negativeIndex).
  void add(const Program &program, bool negativeIndex);
  /// A few `programs using: ...` lines.
  void print(llvm::raw_ostream &os) const;

private:
  uint64_t counts[unsigned(Feature::Count)] = {};
};

/// The `parallel hints: ...` and `kernel pointer arguments: ...` lines of
/// the kernel programs' reports summed over a run.
void printKernelReport(llvm::raw_ostream &os, const KernelReport &report);

} // namespace loom::proptest

#endif // LOOM_TESTS_PROPERTY_FEATURES_H
