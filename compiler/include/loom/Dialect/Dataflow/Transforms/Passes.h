//===- Passes.h - dataflow dialect passes -----------------------*- C++ -*-===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_DIALECT_DATAFLOW_TRANSFORMS_PASSES_H
#define LOOM_DIALECT_DATAFLOW_TRANSFORMS_PASSES_H

#include "loom/Dialect/Dataflow/IR/Dataflow.h"

#include "mlir/Pass/Pass.h"

namespace loom::dataflow {

#define GEN_PASS_DECL
#include "loom/Dialect/Dataflow/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "loom/Dialect/Dataflow/Transforms/Passes.h.inc"

} // namespace loom::dataflow

#endif // LOOM_DIALECT_DATAFLOW_TRANSFORMS_PASSES_H
