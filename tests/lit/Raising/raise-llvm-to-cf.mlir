// RUN: loom-opt %s -verify-each -verify-diagnostics --loom-raise-llvm-to-cf | FileCheck %s

// A body-bearing llvm.func becomes func.func; llvm.return becomes return.
// CHECK-LABEL: func.func @converts_void_function()
//  CHECK-NEXT:   return
//   CHECK-NOT:   llvm.return
llvm.func @converts_void_function() {
  llvm.return
}

// Results convert too, and argument attributes (llvm.noalias) are kept.
// CHECK-LABEL: func.func @keeps_noalias
//  CHECK-SAME:   (%{{.+}}: !llvm.ptr {llvm.noalias, llvm.noundef}, %[[X:.+]]: i32) -> i32
//  CHECK-NEXT:   return %[[X]] : i32
llvm.func @keeps_noalias(%p: !llvm.ptr {llvm.noalias, llvm.noundef}, %x: i32) -> i32 {
  llvm.return %x : i32
}

// Codegen-only attributes and known passthrough entries are dropped.
// CHECK-LABEL: func.func @drops_codegen_attrs(%{{.+}}: f64) {
//   CHECK-NOT:   passthrough
llvm.func @drops_codegen_attrs(%x: f64) attributes {dso_local, frame_pointer = #llvm.framePointerKind<all>, no_inline, no_unwind, passthrough = ["mustprogress", "noreturn", ["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], target_cpu = "x86-64", target_features = #llvm.target_features<["+sse2"]>, tune_cpu = "generic", uwtable_kind = #llvm.uwtableKind<async>} {
  llvm.return
}

// Loom hints in passthrough become discardable loom.* attributes.
// CHECK-LABEL: func.func @carries_loom_hints()
//  CHECK-SAME:   attributes {loom.kernel = "k", loom.no_accel}
llvm.func @carries_loom_hints() attributes {passthrough = [["loom.kernel", "k"], "loom.no_accel"]} {
  llvm.return
}

// Internal linkage becomes a private symbol that remembers its linkage.
// CHECK-LABEL: func.func private @internal_linkage()
//  CHECK-SAME:   attributes {llvm.linkage = #llvm.linkage<internal>}
llvm.func internal @internal_linkage() {
  llvm.return
}

// linkonce_odr stays public and keeps its linkage for the LLVM lowering.
// CHECK-LABEL: func.func @linkonce_odr_linkage()
//  CHECK-SAME:   attributes {llvm.linkage = #llvm.linkage<linkonce_odr>}
llvm.func linkonce_odr @linkonce_odr_linkage() {
  llvm.return
}

// llvm.br becomes cf.br with its operands; the loop annotation is kept as
// loom.loop_annotation.
// CHECK-LABEL: func.func @br_to_cf
//       CHECK:   cf.br ^[[LOOP:.+]](%{{.+}} : i32)
//       CHECK: ^[[LOOP]](%[[I:.+]]: i32):
//       CHECK:   cf.br ^[[LOOP]](%[[I]] : i32) {loom.loop_annotation = #{{.+}}}
//   CHECK-NOT:   llvm.br
#mustprogress = #llvm.loop_annotation<mustProgress = true>
llvm.func @br_to_cf(%x: i32) {
  llvm.br ^loop(%x : i32)
^loop(%i: i32):
  llvm.br ^loop(%i : i32) {loop_annotation = #mustprogress}
}

// llvm.cond_br becomes cf.cond_br with both operand lists and its weights.
// CHECK-LABEL: func.func @cond_br_to_cf
//  CHECK-SAME:   (%[[C:.+]]: i1, %[[X:.+]]: i32, %[[Y:.+]]: i32)
//       CHECK:   cf.cond_br %[[C]] weights([90, 10]), ^[[T:.+]](%[[X]] : i32), ^[[F:.+]](%[[Y]], %[[X]] : i32, i32)
//   CHECK-NOT:   llvm.cond_br
llvm.func @cond_br_to_cf(%c: i1, %x: i32, %y: i32) -> i32 {
  llvm.cond_br %c weights([90, 10]), ^t(%x : i32), ^f(%y, %x : i32, i32)
^t(%a: i32):
  llvm.return %a : i32
^f(%b: i32, %d: i32):
  llvm.return %d : i32
}

// llvm.switch becomes cf.switch with every case value and operand; its
// branch weights are dropped (cf.switch has none). cf.switch prints the
// i32 case -1 as its unsigned spelling.
// CHECK-LABEL: func.func @switch_to_cf
//  CHECK-SAME:   (%[[V:.+]]: i32, %[[X:.+]]: i32)
//       CHECK:   cf.switch %[[V]] : i32, [
//  CHECK-NEXT:     default: ^{{.+}}(%[[X]] : i32),
//  CHECK-NEXT:     4294967295: ^{{.+}},
//  CHECK-NEXT:     7: ^{{.+}}(%[[X]] : i32)
//  CHECK-NEXT:   ]
//   CHECK-NOT:   llvm.switch
llvm.func @switch_to_cf(%v: i32, %x: i32) -> i32 {
  llvm.switch %v : i32, ^d(%x : i32) [
    -1: ^a,
    7: ^d(%x : i32)
  ] {branch_weights = array<i32: 1, 2, 3>}
^a:
  llvm.return %v : i32
^d(%r: i32):
  llvm.return %r : i32
}

// A direct llvm.call of a converted function becomes func.call; calls of
// declarations stay llvm.call, and declarations stay llvm.func silently.
// CHECK-LABEL: llvm.func @external_decl(i32) -> i32
// CHECK-LABEL: func.func @calls_converted
//       CHECK:   %[[A:.+]] = call @keeps_noalias(%{{.+}}, %{{.+}}) : (!llvm.ptr, i32) -> i32
//       CHECK:   %[[B:.+]] = llvm.call @external_decl(%[[A]]) : (i32) -> i32
//       CHECK:   call @converts_void_function() : () -> ()
//   CHECK-NOT:   llvm.call @keeps_noalias
llvm.func @external_decl(i32) -> i32
llvm.func @calls_converted(%p: !llvm.ptr, %x: i32) -> i32 {
  %a = llvm.call @keeps_noalias(%p, %x) : (!llvm.ptr, i32) -> i32
  %b = llvm.call @external_decl(%a) : (i32) -> i32
  llvm.call @converts_void_function() : () -> ()
  llvm.return %b : i32
}

// A conditional edge into a block that only holds llvm.unreachable is
// dropped (taking it is undefined), and so is the block.
// CHECK-LABEL: func.func @drops_unreachable_edge
//  CHECK-NEXT:   cf.br ^[[EXIT:.+]]
//  CHECK-NEXT: ^[[EXIT]]:
//  CHECK-NEXT:   return
//  CHECK-NEXT: }
llvm.func @drops_unreachable_edge(%c: i1) {
  llvm.cond_br %c, ^exit, ^dead
^exit:
  llvm.return
^dead:
  llvm.unreachable
}

// clang's cleanup dispatch after a loop with a return inside: the
// unreachable default becomes the first remaining case, and a case into an
// unreachable block goes away.
// CHECK-LABEL: func.func @switch_unreachable_default
//       CHECK:   cf.switch %{{.+}} : i32, [
//  CHECK-NEXT:     default: ^[[RET:.+]](%{{.+}} : i32),
//  CHECK-NEXT:     2: ^{{.+}}
//  CHECK-NEXT:   ]
//   CHECK-NOT:   llvm.unreachable
//       CHECK: ^[[RET]](%{{.+}}: i32):
//  CHECK-NEXT:   return
//   CHECK-NOT:   llvm.unreachable
llvm.func @switch_unreachable_default(%v: i32, %x: i32) -> i32 {
  %m1 = llvm.mlir.constant(-1 : i32) : i32
  llvm.switch %v : i32, ^dead [
    1: ^ret(%x : i32),
    2: ^none,
    3: ^dead
  ]
^none:
  llvm.br ^ret(%m1 : i32)
^ret(%r: i32):
  llvm.return %r : i32
^dead:
  llvm.unreachable
}

// A switch left with only its default is a branch.
// CHECK-LABEL: func.func @switch_only_default_left
//  CHECK-NEXT:   cf.br ^{{.+}}
//   CHECK-NOT:   llvm.unreachable
llvm.func @switch_only_default_left(%v: i32) {
  llvm.switch %v : i32, ^exit [
    4: ^dead
  ]
^exit:
  llvm.return
^dead:
  llvm.unreachable
}

// llvm.unreachable after other work (a noreturn call), or reached by an
// unconditional branch, ends the block with a return of poison values, so
// the function has one kind of exit; so does an unreachable entry block.
// CHECK-LABEL: func.func @unreachable_after_call
//       CHECK:   cf.cond_br %{{.+}}, ^[[EXIT:.+]], ^[[ABORT:.+]]
//       CHECK: ^[[EXIT]]:
//  CHECK-NEXT:   return %{{.+}} : i32
//       CHECK: ^[[ABORT]]:
//  CHECK-NEXT:   llvm.call @abort() : () -> ()
//  CHECK-NEXT:   %[[P:.+]] = ub.poison : i32
//  CHECK-NEXT:   return %[[P]] : i32
//   CHECK-NOT:   llvm.unreachable
llvm.func @abort()
llvm.func @unreachable_after_call(%c: i1, %x: i32) -> i32 {
  llvm.cond_br %c, ^exit, ^abort
^exit:
  llvm.return %x : i32
^abort:
  llvm.call @abort() : () -> ()
  llvm.unreachable
}

// CHECK-LABEL: func.func @unreachable_through_branch
//       CHECK:   cf.cond_br %{{.+}}, ^[[DEAD:.+]], ^[[DEAD]]
//       CHECK: ^[[DEAD]]:
//  CHECK-NEXT:   %[[P:.+]] = ub.poison : f32
//  CHECK-NEXT:   return %[[P]] : f32
llvm.func @unreachable_through_branch(%c: i1) -> f32 {
  llvm.cond_br %c, ^dead, ^dead
^dead:
  llvm.unreachable
}

// CHECK-LABEL: func.func @unreachable_entry
//  CHECK-NEXT:   return
//  CHECK-NEXT: }
llvm.func @unreachable_entry() {
  llvm.unreachable
}

// Branches already inside a func.func are raised as well.
// CHECK-LABEL: func.func @branches_in_func_func
//       CHECK:   cf.br ^{{.+}}
//   CHECK-NOT:   llvm.br
func.func @branches_in_func_func() {
  llvm.br ^next
^next:
  return
}

// A variadic function stays LLVM, branches included; only its direct calls
// of converted functions become func.call, so the module stays valid.
// CHECK-LABEL: llvm.func @keeps_variadic
//       CHECK:   llvm.br
//       CHECK:   call @converts_void_function() : () -> ()
//       CHECK:   llvm.return
// expected-remark @below {{function 'keeps_variadic' stays in the LLVM dialect: it is variadic}}
llvm.func @keeps_variadic(%x: i32, ...) {
  llvm.br ^next
^next:
  llvm.call @converts_void_function() : () -> ()
  llvm.return
}

// A function with a personality (exception handling) stays LLVM.
// CHECK-LABEL: llvm.func @keeps_personality
// expected-remark @below {{function 'keeps_personality' stays in the LLVM dialect: it has a personality function (exception handling)}}
llvm.func @keeps_personality() attributes {personality = @external_decl} {
  llvm.return
}

// A struct parameter has no builtin type, so the function stays LLVM.
// CHECK-LABEL: llvm.func @keeps_struct_param
// expected-remark @below {{function 'keeps_struct_param' stays in the LLVM dialect: parameter #1 has type '!llvm.struct<(i32, f32)>'; only integer, float, vector and !llvm.ptr types convert}}
llvm.func @keeps_struct_param(%x: i32, %s: !llvm.struct<(i32, f32)>) {
  llvm.return
}

// A function whose address is taken stays LLVM (llvm.mlir.addressof needs an
// llvm.func).
// CHECK-LABEL: llvm.func @keeps_address_taken
// expected-remark @below {{function 'keeps_address_taken' stays in the LLVM dialect: its symbol is used by 'llvm.mlir.addressof'; only direct, non-variadic llvm.call uses convert}}
llvm.func @keeps_address_taken() {
  llvm.return
}
// CHECK-LABEL: func.func @takes_address
//       CHECK:   llvm.mlir.addressof @keeps_address_taken
llvm.func @takes_address() -> !llvm.ptr {
  %f = llvm.mlir.addressof @keeps_address_taken : !llvm.ptr
  llvm.return %f : !llvm.ptr
}

// An unknown passthrough entry (strictfp changes FP semantics) blocks it.
// CHECK-LABEL: llvm.func @keeps_unknown_passthrough
// expected-remark @below {{function 'keeps_unknown_passthrough' stays in the LLVM dialect: it has function attribute 'strictfp', which the conversion does not know to be safe to drop}}
llvm.func @keeps_unknown_passthrough() attributes {passthrough = ["strictfp"]} {
  llvm.return
}

// An inherent attribute with semantics (convergent) blocks it.
// CHECK-LABEL: llvm.func @keeps_convergent
// expected-remark @below {{function 'keeps_convergent' stays in the LLVM dialect: it has attribute 'convergent', which changes its semantics outside func.func}}
llvm.func @keeps_convergent() attributes {convergent} {
  llvm.return
}

// A non-C calling convention blocks it.
// CHECK-LABEL: llvm.func fastcc @keeps_fastcc
// expected-remark @below {{function 'keeps_fastcc' stays in the LLVM dialect: it uses calling convention 'fastcc'; only the C calling convention converts}}
llvm.func fastcc @keeps_fastcc() {
  llvm.return
}

// Denormal flushing changes float results, so it blocks the conversion.
// CHECK-LABEL: llvm.func @keeps_denormal_flush
// expected-remark @below {{function 'keeps_denormal_flush' stays in the LLVM dialect: it flushes denormals ('preserve-sign,preserve-sign'); only 'ieee' denormal handling converts}}
llvm.func @keeps_denormal_flush() attributes {denormal_fp_math = "preserve-sign,preserve-sign"} {
  llvm.return
}

// A passthrough entry of the wrong shape is reported, not trusted.
// CHECK-LABEL: llvm.func @keeps_malformed_passthrough
// expected-remark @below {{function 'keeps_malformed_passthrough' stays in the LLVM dialect: its passthrough entry 42 : i64 is neither a string nor a pair of strings}}
llvm.func @keeps_malformed_passthrough() attributes {passthrough = [42]} {
  llvm.return
}
