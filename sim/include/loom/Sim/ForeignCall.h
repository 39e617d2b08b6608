//===- ForeignCall.h - call a native function through libffi ----*- C++ -*-===//
//
// Part of the Loom project.
//
// The one place that turns C scalar types into libffi calls. The runtime's
// host backend calls a kernel's host fallback with it, and the program
// interpreter calls external functions (libm, printf, any symbol of the
// process) with it, so both agree on how a value crosses the C ABI.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_SIM_FOREIGNCALL_H
#define LOOM_SIM_FOREIGNCALL_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>

namespace loom::sim {

/// The C scalar types a foreign call passes and returns, numbered like the
/// LOOM_TYPE_* codes of loomrt.h (the runtime relies on that).
enum class ForeignType : uint8_t { Void, I1, I8, I16, I32, I64, F32, F64, Ptr };

/// One parameter: its type and, for integers narrower than a register,
/// whether the C ABI zero-extends it (C's bool always is).
struct ForeignParam {
  ForeignType type = ForeignType::I64;
  bool isUnsigned = false;
};

/// Calls `function` with `arguments[i]` pointing to the value of parameter
/// i in its exact C type. `numFixedParams` is the number of named
/// parameters of a variadic function (printf), or std::nullopt for a
/// non-variadic one. The result is written to `result` in its exact C type
/// (nothing for Void). Fails only when libffi rejects the signature.
llvm::Error callForeign(void (*function)(), ForeignType resultType,
                        llvm::ArrayRef<ForeignParam> params,
                        std::optional<unsigned> numFixedParams,
                        void **arguments, void *result);

} // namespace loom::sim

#endif // LOOM_SIM_FOREIGNCALL_H
