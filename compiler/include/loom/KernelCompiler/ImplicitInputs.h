//===- ImplicitInputs.h - globals and object fields as parameters -*- C++
//-*-===//
//
// Part of the Loom project.
//
// A dataflow program's memory roots and launch values are its kernel's
// parameters. C++ kernels also read memory the signature does not name: a
// namespace-scope table, a global counter, the data pointer and size inside
// a `const std::vector<float> &` or a `struct Image { int w, h; uint8_t *px; }`
// passed by reference. Before the kernel is imported into MLIR, each of
// those becomes one more parameter of the device copy (an *implicit input*),
// and the driver's launch stub computes its value from the real arguments at
// every call: the global's address, the field loaded from the object.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_KERNELCOMPILER_IMPLICITINPUTS_H
#define LOOM_KERNELCOMPILER_IMPLICITINPUTS_H

#include "llvm/IR/Module.h"

#include <cstdint>
#include <string>
#include <vector>

namespace loom::compiler {

/// How the launch stub computes one implicit input from the kernel's
/// arguments (source arguments first, then the implicit inputs before it).
struct ImplicitInput {
  enum class Kind {
    /// The address of the global `global`.
    GlobalAddress,
    /// The value of type `type` loaded from `offset` bytes into argument
    /// `base`.
    FieldLoad,
    /// The address `base` as an integer of `type` (i64).
    PointerAddress,
    /// Argument `base` itself, a pointer: one of the roots an object is
    /// read through, one per type its fields have.
    ArgumentAlias,
  };
  Kind kind = Kind::GlobalAddress;
  /// The mangled symbol of the global (GlobalAddress).
  std::string global;
  /// The argument the value derives from (FieldLoad, PointerAddress).
  unsigned base = 0;
  /// Byte offset in the object (FieldLoad).
  uint64_t offset = 0;
  /// The IR type of the parameter (a scalar or `ptr`), in the context of
  /// the module it was promoted in (the driver's: the device copy is a
  /// clone in the host module's context).
  llvm::Type *type = nullptr;
  /// The element type the kernel accesses a pointer input with, when one
  /// (`f32`, `i8`; "" otherwise), for the runtime's binding.
  std::string elementType;
  /// True when the kernel never writes through the pointer input (a
  /// constant global).
  bool readOnly = false;
  /// A name for reports and remarks: `kTable`, `img.px`, `v[field 8]`.
  std::string name;
};

/// Rewrites the kernel `symbol` of `module` to take every implicit input as
/// a parameter after its own, and returns them in parameter order:
///   - every global variable the kernel uses (a memory root the runtime
///     binds to the program's object), except constant tables of at most
///     64 scalars and constants used only as the source of `memcpy`s (a
///     local array's initializer): the raising copies those into a local
///     array of the graph;
///     (a global accessed as several types is passed once per type, one
///     root each);
///   - every load at a constant offset from an object the kernel only
///     reads fields of: a parameter that is a reference or pointer to a
///     class (`loom.signature`), used for nothing but such loads;
///     An object a store of the kernel may change (a store of one of its
///     fields' types) is memory instead: the argument itself, once per
///     type its fields are read as;
///   - the integer value of a pointer argument (`ptrtoint`, which
///     `std::vector::size()` computes with).
/// The object loads are taken once per launch, which is exact when the
/// kernel does not write the object's fields through another pointer while
/// it runs (docs/compiler.md, "Objects passed by reference"). Does nothing
/// when the kernel is not defined in `module`.
std::vector<ImplicitInput> promoteImplicitInputs(llvm::Module &module,
                                                 llvm::StringRef symbol);

} // namespace loom::compiler

#endif // LOOM_KERNELCOMPILER_IMPLICITINPUTS_H
