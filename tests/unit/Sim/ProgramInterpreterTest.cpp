//===- ProgramInterpreterTest.cpp - host code around graph launches -------===//
//
// Part of the Loom project.
//
// The program interpreter behind LOOM_BACKEND=emu and loom-raise-check
// --emu: thread instances (row-major on one worker) with a graph launch
// each, the statistics it sums, poison values in host code, out-of-bounds
// accesses that name the buffer's extents, and the check that names an op
// it cannot run.
//
//===----------------------------------------------------------------------===//

#include "loom/Sim/ProgramInterpreter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace loom;
using namespace loom::sim;

namespace {

class ProgramInterpreterTest : public ::testing::Test {
protected:
  ProgramInterpreterTest() {
    context.loadDialect<dataflow::DataflowDialect, arith::ArithDialect,
                        func::FuncDialect, memref::MemRefDialect,
                        scf::SCFDialect, ub::UBDialect>();
  }

  func::FuncOp parse(StringRef text) {
    module = parseSourceString<ModuleOp>(text, &context);
    EXPECT_TRUE(module);
    return module ? module->lookupSymbol<func::FuncOp>("k") : func::FuncOp();
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

// Every instance of a 2x3 domain launches the graph once; each stores
// 10 * i + j at i * 3 + j, so the buffer shows that all six ran.
TEST_F(ProgramInterpreterTest, ThreadInstancesLaunchGraphs) {
  func::FuncOp kernel = parse(R"mlir(
    dataflow.graph private @g(%start: none) values(%pos: index, %v: i32)
        memories(%m: memref<?xi32>) {
      %st = dataflow.store %m[%pos] %v %start : memref<?xi32>
      dataflow.graph.return complete(%st)
    }
    dataflow.thread private @t(%a: memref<?xi32>) ctrl(%ctrl)
        coords(%i, %j) domain<dense> {
      %c3 = arith.constant 3 : index
      %c10 = arith.constant 10 : index
      %row = arith.muli %i, %c3 : index
      %pos = arith.addi %row, %j : index
      %ten = arith.muli %i, %c10 : index
      %sum = arith.addi %ten, %j : index
      %v = arith.index_cast %sum : index to i32
      %done = dataflow.graph.launch @g deps(%ctrl) values(%pos, %v : index, i32)
          memories(%a : memref<?xi32>)
      dataflow.thread.yield %done
    }
    func.func @k(%a: memref<?xi32>) {
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %t = dataflow.thread.launch @t extents(%c2, %c3) args(%a : memref<?xi32>)
      dataflow.thread.wait %t
      return
    }
  )mlir");
  ASSERT_TRUE(kernel);
  EXPECT_EQ(ProgramInterpreter::checkFunction(kernel), "");
  int32_t data[6] = {-1, -1, -1, -1, -1, -1};
  ProgramValue buffer;
  buffer.memory = std::make_shared<MemoryBuffer>(
      IntegerType::get(&context, 32), data, std::optional<int64_t>(6));
  ProgramInterpreter interpreter(*module, InterpreterOptions());
  auto returned = interpreter.run(kernel, {buffer});
  ASSERT_TRUE(static_cast<bool>(returned)) << toString(returned.takeError());
  EXPECT_TRUE(returned->empty());
  EXPECT_EQ(std::vector<int32_t>(data, data + 6),
            (std::vector<int32_t>{0, 1, 2, 10, 11, 12}));
  const ProgramStats &stats = interpreter.getStats();
  EXPECT_EQ(stats.threadInstances, 6u);
  EXPECT_EQ(stats.graphLaunches, 6u);
  EXPECT_EQ(stats.emulation.firings, 6u);
  ASSERT_EQ(stats.launches.size(), 1u);
  EXPECT_EQ(stats.launches.front().instances, 6u);
  EXPECT_EQ(stats.launches.front().graphLaunches, 6u);
}

// ub.poison in host code (an unused initial value) is a poison token, not
// an unsupported op; it stays poison when returned.
TEST_F(ProgramInterpreterTest, PoisonInHostCode) {
  func::FuncOp kernel = parse(R"mlir(
    func.func @k() -> i32 {
      %p = ub.poison : i32
      return %p : i32
    }
  )mlir");
  ASSERT_TRUE(kernel);
  EXPECT_EQ(ProgramInterpreter::checkFunction(kernel), "");
  ProgramInterpreter interpreter(*module, InterpreterOptions());
  auto returned = interpreter.run(kernel, {});
  ASSERT_TRUE(static_cast<bool>(returned)) << toString(returned.takeError());
  ASSERT_EQ(returned->size(), 1u);
  EXPECT_TRUE(returned->front().token.isPoison());
  EXPECT_EQ(returned->front().token.getBitWidth(), 32u);
}

// An op outside the interpreted subset is named before anything runs, also
// inside a launched thread; a run of it fails with the same name.
TEST_F(ProgramInterpreterTest, NamesOpsItCannotRun) {
  func::FuncOp kernel = parse(R"mlir(
    dataflow.thread private @t(%x: f32) ctrl(%ctrl) coords(%i) domain<dense> {
      %m = memref.alloca() : memref<4xf32>
      %n = memref.alloca() : memref<4xf32>
      memref.copy %m, %n : memref<4xf32> to memref<4xf32>
      dataflow.thread.yield
    }
    func.func @k(%x: f32) {
      %c1 = arith.constant 1 : index
      %t = dataflow.thread.launch @t extents(%c1) args(%x : f32)
      dataflow.thread.wait %t
      return
    }
  )mlir");
  ASSERT_TRUE(kernel);
  EXPECT_EQ(ProgramInterpreter::checkFunction(kernel),
            "emu cannot run 'memref.copy' yet");
  ProgramValue x;
  x.token = TokenValue::getFloat(llvm::APFloat(2.0f));
  ProgramInterpreter interpreter(*module, InterpreterOptions());
  auto returned = interpreter.run(kernel, {x});
  ASSERT_FALSE(static_cast<bool>(returned));
  EXPECT_EQ(toString(returned.takeError()),
            "thread 't' instance (0): emu cannot run 'memref.copy' yet");
  auto wrongCount = interpreter.run(kernel, {});
  ASSERT_FALSE(static_cast<bool>(wrongCount));
  EXPECT_EQ(toString(wrongCount.takeError()), "@k takes 1 arguments, got 0");
}

// An op with regions the interpreter does not run is named itself, not the
// first op inside it.
TEST_F(ProgramInterpreterTest, NamesRegionOpBeforeItsBody) {
  func::FuncOp kernel = parse(R"mlir(
    func.func @k(%n: index) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %a = memref.alloca() : memref<4xi32>
      scf.forall (%i) in (%n) {
        %v = arith.index_cast %i : index to i32
        memref.store %v, %a[%i] : memref<4xi32>
      }
      return
    }
  )mlir");
  ASSERT_TRUE(kernel);
  EXPECT_EQ(ProgramInterpreter::checkFunction(kernel),
            "emu cannot run 'scf.forall' yet");
}

// A ub.poison of a type no token carries is named by the check.
TEST_F(ProgramInterpreterTest, NamesPoisonOfUnsupportedType) {
  func::FuncOp kernel = parse(R"mlir(
    func.func @k() {
      %p = ub.poison : vector<4xi32>
      return
    }
  )mlir");
  ASSERT_TRUE(kernel);
  EXPECT_EQ(ProgramInterpreter::checkFunction(kernel),
            "emu cannot run a 'ub.poison' of type vector<4xi32> yet");
}

// An out-of-bounds host access to a buffer of known extents names them.
TEST_F(ProgramInterpreterTest, OutOfBoundsNamesExtents) {
  func::FuncOp kernel = parse(R"mlir(
    func.func @k() -> i32 {
      %a = memref.alloca() : memref<2x3xi32>
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %v = memref.load %a[%c1, %c3] : memref<2x3xi32>
      return %v : i32
    }
  )mlir");
  ASSERT_TRUE(kernel);
  EXPECT_EQ(ProgramInterpreter::checkFunction(kernel), "");
  ProgramInterpreter interpreter(*module, InterpreterOptions());
  auto returned = interpreter.run(kernel, {});
  ASSERT_FALSE(static_cast<bool>(returned));
  EXPECT_EQ(toString(returned.takeError()),
            "out-of-bounds 'memref.load' at index [1, 3] of extents [2, 3]");
}

} // namespace
