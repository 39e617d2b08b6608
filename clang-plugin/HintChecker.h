//===- HintChecker.h - AST validation of Loom hints -----------*- C++ -*-===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_CLANGPLUGIN_HINTCHECKER_H
#define LOOM_CLANGPLUGIN_HINTCHECKER_H

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/StringSet.h"

#include <memory>

namespace loom::plugin {

struct HintCheckState;

/// Validates the Loom hints of one translation unit after Sema: placement,
/// constant counts, duplicates, conflicts, and type rules (REDUCE on a
/// scalar, "rom" on a const object). Reports through the context's
/// diagnostics at the hint's location, each diagnostic once; the host code
/// is otherwise untouched. A hint that does not fit its object is a
/// -Wloom-hint warning, and the hint is ignored: its attribute is removed
/// from the declaration (so check each top-level declaration before code
/// generation sees it), and an ignored loop hint is listed for the IR
/// lowering to drop.
class HintCheckSession {
public:
  explicit HintCheckSession(clang::ASTContext &context);
  ~HintCheckSession();

  /// Checks the hints in `decl`, a top-level declaration or an
  /// instantiation handed to the AST consumer.
  void check(clang::Decl *decl);

  /// Checks the whole translation unit at its end, for what no top-level
  /// declaration held.
  void finish();

  /// The ignored loop hints, as getLoopHintKey() keys.
  const llvm::StringSet<> &getIgnoredLoopHints() const;

private:
  clang::ASTContext &context;
  std::unique_ptr<HintCheckState> state;
};

/// Replaces the count of every loop-hint carrier in `decl` that is an
/// integer constant expression by its value (a ConstantExpr around it), so
/// that code generation emits a constant even for a constexpr function
/// call. Runs on each top-level declaration before code generation sees it;
/// the checker later reports the counts that are not constant.
void foldCarrierCounts(clang::Decl *decl, clang::ASTContext &context);

} // namespace loom::plugin

#endif // LOOM_CLANGPLUGIN_HINTCHECKER_H
