//===- ProgramBuilder.h - a Program as an SCF-stage kernel ------*- C++ -*-===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_TESTS_PROPERTY_PROGRAMBUILDER_H
#define LOOM_TESTS_PROPERTY_PROGRAMBUILDER_H

#include "Program.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <string>

namespace loom::proptest {

/// Builds `program` with the test IR builders as the module the
/// SCF-to-dataflow lowering takes: one dense rank-0 thread @prop whose body
/// is one loom.spatial_region (values, then memory arguments). Returns null
/// and appends the builders' and the verifier's diagnostics to `diagnostics`
/// if the module is not well formed.
mlir::OwningOpRef<mlir::ModuleOp> buildProgram(mlir::MLIRContext &context,
                                               const Program &program,
                                               std::string &diagnostics);

} // namespace loom::proptest

#endif // LOOM_TESTS_PROPERTY_PROGRAMBUILDER_H
