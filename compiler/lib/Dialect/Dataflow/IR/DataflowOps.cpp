//===- DataflowOps.cpp - generated operation definitions -----------------===//
//
// Part of the Loom project.
//
// Instantiates the ODS-generated op classes; the hand-written parts live in
// ThreadOps.cpp, GraphOps.cpp and PrimitiveOps.cpp.
//
//===----------------------------------------------------------------------===//

#include "loom/Dialect/Dataflow/IR/Boundary.h"
#include "loom/Dialect/Dataflow/IR/Dataflow.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace loom::dataflow;

#define GET_OP_CLASSES
#include "loom/Dialect/Dataflow/IR/DataflowOps.cpp.inc"
