//===- artifact.h - running a kernel's dataflow artifact --------*- C++ -*-===//
//
// Part of the Loom project.
//
// What the emu and sim backends share: the parsed artifact of a kernel and
// the one routine that binds the caller's arguments and interprets it. The
// sim backend differs from emu only in how a dataflow.graph launch runs
// (InterpreterOptions::graphRunner). Private to libloomrt; unlike internal.h
// it pulls in MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNTIME_ARTIFACT_H
#define LOOM_RUNTIME_ARTIFACT_H

#include "internal.h"

#include "loom/Sim/ProgramInterpreter.h"

#include "mlir/IR/BuiltinOps.h"

namespace loom::rt {

/// The parsed and verified module of `kernel`'s artifact. getEmuProblem()
/// must be empty.
mlir::ModuleOp getArtifactModule(const loom_kernel_desc_t &kernel);

/// The interpreter options `policy` asks for (workers, step budget).
loom::sim::InterpreterOptions getInterpreterOptions(const Policy &policy);

/// runOnEmu with the interpreter options given: binds the caller's
/// arguments, interprets the artifact, writes the result and the run's
/// statistics; a fault is an error naming the kernel and `backend`.
loom_status_t runArtifact(llvm::StringRef caller,
                          const loom_kernel_desc_t &kernel, void **args,
                          void *outResult, Backend backend,
                          const loom::sim::InterpreterOptions &options,
                          LaunchDetails &details);

} // namespace loom::rt

#endif // LOOM_RUNTIME_ARTIFACT_H
