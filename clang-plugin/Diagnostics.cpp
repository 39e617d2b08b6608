//===- Diagnostics.cpp - every diagnostic of the Loom plugin --------------===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "Diagnostics.h"

#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;
using namespace loom::plugin;

namespace {
/// How a table entry is reported.
enum class DiagClass {
  Error,       ///< a malformed or misplaced hint
  HintWarning, ///< -Wloom-hint: a hint that does not fit; it is ignored
  Note,        ///< a note after the diagnostic before it
};

struct DiagInfo {
  LoomDiag diag;
  DiagClass diagClass;
  const char *format;
};
} // namespace

static const DiagInfo kDiags[] = {
    {LoomDiag::UnknownHint, DiagClass::Error,
     "unknown Loom hint '%0'; see docs/hints.md for the accepted hints"},
    {LoomDiag::MalformedHint, DiagClass::Error, "malformed hint '%0': %1"},
    {LoomDiag::TooFewArgs, DiagClass::Error,
     "hint '%0' needs at least %1 argument(s), got %2"},
    {LoomDiag::TooManyArgs, DiagClass::Error,
     "hint '%0' takes at most %1 argument(s), got %2"},
    {LoomDiag::NonPositiveCount, DiagClass::Error,
     "argument %0 of hint '%1' must be a positive integer, got %2"},
    {LoomDiag::NegativeCount, DiagClass::Error,
     "argument %0 of hint '%1' must be a non-negative integer, got %2"},
    {LoomDiag::NonConstantCount, DiagClass::Error,
     "argument %0 of hint '%1' must be an integer constant expression"},
    {LoomDiag::UnknownSchedule, DiagClass::Error,
     "unknown schedule '%0' in hint '%1'; expected 'contiguous' or "
     "'interleaved'"},
    {LoomDiag::UnknownBankLayout, DiagClass::Error,
     "unknown bank layout '%0' in hint '%1'; expected 'cyclic' or 'block'"},
    {LoomDiag::UnknownReduceOp, DiagClass::Error,
     "unknown reduction operator '%0'; expected one of + * min max & | ^"},
    {LoomDiag::UnknownTarget, DiagClass::Error,
     "unknown target \"%0\"; expected \"spatial\", \"temporal\", "
     "\"pe[x,y]\", \"rom\" or \"extmemory\""},
    {LoomDiag::ExpectedString, DiagClass::Error,
     "argument %0 of hint '%1' must be a string literal"},
    {LoomDiag::HintMacroWithoutArgs, DiagClass::Error,
     "hint '%0' is written without its parentheses; write '%0(%1)'"},
    {LoomDiag::LoopHintNotOnLoop, DiagClass::Error,
     "loop hint '%0' must be followed by a loop; found %1"},
    {LoomDiag::FunctionHintNotOnDefinition, DiagClass::Error,
     "function hint '%0' must precede a function definition; found %1"},
    {LoomDiag::VariableHintMisplaced, DiagClass::Error,
     "hint '%0' must precede a parameter or variable declaration; found %1"},
    {LoomDiag::ConflictingHints, DiagClass::Error,
     "hint '%0' conflicts with hint '%1' on the same %2"},
    {LoomDiag::DuplicateHint, DiagClass::Error,
     "duplicate hint '%0' on the same %1"},
    {LoomDiag::ReduceNonScalar, DiagClass::HintWarning,
     "LOOM_REDUCE needs a scalar accumulator; '%0' has type %1; the hint is "
     "ignored"},
    {LoomDiag::RomNonConst, DiagClass::HintWarning,
     "target \"rom\" needs a const object; '%0' has type %1; the hint is "
     "ignored"},
    {LoomDiag::TargetMisplaced, DiagClass::Error,
     "target \"%0\" applies to %1, not to %2"},
    {LoomDiag::TripcountOrder, DiagClass::Error,
     "hint '%0' needs min <= typical <= max and min <= average <= max; got "
     "%1"},
    {LoomDiag::CountTooLarge, DiagClass::Error,
     "argument %0 of hint '%1' must be at most 9223372036854775807, got %2"},
    {LoomDiag::WordForCount, DiagClass::Error,
     "argument %0 of hint '%1' must be an integer constant expression, got "
     "'%2'; the count comes first, as in '%3'"},
    {LoomDiag::EmptyKernelName, DiagClass::Error,
     "the kernel name of hint '%0' must not be empty; omit the argument for "
     "the default name"},
    {LoomDiag::LoopConditionFalse, DiagClass::HintWarning,
     "loop hint '%0' precedes a '%1' loop whose condition is always false, "
     "so it never repeats; the hint is ignored"},
    {LoomDiag::ReduceNonInteger, DiagClass::HintWarning,
     "LOOM_REDUCE(%0) needs an integer or bool accumulator; '%1' has type "
     "%2; the hint is ignored"},
    {LoomDiag::NeedsPointerOrArray, DiagClass::HintWarning,
     "hint '%0' needs a pointer or an array; '%1' has type %2; the hint is "
     "ignored"},
    {LoomDiag::ReduceNotAccumulated, DiagClass::HintWarning,
     "LOOM_REDUCE(%0) ignored: %1"},
    {LoomDiag::DeviceHintWarning, DiagClass::HintWarning, "%0"},
    {LoomDiag::HintNote, DiagClass::Note, "%0"},
};

/// The -Wloom-hint state of this compilation; clang runs one compilation
/// at a time in a process.
static HintWarningState hintWarningState = HintWarningState::On;

std::optional<HintWarningState>
loom::plugin::parseHintWarningState(StringRef value) {
  return llvm::StringSwitch<std::optional<HintWarningState>>(value)
      .Case("on", HintWarningState::On)
      .Case("off", HintWarningState::Off)
      .Case("error", HintWarningState::Error)
      .Case("no-error", HintWarningState::NoError)
      .Default(std::nullopt);
}

void loom::plugin::setHintWarningState(HintWarningState state) {
  hintWarningState = state;
}

static const DiagInfo &getInfo(LoomDiag diag) {
  for (const DiagInfo &info : kDiags)
    if (info.diag == diag)
      return info;
  llvm_unreachable("diagnostic missing from kDiags");
}

LoomDiagBuilder::~LoomDiagBuilder() {
  if (!builder || !keepWarning)
    return;
  // Clang maps every warning to an error under -Werror at emission; a
  // custom diagnostic has no mapping that could opt out, so -Werror is off
  // for exactly this one.
  bool saved = engine->getWarningsAsErrors();
  engine->setWarningsAsErrors(false);
  builder.reset();
  engine->setWarningsAsErrors(saved);
}

SourceLocation loom::plugin::getWrittenLoc(const SourceManager &sources,
                                           SourceLocation loc) {
  while (loc.isMacroID() && !sources.isMacroArgExpansion(loc) &&
         sources.isWrittenInScratchSpace(sources.getSpellingLoc(loc)))
    loc = sources.getImmediateExpansionRange(loc).getBegin();
  return loc;
}

/// The severity and flag text of a hint warning under the current state,
/// as clang would decide it for a warning of its own group; nullopt if it
/// is not reported. Clang applies neither -w nor a group's state to a
/// custom diagnostic, so this does.
static std::optional<std::pair<diag::Severity, StringRef>>
getHintWarningSeverity(const DiagnosticsEngine &engine) {
  if (hintWarningState == HintWarningState::Off ||
      engine.getIgnoreAllWarnings())
    return std::nullopt;
  if (hintWarningState == HintWarningState::Error)
    return std::make_pair(diag::Severity::Error, " [-Werror=loom-hint]");
  if (hintWarningState == HintWarningState::On && engine.getWarningsAsErrors())
    return std::make_pair(diag::Severity::Error, " [-Werror,-Wloom-hint]");
  return std::make_pair(diag::Severity::Warning, " [-Wloom-hint]");
}

LoomDiagBuilder loom::plugin::report(DiagnosticsEngine &engine,
                                     SourceLocation loc, LoomDiag diag) {
  if (engine.hasSourceManager())
    loc = getWrittenLoc(engine.getSourceManager(), loc);
  const DiagInfo &info = getInfo(diag);
  std::string format = info.format;
  diag::Severity severity = diag::Severity::Error;
  unsigned diagClass = DiagnosticIDs::CLASS_ERROR;
  bool keepWarning = false;
  switch (info.diagClass) {
  case DiagClass::Error:
    break;
  case DiagClass::Note:
    // Clang's own notes have severity Fatal (see getCustomDiagID(Level)).
    severity = diag::Severity::Fatal;
    diagClass = DiagnosticIDs::CLASS_NOTE;
    break;
  case DiagClass::HintWarning: {
    auto decided = getHintWarningSeverity(engine);
    if (!decided)
      return LoomDiagBuilder();
    severity = decided->first;
    format += decided->second;
    diagClass = severity == diag::Severity::Error
                    ? DiagnosticIDs::CLASS_ERROR
                    : DiagnosticIDs::CLASS_WARNING;
    keepWarning = severity == diag::Severity::Warning;
    break;
  }
  }
  DiagnosticIDs::CustomDiagDesc desc(severity, format, diagClass,
                                     /*ShowInSystemHeader=*/false,
                                     /*ShowInSystemMacro=*/true);
  unsigned id = engine.getDiagnosticIDs()->getCustomDiagID(desc);
  return LoomDiagBuilder(engine, engine.Report(loc, id), keepWarning);
}

SourceLocation loom::plugin::translateHintLocation(SourceManager &sources,
                                                   StringRef where) {
  // Split from the right: file names may contain ':'.
  auto [rest, column] = where.rsplit(':');
  auto [file, line] = rest.rsplit(':');
  unsigned lineNumber = 0, columnNumber = 0;
  if (file.empty() || line.getAsInteger(10, lineNumber) ||
      column.getAsInteger(10, columnNumber) || lineNumber == 0)
    return SourceLocation();
  OptionalFileEntryRef entry =
      sources.getFileManager().getOptionalFileRef(file);
  if (!entry)
    return SourceLocation();
  // Invalid unless the file was read by this compilation.
  return sources.translateFileLineCol(&entry->getFileEntry(), lineNumber,
                                      std::max(columnNumber, 1u));
}

/// `text` as a diagnostic at `where` reports it: without a clang location,
/// prefixed with `where`.
static std::string locateText(SourceLocation loc, StringRef where,
                              StringRef text) {
  if (loc.isValid() || where.empty())
    return text.str();
  return (where + ": " + text).str();
}

void loom::plugin::reportDeviceHintWarning(
    DiagnosticsEngine &engine, SourceManager &sources, StringRef where,
    StringRef message, ArrayRef<std::pair<std::string, std::string>> notes) {
  SourceLocation loc = translateHintLocation(sources, where);
  {
    LoomDiagBuilder warning = report(engine, loc, LoomDiag::DeviceHintWarning);
    if (!warning)
      return;
    warning << locateText(loc, where, message);
  }
  // After the warning is emitted: a note belongs to the diagnostic before it.
  for (const auto &[noteWhere, text] : notes) {
    SourceLocation noteLoc = translateHintLocation(sources, noteWhere);
    report(engine, noteLoc, LoomDiag::HintNote)
        << locateText(noteLoc, noteWhere, text);
  }
}
