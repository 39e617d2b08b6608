//===- Passes.h - hints, parallel loops and ownership -----------*- C++ -*-===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_OWNERSHIP_PASSES_H
#define LOOM_OWNERSHIP_PASSES_H

#include "loom/Dialect/Dataflow/IR/Dataflow.h"
#include "loom/Dialect/Loom/IR/Loom.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"

namespace loom::ownership {

#define GEN_PASS_DECL
#include "loom/Ownership/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "loom/Ownership/Passes.h.inc"

} // namespace loom::ownership

#endif // LOOM_OWNERSHIP_PASSES_H
