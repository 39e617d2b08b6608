//===- LocationTracking.h - source locations without -g --------*- C++ -*-===//
//
// Part of the Loom project.
//
// The device compile reports what it does at source lines, so the kernels'
// IR needs locations even when the user asks for no debug information. The
// plugin turns on what clang turns on for -Rpass (locations in the IR, no
// debug sections in the object) and, once the device path has taken its
// copies of the kernels, strips them from the host module again: the
// host IR and object stay exactly what clang would produce.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_CLANGPLUGIN_LOCATIONTRACKING_H
#define LOOM_CLANGPLUGIN_LOCATIONTRACKING_H

#include "llvm/IR/PassManager.h"

namespace clang {
class CompilerInstance;
} // namespace clang

namespace loom::plugin {

/// Makes code generation track source locations when it would not (no -g,
/// no -Rpass) and the Loom passes run to strip them again; call before code
/// generation starts (from the AST action). Not when the compile writes
/// bitcode, which would keep a trace of it. Returns whether it did.
bool enableLocationTracking(clang::CompilerInstance &instance);

/// Removes all debug information from the module, and the module flag that
/// announces it: the inverse of enableLocationTracking for the host module.
class StripLocationsPass : public llvm::PassInfoMixin<StripLocationsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &module,
                              llvm::ModuleAnalysisManager &analyses);
  static bool isRequired() { return true; }
};

} // namespace loom::plugin

#endif // LOOM_CLANGPLUGIN_LOCATIONTRACKING_H
