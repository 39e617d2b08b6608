//===- ExtentExpression.h - bounds of pointer arguments ---------*- C++ -*-===//
//
// Part of the Loom project.
//
// The compiler describes the element indices a kernel accesses through a
// pointer parameter as an expression of the kernel's integer arguments
// (loom-analyze-param-extents; format in docs/runtime.md, "Bounds of pointer
// arguments"). A launch evaluates it with its actual arguments, in interval
// arithmetic, to bind the caller's array with exactly the accessed extent.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_SIM_EXTENTEXPRESSION_H
#define LOOM_SIM_EXTENTEXPRESSION_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>

namespace loom::sim {

/// What one launch may access through a pointer argument.
struct IndexRange {
  enum class Kind {
    /// Every access lies in [lowest, highest].
    Bounded,
    /// No access can run (every access sits in a loop of zero iterations).
    NoAccess,
    /// No bound for this launch; `reason` says why (an interval that may
    /// leave its bit width, a divisor that may be zero, ...).
    Unknown,
  };
  Kind kind = Kind::Unknown;
  int64_t lowest = 0, highest = -1;
  std::string reason;
};

/// Evaluates `expression` with the integer arguments of one launch:
/// `getScalar(i)` returns argument i's signed value, or std::nullopt when
/// argument i is not an integer scalar. Fails, saying where, when the
/// expression is malformed or refers to an argument that is not an integer
/// scalar; a well-formed expression never fails, whatever the values.
llvm::Expected<IndexRange> evaluateIndexRange(
    llvm::StringRef expression,
    llvm::function_ref<std::optional<int64_t>(unsigned)> getScalar);

} // namespace loom::sim

#endif // LOOM_SIM_EXTENTEXPRESSION_H
