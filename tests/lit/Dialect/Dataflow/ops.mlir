// RUN: loom-opt %s | FileCheck %s
// RUN: loom-opt %s | loom-opt | FileCheck %s
// RUN: loom-opt %s --mlir-print-op-generic | loom-opt | FileCheck %s
// RUN: loom-opt %s -emit-bytecode | loom-opt | FileCheck %s

// Round trip of every dataflow op, type and attribute in the printed, the
// re-parsed, the generic and the bytecode form.

// The source maps of the stream bindings below are printed as aliases.
// CHECK-DAG: #[[SHIFT:.+]] = affine_map<(d0, d1) -> (d0, d1 - 1)>
// CHECK-DAG: #[[SWAP:.+]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG: #[[ID2:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[HALF:.+]] = affine_map<(d0, d1) -> (0, d1 floordiv 2)>

//===----------------------------------------------------------------------===//
// Threads
//===----------------------------------------------------------------------===//

// Rank-0 dense thread: argument attributes, no coordinates, empty frontier.
// CHECK-LABEL: dataflow.thread private @dense_rank0(
//  CHECK-SAME:     %{{.+}}: memref<?xf32> {llvm.noalias}, %{{.+}}: f32 {loom.scale = 2 : i32}) ctrl(%{{.+}}) domain<dense> {
//  CHECK-NEXT:   dataflow.thread.yield{{$}}
//  CHECK-NEXT: }
dataflow.thread private @dense_rank0(%A: memref<?xf32> {llvm.noalias},
                                     %s: f32 {loom.scale = 2 : i32})
    ctrl(%c) domain<dense> {
  dataflow.thread.yield
}

// No ordinary arguments, an extra attribute dictionary and an implicit yield.
// CHECK-LABEL: dataflow.thread private @no_args() ctrl(%{{.+}}) domain<dense> attributes {loom.origin = "k"} {
//  CHECK-NEXT:   dataflow.thread.yield{{$}}
dataflow.thread private @no_args() ctrl(%c) domain<dense>
    attributes {loom.origin = "k"} {
}

// Rank-1 dense thread: channel create/send/receive and a thread-body sync.
// CHECK-LABEL: dataflow.thread private @dense_rank1(
//  CHECK-SAME:     %[[X:.+]]: i32) ctrl(%[[CTRL:.+]]) coords(%{{.+}}) domain<dense> {
//       CHECK:   %[[CH:.+]] = dataflow.channel.create : <i32>
//       CHECK:   dataflow.channel.send %[[CH]], %[[X]] : <i32>
//       CHECK:   %{{.+}} = dataflow.channel.receive %[[CH]] : <i32>
//       CHECK:   %[[S:.+]]:2 = dataflow.sync %[[CTRL]], %[[CTRL]] : (none, none) -> (none, none)
//       CHECK:   dataflow.thread.yield %[[S]]#0, %[[S]]#1{{$}}
dataflow.thread private @dense_rank1(%x: i32) ctrl(%c) coords(%i)
    domain<dense> {
  %ch = dataflow.channel.create : !dataflow.channel<i32>
  dataflow.channel.send %ch, %x : !dataflow.channel<i32>
  %r = dataflow.channel.receive %ch : !dataflow.channel<i32>
  %d:2 = dataflow.sync %c, %c : (none, none) -> (none, none)
  dataflow.thread.yield %d#0, %d#1
}

// Dynamic-work thread: the work item is ordinary argument #1; two spawns.
// CHECK-LABEL: dataflow.thread private @dynamic(
//  CHECK-SAME:     %{{.+}}: memref<?xi32>, %[[ITEM:.+]]: i64) ctrl(%{{.+}}) domain<dynamic_work, work_item_arg = 1> {
//   CHECK-NOT:   coords
//       CHECK:   dataflow.work.spawn %[[ITEM]] : i64
//  CHECK-NEXT:   dataflow.work.spawn %[[ITEM]] : i64
//  CHECK-NEXT:   dataflow.thread.yield{{$}}
dataflow.thread private @dynamic(%A: memref<?xi32>, %item: i64) ctrl(%c)
    domain<dynamic_work, work_item_arg = 1> {
  dataflow.work.spawn %item : i64
  dataflow.work.spawn %item : i64
  dataflow.thread.yield
}

//===----------------------------------------------------------------------===//
// Graphs: every input segment combination, every result segment combination
//===----------------------------------------------------------------------===//

// No inputs, no results: the compact return with only the witness.
// CHECK-LABEL: dataflow.graph private @g_empty(
//  CHECK-SAME:     %[[START:.+]]: none) {
//  CHECK-NEXT:   dataflow.graph.return %[[START]] : none
dataflow.graph private @g_empty(%start: none) {
  dataflow.graph.return %start : none
}

// values -> values with argument and result attributes; the named return is
// printed in the compact form (one witness, no streams or memories).
// CHECK-LABEL: dataflow.graph private @g_v(
//  CHECK-SAME:     %[[START:.+]]: none) values(%[[X:.+]]: i32 {loom.a}) -> values(i32 {loom.r = 0 : i32}) {
//  CHECK-NEXT:   dataflow.graph.return %[[START]], %[[X]] : none, i32
dataflow.graph private @g_v(%start: none) values(%x: i32 {loom.a})
    -> values(i32 {loom.r = 0 : i32}) {
  dataflow.graph.return values(%x : i32) complete(%start)
}

// values -> values with two witnesses keeps the named form.
// CHECK-LABEL: dataflow.graph private @g_v_two_witnesses(
//  CHECK-SAME:     %[[START:.+]]: none) values(%[[X:.+]]: i32, %[[Y:.+]]: f32) -> values(f32, i32) {
//  CHECK-NEXT:   %[[D:.+]]:2 = dataflow.sync %[[START]], %[[START]]
//  CHECK-NEXT:   dataflow.graph.return values(%[[Y]], %[[X]] : f32, i32) complete(%[[D]]#0, %[[D]]#1)
dataflow.graph private @g_v_two_witnesses(%start: none)
    values(%x: i32, %y: f32) -> values(f32, i32) {
  %d:2 = dataflow.sync %start, %start : (none, none) -> (none, none)
  dataflow.graph.return values(%y, %x : f32, i32) complete(%d#0, %d#1)
}

// streams -> values + streams.
// CHECK-LABEL: dataflow.graph private @g_s(
//  CHECK-SAME:     %[[START:.+]]: none) streams(%[[IN:.+]]: i32) -> values(i32) streams(i32) {
//  CHECK-NEXT:   dataflow.graph.return values(%[[IN]] : i32) streams(%[[IN]] : i32) complete(%[[START]])
dataflow.graph private @g_s(%start: none) streams(%in: i32)
    -> values(i32) streams(i32) {
  dataflow.graph.return values(%in : i32) streams(%in : i32) complete(%start)
}

// values + streams -> streams, with a repeated witness.
// CHECK-LABEL: dataflow.graph private @g_vs(
//  CHECK-SAME:     %[[START:.+]]: none) values(%{{.+}}: i32) streams(%[[IN:.+]]: i32) -> streams(f32) {
//  CHECK-NEXT:   %[[F:.+]] = arith.sitofp %[[IN]] : i32 to f32
//  CHECK-NEXT:   dataflow.graph.return streams(%[[F]] : f32) complete(%[[START]], %[[START]])
dataflow.graph private @g_vs(%start: none) values(%x: i32) streams(%in: i32)
    -> streams(f32) {
  %f = arith.sitofp %in : i32 to f32
  dataflow.graph.return streams(%f : f32) complete(%start, %start)
}

// memories -> memories.
// CHECK-LABEL: dataflow.graph private @g_m(
//  CHECK-SAME:     %[[START:.+]]: none) memories(%[[A:.+]]: memref<?xi32> {llvm.noalias}) -> memories(memref<?xi32>) {
//  CHECK-NEXT:   dataflow.graph.return memories(%[[A]] : memref<?xi32>) complete(%[[START]])
dataflow.graph private @g_m(%start: none)
    memories(%A: memref<?xi32> {llvm.noalias}) -> memories(memref<?xi32>) {
  dataflow.graph.return memories(%A : memref<?xi32>) complete(%start)
}

// values + memories -> values + memories, with a memory result attribute.
// CHECK-LABEL: dataflow.graph private @g_vm(
//  CHECK-SAME:     %[[START:.+]]: none) values(%[[X:.+]]: i32) memories(%[[A:.+]]: memref<?xi32>) -> values(i32) memories(memref<?xi32> {loom.m}) {
//  CHECK-NEXT:   dataflow.graph.return values(%[[X]] : i32) memories(%[[A]] : memref<?xi32>) complete(%[[START]])
dataflow.graph private @g_vm(%start: none) values(%x: i32)
    memories(%A: memref<?xi32>) -> values(i32) memories(memref<?xi32> {loom.m}) {
  dataflow.graph.return values(%x : i32) memories(%A : memref<?xi32>)
      complete(%start)
}

// streams + memories -> values + streams + memories.
// CHECK-LABEL: dataflow.graph private @g_sm(
//  CHECK-SAME:     %[[START:.+]]: none) streams(%[[IN:.+]]: i32) memories(%[[A:.+]]: memref<?xi32>) -> values(i32) streams(i32) memories(memref<?xi32>) {
//  CHECK-NEXT:   %[[I:.+]] = dataflow.constant %[[START]] {value = 0 : index} : index
//  CHECK-NEXT:   %[[ST:.+]] = dataflow.store %[[A]][%[[I]]] %[[IN]] %[[START]] : memref<?xi32>
//  CHECK-NEXT:   dataflow.graph.return values(%[[IN]] : i32) streams(%[[IN]] : i32) memories(%[[A]] : memref<?xi32>) complete(%[[START]], %[[ST]])
dataflow.graph private @g_sm(%start: none) streams(%in: i32)
    memories(%A: memref<?xi32>)
    -> values(i32) streams(i32) memories(memref<?xi32>) {
  %c0 = dataflow.constant %start {value = 0 : index} : index
  %done = dataflow.store %A[%c0] %in %start : memref<?xi32>
  dataflow.graph.return values(%in : i32) streams(%in : i32)
      memories(%A : memref<?xi32>) complete(%start, %done)
}

// values + streams + memories (two of each) -> streams + memories.
// CHECK-LABEL: dataflow.graph private @g_vsm(
//  CHECK-SAME:     %[[START:.+]]: none) values(%[[X:.+]]: i32, %{{.+}}: i32) streams(%{{.+}}: i32, %{{.+}}: f32) memories(%[[A:.+]]: memref<?xi32>, %[[B:.+]]: memref<?x?xf32>) -> streams(i32) memories(memref<?xi32>, memref<?x?xf32>) {
//  CHECK-NEXT:   dataflow.graph.return streams(%[[X]] : i32) memories(%[[A]], %[[B]] : memref<?xi32>, memref<?x?xf32>) complete(%[[START]])
dataflow.graph private @g_vsm(%start: none) values(%x: i32, %y: i32)
    streams(%in: i32, %in2: f32)
    memories(%A: memref<?xi32>, %B: memref<?x?xf32>)
    -> streams(i32) memories(memref<?xi32>, memref<?x?xf32>) {
  dataflow.graph.return streams(%x : i32)
      memories(%A, %B : memref<?xi32>, memref<?x?xf32>) complete(%start)
}

// Results only (no inputs besides %start): values + streams. Its launch binds
// stream outputs without stream inputs (hence without source maps).
// CHECK-LABEL: dataflow.graph private @g_none_to_vs(
//  CHECK-SAME:     %[[START:.+]]: none) -> values(index) streams(i64) {
//  CHECK-NEXT:   %[[I:.+]] = dataflow.constant %[[START]] {value = 4 : index} : index
//  CHECK-NEXT:   %[[W:.+]] = dataflow.constant %[[START]] {value = -1 : i64} : i64
//  CHECK-NEXT:   dataflow.graph.return values(%[[I]] : index) streams(%[[W]] : i64) complete(%[[START]])
dataflow.graph private @g_none_to_vs(%start: none)
    -> values(index) streams(i64) {
  %i = dataflow.constant %start {value = 4 : index} : index
  %w = dataflow.constant %start {value = -1 : i64} : i64
  dataflow.graph.return values(%i : index) streams(%w : i64) complete(%start)
}

// Extra graph attributes and attribute dictionaries on both return forms.
// CHECK-LABEL: dataflow.graph private @g_attrs(
//  CHECK-SAME:     %[[START:.+]]: none) attributes {loom.origin = "loop0"} {
//  CHECK-NEXT:   dataflow.graph.return %[[START]] : none {loom.tag}
// CHECK-LABEL: dataflow.graph private @g_attrs_named(
//  CHECK-SAME:     %[[START:.+]]: none) -> streams(none) {
//  CHECK-NEXT:   dataflow.graph.return streams(%[[START]] : none) complete(%[[START]]) {loom.tag}
dataflow.graph private @g_attrs(%start: none)
    attributes {loom.origin = "loop0"} {
  dataflow.graph.return %start : none {loom.tag}
}
dataflow.graph private @g_attrs_named(%start: none) -> streams(none) {
  dataflow.graph.return streams(%start : none) complete(%start) {loom.tag}
}

//===----------------------------------------------------------------------===//
// Graph actors: every primitive plus admitted arith, math and llvm actors
//===----------------------------------------------------------------------===//

// CHECK-LABEL: dataflow.graph private @primitives(
//  CHECK-SAME:     %[[START:.+]]: none) values(%[[N:.+]]: i32, %[[F:.+]]: f32, %[[P:.+]]: !llvm.ptr, %[[SEL:.+]]: index) memories(%[[A:.+]]: memref<?xi32>, %[[M:.+]]: memref<4x4xf32>) -> values(i32, f32, !llvm.ptr) {
//       CHECK:   %[[C0:.+]] = dataflow.constant %[[START]] {value = 0 : i32} : i32
//       CHECK:   %[[C1:.+]] = dataflow.constant %[[START]] {value = 1 : i32} : i32
//       CHECK:   %[[C2:.+]] = dataflow.constant %[[START]] {value = 2 : i32} : i32
//       CHECK:   dataflow.constant %[[START]] {value = 0.000000e+00 : f32} : f32
//       CHECK:   %[[IV:.+]], %[[PH:.+]] = dataflow.stream %[[C0]], %[[N]], %[[C1]] step add while slt : i32
//       CHECK:   dataflow.stream %[[N]], %[[C0]], %[[C1]] step sub while sgt : i32
//       CHECK:   dataflow.stream %[[C1]], %[[N]], %[[C2]] step mul while ult : i32
//       CHECK:   dataflow.stream %[[N]], %[[C0]], %[[C1]] step lshr while ne : i32
//       CHECK:   dataflow.stream %[[C1]], %[[N]], %[[C1]] step shl while sle : i32
//       CHECK:   dataflow.stream %[[N]], %[[C1]], %[[C2]] step sdiv while uge : i32
//       CHECK:   dataflow.stream %[[N]], %[[C1]], %[[C2]] step udiv while eq : i32
//       CHECK:   dataflow.stream %[[N]], %[[C0]], %[[C1]] step ashr while sge : i32
//       CHECK:   %[[ACC:.+]] = dataflow.carry %[[PH]], %[[C0]], %[[NEXT:.+]] : i32
//       CHECK:   %[[INV:.+]] = dataflow.invariant %[[PH]], %[[F]] : f32
//       CHECK:   %[[GC:.+]], %[[GV:.+]] = dataflow.gate %[[PH]], %[[IV]] : (i1, i32) -> (i1, i32)
//       CHECK:   %[[LOOP:.+]]:2 = dataflow.demux %[[PH]], %[[ACC]] : (i1, i32) -> (i32, i32)
//       CHECK:   %[[L:.+]]:3 = dataflow.demux %[[SEL]], %[[N]] : (index, i32) -> (i32, i32, i32)
//       CHECK:   %[[M3:.+]] = dataflow.mux %[[SEL]], %[[L]]#0, %[[L]]#1, %[[L]]#2 : (index, i32, i32, i32) -> i32
//       CHECK:   %[[M2:.+]] = dataflow.mux %[[GC]], %[[GV]], %[[M3]] : (i1, i32, i32) -> i32
//       CHECK:   %[[S:.+]]:2 = dataflow.sync %[[M2]], %[[START]] : (i32, none) -> (i32, none)
//       CHECK:   %[[IDX:.+]] = arith.index_cast %[[GV]] : i32 to index
//       CHECK:   %[[X:.+]], %[[LD:.+]] = dataflow.load %[[A]][%[[IDX]]] %[[S]]#1 : memref<?xi32>
//       CHECK:   %[[ST:.+]] = dataflow.store %[[A]][%[[IDX]]] %[[X]] %[[LD]] : memref<?xi32>
//       CHECK:   %[[Y:.+]], %[[LD2:.+]] = dataflow.load %[[M]][%[[IDX]], %[[IDX]]] %[[ST]] : memref<4x4xf32>
//       CHECK:   %[[ST2:.+]] = dataflow.store %[[M]][%[[IDX]], %[[IDX]]] %[[Y]] %[[LD2]] : memref<4x4xf32>
//       CHECK:   %[[NEXT]] = arith.addi %[[LOOP]]#1, %[[X]] overflow<nsw> : i32
//       CHECK:   %[[CMP:.+]] = arith.cmpi slt, %[[NEXT]], %[[N]] : i32
//       CHECK:   %[[PICK:.+]] = arith.select %[[CMP]], %[[NEXT]], %[[C0]] : i32
//       CHECK:   %[[FA:.+]] = arith.addf %[[INV]], %[[Y]] fastmath<fast> : f32
//       CHECK:   %[[FS:.+]] = math.sqrt %[[FA]] : f32
//       CHECK:   %[[FF:.+]] = math.fma %[[FS]], %[[FS]], %[[FA]] : f32
//       CHECK:   %[[WIDE:.+]] = arith.extsi %[[GV]] : i32 to i64
//       CHECK:   %[[GEP:.+]] = llvm.getelementptr %[[P]][%[[WIDE]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
//       CHECK:   arith.muli %[[PICK]], %[[C2]] {dataflow.entity_id = 7 : i64} : i32
//       CHECK:   dataflow.graph.return %[[ST2]], %[[LOOP]]#0, %[[FF]], %[[GEP]] : none, i32, f32, !llvm.ptr
dataflow.graph private @primitives(%start: none)
    values(%n: i32, %f: f32, %p: !llvm.ptr, %sel: index)
    memories(%A: memref<?xi32>, %M: memref<4x4xf32>)
    -> values(i32, f32, !llvm.ptr) {
  %c0 = dataflow.constant %start {value = 0 : i32} : i32
  %c1 = dataflow.constant %start {value = 1 : i32} : i32
  %c2 = dataflow.constant %start {value = 2 : i32} : i32
  %fz = dataflow.constant %start {value = 0.0 : f32} : f32
  %iv, %ph = dataflow.stream %c0, %n, %c1 step add while slt : i32
  %iv2, %ph2 = dataflow.stream %n, %c0, %c1 step sub while sgt : i32
  %iv3, %ph3 = dataflow.stream %c1, %n, %c2 step mul while ult : i32
  %iv4, %ph4 = dataflow.stream %n, %c0, %c1 step lshr while ne : i32
  %iv5, %ph5 = dataflow.stream %c1, %n, %c1 step shl while sle : i32
  %iv6, %ph6 = dataflow.stream %n, %c1, %c2 step sdiv while uge : i32
  %iv7, %ph7 = dataflow.stream %n, %c1, %c2 step udiv while eq : i32
  %iv8, %ph8 = dataflow.stream %n, %c0, %c1 step ashr while sge : i32
  %acc = dataflow.carry %ph, %c0, %next : i32
  %inv = dataflow.invariant %ph, %f : f32
  %gc, %gv = dataflow.gate %ph, %iv : (i1, i32) -> (i1, i32)
  %exit, %body = dataflow.demux %ph, %acc : (i1, i32) -> (i32, i32)
  %l0, %l1, %l2 = dataflow.demux %sel, %n : (index, i32) -> (i32, i32, i32)
  %m3 = dataflow.mux %sel, %l0, %l1, %l2 : (index, i32, i32, i32) -> i32
  %m2 = dataflow.mux %gc, %gv, %m3 : (i1, i32, i32) -> i32
  %s:2 = dataflow.sync %m2, %start : (i32, none) -> (i32, none)
  %idx = arith.index_cast %gv : i32 to index
  %x, %ld = dataflow.load %A[%idx] %s#1 : memref<?xi32>
  %st = dataflow.store %A[%idx] %x %ld : memref<?xi32>
  %y, %ld2 = dataflow.load %M[%idx, %idx] %st : memref<4x4xf32>
  %st2 = dataflow.store %M[%idx, %idx] %y %ld2 : memref<4x4xf32>
  %next = arith.addi %body, %x overflow<nsw> : i32
  %cmp = arith.cmpi slt, %next, %n : i32
  %pick = arith.select %cmp, %next, %c0 : i32
  %fa = arith.addf %inv, %y fastmath<fast> : f32
  %fs = math.sqrt %fa : f32
  %ff = math.fma %fs, %fs, %fa : f32
  %wide = arith.extsi %gv : i32 to i64
  %gep = llvm.getelementptr %p[%wide] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %tagged = arith.muli %pick, %c2 {dataflow.entity_id = 7 : i64} : i32
  dataflow.graph.return %st2, %exit, %ff, %gep : none, i32, f32, !llvm.ptr
}

//===----------------------------------------------------------------------===//
// Graph launches, graph waits and channels in a rank-2 thread
//===----------------------------------------------------------------------===//

// CHECK-LABEL: dataflow.thread private @dense_rank2(
//  CHECK-SAME:     %[[A:.+]]: memref<?xi32> {llvm.noalias}, %[[B:.+]]: memref<?x?xf32>, %[[M:.+]]: memref<4x4xf32>, %[[N:.+]]: i32, %[[F:.+]]: f32, %[[P:.+]]: !llvm.ptr, %[[SEL:.+]]: index) ctrl(%[[CTRL:.+]]) coords(%{{.+}}, %{{.+}}) domain<dense> {
//       CHECK:   %[[CI:.+]] = dataflow.channel.create : <i32>
//       CHECK:   %[[CO:.+]] = dataflow.channel.create : <i32>
//       CHECK:   %[[CF:.+]] = dataflow.channel.create : <f32>
//       CHECK:   %[[CL:.+]] = dataflow.channel.create : <i64>
//       CHECK:   %[[D0:.+]] = dataflow.graph.launch @g_empty deps(%[[CTRL]]){{$}}
//       CHECK:   %[[V:.+]], %[[D1:.+]] = dataflow.graph.launch @g_v deps(%[[D0]], %[[CTRL]]) values(%[[N]] : i32) -> values(i32){{$}}
//       CHECK:   %{{.+}}, %[[D2:.+]] = dataflow.graph.launch @g_s stream_inputs(%[[CI]] : !dataflow.channel<i32>) source_maps([#[[SHIFT]]]) stream_outputs(%[[CO]] : !dataflow.channel<i32>) -> values(i32){{$}}
//       CHECK:   %[[D3:.+]] = dataflow.graph.launch @g_vs values(%[[V]] : i32) stream_inputs(%[[CO]] : !dataflow.channel<i32>) source_maps([#[[SWAP]]]) stream_outputs(%[[CF]] : !dataflow.channel<f32>){{$}}
//       CHECK:   %[[M1:.+]], %[[D4:.+]] = dataflow.graph.launch @g_m memories(%[[A]] : memref<?xi32>) -> memories(memref<?xi32>){{$}}
//       CHECK:   %[[VM:.+]]:2, %[[D5:.+]] = dataflow.graph.launch @g_vm deps(%[[D4]]) values(%[[N]] : i32) memories(%[[M1]] : memref<?xi32>) -> values(i32) memories(memref<?xi32>){{$}}
//       CHECK:   %[[SM:.+]]:2, %[[D6:.+]] = dataflow.graph.launch @g_sm stream_inputs(%[[CI]] : !dataflow.channel<i32>) source_maps([#[[ID2]]]) memories(%[[VM]]#1 : memref<?xi32>) stream_outputs(%[[CO]] : !dataflow.channel<i32>) -> values(i32) memories(memref<?xi32>){{$}}
//       CHECK:   %[[VSM:.+]]:2, %[[D7:.+]] = dataflow.graph.launch @g_vsm deps(%[[D5]], %[[D6]]) values(%[[N]], %[[SM]]#0 : i32, i32) stream_inputs(%[[CI]], %[[CF]] : !dataflow.channel<i32>, !dataflow.channel<f32>) source_maps([#[[ID2]], #[[HALF]]]) memories(%[[SM]]#1, %[[B]] : memref<?xi32>, memref<?x?xf32>) stream_outputs(%[[CO]] : !dataflow.channel<i32>) -> memories(memref<?xi32>, memref<?x?xf32>){{$}}
//       CHECK:   %{{.+}}:3, %[[D8:.+]] = dataflow.graph.launch @primitives deps(%[[D7]]) values(%[[N]], %[[F]], %[[P]], %[[SEL]] : i32, f32, !llvm.ptr, index) memories(%[[VSM]]#0, %[[M]] : memref<?xi32>, memref<4x4xf32>) -> values(i32, f32, !llvm.ptr) {loom.tag}
//       CHECK:   %{{.+}}, %[[D9:.+]] = dataflow.graph.launch @g_none_to_vs deps(%[[D8]]) stream_outputs(%[[CL]] : !dataflow.channel<i64>) -> values(index){{$}}
//       CHECK:   dataflow.graph.wait %[[D1]], %[[D2]]{{$}}
//       CHECK:   %[[DM:.+]] = dataflow.mux %[[SEL]], %[[D3]], %[[D7]], %[[D9]] : (index, none, none, none) -> none
//       CHECK:   dataflow.thread.yield %[[D1]], %[[D2]], %[[DM]]{{$}}
dataflow.thread private @dense_rank2(%A: memref<?xi32> {llvm.noalias},
    %B: memref<?x?xf32>, %M: memref<4x4xf32>, %n: i32, %f: f32, %p: !llvm.ptr,
    %sel: index) ctrl(%c) coords(%i, %j) domain<dense> {
  %chi = dataflow.channel.create : !dataflow.channel<i32>
  %cho = dataflow.channel.create : !dataflow.channel<i32>
  %chf = dataflow.channel.create : !dataflow.channel<f32>
  %chl = dataflow.channel.create : !dataflow.channel<i64>
  %d0 = dataflow.graph.launch @g_empty deps(%c)
  %v, %d1 = dataflow.graph.launch @g_v deps(%d0, %c) values(%n : i32)
      -> values(i32)
  %v2, %d2 = dataflow.graph.launch @g_s
      stream_inputs(%chi : !dataflow.channel<i32>)
      source_maps([affine_map<(d0, d1) -> (d0, d1 - 1)>])
      stream_outputs(%cho : !dataflow.channel<i32>) -> values(i32)
  %d3 = dataflow.graph.launch @g_vs values(%v : i32)
      stream_inputs(%cho : !dataflow.channel<i32>)
      source_maps([affine_map<(d0, d1) -> (d1, d0)>])
      stream_outputs(%chf : !dataflow.channel<f32>)
  %m, %d4 = dataflow.graph.launch @g_m memories(%A : memref<?xi32>)
      -> memories(memref<?xi32>)
  %v3, %m2, %d5 = dataflow.graph.launch @g_vm deps(%d4) values(%n : i32)
      memories(%m : memref<?xi32>) -> values(i32) memories(memref<?xi32>)
  %v4, %m3, %d6 = dataflow.graph.launch @g_sm
      stream_inputs(%chi : !dataflow.channel<i32>)
      source_maps([affine_map<(d0, d1) -> (d0, d1)>])
      memories(%m2 : memref<?xi32>)
      stream_outputs(%cho : !dataflow.channel<i32>)
      -> values(i32) memories(memref<?xi32>)
  %m4, %m5, %d7 = dataflow.graph.launch @g_vsm deps(%d5, %d6)
      values(%n, %v4 : i32, i32)
      stream_inputs(%chi, %chf : !dataflow.channel<i32>, !dataflow.channel<f32>)
      source_maps([affine_map<(d0, d1) -> (d0, d1)>,
                   affine_map<(d0, d1) -> (0, d1 floordiv 2)>])
      memories(%m3, %B : memref<?xi32>, memref<?x?xf32>)
      stream_outputs(%cho : !dataflow.channel<i32>)
      -> memories(memref<?xi32>, memref<?x?xf32>)
  %r:3, %d8 = dataflow.graph.launch @primitives deps(%d7)
      values(%n, %f, %p, %sel : i32, f32, !llvm.ptr, index)
      memories(%m4, %M : memref<?xi32>, memref<4x4xf32>)
      -> values(i32, f32, !llvm.ptr) {loom.tag}
  %w, %d9 = dataflow.graph.launch @g_none_to_vs deps(%d8)
      stream_outputs(%chl : !dataflow.channel<i64>) -> values(index)
  dataflow.graph.wait %d1, %d2
  %dm = dataflow.mux %sel, %d3, %d7, %d9 : (index, none, none, none) -> none
  dataflow.thread.yield %d1, %d2, %dm
}

//===----------------------------------------------------------------------===//
// Host code: thread launches, waits and the thread token type
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @host(
//  CHECK-SAME:     %[[A:[^:]+]]: memref<?xi32>, %[[B:[^:]+]]: memref<?x?xf32>, %[[M:[^:]+]]: memref<4x4xf32>, %[[N:[^:]+]]: i32, %[[F:[^:]+]]: f32, %[[P:[^:]+]]: !llvm.ptr, %[[SEL:[^:]+]]: index, %[[E0:[^:]+]]: index, %[[E1:[^:]+]]: index, %[[ITEM:[^:]+]]: i64, %[[AF:[^:]+]]: memref<?xf32>) -> !dataflow.thread_token {
//       CHECK:   %[[T0:.+]] = dataflow.thread.launch @dense_rank0 args(%[[AF]], %[[F]] : memref<?xf32>, f32){{$}}
//       CHECK:   %[[T1:.+]] = dataflow.thread.launch @no_args args(){{$}}
//       CHECK:   %[[T2:.+]] = dataflow.thread.launch @dense_rank1 deps(%[[T0]], %[[T1]]) extents(%[[E0]]) args(%[[N]] : i32){{$}}
//       CHECK:   %[[T3:.+]] = dataflow.thread.launch @dense_rank2 extents(%[[E0]], %[[E1]]) args(%[[A]], %[[B]], %[[M]], %[[N]], %[[F]], %[[P]], %[[SEL]] : memref<?xi32>, memref<?x?xf32>, memref<4x4xf32>, i32, f32, !llvm.ptr, index){{$}}
//       CHECK:   %[[T4:.+]] = dataflow.thread.launch @dynamic deps(%[[T3]]) args(%[[A]], %[[ITEM]] : memref<?xi32>, i64) {loom.tag}
//       CHECK:   dataflow.thread.wait %[[T2]], %[[T3]]{{$}}
//       CHECK:   return %[[T4]] : !dataflow.thread_token
func.func @host(%A: memref<?xi32>, %B: memref<?x?xf32>, %M: memref<4x4xf32>,
                %n: i32, %f: f32, %p: !llvm.ptr, %sel: index, %e0: index,
                %e1: index, %item: i64, %af: memref<?xf32>)
    -> !dataflow.thread_token {
  %t0 = dataflow.thread.launch @dense_rank0 args(%af, %f : memref<?xf32>, f32)
  %t1 = dataflow.thread.launch @no_args args()
  %t2 = dataflow.thread.launch @dense_rank1 deps(%t0, %t1) extents(%e0)
      args(%n : i32)
  %t3 = dataflow.thread.launch @dense_rank2 extents(%e0, %e1)
      args(%A, %B, %M, %n, %f, %p, %sel : memref<?xi32>, memref<?x?xf32>,
           memref<4x4xf32>, i32, f32, !llvm.ptr, index)
  %t4 = dataflow.thread.launch @dynamic deps(%t3)
      args(%A, %item : memref<?xi32>, i64) {loom.tag}
  dataflow.thread.wait %t2, %t3
  return %t4 : !dataflow.thread_token
}

// A constant zero extent and a thread token received as a function argument.
// CHECK-LABEL: func.func @zero_extent_and_token_arg(
//  CHECK-SAME:     %[[T:[^:]+]]: !dataflow.thread_token, %[[X:[^:]+]]: i32)
//       CHECK:   %[[ZERO:.+]] = arith.constant 0 : index
//       CHECK:   %[[T5:.+]] = dataflow.thread.launch @dense_rank1 deps(%[[T]]) extents(%[[ZERO]]) args(%[[X]] : i32)
//       CHECK:   dataflow.thread.wait %[[T5]] {loom.tag}
func.func @zero_extent_and_token_arg(%t: !dataflow.thread_token, %x: i32) {
  %zero = arith.constant 0 : index
  %t5 = dataflow.thread.launch @dense_rank1 deps(%t) extents(%zero)
      args(%x : i32)
  dataflow.thread.wait %t5 {loom.tag}
  return
}
