//===- Diagnostics.h - every diagnostic of the Loom plugin ----*- C++ -*-===//
//
// Part of the Loom project.
//
// One table of the plugin's diagnostics and one helper to report them, always
// at the hint's own source location.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_CLANGPLUGIN_DIAGNOSTICS_H
#define LOOM_CLANGPLUGIN_DIAGNOSTICS_H

#include "clang/Basic/Diagnostic.h"

namespace loom::plugin {

enum class LoomDiag {
  UnknownHint,
  MalformedHint,
  TooFewArgs,
  TooManyArgs,
  NonPositiveCount,
  NegativeCount,
  NonConstantCount,
  UnknownSchedule,
  UnknownBankLayout,
  UnknownReduceOp,
  UnknownTarget,
  ExpectedString,
  LoopHintNotOnLoop,
  FunctionHintNotOnDefinition,
  VariableHintMisplaced,
  ConflictingHints,
  DuplicateHint,
  ReduceNonScalar,
  RomNonConst,
  TargetMisplaced,
  TripcountOrder,
  CountTooLarge,
  WordForCount,
  EmptyKernelName,
  LoopConditionFalse,
  ReduceNonInteger,
  NeedsPointerOrArray,
};

/// The location where a hint token was written: `loc` without the
/// expansions whose spelling is in the scratch buffer (the text of a
/// `_Pragma`, the tokens the pragma handler injects).
clang::SourceLocation getWrittenLoc(const clang::SourceManager &sources,
                                    clang::SourceLocation loc);

/// Reports `diag` at getWrittenLoc(`loc`) through `engine`; stream the %N
/// arguments into the returned builder.
clang::DiagnosticBuilder report(clang::DiagnosticsEngine &engine,
                                clang::SourceLocation loc, LoomDiag diag);

} // namespace loom::plugin

#endif // LOOM_CLANGPLUGIN_DIAGNOSTICS_H
