//===- DataflowDialect.cpp - dataflow dialect, types, attributes ---------===//
//
// Part of the Loom project.
//
// Registers the dataflow dialect and implements its types and attributes.
//
//===----------------------------------------------------------------------===//

#include "loom/Dialect/Dataflow/IR/Dataflow.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace loom::dataflow;

#include "loom/Dialect/Dataflow/IR/DataflowDialect.cpp.inc"
#include "loom/Dialect/Dataflow/IR/DataflowEnums.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "loom/Dialect/Dataflow/IR/DataflowTypes.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "loom/Dialect/Dataflow/IR/DataflowAttrs.cpp.inc"

void DataflowDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "loom/Dialect/Dataflow/IR/DataflowOps.cpp.inc"
      >();
}

void DataflowDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "loom/Dialect/Dataflow/IR/DataflowTypes.cpp.inc"
      >();
}

void DataflowDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "loom/Dialect/Dataflow/IR/DataflowAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

ThreadOp loom::dataflow::getEnclosingThread(Operation *op) {
  return op->getParentOfType<ThreadOp>();
}

bool loom::dataflow::isChannelPayloadType(Type type) {
  return !isa<ChannelType, ThreadTokenType, BaseMemRefType, FunctionType>(type);
}

//===----------------------------------------------------------------------===//
// ChannelType
//===----------------------------------------------------------------------===//

LogicalResult ChannelType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  Type elementType) {
  if (!isChannelPayloadType(elementType))
    return emitError() << "channel element type must be a finite value type "
                          "(not a channel, thread token, memref or function), "
                          "got "
                       << elementType;
  return success();
}

//===----------------------------------------------------------------------===//
// ThreadDomainAttr
//===----------------------------------------------------------------------===//

// Syntax: `<dense>` or `<dynamic_work, work_item_arg = N>`.
Attribute ThreadDomainAttr::parse(AsmParser &parser, Type) {
  StringRef keyword;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseKeyword(&keyword))
    return {};
  std::optional<ThreadDomainKind> kind = symbolizeThreadDomainKind(keyword);
  if (!kind) {
    parser.emitError(loc) << "unknown thread domain '" << keyword
                          << "', expected 'dense' or 'dynamic_work'";
    return {};
  }
  std::optional<unsigned> workItemArg;
  if (*kind == ThreadDomainKind::DynamicWork) {
    unsigned ordinal = 0;
    if (parser.parseComma() || parser.parseKeyword("work_item_arg") ||
        parser.parseEqual() || parser.parseInteger(ordinal))
      return {};
    workItemArg = ordinal;
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<ThreadDomainAttr>(parser.getContext(), *kind,
                                             workItemArg);
}

void ThreadDomainAttr::print(AsmPrinter &printer) const {
  printer << '<' << stringifyThreadDomainKind(getKind());
  if (getWorkItemArg())
    printer << ", work_item_arg = " << *getWorkItemArg();
  printer << '>';
}

LogicalResult
ThreadDomainAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                         ThreadDomainKind kind,
                         std::optional<unsigned> workItemArg) {
  if (kind == ThreadDomainKind::Dense && workItemArg)
    return emitError() << "a dense thread domain has no work_item_arg";
  if (kind == ThreadDomainKind::DynamicWork && !workItemArg)
    return emitError() << "a dynamic_work thread domain needs work_item_arg";
  return success();
}
