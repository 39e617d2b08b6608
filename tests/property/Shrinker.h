//===- Shrinker.h - smaller programs that still fail ------------*- C++ -*-===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_TESTS_PROPERTY_SHRINKER_H
#define LOOM_TESTS_PROPERTY_SHRINKER_H

#include "Program.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace loom::proptest {

/// Greedily applies one-step simplifications to `program` (drop a
/// statement, inline a construct's body, shorten a loop, drop a carried
/// value, result or case, replace an expression by zero, one or an operand,
/// zero an input) and keeps each one after which `stillFails` holds, until
/// none applies or `maxAttempts` candidates were tried. Returns the smallest
/// failing program found; `attempts` gets the number of candidates tried.
Program shrink(Program program,
               llvm::function_ref<bool(const Program &)> stillFails,
               unsigned maxAttempts, unsigned &attempts);

} // namespace loom::proptest

#endif // LOOM_TESTS_PROPERTY_SHRINKER_H
