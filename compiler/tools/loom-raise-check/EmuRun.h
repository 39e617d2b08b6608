//===- EmuRun.h - loom-raise-check on the dataflow emulator -----*- C++ -*-===//
//
// Part of the Loom project.
//
// The `--emu` mode of loom-raise-check: the kernel is compiled exactly as
// loom-clang++ compiles it (KernelCompiler: raising, ownership,
// loom-lower-scf-to-dfg, validation), its printed dataflow program is parsed
// back like the runtime parses an artifact, and it runs on LoomSim's program
// interpreter, the code behind LOOM_BACKEND=emu.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_TOOLS_LOOMRAISECHECK_EMURUN_H
#define LOOM_TOOLS_LOOMRAISECHECK_EMURUN_H

#include "ArgSpec.h"

#include "loom/KernelCompiler/ImplicitInputs.h"
#include "loom/Sim/ProgramInterpreter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

namespace loom::raisecheck {

/// A kernel's dataflow program, ready to run.
struct DataflowKernel {
  mlir::OwningOpRef<mlir::ModuleOp> module;
  mlir::func::FuncOp kernel;
  /// Actor firings summed over every runOnEmulator() call.
  uint64_t firings = 0;
  /// Per parameter, the bounds expression the kernel compiler derived
  /// (empty: unchecked), as loom-clang++ puts it in the manifest.
  std::vector<std::string> extents;
  /// The parameters the kernel compiler added after the kernel's own
  /// (docs/compiler.md, "Implicit inputs"); only pointer addresses of
  /// buffers can be bound here.
  std::vector<loom::compiler::ImplicitInput> implicitInputs;
};

/// Compiles `symbol` of `original` to its dataflow program and parses it
/// into `context`. The error is the reason the kernel cannot run on the
/// emulator: the kernel compiler's reason, an unsupported parameter type or
/// an op the interpreter cannot run.
llvm::Expected<DataflowKernel> compileToDataflow(const llvm::Module &original,
                                                 llvm::StringRef symbol,
                                                 mlir::MLIRContext &context);

/// Runs `kernel` with the buffers at `data` (bound in place, bounds-checked
/// against their element counts, or against the extent the parameter's
/// bounds expression gives when that is smaller, as LOOM_BACKEND=emu binds
/// it: a derived bound that is too small shows as an out-of-bounds error) and
/// the scalars of `specs` on the program interpreter with one worker (the check
/// compares results, which a race-free kernel computes the same on any number
/// of workers). Returns the result's bits (0 for void).
llvm::Expected<uint64_t> runOnEmulator(DataflowKernel &kernel,
                                       llvm::ArrayRef<void *> data,
                                       llvm::ArrayRef<ArgSpec> specs);

} // namespace loom::raisecheck

#endif // LOOM_TOOLS_LOOMRAISECHECK_EMURUN_H
