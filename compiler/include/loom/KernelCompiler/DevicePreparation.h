//===- DevicePreparation.h - LLVM-level cleanup before raising --*- C++ -*-===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_KERNELCOMPILER_DEVICEPREPARATION_H
#define LOOM_KERNELCOMPILER_DEVICEPREPARATION_H

#include "llvm/IR/Module.h"

namespace loom::compiler {

/// Prepares a kernel module cut from clang's pipeline-start IR for raising.
///
/// The device compile keeps the kernel's semantics equal to the host
/// compile's: it starts from the same IR the host optimizer starts from and
/// runs only semantics-preserving cleanups — `sroa` (scalars out of stack
/// slots), `early-cse`, `instcombine` (no fixpoint verification, as in
/// clang's pipelines), `simplifycfg` and `loop-simplify` —
/// and no loop rotation, so counted loops stay pre-tested and raise to
/// `scf.for` (build-notes.md, "From LLVM IR to SCF"). `optnone` and
/// `noinline` (present at -O0) are removed from the device copy only, and
/// debug information is stripped so the artifact does not depend on -g or
/// -Rpass.
/// Floating-point contraction is whatever clang's -ffp-contract put into
/// the IR: `llvm.fmuladd` calls are raised as separate multiply and add,
/// which is what the x86-64 host (no FMA by default) executes.
///
/// Hints the MLIR importer would drop are re-encoded: each loop's `loom.*`
/// loop-metadata entries become a call `__loom_loop_hints("<hint>=<args>@<loc>;
/// ...")` at the top of the loop latch, and `loom.*` parameter attributes
/// become the function attribute `"loom.param_hints"="<arg>:<hint>=<v>;..."`.
void prepareDeviceModule(llvm::Module &module);

} // namespace loom::compiler

#endif // LOOM_KERNELCOMPILER_DEVICEPREPARATION_H
