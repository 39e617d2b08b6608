//===- host_backend.cpp - descriptor checks and the libffi host call -----===//
//
// Part of the Loom project.
//
// The host backend runs a kernel's native body (its host fallback). The
// runtime only learns the signature from the kernel descriptor, so the call
// is built at run time with libffi; the descriptor is checked first so a
// malformed one is an error naming the kernel and argument, not a crash.
//
//===----------------------------------------------------------------------===//

#include "internal.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/ErrorHandling.h"

#include <cstring>
#include <ffi.h>

using namespace loom::rt;

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

/// The libffi type of a scalar of type code `type`. Integers narrower than a
/// register are extended by the caller in the C ABI, so signedness matters
/// for them; C's bool is always zero-extended.
ffi_type *getScalarFfiType(uint32_t type, bool isUnsigned) {
  switch (type) {
  case LOOM_TYPE_VOID:
    return &ffi_type_void;
  case LOOM_TYPE_I1:
    return &ffi_type_uint8;
  case LOOM_TYPE_I8:
    return isUnsigned ? &ffi_type_uint8 : &ffi_type_sint8;
  case LOOM_TYPE_I16:
    return isUnsigned ? &ffi_type_uint16 : &ffi_type_sint16;
  case LOOM_TYPE_I32:
    return isUnsigned ? &ffi_type_uint32 : &ffi_type_sint32;
  case LOOM_TYPE_I64:
    return isUnsigned ? &ffi_type_uint64 : &ffi_type_sint64;
  case LOOM_TYPE_F32:
    return &ffi_type_float;
  case LOOM_TYPE_F64:
    return &ffi_type_double;
  case LOOM_TYPE_PTR:
    return &ffi_type_pointer;
  }
  llvm_unreachable("descriptors are validated before the call");
}

/// The libffi type of one argument.
ffi_type *getArgFfiType(const loom_arg_desc_t &arg) {
  if (arg.kind == LOOM_ARG_POINTER)
    return &ffi_type_pointer;
  return getScalarFfiType(arg.type, arg.flags & LOOM_ARG_FLAG_UNSIGNED);
}

/// The libffi type of a result; the result's signedness does not matter
/// because the value is narrowed back to its exact width.
ffi_type *getReturnFfiType(uint32_t type) {
  return getScalarFfiType(type, /*isUnsigned=*/false);
}

template <typename T> void storeAs(void *outResult, T value) {
  std::memcpy(outResult, &value, sizeof(T));
}

/// Copies the value libffi returned into the caller's object of the
/// kernel's exact return type. libffi widens integral results narrower than
/// a register to ffi_arg, so those are narrowed by value, not by a prefix
/// memcpy, which keeps this right on big-endian hosts too.
void storeResult(uint32_t type, const void *buffer, void *outResult) {
  ffi_arg widened;
  std::memcpy(&widened, buffer, sizeof(widened));
  switch (type) {
  case LOOM_TYPE_VOID:
    return;
  case LOOM_TYPE_I1:
    return storeAs(outResult, static_cast<uint8_t>(widened & 1));
  case LOOM_TYPE_I8:
    return storeAs(outResult, static_cast<int8_t>(widened));
  case LOOM_TYPE_I16:
    return storeAs(outResult, static_cast<int16_t>(widened));
  case LOOM_TYPE_I32:
    return storeAs(outResult, static_cast<int32_t>(widened));
  case LOOM_TYPE_I64:
    std::memcpy(outResult, buffer, sizeof(int64_t));
    return;
  case LOOM_TYPE_F32:
    std::memcpy(outResult, buffer, sizeof(float));
    return;
  case LOOM_TYPE_F64:
    std::memcpy(outResult, buffer, sizeof(double));
    return;
  case LOOM_TYPE_PTR:
    std::memcpy(outResult, buffer, sizeof(void *));
    return;
  }
  llvm_unreachable("validateLaunch admits only known return types");
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
  llvm::SmallVector<ffi_type *, 8> argTypes;
  for (uint32_t i = 0; i < kernel.num_args; ++i)
    argTypes.push_back(getArgFfiType(kernel.args[i]));

  ffi_cif cif;
  ffi_status prepared =
      ffi_prep_cif(&cif, FFI_DEFAULT_ABI, kernel.num_args,
                   getReturnFfiType(kernel.return_type), argTypes.data());
  if (prepared != FFI_OK)
    return setError(LOOM_STATUS_INTERNAL,
                    caller + ": kernel '" + kernel.name +
                        "': ffi_prep_cif failed with status " +
                        llvm::Twine(static_cast<int>(prepared)) + " for " +
                        llvm::Twine(kernel.num_args) + " arguments");

  // Large and aligned enough for any result, including libffi's widening of
  // small integers to ffi_arg.
  union {
    ffi_arg widened;
    int64_t i64;
    double f64;
    void *ptr;
  } buffer;
  std::memset(&buffer, 0, sizeof(buffer));
  // ffi_call reads argument i from args[i], which is exactly what
  // loom_rt_launch's caller passes (for a pointer: a pointer to it).
  ffi_call(&cif, FFI_FN(kernel.host_fallback), &buffer, args);
  storeResult(kernel.return_type, &buffer, outResult);
  return LOOM_STATUS_OK;
}
