//===- OpHelpers.h - verifier helpers shared by dataflow ops ----*- C++ -*-===//
//
// Part of the Loom project.
//
// Private to the dataflow IR library: checks that thread and graph
// definitions, and thread and graph launches, share.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_LIB_DIALECT_DATAFLOW_IR_OPHELPERS_H
#define LOOM_LIB_DIALECT_DATAFLOW_IR_OPHELPERS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/SymbolTable.h"

namespace loom::dataflow {

/// Rejects a definition whose visibility is not `private` (the baseline
/// visibility policy of Part 3: cross-module linkage is not specified).
inline mlir::LogicalResult
verifyPrivateVisibility(mlir::Operation *op,
                        std::optional<llvm::StringRef> vis) {
  if (vis && *vis == "private")
    return mlir::success();
  return op->emitOpError() << "must have 'private' visibility, got '"
                           << (vis ? *vis : "public") << "'";
}

/// Resolves the callee of launch `op` to a `CalleeOp` definition, or emits
/// why it cannot ("does not resolve", "must be a dataflow.<kind>").
template <typename CalleeOp>
mlir::FailureOr<CalleeOp>
resolveLaunchCallee(mlir::Operation *op, mlir::FlatSymbolRefAttr callee,
                    mlir::SymbolTableCollection &symbolTable,
                    llvm::StringRef kind) {
  mlir::Operation *target = symbolTable.lookupNearestSymbolFrom(op, callee);
  if (!target)
    return op->emitOpError() << "callee " << callee
                             << " does not resolve to a symbol in the module";
  auto definition = llvm::dyn_cast<CalleeOp>(target);
  if (!definition)
    return op->emitOpError() << "callee " << callee << " must be a " << kind
                             << ", got '" << target->getName() << "'";
  return definition;
}

/// Parses `[private|public|nested] @name` of a definition into `result`.
inline mlir::ParseResult
parseVisibilityAndName(mlir::OpAsmParser &parser, mlir::OperationState &result,
                       mlir::StringAttr visibilityAttrName) {
  llvm::StringRef visibility;
  if (mlir::succeeded(parser.parseOptionalKeyword(
          &visibility, {"private", "public", "nested"})))
    result.addAttribute(visibilityAttrName,
                        parser.getBuilder().getStringAttr(visibility));
  mlir::StringAttr name;
  return parser.parseSymbolName(name, mlir::SymbolTable::getSymbolAttrName(),
                                result.attributes);
}

/// Prints ` [visibility ]@name`.
inline void printVisibilityAndName(mlir::OpAsmPrinter &printer,
                                   std::optional<llvm::StringRef> visibility,
                                   llvm::StringRef name) {
  printer << ' ';
  if (visibility)
    printer << *visibility << ' ';
  printer.printSymbolName(name);
}

} // namespace loom::dataflow

#endif // LOOM_LIB_DIALECT_DATAFLOW_IR_OPHELPERS_H
