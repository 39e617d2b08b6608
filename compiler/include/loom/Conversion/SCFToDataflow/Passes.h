//===- Passes.h - SCF to dataflow lowering ----------------------*- C++ -*-===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_CONVERSION_SCFTODATAFLOW_PASSES_H
#define LOOM_CONVERSION_SCFTODATAFLOW_PASSES_H

#include "loom/Dialect/Dataflow/IR/Dataflow.h"
#include "loom/Dialect/Loom/IR/Loom.h"

#include "mlir/Pass/Pass.h"

namespace loom::conversion {

#define GEN_PASS_DECL
#include "loom/Conversion/SCFToDataflow/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "loom/Conversion/SCFToDataflow/Passes.h.inc"

} // namespace loom::conversion

#endif // LOOM_CONVERSION_SCFTODATAFLOW_PASSES_H
