//===- Pipeline.h - the SCF-to-dataflow pipeline ----------------*- C++ -*-===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_CONVERSION_SCFTODATAFLOW_PIPELINE_H
#define LOOM_CONVERSION_SCFTODATAFLOW_PIPELINE_H

#include "mlir/Pass/PassManager.h"

namespace loom::conversion {

/// Adds the dataflow pipeline (issue D) to `pm`, which runs on a module of
/// threads and spatial regions: `loom-lower-scf-to-dfg` (with
/// `index-width=indexWidth`), then `loom-hoist-entry-constants` (a graph's
/// entry constants become value inputs of its launches), then the
/// finalized-program validator `loom-validate-dataflow`.
/// `loom-opt --loom-dataflow-pipeline`, the kernel compiler (with the default
/// width), the property tests and the lowering unit tests all use this one
/// definition.
void buildDataflowPipeline(mlir::OpPassManager &pm, unsigned indexWidth = 64);

/// Registers `--loom-dataflow-pipeline` (option `index-width`) with the pass
/// registry.
void registerDataflowPipeline();

} // namespace loom::conversion

#endif // LOOM_CONVERSION_SCFTODATAFLOW_PIPELINE_H
