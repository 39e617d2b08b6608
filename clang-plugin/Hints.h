//===- Hints.h - the Loom hint vocabulary ---------------------*- C++ -*-===//
//
// Part of the Loom project.
//
// One table of every hint the plugin accepts: its spelling, where it may
// appear and the shape of its arguments. The pragma handler parses against
// it, the AST checker validates against it, and the IR lowering names
// metadata after it (`loom.<spelling>`).
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_CLANGPLUGIN_HINTS_H
#define LOOM_CLANGPLUGIN_HINTS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace loom::plugin {

/// Where a hint appertains.
enum class HintPlacement {
  Function,  ///< before a function definition
  Variable,  ///< before a parameter or variable declaration
  Loop,      ///< before a loop statement
  Candidate, ///< `#pragma loom candidate`: a function definition or a loop
};

/// What one argument position holds.
enum class HintArg {
  Count,      ///< a positive integer constant expression
  MinCount,   ///< a non-negative integer constant expression
  Schedule,   ///< contiguous | interleaved (any letter case)
  BankLayout, ///< cyclic | block
  ReduceOp,   ///< + * min max & | ^
  Target,     ///< a string literal naming a target
  Name,       ///< a string literal naming the kernel
};

struct HintInfo {
  llvm::StringLiteral spelling; ///< the pragma spelling, e.g. "parallel"
  llvm::StringLiteral macro;    ///< the macro users write, e.g. "LOOM_PARALLEL"
  HintPlacement placement;
  unsigned minArgs;
  llvm::ArrayRef<HintArg> args; ///< maximal argument list
  /// A hint that may not be combined with this one on the same entity.
  llvm::StringLiteral conflictsWith;
};

/// Returns the hint spelled `spelling`, or null.
const HintInfo *lookupHint(llvm::StringRef spelling);

/// Every hint, in documentation order.
llvm::ArrayRef<HintInfo> getHints();

/// Normalizes a schedule keyword to lower case; nullopt if unknown.
std::optional<llvm::StringRef> normalizeSchedule(llvm::StringRef word);

/// True for contiguous/interleaved, cyclic/block, the reduction operators.
bool isBankLayout(llvm::StringRef word);
bool isReduceOp(llvm::StringRef op);

/// True for "spatial", "temporal", "rom", "extmemory" and "pe[x,y]" with
/// non-negative decimal x and y.
bool isValidTarget(llvm::StringRef target);

/// Targets that name where an object lives rather than how code runs.
bool isObjectTarget(llvm::StringRef target);

/// The function the injected loop-hint carrier calls (see loom/loom.h).
constexpr llvm::StringLiteral kLoopHintCallee = "__loom_loop_hint";

/// Prefix of every annotate attribute and metadata name Loom emits.
constexpr llvm::StringLiteral kAnnotationPrefix = "loom.";

} // namespace loom::plugin

#endif // LOOM_CLANGPLUGIN_HINTS_H
