//===- DataflowTypes.td - dataflow types and attributes -----*- tablegen -*-===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_DIALECT_DATAFLOW_IR_DATAFLOWTYPES_TD
#define LOOM_DIALECT_DATAFLOW_IR_DATAFLOWTYPES_TD

include "loom/Dialect/Dataflow/IR/DataflowDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

class Dataflow_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Dataflow_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Dataflow_ThreadTokenType : Dataflow_Type<"ThreadToken", "thread_token"> {
  let summary = "one-shot completion of a thread launch";
  let description = [{
    The collective completion token of one `dataflow.thread.launch`. It lives
    in the inter-thread completion domain only: there is no conversion to or
    from the `none` tokens used inside graphs.

    ```mlir
    %tok = dataflow.thread.launch @t extents(%n) args(%A : memref<?xf32>)
    dataflow.thread.wait %tok
    ```
  }];
}

def Dataflow_ChannelType : Dataflow_Type<"Channel", "channel"> {
  let summary = "an ordered stream of `T` values between graph launches";
  let description = [{
    A channel endpoint carrying values of the finite value type `T`. `T` may
    not be a channel, a thread token or a memref: memory crosses launches as
    memory ports, never as stream payload.

    ```mlir
    %ch = dataflow.channel.create : !dataflow.channel<i32>
    ```
  }];
  let parameters = (ins "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
  let genVerifyDecl = 1;
}

def Dataflow_AnyThreadToken : Type<
    CPred<"::llvm::isa<::loom::dataflow::ThreadTokenType>($_self)">,
    "thread token", "::loom::dataflow::ThreadTokenType">,
    BuildableType<"::loom::dataflow::ThreadTokenType::get($_builder.getContext())">;

def Dataflow_AnyChannel : Type<
    CPred<"::llvm::isa<::loom::dataflow::ChannelType>($_self)">,
    "channel", "::loom::dataflow::ChannelType">;

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

def Dataflow_ThreadDomainKind : I32EnumAttr<"ThreadDomainKind",
    "logical domain kind of a thread", [
      I32EnumAttrCase<"Dense", 0, "dense">,
      I32EnumAttrCase<"DynamicWork", 1, "dynamic_work">
    ]> {
  let cppNamespace = "::loom::dataflow";
  let genSpecializedAttr = 0;
}

def Dataflow_ThreadDomainAttr : AttrDef<Dataflow_Dialect, "ThreadDomain"> {
  let mnemonic = "thread_domain";
  let summary = "the closed logical domain of a dataflow.thread (Part 4)";
  let description = [{
    `#dataflow.thread_domain<dense>` is a zero-based dense rectangular domain
    whose rank is the number of trailing coordinate arguments of the thread's
    entry block. `#dataflow.thread_domain<dynamic_work, work_item_arg = N>` is
    a responsibility-tracked dynamic work domain whose work-item payload is
    ordinary input `N`.
  }];
  let parameters = (ins
    "::loom::dataflow::ThreadDomainKind":$kind,
    OptionalParameter<"std::optional<unsigned>">:$workItemArg);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    bool isDense() const { return getKind() == ThreadDomainKind::Dense; }
    bool isDynamicWork() const {
      return getKind() == ThreadDomainKind::DynamicWork;
    }
    static ThreadDomainAttr getDense(::mlir::MLIRContext *ctx) {
      return get(ctx, ThreadDomainKind::Dense, std::nullopt);
    }
    static ThreadDomainAttr getDynamicWork(::mlir::MLIRContext *ctx,
                                           unsigned workItemArg) {
      return get(ctx, ThreadDomainKind::DynamicWork, workItemArg);
    }
  }];
}

def Dataflow_StepKind : I32EnumAttr<"StepKind",
    "how dataflow.stream advances its induction value", [
      I32EnumAttrCase<"Add", 0, "add">,
      I32EnumAttrCase<"Sub", 1, "sub">,
      I32EnumAttrCase<"Mul", 2, "mul">,
      I32EnumAttrCase<"SDiv", 3, "sdiv">,
      I32EnumAttrCase<"UDiv", 4, "udiv">,
      I32EnumAttrCase<"Shl", 5, "shl">,
      I32EnumAttrCase<"AShr", 6, "ashr">,
      I32EnumAttrCase<"LShr", 7, "lshr">
    ]> {
  let cppNamespace = "::loom::dataflow";
}

#endif // LOOM_DIALECT_DATAFLOW_IR_DATAFLOWTYPES_TD
