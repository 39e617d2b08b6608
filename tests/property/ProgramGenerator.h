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
};

/// The share of generated programs that are dense batch programs
/// (Program::instances), chosen by a hash of the program seed apart from the
/// generator's random stream, so the other programs are the ones earlier
/// versions generated for the same seed.
constexpr unsigned kBatchSharePercent = 15;

/// A program and its inputs, a pure function of `seed`.
Program generateProgram(uint64_t seed, const GeneratorOptions &options);

} // namespace loom::proptest

#endif // LOOM_TESTS_PROPERTY_PROGRAMGENERATOR_H
