//===- Boundary.h - segmented launch boundaries -----------------*- C++ -*-===//
//
// Part of the Loom project.
//
// dataflow.graph.launch and loom.spatial_region share one normalized boundary:
// value inputs, stream input channels with affine source maps, memory inputs,
// stream output channels; results are value outputs then memory outputs. This
// header declares the shared assembly directives and verifier.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_DIALECT_DATAFLOW_IR_BOUNDARY_H
#define LOOM_DIALECT_DATAFLOW_IR_BOUNDARY_H

#include "mlir/IR/OpImplementation.h"

#include <array>

namespace loom::dataflow {

/// The parsed, not yet resolved operand segments of a boundary.
struct BoundaryOperands {
  llvm::SmallVector<mlir::OpAsmParser::UnresolvedOperand> values, streamInputs,
      memories, streamOutputs;
  llvm::SmallVector<mlir::Type> valueTypes, streamInputTypes, memoryTypes,
      streamOutputTypes;
  mlir::ArrayAttr sourceMaps;

  /// Segment sizes in operand order.
  std::array<int32_t, 4> getSegmentSizes() const;
};

/// Parses `[values(%v : T, ...)] [stream_inputs(%c : !dataflow.channel<T>,
/// ...) source_maps([...])] [memories(%m : memref<..>, ...)]
/// [stream_outputs(%o : !dataflow.channel<T>, ...)]`; absent groups are empty.
mlir::ParseResult parseBoundaryOperands(mlir::OpAsmParser &parser,
                                        BoundaryOperands &operands);

/// Resolves `operands` into `result.operands` in segment order.
mlir::ParseResult resolveBoundaryOperands(mlir::OpAsmParser &parser,
                                          BoundaryOperands &operands,
                                          llvm::SMLoc loc,
                                          mlir::OperationState &result);

/// Prints the non-empty groups, each with a leading space.
void printBoundaryOperands(mlir::OpAsmPrinter &printer, mlir::ValueRange values,
                           mlir::ValueRange streamInputs,
                           mlir::ArrayAttr sourceMaps,
                           mlir::ValueRange memories,
                           mlir::ValueRange streamOutputs);

/// Parses `[-> [values(T, ...)] [memories(memref<..>, ...)]]`.
mlir::ParseResult
parseBoundaryResults(mlir::OpAsmParser &parser,
                     llvm::SmallVectorImpl<mlir::Type> &valueTypes,
                     llvm::SmallVectorImpl<mlir::Type> &memoryTypes);

/// Prints ` -> values(...) memories(...)`, or nothing without results.
void printBoundaryResults(mlir::OpAsmPrinter &printer,
                          mlir::TypeRange valueTypes,
                          mlir::TypeRange memoryTypes);

/// Checks the local boundary rules shared by graph launches and spatial
/// regions: memory operands and results are memrefs, values are not, stream
/// payloads are finite value types, and every stream input has one
/// symbol-free source map whose dimensions are the enclosing thread's
/// coordinates (which must then be a dense domain). Emits on `op`.
mlir::LogicalResult
verifyBoundary(mlir::Operation *op, mlir::ValueRange values,
               mlir::ValueRange streamInputs, mlir::ArrayAttr sourceMaps,
               mlir::ValueRange memories, mlir::ValueRange streamOutputs,
               mlir::TypeRange valueResults, mlir::TypeRange memoryResults);

} // namespace loom::dataflow

#endif // LOOM_DIALECT_DATAFLOW_IR_BOUNDARY_H
