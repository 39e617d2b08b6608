// LLVM-dialect arithmetic in InstructionCore host code, run by
// `loom-emu --entry` (each llvm op is evaluated through the compute table
// entry of its arith/math equivalent) and, as the reference, JIT-compiled
// by mlir-runner: integer ops of every kind (no poison-generating flags, so
// the native values are defined), comparisons, select, casts, min/max and
// bit counts, and f64/f32 arithmetic, comparisons, conversions and
// intrinsics on eight input pairs; then a 2-D scf.parallel with two
// scf.reduce reductions (run sequentially by the interpreter). Every value
// is printed as the integer of its bits, so floats compare bit for bit.
//
// REQUIRES: mlir-runner
// RUN: loom-emu %s --entry=main > %t.emu
// RUN: %lower-to-llvm %s | %run-main > %t.native
// RUN: grep -v '^@main completed$' %t.emu | diff - %t.native
// RUN: FileCheck %s < %t.emu
// CHECK: 0 0 10
// CHECK: 1 3 -15
// CHECK: parallel sum 1770 xor 0 max 59
// CHECK: @main completed

llvm.mlir.global private constant @as(dense<[7, -77, 2147483647, -2147483647, 123456, -5, 0, 1000]> : tensor<8xi32>)
    {addr_space = 0 : i32} : !llvm.array<8 x i32>
llvm.mlir.global private constant @bs(dense<[3, 5, -2, 7, -1000, 9, 11, -3]> : tensor<8xi32>)
    {addr_space = 0 : i32} : !llvm.array<8 x i32>
llvm.mlir.global private constant @fmt("%d %d %lld\0A\00") {addr_space = 0 : i32}
llvm.mlir.global private constant @fmt_par("parallel sum %lld xor %lld max %lld\0A\00")
    {addr_space = 0 : i32}
llvm.func @printf(!llvm.ptr, ...) -> i32

func.func private @emit(%k: i32, %tag: i32, %v: i64) {
  %f = llvm.mlir.addressof @fmt : !llvm.ptr
  %r = llvm.call @printf(%f, %k, %tag, %v) vararg(!llvm.func<i32 (ptr, ...)>)
      : (!llvm.ptr, i32, i32, i64) -> i32
  return
}

func.func private @row(%k: index) {
  %k32 = arith.index_cast %k : index to i32
  %k64 = arith.index_cast %k : index to i64
  %pa = llvm.mlir.addressof @as : !llvm.ptr
  %pb = llvm.mlir.addressof @bs : !llvm.ptr
  %ea = llvm.getelementptr %pa[%k64] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  %eb = llvm.getelementptr %pb[%k64] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  %a = llvm.load %ea : !llvm.ptr -> i32
  %b = llvm.load %eb : !llvm.ptr -> i32
  %c31 = llvm.mlir.constant(31 : i32) : i32
  %sh = llvm.and %b, %c31 : i32
  %add = llvm.add %a, %b : i32
  %sub = llvm.sub %a, %b : i32
  %mul = llvm.mul %a, %b : i32
  %sdiv = llvm.sdiv %a, %b : i32
  %udiv = llvm.udiv %a, %b : i32
  %srem = llvm.srem %a, %b : i32
  %urem = llvm.urem %a, %b : i32
  %and = llvm.and %a, %b : i32
  %or = llvm.or %a, %b : i32
  %xor = llvm.xor %a, %b : i32
  %shl = llvm.shl %a, %sh : i32
  %ashr = llvm.ashr %a, %sh : i32
  %lshr = llvm.lshr %a, %sh : i32
  %slt = llvm.icmp "slt" %a, %b : i32
  %uge = llvm.icmp "uge" %a, %b : i32
  %sel = llvm.select %slt, %a, %b : i1, i32
  %sext = llvm.sext %a : i32 to i64
  %zext = llvm.zext %a : i32 to i64
  %trunc = llvm.trunc %a : i32 to i8
  %smax = "llvm.intr.smax"(%a, %b) : (i32, i32) -> i32
  %smin = "llvm.intr.smin"(%a, %b) : (i32, i32) -> i32
  %umax = "llvm.intr.umax"(%a, %b) : (i32, i32) -> i32
  %umin = "llvm.intr.umin"(%a, %b) : (i32, i32) -> i32
  %abs = "llvm.intr.abs"(%a) <{is_int_min_poison = false}> : (i32) -> i32
  %ctlz = "llvm.intr.ctlz"(%a) <{is_zero_poison = false}> : (i32) -> i32
  %cttz = "llvm.intr.cttz"(%a) <{is_zero_poison = false}> : (i32) -> i32
  %ctpop = llvm.intr.ctpop(%a) : (i32) -> i32
  %x = llvm.sitofp %a : i32 to f64
  %yf = llvm.uitofp %b : i32 to f32
  %y = llvm.fpext %yf : f32 to f64
  %fadd = llvm.fadd %x, %y : f64
  %fsub = llvm.fsub %x, %y : f64
  %fmul = llvm.fmul %x, %y : f64
  %fdiv = llvm.fdiv %x, %y : f64
  %frem = llvm.frem %x, %y : f64
  %fneg = llvm.fneg %x : f64
  %olt = llvm.fcmp "olt" %x, %y : f64
  %une = llvm.fcmp "une" %fdiv, %fdiv : f64
  %fptosi = llvm.fptosi %fdiv : f64 to i32
  %fptrunc = llvm.fptrunc %fdiv : f64 to f32
  %small = llvm.intr.fabs(%fptrunc) : (f32) -> f32
  %fptoui = llvm.fptoui %small : f32 to i32
  %maxnum = llvm.intr.maxnum(%x, %y) : (f64, f64) -> f64
  %minimum = llvm.intr.minimum(%x, %y) : (f64, f64) -> f64
  %fabs = llvm.intr.fabs(%x) : (f64) -> f64
  %sqrt = llvm.intr.sqrt(%fabs) : (f64) -> f64
  %floor = llvm.intr.floor(%fdiv) : (f64) -> f64
  %ceil = llvm.intr.ceil(%fdiv) : (f64) -> f64
  %copysign = llvm.intr.copysign(%y, %x) : (f64, f64) -> f64
  %fma = llvm.intr.fma(%x, %y, %fdiv) : (f64, f64, f64) -> f64
  %round = llvm.intr.round(%fdiv) : (f64) -> f64
  %w0 = llvm.sext %add : i32 to i64
  %t0 = arith.constant 0 : i32
    func.call @emit(%k32, %t0, %w0) : (i32, i32, i64) -> ()
  %w1 = llvm.sext %sub : i32 to i64
  %t1 = arith.constant 1 : i32
    func.call @emit(%k32, %t1, %w1) : (i32, i32, i64) -> ()
  %w2 = llvm.sext %mul : i32 to i64
  %t2 = arith.constant 2 : i32
    func.call @emit(%k32, %t2, %w2) : (i32, i32, i64) -> ()
  %w3 = llvm.sext %sdiv : i32 to i64
  %t3 = arith.constant 3 : i32
    func.call @emit(%k32, %t3, %w3) : (i32, i32, i64) -> ()
  %w4 = llvm.sext %udiv : i32 to i64
  %t4 = arith.constant 4 : i32
    func.call @emit(%k32, %t4, %w4) : (i32, i32, i64) -> ()
  %w5 = llvm.sext %srem : i32 to i64
  %t5 = arith.constant 5 : i32
    func.call @emit(%k32, %t5, %w5) : (i32, i32, i64) -> ()
  %w6 = llvm.sext %urem : i32 to i64
  %t6 = arith.constant 6 : i32
    func.call @emit(%k32, %t6, %w6) : (i32, i32, i64) -> ()
  %w7 = llvm.sext %and : i32 to i64
  %t7 = arith.constant 7 : i32
    func.call @emit(%k32, %t7, %w7) : (i32, i32, i64) -> ()
  %w8 = llvm.sext %or : i32 to i64
  %t8 = arith.constant 8 : i32
    func.call @emit(%k32, %t8, %w8) : (i32, i32, i64) -> ()
  %w9 = llvm.sext %xor : i32 to i64
  %t9 = arith.constant 9 : i32
    func.call @emit(%k32, %t9, %w9) : (i32, i32, i64) -> ()
  %w10 = llvm.sext %shl : i32 to i64
  %t10 = arith.constant 10 : i32
    func.call @emit(%k32, %t10, %w10) : (i32, i32, i64) -> ()
  %w11 = llvm.sext %ashr : i32 to i64
  %t11 = arith.constant 11 : i32
    func.call @emit(%k32, %t11, %w11) : (i32, i32, i64) -> ()
  %w12 = llvm.sext %lshr : i32 to i64
  %t12 = arith.constant 12 : i32
    func.call @emit(%k32, %t12, %w12) : (i32, i32, i64) -> ()
  %w13 = llvm.zext %slt : i1 to i64
  %t13 = arith.constant 13 : i32
    func.call @emit(%k32, %t13, %w13) : (i32, i32, i64) -> ()
  %w14 = llvm.zext %uge : i1 to i64
  %t14 = arith.constant 14 : i32
    func.call @emit(%k32, %t14, %w14) : (i32, i32, i64) -> ()
  %w15 = llvm.sext %sel : i32 to i64
  %t15 = arith.constant 15 : i32
    func.call @emit(%k32, %t15, %w15) : (i32, i32, i64) -> ()
  %t16 = arith.constant 16 : i32
    func.call @emit(%k32, %t16, %sext) : (i32, i32, i64) -> ()
  %t17 = arith.constant 17 : i32
    func.call @emit(%k32, %t17, %zext) : (i32, i32, i64) -> ()
  %w18 = llvm.sext %trunc : i8 to i64
  %t18 = arith.constant 18 : i32
    func.call @emit(%k32, %t18, %w18) : (i32, i32, i64) -> ()
  %w19 = llvm.sext %smax : i32 to i64
  %t19 = arith.constant 19 : i32
    func.call @emit(%k32, %t19, %w19) : (i32, i32, i64) -> ()
  %w20 = llvm.sext %smin : i32 to i64
  %t20 = arith.constant 20 : i32
    func.call @emit(%k32, %t20, %w20) : (i32, i32, i64) -> ()
  %w21 = llvm.sext %umax : i32 to i64
  %t21 = arith.constant 21 : i32
    func.call @emit(%k32, %t21, %w21) : (i32, i32, i64) -> ()
  %w22 = llvm.sext %umin : i32 to i64
  %t22 = arith.constant 22 : i32
    func.call @emit(%k32, %t22, %w22) : (i32, i32, i64) -> ()
  %w23 = llvm.sext %abs : i32 to i64
  %t23 = arith.constant 23 : i32
    func.call @emit(%k32, %t23, %w23) : (i32, i32, i64) -> ()
  %w24 = llvm.sext %ctlz : i32 to i64
  %t24 = arith.constant 24 : i32
    func.call @emit(%k32, %t24, %w24) : (i32, i32, i64) -> ()
  %w25 = llvm.sext %cttz : i32 to i64
  %t25 = arith.constant 25 : i32
    func.call @emit(%k32, %t25, %w25) : (i32, i32, i64) -> ()
  %w26 = llvm.sext %ctpop : i32 to i64
  %t26 = arith.constant 26 : i32
    func.call @emit(%k32, %t26, %w26) : (i32, i32, i64) -> ()
  %w27 = llvm.bitcast %x : f64 to i64
  %t27 = arith.constant 27 : i32
    func.call @emit(%k32, %t27, %w27) : (i32, i32, i64) -> ()
  %b28 = llvm.bitcast %yf : f32 to i32
  %w28 = llvm.zext %b28 : i32 to i64
  %t28 = arith.constant 28 : i32
    func.call @emit(%k32, %t28, %w28) : (i32, i32, i64) -> ()
  %w29 = llvm.bitcast %y : f64 to i64
  %t29 = arith.constant 29 : i32
    func.call @emit(%k32, %t29, %w29) : (i32, i32, i64) -> ()
  %w30 = llvm.bitcast %fadd : f64 to i64
  %t30 = arith.constant 30 : i32
    func.call @emit(%k32, %t30, %w30) : (i32, i32, i64) -> ()
  %w31 = llvm.bitcast %fsub : f64 to i64
  %t31 = arith.constant 31 : i32
    func.call @emit(%k32, %t31, %w31) : (i32, i32, i64) -> ()
  %w32 = llvm.bitcast %fmul : f64 to i64
  %t32 = arith.constant 32 : i32
    func.call @emit(%k32, %t32, %w32) : (i32, i32, i64) -> ()
  %w33 = llvm.bitcast %fdiv : f64 to i64
  %t33 = arith.constant 33 : i32
    func.call @emit(%k32, %t33, %w33) : (i32, i32, i64) -> ()
  %w34 = llvm.bitcast %frem : f64 to i64
  %t34 = arith.constant 34 : i32
    func.call @emit(%k32, %t34, %w34) : (i32, i32, i64) -> ()
  %w35 = llvm.bitcast %fneg : f64 to i64
  %t35 = arith.constant 35 : i32
    func.call @emit(%k32, %t35, %w35) : (i32, i32, i64) -> ()
  %w36 = llvm.zext %olt : i1 to i64
  %t36 = arith.constant 36 : i32
    func.call @emit(%k32, %t36, %w36) : (i32, i32, i64) -> ()
  %w37 = llvm.zext %une : i1 to i64
  %t37 = arith.constant 37 : i32
    func.call @emit(%k32, %t37, %w37) : (i32, i32, i64) -> ()
  %w38 = llvm.sext %fptosi : i32 to i64
  %t38 = arith.constant 38 : i32
    func.call @emit(%k32, %t38, %w38) : (i32, i32, i64) -> ()
  %b39 = llvm.bitcast %fptrunc : f32 to i32
  %w39 = llvm.zext %b39 : i32 to i64
  %t39 = arith.constant 39 : i32
    func.call @emit(%k32, %t39, %w39) : (i32, i32, i64) -> ()
  %w40 = llvm.sext %fptoui : i32 to i64
  %t40 = arith.constant 40 : i32
    func.call @emit(%k32, %t40, %w40) : (i32, i32, i64) -> ()
  %w41 = llvm.bitcast %maxnum : f64 to i64
  %t41 = arith.constant 41 : i32
    func.call @emit(%k32, %t41, %w41) : (i32, i32, i64) -> ()
  %w42 = llvm.bitcast %minimum : f64 to i64
  %t42 = arith.constant 42 : i32
    func.call @emit(%k32, %t42, %w42) : (i32, i32, i64) -> ()
  %w43 = llvm.bitcast %fabs : f64 to i64
  %t43 = arith.constant 43 : i32
    func.call @emit(%k32, %t43, %w43) : (i32, i32, i64) -> ()
  %w44 = llvm.bitcast %sqrt : f64 to i64
  %t44 = arith.constant 44 : i32
    func.call @emit(%k32, %t44, %w44) : (i32, i32, i64) -> ()
  %w45 = llvm.bitcast %floor : f64 to i64
  %t45 = arith.constant 45 : i32
    func.call @emit(%k32, %t45, %w45) : (i32, i32, i64) -> ()
  %w46 = llvm.bitcast %ceil : f64 to i64
  %t46 = arith.constant 46 : i32
    func.call @emit(%k32, %t46, %w46) : (i32, i32, i64) -> ()
  %w47 = llvm.bitcast %copysign : f64 to i64
  %t47 = arith.constant 47 : i32
    func.call @emit(%k32, %t47, %w47) : (i32, i32, i64) -> ()
  %w48 = llvm.bitcast %fma : f64 to i64
  %t48 = arith.constant 48 : i32
    func.call @emit(%k32, %t48, %w48) : (i32, i32, i64) -> ()
  %w49 = llvm.bitcast %round : f64 to i64
  %t49 = arith.constant 49 : i32
    func.call @emit(%k32, %t49, %w49) : (i32, i32, i64) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %k = %c0 to %c8 step %c1 {
    func.call @row(%k) : (index) -> ()
  }
  // sum, xor and max of i*10+j over 6x10; the xor of each value twice is 0.
  %c6 = arith.constant 6 : index
  %c10 = arith.constant 10 : index
  %zero = arith.constant 0 : i64
  %low = arith.constant -1 : i64
  %ten = arith.constant 10 : i64
  %sum, %x, %max = scf.parallel (%i, %j) = (%c0, %c0) to (%c6, %c10)
      step (%c1, %c1) init (%zero, %zero, %low) -> (i64, i64, i64) {
  %ii = arith.index_cast %i : index to i64
  %jj = arith.index_cast %j : index to i64
  %t = arith.muli %ii, %ten : i64
  %v = arith.addi %t, %jj : i64
  %vv = arith.xori %v, %v : i64
    scf.reduce(%v, %vv, %v : i64, i64, i64) {
    ^bb0(%l: i64, %r: i64):
    %s = arith.addi %l, %r : i64
      scf.reduce.return %s : i64
    }, {
    ^bb0(%l: i64, %r: i64):
    %s = arith.xori %l, %r : i64
      scf.reduce.return %s : i64
    }, {
    ^bb0(%l: i64, %r: i64):
    %s = arith.maxsi %l, %r : i64
      scf.reduce.return %s : i64
    }
  }
  %fp = llvm.mlir.addressof @fmt_par : !llvm.ptr
  %r = llvm.call @printf(%fp, %sum, %x, %max) vararg(!llvm.func<i32 (ptr, ...)>)
      : (!llvm.ptr, i64, i64, i64) -> i32
  return
}
