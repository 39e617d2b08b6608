//===- KernelManifest.h - what the runtime learns about a kernel -*- C++
//-*-===//
//
// Part of the Loom project.
//
// The manifest of a kernel (name, signature with argument kinds, element
// types and constness, hints, source location) and its emission as the
// constant descriptors of runtime/include/loom/loomrt.h.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_DRIVER_KERNELMANIFEST_H
#define LOOM_DRIVER_KERNELMANIFEST_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constant.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace loom {

struct ArgManifest {
  std::string name;
  unsigned kind = 0;  ///< loom_arg_kind_t
  unsigned type = 0;  ///< loom_type_t (element type for pointers)
  unsigned flags = 0; ///< LOOM_ARG_FLAG_*
  /// Pointer arguments: the bounds expression (docs/runtime.md) or, when
  /// empty, why there is none in `uncheckedReason`.
  std::string extent;
  std::string uncheckedReason;
};

struct KernelManifest {
  std::string name;     ///< user-visible name
  std::string symbol;   ///< the C++ symbol the stub keeps
  std::string location; ///< "file:line[:col]" of the hint
  unsigned returnType = 0;
  llvm::SmallVector<ArgManifest> args;
  std::string hintsJson;
};

/// The loom_type_t of an IR scalar type (`ptr` included), or nullopt.
std::optional<unsigned> getTypeCode(llvm::Type *type);

/// The loom_type_t of an element spelling of `loom.signature` ("f32",
/// "i8", ...); LOOM_TYPE_PTR for anything else ("ptr", "struct", "").
unsigned getElementCode(llvm::StringRef spelling);

/// Describes `kernel` from its IR signature, the `loom.signature` attribute
/// (element types, constness and names from the AST) and its hint
/// attributes and loop metadata. Fails, naming the argument, when the
/// runtime cannot pass one of its arguments (a type it has no code for, a
/// class passed in memory: byval, inalloca, preallocated) or its result, or
/// when the kernel is variadic; the name, symbol and location are filled in
/// even then.
llvm::Error describeKernel(llvm::Function &kernel, KernelManifest &manifest);

/// What one kernel descriptor is built from.
struct KernelDescriptorInput {
  const KernelManifest *manifest = nullptr;
  llvm::Function *fallback = nullptr;
  llvm::StringRef artifact; ///< empty: not offloadable
  /// The split programs, least split first, that the sim backend tries when
  /// a graph of `artifact` does not fit the fabric; empty when none.
  llvm::ArrayRef<std::string> splitArtifacts;
  /// The program with every pointer parameter `noalias`, which the runtime
  /// runs for a launch whose pointer arguments do not overlap; empty when
  /// none.
  llvm::StringRef noaliasArtifact;
  llvm::StringRef reason; ///< why not, when `artifact` is empty
};

/// Emits the descriptor array, the module descriptor and a constructor that
/// registers them; returns a pointer constant per kernel descriptor.
llvm::SmallVector<llvm::Constant *>
emitModuleDescriptors(llvm::Module &module,
                      llvm::ArrayRef<KernelDescriptorInput> kernels);

} // namespace loom

#endif // LOOM_DRIVER_KERNELMANIFEST_H
