//===- LowerSCFToDataflowNestTest.cpp - nests of two and three levels -----===//
//
// Part of the Loom project.
//
// Nested kernels built with the test IR builders: the templates compose, a
// value captured two levels up is projected once per level, and the memory
// frontiers thread through every level.
//
//===----------------------------------------------------------------------===//

#include "LoweringTestSupport.h"

using namespace mlir;
using namespace loom;
using namespace loom::dataflow;
using namespace loom::testir;

namespace {
/// Memory ids 2000-2999 belong to this file.
constexpr unsigned kFirstMemId = 2000;
} // namespace

// Two loops: two streams, E/W/R rings at each level, the outer iv projected
// once into the inner body.
TEST(LowerSCFToDataflowTest, TwoLevelLoopNestProjectsTheOuterIvOnce) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {4, 8});
  KernelBuilder k(context, "copy2d", {}, {mems.make(), mems.make()});
  k.loopN(4, [&](Value i) {
    k.loopN(8, [&](Value j) {
      k.store(k.load(k.memory(0), {i, j}), k.memory(1), {i, j});
    });
  });
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  EXPECT_EQ(actorCounts(getGraph(*module)),
            "stream 2, carry 6, invariant 1, demux 7, mux 0, gate 0, load 1, "
            "store 1");
}

// A loop around an if (in-place ReLU): the if's selection network lives in
// the loop body, fed by the body lanes of the rings. W and R are muxed back;
// E leaves both lanes untouched and is not (its mux folds), so the next
// iteration does not wait for this one's condition. Each iteration touches
// its own element, so W and R enter the body as the iteration's E and one
// ring after the body joins them.
TEST(LowerSCFToDataflowTest, TwoLevelLoopOfIfSelectsInsideTheBody) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {8});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "relu", {}, {mems.make()});
  k.loopN(8, [&](Value i) {
    Value zero = k.constant(f32, 0);
    k.if_(k.lt(k.load(k.memory(0), i), zero),
          [&] { k.store(zero, k.memory(0), i); });
  });
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  EXPECT_EQ(actorCounts(getGraph(*module)),
            "stream 1, carry 2, invariant 0, demux 6, mux 2, gate 0, load 1, "
            "store 1");
  // E's ring: the carry's feedback is its own body lane, not a mux.
  unsigned selfFed = 0;
  getGraph(*module).walk([&](CarryOp carry) {
    auto demux = carry.getNext().getDefiningOp<DemuxOp>();
    selfFed += demux && demux.getValue() == carry.getOut();
  });
  EXPECT_EQ(selfFed, 1u);
}

// A loop around a while: the while's carries and gate sit in the loop body;
// the captured loop iv reaches the before region through one invariant.
TEST(LowerSCFToDataflowTest, TwoLevelLoopOfWhile) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {4, 8});
  KernelBuilder k(context, "rowscan", {},
                  {mems.make(), mems.make({4}, IndexType::get(&context))});
  Type f32 = Float32Type::get(&context);
  k.loopN(4, [&](Value i) {
    SmallVector<Value> end = k.whileLoop(
        {k.ic(0)},
        [&](ValueRange j) {
          return k.lt(k.constant(f32, 0), k.load(k.memory(0), {i, j[0]}));
        },
        [&](ValueRange j) { return SmallVector<Value>{k.add(j[0], k.ic(1))}; });
    k.store(end[0], k.memory(1), i);
  });
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  EXPECT_EQ(actorCounts(getGraph(*module)),
            "stream 1, carry 7, invariant 1, demux 7, mux 0, gate 1, load 1, "
            "store 1");
}

/// A 2x2x4 tile multiply-accumulate over `lanes` cooperative lanes; null
/// when the builder rejects it.
static OwningOpRef<ModuleOp> buildTileMma(MLIRContext &context, int64_t lanes) {
  MemRefFactory mems(context, kFirstMemId, {16});
  KernelBuilder k(context, "mma", {}, {mems.make(), mems.make(), mems.make()});
  TileMma tile;
  tile.d = k.memory(0);
  tile.a = k.memory(1);
  tile.b = k.memory(2);
  tile.m = 2;
  tile.n = 2;
  tile.k = 4;
  tile.lanes = lanes;
  if (!k.tileMma(tile))
    return nullptr;
  return k.finish();
}

// The tile multiply-accumulate fallback is a three-level nest (rows, columns,
// reduction with the accumulator as iter_arg): i is projected into the
// column body and again into the reduction body, j into the reduction body.
TEST(LowerSCFToDataflowTest, ThreeLevelTileMmaNest) {
  MLIRContext context(makeRegistry());
  OwningOpRef<ModuleOp> module = buildTileMma(context, /*lanes=*/1);
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  EXPECT_EQ(actorCounts(getGraph(*module)),
            "stream 3, carry 10, invariant 3, demux 13, mux 0, gate 0, load 3, "
            "store 1");
}

// Three levels of mixed constructs: a loop, an if in its body, a backward
// scan in the then lane reading the loop iv.
TEST(LowerSCFToDataflowTest, ThreeLevelLoopIfBackwardScan) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {4, 8});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "suffix", {IndexType::get(&context)},
                  {mems.make(), mems.make({4})});
  k.loopN(4, [&](Value i) {
    k.if_(k.lt(i, k.value(0)), [&] {
      Carried acc = k.carry(k.constant(f32, 0));
      SmallVector<Value> total = k.scan(
          7, {acc},
          [&](Value j) {
            k.setNext(acc, k.add(k.prev(acc), k.load(k.memory(0), {i, j})));
          },
          Direction::Backward);
      k.store(total[0], k.memory(1), i);
    });
  });
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  // Loop: 3 rings and the bound into its body. If: E/W/R demux, i into the
  // then lane, 3 muxes. Scan: 4 rings; i and the mirror constant (upto +
  // from) into its body, each an invariant and a demux.
  EXPECT_EQ(actorCounts(getGraph(*module)),
            "stream 2, carry 7, invariant 3, demux 14, mux 3, gate 0, load 1, "
            "store 1");
}

// A histogram: a run-time index read from memory drives a scatterAdd whose
// read-back and write go through the loop's one W/R partition.
TEST(LowerSCFToDataflowTest, ScatterAddWithRunTimeIndexInALoop) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {16});
  Type i32 = IntegerType::get(&context, 32);
  KernelBuilder k(context, "histogram", {},
                  {mems.make({16}, i32), mems.make({8}, i32)});
  k.loopN(16, [&](Value i) {
    Value bin = k.load(k.memory(0), i);
    k.scatterAdd(k.memory(1), {Value()}, 0, bin, k.constant(i32, 1));
  });
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  GraphOp graph = getGraph(*module);
  EXPECT_EQ(actorCounts(graph), "stream 1, carry 3, invariant 0, demux 3, "
                                "mux 0, gate 0, load 2, store 1");
}

// The tile over two cooperative lanes: a fixed forall replicates the whole
// three-level nest twice; each lane's constant enters its rows loop.
TEST(LowerSCFToDataflowTest, FourLevelTileMmaOverLanesReplicatesTheNest) {
  MLIRContext context(makeRegistry());
  OwningOpRef<ModuleOp> module = buildTileMma(context, /*lanes=*/2);
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  EXPECT_EQ(actorCounts(getGraph(*module)),
            "stream 6, carry 20, invariant 8, demux 28, mux 0, gate 0, load 6, "
            "store 2");
}

// A scope local (defineLocal) is a rank-0 memref.alloca in the region. It is
// hoisted into the thread and bound as one more memory input, in its own
// alias partition (dataflow-semantics.md: distinct allocations are distinct
// partition roots).
TEST(LowerSCFToDataflowTest, ScopeLocalInALoop) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {8});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "local", {}, {mems.make()});
  Local sum = k.defineLocal(k.constant(f32, 0));
  k.loopN(8, [&](Value i) {
    k.setLocal(sum, k.add(k.getLocal(sum), k.load(k.memory(0), i)));
  });
  k.store(k.getLocal(sum), k.memory(0), k.ic(0));
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  GraphOp graph = getGraph(*module);
  // Two alias partitions (the parameter, the fresh local): the loop carries
  // E and W, R of the local (every iteration reads and writes the cell);
  // the parameter it only reads from the graph's start needs one ring, the
  // join of its loads after the body: 4 rings. One shared partition would
  // make it 3.
  EXPECT_EQ(actorCounts(graph), "stream 1, carry 4, invariant 0, demux 4, "
                                "mux 0, gate 0, load 3, store 3");
  // The local cell is hoisted into the thread and bound as memory input #1.
  auto thread = *module->getOps<ThreadOp>().begin();
  auto allocas = thread.getBody().getOps<memref::AllocaOp>();
  ASSERT_EQ(std::distance(allocas.begin(), allocas.end()), 1);
  memref::AllocaOp cell = *allocas.begin();
  EXPECT_EQ(cell.getType(), MemRefType::get({}, f32));
  auto launch = *thread.getBody().getOps<GraphLaunchOp>().begin();
  EXPECT_TRUE(cell->isBeforeInBlock(launch));
  ASSERT_EQ(launch.getMemoryInputs().size(), 2u);
  EXPECT_EQ(launch.getMemoryInputs()[1], cell.getResult());
  // The inputs: the entry constants as values (the cell's initial 0.0, the
  // loop bounds 8, 0 and 1: loom-hoist-entry-constants), then the parameter
  // and the cell.
  EXPECT_EQ(launchConstants(*module),
            "0.000000e+00 : f32, 8 : index, 0 : index, 1 : index");
  ASSERT_EQ(graph.getInputSegmentTypes(0).size(), 4u);
  ASSERT_EQ(graph.getInputSegmentTypes(2).size(), 2u);
  Value local = graph.getPayloadArgument(4 + 1);
  unsigned localLoads = 0, localStores = 0;
  graph.walk([&](LoadOp load) { localLoads += load.getMemory() == local; });
  graph.walk([&](StoreOp store) { localStores += store.getMemory() == local; });
  EXPECT_EQ(localLoads, 2u);
  EXPECT_EQ(localStores, 2u);
  unsigned residual = 0;
  graph.walk([&](memref::AllocaOp) { ++residual; });
  EXPECT_EQ(residual, 0u);
}

// A local array inside a replicated forall would be shared by its lanes:
// the lowering refuses it and leaves the module unchanged.
TEST(LowerSCFToDataflowTest, ScopeLocalInAForallIsRejected) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {4});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "lanes", {f32}, {mems.make()});
  k.forall({4}, [&](ValueRange i) {
    Local cell = k.defineLocal(k.value(0));
    k.store(k.getLocal(cell), k.memory(0), i[0]);
  });
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  std::string before = print(*module), diagnostics;
  EXPECT_TRUE(failed(lower(*module, diagnostics)));
  EXPECT_NE(
      diagnostics.find(
          "is inside an scf.forall or scf.parallel and cannot be hoisted"),
      std::string::npos)
      << diagnostics;
  EXPECT_EQ(print(*module), before);
}

// A conditional update of a carried value: the if's result is the carry's
// feedback, so the mux sits on the ring. The if touches no memory: W and R
// bypass it, and E, which no lane uses or changes, is neither demuxed nor
// muxed; only its values are.
TEST(LowerSCFToDataflowTest, TwoLevelScanOfIfFeedsTheRingThroughAMux) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {16});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "argmax", {}, {mems.make(), mems.make({1})}, {f32});
  Carried best = k.carry(k.constant(f32, 0));
  SmallVector<Value> out = k.scan(15, {best}, [&](Value i) {
    Value x = k.load(k.memory(0), i);
    SmallVector<Value> pick = k.ifValues(
        k.lt(k.prev(best), x), {f32}, [&] { return SmallVector<Value>{x}; },
        [&] { return SmallVector<Value>{k.prev(best)}; });
    k.setNext(best, pick[0]);
  });
  k.store(out[0], k.memory(1), k.ic(0));
  OwningOpRef<ModuleOp> module = k.finish(out);
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  GraphOp graph = getGraph(*module);
  EXPECT_EQ(actorCounts(graph), "stream 1, carry 3, invariant 0, demux 5, "
                                "mux 1, gate 0, load 1, store 1");
  graph.walk([&](CarryOp carry) {
    if (carry.getType() == f32)
      EXPECT_TRUE(carry.getOperand(2).getDefiningOp<MuxOp>());
  });
}

// A while nested in a while: the inner loop's carries are driven by its own
// condition and sit in the outer after region; the key reaches the inner
// before and after regions through the outer after region (3 invariants).
TEST(LowerSCFToDataflowTest, TwoLevelWhileOfWhile) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {16});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "runs", {f32}, {mems.make()},
                  {IndexType::get(&context)});
  SmallVector<Value> end = k.whileLoop(
      {k.ic(0)}, [&](ValueRange i) { return k.lt(i[0], k.ic(16)); },
      [&](ValueRange i) {
        SmallVector<Value> j = k.whileLoop(
            {i[0]},
            [&](ValueRange j) {
              return k.lt(k.load(k.memory(0), j[0]), k.value(0));
            },
            [&](ValueRange j) {
              k.store(k.value(0), k.memory(0), j[0]);
              return SmallVector<Value>{k.add(j[0], k.ic(1))};
            });
        return SmallVector<Value>{k.add(j[0], k.ic(1))};
      });
  OwningOpRef<ModuleOp> module = k.finish(end);
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  EXPECT_EQ(actorCounts(getGraph(*module)),
            "stream 0, carry 8, invariant 3, demux 10, mux 0, gate 2, load 1, "
            "store 1");
}

// An if in the before region of a while: its selection runs K+1 times, in
// the condition's phase.
TEST(LowerSCFToDataflowTest, TwoLevelIfInsideWhileBefore) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {16});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "probe", {f32}, {mems.make()},
                  {IndexType::get(&context)});
  SmallVector<Value> end = k.whileLoop(
      {k.ic(0)},
      [&](ValueRange i) {
        SmallVector<Value> go = k.ifValues(
            k.lt(i[0], k.ic(16)), {k.getBuilder().getI1Type()},
            [&] {
              return SmallVector<Value>{
                  k.lt(k.load(k.memory(0), i[0]), k.value(0))};
            },
            [&] {
              return SmallVector<Value>{
                  k.constant(k.getBuilder().getI1Type(), 0)};
            });
        return go[0];
      },
      [&](ValueRange i) { return SmallVector<Value>{k.add(i[0], k.ic(1))}; });
  OwningOpRef<ModuleOp> module = k.finish(end);
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
}

// An index_switch in a loop body writing a different cell per lane: the iv
// is projected into the three lanes by one demux; every lane stores, so W
// and R come back as one mux; E's mux folds. Each iteration stores its own
// element, so W and R enter the body as the iteration's E (one demux serves
// the three) and one ring after the body joins the stores.
TEST(LowerSCFToDataflowTest, TwoLevelLoopOfIndexSwitch) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {8});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "classify", {}, {mems.make()});
  k.loopN(8, [&](Value i) {
    k.indexSwitch(i, {1, 3}, {}, [&](unsigned lane) {
      k.store(k.constant(f32, lane), k.memory(0), i);
      return SmallVector<Value>();
    });
  });
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  EXPECT_EQ(actorCounts(getGraph(*module)),
            "stream 1, carry 2, invariant 0, demux 4, mux 1, gate 0, load 0, "
            "store 3");
}

// A fixed forall inside a loop body: the lanes start from the body's E and
// W/R and are joined before the feedback.
TEST(LowerSCFToDataflowTest, TwoLevelLoopOfFixedForall) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {4, 2});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "pairs", {f32}, {mems.make()});
  k.loopN(4, [&](Value i) {
    k.forall({2}, [&](ValueRange j) {
      k.store(k.value(0), k.memory(0), {i, j[0]});
    });
  });
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  EXPECT_EQ(actorCounts(getGraph(*module)),
            "stream 1, carry 3, invariant 1, demux 4, mux 0, gate 0, load 0, "
            "store 2");
}

// A memory-free region returning a loop result: retirement is the loop's
// exit E published with the value.
TEST(LowerSCFToDataflowTest, ValueOnlyLoopPublishesItsResult) {
  MLIRContext context(makeRegistry());
  Type i32 = IntegerType::get(&context, 32);
  KernelBuilder k(context, "triangle", {IndexType::get(&context)}, {}, {i32});
  Carried sum = k.carry(k.constant(i32, 0));
  SmallVector<Value> out = k.scan(k.value(0), {sum}, [&](Value i) {
    Value x = arith::IndexCastOp::create(k.getBuilder(), k.getLoc(), i32, i);
    k.setNext(sum, k.add(k.prev(sum), x));
  });
  OwningOpRef<ModuleOp> module = k.finish(out);
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  EXPECT_EQ(actorCounts(getGraph(*module)),
            "stream 1, carry 2, invariant 0, demux 2, mux 0, gate 0, load 0, "
            "store 0");
}

// A loop inside each lane of a fixed scf.parallel: the loop network is
// replicated per lane; the lane coordinate and the value enter each lane's
// loop body through an invariant and the true lane.
TEST(LowerSCFToDataflowTest, TwoLevelParallelOfLoopReplicatesTheLoop) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {2, 4});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "rows", {f32}, {mems.make()});
  k.parallel({2}, [&](ValueRange j) {
    k.loopN(4, [&](Value i) { k.store(k.value(0), k.memory(0), {j[0], i}); });
  });
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  EXPECT_EQ(actorCounts(getGraph(*module)),
            "stream 2, carry 6, invariant 4, demux 10, "
            "mux 0, gate 0, load 0, store 2");
}

// A while in each lane of a fixed scf.parallel: each lane has its own
// condition-driven carries (E, the counter, W, R) and gate, and its lane
// coordinate enters the before region through one invariant.
TEST(LowerSCFToDataflowTest, TwoLevelParallelOfWhile) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {2, 8});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "probe", {}, {mems.make()});
  k.parallel({2}, [&](ValueRange j) {
    k.whileLoop(
        {k.ic(0)},
        [&](ValueRange c) {
          return k.lt(k.load(k.memory(0), {j[0], c[0]}), k.constant(f32, 0));
        },
        [&](ValueRange c) { return SmallVector<Value>{k.add(c[0], k.ic(1))}; });
  });
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  EXPECT_EQ(actorCounts(getGraph(*module)),
            "stream 0, carry 8, invariant 2, demux 8, "
            "mux 0, gate 2, load 2, store 0");
}

// Three levels: a loop, a fixed scf.parallel in its body, an if in each lane
// whose then lane computes its value in an execute_region (inlined). The
// lanes start from the loop body's E/W/R and are joined before the
// feedback; each lane's if demuxes x once for both lanes and muxes the value
// back (its lanes touch no memory, so W and R bypass it, and no lane uses E,
// whose demux is dropped once its mux folds).
TEST(LowerSCFToDataflowTest, ThreeLevelLoopParallelIfExecuteRegion) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {4, 2});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "clamp", {}, {mems.make()});
  k.loopN(4, [&](Value i) {
    k.parallel({2}, [&](ValueRange j) {
      Value x = k.load(k.memory(0), {i, j[0]});
      SmallVector<Value> y = k.ifValues(
          k.lt(x, k.constant(f32, 0)), f32,
          [&] {
            return k.executeRegion(
                f32, [&] { return SmallVector<Value>{k.sub(x, x)}; });
          },
          [&] { return SmallVector<Value>{x}; });
      k.store(y[0], k.memory(0), {i, j[0]});
    });
  });
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  EXPECT_EQ(actorCounts(getGraph(*module)),
            "stream 1, carry 3, invariant 0, demux 5, "
            "mux 2, gate 0, load 2, store 2");
}

// Three levels: an index_switch whose case lane holds a fixed forall whose
// lanes each run a loop; the default lane stores directly. The value is
// projected by one demux into both switch lanes, then into each lane's loop
// body.
TEST(LowerSCFToDataflowTest, ThreeLevelIndexSwitchForallLoop) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {2, 3});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "pick", {IndexType::get(&context), f32},
                  {mems.make()});
  k.indexSwitch(k.value(0), {1}, {}, [&](unsigned lane) {
    if (lane == 0) {
      k.store(k.value(1), k.memory(0), {k.ic(0), k.ic(0)});
      return SmallVector<Value>();
    }
    k.forall({2}, [&](ValueRange j) {
      k.loopN(3, [&](Value i) { k.store(k.value(1), k.memory(0), {j[0], i}); });
    });
    return SmallVector<Value>();
  });
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  EXPECT_EQ(actorCounts(getGraph(*module)),
            "stream 2, carry 6, invariant 4, demux 12, "
            "mux 3, gate 0, load 0, store 3");
}

// Three levels: a while whose after region runs a loop with an if in its
// body. The row counter reaches the loop body through the while's gate
// projection, then the loop's invariant, then the if's demux. The if
// muxes W and R back, not E.
TEST(LowerSCFToDataflowTest, ThreeLevelWhileLoopIf) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {8, 4});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "rowsUntil", {IndexType::get(&context)},
                  {mems.make()});
  k.whileLoop(
      {k.ic(0)}, [&](ValueRange r) { return k.lt(r[0], k.value(0)); },
      [&](ValueRange r) {
        k.loopN(4, [&](Value i) {
          Value zero = k.constant(f32, 0);
          k.if_(k.lt(k.load(k.memory(0), {r[0], i}), zero), [&] {
            k.store(zero, k.memory(0), {r[0], i});
          });
        });
        return SmallVector<Value>{k.add(r[0], k.ic(1))};
      });
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  EXPECT_EQ(actorCounts(getGraph(*module)),
            "stream 1, carry 7, invariant 2, demux 14, "
            "mux 2, gate 1, load 1, store 1");
}

// Three levels: a fixed forall whose lanes each run a while whose after
// region is an index_switch on the counter (cases 0 and 2, lane 0 the
// default). Each switch demuxes each stream it projects once for its three
// lanes and muxes W and R back as one (every lane stores).
TEST(LowerSCFToDataflowTest, ThreeLevelForallWhileIndexSwitch) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {2, 3});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "tags", {}, {mems.make()});
  k.forall({2}, [&](ValueRange j) {
    k.whileLoop(
        {k.ic(0)}, [&](ValueRange c) { return k.lt(c[0], k.ic(3)); },
        [&](ValueRange c) {
          k.indexSwitch(c[0], {0, 2}, {}, [&](unsigned lane) {
            k.store(k.constant(f32, lane), k.memory(0), {j[0], c[0]});
            return SmallVector<Value>();
          });
          return SmallVector<Value>{k.add(c[0], k.ic(1))};
        });
  });
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  EXPECT_EQ(actorCounts(getGraph(*module)),
            "stream 0, carry 8, invariant 2, demux 18, "
            "mux 2, gate 2, load 0, store 6");
}
