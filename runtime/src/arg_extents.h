//===- arg_extents.h - the elements a launch accesses per pointer -*- C++
//-*-===//
//
// Part of the Loom project.
//
// Each pointer argument of a kernel descriptor may carry a bounds
// expression over the kernel's integer scalars (loom_arg_desc_t.extent).
// The emu backend binds the caller's array with the range it gives for a
// launch; the launch check of the no-alias program compares the ranges of
// different pointers. Private to libloomrt.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNTIME_ARG_EXTENTS_H
#define LOOM_RUNTIME_ARG_EXTENTS_H

#include "loom/loomrt.h"

#include "loom/Sim/ExtentExpression.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>

namespace loom::rt {

/// The signed value of argument `index` when it is an integer scalar of
/// the kernel (the bounds expressions' leaves), else std::nullopt. With
/// null `args` every integer reads as 0 (to check an expression's form).
std::optional<int64_t> readIntegerArgument(const loom_kernel_desc_t &kernel,
                                           void **args, unsigned index);

/// The element indices pointer argument `index` accesses in a launch with
/// `args` (null: only the expression's form is checked), from its bounds
/// expression, which must be set; an error when the expression is
/// malformed.
llvm::Expected<loom::sim::IndexRange>
evaluateArgumentExtent(const loom_kernel_desc_t &kernel, void **args,
                       unsigned index);

} // namespace loom::rt

#endif // LOOM_RUNTIME_ARG_EXTENTS_H
