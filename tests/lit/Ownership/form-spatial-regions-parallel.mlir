// RUN: loom-opt %s --loom-form-spatial-regions -verify-diagnostics -split-input-file | FileCheck %s

// A fixed-domain effect-form scf.parallel and a single-block
// scf.execute_region are admitted into a spatial region: the lowering
// replicates the one and inlines the other.
// CHECK-LABEL: dataflow.thread private @fixed
//       CHECK:   loom.spatial_region
//       CHECK:     scf.parallel
//       CHECK:       scf.execute_region
//       CHECK:     loom.spatial_yield
// expected-remark @below {{spatial region 'fixed_g0' formed for 5 operations}}
dataflow.thread private @fixed(%a: memref<4xf32>, %v: f32) ctrl(%c) domain<dense> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %w = scf.execute_region -> f32 {
      %d = arith.addf %v, %v : f32
      scf.yield %d : f32
    }
    memref.store %w, %a[%i] : memref<4xf32>
    scf.reduce
  }
  memref.store %v, %a[%c0] : memref<4xf32>
  dataflow.thread.yield
}

// -----

// A dynamic-domain scf.parallel stays InstructionCore code (the lowering
// would reject it and with it the whole kernel).
// CHECK-LABEL: dataflow.thread private @dynamic
//   CHECK-NOT:   loom.spatial_region
//       CHECK:   scf.parallel
dataflow.thread private @dynamic(%a: memref<?xf32>, %n: index, %v: f32) ctrl(%c) domain<dense> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @below {{loop 'scf.parallel' stays InstructionCore code of thread @dynamic: an 'scf.parallel' with a dynamic domain is not replicated into a graph}}
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %v, %a[%i] : memref<?xf32>
    scf.reduce
  }
  dataflow.thread.yield
}

// -----

// So do a reduction-bearing scf.parallel, one of more than 64 points and a
// multi-block scf.execute_region; only the final store forms a region.
// CHECK-LABEL: dataflow.thread private @rejected
//   CHECK-NOT:   loom.spatial_region
//       CHECK:   scf.parallel
//   CHECK-NOT:   loom.spatial_region
//       CHECK:   scf.parallel
//   CHECK-NOT:   loom.spatial_region
//       CHECK:   scf.execute_region
//       CHECK:   loom.spatial_region
//  CHECK-NEXT:   ^bb0
//  CHECK-NEXT:     memref.store
// expected-remark @below {{spatial region 'rejected_g0' formed for 1 operations}}
dataflow.thread private @rejected(%a: memref<16x16xf32>, %s: i1) ctrl(%c) domain<dense> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %z = arith.constant 0.0 : f32
  // expected-remark @below {{stays InstructionCore code of thread @rejected: a reduction-bearing 'scf.parallel' is not replicated into a graph}}
  %r = scf.parallel (%i) = (%c0) to (%c16) step (%c1) init (%z) -> f32 {
    %x = memref.load %a[%i, %c0] : memref<16x16xf32>
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %m: f32):
      %t = arith.addf %l, %m : f32
      scf.reduce.return %t : f32
    }
  }
  // expected-remark @below {{stays InstructionCore code of thread @rejected: an 'scf.parallel' of more than 64 points is not replicated into a graph}}
  scf.parallel (%i, %j) = (%c0, %c0) to (%c16, %c16) step (%c1, %c1) {
    memref.store %r, %a[%i, %j] : memref<16x16xf32>
    scf.reduce
  }
  // expected-remark @below {{stays InstructionCore code of thread @rejected: a multi-block 'scf.execute_region' is not inlined into a graph}}
  %e = scf.execute_region -> f32 {
    cf.cond_br %s, ^one, ^two
  ^one:
    scf.yield %r : f32
  ^two:
    scf.yield %z : f32
  }
  memref.store %e, %a[%c0, %c0] : memref<16x16xf32>
  dataflow.thread.yield
}
