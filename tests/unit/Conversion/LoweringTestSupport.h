//===- LoweringTestSupport.h - run and inspect the SCF lowering -*- C++ -*-===//
//
// Part of the Loom project.
//
// Shared by the SCF-to-dataflow GoogleTests: runs loom-lower-scf-to-dfg and
// loom-validate-dataflow through a PassManager and checks the invariants
// every lowered kernel meets, so each test only states its actor counts.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_TESTS_UNIT_CONVERSION_LOWERINGTESTSUPPORT_H
#define LOOM_TESTS_UNIT_CONVERSION_LOWERINGTESTSUPPORT_H

#include "loom/Conversion/SCFToDataflow/Passes.h"
#include "loom/Dialect/Dataflow/Transforms/Passes.h"
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

/// Runs `pass` on `module`; the diagnostics it emits are appended to
/// `diagnostics` instead of being printed.
inline mlir::LogicalResult runPass(mlir::ModuleOp module,
                                   std::unique_ptr<mlir::Pass> pass,
                                   std::string &diagnostics) {
  mlir::MLIRContext *context = module.getContext();
  mlir::ScopedDiagnosticHandler handler(context, [&](mlir::Diagnostic &diag) {
    diagnostics += diag.str() + "\n";
    return mlir::success();
  });
  mlir::PassManager pm(context);
  pm.addPass(std::move(pass));
  return pm.run(module);
}

/// Runs loom-lower-scf-to-dfg with `index-width=indexWidth`.
inline mlir::LogicalResult lower(mlir::ModuleOp module,
                                 std::string &diagnostics,
                                 unsigned indexWidth = 64) {
  loom::conversion::LowerSCFToDataflowPassOptions options;
  options.indexWidth = indexWidth;
  return runPass(module,
                 loom::conversion::createLowerSCFToDataflowPass(options),
                 diagnostics);
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

/// Lowers a single-region kernel (with `index-width=indexWidth`) and checks
/// what every lowering must give:
/// success, one graph with no scf op left, a program loom-validate-dataflow
/// accepts, and a thread whose yield frontier is exactly the launch's done.
/// With LOOM_TEST_DUMP set in the environment, prints the module before and
/// after lowering to stderr.
inline ::testing::AssertionResult lowersCleanly(mlir::ModuleOp module,
                                                unsigned indexWidth = 64) {
  bool dump = std::getenv("LOOM_TEST_DUMP") != nullptr;
  if (dump)
    llvm::errs() << "// before\n" << print(module) << "\n";
  std::string diagnostics;
  if (mlir::failed(lower(module, diagnostics, indexWidth)))
    return ::testing::AssertionFailure() << "loom-lower-scf-to-dfg failed:\n"
                                         << diagnostics;
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
  if (mlir::failed(
          runPass(module, dataflow::createValidateDataflowPass(), diagnostics)))
    return ::testing::AssertionFailure() << "loom-validate-dataflow failed:\n"
                                         << diagnostics << print(module);
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
