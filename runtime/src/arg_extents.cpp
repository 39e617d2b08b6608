//===- arg_extents.cpp - the elements a launch accesses per pointer ------===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "arg_extents.h"

#include "llvm/Support/MathExtras.h"

#include <cassert>
#include <cstring>

using namespace loom::rt;

std::optional<int64_t>
loom::rt::readIntegerArgument(const loom_kernel_desc_t &kernel, void **args,
                              unsigned index) {
  if (index >= kernel.num_args || kernel.args[index].kind != LOOM_ARG_SCALAR)
    return std::nullopt;
  unsigned bytes;
  switch (kernel.args[index].type) {
  case LOOM_TYPE_I1:
  case LOOM_TYPE_I8:
    bytes = 1;
    break;
  case LOOM_TYPE_I16:
    bytes = 2;
    break;
  case LOOM_TYPE_I32:
    bytes = 4;
    break;
  case LOOM_TYPE_I64:
    bytes = 8;
    break;
  default:
    return std::nullopt;
  }
  if (!args)
    return 0;
  uint64_t raw = 0;
  std::memcpy(&raw, args[index], bytes);
  // Signed in its width, as the expression reads an argument: an i1 true
  // is -1 (a kernel that widens it unsigned says `zext`).
  if (kernel.args[index].type == LOOM_TYPE_I1)
    return llvm::SignExtend64(raw & 1, 1);
  return llvm::SignExtend64(raw, bytes * 8);
}

llvm::Expected<loom::sim::IndexRange>
loom::rt::evaluateArgumentExtent(const loom_kernel_desc_t &kernel, void **args,
                                 unsigned index) {
  const char *expression = kernel.args[index].extent;
  assert(expression && "only a bounded pointer argument is evaluated");
  return loom::sim::evaluateIndexRange(expression, [&](unsigned scalar) {
    return readIntegerArgument(kernel, args, scalar);
  });
}
