//===- Diagnostics.h - every diagnostic of the Loom plugin ----*- C++ -*-===//
//
// Part of the Loom project.
//
// One table of the plugin's diagnostics and one helper to report them, always
// at the hint's own source location. A malformed or misplaced hint is an
// error; a hint that does not fit what it annotates is a -Wloom-hint warning
// and is ignored. Clang's custom diagnostics belong to no warning group, so
// this file implements -Wloom-hint itself: its state comes from the plugin
// argument `hint-warnings=`, and clang's own -w and -Werror are applied here.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_CLANGPLUGIN_DIAGNOSTICS_H
#define LOOM_CLANGPLUGIN_DIAGNOSTICS_H

#include "clang/Basic/Diagnostic.h"

#include <optional>

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
  ReduceNotAccumulated,
  HintMacroWithoutArgs,
  /// A hint warning of the device compiler, its text as given (%0).
  DeviceHintWarning,
  /// A note after a hint warning (%0).
  HintNote,
};

/// What -Wloom-hint flags ask for, in the meaning of clang's -W flags.
enum class HintWarningState {
  On,      ///< a warning (the default); -Werror promotes it
  Off,     ///< -Wno-loom-hint: not reported
  Error,   ///< -Werror=loom-hint: an error
  NoError, ///< -Wno-error=loom-hint: a warning even under -Werror
};

/// Parses a `hint-warnings=` value (on, off, error, no-error).
std::optional<HintWarningState> parseHintWarningState(llvm::StringRef value);

/// Sets the state for the rest of this compilation (default: On).
void setHintWarningState(HintWarningState state);

/// A diagnostic being built: stream the %N arguments into it; it is emitted
/// when it goes out of scope. An empty builder (a hint warning that is off,
/// or silenced by -w) takes the arguments and emits nothing.
class LoomDiagBuilder {
public:
  LoomDiagBuilder() = default;
  LoomDiagBuilder(clang::DiagnosticsEngine &engine,
                  clang::DiagnosticBuilder builder, bool keepWarning)
      : engine(&engine), builder(std::move(builder)), keepWarning(keepWarning) {
  }
  LoomDiagBuilder(LoomDiagBuilder &&other)
      : engine(other.engine), builder(std::move(other.builder)),
        keepWarning(other.keepWarning) {
    other.builder.reset();
  }
  LoomDiagBuilder &operator=(LoomDiagBuilder &&) = delete;
  ~LoomDiagBuilder();

  /// Whether the diagnostic is emitted at all.
  explicit operator bool() const { return builder.has_value(); }

  template <typename T> LoomDiagBuilder &operator<<(const T &value) {
    if (builder)
      *builder << value;
    return *this;
  }

private:
  clang::DiagnosticsEngine *engine = nullptr;
  std::optional<clang::DiagnosticBuilder> builder;
  /// A warning that -Werror must not promote (-Wno-error=loom-hint).
  bool keepWarning = false;
};

/// The location where a hint token was written: `loc` without the
/// expansions whose spelling is in the scratch buffer (the text of a
/// `_Pragma`, the tokens the pragma handler injects).
clang::SourceLocation getWrittenLoc(const clang::SourceManager &sources,
                                    clang::SourceLocation loc);

/// Reports `diag` at getWrittenLoc(`loc`) through `engine`. A hint warning
/// gets its flag appended (` [-Wloom-hint]`, ` [-Werror=loom-hint]` or
/// ` [-Werror,-Wloom-hint]`) and follows the -Wloom-hint state, -w and
/// -Werror. A note (HintNote) attaches to the diagnostic emitted before it:
/// skip the notes of a hint warning whose builder is empty, or they would
/// attach to an earlier diagnostic.
LoomDiagBuilder report(clang::DiagnosticsEngine &engine,
                       clang::SourceLocation loc, LoomDiag diag);

/// The clang location of "file:line:col" (the presumed filename, as the
/// plugin writes hint locations), or an invalid location if the file is
/// not one this compilation read.
clang::SourceLocation translateHintLocation(clang::SourceManager &sources,
                                            llvm::StringRef where);

/// Reports a hint warning of the device compiler: `message` at `where`,
/// then each note (location, text), through the -Wloom-hint machinery of
/// report(). Without a clang location, the text starts with `where`.
void reportDeviceHintWarning(
    clang::DiagnosticsEngine &engine, clang::SourceManager &sources,
    llvm::StringRef where, llvm::StringRef message,
    llvm::ArrayRef<std::pair<std::string, std::string>> notes);

} // namespace loom::plugin

#endif // LOOM_CLANGPLUGIN_DIAGNOSTICS_H
