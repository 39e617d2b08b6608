//===- Loom.h - the loom dialect --------------------------------*- C++ -*-===//
//
// Part of the Loom project.
//
// Declares the loom dialect: temporary ownership carriers such as
// loom.spatial_region.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_DIALECT_LOOM_IR_LOOM_H
#define LOOM_DIALECT_LOOM_IR_LOOM_H

#include "loom/Dialect/Dataflow/IR/Dataflow.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "loom/Dialect/Loom/IR/LoomDialect.h.inc"

#define GET_OP_CLASSES
#include "loom/Dialect/Loom/IR/LoomOps.h.inc"

#endif // LOOM_DIALECT_LOOM_IR_LOOM_H
