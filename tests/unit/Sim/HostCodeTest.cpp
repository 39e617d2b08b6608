//===- HostCodeTest.cpp - InstructionCore code in the program interpreter -===//
//
// Part of the Loom project.
//
// Host code (a kernel's func.func and its thread bodies) outside spatial
// regions: SCF loops and switches, cf branches between blocks, math ops
// through the compute table, the LLVM memory subset on real host memory,
// calls to module functions (interpreted) and to external ones (libffi,
// variadic included), and the errors that name what cannot run.
//
//===----------------------------------------------------------------------===//

#include "loom/Sim/ProgramInterpreter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Parser/Parser.h"

#include <cmath>
#include <cstring>
#include <gtest/gtest.h>

using namespace mlir;
using namespace loom;
using namespace loom::sim;

// Called by the tests through libffi; exported so that dlsym finds it.
extern "C" __attribute__((visibility("default"), used)) int64_t
loom_host_code_test_mix(int8_t a, uint16_t b, double c) {
  return a * 1000 + b + static_cast<int64_t>(c * 10);
}

// A mutable global of the process that host code updates in place.
extern "C" __attribute__((visibility("default"),
                          used)) int32_t loom_host_code_test_counter = 5;

namespace {

class HostCodeTest : public ::testing::Test {
protected:
  HostCodeTest() {
    context.loadDialect<
        dataflow::DataflowDialect, arith::ArithDialect, cf::ControlFlowDialect,
        func::FuncDialect, LLVM::LLVMDialect, math::MathDialect,
        memref::MemRefDialect, scf::SCFDialect, ub::UBDialect>();
  }

  func::FuncOp parse(StringRef text) {
    module = parseSourceString<ModuleOp>(text, &context);
    EXPECT_TRUE(module);
    return module ? module->lookupSymbol<func::FuncOp>("k") : func::FuncOp();
  }

  /// Runs @k after checking it; returns its results' tokens.
  llvm::SmallVector<TokenValue> run(llvm::ArrayRef<ProgramValue> arguments) {
    func::FuncOp kernel = module->lookupSymbol<func::FuncOp>("k");
    EXPECT_EQ(ProgramInterpreter::checkFunction(kernel), "");
    ProgramInterpreter interpreter(*module, InterpreterOptions());
    auto returned = interpreter.run(kernel, arguments);
    llvm::SmallVector<TokenValue> tokens;
    if (!returned) {
      ADD_FAILURE() << toString(returned.takeError());
      return tokens;
    }
    for (ProgramValue &value : *returned)
      tokens.push_back(value.token);
    return tokens;
  }

  /// Runs @k and returns its error message.
  std::string runError(llvm::ArrayRef<ProgramValue> arguments) {
    func::FuncOp kernel = module->lookupSymbol<func::FuncOp>("k");
    ProgramInterpreter interpreter(*module, InterpreterOptions());
    auto returned = interpreter.run(kernel, arguments);
    if (returned)
      return "no error";
    return toString(returned.takeError());
  }

  static ProgramValue integer(unsigned width, int64_t value) {
    ProgramValue v;
    v.token = TokenValue::getInteger(width, value, /*isSigned=*/true);
    return v;
  }

  static ProgramValue pointer(const void *address) {
    ProgramValue v;
    v.token = TokenValue::getInteger(64, reinterpret_cast<uintptr_t>(address));
    return v;
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

int64_t asInt(const TokenValue &token) {
  return token.getInteger().getSExtValue();
}

// scf.for with iter_args (signed and unsigned comparison) and scf.while:
// sum of 0..n-1, the number of halvings of n, a loop that never runs.
TEST_F(HostCodeTest, ForAndWhileLoops) {
  ASSERT_TRUE(parse(R"mlir(
    func.func @k(%n: i32) -> (i32, i32, i32, i32) {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32)
          : i32 {
        %next = arith.addi %acc, %i : i32
        scf.yield %next : i32
      }
      %big = arith.constant -1 : i32
      %two = arith.constant 2 : i32
      %none = scf.for %i = %c0 to %big step %c1 iter_args(%acc = %c0)
          -> (i32) : i32 {
        %next = arith.addi %acc, %c1 : i32
        scf.yield %next : i32
      }
      %count = scf.for unsigned %i = %big to %c1 step %c1
          iter_args(%acc = %c0) -> (i32) : i32 {
        scf.yield %c1 : i32
      }
      %halvings:2 = scf.while (%v = %n, %h = %c0) : (i32, i32) -> (i32, i32) {
        %go = arith.cmpi sgt, %v, %c1 : i32
        scf.condition(%go) %v, %h : i32, i32
      } do {
      ^bb0(%w: i32, %g: i32):
        %half = arith.divsi %w, %two : i32
        %g1 = arith.addi %g, %c1 : i32
        scf.yield %half, %g1 : i32, i32
      }
      return %sum, %none, %count, %halvings#1 : i32, i32, i32, i32
    }
  )mlir"));
  llvm::SmallVector<TokenValue> results = run({integer(32, 100)});
  ASSERT_EQ(results.size(), 4u);
  EXPECT_EQ(asInt(results[0]), 4950);
  // 0 < -1 is false when signed: no iteration.
  EXPECT_EQ(asInt(results[1]), 0);
  // 0xffffffff < 1 is false when unsigned: no iteration either.
  EXPECT_EQ(asInt(results[2]), 0);
  EXPECT_EQ(asInt(results[3]), 6);
}

// scf.index_switch picks a case or the default; scf.execute_region yields.
TEST_F(HostCodeTest, IndexSwitchAndExecuteRegion) {
  ASSERT_TRUE(parse(R"mlir(
    func.func @k(%s: index) -> i32 {
      %r = scf.index_switch %s -> i32
      case 2 {
        %c20 = arith.constant 20 : i32
        scf.yield %c20 : i32
      }
      case 5 {
        %v = scf.execute_region -> i32 {
          %c50 = arith.constant 50 : i32
          scf.yield %c50 : i32
        }
        scf.yield %v : i32
      }
      default {
        %m = arith.constant -1 : i32
        scf.yield %m : i32
      }
      return %r : i32
    }
  )mlir"));
  EXPECT_EQ(asInt(run({integer(64, 2)})[0]), 20);
  EXPECT_EQ(asInt(run({integer(64, 5)})[0]), 50);
  EXPECT_EQ(asInt(run({integer(64, 7)})[0]), -1);
}

// A multi-block function: a cf.cond_br loop whose block arguments swap
// (Fibonacci), then a cf.switch on the result.
TEST_F(HostCodeTest, ControlFlowBranches) {
  ASSERT_TRUE(parse(R"mlir(
    func.func @k(%n: i64) -> (i64, i64) {
      %c0 = arith.constant 0 : i64
      %c1 = arith.constant 1 : i64
      cf.br ^loop(%c0, %c0, %c1 : i64, i64, i64)
    ^loop(%i: i64, %a: i64, %b: i64):
      %go = arith.cmpi slt, %i, %n : i64
      cf.cond_br %go, ^body, ^exit
    ^body:
      %next = arith.addi %a, %b : i64
      %i1 = arith.addi %i, %c1 : i64
      cf.br ^loop(%i1, %b, %next : i64, i64, i64)
    ^exit:
      cf.switch %a : i64, [
        default: ^other,
        55: ^fib10
      ]
    ^fib10:
      %c7 = arith.constant 7 : i64
      return %a, %c7 : i64, i64
    ^other:
      %c9 = arith.constant 9 : i64
      return %a, %c9 : i64, i64
    }
  )mlir"));
  llvm::SmallVector<TokenValue> ten = run({integer(64, 10)});
  ASSERT_EQ(ten.size(), 2u);
  EXPECT_EQ(asInt(ten[0]), 55);
  EXPECT_EQ(asInt(ten[1]), 7);
  llvm::SmallVector<TokenValue> twelve = run({integer(64, 12)});
  EXPECT_EQ(asInt(twelve[0]), 144);
  EXPECT_EQ(asInt(twelve[1]), 9);
}

// math ops in host code are evaluated by the compute table.
TEST_F(HostCodeTest, MathOpsUseTheComputeTable) {
  ASSERT_TRUE(parse(R"mlir(
    func.func @k(%x: i32, %y: f64) -> (i32, f64, i32) {
      %a = math.absi %x : i32
      %r = math.sqrt %y : f64
      %p = math.ctpop %x : i32
      return %a, %r, %p : i32, f64, i32
    }
  )mlir"));
  ProgramValue y;
  y.token = TokenValue::getFloat(llvm::APFloat(2.0));
  llvm::SmallVector<TokenValue> results = run({integer(32, -12), y});
  ASSERT_EQ(results.size(), 3u);
  EXPECT_EQ(asInt(results[0]), 12);
  EXPECT_EQ(results[1].getFloat().convertToDouble(), std::sqrt(2.0));
  EXPECT_EQ(asInt(results[2]), 29);
}

// llvm.alloca, llvm.getelementptr, llvm.store/load (volatile too),
// llvm.intr.memset/memcpy, ptrtoint/inttoptr and llvm.mlir.zero on real
// memory, plus loads and stores through the caller's pointer.
TEST_F(HostCodeTest, LLVMMemorySubset) {
  ASSERT_TRUE(parse(R"mlir(
    func.func @k(%p: !llvm.ptr, %v: i32) -> (i32, i64, i1, i1) {
      %c1 = llvm.mlir.constant(1 : i64) : i64
      %c8 = llvm.mlir.constant(8 : i64) : i64
      %c2 = arith.constant 2 : i64
      %b = llvm.mlir.constant(7 : i8) : i8
      %buf = llvm.alloca %c1 x !llvm.array<4 x i32> : (i64) -> !llvm.ptr
      "llvm.intr.memset"(%buf, %b, %c8) <{isVolatile = false}>
          : (!llvm.ptr, i8, i64) -> ()
      %e2 = llvm.getelementptr %buf[0, 2] : (!llvm.ptr) -> !llvm.ptr,
          !llvm.array<4 x i32>
      llvm.store volatile %v, %e2 : i32, !llvm.ptr
      %dyn = llvm.getelementptr %buf[%c2] : (!llvm.ptr, i64) -> !llvm.ptr, i32
      %w = llvm.load volatile %dyn : !llvm.ptr -> i32
      "llvm.intr.memcpy"(%p, %buf, %c8) <{isVolatile = false}>
          : (!llvm.ptr, !llvm.ptr, i64) -> ()
      %q = llvm.getelementptr %p[1] : (!llvm.ptr) -> !llvm.ptr, i64
      %old = llvm.load %q : !llvm.ptr -> i64
      %addr = llvm.ptrtoint %buf : !llvm.ptr to i64
      %back = llvm.inttoptr %addr : i64 to !llvm.ptr
      %again = llvm.getelementptr %back[2] : (!llvm.ptr) -> !llvm.ptr, i32
      llvm.store %v, %q : i32, !llvm.ptr
      %null = llvm.mlir.zero : !llvm.ptr
      %same = llvm.icmp "eq" %again, %dyn : !llvm.ptr
      %z = llvm.ptrtoint %null : !llvm.ptr to i64
      %isnull = arith.cmpi eq, %z, %addr : i64
      return %w, %old, %isnull, %same : i32, i64, i1, i1
    }
  )mlir"));
  int64_t memory[2] = {-1, 0x1122334455667788};
  llvm::SmallVector<TokenValue> results =
      run({pointer(memory), integer(32, 42)});
  ASSERT_EQ(results.size(), 4u);
  EXPECT_EQ(asInt(results[0]), 42);
  EXPECT_EQ(asInt(results[1]), 0x1122334455667788);
  EXPECT_FALSE(results[2].isTrue());
  // llvm.icmp on pointers, through arith.cmpi's table entry: two GEPs to
  // the same element compare equal.
  EXPECT_TRUE(results[3].isTrue());
  // The memset bytes, then the store of 42 at element 1 through %q.
  EXPECT_EQ(memory[0], 0x0707070707070707);
  int32_t second;
  std::memcpy(&second, reinterpret_cast<char *>(memory) + 8, 4);
  EXPECT_EQ(second, 42);
}

// A variable-length array in a loop: llvm.intr.stacksave/stackrestore
// around its llvm.alloca free it every iteration; the values computed in it
// are the native ones.
TEST_F(HostCodeTest, StackSaveRestoreAroundLoopAlloca) {
  ASSERT_TRUE(parse(R"mlir(
    func.func @k(%n: i64) -> i64 {
      %c0 = arith.constant 0 : i64
      %c1 = arith.constant 1 : i64
      %r = scf.for %i = %c1 to %n step %c1 iter_args(%acc = %c0) -> (i64)
          : i64 {
        %sp = llvm.intr.stacksave : !llvm.ptr
        %vla = llvm.alloca %i x i64 : (i64) -> !llvm.ptr
        %last = arith.subi %i, %c1 : i64
        %slot = llvm.getelementptr %vla[%last] : (!llvm.ptr, i64) -> !llvm.ptr,
            i64
        llvm.store %i, %slot : i64, !llvm.ptr
        %v = llvm.load %slot : !llvm.ptr -> i64
        llvm.intr.stackrestore %sp : !llvm.ptr
        %s = arith.addi %acc, %v : i64
        scf.yield %s : i64
      }
      return %r : i64
    }
  )mlir"));
  EXPECT_EQ(asInt(run({integer(64, 101)})[0]), 5050);
}

// A GEP to a struct field steps by the field's offset under the data
// layout (padding included), as the native struct is laid out.
TEST_F(HostCodeTest, StructFieldGep) {
  struct Record {
    int8_t tag;
    int32_t count;
    double weight;
  };
  ASSERT_TRUE(parse(R"mlir(
    func.func @k(%p: !llvm.ptr, %i: i64) -> (i32, f64) {
      %count = llvm.getelementptr %p[%i, 1] : (!llvm.ptr, i64) -> !llvm.ptr,
          !llvm.struct<(i8, i32, f64)>
      %weight = llvm.getelementptr %p[%i, 2] : (!llvm.ptr, i64) -> !llvm.ptr,
          !llvm.struct<(i8, i32, f64)>
      %c = llvm.load %count : !llvm.ptr -> i32
      %w = llvm.load %weight : !llvm.ptr -> f64
      %one = arith.constant 1 : i32
      %c1 = arith.addi %c, %one : i32
      llvm.store %c1, %count : i32, !llvm.ptr
      return %c, %w : i32, f64
    }
  )mlir"));
  Record records[2] = {{1, 10, 0.5}, {2, 20, 2.5}};
  llvm::SmallVector<TokenValue> results =
      run({pointer(records), integer(64, 1)});
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(asInt(results[0]), 20);
  EXPECT_EQ(results[1].getFloat().convertToDouble(), 2.5);
  EXPECT_EQ(records[1].count, 21);
  EXPECT_EQ(records[0].count, 10);
}

// A constant global's initializer (a string, dense elements) is
// materialized once; external calls go through libffi, variadic ones
// (snprintf) included, with narrow signed and unsigned arguments.
TEST_F(HostCodeTest, GlobalsAndExternalCalls) {
  ASSERT_TRUE(parse(R"mlir(
    llvm.mlir.global private constant @fmt("%d-%s-%.1f\00")
        {addr_space = 0 : i32}
    llvm.mlir.global private constant @word("ok\00") {addr_space = 0 : i32}
    llvm.mlir.global private constant @table(dense<[3, 5, 8]>
        : tensor<3xi16>) {addr_space = 0 : i32} : !llvm.array<3 x i16>
    llvm.func @snprintf(!llvm.ptr, i64, !llvm.ptr, ...) -> i32
    llvm.func @cos(f64) -> f64
    llvm.func @loom_host_code_test_mix(i8 {llvm.signext},
        i16 {llvm.zeroext}, f64) -> i64
    func.func @k(%out: !llvm.ptr, %x: f64) -> (i32, f64, i16, i64) {
      %size = llvm.mlir.constant(32 : i64) : i64
      %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
      %word = llvm.mlir.addressof @word : !llvm.ptr
      %c12 = arith.constant 12 : i32
      %half = arith.constant 0.25 : f64
      %n = llvm.call @snprintf(%out, %size, %fmt, %c12, %word, %half)
          vararg(!llvm.func<i32 (ptr, i64, ptr, ...)>)
          : (!llvm.ptr, i64, !llvm.ptr, i32, !llvm.ptr, f64) -> i32
      %c = llvm.call @cos(%x) : (f64) -> f64
      %table = llvm.mlir.addressof @table : !llvm.ptr
      %e = llvm.getelementptr %table[0, 2] : (!llvm.ptr) -> !llvm.ptr,
          !llvm.array<3 x i16>
      %t = llvm.load %e : !llvm.ptr -> i16
      %a = arith.constant -3 : i8
      %b = arith.constant 65535 : i16
      %m = llvm.call @loom_host_code_test_mix(%a, %b, %x)
          : (i8, i16, f64) -> i64
      return %n, %c, %t, %m : i32, f64, i16, i64
    }
  )mlir"));
  char text[32] = {};
  ProgramValue x;
  x.token = TokenValue::getFloat(llvm::APFloat(0.5));
  llvm::SmallVector<TokenValue> results = run({pointer(text), x});
  ASSERT_EQ(results.size(), 4u);
  EXPECT_STREQ(text, "12-ok-0.2");
  EXPECT_EQ(asInt(results[0]), 9);
  EXPECT_EQ(results[1].getFloat().convertToDouble(), std::cos(0.5));
  EXPECT_EQ(asInt(results[2]), 8);
  EXPECT_EQ(asInt(results[3]), loom_host_code_test_mix(-3, 65535, 0.5));
}

// A mutable global is the process's own object, found by its symbol; one
// the process does not define is named.
TEST_F(HostCodeTest, MutableGlobalsAreProcessSymbols) {
  ASSERT_TRUE(parse(R"mlir(
    llvm.mlir.global external @loom_host_code_test_counter(0 : i32)
        {addr_space = 0 : i32} : i32
    func.func @k() -> i32 {
      %g = llvm.mlir.addressof @loom_host_code_test_counter : !llvm.ptr
      %v = llvm.load %g : !llvm.ptr -> i32
      %c2 = arith.constant 2 : i32
      %w = arith.muli %v, %c2 : i32
      llvm.store %w, %g : i32, !llvm.ptr
      return %v : i32
    }
  )mlir"));
  loom_host_code_test_counter = 5;
  EXPECT_EQ(asInt(run({})[0]), 5);
  EXPECT_EQ(loom_host_code_test_counter, 10);

  ASSERT_TRUE(parse(R"mlir(
    llvm.mlir.global external @loom_host_code_test_absent_global(0 : i32)
        {addr_space = 0 : i32} : i32
    func.func @k() -> i32 {
      %g = llvm.mlir.addressof @loom_host_code_test_absent_global : !llvm.ptr
      %v = llvm.load %g : !llvm.ptr -> i32
      return %v : i32
    }
  )mlir"));
  EXPECT_EQ(ProgramInterpreter::checkFunction(
                module->lookupSymbol<func::FuncOp>("k")),
            "emu cannot address the global @loom_host_code_test_absent_global: "
            "it is mutable or defined elsewhere, and not a symbol of the "
            "process");
}

// A call to a function of the module is interpreted, recursion included;
// runaway recursion is an error, not a stack overflow.
TEST_F(HostCodeTest, CallsToModuleFunctions) {
  ASSERT_TRUE(parse(R"mlir(
    func.func private @fact(%n: i64) -> i64 {
      %c1 = arith.constant 1 : i64
      %small = arith.cmpi sle, %n, %c1 : i64
      %r = scf.if %small -> i64 {
        scf.yield %c1 : i64
      } else {
        %m = arith.subi %n, %c1 : i64
        %f = func.call @fact(%m) : (i64) -> i64
        %p = arith.muli %n, %f : i64
        scf.yield %p : i64
      }
      return %r : i64
    }
    llvm.func @twice(%x: i64) -> i64 {
      %s = llvm.mlir.constant(1 : i64) : i64
      %r = arith.shli %x, %s : i64
      llvm.return %r : i64
    }
    func.func @k(%n: i64) -> i64 {
      %f = func.call @fact(%n) : (i64) -> i64
      %t = llvm.call @twice(%f) : (i64) -> i64
      return %t : i64
    }
  )mlir"));
  EXPECT_EQ(asInt(run({integer(64, 10)})[0]), 2 * 3628800);
  EXPECT_EQ(runError({integer(64, 100000)}).substr(0, 10), "in @fact: ");
  EXPECT_NE(runError({integer(64, 100000)})
                .find("calls nest deeper than 512 at the call to @fact"),
            std::string::npos);
}

// An external function the process does not define, an indirect call and
// a null pointer are named.
TEST_F(HostCodeTest, NamesWhatCannotRun) {
  ASSERT_TRUE(parse(R"mlir(
    llvm.func @loom_host_code_test_absent(i32) -> i32
    func.func @k(%x: i32) -> i32 {
      %r = llvm.call @loom_host_code_test_absent(%x) : (i32) -> i32
      return %r : i32
    }
  )mlir"));
  func::FuncOp kernel = module->lookupSymbol<func::FuncOp>("k");
  EXPECT_EQ(ProgramInterpreter::checkFunction(kernel),
            "emu cannot resolve the external function "
            "'loom_host_code_test_absent': no such symbol in the process");
  EXPECT_EQ(runError({integer(32, 1)}),
            "emu cannot resolve the external function "
            "'loom_host_code_test_absent': no such symbol in the process");

  ASSERT_TRUE(parse(R"mlir(
    func.func @k(%f: !llvm.ptr, %x: i32) -> i32 {
      %r = llvm.call %f(%x) : !llvm.ptr, (i32) -> i32
      return %r : i32
    }
  )mlir"));
  EXPECT_EQ(ProgramInterpreter::checkFunction(
                module->lookupSymbol<func::FuncOp>("k")),
            "emu cannot run an indirect 'llvm.call' yet");

  ASSERT_TRUE(parse(R"mlir(
    func.func @k(%p: !llvm.ptr) -> i32 {
      %v = llvm.load %p : !llvm.ptr -> i32
      return %v : i32
    }
  )mlir"));
  EXPECT_EQ(runError({pointer(nullptr)}), "'llvm.load' uses a null pointer");
}

// memref.dim of an owned buffer and memref.cast share the buffer; the dim
// of a host pointer's memref (extent unknown) is an error.
TEST_F(HostCodeTest, MemRefDimAndCast) {
  ASSERT_TRUE(parse(R"mlir(
    func.func @k(%h: memref<?xi32>) -> (index, i32) {
      %a = memref.alloc() : memref<6xi32>
      %d = memref.cast %a : memref<6xi32> to memref<?xi32>
      %c1 = arith.constant 1 : index
      %c0 = arith.constant 0 : index
      %v = arith.constant 9 : i32
      memref.store %v, %d[%c1] : memref<?xi32>
      %w = memref.load %a[%c1] : memref<6xi32>
      %n = memref.dim %d, %c0 : memref<?xi32>
      memref.dealloc %a : memref<6xi32>
      return %n, %w : index, i32
    }
  )mlir"));
  int32_t host[2] = {0, 0};
  ProgramValue h;
  h.memory = std::make_shared<MemoryBuffer>(IntegerType::get(&context, 32),
                                            host, std::nullopt);
  llvm::SmallVector<TokenValue> results = run({h});
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(asInt(results[0]), 6);
  EXPECT_EQ(asInt(results[1]), 9);

  ASSERT_TRUE(parse(R"mlir(
    func.func @k(%h: memref<?xi32>) -> index {
      %c0 = arith.constant 0 : index
      %n = memref.dim %h, %c0 : memref<?xi32>
      return %n : index
    }
  )mlir"));
  EXPECT_EQ(runError({h}), "'memref.dim' of a memref bound to a host "
                           "pointer, whose extent is unknown");
}

} // namespace
