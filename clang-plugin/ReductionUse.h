//===- ReductionUse.h - is a LOOM_REDUCE variable a reduction? -*- C++ -*-===//
//
// Part of the Loom project.
//
// `LOOM_REDUCE(op) T acc` says that a loop accumulates into `acc` with
// `op`. The AST shows whether one does: `acc += x`, `acc = acc * x`,
// `acc = std::max(acc, x)`, `acc = x < acc ? x : acc`, `++acc` inside a
// loop of the function that declares it.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_CLANGPLUGIN_REDUCTIONUSE_H
#define LOOM_CLANGPLUGIN_REDUCTIONUSE_H

#include "clang/AST/Decl.h"

#include <string>

namespace loom::plugin {

/// Why `var` is not the accumulator of an `op` reduction (`+ * min max & |
/// ^`) in a loop of `function`'s body: a loop updates it with another
/// operator, or reads it without updating it. "" when it is an accumulator,
/// when no loop touches it (the hint is inert) or the body is not known.
std::string whyNotReduction(const clang::VarDecl &var, llvm::StringRef op,
                            const clang::FunctionDecl *function);

} // namespace loom::plugin

#endif // LOOM_CLANGPLUGIN_REDUCTIONUSE_H
