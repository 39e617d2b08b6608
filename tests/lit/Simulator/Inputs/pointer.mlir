// A function with a pointer parameter, which loom-sim --entry cannot bind.
func.func @touch(%p: !llvm.ptr, %n: i32) {
  return
}
