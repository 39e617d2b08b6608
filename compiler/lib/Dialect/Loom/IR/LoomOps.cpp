//===- LoomOps.cpp - the loom dialect ------------------------------------===//
//
// Part of the Loom project.
//
// The loom dialect and the spatial region boundary verifier.
//
//===----------------------------------------------------------------------===//

#include "loom/Dialect/Dataflow/IR/Boundary.h"
#include "loom/Dialect/Loom/IR/Loom.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace loom;
using namespace loom::dataflow;

#include "loom/Dialect/Loom/IR/LoomDialect.cpp.inc"

void LoomDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "loom/Dialect/Loom/IR/LoomOps.cpp.inc"
      >();
}

#define GET_OP_CLASSES
#include "loom/Dialect/Loom/IR/LoomOps.cpp.inc"

//===----------------------------------------------------------------------===//
// SpatialRegionOp
//===----------------------------------------------------------------------===//

LogicalResult SpatialRegionOp::verify() {
  if (!getEnclosingThread(*this))
    return emitOpError() << "must appear inside a dataflow.thread body";
  if ((*this)->getParentOfType<SpatialRegionOp>())
    return emitOpError() << "may not be nested in another loom.spatial_region";
  return verifyBoundary(*this, getValueInputs(), getStreamInputs(),
                        getSourceMapsAttr(), getMemoryInputs(),
                        getStreamOutputs(), getValueResults().getTypes(),
                        getMemoryResults().getTypes());
}

LogicalResult SpatialRegionOp::verifyRegions() {
  Block &entry = getBody().front();
  if (entry.getNumArguments() != getNumOperands())
    return emitOpError() << "entry block must mirror the " << getNumOperands()
                         << " boundary operands, got "
                         << entry.getNumArguments() << " arguments";
  for (auto [i, arg, operand] :
       llvm::enumerate(entry.getArguments(), getOperands()))
    if (arg.getType() != operand.getType())
      return emitOpError() << "entry block argument #" << i << " has type "
                           << arg.getType() << " but boundary operand #" << i
                           << " has type " << operand.getType();
  auto yield = cast<SpatialYieldOp>(entry.getTerminator());
  if (yield.getResults().getTypes() != getResultTypes())
    return yield.emitOpError()
           << "yields " << yield.getResults().size()
           << " values whose types must equal the region's " << getNumResults()
           << " result types (values, then memories)";
  WalkResult walk = getBody().walk([&](Operation *op) {
    if (isa<ThreadLaunchOp, GraphLaunchOp, ThreadWaitOp, GraphWaitOp,
            WorkSpawnOp>(op)) {
      op->emitOpError() << "is not allowed inside a loom.spatial_region: the "
                           "region becomes one dataflow.graph";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

// Syntax: loom.spatial_region <boundary operands>
//             [-> values(...) memories(...)] [attributes {...}] { body }
ParseResult SpatialRegionOp::parse(OpAsmParser &parser,
                                   OperationState &result) {
  SMLoc loc = parser.getCurrentLocation();
  BoundaryOperands boundary;
  SmallVector<Type> valueTypes, memoryTypes;
  if (parseBoundaryOperands(parser, boundary) ||
      parseBoundaryResults(parser, valueTypes, memoryTypes) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes) ||
      resolveBoundaryOperands(parser, boundary, loc, result))
    return failure();
  Builder &builder = parser.getBuilder();
  if (boundary.sourceMaps)
    result.addAttribute(getSourceMapsAttrName(result.name),
                        boundary.sourceMaps);
  result.addAttribute(getOperandSegmentSizesAttrName(result.name),
                      builder.getDenseI32ArrayAttr(boundary.getSegmentSizes()));
  result.addAttribute(
      StringRef("resultSegmentSizes"),
      builder.getDenseI32ArrayAttr({static_cast<int32_t>(valueTypes.size()),
                                    static_cast<int32_t>(memoryTypes.size())}));
  result.addTypes(valueTypes);
  result.addTypes(memoryTypes);
  Region *body = result.addRegion();
  if (parser.parseRegion(*body))
    return failure();
  SpatialRegionOp::ensureTerminator(*body, builder, result.location);
  return success();
}

void SpatialRegionOp::print(OpAsmPrinter &p) {
  printBoundaryOperands(p, getValueInputs(), getStreamInputs(),
                        getSourceMapsAttr(), getMemoryInputs(),
                        getStreamOutputs());
  printBoundaryResults(p, getValueResults().getTypes(),
                       getMemoryResults().getTypes());
  p.printOptionalAttrDictWithKeyword((*this)->getAttrs(),
                                     {getSourceMapsAttrName(),
                                      getOperandSegmentSizesAttrName(),
                                      "resultSegmentSizes"});
  p << ' ';
  p.printRegion(getBody(), /*printEntryBlockArgs=*/true,
                /*printBlockTerminators=*/true);
}
