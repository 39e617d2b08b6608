//===- MappingChecks.h - what every mapping the mapper returns satisfies --===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_TESTS_UNIT_MAPPER_MAPPINGCHECKS_H
#define LOOM_TESTS_UNIT_MAPPER_MAPPINGCHECKS_H

#include "loom/Fabric/Fabric.h"
#include "loom/Fabric/Mapping.h"
#include "loom/Mapper/FabricMapper.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"

#include <gtest/gtest.h>

namespace loom::mapper::testing {

/// A context with the dialects of dataflow graphs.
std::unique_ptr<mlir::MLIRContext> makeContext();
/// Parses `text`; fails the test on a parse error.
mlir::OwningOpRef<mlir::ModuleOp> parseModule(mlir::MLIRContext &context,
                                              llvm::StringRef text);
/// The file at `relativePath` under the source tree.
std::string readSourceFile(llvm::StringRef relativePath);
/// The graph named `name` (or the first one when empty).
dataflow::GraphOp findGraph(mlir::ModuleOp module, llvm::StringRef name = "");
/// Loads a preset or fails the test.
fabric::Fabric loadPreset(llvm::StringRef name);
/// Parses fabric JSON or fails the test.
fabric::Fabric parseFabricJson(llvm::StringRef json);

/// Every property Mapping.h promises, checked against the graph and fabric:
/// actors on units supporting their class, no unit used twice, edges in the
/// documented order, each route a connected link path between the element
/// switches, latency/capacity sums (operand buffers within
/// the consumer element's depth), link sharing within channels, the
/// totals, and memory bindings.
::testing::AssertionResult isValidMapping(dataflow::GraphOp graph,
                                          const fabric::Fabric &fabric,
                                          const fabric::Mapping &mapping);

/// Field-by-field equality except the wall time.
::testing::AssertionResult sameMapping(const fabric::Mapping &a,
                                       const fabric::Mapping &b);

/// A synthetic graph of `lanes` lanes of ten actors each (constants, integer
/// and float arithmetic, a load and a store), each lane chained to the
/// previous one; used for size and speed tests.
std::string makeLaneGraph(unsigned lanes);

} // namespace loom::mapper::testing

#endif // LOOM_TESTS_UNIT_MAPPER_MAPPINGCHECKS_H
