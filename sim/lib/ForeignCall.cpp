//===- ForeignCall.cpp - call a native function through libffi -----------===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "loom/Sim/ForeignCall.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/ErrorHandling.h"

#include <cstring>
#include <ffi.h>

using namespace loom::sim;

namespace {
/// The libffi type of a scalar. Integers narrower than a register are
/// extended by the caller in the C ABI, so signedness matters for them.
ffi_type *getFfiType(ForeignType type, bool isUnsigned) {
  switch (type) {
  case ForeignType::Void:
    return &ffi_type_void;
  case ForeignType::I1:
    return &ffi_type_uint8;
  case ForeignType::I8:
    return isUnsigned ? &ffi_type_uint8 : &ffi_type_sint8;
  case ForeignType::I16:
    return isUnsigned ? &ffi_type_uint16 : &ffi_type_sint16;
  case ForeignType::I32:
    return isUnsigned ? &ffi_type_uint32 : &ffi_type_sint32;
  case ForeignType::I64:
    return isUnsigned ? &ffi_type_uint64 : &ffi_type_sint64;
  case ForeignType::F32:
    return &ffi_type_float;
  case ForeignType::F64:
    return &ffi_type_double;
  case ForeignType::Ptr:
    return &ffi_type_pointer;
  }
  llvm_unreachable("unknown foreign type");
}

template <typename T> void storeAs(void *result, T value) {
  std::memcpy(result, &value, sizeof(T));
}

/// Copies the value libffi returned into an object of the exact result
/// type. libffi widens integral results narrower than a register to
/// ffi_arg, so those are narrowed by value, not by a prefix memcpy, which
/// keeps this right on big-endian hosts too.
void storeResult(ForeignType type, const void *buffer, void *result) {
  ffi_arg widened;
  std::memcpy(&widened, buffer, sizeof(widened));
  switch (type) {
  case ForeignType::Void:
    return;
  case ForeignType::I1:
    return storeAs(result, static_cast<uint8_t>(widened & 1));
  case ForeignType::I8:
    return storeAs(result, static_cast<int8_t>(widened));
  case ForeignType::I16:
    return storeAs(result, static_cast<int16_t>(widened));
  case ForeignType::I32:
    return storeAs(result, static_cast<int32_t>(widened));
  case ForeignType::I64:
    std::memcpy(result, buffer, sizeof(int64_t));
    return;
  case ForeignType::F32:
    std::memcpy(result, buffer, sizeof(float));
    return;
  case ForeignType::F64:
    std::memcpy(result, buffer, sizeof(double));
    return;
  case ForeignType::Ptr:
    std::memcpy(result, buffer, sizeof(void *));
    return;
  }
  llvm_unreachable("unknown foreign type");
}
} // namespace

llvm::Error loom::sim::callForeign(void (*function)(), ForeignType resultType,
                                   llvm::ArrayRef<ForeignParam> params,
                                   std::optional<unsigned> numFixedParams,
                                   void **arguments, void *result) {
  llvm::SmallVector<ffi_type *, 8> types;
  for (const ForeignParam &param : params)
    types.push_back(getFfiType(param.type, param.isUnsigned));
  // The result's signedness does not matter: it is narrowed back to its
  // exact width.
  ffi_type *returnType = getFfiType(resultType, /*isUnsigned=*/false);
  ffi_cif cif;
  ffi_status prepared =
      numFixedParams ? ffi_prep_cif_var(&cif, FFI_DEFAULT_ABI, *numFixedParams,
                                        params.size(), returnType, types.data())
                     : ffi_prep_cif(&cif, FFI_DEFAULT_ABI, params.size(),
                                    returnType, types.data());
  if (prepared != FFI_OK)
    return llvm::createStringError("ffi_prep_cif failed with status " +
                                   llvm::Twine(static_cast<int>(prepared)) +
                                   " for " + llvm::Twine(params.size()) +
                                   " arguments");
  // Large and aligned enough for any result, including libffi's widening of
  // small integers to ffi_arg.
  union {
    ffi_arg widened;
    int64_t i64;
    double f64;
    void *ptr;
  } buffer;
  std::memset(&buffer, 0, sizeof(buffer));
  ffi_call(&cif, function, &buffer, arguments);
  if (result)
    storeResult(resultType, &buffer, result);
  return llvm::Error::success();
}
