//===- Passes.h - LLVM dialect to SCF raising passes ------------*- C++ -*-===//
//
// Part of the Loom project.
//
// The passes that raise imported LLVM-dialect kernels towards structured
// `func` / `cf` / `arith` / `math` / `scf` IR (issue C).
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RAISING_PASSES_H
#define LOOM_RAISING_PASSES_H

#include "mlir/Pass/Pass.h"

namespace loom::raising {

#define GEN_PASS_DECL
#include "loom/Raising/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "loom/Raising/Passes.h.inc"

} // namespace loom::raising

#endif // LOOM_RAISING_PASSES_H
