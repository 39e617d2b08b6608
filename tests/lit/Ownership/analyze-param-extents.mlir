// RUN: loom-opt %s --loom-analyze-param-extents --split-input-file | FileCheck %s

// vecadd: every parameter is indexed by the loop's induction variable, so
// each covers the loop's range [0, n); the i32 bound is sign-extended.
// CHECK-LABEL: func.func @vadd
//  CHECK-SAME: %{{[^:]+}}: memref<?xf32> {loom.extent = "(for 0 %3)"}
//  CHECK-SAME: %{{[^:]+}}: memref<?xf32> {loom.extent = "(for 0 %3)"}
//  CHECK-SAME: %{{[^:]+}}: memref<?xf32> {loom.extent = "(for 0 %3)"}
//  CHECK-SAME: %{{[^:]+}}: i32)
func.func @vadd(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>,
                %n: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.index_cast %n : i32 to index
  scf.for %i = %c0 to %ub step %c1 {
    %x = memref.load %a[%i] : memref<?xf32>
    %y = memref.load %b[%i] : memref<?xf32>
    %s = arith.addf %x, %y : f32
    memref.store %s, %c[%i] : memref<?xf32>
  }
  return
}

// -----

// A 3-point stencil reads i-1, i and i+1 for i in [1, n): the hull of the
// three accesses (the i32 arithmetic carries its width).
// CHECK-LABEL: func.func @stencil
//  CHECK-SAME: {loom.extent = "(hull (sub 32 (for 1 %2) 1) (for 1 %2) (add 32 (for 1 %2) 1))"}
//  CHECK-SAME: {loom.extent = "(for 1 %2)"}
func.func @stencil(%in: memref<?xf32>, %out: memref<?xf32>, %n: i32) {
  %c1 = arith.constant 1 : i32
  scf.for %i = %c1 to %n step %c1 : i32 {
    %im = arith.subi %i, %c1 : i32
    %ip = arith.addi %i, %c1 : i32
    %xm = arith.index_cast %im : i32 to index
    %x0 = arith.index_cast %i : i32 to index
    %xp = arith.index_cast %ip : i32 to index
    %a = memref.load %in[%xm] : memref<?xf32>
    %b = memref.load %in[%x0] : memref<?xf32>
    %c = memref.load %in[%xp] : memref<?xf32>
    %s = arith.addf %a, %b : f32
    %t = arith.addf %s, %c : f32
    memref.store %t, %out[%x0] : memref<?xf32>
  }
  return
}

// -----

// A row-major 2-D access `a[i * m + j]`: the product of two parameters is
// beyond affine maps but not beyond the interval evaluation at launch.
// CHECK-LABEL: func.func @rows
//  CHECK-SAME: {loom.extent = "(add 64 (mul 64 (for 0 %1) %2) (for 0 %2))"}
func.func @rows(%a: memref<?xf32>, %n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %m step %c1 {
      %r = arith.muli %i, %m : index
      %k = arith.addi %r, %j : index
      memref.store %z, %a[%k] : memref<?xf32>
    }
  }
  return
}

// -----

// A CSR gather: the index of `x` is loaded from `col`, so `x` stays
// unchecked and says why; `col` and `val` are indexed by a loop over the
// row range read from `rowptr`, which is data-dependent too. Only `rowptr`
// (read at r and r+1) and `y` are bounded.
// CHECK-LABEL: func.func @csr
//  CHECK-SAME: %{{[^:]+}}: memref<?xi32> {loom.extent = "(hull (for 0 %5) (add 64 (for 0 %5) 1))"}
//  CHECK-SAME: %{{[^:]+}}: memref<?xi32> {loom.unchecked = "the index of 'memref.load' at {{[^ ]+}} cannot be bounded: it depends on a value loaded from memory by 'memref.load' at {{[^ ]+}} (a data-dependent index)"}
//  CHECK-SAME: %{{[^:]+}}: memref<?xf32> {loom.unchecked = "the index of 'memref.load' at {{[^ ]+}} cannot be bounded: it depends on a value loaded from memory by 'memref.load' at {{[^ ]+}} (a data-dependent index)"}
//  CHECK-SAME: %{{[^:]+}}: memref<?xf32> {loom.unchecked = "the index of 'memref.load' at {{[^ ]+}} cannot be bounded: it depends on a value loaded from memory by 'memref.load' at {{[^ ]+}} (a data-dependent index)"}
//  CHECK-SAME: %{{[^:]+}}: memref<?xf32> {loom.extent = "(for 0 %5)"}
func.func @csr(%rowptr: memref<?xi32>, %col: memref<?xi32>, %val: memref<?xf32>,
               %x: memref<?xf32>, %y: memref<?xf32>, %rows: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.for %r = %c0 to %rows step %c1 {
    %r1 = arith.addi %r, %c1 : index
    %b32 = memref.load %rowptr[%r] : memref<?xi32>
    %e32 = memref.load %rowptr[%r1] : memref<?xi32>
    %b = arith.index_cast %b32 : i32 to index
    %e = arith.index_cast %e32 : i32 to index
    %sum = scf.for %j = %b to %e step %c1 iter_args(%acc = %zero) -> f32 {
      %c32 = memref.load %col[%j] : memref<?xi32>
      %cj = arith.index_cast %c32 : i32 to index
      %xv = memref.load %x[%cj] : memref<?xf32>
      %vv = memref.load %val[%j] : memref<?xf32>
      %p = arith.mulf %xv, %vv : f32
      %n = arith.addf %acc, %p : f32
      scf.yield %n : f32
    }
    memref.store %sum, %y[%r] : memref<?xf32>
  }
  return
}

// -----

// A pointer walk raised to an iter_arg is not an induction variable.
// CHECK-LABEL: func.func @walk
//  CHECK-SAME: {loom.unchecked = "the index of 'memref.store' at {{[^ ]+}} cannot be bounded: it depends on a value carried across iterations of 'scf.for' at {{[^ ]+}} (an iter_arg, such as a pointer walk)"}
func.func @walk(%a: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%p = %c0) -> index {
    memref.store %z, %a[%p] : memref<?xf32>
    %q = arith.addi %p, %c2 : index
    scf.yield %q : index
  }
  return
}

// -----

// A memref handed to anything but a load or store (here a call) escapes.
// CHECK-LABEL: func.func @escapes
//  CHECK-SAME: {loom.unchecked = "it is used by 'func.call' at {{[^ ]+}}, which is not a load or store the analysis can bound"}
func.func private @sink(memref<?xf32>)
func.func @escapes(%a: memref<?xf32>) {
  func.call @sink(%a) : (memref<?xf32>) -> ()
  return
}

// -----

// Unsigned loops, zero-extended bounds, selects, division and masks each
// map to their own operation; an unused parameter has no access at all.
// CHECK-LABEL: func.func @mixed
//  CHECK-SAME: {loom.extent = "(hull (foru 0 (zext 32 %2)) (div (for 0 %3) 2) (and (for 0 %3) 7) (hull 0 (for 0 %3)))"}
//  CHECK-SAME: {loom.extent = "(hull)"}
func.func @mixed(%a: memref<?xf32>, %unused: memref<?xf32>, %u: i32,
                 %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %z = arith.constant 0.0 : f32
  %ub = arith.index_castui %u : i32 to index
  scf.for unsigned %i = %c0 to %ub step %c1 {
    memref.store %z, %a[%i] : memref<?xf32>
  }
  scf.for %i = %c0 to %n step %c1 {
    %h = arith.divsi %i, %c2 : index
    memref.store %z, %a[%h] : memref<?xf32>
    %m = arith.andi %i, %c7 : index
    memref.store %z, %a[%m] : memref<?xf32>
    %odd = arith.cmpi sgt, %i, %c1 : index
    %s = arith.select %odd, %c0, %i : index
    memref.store %z, %a[%s] : memref<?xf32>
  }
  return
}
