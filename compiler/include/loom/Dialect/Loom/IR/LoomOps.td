//===- LoomOps.td - the loom dialect ------------------------*- tablegen -*-===//
//
// Part of the Loom project.
//
// Temporary compiler IR between ownership and SCF-to-dataflow lowering.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_DIALECT_LOOM_IR_LOOMOPS_TD
#define LOOM_DIALECT_LOOM_IR_LOOMOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "loom/Dialect/Dataflow/IR/DataflowTypes.td"

def Loom_Dialect : Dialect {
  let name = "loom";
  let cppNamespace = "::loom";
  let summary = "Loom's temporary ownership carriers";
  let description = [{
    Operations that exist only while a program is being compiled: the
    `loom.spatial_region` boundary around what a SpatialCore will run. None of
    them appears in a finalized dataflow program.
  }];
  let dependentDialects = ["::loom::dataflow::DataflowDialect"];
}

class Loom_Op<string mnemonic, list<Trait> traits = []>
    : Op<Loom_Dialect, mnemonic, traits>;

def Loom_SpatialRegionOp : Loom_Op<"spatial_region", [
    IsolatedFromAbove, AttrSizedOperandSegments, AttrSizedResultSegments,
    SingleBlockImplicitTerminator<"SpatialYieldOp">, RecursiveMemoryEffects]> {
  let summary = "one structured graph candidate inside a dataflow.thread";
  let description = [{
    The temporary SpatialCore ownership boundary of Part 3. Operands are
    normalized into value inputs, stream input channels (each with an affine
    `source_map` from consumer to producer thread coordinates), memory inputs
    and stream output channels; results are value outputs then memory outputs.
    The body is isolated: its entry block mirrors the operands one to one, and
    `loom.spatial_yield` returns the results. SCF-to-dataflow lowering
    replaces the region with a `dataflow.graph` and its launch.

    ```mlir
    %s = loom.spatial_region values(%n : index) memories(%A : memref<?xi32>)
        -> values(i32) {
    ^bb0(%n1: index, %A1: memref<?xi32>):
      ...
      loom.spatial_yield %sum : i32
    }
    ```
  }];
  let arguments = (ins
    Variadic<AnyType>:$valueInputs,
    Variadic<Dataflow_AnyChannel>:$streamInputs,
    Variadic<AnyType>:$memoryInputs,
    Variadic<Dataflow_AnyChannel>:$streamOutputs,
    OptionalAttr<AffineMapArrayAttr>:$source_maps,
    OptionalAttr<StrAttr>:$graph_name);
  let results = (outs
    Variadic<AnyType>:$valueResults,
    Variadic<AnyType>:$memoryResults);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def Loom_SpatialYieldOp : Loom_Op<"spatial_yield", [
    Terminator, HasParent<"SpatialRegionOp">, Pure, ReturnLike]> {
  let summary = "returns the value and memory outputs of a spatial region";
  let arguments = (ins Variadic<AnyType>:$results);
  let builders = [OpBuilder<(ins), [{ }]>];
  let assemblyFormat = "attr-dict ($results^ `:` type($results))?";
}

#endif // LOOM_DIALECT_LOOM_IR_LOOMOPS_TD
