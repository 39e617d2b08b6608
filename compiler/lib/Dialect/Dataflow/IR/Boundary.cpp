//===- Boundary.cpp - segmented launch boundaries ------------------------===//
//
// Part of the Loom project.
//
// Assembly directives and the local verifier for the normalized boundary that
// dataflow.graph.launch and loom.spatial_region share.
//
//===----------------------------------------------------------------------===//

#include "loom/Dialect/Dataflow/IR/Boundary.h"
#include "loom/Dialect/Dataflow/IR/Dataflow.h"

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace loom::dataflow;

/// Parses one optional `keyword(%a, %b : T, U)` group.
static ParseResult
parseOperandGroup(OpAsmParser &parser, StringRef keyword,
                  SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands,
                  SmallVectorImpl<Type> &types, bool &present) {
  present = succeeded(parser.parseOptionalKeyword(keyword));
  if (!present)
    return success();
  if (parser.parseLParen() || parser.parseOperandList(operands) ||
      parser.parseColonTypeList(types) || parser.parseRParen())
    return failure();
  return success();
}

static void printOperandGroup(OpAsmPrinter &p, StringRef keyword,
                              ValueRange operands) {
  if (operands.empty())
    return;
  p << ' ' << keyword << '(' << operands << " : " << operands.getTypes() << ')';
}

std::array<int32_t, 4> BoundaryOperands::getSegmentSizes() const {
  return {static_cast<int32_t>(values.size()),
          static_cast<int32_t>(streamInputs.size()),
          static_cast<int32_t>(memories.size()),
          static_cast<int32_t>(streamOutputs.size())};
}

ParseResult loom::dataflow::parseBoundaryOperands(OpAsmParser &parser,
                                                  BoundaryOperands &b) {
  bool present = false;
  if (parseOperandGroup(parser, "values", b.values, b.valueTypes, present) ||
      parseOperandGroup(parser, "stream_inputs", b.streamInputs,
                        b.streamInputTypes, present))
    return failure();
  if (present) {
    Attribute maps;
    if (parser.parseKeyword("source_maps") || parser.parseLParen() ||
        parser.parseAttribute(maps) || parser.parseRParen())
      return failure();
    b.sourceMaps = dyn_cast<ArrayAttr>(maps);
    if (!b.sourceMaps)
      return parser.emitError(parser.getCurrentLocation())
             << "source_maps must be an array of affine maps";
  }
  return failure(parseOperandGroup(parser, "memories", b.memories,
                                   b.memoryTypes, present) ||
                 parseOperandGroup(parser, "stream_outputs", b.streamOutputs,
                                   b.streamOutputTypes, present));
}

ParseResult loom::dataflow::resolveBoundaryOperands(OpAsmParser &parser,
                                                    BoundaryOperands &b,
                                                    SMLoc loc,
                                                    OperationState &result) {
  return failure(
      parser.resolveOperands(b.values, b.valueTypes, loc, result.operands) ||
      parser.resolveOperands(b.streamInputs, b.streamInputTypes, loc,
                             result.operands) ||
      parser.resolveOperands(b.memories, b.memoryTypes, loc, result.operands) ||
      parser.resolveOperands(b.streamOutputs, b.streamOutputTypes, loc,
                             result.operands));
}

void loom::dataflow::printBoundaryOperands(OpAsmPrinter &p, ValueRange values,
                                           ValueRange streamInputs,
                                           ArrayAttr sourceMaps,
                                           ValueRange memories,
                                           ValueRange streamOutputs) {
  printOperandGroup(p, "values", values);
  printOperandGroup(p, "stream_inputs", streamInputs);
  if (!streamInputs.empty()) {
    p << " source_maps(";
    if (sourceMaps)
      p.printAttribute(sourceMaps);
    else
      p << "[]";
    p << ')';
  }
  printOperandGroup(p, "memories", memories);
  printOperandGroup(p, "stream_outputs", streamOutputs);
}

ParseResult
loom::dataflow::parseBoundaryResults(OpAsmParser &parser,
                                     SmallVectorImpl<Type> &valueTypes,
                                     SmallVectorImpl<Type> &memoryTypes) {
  if (failed(parser.parseOptionalArrow()))
    return success();
  bool any = false;
  for (auto [keyword, types] :
       {std::make_pair(StringRef("values"), &valueTypes),
        std::make_pair(StringRef("memories"), &memoryTypes)}) {
    if (failed(parser.parseOptionalKeyword(keyword)))
      continue;
    any = true;
    if (parser.parseLParen() || parser.parseTypeList(*types) ||
        parser.parseRParen())
      return failure();
  }
  if (!any)
    return parser.emitError(parser.getCurrentLocation())
           << "expected 'values(...)' or 'memories(...)' after '->'";
  return success();
}

void loom::dataflow::printBoundaryResults(OpAsmPrinter &p, TypeRange valueTypes,
                                          TypeRange memoryTypes) {
  if (valueTypes.empty() && memoryTypes.empty())
    return;
  p << " ->";
  if (!valueTypes.empty())
    p << " values(" << valueTypes << ')';
  if (!memoryTypes.empty())
    p << " memories(" << memoryTypes << ')';
}

LogicalResult loom::dataflow::verifyBoundary(
    Operation *op, ValueRange values, ValueRange streamInputs,
    ArrayAttr sourceMaps, ValueRange memories, ValueRange streamOutputs,
    TypeRange valueResults, TypeRange memoryResults) {
  for (auto [i, value] : llvm::enumerate(values))
    if (isa<BaseMemRefType>(value.getType()))
      return op->emitOpError() << "value input #" << i
                               << " is a memref; memory crosses the boundary "
                                  "in the memories segment";
  for (auto [i, type] : llvm::enumerate(valueResults))
    if (isa<BaseMemRefType>(type))
      return op->emitOpError() << "value result #" << i
                               << " is a memref; memory results belong to the "
                                  "memories segment";
  for (auto [i, memory] : llvm::enumerate(memories))
    if (!isa<BaseMemRefType>(memory.getType()))
      return op->emitOpError()
             << "memory input #" << i << " has type " << memory.getType()
             << "; memory ports take memrefs only";
  for (auto [i, type] : llvm::enumerate(memoryResults))
    if (!isa<BaseMemRefType>(type))
      return op->emitOpError() << "memory result #" << i << " has type " << type
                               << "; memory ports take memrefs only";

  size_t numMaps = sourceMaps ? sourceMaps.size() : 0;
  if (numMaps != streamInputs.size())
    return op->emitOpError()
           << "has " << streamInputs.size() << " stream inputs but " << numMaps
           << " source maps; each stream input needs one";
  if (streamInputs.empty() && streamOutputs.empty())
    return success();

  ThreadOp thread = getEnclosingThread(op);
  if (thread && thread.isDynamicWork())
    return op->emitOpError()
           << "binds stream channels inside dynamic_work "
              "thread @"
           << thread.getSymName() << "; stream endpoints need a dense domain";
  unsigned rank = thread ? thread.getRank() : 0;
  if (!sourceMaps)
    return success();
  for (auto [i, attr] : llvm::enumerate(sourceMaps.getValue())) {
    auto mapAttr = dyn_cast<AffineMapAttr>(attr);
    if (!mapAttr)
      return op->emitOpError()
             << "source map #" << i << " must be an affine map, got " << attr;
    AffineMap map = mapAttr.getValue();
    if (map.getNumSymbols() != 0)
      return op->emitOpError()
             << "source map #" << i << " must be symbol-free, got " << mapAttr;
    if (map.getNumDims() != rank)
      return op->emitOpError()
             << "source map #" << i << " has " << map.getNumDims()
             << " dimensions but the consumer thread has rank " << rank;
  }
  return success();
}
