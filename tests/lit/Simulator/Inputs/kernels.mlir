// Two SCF kernels for loom-sim: a streaming vector addition and a reduction
// (a carry loop) whose result is stored after the loop.
func.func @vadd(%a: memref<?xi32>, %b: memref<?xi32>, %c: memref<?xi32>, %n: index) attributes {loom.kernel = "vadd"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %a[%i] : memref<?xi32>
    %y = memref.load %b[%i] : memref<?xi32>
    %s = arith.addi %x, %y : i32
    memref.store %s, %c[%i] : memref<?xi32>
  }
  return
}

func.func @sum(%a: memref<?xf32>, %out: memref<1xf32>, %n: index) attributes {loom.kernel = "sum"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> f32 {
    %x = memref.load %a[%i] : memref<?xf32>
    %t = arith.addf %acc, %x : f32
    scf.yield %t : f32
  }
  memref.store %s, %out[%c0] : memref<1xf32>
  return
}
