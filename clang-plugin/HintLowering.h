//===- HintLowering.h - Loom hints into LLVM IR ---------------*- C++ -*-===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_CLANGPLUGIN_HINTLOWERING_H
#define LOOM_CLANGPLUGIN_HINTLOWERING_H

#include "llvm/ADT/StringSet.h"
#include "llvm/IR/PassManager.h"

namespace loom::plugin {

/// Turns the hint carriers clang emitted into Loom's IR schema (see
/// docs/hints.md, "IR schema"):
/// - function annotations `loom.<hint>` become function attributes
///   (`"loom.kernel"="<name>"`, `"loom.no_accel"`, `"loom.target"="<t>"`,
///   `"loom.location"="<file:line:col>"`); kernels whose default names
///   collide (overloads) get the parameter list appended;
/// - parameter annotations become parameter attributes (`"loom.stream"`,
///   `"loom.memory_bank"="<n>[,<layout>]"`, `"loom.reduce"="<op>"`,
///   `"loom.target"="<t>"`); variable annotations become one `!loom.hints`
///   tuple of hint tuples on the variable's alloca or global;
/// - `llvm.annotation` loop carriers become one `loom.*` entry per hint in
///   exactly the wrapped loop's `!llvm.loop` metadata, and a `candidate`
///   loop is outlined into a new kernel function.
/// A hint that cannot be attached to exactly one loop is dropped with a
/// remark; a loop hint the AST checker ignored (its key, see
/// getLoopHintKey(), is in `ignoredLoopHints`) is dropped silently: its
/// warning was given. Runs at pipeline start, before any transformation.
class LowerLoomHintsPass : public llvm::PassInfoMixin<LowerLoomHintsPass> {
public:
  explicit LowerLoomHintsPass(llvm::StringSet<> ignoredLoopHints = {})
      : ignoredLoopHints(std::move(ignoredLoopHints)) {}
  llvm::PreservedAnalyses run(llvm::Module &module,
                              llvm::ModuleAnalysisManager &analyses);
  static bool isRequired() { return true; }

private:
  llvm::StringSet<> ignoredLoopHints;
};

} // namespace loom::plugin

#endif // LOOM_CLANGPLUGIN_HINTLOWERING_H
