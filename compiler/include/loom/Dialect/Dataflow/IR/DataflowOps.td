//===- DataflowOps.td - dataflow operations -----------------*- tablegen -*-===//
//
// Part of the Loom project.
//
// The operations of Part 3 section 5 (threads, graphs, launches, waits,
// channels) and the primitives of dataflow-semantics.md. Token rules of each
// primitive are stated in its description; verifiers enforce the typing.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_DIALECT_DATAFLOW_IR_DATAFLOWOPS_TD
#define LOOM_DIALECT_DATAFLOW_IR_DATAFLOWOPS_TD

include "loom/Dialect/Dataflow/IR/DataflowDialect.td"
include "loom/Dialect/Dataflow/IR/DataflowTypes.td"
include "mlir/Dialect/Arith/IR/ArithBase.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Threads
//===----------------------------------------------------------------------===//

def Dataflow_ThreadOp : Dataflow_Op<"thread", [
    AutomaticAllocationScope, IsolatedFromAbove, Symbol, HasParent<"::mlir::ModuleOp">,
    SingleBlockImplicitTerminator<"ThreadYieldOp">,
    FunctionOpInterface, RecursiveMemoryEffects,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmBlockArgumentNames"]>]> {
  let summary = "a logical accelerator execution domain (dense or dynamic work)";
  let description = [{
    A module-scope, private, function-like definition of what one logical
    execution point runs. It does not execute by itself: each
    `dataflow.thread.launch` starts one domain instance.

    The entry block is `(args..., thread_ctrl : none, coord_0 : index, ...)`
    for a dense domain and `(args..., thread_ctrl : none)` for a dynamic-work
    domain. The coordinate suffix length is the rank; no attribute repeats it.
    `arg_attrs` is indexed by the ordinary arguments only.

    ```mlir
    dataflow.thread private @scale(%A: memref<?xf32>, %s: f32)
        ctrl(%c) coords(%i) domain<dense> {
      %x = memref.load %A[%i] : memref<?xf32>
      %y = arith.mulf %x, %s : f32
      memref.store %y, %A[%i] : memref<?xf32>
      dataflow.thread.yield
    }
    ```
  }];
  let arguments = (ins
    SymbolNameAttr:$sym_name,
    TypeAttrOf<FunctionType>:$function_type,
    OptionalAttr<StrAttr>:$sym_visibility,
    Dataflow_ThreadDomainAttr:$domain,
    OptionalAttr<DictArrayAttr>:$arg_attrs,
    OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region SizedRegion<1>:$body);
  let builders = [
    OpBuilder<(ins "::llvm::StringRef":$name, "::mlir::FunctionType":$type,
      "ThreadDomainAttr":$domain, "unsigned":$rank,
      CArg<"::llvm::ArrayRef<::mlir::DictionaryAttr>", "{}">:$argAttrs)>
  ];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let skipDefaultBuilders = 1;
  let extraClassDeclaration = [{
    //===------------------------------------------------------------------===//
    // FunctionOpInterface
    //===------------------------------------------------------------------===//
    ::mlir::Region *getCallableRegion() { return &getBody(); }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
    /// The entry block carries thread_ctrl and coordinates after the
    /// signature arguments, so the interface's one-to-one check is replaced.
    ::mlir::LogicalResult verifyBody();

    //===------------------------------------------------------------------===//
    // Thread ABI
    //===------------------------------------------------------------------===//
    /// Number of ordinary (payload) arguments.
    unsigned getNumPayloadArguments() { return getFunctionType().getNumInputs(); }
    /// The per-instance start signal.
    ::mlir::BlockArgument getThreadCtrl() {
      return getBody().front().getArgument(getNumPayloadArguments());
    }
    /// Coordinate rank derived from the entry block shape; 0 for dynamic work.
    unsigned getRank() {
      return getBody().front().getNumArguments() - getNumPayloadArguments() - 1;
    }
    ::mlir::BlockArgument getCoordinate(unsigned dim) {
      return getBody().front().getArgument(getNumPayloadArguments() + 1 + dim);
    }
    bool isDynamicWork() { return getDomain().isDynamicWork(); }
    /// The work-item payload argument of a dynamic-work thread.
    ::mlir::BlockArgument getWorkItemArgument() {
      return getBody().front().getArgument(*getDomain().getWorkItemArg());
    }
    ThreadYieldOp getYield();
  }];
}

def Dataflow_ThreadYieldOp : Dataflow_Op<"thread.yield", [
    Terminator, HasParent<"ThreadOp">, Pure, ReturnLike]> {
  let summary = "ends a thread body with its graph-completion frontier";
  let description = [{
    The unordered all-of frontier of `none` events whose completion retires
    this thread instance (for dynamic work: the current work item). The
    finalized-program validator requires it to cover every graph launch of the
    thread and to be minimal.
  }];
  let arguments = (ins Variadic<NoneType>:$completionFrontier);
  let builders = [OpBuilder<(ins), [{ }]>];
  let assemblyFormat = "attr-dict ($completionFrontier^)?";
}

def Dataflow_ThreadLaunchOp : Dataflow_Op<"thread.launch", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "starts one domain instance of a dataflow.thread";
  let description = [{
    Host-side launch of `callee`. A dense callee gets one non-negative index
    extent per coordinate dimension (rank zero: one instance; any zero extent:
    none). A dynamic-work callee gets no extents: its designated body operand
    is the root work item. `deps` is an all-of start ordering. The result
    retires when every instance (every work item) has retired.

    ```mlir
    %t = dataflow.thread.launch @scale extents(%n) args(%A, %s : memref<?xf32>, f32)
    ```
  }];
  let arguments = (ins
    FlatSymbolRefAttr:$callee,
    Variadic<Dataflow_AnyThreadToken>:$asyncDependencies,
    Variadic<Index>:$extents,
    Variadic<AnyType>:$bodyOperands);
  let results = (outs Dataflow_AnyThreadToken:$asyncToken);
  let assemblyFormat = [{
    $callee (`deps` `(` $asyncDependencies^ `)`)?
    (`extents` `(` $extents^ `)`)?
    `args` `(` ($bodyOperands^ `:` type($bodyOperands))? `)` attr-dict
  }];
  let hasVerifier = 1;
}

def Dataflow_ThreadWaitOp : Dataflow_Op<"thread.wait"> {
  let summary = "host-side wait for thread launch completion tokens";
  let description = [{
    Completes after every operand token has retired. Not a memory barrier.
  }];
  let arguments = (ins Variadic<Dataflow_AnyThreadToken>:$asyncDependencies);
  let assemblyFormat = "$asyncDependencies attr-dict";
  let hasVerifier = 1;
}

def Dataflow_WorkSpawnOp : Dataflow_Op<"work.spawn",
    [MemoryEffects<[MemWrite]>]> {
  let summary = "publishes one child work item of the current dynamic item";
  let description = [{
    Legal only inside a dynamic-work thread, outside every graph. Acquires the
    child's termination responsibility before publishing it; the child's
    ordinal is its program-order position among the parent's spawns.
  }];
  let arguments = (ins AnyType:$childItem);
  let assemblyFormat = "$childItem attr-dict `:` type($childItem)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Graphs
//===----------------------------------------------------------------------===//

def Dataflow_GraphOp : Dataflow_Op<"graph", [
    IsolatedFromAbove, Symbol, HasParent<"::mlir::ModuleOp">,
    FunctionOpInterface, RecursiveMemoryEffects,
    DeclareOpInterfaceMethods<RegionKindInterface>,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmBlockArgumentNames"]>]> {
  let summary = "a leaf dataflow graph definition (what a SpatialCore runs)";
  let description = [{
    A module-scope, private, function-like graph. Its payload inputs and
    results are split into value, stream and memory segments
    (`input_segments` / `result_segments`, each `[values, streams, memories]`).
    The entry block is `(%start : none, args...)`; `%start` is the per-launch
    start signal and not part of the function type. The body is a graph region
    (feedback edges allowed) whose operations must all be registered actors.

    ```mlir
    dataflow.graph private @add1(%start: none) values(%x: i32) -> values(i32) {
      %one = dataflow.constant %start {value = 1 : i32} : i32
      %y = arith.addi %x, %one : i32
      dataflow.graph.return %start, %y : none, i32
    }
    ```
  }];
  let arguments = (ins
    SymbolNameAttr:$sym_name,
    TypeAttrOf<FunctionType>:$function_type,
    OptionalAttr<StrAttr>:$sym_visibility,
    DenseI32ArrayAttr:$input_segments,
    DenseI32ArrayAttr:$result_segments,
    OptionalAttr<DictArrayAttr>:$arg_attrs,
    OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region SizedRegion<1>:$body);
  let builders = [
    OpBuilder<(ins "::llvm::StringRef":$name, "::mlir::FunctionType":$type,
      "::llvm::ArrayRef<int32_t>":$inputSegments,
      "::llvm::ArrayRef<int32_t>":$resultSegments,
      CArg<"::llvm::ArrayRef<::mlir::NamedAttribute>", "{}">:$attrs,
      CArg<"::llvm::ArrayRef<::mlir::DictionaryAttr>", "{}">:$argAttrs,
      CArg<"::llvm::ArrayRef<::mlir::DictionaryAttr>", "{}">:$resAttrs)>
  ];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let skipDefaultBuilders = 1;
  let extraClassDeclaration = [{
    ::mlir::Region *getCallableRegion() { return &getBody(); }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
    /// The entry block leads with %start, so the interface check is replaced.
    ::mlir::LogicalResult verifyBody();

    /// The per-launch start signal %start.
    ::mlir::BlockArgument getStart() { return getBody().front().getArgument(0); }
    /// Block argument of payload input `i`.
    ::mlir::BlockArgument getPayloadArgument(unsigned i) {
      return getBody().front().getArgument(i + 1);
    }
    /// Types of input segment `seg` (0 values, 1 streams, 2 memories).
    ::llvm::ArrayRef<::mlir::Type> getInputSegmentTypes(unsigned seg);
    ::llvm::ArrayRef<::mlir::Type> getResultSegmentTypes(unsigned seg);
    GraphReturnOp getReturn();
  }];
}

def Dataflow_GraphReturnOp : Dataflow_Op<"graph.return", [
    Terminator, HasParent<"GraphOp">, Pure, ReturnLike,
    AttrSizedOperandSegments]> {
  let summary = "the segmented payload and completion frontier of a graph";
  let description = [{
    `values`, `streams` and `memories` match the graph's result segments;
    `complete` is the non-empty all-of completion frontier from which the
    launch's `done` is derived. With one witness and no stream or memory
    results the compact form `dataflow.graph.return %done, %v : none, i32` is
    printed.
  }];
  let arguments = (ins
    Variadic<AnyType>:$values,
    Variadic<AnyType>:$streams,
    Variadic<AnyType>:$memories,
    Variadic<NoneType>:$complete);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Dataflow_GraphLaunchOp : Dataflow_Op<"graph.launch", [
    AttrSizedOperandSegments, AttrSizedResultSegments,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "one launch of a dataflow.graph inside a thread body";
  let description = [{
    Fires `callee` once at this program point. `deps` are start dependencies;
    `values`, `stream_inputs` (consumer channel bindings, each with an affine
    `source_map` from consumer to producer thread coordinates), `memories` and
    `stream_outputs` (producer channel bindings) bind the callee's input and
    result segments. Results are the value results, the memory results and the
    trailing `done`, the all-of of the callee's `complete` frontier.

    ```mlir
    %y, %done = dataflow.graph.launch @add1 deps(%ctrl) values(%x : i32)
        -> values(i32)
    ```
  }];
  let arguments = (ins
    FlatSymbolRefAttr:$callee,
    Variadic<NoneType>:$dependencies,
    Variadic<AnyType>:$valueInputs,
    Variadic<Dataflow_AnyChannel>:$streamInputs,
    Variadic<AnyType>:$memoryInputs,
    Variadic<Dataflow_AnyChannel>:$streamOutputs,
    OptionalAttr<AffineMapArrayAttr>:$source_maps);
  let results = (outs
    Variadic<AnyType>:$valueResults,
    Variadic<AnyType>:$memoryResults,
    NoneType:$done);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Dataflow_GraphWaitOp : Dataflow_Op<"graph.wait"> {
  let summary = "a thread-body wait for graph completion events";
  let description = [{
    Blocks the stored program until every operand event has occurred. Each
    operand must be a graph completion (checked by `loom-validate-dataflow`).
  }];
  let arguments = (ins Variadic<NoneType>:$completionFrontier);
  let assemblyFormat = "$completionFrontier attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Channels (thread bodies only)
//===----------------------------------------------------------------------===//

def Dataflow_ChannelCreateOp : Dataflow_Op<"channel.create"> {
  let summary = "creates a channel endpoint in a thread body";
  let results = (outs Dataflow_AnyChannel:$channel);
  let assemblyFormat = "attr-dict `:` type($channel)";
  let hasVerifier = 1;
}

def Dataflow_ChannelSendOp : Dataflow_Op<"channel.send", [
    TypesMatchWith<"value type matches the channel element type",
      "channel", "value",
      "::llvm::cast<::loom::dataflow::ChannelType>($_self).getElementType()">]> {
  let summary = "sends one value on a channel from a thread body";
  let arguments = (ins Dataflow_AnyChannel:$channel, AnyType:$value);
  let assemblyFormat = "$channel `,` $value attr-dict `:` type($channel)";
  let hasVerifier = 1;
}

def Dataflow_ChannelReceiveOp : Dataflow_Op<"channel.receive", [
    TypesMatchWith<"result type matches the channel element type",
      "channel", "value",
      "::llvm::cast<::loom::dataflow::ChannelType>($_self).getElementType()">]> {
  let summary = "receives one value from a channel in a thread body";
  let arguments = (ins Dataflow_AnyChannel:$channel);
  let results = (outs AnyType:$value);
  let assemblyFormat = "$channel attr-dict `:` type($channel)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Streaming primitives
//===----------------------------------------------------------------------===//

def Dataflow_StreamOp : Dataflow_Op<"stream", [Pure,
    AllTypesMatch<["init", "limit", "step", "iv"]>]> {
  let summary = "counted loop control: induction values and a phase stream";
  let description = [{
    Idle: consume one `(init, limit, step)` triple, `cur = init`. Active: while
    `pred(cur, limit)` emit `cur` on `iv` and `T` on `phase`, then advance
    `cur` by `step_kind`; otherwise emit only `F` on `phase` and return to idle.
    One activation with K body executions emits K ivs and phase `T^K F`.

    ```mlir
    %iv, %phase = dataflow.stream %c0, %n, %c1 step add while slt : i32
    ```
  }];
  let arguments = (ins AnySignlessInteger:$init, AnySignlessInteger:$limit,
                   AnySignlessInteger:$step, Dataflow_StepKind:$step_kind,
                   Arith_CmpIPredicateAttr:$predicate);
  let results = (outs AnySignlessInteger:$iv, I1:$phase);
  let assemblyFormat = [{
    $init `,` $limit `,` $step `step` $step_kind `while` $predicate attr-dict
    `:` type($init)
  }];
  let hasVerifier = 1;
}

def Dataflow_CarryOp : Dataflow_Op<"carry", [Pure,
    AllTypesMatch<["init", "next", "out"]>]> {
  let summary = "loop-carried state driven by a phase stream";
  let description = [{
    Take one `init` and emit it. Then per phase token: `T` consumes one `next`
    and emits it; `F` consumes nothing else, emits nothing and returns to
    waiting for a new `init`. One activation emits K+1 tokens and consumes K.
  }];
  let arguments = (ins I1:$phase, AnyType:$init, AnyType:$next);
  let results = (outs AnyType:$out);
  let assemblyFormat = "$phase `,` $init `,` $next attr-dict `:` type($out)";
  let hasVerifier = 1;
}

def Dataflow_InvariantOp : Dataflow_Op<"invariant", [Pure,
    AllTypesMatch<["init", "out"]>]> {
  let summary = "replays one value for every token of a phase activation";
  let description = [{
    Latch one `init` and emit it; each further `T` re-emits it; `F` emits
    nothing and clears the latch. `[T,T,F]` gives 3 copies, `[F]` gives 1.
  }];
  let arguments = (ins I1:$phase, AnyType:$init);
  let results = (outs AnyType:$out);
  let assemblyFormat = "$phase `,` $init attr-dict `:` type($out)";
  let hasVerifier = 1;
}

def Dataflow_GateOp : Dataflow_Op<"gate", [Pure,
    AllTypesMatch<["beforeValue", "afterValue"]>]> {
  let summary = "projects a loop-phase stream into body phase";
  let description = [{
    Consumes condition and value together. Initially `(F, x)` emits nothing
    and `(T, x)` emits `x` only. Afterwards `(T, x)` emits cond `T` and `x`,
    `(F, x)` emits cond `F` only and returns to the initial state. `T^K F` in
    gives K values and K conditions.
  }];
  let arguments = (ins I1:$beforeCond, AnyType:$beforeValue);
  let results = (outs I1:$afterCond, AnyType:$afterValue);
  let assemblyFormat = [{
    $beforeCond `,` $beforeValue attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Control primitives
//===----------------------------------------------------------------------===//

def Dataflow_ConstantOp : Dataflow_Op<"constant", [Pure]> {
  let summary = "one constant value per control token";
  let description = [{
    Emits `value` once per `none` token on `ctrl`; there is no implicit
    initial token.
  }];
  let arguments = (ins NoneType:$ctrl, TypedAttrInterface:$value);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$ctrl attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Dataflow_SyncOp : Dataflow_Op<"sync", [Pure]> {
  let summary = "all-input rendezvous";
  let description = [{
    Fires only when every input holds a token; consumes one from each and
    forwards them. Never joins mutually exclusive paths (use mux).
  }];
  let arguments = (ins Variadic<AnyType>:$inputs);
  let results = (outs Variadic<AnyType>:$outputs);
  let assemblyFormat = [{
    $inputs attr-dict `:` functional-type($inputs, $outputs)
  }];
  let hasVerifier = 1;
}

def Dataflow_MuxOp : Dataflow_Op<"mux", [Pure]> {
  let summary = "selective merge of lanes";
  let description = [{
    Fires when the selector and the selected lane hold tokens and consumes
    only those. An `i1` selector picks lane 0 (false) or 1 (true); an `index`
    selector picks lane k of three or more.

    Inside a graph, `mux %c, demux(%c, %x)#0, ..., demux(%c, %x)#n-1` (the
    same selector, every lane k taken from lane k of one demux) folds to
    `%x`: the i-th firing takes lane `c_i`'s next token, which is `x_i`, so
    the mux only re-emits `%x` after waiting for `%c`.
  }];
  let arguments = (ins AnyTypeOf<[I1, Index]>:$selector,
                   Variadic<AnyType>:$lanes);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $selector `,` $lanes attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Dataflow_DemuxOp : Dataflow_Op<"demux", [Pure]> {
  let summary = "selective split into lanes";
  let description = [{
    Consumes selector and value and emits the value only on the selected lane
    (same lane convention as `dataflow.mux`).
  }];
  let arguments = (ins AnyTypeOf<[I1, Index]>:$selector, AnyType:$value);
  let results = (outs Variadic<AnyType>:$lanes);
  let assemblyFormat = [{
    $selector `,` $value attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Memory actors
//===----------------------------------------------------------------------===//

def Dataflow_LoadOp : Dataflow_Op<"load", [MemoryEffects<[MemRead]>,
    TypesMatchWith<"data type matches the memory element type", "memory",
      "data", "::llvm::cast<::mlir::BaseMemRefType>($_self).getElementType()">]> {
  let summary = "reads one element when its control token arrives";
  let description = [{
    `%mem` is a static memory binding, `%indices` an element index per
    dimension and `%ctrl` the permission to issue. Data and done become
    visible together.

    ```mlir
    %x, %done = dataflow.load %A[%i] %ctrl : memref<?xi32>
    ```
  }];
  let arguments = (ins AnyMemRef:$memory, Variadic<Index>:$indices,
                   NoneType:$ctrl);
  let results = (outs AnyType:$data, NoneType:$done);
  let assemblyFormat = [{
    $memory `[` $indices `]` $ctrl attr-dict `:` type($memory)
  }];
  let hasVerifier = 1;
}

def Dataflow_StoreOp : Dataflow_Op<"store", [MemoryEffects<[MemWrite]>,
    TypesMatchWith<"value type matches the memory element type", "memory",
      "value", "::llvm::cast<::mlir::BaseMemRefType>($_self).getElementType()">]> {
  let summary = "writes one element when its control token arrives";
  let description = [{
    `done` follows the write.

    ```mlir
    %done = dataflow.store %A[%i] %x %ctrl : memref<?xi32>
    ```
  }];
  let arguments = (ins AnyMemRef:$memory, Variadic<Index>:$indices,
                   AnyType:$value, NoneType:$ctrl);
  let results = (outs NoneType:$done);
  let assemblyFormat = [{
    $memory `[` $indices `]` $value $ctrl attr-dict `:` type($memory)
  }];
  let hasVerifier = 1;
}

#endif // LOOM_DIALECT_DATAFLOW_IR_DATAFLOWOPS_TD
