//===- BufferSizingTest.cpp - operand buffers the mapper configures -------===//
//
// Part of the Loom project.
//
// A one-element fabric leaves the mapper no placement choice (every edge is
// a local bypass, every memory route one link), so the buffers it sizes can
// be computed by hand from docs/mapper.md's rule: slots = ceil((fire(c) -
// fire(p) + 1) / interval) + 1 (a spare slot), buffer = slots - 2 (the
// bypass), capped by the element's operand_buffer_depth.
//
//===----------------------------------------------------------------------===//

#include "MappingChecks.h"

#include "loom/Dialect/Dataflow/IR/Dataflow.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace loom;
using namespace loom::fabric;
using namespace loom::mapper;
using namespace loom::mapper::testing;

namespace {

/// One element with every class the graphs need; its memory interface
/// answers a load after `memoryLatency` cycles; the multiplier takes 3
/// cycles and the ALU accepts a firing every `aluInterval` cycles.
std::string oneElementFabric(unsigned depth, unsigned memoryLatency,
                             unsigned aluInterval = 1) {
  return llvm::formatv(R"({{
    "version": 1, "name": "one", "clock_mhz": 100,
    "grid": {{"rows": 1, "cols": 1},
    "unit_types": [
      {{"name": "alu", "classes": ["int-alu", "compare-select"], "ii": {2}},
      {{"name": "mul", "classes": ["int-mul"], "latency": 3},
      {{"name": "ctl", "classes": ["steer", "constant"]},
      {{"name": "lsu", "classes": ["memory"]},
      {{"name": "stream", "classes": ["stream"]},
      {{"name": "carry", "classes": ["carry"]},
      {{"name": "invariant", "classes": ["invariant"]},
      {{"name": "gate", "classes": ["gate"]}
    ],
    "default_units": ["alu", "mul", "ctl", "lsu", "stream", "carry",
                      "invariant", "gate"],
    "operand_buffer_depth": {0},
    "network": {{"channels": 1, "hop_latency": 1, "fifo_depth": 2},
    "memory_interfaces": [{{"name": "mem", "at": [0, 0], "latency": {1}}]
  })",
                       depth, memoryLatency, aluInterval)
      .str();
}

// A short path (constant, multiply) rejoins a long one (a load) at the add.
// Actors: 0 load, 1 constant, 2 muli, 3 addi.
constexpr StringLiteral kRejoin = R"mlir(
  dataflow.graph private @rejoin(%start: none) values(%i: index) memories(%a: memref<?xi32>) -> values(i32) {
    %x, %d = dataflow.load %a[%i] %start : memref<?xi32>
    %k = dataflow.constant %start {value = 7 : i32} : i32
    %k2 = arith.muli %k, %k : i32
    %z = arith.addi %x, %k2 : i32
    dataflow.graph.return %d, %z : none, i32
  }
)mlir";

class BufferSizingTest : public ::testing::Test {
protected:
  Mapping map(const Fabric &fabric) {
    module = parseModule(*context, kRejoin);
    EXPECT_TRUE(module);
    graph = findGraph(*module);
    llvm::Expected<Mapping> mapping = mapGraph(graph, fabric);
    if (!mapping) {
      ADD_FAILURE() << llvm::toString(mapping.takeError());
      return Mapping();
    }
    EXPECT_TRUE(isValidMapping(graph, fabric, *mapping));
    return std::move(*mapping);
  }

  /// The edge into `operand` of actor `consumer`.
  static const EdgeRoute &edgeInto(const Mapping &mapping, int32_t consumer,
                                   uint32_t operand) {
    for (const EdgeRoute &edge : mapping.edges)
      if (edge.consumer == consumer && edge.operand == operand)
        return edge;
    ADD_FAILURE() << "no edge into " << consumer << "." << operand;
    return mapping.edges.front();
  }

  std::unique_ptr<MLIRContext> context = makeContext();
  OwningOpRef<ModuleOp> module;
  dataflow::GraphOp graph;
};

// Firing cycles: load and constant at 0 (graph inputs); the load's result
// leaves after lsu 1 + request and response over the one link to the
// interface (2) + the interface's 10 = 13 cycles; the multiply fires at 1,
// its result takes 3; the add fires at max(0 + 13, 1 + 3) = 13. Cycles a
// token is held: load -> add 13 - 0 + 1 = 14, multiply -> add 13 - 1 + 1 =
// 13, constant -> multiply 1 - 0 + 1 = 2; one spare slot each.
TEST_F(BufferSizingTest, BufferEqualsTheSkew) {
  Mapping mapping = map(parseFabricJson(oneElementFabric(64, 10)));
  ASSERT_EQ(mapping.actors.size(), 4u);
  ASSERT_EQ(mapping.memories.size(), 1u);
  EXPECT_EQ(mapping.memories[0].routeLatency, 1u);
  EXPECT_EQ(edgeInto(mapping, 3, 0).buffer, 13u);
  EXPECT_EQ(edgeInto(mapping, 3, 0).capacity, 15u);
  EXPECT_EQ(edgeInto(mapping, 3, 1).buffer, 12u);
  EXPECT_EQ(edgeInto(mapping, 3, 1).capacity, 14u);
  EXPECT_EQ(edgeInto(mapping, 2, 0).buffer, 1u);
  EXPECT_EQ(edgeInto(mapping, 2, 1).buffer, 1u);
  EXPECT_EQ(edgeInto(mapping, 2, 1).capacity, kLocalBypassCapacity + 1);
  // Boundary edges (%start, %i, the results) stay unbounded, unbuffered.
  for (const EdgeRoute &edge : mapping.edges) {
    if (edge.producer != kGraphBoundary && edge.consumer != kGraphBoundary)
      continue;
    EXPECT_EQ(edge.buffer, 0u);
    EXPECT_EQ(edge.capacity, kUnboundedCapacity);
  }
}

// The element's operand_buffer_depth caps every buffer; 0 disables them.
TEST_F(BufferSizingTest, DepthCapsTheBuffer) {
  Mapping capped = map(parseFabricJson(oneElementFabric(8, 10)));
  EXPECT_EQ(edgeInto(capped, 3, 0).buffer, 8u);
  EXPECT_EQ(edgeInto(capped, 3, 0).capacity, 10u);
  EXPECT_EQ(edgeInto(capped, 3, 1).buffer, 8u);
  Mapping none = map(parseFabricJson(oneElementFabric(0, 10)));
  for (const EdgeRoute &edge : none.edges)
    EXPECT_EQ(edge.buffer, 0u);
  EXPECT_EQ(edgeInto(none, 3, 0).capacity, kLocalBypassCapacity);
}

// A longer memory latency widens the skew one for one; a slower unit (ALU
// interval 2) halves the rate, so half the slots cover the same cycles:
// ceil(14 / 2) + 1 = 8 and ceil(13 / 2) + 1 = 8 slots, buffers 6.
TEST_F(BufferSizingTest, FollowsLatencyAndRate) {
  Mapping slowMemory = map(parseFabricJson(oneElementFabric(64, 20)));
  EXPECT_EQ(edgeInto(slowMemory, 3, 0).buffer, 23u);
  EXPECT_EQ(edgeInto(slowMemory, 3, 1).buffer, 22u);
  Mapping slowAlu = map(parseFabricJson(oneElementFabric(64, 10, 2)));
  EXPECT_EQ(edgeInto(slowAlu, 3, 0).buffer, 6u);
  EXPECT_EQ(edgeInto(slowAlu, 3, 1).buffer, 6u);
}

/// Whether actor `to` is reachable from actor `from` over `mapping`'s
/// edges between actors.
bool reaches(const Mapping &mapping, int32_t from, int32_t to) {
  llvm::SmallVector<bool> seen(mapping.actors.size(), false);
  llvm::SmallVector<int32_t> work = {from};
  seen[from] = true;
  while (!work.empty()) {
    int32_t actor = work.pop_back_val();
    if (actor == to)
      return true;
    for (const EdgeRoute &edge : mapping.edges)
      if (edge.producer == actor && edge.consumer != kGraphBoundary &&
          !seen[edge.consumer]) {
        seen[edge.consumer] = true;
        work.push_back(edge.consumer);
      }
  }
  return false;
}

// Edges on a recurrence (a cycle of the actor graph: the copy loop's carry
// rings and memory-order rings) keep their route's capacity, while edges
// off the rings are buffered. Same inputs, same buffers.
TEST_F(BufferSizingTest, RecurrencesKeepTheirRoutesAndResultsRepeat) {
  module = parseModule(*context, readSourceFile("samples/ir/for.mlir"));
  ASSERT_TRUE(module);
  dataflow::GraphOp copy = findGraph(*module, "copy_loop");
  Fabric fabric = loadPreset("cgra-8x8");
  llvm::Expected<Mapping> first = mapGraph(copy, fabric);
  llvm::Expected<Mapping> second = mapGraph(copy, fabric);
  ASSERT_TRUE(first && second);
  EXPECT_TRUE(isValidMapping(copy, fabric, *first));
  EXPECT_TRUE(sameMapping(*first, *second));
  unsigned onRings = 0, buffered = 0;
  for (auto [index, edge] : llvm::enumerate(first->edges)) {
    if (edge.producer == kGraphBoundary || edge.consumer == kGraphBoundary)
      continue;
    buffered += edge.buffer > 0;
    if (!reaches(*first, edge.consumer, edge.producer))
      continue;
    ++onRings;
    EXPECT_EQ(edge.buffer, 0u) << "edge " << index << " lies on a cycle";
  }
  EXPECT_GT(onRings, 0u);
  EXPECT_GT(buffered, 0u);
}

} // namespace
