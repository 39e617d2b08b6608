//===- EmulatorTest.cpp - the emulator API on small graphs ----------------===//
//
// Part of the Loom project.
//
// Queue behaviour seen through whole graphs (broadcast, selective mux,
// leftovers), the input checks of runGraph, traces, stream ports, GEP
// decoding and the deadlock report.
//
//===----------------------------------------------------------------------===//

#include "loom/Sim/DataflowEmulator.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <set>

using namespace mlir;
using namespace loom;
using namespace loom::sim;

namespace {

class EmulatorTest : public ::testing::Test {
protected:
  EmulatorTest() {
    context.loadDialect<dataflow::DataflowDialect, arith::ArithDialect,
                        math::MathDialect, LLVM::LLVMDialect>();
  }

  dataflow::GraphOp parse(StringRef text) {
    module = parseSourceString<ModuleOp>(text, &context);
    EXPECT_TRUE(module);
    return module ? *module->getOps<dataflow::GraphOp>().begin()
                  : dataflow::GraphOp();
  }

  llvm::Expected<EmulationResult> run(dataflow::GraphOp graph,
                                      ArrayRef<TokenValue> values,
                                      ArrayRef<MemoryBuffer *> memories = {}) {
    return DataflowEmulator::runGraph(graph, values, memories, options);
  }

  std::string runError(dataflow::GraphOp graph, ArrayRef<TokenValue> values,
                       ArrayRef<MemoryBuffer *> memories = {}) {
    llvm::Expected<EmulationResult> result = run(graph, values, memories);
    if (result)
      return "";
    return llvm::toString(result.takeError());
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  EmulatorOptions options;
};

TokenValue i32(int64_t v) { return TokenValue::getInteger(32, v, true); }

// Each use of a value has its own queue: both uses see every token.
TEST_F(EmulatorTest, BroadcastGivesEachUseAllTokens) {
  dataflow::GraphOp graph = parse(R"mlir(
    dataflow.graph private @g(%start: none) values(%n: i32) -> values(i32, i32) {
      %c0 = dataflow.constant %start {value = 0 : i32} : i32
      %c1 = dataflow.constant %start {value = 1 : i32} : i32
      %iv, %phase = dataflow.stream %c0, %n, %c1 step add while slt : i32
      %a = dataflow.carry %phase, %c0, %an : i32
      %ax, %ab = dataflow.demux %phase, %a : (i1, i32) -> (i32, i32)
      %an = arith.addi %ab, %iv : i32
      %b = dataflow.carry %phase, %c0, %bn : i32
      %bx, %bb = dataflow.demux %phase, %b : (i1, i32) -> (i32, i32)
      %bn = arith.muli %iv, %iv : i32
      %done, %v0, %v1 = dataflow.sync %start, %ax, %bx
          : (none, i32, i32) -> (none, i32, i32)
      dataflow.graph.return values(%v0, %v1 : i32, i32) complete(%done)
    }
  )mlir");
  options.tracedValues.push_back(graph.getBody().front().getArgument(1));
  llvm::Expected<EmulationResult> result = run(graph, {i32(4)});
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  EXPECT_EQ(result->valueOutputs[0], i32(6));
  EXPECT_EQ(result->valueOutputs[1], i32(9));
  ASSERT_EQ(result->traces.size(), 1u);
  EXPECT_EQ(result->traces[0].size(), 1u);
  EXPECT_EQ(result->stats.firingsByOp.lookup("dataflow.stream"), 5u);
  EXPECT_EQ(result->stats.firingsByKind[0], 8u);
}

// A mux consumes only the selected lane; the other lane stays buffered.
TEST_F(EmulatorTest, MuxLeavesOtherLaneBuffered) {
  dataflow::GraphOp graph = parse(R"mlir(
    dataflow.graph private @g(%start: none) values(%s: i1, %a: i32, %b: i32) -> values(i32) {
      %r = dataflow.mux %s, %a, %b : (i1, i32, i32) -> i32
      dataflow.graph.return %start, %r : none, i32
    }
  )mlir");
  llvm::Expected<EmulationResult> result =
      run(graph, {TokenValue::getBool(true), i32(10), i32(20)});
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  EXPECT_EQ(result->valueOutputs[0], i32(20));
  EXPECT_EQ(result->stats.tokensLeft, 1u);
  EXPECT_EQ(result->stats.peakQueueOccupancy, 1u);
}

// Stream inputs deliver every token; stream results collect every token.
TEST_F(EmulatorTest, StreamPorts) {
  dataflow::GraphOp graph = parse(R"mlir(
    dataflow.graph private @g(%start: none) streams(%x: i32) -> streams(i32) {
      %y = arith.addi %x, %x : i32
      dataflow.graph.return streams(%y : i32) complete(%start)
    }
  )mlir");
  SmallVector<TokenValue, 0> tokens = {i32(1), i32(2), i32(3)};
  llvm::Expected<EmulationResult> result = DataflowEmulator::runGraph(
      graph, {}, ArrayRef<SmallVector<TokenValue, 0>>(tokens), {}, options);
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  ASSERT_EQ(result->streamOutputs.size(), 1u);
  EXPECT_EQ(result->streamOutputs[0],
            (SmallVector<TokenValue, 0>{i32(2), i32(4), i32(6)}));
}

// Wrong input counts, types and memory shapes are errors naming the graph.
TEST_F(EmulatorTest, RejectsMismatchedInputs) {
  dataflow::GraphOp graph = parse(R"mlir(
    dataflow.graph private @g(%start: none) values(%i: index)
        memories(%m: memref<4xi32>) -> values(i32) {
      %x, %d = dataflow.load %m[%i] %start : memref<4xi32>
      dataflow.graph.return %d, %x : none, i32
    }
  )mlir");
  MemoryBuffer good(IntegerType::get(&context, 32), {4});
  MemoryBuffer bad(IntegerType::get(&context, 32), {5});
  TokenValue index = TokenValue::getInteger(64, 2);
  EXPECT_NE(runError(graph, {}, {&good}).find("takes 1 value inputs, got 0"),
            std::string::npos);
  EXPECT_NE(runError(graph, {i32(2)}, {&good}).find("expects index, got 2"),
            std::string::npos);
  EXPECT_NE(runError(graph, {index}, {&bad}).find("cannot bind a buffer"),
            std::string::npos);
  EXPECT_NE(runError(graph, {index}, {}).find("graph @g"), std::string::npos);
  good.setElement(2, i32(77));
  llvm::Expected<EmulationResult> result = run(graph, {index}, {&good});
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  EXPECT_EQ(result->valueOutputs[0], i32(77));
  EXPECT_EQ(good.getNumLoads(), 1u);
  std::string oob = runError(graph, {TokenValue::getInteger(64, 4)}, {&good});
  EXPECT_NE(oob.find("out-of-bounds load at index [4]"), std::string::npos)
      << oob;
}

// A deadlock names the blocked actor and the operand it waits for.
TEST_F(EmulatorTest, DeadlockNamesBlockedActors) {
  dataflow::GraphOp graph = parse(R"mlir(
    dataflow.graph private @g(%start: none) values(%a: i32) -> values(i32) {
      %c = dataflow.constant %start {value = 1 : i32} : i32
      %s = arith.addi %a, %loop : i32
      %loop = arith.addi %s, %c : i32
      dataflow.graph.return %start, %s : none, i32
    }
  )mlir");
  std::string message = runError(graph, {i32(1)});
  EXPECT_NE(message.find("deadlocked"), std::string::npos) << message;
  EXPECT_NE(message.find("blocked: 'arith.addi'"), std::string::npos)
      << message;
  EXPECT_NE(message.find("waits for operand #1"), std::string::npos) << message;
  EXPECT_NE(message.find("missing: graph.return operand #0"), std::string::npos)
      << message;
}

// GEPs over scalars and arrays add index * element size to the address.
TEST_F(EmulatorTest, EvaluatesGetElementPtr) {
  dataflow::GraphOp graph = parse(R"mlir(
    dataflow.graph private @g(%start: none) values(%p: !llvm.ptr, %i: i64)
        -> values(!llvm.ptr) {
      %q = llvm.getelementptr %p[%i, 3] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<8 x i32>
      dataflow.graph.return %start, %q : none, !llvm.ptr
    }
  )mlir");
  llvm::Expected<EmulationResult> result = run(
      graph, {TokenValue::getInteger(64, 1000), TokenValue::getInteger(64, 2)});
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  EXPECT_EQ(result->valueOutputs[0], TokenValue::getInteger(64, 1076));
}

// The firing budget stops a runaway graph with a clear error.
TEST_F(EmulatorTest, FiringBudgetStopsRunaways) {
  dataflow::GraphOp graph = parse(R"mlir(
    dataflow.graph private @g(%start: none) values(%n: i32) -> values(i32) {
      %c0 = dataflow.constant %start {value = 0 : i32} : i32
      %iv, %phase = dataflow.stream %c0, %n, %c0 step add while slt : i32
      %x, %b = dataflow.demux %phase, %iv : (i1, i32) -> (i32, i32)
      dataflow.graph.return %start, %x : none, i32
    }
  )mlir");
  options.firingBudget = 1000;
  std::string message = runError(graph, {i32(1)});
  EXPECT_NE(message.find("firing budget of 1000"), std::string::npos)
      << message;
}

// Types the emulator does not carry are rejected before anything runs.
TEST_F(EmulatorTest, RejectsUnsupportedTypes) {
  dataflow::GraphOp graph = parse(R"mlir(
    dataflow.graph private @g(%start: none) values(%v: vector<2xf32>) -> values(vector<2xf32>) {
      %w = arith.addf %v, %v : vector<2xf32>
      dataflow.graph.return %start, %w : none, vector<2xf32>
    }
  )mlir");
  std::string message = runError(graph, {});
  EXPECT_NE(message.find("'arith.addf' at"), std::string::npos) << message;
  EXPECT_NE(message.find("vector<2xf32>"), std::string::npos) << message;
}

// Draining after completion catches a store the frontier does not cover;
// without draining the run stops at the frontier and the store never runs.
TEST_F(EmulatorTest, DrainFindsAccessesAfterCompletion) {
  dataflow::GraphOp graph = parse(R"mlir(
    dataflow.graph private @g(%start: none) memories(%m: memref<1xi32>) {
      %i = dataflow.constant %start {value = 0 : index} : index
      %v = dataflow.constant %start {value = 5 : i32} : i32
      %d = dataflow.store %m[%i] %v %start : memref<1xi32>
      dataflow.graph.return complete(%start)
    }
  )mlir");
  MemoryBuffer buffer(IntegerType::get(&context, 32), {1});
  llvm::Expected<EmulationResult> result = run(graph, {}, {&buffer});
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  EXPECT_EQ(buffer.getNumStores(), 0u);
  options.drainAfterCompletion = true;
  std::string message = runError(graph, {}, {&buffer});
  EXPECT_NE(message.find("fired after the completion frontier"),
            std::string::npos)
      << message;
}

// A shuffled schedule is a legal firing order: an ordered load-then-store
// reads the old value under every seed, while the same accesses without the
// ordering token race, and the shuffled schedules show both outcomes.
TEST_F(EmulatorTest, ShuffledSchedulesExposeMissingOrderingTokens) {
  auto readBeforeWrite = [&](StringRef storeCtrl, uint64_t seed) {
    std::string text = R"mlir(
      dataflow.graph private @g(%start: none) memories(%m: memref<1xi32>)
          -> values(i32) {
        %i = dataflow.constant %start {value = 0 : index} : index
        %x, %read = dataflow.load %m[%i] %start : memref<1xi32>
        %v = dataflow.constant %start {value = 5 : i32} : i32
        %wrote = dataflow.store %m[%i] %v CTRL : memref<1xi32>
        %done, %r = dataflow.sync %wrote, %x : (none, i32) -> (none, i32)
        dataflow.graph.return values(%r : i32) complete(%done)
      }
    )mlir";
    text.replace(text.find("CTRL"), 4, storeCtrl.str());
    dataflow::GraphOp graph = parse(text);
    MemoryBuffer buffer(IntegerType::get(&context, 32), {1});
    buffer.setElement(0, i32(1));
    options.scheduleSeed = seed;
    llvm::Expected<EmulationResult> result = run(graph, {}, {&buffer});
    EXPECT_TRUE(static_cast<bool>(result))
        << llvm::toString(result.takeError());
    return result ? result->valueOutputs[0].getInteger().getSExtValue() : -1;
  };
  std::set<int64_t> ordered, racing;
  for (uint64_t seed = 0; seed < 16; ++seed) {
    ordered.insert(readBeforeWrite("%read", seed));
    racing.insert(readBeforeWrite("%start", seed));
  }
  EXPECT_EQ(ordered, std::set<int64_t>({1}));
  EXPECT_EQ(racing, std::set<int64_t>({1, 5}));
}

// A buffer bound to host memory reads and writes the caller's array in
// place, in its native layout; with a count, indices are checked against it.
TEST_F(EmulatorTest, HostMemoryIsReadAndWrittenInPlace) {
  dataflow::GraphOp graph = parse(R"mlir(
    dataflow.graph private @g(%start: none) values(%i: index, %j: index)
        memories(%src: memref<?xi16>, %dst: memref<?xf64>) {
      %x, %ld = dataflow.load %src[%i] %start : memref<?xi16>
      %f = arith.sitofp %x : i16 to f64
      %d = dataflow.store %dst[%j] %f %ld : memref<?xf64>
      dataflow.graph.return complete(%d)
    }
  )mlir");
  int16_t src[3] = {7, -300, 9};
  double dst[4] = {0.5, 0.5, 0.5, 0.5};
  MemoryBuffer srcBuffer(IntegerType::get(&context, 16), src, 3);
  MemoryBuffer dstBuffer(Float64Type::get(&context), dst, std::nullopt);
  EXPECT_TRUE(srcBuffer.isExternal());
  EXPECT_EQ(srcBuffer.getNumElements(), 3);
  EXPECT_EQ(dstBuffer.getNumElements(), -1);
  TokenValue one = TokenValue::getInteger(64, 1),
             two = TokenValue::getInteger(64, 2);
  llvm::Expected<EmulationResult> result =
      run(graph, {one, two}, {&srcBuffer, &dstBuffer});
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  EXPECT_EQ(dst[2], -300.0);
  EXPECT_EQ(dst[1], 0.5);
  EXPECT_EQ(src[1], -300);
  // Index 3 lies outside the bound count of three elements.
  std::string message = runError(graph, {TokenValue::getInteger(64, 3), two},
                                 {&srcBuffer, &dstBuffer});
  EXPECT_NE(message.find("out-of-bounds load at index [3]"), std::string::npos)
      << message;
}

} // namespace
