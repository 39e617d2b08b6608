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
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

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

/// Counts how many argument positions of `hint` hold counts.
unsigned getNumCountArgs(const HintInfo &hint);

/// One loop-hint carrier: the string of the
/// `switch (__builtin_annotation(<count>, "<text>")) default:` the pragma
/// handler injects in front of a hinted loop. The text is
///   loom.<hint>[#<arg>]@<file>:<line>:<col>[:<word>]...
/// `#<arg>` (the argument position of the count) appears only for hints with
/// several counts, which get one carrier per count; the words are the
/// hint's word arguments (the parallel schedule), in order.
struct LoopCarrierText {
  const HintInfo *hint = nullptr;
  std::optional<unsigned> argIndex;
  std::string location; ///< "file:line:col"
  llvm::SmallVector<std::string, 1> words;
};

/// Renders `carrier` as the carrier's string.
std::string formatLoopCarrier(const LoopCarrierText &carrier);

/// Parses a carrier string; nullopt if `text` is none (not `loom.`, an
/// unknown or non-loop hint, no location).
std::optional<LoopCarrierText> parseLoopCarrier(llvm::StringRef text);

/// The key that names one loop hint across the AST checker and the IR
/// lowering: "<spelling>@<file:line:col>".
std::string getLoopHintKey(llvm::StringRef spelling, llvm::StringRef location);

/// Prefix of every annotate attribute and metadata name Loom emits.
constexpr llvm::StringLiteral kAnnotationPrefix = "loom.";

} // namespace loom::plugin

#endif // LOOM_CLANGPLUGIN_HINTS_H
