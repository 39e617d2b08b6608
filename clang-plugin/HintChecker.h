//===- HintChecker.h - AST validation of Loom hints -----------*- C++ -*-===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_CLANGPLUGIN_HINTCHECKER_H
#define LOOM_CLANGPLUGIN_HINTCHECKER_H

#include "clang/AST/ASTContext.h"

namespace loom::plugin {

/// Validates every Loom hint of the translation unit after Sema: placement,
/// constant counts, duplicates, conflicts, and type rules (REDUCE on a
/// scalar, "rom" on a const object). Reports through the context's
/// diagnostics at the hint's location; the host code is otherwise untouched.
void checkHints(clang::ASTContext &context);

/// Replaces the count of every loop-hint carrier in `decl` that is an
/// integer constant expression by its value (a ConstantExpr around it), so
/// that code generation emits a constant even for a constexpr function
/// call. Runs on each top-level declaration before code generation sees it;
/// the checker later reports the counts that are not constant.
void foldCarrierCounts(clang::Decl *decl, clang::ASTContext &context);

} // namespace loom::plugin

#endif // LOOM_CLANGPLUGIN_HINTCHECKER_H
