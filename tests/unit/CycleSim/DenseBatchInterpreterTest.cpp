//===- DenseBatchInterpreterTest.cpp - dense threads as batches -----------===//
//
// Part of the Loom project.
//
// InterpreterOptions::graphBatchRunner: a dense thread whose body is one
// graph launch runs as batches of at most maxBatchInstances instances, in
// the linear order of the coordinates (reversed under reverseDenseOrder),
// each batch here one CycleSimulator::runGraphBatch on a hand mapping. The
// memory equals the emulator's one launch per instance; a thread body with
// other host code keeps one graph launch per instance.
//
//===----------------------------------------------------------------------===//

#include "HandMapping.h"

#include "loom/Fabric/FabricParser.h"
#include "loom/Sim/CycleSimulator.h"
#include "loom/Sim/ProgramInterpreter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Parser/Parser.h"

using namespace mlir;
using namespace loom;
using namespace loom::sim;

namespace {

// m[i * 5 + j] = i * 5 + j + k over a 3x5 domain; the 5 and k are
// constants of the thread body.
constexpr StringLiteral kBatchable = R"mlir(
  dataflow.graph private @g(%start: none) values(%i: index, %j: index, %c5: index, %k: i32) memories(%m: memref<?xi32>) {
    %r = arith.muli %i, %c5 : index
    %p = arith.addi %r, %j : index
    %v = arith.index_cast %p : index to i32
    %w = arith.addi %v, %k : i32
    %st = dataflow.store %m[%p] %w %start : memref<?xi32>
    dataflow.graph.return complete(%st)
  }
  dataflow.thread private @t(%a: memref<?xi32>) ctrl(%ctrl) coords(%i, %j) domain<dense> {
    %c5 = arith.constant 5 : index
    %k = arith.constant 100 : i32
    %done = dataflow.graph.launch @g deps(%ctrl) values(%i, %j, %c5, %k : index, index, index, i32) memories(%a : memref<?xi32>)
    dataflow.thread.yield %done
  }
  func.func @k(%a: memref<?xi32>) {
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %t = dataflow.thread.launch @t extents(%c3, %c5) args(%a : memref<?xi32>)
    dataflow.thread.wait %t
    return
  }
)mlir";

// The same values, but the index is computed by host code in the thread
// body: instances launch the graph one by one.
constexpr StringLiteral kHostCodeInBody = R"mlir(
  dataflow.graph private @g(%start: none) values(%i: index, %j: index, %c5: index, %k: i32) memories(%m: memref<?xi32>) {
    %r = arith.muli %i, %c5 : index
    %p = arith.addi %r, %j : index
    %v = arith.index_cast %p : index to i32
    %w = arith.addi %v, %k : i32
    %st = dataflow.store %m[%p] %w %start : memref<?xi32>
    dataflow.graph.return complete(%st)
  }
  dataflow.thread private @t(%a: memref<?xi32>) ctrl(%ctrl) coords(%i, %j) domain<dense> {
    %c5 = arith.constant 5 : index
    %k = arith.constant 100 : i32
    %j2 = arith.addi %j, %j : index
    %jj = arith.subi %j2, %j : index
    %done = dataflow.graph.launch @g deps(%ctrl) values(%i, %jj, %c5, %k : index, index, index, i32) memories(%a : memref<?xi32>)
    dataflow.thread.yield %done
  }
  func.func @k(%a: memref<?xi32>) {
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %t = dataflow.thread.launch @t extents(%c3, %c5) args(%a : memref<?xi32>)
    dataflow.thread.wait %t
    return
  }
)mlir";

class DenseBatchInterpreterTest : public ::testing::Test {
protected:
  DenseBatchInterpreterTest() {
    context.loadDialect<dataflow::DataflowDialect, arith::ArithDialect,
                        func::FuncDialect, memref::MemRefDialect>();
    llvm::Expected<fabric::Fabric> loaded = fabric::loadFabric("cgra-4x4");
    EXPECT_TRUE(static_cast<bool>(loaded));
    fabric.emplace(std::move(*loaded));
  }

  /// Runs @k of `text` over a fresh 15-element buffer and returns it.
  std::vector<int32_t> run(StringRef text, const InterpreterOptions &options,
                           ProgramStats *stats = nullptr) {
    module = parseSourceString<ModuleOp>(text, &context);
    EXPECT_TRUE(module);
    std::vector<int32_t> data(15, -1);
    ProgramValue buffer;
    buffer.memory =
        std::make_shared<MemoryBuffer>(IntegerType::get(&context, 32),
                                       data.data(), std::optional<int64_t>(15));
    ProgramInterpreter interpreter(*module, options);
    auto returned =
        interpreter.run(module->lookupSymbol<func::FuncOp>("k"), {buffer});
    EXPECT_TRUE(static_cast<bool>(returned))
        << llvm::toString(returned.takeError());
    if (stats)
      *stats = interpreter.getStats();
    return data;
  }

  /// A batch runner on the cycle simulator that records each batch.
  void useSimulator(InterpreterOptions &options) {
    options.graphBatchRunner =
        [this](dataflow::GraphOp graph,
               ArrayRef<SmallVector<TokenValue>> inputs,
               ArrayRef<MemoryBuffer *> memories,
               uint64_t) -> llvm::Expected<EmulationResult> {
      batches.emplace_back(inputs.begin(), inputs.end());
      fabric::Mapping mapping =
          test::mapByHand(graph, *fabric, [](unsigned i) { return i; });
      llvm::Expected<CycleSimResult> result = CycleSimulator::runGraphBatch(
          graph, *fabric, mapping, inputs, memories, CycleSimOptions());
      if (!result)
        return result.takeError();
      return std::move(result->emulation);
    };
  }

  static std::vector<int32_t> expected() {
    std::vector<int32_t> data(15);
    for (int32_t p = 0; p < 15; ++p)
      data[p] = p + 100;
    return data;
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  std::optional<fabric::Fabric> fabric;
  SmallVector<SmallVector<SmallVector<TokenValue>>> batches;
};

TokenValue indexToken(int64_t v) { return TokenValue::getInteger(64, v); }

TEST_F(DenseBatchInterpreterTest, InstancesRunAsBatchesInCoordinateOrder) {
  InterpreterOptions options;
  options.maxBatchInstances = 4;
  useSimulator(options);
  ProgramStats stats;
  EXPECT_EQ(run(kBatchable, options, &stats), expected());
  ASSERT_EQ(batches.size(), 4u);
  EXPECT_EQ(batches[0].size(), 4u);
  EXPECT_EQ(batches[3].size(), 3u);
  // Instance 5 (batch 1, position 1) is coordinate (1, 0); the constants
  // are the thread body's.
  EXPECT_EQ(batches[1][1][0], indexToken(1));
  EXPECT_EQ(batches[1][1][1], indexToken(0));
  EXPECT_EQ(batches[1][1][2], indexToken(5));
  EXPECT_EQ(batches[1][1][3], TokenValue::getInteger(32, 100));
  EXPECT_EQ(stats.threadInstances, 15u);
  EXPECT_EQ(stats.graphLaunches, 15u);
  ASSERT_EQ(stats.launches.size(), 1u);
  EXPECT_EQ(stats.launches[0].graphLaunches, 15u);

  // The emulator's one launch per instance: the same memory and firings.
  ProgramStats emuStats;
  EXPECT_EQ(run(kBatchable, InterpreterOptions(), &emuStats), expected());
  EXPECT_EQ(stats.emulation.firings, emuStats.emulation.firings);
  EXPECT_EQ(stats.emulation.tokensMoved, emuStats.emulation.tokensMoved);
}

TEST_F(DenseBatchInterpreterTest, ReverseOrderStartsFromTheLastInstance) {
  InterpreterOptions options;
  options.reverseDenseOrder = true;
  useSimulator(options);
  EXPECT_EQ(run(kBatchable, options), expected());
  ASSERT_EQ(batches.size(), 1u);
  ASSERT_EQ(batches[0].size(), 15u);
  EXPECT_EQ(batches[0][0][0], indexToken(2));
  EXPECT_EQ(batches[0][0][1], indexToken(4));
  EXPECT_EQ(batches[0][14][0], indexToken(0));
  EXPECT_EQ(batches[0][14][1], indexToken(0));
}

TEST_F(DenseBatchInterpreterTest, HostCodeInTheBodyKeepsOneLaunchEach) {
  InterpreterOptions options;
  useSimulator(options);
  ProgramStats stats;
  EXPECT_EQ(run(kHostCodeInBody, options, &stats), expected());
  EXPECT_TRUE(batches.empty());
  EXPECT_EQ(stats.graphLaunches, 15u);
}

TEST_F(DenseBatchInterpreterTest, BatchErrorsNameTheInstances) {
  InterpreterOptions options;
  options.maxBatchInstances = 8;
  options.graphBatchRunner = [](dataflow::GraphOp graph,
                                ArrayRef<SmallVector<TokenValue>>,
                                ArrayRef<MemoryBuffer *>,
                                uint64_t) -> llvm::Expected<EmulationResult> {
    return llvm::createStringError("graph @" + graph.getSymName() +
                                   ": refused");
  };
  module = parseSourceString<ModuleOp>(kBatchable, &context);
  ASSERT_TRUE(module);
  std::vector<int32_t> data(15, -1);
  ProgramValue buffer;
  buffer.memory = std::make_shared<MemoryBuffer>(
      IntegerType::get(&context, 32), data.data(), std::optional<int64_t>(15));
  ProgramInterpreter interpreter(*module, options);
  auto returned =
      interpreter.run(module->lookupSymbol<func::FuncOp>("k"), {buffer});
  ASSERT_FALSE(static_cast<bool>(returned));
  std::string error = llvm::toString(returned.takeError());
  EXPECT_NE(error.find("thread 't' instances (0, 0) to (1, 2) (one pipelined "
                       "batch): graph @g: refused"),
            std::string::npos)
      << error;
}

} // namespace
