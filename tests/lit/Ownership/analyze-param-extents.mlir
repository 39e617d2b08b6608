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

// -----

// Doubling an index 70 times nests its expression deeper than the analysis
// keeps (the text would double each time): the parameter stays unchecked.
// CHECK-LABEL: func.func @too_deep
//  CHECK-SAME: {loom.unchecked = "the index of 'memref.store' at {{[^ ]+}} cannot be bounded: its index expression is larger than the bounds analysis keeps (4096 characters, 64 levels)"}
func.func @too_deep(%a: memref<?xf32>, %n: index) {
  %z = arith.constant 0.0 : f32
  %v0 = arith.addi %n, %n : index
  %v1 = arith.addi %v0, %v0 : index
  %v2 = arith.addi %v1, %v1 : index
  %v3 = arith.addi %v2, %v2 : index
  %v4 = arith.addi %v3, %v3 : index
  %v5 = arith.addi %v4, %v4 : index
  %v6 = arith.addi %v5, %v5 : index
  %v7 = arith.addi %v6, %v6 : index
  %v8 = arith.addi %v7, %v7 : index
  %v9 = arith.addi %v8, %v8 : index
  %v10 = arith.addi %v9, %v9 : index
  %v11 = arith.addi %v10, %v10 : index
  %v12 = arith.addi %v11, %v11 : index
  %v13 = arith.addi %v12, %v12 : index
  %v14 = arith.addi %v13, %v13 : index
  %v15 = arith.addi %v14, %v14 : index
  %v16 = arith.addi %v15, %v15 : index
  %v17 = arith.addi %v16, %v16 : index
  %v18 = arith.addi %v17, %v17 : index
  %v19 = arith.addi %v18, %v18 : index
  %v20 = arith.addi %v19, %v19 : index
  %v21 = arith.addi %v20, %v20 : index
  %v22 = arith.addi %v21, %v21 : index
  %v23 = arith.addi %v22, %v22 : index
  %v24 = arith.addi %v23, %v23 : index
  %v25 = arith.addi %v24, %v24 : index
  %v26 = arith.addi %v25, %v25 : index
  %v27 = arith.addi %v26, %v26 : index
  %v28 = arith.addi %v27, %v27 : index
  %v29 = arith.addi %v28, %v28 : index
  %v30 = arith.addi %v29, %v29 : index
  %v31 = arith.addi %v30, %v30 : index
  %v32 = arith.addi %v31, %v31 : index
  %v33 = arith.addi %v32, %v32 : index
  %v34 = arith.addi %v33, %v33 : index
  %v35 = arith.addi %v34, %v34 : index
  %v36 = arith.addi %v35, %v35 : index
  %v37 = arith.addi %v36, %v36 : index
  %v38 = arith.addi %v37, %v37 : index
  %v39 = arith.addi %v38, %v38 : index
  %v40 = arith.addi %v39, %v39 : index
  %v41 = arith.addi %v40, %v40 : index
  %v42 = arith.addi %v41, %v41 : index
  %v43 = arith.addi %v42, %v42 : index
  %v44 = arith.addi %v43, %v43 : index
  %v45 = arith.addi %v44, %v44 : index
  %v46 = arith.addi %v45, %v45 : index
  %v47 = arith.addi %v46, %v46 : index
  %v48 = arith.addi %v47, %v47 : index
  %v49 = arith.addi %v48, %v48 : index
  %v50 = arith.addi %v49, %v49 : index
  %v51 = arith.addi %v50, %v50 : index
  %v52 = arith.addi %v51, %v51 : index
  %v53 = arith.addi %v52, %v52 : index
  %v54 = arith.addi %v53, %v53 : index
  %v55 = arith.addi %v54, %v54 : index
  %v56 = arith.addi %v55, %v55 : index
  %v57 = arith.addi %v56, %v56 : index
  %v58 = arith.addi %v57, %v57 : index
  %v59 = arith.addi %v58, %v58 : index
  %v60 = arith.addi %v59, %v59 : index
  %v61 = arith.addi %v60, %v60 : index
  %v62 = arith.addi %v61, %v61 : index
  %v63 = arith.addi %v62, %v62 : index
  %v64 = arith.addi %v63, %v63 : index
  %v65 = arith.addi %v64, %v64 : index
  %v66 = arith.addi %v65, %v65 : index
  %v67 = arith.addi %v66, %v66 : index
  %v68 = arith.addi %v67, %v67 : index
  %v69 = arith.addi %v68, %v68 : index
  memref.store %z, %a[%v69] : memref<?xf32>
  return
}
