//===- Dataflow.h - the dataflow dialect ------------------------*- C++ -*-===//
//
// Part of the Loom project.
//
// Declares the dataflow dialect, its types, attributes and operations.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_DIALECT_DATAFLOW_IR_DATAFLOW_H
#define LOOM_DIALECT_DATAFLOW_IR_DATAFLOW_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "loom/Dialect/Dataflow/IR/DataflowDialect.h.inc"
#include "loom/Dialect/Dataflow/IR/DataflowEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "loom/Dialect/Dataflow/IR/DataflowTypes.h.inc"

#define GET_ATTRDEF_CLASSES
#include "loom/Dialect/Dataflow/IR/DataflowAttrs.h.inc"

#define GET_OP_CLASSES
#include "loom/Dialect/Dataflow/IR/DataflowOps.h.inc"

namespace loom::dataflow {

/// Segment positions of graph inputs/results and of launch/spatial-region
/// boundaries, in their canonical order.
enum class SegmentKind : unsigned { Values = 0, Streams = 1, Memories = 2 };
constexpr unsigned kNumGraphSegments = 3;

/// Returns the thread definition that transitively encloses `op`, or null.
ThreadOp getEnclosingThread(mlir::Operation *op);

/// Returns true if `type` may travel on a channel or a graph stream port: a
/// finite value type, i.e. not a channel, a thread token or a memref.
bool isChannelPayloadType(mlir::Type type);

} // namespace loom::dataflow

#endif // LOOM_DIALECT_DATAFLOW_IR_DATAFLOW_H
