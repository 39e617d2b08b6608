//===- host_backend.cpp - descriptor checks and the host call -----===//
//
// Part of the Loom project.
//
// The host backend runs a kernel's native body (its host fallback). The
// runtime only learns the signature from the kernel descriptor, so the call
// is built at run time with libffi (loom::sim::callForeign); the descriptor is
// checked first so a malformed one is an error naming the kernel and argument,
// not a crash.
//
//===----------------------------------------------------------------------===//

#include "internal.h"

#include "loom/Sim/ForeignCall.h"

#include "llvm/ADT/SmallVector.h"

using namespace loom::rt;
using loom::sim::callForeign;
using loom::sim::ForeignParam;
using loom::sim::ForeignType;

namespace {
bool isKnownType(uint32_t type) { return type <= LOOM_TYPE_PTR; }

llvm::StringRef getTypeName(uint32_t type) {
  static const char *const names[] = {"void", "i1",  "i8",  "i16", "i32",
                                      "i64",  "f32", "f64", "ptr"};
  return isKnownType(type) ? names[type] : "unknown";
}

/// "argument 1 ('n')" or "argument 1" for an unnamed parameter.
std::string describeArg(const loom_kernel_desc_t &kernel, uint32_t index) {
  std::string text = "argument " + std::to_string(index);
  const char *name = kernel.args ? kernel.args[index].name : nullptr;
  if (name && *name)
    text += " ('" + std::string(name) + "')";
  return text;
}

loom_status_t invalid(llvm::StringRef caller, const loom_kernel_desc_t &kernel,
                      const llvm::Twine &detail) {
  return setError(LOOM_STATUS_INVALID_ARGUMENT,
                  caller + ": kernel '" + kernel.name + "': " + detail);
}

/// Checks the descriptor of argument `index`.
loom_status_t checkArgDesc(llvm::StringRef caller,
                           const loom_kernel_desc_t &kernel, uint32_t index) {
  const loom_arg_desc_t &arg = kernel.args[index];
  if (arg.kind == LOOM_ARG_POINTER) {
    // The element type only documents the pointee; any known type, void
    // (`void *`) and ptr (unknown) included, is accepted.
    if (!isKnownType(arg.type))
      return invalid(caller, kernel,
                     describeArg(kernel, index) + " has element type code " +
                         llvm::Twine(arg.type) + ", expected 0 to " +
                         llvm::Twine(LOOM_TYPE_PTR));
    return LOOM_STATUS_OK;
  }
  if (arg.kind != LOOM_ARG_SCALAR)
    return invalid(caller, kernel,
                   describeArg(kernel, index) + " has kind " +
                       llvm::Twine(arg.kind) +
                       ", expected 0 (scalar) or 1 (pointer)");
  if (arg.type == LOOM_TYPE_VOID || !isKnownType(arg.type))
    return invalid(caller, kernel,
                   describeArg(kernel, index) + " is a scalar of type code " +
                       llvm::Twine(arg.type) + ", expected 1 (i1) to " +
                       llvm::Twine(LOOM_TYPE_PTR) + " (ptr)");
  return LOOM_STATUS_OK;
}

/// The foreign-call type of type code `type`: the codes of loomrt.h are
/// numbered like loom::sim::ForeignType.
ForeignType getForeignType(uint32_t type) {
  static_assert(static_cast<uint32_t>(ForeignType::Void) == LOOM_TYPE_VOID &&
                    static_cast<uint32_t>(ForeignType::I1) == LOOM_TYPE_I1 &&
                    static_cast<uint32_t>(ForeignType::I64) == LOOM_TYPE_I64 &&
                    static_cast<uint32_t>(ForeignType::F32) == LOOM_TYPE_F32 &&
                    static_cast<uint32_t>(ForeignType::Ptr) == LOOM_TYPE_PTR,
                "ForeignType follows the LOOM_TYPE_* codes");
  return static_cast<ForeignType>(type);
}

/// The foreign-call parameter of one argument.
ForeignParam getForeignParam(const loom_arg_desc_t &arg) {
  if (arg.kind == LOOM_ARG_POINTER)
    return {ForeignType::Ptr, false};
  return {getForeignType(arg.type),
          static_cast<bool>(arg.flags & LOOM_ARG_FLAG_UNSIGNED)};
}
} // namespace

loom_status_t loom::rt::validateLaunch(llvm::StringRef caller,
                                       const loom_kernel_desc_t &kernel,
                                       void **args, void *outResult) {
  if (!isKnownType(kernel.return_type))
    return invalid(caller, kernel,
                   "return type code " + llvm::Twine(kernel.return_type) +
                       " is unknown, expected 0 (void) to " +
                       llvm::Twine(LOOM_TYPE_PTR) + " (ptr)");
  if (kernel.num_args > 0 && !kernel.args)
    return invalid(caller, kernel,
                   "num_args is " + llvm::Twine(kernel.num_args) +
                       " but the argument descriptors (args) are NULL");
  for (uint32_t i = 0; i < kernel.num_args; ++i)
    if (loom_status_t status = checkArgDesc(caller, kernel, i))
      return status;
  if (kernel.num_args > 0 && !args)
    return invalid(caller, kernel,
                   "args is NULL but the kernel takes " +
                       llvm::Twine(kernel.num_args) +
                       " arguments, so argument 0 has no value");
  for (uint32_t i = 0; i < kernel.num_args; ++i)
    if (!args[i])
      return invalid(caller, kernel,
                     "args[" + llvm::Twine(i) + "] is NULL, expected a " +
                         "pointer to the value of " + describeArg(kernel, i));
  if (kernel.return_type != LOOM_TYPE_VOID && !outResult)
    return invalid(caller, kernel,
                   "out_result is NULL but the kernel returns " +
                       getTypeName(kernel.return_type));
  return LOOM_STATUS_OK;
}

loom_status_t loom::rt::runOnHost(llvm::StringRef caller,
                                  const loom_kernel_desc_t &kernel, void **args,
                                  void *outResult) {
  if (!kernel.host_fallback)
    return invalid(caller, kernel,
                   "host_fallback is NULL, so the host backend cannot run it");
  // Implicit inputs come last and are the dataflow program's, not the
  // native function's.
  llvm::SmallVector<ForeignParam, 8> params;
  for (uint32_t i = 0; i < kernel.num_args; ++i)
    if (!(kernel.args[i].flags & LOOM_ARG_FLAG_IMPLICIT))
      params.push_back(getForeignParam(kernel.args[i]));
  // callForeign reads argument i from args[i], which is exactly what
  // loom_rt_launch's caller passes (for a pointer: a pointer to it).
  if (llvm::Error error = callForeign(
          kernel.host_fallback, getForeignType(kernel.return_type), params,
          std::nullopt, args,
          kernel.return_type == LOOM_TYPE_VOID ? nullptr : outResult))
    return setError(LOOM_STATUS_INTERNAL,
                    caller + ": kernel '" + kernel.name +
                        "': " + llvm::toString(std::move(error)));
  return LOOM_STATUS_OK;
}
