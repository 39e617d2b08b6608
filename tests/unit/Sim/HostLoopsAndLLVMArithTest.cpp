//===- HostLoopsAndLLVMArithTest.cpp - budget, scf.parallel, llvm arith --===//
//
// Part of the Loom project.
//
// The program interpreter's step budget (a host loop that never ends is an
// error naming the loop, never a hang), scf.parallel with scf.reduce run
// sequentially, and LLVM-dialect arithmetic evaluated through the compute
// table entry of its arith equivalent: every llvm op is checked against the
// arith op the raising turns it into, on the same operands, including the
// poison its flags produce.
//
//===----------------------------------------------------------------------===//

#include "loom/Sim/ProgramInterpreter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace loom;
using namespace loom::sim;

namespace {

class HostLoopsTest : public ::testing::Test {
protected:
  HostLoopsTest() {
    context.loadDialect<dataflow::DataflowDialect, arith::ArithDialect,
                        cf::ControlFlowDialect, func::FuncDialect,
                        LLVM::LLVMDialect, math::MathDialect,
                        memref::MemRefDialect, scf::SCFDialect>();
  }

  /// Parses `text` as the file "host.mlir" and checks that @k can run.
  func::FuncOp parse(StringRef text) {
    module =
        parseSourceString<ModuleOp>(text, ParserConfig(&context), "host.mlir");
    EXPECT_TRUE(module);
    if (!module)
      return {};
    auto kernel = module->lookupSymbol<func::FuncOp>("k");
    EXPECT_EQ(ProgramInterpreter::checkFunction(kernel), "");
    return kernel;
  }

  llvm::Expected<llvm::SmallVector<ProgramValue>>
  run(llvm::ArrayRef<ProgramValue> arguments, InterpreterOptions options) {
    ProgramInterpreter interpreter(*module, std::move(options));
    return interpreter.run(module->lookupSymbol<func::FuncOp>("k"), arguments);
  }

  /// Runs @k with the default options and returns its result tokens.
  llvm::SmallVector<TokenValue> runTokens(llvm::ArrayRef<ProgramValue> args) {
    auto returned = run(args, InterpreterOptions());
    llvm::SmallVector<TokenValue> tokens;
    if (!returned) {
      ADD_FAILURE() << toString(returned.takeError());
      return tokens;
    }
    for (ProgramValue &value : *returned)
      tokens.push_back(value.token);
    return tokens;
  }

  /// Runs @k with `budget` steps and returns its error ("no error").
  std::string runWithBudget(llvm::ArrayRef<ProgramValue> arguments,
                            uint64_t budget) {
    InterpreterOptions options;
    options.stepBudget = budget;
    options.stepBudgetSetting = "LOOM_EMU_MAX_STEPS";
    auto returned = run(arguments, std::move(options));
    return returned ? "no error" : toString(returned.takeError());
  }

  static ProgramValue integer(unsigned width, int64_t value) {
    return {TokenValue::getInteger(width, value, /*isSigned=*/true), nullptr};
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

int64_t asInt(const TokenValue &token) {
  return token.getInteger().getSExtValue();
}

//===----------------------------------------------------------------------===//
// Step budget
//===----------------------------------------------------------------------===//

// A spin on a flag in memory: scf.while whose condition never changes.
constexpr const char *kSpin = R"mlir(
func.func @k(%flag: memref<1xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  %n = scf.while (%i = %zero) : (i32) -> i32 {
    %v = memref.load %flag[%c0] : memref<1xi32>
    %go = arith.cmpi eq, %v, %zero : i32
    scf.condition(%go) %i : i32
  } do {
  ^bb0(%i: i32):
    %one = arith.constant 1 : i32
    %next = arith.addi %i, %one : i32
    scf.yield %next : i32
  }
  return %n : i32
}
)mlir";

TEST_F(HostLoopsTest, SpinningWhileLoopExhaustsTheBudget) {
  ASSERT_TRUE(parse(kSpin));
  ProgramValue flag;
  flag.memory = std::make_shared<MemoryBuffer>(IntegerType::get(&context, 32),
                                               llvm::ArrayRef<int64_t>{1});
  flag.memory->setElement(0, TokenValue::getInteger(32, 0));
  EXPECT_EQ(runWithBudget({flag}, 1000),
            "host code exceeded its step budget of 1000 ops "
            "(LOOM_EMU_MAX_STEPS) in the 'scf.while' loop at host.mlir:5:8");
  // With the flag set the loop ends at once, well within the budget.
  flag.memory->setElement(0, TokenValue::getInteger(32, 1));
  EXPECT_EQ(runWithBudget({flag}, 1000), "no error");
}

// The budget counts every op executed, terminators included, exactly.
TEST_F(HostLoopsTest, BudgetCountsEveryOpExecuted) {
  ASSERT_TRUE(parse(R"mlir(
    func.func @k(%n: i64) -> i64 {
      %c0 = arith.constant 0 : i64
      %c1 = arith.constant 1 : i64
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (i64)
          : i64 {
        %b = arith.addi %a, %i : i64
        scf.yield %b : i64
      }
      return %r : i64
    }
  )mlir"));
  // 2 constants, the for, 10 x (addi, yield), the return: 14 + 10 = 24.
  EXPECT_EQ(runWithBudget({integer(64, 10)}, 24), "no error");
  EXPECT_EQ(runWithBudget({integer(64, 10)}, 23),
            "host code exceeded its step budget of 23 ops "
            "(LOOM_EMU_MAX_STEPS) at 'func.return' at host.mlir:10:7");
  EXPECT_EQ(runWithBudget({integer(64, 10)}, 22),
            "host code exceeded its step budget of 22 ops "
            "(LOOM_EMU_MAX_STEPS) in the 'scf.for' loop at host.mlir:5:12");
}

// A cf loop with no op but its branch is bounded too, and is named by the
// branch that closes it. Outside any loop the op itself is named.
TEST_F(HostLoopsTest, CfLoopIsNamedByItsClosingBranch) {
  ASSERT_TRUE(parse(R"mlir(
    func.func @k(%n: i32) -> i32 {
      cf.br ^spin
    ^spin:
      cf.br ^spin
    }
  )mlir"));
  EXPECT_EQ(runWithBudget({integer(32, 0)}, 500),
            "host code exceeded its step budget of 500 ops "
            "(LOOM_EMU_MAX_STEPS) in the loop closed by the 'cf.br' at "
            "host.mlir:5:7");
  EXPECT_EQ(runWithBudget({integer(32, 0)}, 1),
            "host code exceeded its step budget of 1 ops "
            "(LOOM_EMU_MAX_STEPS) at 'cf.br' at host.mlir:5:7");
}

// A called function spends its caller's budget, and a thread instance has
// its own: the error names the instance and the callee's loop.
TEST_F(HostLoopsTest, CalleeAndThreadInstanceLoopsAreBounded) {
  ASSERT_TRUE(parse(R"mlir(
    func.func private @wait(%flag: memref<1xi32>) {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0 : i32
      scf.while : () -> () {
        %v = memref.load %flag[%c0] : memref<1xi32>
        %go = arith.cmpi eq, %v, %zero : i32
        scf.condition(%go)
      } do {
        scf.yield
      }
      return
    }
    dataflow.thread private @t(%flag: memref<1xi32>) ctrl(%ctrl) coords(%i)
        domain<dense> {
      func.call @wait(%flag) : (memref<1xi32>) -> ()
      dataflow.thread.yield
    }
    func.func @k(%flag: memref<1xi32>) {
      %c2 = arith.constant 2 : index
      %t = dataflow.thread.launch @t extents(%c2)
          args(%flag : memref<1xi32>)
      dataflow.thread.wait %t
      return
    }
  )mlir"));
  ProgramValue flag;
  flag.memory = std::make_shared<MemoryBuffer>(IntegerType::get(&context, 32),
                                               llvm::ArrayRef<int64_t>{1});
  flag.memory->setElement(0, TokenValue::getInteger(32, 0));
  EXPECT_EQ(runWithBudget({flag}, 10000),
            "thread 't' instance (0): in @wait: host code exceeded its step "
            "budget of 10000 ops (LOOM_EMU_MAX_STEPS) in the 'scf.while' "
            "loop at host.mlir:5:7");
  flag.memory->setElement(0, TokenValue::getInteger(32, 1));
  EXPECT_EQ(runWithBudget({flag}, 10000), "no error");
}

//===----------------------------------------------------------------------===//
// scf.parallel
//===----------------------------------------------------------------------===//

// A 2-D scf.parallel storing i*10+j and reducing a sum and a maximum; an
// empty one yields its init values.
TEST_F(HostLoopsTest, ParallelWithReductionsRunsEveryPoint) {
  ASSERT_TRUE(parse(R"mlir(
    func.func @k(%rows: index, %cols: index) -> (i64, i64, i64, i64) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %zero = arith.constant 0 : i64
      %init = arith.constant 1000 : i64
      %low = arith.constant -1 : i64
      %ten = arith.constant 10 : i64
      %m = memref.alloca() : memref<3x4xi64>
      %sum, %max = scf.parallel (%i, %j) = (%c0, %c0) to (%rows, %cols)
          step (%c1, %c1) init (%init, %low) -> (i64, i64) {
        %ii = arith.index_cast %i : index to i64
        %jj = arith.index_cast %j : index to i64
        %t = arith.muli %ii, %ten : i64
        %v = arith.addi %t, %jj : i64
        memref.store %v, %m[%i, %j] : memref<3x4xi64>
        scf.reduce(%v, %v : i64, i64) {
        ^bb0(%a: i64, %b: i64):
          %s = arith.addi %a, %b : i64
          scf.reduce.return %s : i64
        }, {
        ^bb0(%a: i64, %b: i64):
          %x = arith.maxsi %a, %b : i64
          scf.reduce.return %x : i64
        }
      }
      %corner = memref.load %m[%c2, %c1] : memref<3x4xi64>
      %none = scf.parallel (%i) = (%c1) to (%c0) step (%c1) init (%zero)
          -> i64 {
        scf.reduce(%ten : i64) {
        ^bb0(%a: i64, %b: i64):
          %s = arith.addi %a, %b : i64
          scf.reduce.return %s : i64
        }
      }
      return %sum, %max, %corner, %none : i64, i64, i64, i64
    }
  )mlir"));
  auto index = [](int64_t value) {
    return ProgramValue{TokenValue::getInteger(64, value), nullptr};
  };
  llvm::SmallVector<TokenValue> results = runTokens({index(3), index(4)});
  ASSERT_EQ(results.size(), 4u);
  // Sum of i*10+j over 3x4: 4*(0+10+20) + 3*(0+1+2+3) = 138, plus 1000.
  EXPECT_EQ(asInt(results[0]), 1138);
  EXPECT_EQ(asInt(results[1]), 23);
  EXPECT_EQ(asInt(results[2]), 21);
  EXPECT_EQ(asInt(results[3]), 0);
}

TEST_F(HostLoopsTest, ParallelWithNonPositiveStepIsAnError) {
  ASSERT_TRUE(parse(R"mlir(
    func.func @k(%step: index) {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      scf.parallel (%i) = (%c0) to (%c4) step (%step) {
        scf.reduce
      }
      return
    }
  )mlir"));
  ProgramValue step{TokenValue::getInteger(64, 0), nullptr};
  auto returned = run({step}, InterpreterOptions());
  ASSERT_FALSE(static_cast<bool>(returned));
  EXPECT_EQ(toString(returned.takeError()),
            "'scf.parallel' has the non-positive step 0 in dimension 0");
}

//===----------------------------------------------------------------------===//
// LLVM-dialect arithmetic
//===----------------------------------------------------------------------===//

// LLVM ops and their arith equivalents on the same operands give the same
// tokens (the values themselves are checked against native code by
// tests/lit/Emulator/host-code-llvm-arith.mlir).
TEST_F(HostLoopsTest, LLVMArithmeticMatchesItsArithEquivalent) {
  ASSERT_TRUE(parse(R"mlir(
    func.func @k(%a: i32, %b: i32, %x: f32) -> (i32, i32, i32, i32, i1, i1,
        i32, i32, i64, i64, i64, i64, i16, i16, f32, f32, i1, i1, i32, i32,
        f64, f64, i32, i32) {
      %l0 = llvm.sdiv %a, %b : i32
      %r0 = arith.divsi %a, %b : i32
      %l1 = llvm.lshr %a, %b : i32
      %r1 = arith.shrui %a, %b : i32
      %l2 = llvm.icmp "ugt" %a, %b : i32
      %r2 = arith.cmpi ugt, %a, %b : i32
      %l3 = llvm.select %l2, %a, %b : i1, i32
      %r3 = arith.select %r2, %a, %b : i32
      %l4 = llvm.sext %a : i32 to i64
      %r4 = arith.extsi %a : i32 to i64
      %l5 = llvm.zext %a : i32 to i64
      %r5 = arith.extui %a : i32 to i64
      %l6 = llvm.trunc %a : i32 to i16
      %r6 = arith.trunci %a : i32 to i16
      %l7 = llvm.fsub %x, %x : f32
      %r7 = arith.subf %x, %x : f32
      %l8 = llvm.fcmp "_false" %x, %x : f32
      %r8 = arith.cmpf false, %x, %x : f32
      %l9 = "llvm.intr.smax"(%a, %b) : (i32, i32) -> i32
      %r9 = arith.maxsi %a, %b : i32
      %l10 = llvm.sitofp %a : i32 to f64
      %r10 = arith.sitofp %a : i32 to f64
      %l11 = llvm.bitcast %x : f32 to i32
      %r11 = arith.bitcast %x : f32 to i32
      return %l0, %r0, %l1, %r1, %l2, %r2, %l3, %r3, %l4, %r4, %l5, %r5, %l6,
          %r6, %l7, %r7, %l8, %r8, %l9, %r9, %l10, %r10, %l11, %r11
          : i32, i32, i32, i32, i1, i1, i32, i32, i64, i64, i64, i64, i16,
          i16, f32, f32, i1, i1, i32, i32, f64, f64, i32, i32
    }
  )mlir"));
  ProgramValue x{TokenValue::getFloat(llvm::APFloat(-2.75f)), nullptr};
  llvm::SmallVector<TokenValue> results =
      runTokens({integer(32, -77), integer(32, 5), x});
  ASSERT_EQ(results.size(), 24u);
  for (unsigned i = 0; i < results.size(); i += 2) {
    EXPECT_EQ(results[i].getBits(), results[i + 1].getBits()) << "pair " << i;
    EXPECT_FALSE(results[i].isPoison()) << "pair " << i;
  }
  EXPECT_EQ(asInt(results[0]), -15);
  EXPECT_TRUE(results[4].isTrue());
  EXPECT_EQ(asInt(results[10]), 0xffffffb3);
}

// The LLVM flags: overflow flags and `exact` as in arith, and the flags
// arith has no spelling for (disjoint, nneg, is_zero_poison,
// is_int_min_poison). Each result is poison exactly where LangRef says.
TEST_F(HostLoopsTest, LLVMFlagsMakePoison) {
  ASSERT_TRUE(parse(R"mlir(
    func.func @k(%a: i32, %b: i32) -> (i32, i32, i32, i64, f32, i32, i32,
        i32, i16, i32) {
      %add = llvm.add %a, %b overflow<nsw> : i32
      %div = llvm.udiv exact %a, %b : i32
      %or = llvm.or disjoint %a, %b : i32
      %zext = llvm.zext nneg %a : i32 to i64
      %fp = llvm.uitofp nneg %a : i32 to f32
      %clz = "llvm.intr.ctlz"(%b) <{is_zero_poison = true}> : (i32) -> i32
      %abs = "llvm.intr.abs"(%a) <{is_int_min_poison = true}> : (i32) -> i32
      %shl = llvm.shl %a, %b overflow<nuw> : i32
      %tr = llvm.trunc %a overflow<nsw> : i32 to i16
      %zero = llvm.sub %a, %a : i32
      %clz0 = "llvm.intr.ctlz"(%zero) <{is_zero_poison = true}>
          : (i32) -> i32
      return %add, %div, %or, %zext, %fp, %clz, %abs, %shl, %tr, %clz0
          : i32, i32, i32, i64, f32, i32, i32, i32, i16, i32
    }
  )mlir"));
  auto poisonMask = [](llvm::ArrayRef<TokenValue> results) {
    std::string mask;
    for (const TokenValue &result : results)
      mask += result.isPoison() ? 'P' : '.';
    return mask;
  };
  // INT_MIN, 3: not exact, negative for nneg, INT_MIN for abs, bits lost
  // by the shift and the truncation; the add and the or are fine.
  llvm::SmallVector<TokenValue> first =
      runTokens({integer(32, INT32_MIN), integer(32, 3)});
  EXPECT_EQ(poisonMask(first), ".P.PP.PPPP");
  EXPECT_EQ(asInt(first[0]), INT32_MIN + 3);
  EXPECT_EQ(asInt(first[2]), INT32_MIN + 3);
  EXPECT_EQ(asInt(first[5]), 30);
  // 0x7ffffffc, 4: the nsw add overflows and the or is not disjoint.
  llvm::SmallVector<TokenValue> second =
      runTokens({integer(32, 0x7ffffffc), integer(32, 4)});
  EXPECT_EQ(poisonMask(second), "P.P....PPP");
  EXPECT_EQ(asInt(second[1]), 0x7ffffffc / 4);
  EXPECT_EQ(asInt(second[3]), 0x7ffffffc);
  EXPECT_EQ(asInt(second[6]), 0x7ffffffc);
  // 8, 4: only the ctlz of zero is poison.
  llvm::SmallVector<TokenValue> third =
      runTokens({integer(32, 8), integer(32, 4)});
  EXPECT_EQ(poisonMask(third), ".........P");
  EXPECT_EQ(asInt(third[2]), 12);
  EXPECT_EQ(asInt(third[7]), 128);
  EXPECT_EQ(third[4].getFloat().convertToFloat(), 8.0f);
}

// LLVM ops the table has no equivalent for stay refused with their name.
TEST_F(HostLoopsTest, LLVMOpWithoutEquivalentIsNamed) {
  module = parseSourceString<ModuleOp>(R"mlir(
    func.func @k(%x: f32) -> f32 {
      %r = llvm.intr.fmuladd(%x, %x, %x) : (f32, f32, f32) -> f32
      return %r : f32
    }
  )mlir",
                                       ParserConfig(&context));
  ASSERT_TRUE(module);
  EXPECT_EQ(ProgramInterpreter::checkFunction(
                module->lookupSymbol<func::FuncOp>("k")),
            "emu cannot run 'llvm.intr.fmuladd' yet");
}

} // namespace
