//===- DataflowDialect.td - the dataflow dialect ------------*- tablegen -*-===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_DIALECT_DATAFLOW_IR_DATAFLOWDIALECT_TD
#define LOOM_DIALECT_DATAFLOW_IR_DATAFLOWDIALECT_TD

include "mlir/IR/OpBase.td"

def Dataflow_Dialect : Dialect {
  let name = "dataflow";
  let cppNamespace = "::loom::dataflow";
  let summary = "Loom's canonical dataflow program: threads, graphs and actors";
  let description = [{
    The `dataflow` dialect is Loom's final target-independent software IR.
    `dataflow.thread` definitions are logical accelerator execution domains
    (dense or dynamic-work), launched from host code by
    `dataflow.thread.launch`. `dataflow.graph` definitions are the leaf
    dataflow graphs a SpatialCore runs, launched from thread bodies by
    `dataflow.graph.launch`. Inside a graph every SSA value is an ordered token
    stream and every operation is an actor admitted through the operation
    schema registry.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let extraClassDeclaration = [{
    void registerTypes();
    void registerAttributes();
  }];
}

class Dataflow_Op<string mnemonic, list<Trait> traits = []>
    : Op<Dataflow_Dialect, mnemonic, traits>;

#endif // LOOM_DIALECT_DATAFLOW_IR_DATAFLOWDIALECT_TD
