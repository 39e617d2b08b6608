//===- Diagnostics.cpp - every diagnostic of the Loom plugin --------------===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "Diagnostics.h"

#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace loom::plugin;

namespace {
struct DiagInfo {
  LoomDiag diag;
  DiagnosticsEngine::Level level;
  const char *format;
};
} // namespace

static const DiagInfo kDiags[] = {
    {LoomDiag::UnknownHint, DiagnosticsEngine::Error,
     "unknown Loom hint '%0'; see docs/hints.md for the accepted hints"},
    {LoomDiag::MalformedHint, DiagnosticsEngine::Error,
     "malformed hint '%0': %1"},
    {LoomDiag::TooFewArgs, DiagnosticsEngine::Error,
     "hint '%0' needs at least %1 argument(s), got %2"},
    {LoomDiag::TooManyArgs, DiagnosticsEngine::Error,
     "hint '%0' takes at most %1 argument(s), got %2"},
    {LoomDiag::NonPositiveCount, DiagnosticsEngine::Error,
     "argument %0 of hint '%1' must be a positive integer, got %2"},
    {LoomDiag::NegativeCount, DiagnosticsEngine::Error,
     "argument %0 of hint '%1' must be a non-negative integer, got %2"},
    {LoomDiag::NonConstantCount, DiagnosticsEngine::Error,
     "argument %0 of hint '%1' must be an integer constant expression"},
    {LoomDiag::UnknownSchedule, DiagnosticsEngine::Error,
     "unknown schedule '%0' in hint '%1'; expected 'contiguous' or "
     "'interleaved'"},
    {LoomDiag::UnknownBankLayout, DiagnosticsEngine::Error,
     "unknown bank layout '%0' in hint '%1'; expected 'cyclic' or 'block'"},
    {LoomDiag::UnknownReduceOp, DiagnosticsEngine::Error,
     "unknown reduction operator '%0'; expected one of + * min max & | ^"},
    {LoomDiag::UnknownTarget, DiagnosticsEngine::Error,
     "unknown target \"%0\"; expected \"spatial\", \"temporal\", "
     "\"pe[x,y]\", \"rom\" or \"extmemory\""},
    {LoomDiag::ExpectedString, DiagnosticsEngine::Error,
     "argument %0 of hint '%1' must be a string literal"},
    {LoomDiag::LoopHintNotOnLoop, DiagnosticsEngine::Error,
     "loop hint '%0' must be followed by a loop; found %1"},
    {LoomDiag::FunctionHintNotOnDefinition, DiagnosticsEngine::Error,
     "function hint '%0' must precede a function definition; found %1"},
    {LoomDiag::VariableHintMisplaced, DiagnosticsEngine::Error,
     "hint '%0' must precede a parameter or variable declaration; found %1"},
    {LoomDiag::ConflictingHints, DiagnosticsEngine::Error,
     "hint '%0' conflicts with hint '%1' on the same %2"},
    {LoomDiag::DuplicateHint, DiagnosticsEngine::Error,
     "duplicate hint '%0' on the same %1"},
    {LoomDiag::ReduceNonScalar, DiagnosticsEngine::Error,
     "LOOM_REDUCE needs a scalar accumulator; '%0' has type %1"},
    {LoomDiag::RomNonConst, DiagnosticsEngine::Error,
     "target \"rom\" needs a const object; '%0' has type %1"},
    {LoomDiag::TargetMisplaced, DiagnosticsEngine::Error,
     "target \"%0\" applies to %1, not to %2"},
    {LoomDiag::TripcountOrder, DiagnosticsEngine::Error,
     "hint '%0' needs min <= typical <= max and min <= average <= max; got "
     "%1"},
    {LoomDiag::CountTooLarge, DiagnosticsEngine::Error,
     "argument %0 of hint '%1' must be at most 9223372036854775807, got %2"},
    {LoomDiag::WordForCount, DiagnosticsEngine::Error,
     "argument %0 of hint '%1' must be an integer constant expression, got "
     "'%2'; the count comes first, as in '%3'"},
    {LoomDiag::EmptyKernelName, DiagnosticsEngine::Error,
     "the kernel name of hint '%0' must not be empty; omit the argument for "
     "the default name"},
    {LoomDiag::LoopConditionFalse, DiagnosticsEngine::Error,
     "loop hint '%0' precedes a '%1' loop whose condition is always false, "
     "so it never repeats; remove the hint"},
    {LoomDiag::ReduceNonInteger, DiagnosticsEngine::Error,
     "LOOM_REDUCE(%0) needs an integer or bool accumulator; '%1' has type %2"},
    {LoomDiag::NeedsPointerOrArray, DiagnosticsEngine::Error,
     "hint '%0' needs a pointer or an array; '%1' has type %2"},
};

SourceLocation loom::plugin::getWrittenLoc(const SourceManager &sources,
                                           SourceLocation loc) {
  while (loc.isMacroID() && !sources.isMacroArgExpansion(loc) &&
         sources.isWrittenInScratchSpace(sources.getSpellingLoc(loc)))
    loc = sources.getImmediateExpansionRange(loc).getBegin();
  return loc;
}

DiagnosticBuilder loom::plugin::report(DiagnosticsEngine &engine,
                                       SourceLocation loc, LoomDiag diag) {
  if (engine.hasSourceManager())
    loc = getWrittenLoc(engine.getSourceManager(), loc);
  for (const DiagInfo &info : kDiags) {
    if (info.diag != diag)
      continue;
    DiagnosticIDs::CustomDiagDesc desc(
        info.level == DiagnosticsEngine::Error ? diag::Severity::Error
                                               : diag::Severity::Remark,
        info.format,
        info.level == DiagnosticsEngine::Error ? DiagnosticIDs::CLASS_ERROR
                                               : DiagnosticIDs::CLASS_REMARK,
        /*ShowInSystemHeader=*/false, /*ShowInSystemMacro=*/true);
    return engine.Report(loc, engine.getDiagnosticIDs()->getCustomDiagID(desc));
  }
  llvm_unreachable("diagnostic missing from kDiags");
}
