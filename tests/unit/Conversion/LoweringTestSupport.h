//===- LoweringTestSupport.h - run and inspect the SCF lowering -*- C++ -*-===//
//
// Part of the Loom project.
//
// Shared by the SCF-to-dataflow GoogleTests: runs the kernel compiler's
// dataflow stage (loom-dataflow-pipeline: loom-lower-scf-to-dfg,
// loom-hoist-entry-constants, loom-validate-dataflow) through a PassManager
// and checks the invariants every lowered kernel meets, so each test only
// states its actor counts.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_TESTS_UNIT_CONVERSION_LOWERINGTESTSUPPORT_H
#define LOOM_TESTS_UNIT_CONVERSION_LOWERINGTESTSUPPORT_H

#include "loom/Conversion/SCFToDataflow/Pipeline.h"
#include "loom/InitAllDialects.h"
#include "loom/TestIR/KernelBuilder.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cstdlib>

namespace loom::testir {

/// Every dialect loom-opt registers.
inline mlir::DialectRegistry makeRegistry() {
  mlir::DialectRegistry registry;
  loom::registerAllDialects(registry);
  return registry;
}

/// Runs the dataflow pipeline (loom-dataflow-pipeline, what the kernel
/// compiler runs after ownership) with `index-width=indexWidth` on `module`;
/// the diagnostics it emits are appended to `diagnostics` instead of being
/// printed.
inline mlir::LogicalResult lower(mlir::ModuleOp module,
                                 std::string &diagnostics,
                                 unsigned indexWidth = 64) {
  mlir::MLIRContext *context = module.getContext();
  mlir::ScopedDiagnosticHandler handler(context, [&](mlir::Diagnostic &diag) {
    diagnostics += diag.str() + "\n";
    return mlir::success();
  });
  mlir::PassManager pm(context);
  loom::conversion::buildDataflowPipeline(pm, indexWidth);
  return pm.run(module);
}

inline std::string print(mlir::Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os);
  return text;
}

/// The one graph definition of a single-region kernel, or null.
inline dataflow::GraphOp getGraph(mlir::ModuleOp module) {
  auto graphs = module.getOps<dataflow::GraphOp>();
  if (std::distance(graphs.begin(), graphs.end()) != 1)
    return nullptr;
  return *graphs.begin();
}

/// Counts of the template actors in `graph`, as "stream 1, carry 3, ...".
inline std::string actorCounts(dataflow::GraphOp graph) {
  static const char *const names[] = {"stream", "carry", "invariant", "demux",
                                      "mux",    "gate",  "load",      "store"};
  std::string text;
  llvm::raw_string_ostream os(text);
  for (const char *name : names) {
    std::string full = std::string("dataflow.") + name;
    unsigned count = 0;
    graph.walk([&](mlir::Operation *op) {
      count += op->getName().getStringRef() == full;
    });
    os << (text.empty() ? "" : ", ") << name << " " << count;
  }
  return text;
}

/// Counts operations named `name` in `graph`.
inline unsigned countOps(dataflow::GraphOp graph, llvm::StringRef name) {
  unsigned count = 0;
  graph.walk([&](mlir::Operation *op) {
    count += op->getName().getStringRef() == name;
  });
  return count;
}

/// The value operands of the one launch in `module` that are constants: the
/// entry constants loom-hoist-entry-constants moved out of the graph, in
/// launch order, as "0 : index, 1.000000e+00 : f32".
inline std::string launchConstants(mlir::ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module.walk([&](dataflow::GraphLaunchOp launch) {
    for (mlir::Value value : launch.getValueInputs())
      if (auto constant = value.getDefiningOp<mlir::arith::ConstantOp>())
        os << (text.empty() ? "" : ", ") << constant.getValue();
  });
  return text;
}

/// Lowers a single-region kernel through the dataflow pipeline (with
/// `index-width=indexWidth`) and checks what every lowering must give:
/// success (which includes a program loom-validate-dataflow accepts), one
/// graph with no scf op left, and a thread whose yield frontier is exactly
/// the launch's done.
/// With LOOM_TEST_DUMP set in the environment, prints the module before and
/// after lowering to stderr.
inline ::testing::AssertionResult lowersCleanly(mlir::ModuleOp module,
                                                unsigned indexWidth = 64) {
  bool dump = std::getenv("LOOM_TEST_DUMP") != nullptr;
  if (dump)
    llvm::errs() << "// before\n" << print(module) << "\n";
  std::string diagnostics;
  if (mlir::failed(lower(module, diagnostics, indexWidth)))
    return ::testing::AssertionFailure() << "loom-dataflow-pipeline failed:\n"
                                         << diagnostics << print(module);
  if (dump)
    llvm::errs() << "// after\n" << print(module) << "\n";
  dataflow::GraphOp graph = getGraph(module);
  if (!graph)
    return ::testing::AssertionFailure() << "expected exactly one graph:\n"
                                         << print(module);
  mlir::Operation *residual = nullptr;
  graph.walk([&](mlir::Operation *op) {
    if (!residual && op->getDialect() &&
        op->getDialect()->getNamespace() == "scf")
      residual = op;
  });
  if (residual)
    return ::testing::AssertionFailure()
           << "'" << residual->getName().getStringRef().str()
           << "' left in the graph:\n"
           << print(graph);
  for (auto thread : module.getOps<dataflow::ThreadOp>()) {
    auto launches = thread.getBody().getOps<dataflow::GraphLaunchOp>();
    if (std::distance(launches.begin(), launches.end()) != 1)
      return ::testing::AssertionFailure()
             << "expected one launch in @" << thread.getSymName().str();
    mlir::OperandRange frontier = thread.getYield()->getOperands();
    if (frontier.size() != 1 || frontier[0] != (*launches.begin()).getDone())
      return ::testing::AssertionFailure()
             << "the yield frontier is not the launch's done:\n"
             << print(thread);
  }
  return ::testing::AssertionSuccess();
}

} // namespace loom::testir

#endif // LOOM_TESTS_UNIT_CONVERSION_LOWERINGTESTSUPPORT_H
