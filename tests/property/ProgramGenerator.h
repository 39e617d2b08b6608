//===- ProgramGenerator.h - random structured programs ----------*- C++ -*-===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_TESTS_PROPERTY_PROGRAMGENERATOR_H
#define LOOM_TESTS_PROPERTY_PROGRAMGENERATOR_H

#include "Program.h"

namespace loom::proptest {

/// Size bounds of a generated program.
struct GeneratorOptions {
  /// Statements in the whole program, nested ones included.
  unsigned maxStatements = 14;
  /// Nesting depth of for, while, if and index_switch.
  unsigned maxNesting = 3;
  /// Depth of one expression tree.
  unsigned maxExprDepth = 3;
  /// The share of rank-1 memory arguments that are pointer parameters
  /// (Program::pointers), in percent; 0 gives every argument the static
  /// shape of its buffer, as the generator did before pointers.
  unsigned pointerPercent = 35;
  /// No kernel programs with hinted loops (Program::asKernel).
  bool noHints = false;
};

/// The share of generated programs that are dense batch programs
/// (Program::instances), chosen by a hash of the program seed apart from the
/// generator's random stream, so the other programs are the ones earlier
/// versions generated for the same seed.
constexpr unsigned kBatchSharePercent = 15;

/// The share of the other programs that are kernel programs with hinted
/// loops (Program::asKernel), chosen by another hash of the seed: the
/// remaining programs are what the seed made before hints existed.
constexpr unsigned kKernelSharePercent = 20;

/// Makes some rank-1 memory arguments of `program` pointer parameters
/// (Program::pointers) with a random stream of their own, drawn from
/// `seed`, so the program tree is the same whatever `options` says: a
/// share options.pointerPercent of them, bound at their buffer's start, at
/// an interior element or at its end; every hinted loop's buffer is one.
/// An argument that is the only one of its buffer may be `__restrict`.
void bindPointers(Program &program, uint64_t seed,
                  const GeneratorOptions &options);

/// A program and its inputs, a pure function of `seed`.
Program generateProgram(uint64_t seed, const GeneratorOptions &options);

} // namespace loom::proptest

#endif // LOOM_TESTS_PROPERTY_PROGRAMGENERATOR_H
