//===- GraphLanesTest.cpp - dense instances on copies of a graph ----------===//
//
// Part of the Loom project.
//
// Lanes (GraphLanes.h): the width chosen from the fabric's memory
// interfaces and units and capped by LOOM_PARALLEL(n); the laned graph
// (copies sharing %start and the memories); and a dense thread whose
// batches run on the mapped copies, with a remainder on the graph itself,
// giving the emulator's memory and an instance loop that counts the
// graph's instances.
//
//===----------------------------------------------------------------------===//

#include "loom/Sim/GraphLanes.h"
#include "loom/Fabric/FabricParser.h"
#include "loom/Sim/MappedGraphs.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace loom;
using namespace loom::sim;

namespace {

// c[i] = a[i] + b[i] * k over a 1-D domain of %n instances: two loads and
// one store per instance. HINT is replaced by the thread's attributes.
constexpr StringLiteral kVecadd = R"mlir(
  dataflow.graph private @g(%start: none) values(%i: index, %k: i32) memories(%a: memref<?xi32>, %b: memref<?xi32>, %c: memref<?xi32>) {
    %x, %xd = dataflow.load %a[%i] %start : memref<?xi32>
    %y, %yd = dataflow.load %b[%i] %start : memref<?xi32>
    %m = arith.muli %y, %k : i32
    %s = arith.addi %x, %m : i32
    %st = dataflow.store %c[%i] %s %start : memref<?xi32>
    dataflow.graph.return complete(%st)
  }
  dataflow.thread private @t(%a: memref<?xi32>, %b: memref<?xi32>, %c: memref<?xi32>) ctrl(%ctrl) coords(%i) domain<dense> HINT {
    %k = arith.constant 3 : i32
    %done = dataflow.graph.launch @g deps(%ctrl) values(%i, %k : index, i32) memories(%a, %b, %c : memref<?xi32>, memref<?xi32>, memref<?xi32>)
    dataflow.thread.yield %done
  }
  func.func @k(%a: memref<?xi32>, %b: memref<?xi32>, %c: memref<?xi32>, %n: index) {
    %t = dataflow.thread.launch @t extents(%n) args(%a, %b, %c : memref<?xi32>, memref<?xi32>, memref<?xi32>)
    dataflow.thread.wait %t
    return
  }
)mlir";

class GraphLanesTest : public ::testing::Test {
protected:
  GraphLanesTest() {
    context.loadDialect<dataflow::DataflowDialect, arith::ArithDialect,
                        func::FuncDialect, memref::MemRefDialect>();
  }

  fabric::Fabric load(StringRef name) {
    llvm::Expected<fabric::Fabric> loaded = fabric::loadFabric(name);
    EXPECT_TRUE(static_cast<bool>(loaded))
        << llvm::toString(loaded.takeError());
    return std::move(*loaded);
  }

  ModuleOp parse(StringRef hint) {
    std::string text = kVecadd.str();
    text.replace(text.find("HINT"), 4, hint.str());
    module = parseSourceString<ModuleOp>(text, &context);
    EXPECT_TRUE(module);
    return *module;
  }

  dataflow::GraphOp graph() {
    return module->lookupSymbol<dataflow::GraphOp>("g");
  }

  /// Runs @k over `n` instances; with `mapped`, every batch on the
  /// simulator; returns c and fills `timing`.
  std::vector<int32_t> run(int64_t n, const MappedGraphs *mapped,
                           const fabric::Fabric *fabric, RunTiming &timing) {
    std::vector<int32_t> a(n), b(n), c(n, -1);
    for (int64_t i = 0; i < n; ++i) {
      a[i] = int32_t(i * 7 - 50);
      b[i] = int32_t(1000 - i);
    }
    Type i32 = IntegerType::get(&context, 32);
    auto buffer = [&](std::vector<int32_t> &data) {
      ProgramValue value;
      value.memory = std::make_shared<MemoryBuffer>(
          i32, data.data(), std::optional<int64_t>(data.size()));
      return value;
    };
    ProgramValue count;
    count.token = TokenValue::getInteger(64, n);
    InterpreterOptions options;
    if (mapped) {
      options.graphRunner =
          makeCycleSimGraphRunner(*mapped, *fabric, {}, timing);
      options.graphBatchRunner =
          makeCycleSimBatchRunner(*mapped, *fabric, {}, timing);
    }
    ProgramInterpreter interpreter(*module, options);
    auto returned = interpreter.run(module->lookupSymbol<func::FuncOp>("k"),
                                    {buffer(a), buffer(b), buffer(c), count});
    EXPECT_TRUE(static_cast<bool>(returned))
        << llvm::toString(returned.takeError());
    return c;
  }

  static const RunLoopRate *findInstanceLoop(const RunTiming &timing) {
    for (const RunLoopRate &loop : timing.loops)
      if (loop.loop == kInstanceLoopName)
        return &loop;
    return nullptr;
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

TEST_F(GraphLanesTest, WidthFollowsTheMemoryInterfaces) {
  parse("");
  fabric::Fabric spatial = load("cgra-8x8");
  // 2 loads and 1 store per instance on 4 interfaces of 2 requests per
  // cycle: 1 copy gives 1 instance per cycle, 2 and 3 give 2, 4 give 12
  // requests in 1.5 cycles, 2.67 per cycle, which more copies do not beat.
  EXPECT_DOUBLE_EQ(estimateLaneRate(graph(), spatial, 1), 1.0);
  EXPECT_DOUBLE_EQ(estimateLaneRate(graph(), spatial, 3), 2.0);
  EXPECT_DOUBLE_EQ(estimateLaneRate(graph(), spatial, 4), 4.0 / 1.5);
  EXPECT_EQ(chooseLaneCount(graph(), spatial, kMaxLanes), 4u);
  EXPECT_EQ(chooseLaneCount(graph(), spatial, 2), 2u);
  EXPECT_EQ(chooseLaneCount(graph(), spatial, 1), 1u);
  // One unit per element, shared in turns: copies would share the units.
  EXPECT_EQ(chooseLaneCount(graph(), load("cgra-4x4-temporal"), kMaxLanes), 1u);
}

TEST_F(GraphLanesTest, LanedGraphSharesStartAndMemories) {
  parse("");
  dataflow::GraphOp laned = buildLanedGraph(graph(), 3);
  ASSERT_TRUE(laned);
  EXPECT_EQ(laned.getSymName(), "g_lanes3");
  EXPECT_EQ(laned.getInputSegments(), ArrayRef<int32_t>({6, 0, 3}));
  EXPECT_EQ(laned.getReturn().getComplete().size(), 3u);
  unsigned stores = 0;
  laned.walk([&](dataflow::StoreOp) { ++stores; });
  EXPECT_EQ(stores, 3u);
  EXPECT_TRUE(succeeded(verify(*module)));
}

TEST_F(GraphLanesTest, HintCapsTheLanes) {
  parse("attributes {loom.hints = {parallel = [2]}}");
  llvm::SmallVector<BatchedGraph> batched = getBatchedGraphs(*module);
  ASSERT_EQ(batched.size(), 1u);
  EXPECT_EQ(batched[0].hintedLanes, 2u);
}

TEST_F(GraphLanesTest, LanedBatchesGiveTheEmulatorsMemory) {
  parse("");
  fabric::Fabric spatial = load("cgra-8x8");
  fabric::MappingCache cache("");
  MappedGraphs mapped = mapModuleGraphs(*module, spatial, cache, {});
  ASSERT_TRUE(mapped.problem.empty()) << mapped.problem;
  addGraphLanes(mapped, *module, spatial, cache, {}, 0);
  ASSERT_EQ(mapped.lanes.size(), 1u);
  EXPECT_EQ(mapped.lanes.begin()->second.count, 4u);
  // 1003 = 250 laned instances of 4 and a remainder of 3 on the graph.
  RunTiming reference, timing;
  std::vector<int32_t> expected = run(1003, nullptr, nullptr, reference);
  std::vector<int32_t> laned = run(1003, &mapped, &spatial, timing);
  EXPECT_EQ(laned, expected);
  EXPECT_EQ(expected[1002], int32_t(1002 * 7 - 50 + (1000 - 1002) * 3));
  const RunLoopRate *instances = findInstanceLoop(timing);
  ASSERT_TRUE(instances);
  EXPECT_EQ(instances->lanes, 4u);
  EXPECT_EQ(instances->iterations, 1003u);
  // Faster than one instance per cycle, within the physical bound.
  EXPECT_GT(instances->achieved, 1.0);
  EXPECT_NEAR(instances->physicalBound, 8.0 / 3, 1e-9);
  EXPECT_LE(instances->achieved, instances->physicalBound);
}

TEST_F(GraphLanesTest, CapOfOneKeepsOneCopy) {
  parse("");
  fabric::Fabric spatial = load("cgra-8x8");
  fabric::MappingCache cache("");
  MappedGraphs mapped = mapModuleGraphs(*module, spatial, cache, {});
  addGraphLanes(mapped, *module, spatial, cache, {}, 1);
  EXPECT_TRUE(mapped.lanes.empty());
  RunTiming timing;
  std::vector<int32_t> c = run(17, &mapped, &spatial, timing);
  RunTiming reference;
  EXPECT_EQ(c, run(17, nullptr, nullptr, reference));
  const RunLoopRate *instances = findInstanceLoop(timing);
  ASSERT_TRUE(instances);
  EXPECT_EQ(instances->lanes, 1u);
  EXPECT_LE(instances->achieved, 1.0);
}

} // namespace
