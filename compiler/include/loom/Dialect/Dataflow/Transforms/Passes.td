//===- Passes.td - dataflow dialect passes ------------------*- tablegen -*-===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_DIALECT_DATAFLOW_TRANSFORMS_PASSES_TD
#define LOOM_DIALECT_DATAFLOW_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def ValidateDataflowPass : Pass<"loom-validate-dataflow", "::mlir::ModuleOp"> {
  let summary = "Validate a finalized dataflow program across the module";
  let description = [{
    Checks the whole-program rules that no single operation verifier can see
    (Part 3 sections 5.4.3, 5.5 and 9):

    - a graph that does real work never returns its raw `%start` as its
      completion frontier;
    - every `dataflow.thread.yield` frontier covers the `done` of each
      `dataflow.graph.launch` in its thread on every path where the launch
      exists, is duplicate-free, and each member is necessary (it covers a
      launch no other member covers);
    - every `dataflow.graph.wait` operand is a graph completion (its causal
      closure contains a graph launch);
    - every channel in a thread body has exactly one producer binding and at
      least one consumer, producer and consumer ranks agree, and with
      constant launch extents every source map stays inside the producer
      domain.

    Causality comes only from explicit completion semantics: a launch's done
    follows its deps, `dataflow.sync` waits for all inputs, and `scf.if` /
    `scf.index_switch` / `scf.for` results are followed path by path.

    Before (rejected: the second launch's done is not yielded):

    ```mlir
    %a, %d0 = dataflow.graph.launch @g deps(%ctrl) values(%x : i32) -> values(i32)
    %b, %d1 = dataflow.graph.launch @g deps(%ctrl) values(%x : i32) -> values(i32)
    dataflow.thread.yield %d0
    ```
  }];
}

#endif // LOOM_DIALECT_DATAFLOW_TRANSFORMS_PASSES_TD
