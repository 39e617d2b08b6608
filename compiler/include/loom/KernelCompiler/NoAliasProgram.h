//===- NoAliasProgram.h - the kernel's no-alias program ---------*- C++ -*-===//
//
// Part of the Loom project.
//
// A kernel whose pointer parameters may overlap keeps its loads and stores
// of them ordered, and its loops sequential. The kernel compiler then also
// compiles the kernel as if every pointer parameter were `noalias`; the
// runtime runs that program for a launch whose arguments' accessed ranges
// are disjoint (docs/compiler.md, "Aliasing checked at launch"). These are
// the steps on the raised (SCF-stage) module.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_KERNELCOMPILER_NOALIASPROGRAM_H
#define LOOM_KERNELCOMPILER_NOALIASPROGRAM_H

#include "loom/KernelCompiler/KernelCompiler.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <vector>

namespace loom::compiler {

/// What the raised kernel does with one of its parameters.
struct ParamAccess {
  /// A rank-1 memref: a C pointer the runtime binds with a bound.
  bool isMemref = false;
  /// A memref the kernel loads from and never stores to.
  bool readOnly = false;
  /// A memref the source already declares `noalias` (`__restrict`).
  bool noalias = false;
  /// An !llvm.ptr the kernel uses: its accesses have no bound, so the
  /// runtime cannot tell whether it overlaps another argument.
  bool opaquePointer = false;
};

/// The parameters of the kernel function `symbol` of the raised module,
/// before ownership moves its accesses into threads (every access is then
/// a memref.load or memref.store of the parameter itself). Empty when the
/// module has no such function.
std::vector<ParamAccess> collectParamAccesses(mlir::ModuleOp raised,
                                              llvm::StringRef symbol);

/// The memref parameters a no-alias program would check the overlap of:
/// all of them, when there are two or more, not all `noalias`, at least
/// one is written, and the runtime can bound every pointer parameter (an
/// extent for each memref, no !llvm.ptr in use). Empty when the kernel
/// needs no no-alias program.
std::vector<unsigned>
getAliasCheckedParams(llvm::ArrayRef<ParamAccess> accesses,
                      llvm::ArrayRef<ParamExtent> extents);

/// Gives every memref parameter of the function `symbol` of `module` the
/// `llvm.noalias` attribute, which the dependence analysis and the alias
/// partitions read as the source's `__restrict`.
void markPointerParamsNoAlias(mlir::ModuleOp module, llvm::StringRef symbol);

/// Whether `a` and `b` print the same once `llvm.noalias` is dropped from
/// every function parameter: a no-alias program that compiled to the same
/// graphs and threads as the ordered one gains nothing.
bool isSameProgramIgnoringNoAlias(mlir::ModuleOp a, mlir::ModuleOp b);

} // namespace loom::compiler

#endif // LOOM_KERNELCOMPILER_NOALIASPROGRAM_H
