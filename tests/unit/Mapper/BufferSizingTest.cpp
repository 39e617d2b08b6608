//===- BufferSizingTest.cpp - operand buffers the mapper configures -------===//
//
// Part of the Loom project.
//
// A one-element fabric leaves the mapper no placement choice (every edge is
// a local bypass, every memory route one link). docs/mapper.md's rule: every
// edge between two actors off a recurrence gets the consumer element's whole
// operand_buffer_depth, added to its route's capacity.
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
/// cycles.
std::string oneElementFabric(unsigned depth, unsigned memoryLatency) {
  return llvm::formatv(R"({{
    "version": 1, "name": "one", "clock_mhz": 100,
    "grid": {{"rows": 1, "cols": 1},
    "unit_types": [
      {{"name": "alu", "classes": ["int-alu", "compare-select"]},
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
                       depth, memoryLatency)
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

// Every edge between two actors (load -> add, constant -> multiply (twice),
// multiply -> add) gets the element's depth on top of the bypass's 2 slots;
// edges across the boundary stay unbounded and unbuffered.
TEST_F(BufferSizingTest, ActorEdgesGetTheElementsDepth) {
  Mapping mapping = map(parseFabricJson(oneElementFabric(24, 10)));
  ASSERT_EQ(mapping.actors.size(), 4u);
  for (auto [consumer, operand] : {std::pair{3, 0u}, std::pair{3, 1u},
                                   std::pair{2, 0u}, std::pair{2, 1u}}) {
    EXPECT_EQ(edgeInto(mapping, consumer, operand).buffer, 24u);
    EXPECT_EQ(edgeInto(mapping, consumer, operand).capacity,
              kLocalBypassCapacity + 24);
  }
  for (const EdgeRoute &edge : mapping.edges) {
    if (edge.producer != kGraphBoundary && edge.consumer != kGraphBoundary)
      continue;
    EXPECT_EQ(edge.buffer, 0u);
    EXPECT_EQ(edge.capacity, kUnboundedCapacity);
  }
}

// A depth of 0 disables the buffers: routes keep their own capacity.
TEST_F(BufferSizingTest, DepthZeroDisablesThem) {
  Mapping none = map(parseFabricJson(oneElementFabric(0, 10)));
  for (const EdgeRoute &edge : none.edges)
    EXPECT_EQ(edge.buffer, 0u);
  EXPECT_EQ(edgeInto(none, 3, 0).capacity, kLocalBypassCapacity);
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
