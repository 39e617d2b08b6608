//===- LowerSCFToDataflowTest.cpp - one template per kernel ---------------===//
//
// Part of the Loom project.
//
// Each kernel is built with the test IR builders around one structured
// construct and lowered with loom-lower-scf-to-dfg; the test pins the actor
// network its template must give (dataflow-semantics.md) on top of the
// checks every lowering meets (LoweringTestSupport.h).
//
//===----------------------------------------------------------------------===//

#include "LoweringTestSupport.h"

using namespace mlir;
using namespace loom;
using namespace loom::dataflow;
using namespace loom::testir;

namespace {
/// Memory ids 1000-1999 belong to this file.
constexpr unsigned kFirstMemId = 1000;
} // namespace

//===----------------------------------------------------------------------===//
// scf.for
//===----------------------------------------------------------------------===//

// A loop without iter_args: one stream, a carry/demux ring for E, and the
// captured value through one invariant and the true lane. Each iteration
// stores its own element, so W and R are not carried: one ring after the
// body joins the stores (docs/compiler.md, scf.for).
TEST(LowerSCFToDataflowTest, ForWithoutIterArgsHasOneStreamAndTwoRings) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {16});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "fill", {f32}, {mems.make()});
  k.loopN(16, [&](Value i) { k.store(k.value(0), k.memory(0), i); });
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  EXPECT_EQ(actorCounts(getGraph(*module)),
            "stream 1, carry 2, invariant 1, demux 3, mux 0, gate 0, load 0, "
            "store 1");
}

// One carried value adds one carry/demux ring beside E and the ring that
// joins the loads (a loop that only reads from the graph's start carries
// no W or R); the loop result is the ring's exit lane, stored after the
// loop.
TEST(LowerSCFToDataflowTest, ForWithIterArgsAddsOneRingPerCarriedValue) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {16});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "sum", {}, {mems.make(), mems.make({1})});
  Carried acc = k.carry(k.constant(f32, 0));
  SmallVector<Value> sum = k.scan(15, {acc}, [&](Value i) {
    k.setNext(acc, k.add(k.prev(acc), k.load(k.memory(0), i)));
  });
  k.store(sum[0], k.memory(1), k.ic(0));
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  GraphOp graph = getGraph(*module);
  EXPECT_EQ(actorCounts(graph), "stream 1, carry 3, invariant 0, demux 3, "
                                "mux 0, gate 0, load 1, store 1");
  unsigned f32Carries = 0;
  graph.walk([&](CarryOp carry) { f32Carries += carry.getType() == f32; });
  EXPECT_EQ(f32Carries, 1u);
}

// index bounds are cast to i64 at the stream and the iv back to index: four
// index_casts and an i64 stream.
TEST(LowerSCFToDataflowTest, ForOverIndexCastsToI64AtTheBoundary) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {8});
  KernelBuilder k(context, "zero", {}, {mems.make()});
  k.loop(7, [&](Value i) {
    k.store(k.constant(Float32Type::get(&context), 0), k.memory(0), i);
  });
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  GraphOp graph = getGraph(*module);
  EXPECT_EQ(countOps(graph, "arith.index_cast"), 4u);
  graph.walk([&](StreamOp stream) {
    EXPECT_TRUE(stream.getIv().getType().isInteger(64));
  });
}

// A loop over i32 bounds streams in i32: no cast but the kernel's own.
TEST(LowerSCFToDataflowTest, ForOverI32StreamsInI32) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {ShapedType::kDynamic});
  Type i32 = IntegerType::get(&context, 32);
  KernelBuilder k(context, "iota", {i32},
                  {mems.make({ShapedType::kDynamic}, i32)});
  k.loop(k.value(0), [&](Value i) {
    k.store(i, k.memory(0),
            arith::IndexCastOp::create(k.getBuilder(), k.getLoc(),
                                       k.getBuilder().getIndexType(), i)
                .getResult());
  });
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  GraphOp graph = getGraph(*module);
  EXPECT_EQ(countOps(graph, "arith.index_cast"), 1u);
  graph.walk([&](StreamOp stream) {
    EXPECT_TRUE(stream.getIv().getType().isInteger(32));
  });
}

// A dead loop (upto < 0) lowers to the same network: zero trips are the
// stream's business at run time, not the template's.
TEST(LowerSCFToDataflowTest, DeadLoopKeepsTheLoopNetwork) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {4});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "dead", {f32}, {mems.make()});
  k.loop(-1, [&](Value i) { k.store(k.value(0), k.memory(0), i); });
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  EXPECT_EQ(actorCounts(getGraph(*module)),
            "stream 1, carry 2, invariant 1, demux 3, mux 0, gate 0, load 0, "
            "store 1");
}

//===----------------------------------------------------------------------===//
// scf.if
//===----------------------------------------------------------------------===//

// if without else: the condition demuxes E, W, R (one stream here, the graph
// start: one demux) and the captured value; the missing else is the
// identity false lane, muxed back with the then lane's store (one mux for W
// and R, equal on both lanes). E leaves both lanes as it entered them, so
// it is not muxed (mux(c, demux(c, E)) folds to E).
TEST(LowerSCFToDataflowTest, IfWithoutElseIsAnIdentityFalseLane) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {4});
  Type i32 = IntegerType::get(&context, 32);
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "guard", {i32, f32}, {mems.make()});
  k.if_(k.value(0), [&] { k.store(k.value(1), k.memory(0), k.ic(0)); });
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  EXPECT_EQ(actorCounts(getGraph(*module)),
            "stream 0, carry 0, invariant 0, demux 2, mux 1, gate 0, load 0, "
            "store 1");
}

// if/else with a result: one demux of E, W and R (the graph start), one of
// the else lane's captured value; R (the then lane loads) and the result
// are muxed back, E and W (no lane writes) leave the branch unmuxed.
TEST(LowerSCFToDataflowTest, IfElseWithResultMuxesTheResult) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {2});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "clip", {f32, f32}, {mems.make()});
  SmallVector<Value> r = k.ifValues(
      k.lt(k.value(0), k.value(1)), {f32},
      [&] { return SmallVector<Value>{k.load(k.memory(0), k.ic(0))}; },
      [&] { return SmallVector<Value>{k.value(0)}; });
  k.store(r[0], k.memory(0), k.ic(1));
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  EXPECT_EQ(actorCounts(getGraph(*module)),
            "stream 0, carry 0, invariant 0, demux 2, mux 2, gate 0, load 1, "
            "store 1");
}

// if/else without results, a store on each side: one demux of E, W and R
// (the graph start) and two of the captured values, two stores; W and R are
// the lane's store on both lanes (one mux), E is not muxed.
TEST(LowerSCFToDataflowTest, IfElseWithoutResultsStoresOnBothLanes) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {2});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "pick", {f32, f32, f32}, {mems.make()});
  k.if_(
      k.value(0), [&] { k.store(k.value(1), k.memory(0), k.ic(0)); },
      [&] { k.store(k.value(2), k.memory(0), k.ic(1)); });
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  EXPECT_EQ(actorCounts(getGraph(*module)),
            "stream 0, carry 0, invariant 0, demux 3, mux 1, gate 0, load 0, "
            "store 2");
}

//===----------------------------------------------------------------------===//
// scf.while
//===----------------------------------------------------------------------===//

// while: carries for E, the argument, W and R driven by the condition; one
// gate into the after region; exits (argument, E, W, R) on demux false
// lanes; the captured key replayed by an invariant in the before phase.
TEST(LowerSCFToDataflowTest, WhileIsCarriesGateAndExitLanes) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {16});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "find", {f32},
                  {mems.make(), mems.make({1}, IndexType::get(&context))});
  SmallVector<Value> found = k.whileLoop(
      {k.ic(0)},
      [&](ValueRange j) { return k.lt(k.load(k.memory(0), j[0]), k.value(0)); },
      [&](ValueRange j) { return SmallVector<Value>{k.add(j[0], k.ic(1))}; });
  k.store(found[0], k.memory(1), k.ic(0));
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  GraphOp graph = getGraph(*module);
  EXPECT_EQ(actorCounts(graph), "stream 0, carry 4, invariant 1, demux 4, "
                                "mux 0, gate 1, load 1, store 1");
  // Every carry of the loop is driven by the one condition.
  Value cond;
  graph.walk([&](GateOp gate) { cond = gate.getOperand(0); });
  graph.walk([&](CarryOp carry) { EXPECT_EQ(carry.getOperand(0), cond); });
}

//===----------------------------------------------------------------------===//
// scf.index_switch
//===----------------------------------------------------------------------===//

/// A switch on value input 0 storing the lane's constant into memory 0.
static OwningOpRef<ModuleOp> buildSwitch(MLIRContext &context,
                                         ArrayRef<int64_t> cases) {
  MemRefFactory mems(context, kFirstMemId, {1});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "switch", {IndexType::get(&context)}, {mems.make()});
  SmallVector<Value> v =
      k.indexSwitch(k.value(0), cases, {f32}, [&](unsigned lane) {
        return SmallVector<Value>{k.constant(f32, lane)};
      });
  k.store(v[0], k.memory(0), k.ic(0));
  return k.finish();
}

// Cases [2, 5]: an index selector from cmpi/select, a three-lane demux of E
// and a three-lane mux of the result (E's mux folds: every lane passes E on
// untouched). The lanes touch no memory (the store is after the switch), so
// W and R bypass the switch.
TEST(LowerSCFToDataflowTest, IndexSwitchTwoCasesHasThreeLanes) {
  MLIRContext context(makeRegistry());
  OwningOpRef<ModuleOp> module = buildSwitch(context, {2, 5});
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  GraphOp graph = getGraph(*module);
  EXPECT_EQ(actorCounts(graph), "stream 0, carry 0, invariant 0, demux 1, "
                                "mux 1, gate 0, load 0, store 1");
  EXPECT_EQ(countOps(graph, "arith.select"), 2u);
  graph.walk([&](DemuxOp demux) {
    EXPECT_EQ(demux.getLanes().size(), 3u);
    EXPECT_TRUE(demux.getOperand(0).getType().isIndex());
  });
}

// One case is the i1 form: false is the default lane, no select.
TEST(LowerSCFToDataflowTest, IndexSwitchOneCaseUsesAnI1Selector) {
  MLIRContext context(makeRegistry());
  OwningOpRef<ModuleOp> module = buildSwitch(context, {3});
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  GraphOp graph = getGraph(*module);
  EXPECT_EQ(actorCounts(graph), "stream 0, carry 0, invariant 0, demux 1, "
                                "mux 1, gate 0, load 0, store 1");
  EXPECT_EQ(countOps(graph, "arith.select"), 0u);
  graph.walk([&](DemuxOp demux) {
    EXPECT_TRUE(demux.getOperand(0).getType().isInteger(1));
  });
}

// Zero cases is the default region inlined: no selection network at all.
TEST(LowerSCFToDataflowTest, IndexSwitchZeroCasesIsTheDefaultRegion) {
  MLIRContext context(makeRegistry());
  OwningOpRef<ModuleOp> module = buildSwitch(context, {});
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  GraphOp graph = getGraph(*module);
  EXPECT_EQ(actorCounts(graph), "stream 0, carry 0, invariant 0, demux 0, "
                                "mux 0, gate 0, load 0, store 1");
  EXPECT_EQ(countOps(graph, "arith.cmpi"), 0u);
}

//===----------------------------------------------------------------------===//
// Fixed-domain effect-form scf.forall
//===----------------------------------------------------------------------===//

// A fixed 1-D forall is replicated into four lanes with constant ivs; no loop
// actor is built.
TEST(LowerSCFToDataflowTest, FixedForallReplicatesStaticLanes) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {4});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "lanes", {f32}, {mems.make()});
  k.forall({4}, [&](ValueRange i) { k.store(k.value(0), k.memory(0), i); });
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  GraphOp graph = getGraph(*module);
  EXPECT_EQ(actorCounts(graph), "stream 0, carry 0, invariant 0, demux 0, "
                                "mux 0, gate 0, load 0, store 4");
  // The four lane coordinates are entry constants: value inputs of the
  // launch after the kernel's own (loom-hoist-entry-constants), not actors.
  EXPECT_EQ(countOps(graph, "dataflow.constant"), 0u);
  EXPECT_EQ(graph.getInputSegmentTypes(0).size(), 5u);
  EXPECT_EQ(launchConstants(*module),
            "0 : index, 1 : index, 2 : index, 3 : index");
}

// A fixed 2-D forall enumerates the Cartesian domain: 2 x 3 lanes.
TEST(LowerSCFToDataflowTest, FixedForall2DReplicatesTheCartesianDomain) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {2, 3});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "grid", {f32}, {mems.make()});
  k.forall({2, 3},
           [&](ValueRange ij) { k.store(k.value(0), k.memory(0), ij); });
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  EXPECT_EQ(actorCounts(getGraph(*module)),
            "stream 0, carry 0, invariant 0, demux 0, mux 0, gate 0, load 0, "
            "store 6");
}

// A fixed 1-D scf.parallel is replicated like the fixed forall: three lanes
// with constant ivs and no loop actor.
TEST(LowerSCFToDataflowTest, FixedParallelReplicatesStaticLanes) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {3});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "plane", {f32}, {mems.make()});
  k.parallel({3}, [&](ValueRange i) { k.store(k.value(0), k.memory(0), i); });
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  GraphOp graph = getGraph(*module);
  EXPECT_EQ(actorCounts(graph), "stream 0, carry 0, invariant 0, demux 0, "
                                "mux 0, gate 0, load 0, store 3");
  // The bounds 0, 3, 1 and the three lane coordinates are entry constants:
  // value inputs of the launch after the kernel's own, equal ones shared.
  EXPECT_EQ(countOps(graph, "dataflow.constant"), 0u);
  EXPECT_EQ(graph.getInputSegmentTypes(0).size(), 5u);
  EXPECT_EQ(launchConstants(*module),
            "3 : index, 0 : index, 1 : index, 2 : index");
}

// A fixed 2-D scf.parallel: 2 x 2 lanes, each a load and a store; the lanes
// start from the same frontiers, so their loads are not ordered with each
// other's stores, and the exits are joined all-of.
TEST(LowerSCFToDataflowTest, FixedParallel2DReplicatesTheCartesianDomain) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {2, 2});
  KernelBuilder k(context, "twice", {}, {mems.make()});
  k.parallel({2, 2}, [&](ValueRange ij) {
    Value x = k.load(k.memory(0), ij);
    k.store(k.add(x, x), k.memory(0), ij);
  });
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  GraphOp graph = getGraph(*module);
  EXPECT_EQ(actorCounts(graph), "stream 0, carry 0, invariant 0, demux 0, "
                                "mux 0, gate 0, load 4, store 4");
  // Every load waits on the start only: all_of(E, W) = start in each lane.
  graph.walk([&](dataflow::LoadOp load) {
    EXPECT_EQ(load.getCtrl(), graph.getStart());
  });
}

//===----------------------------------------------------------------------===//
// scf.execute_region
//===----------------------------------------------------------------------===//

// A single-block execute_region is inlined: its load and add are lowered in
// the enclosing scope and its result feeds the store directly.
TEST(LowerSCFToDataflowTest, ExecuteRegionIsInlined) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {2});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "wrapped", {}, {mems.make()});
  SmallVector<Value> r = k.executeRegion(f32, [&] {
    Value x = k.load(k.memory(0), k.ic(0));
    return SmallVector<Value>{k.add(x, k.constant(f32, 1))};
  });
  k.store(r[0], k.memory(0), k.ic(1));
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  GraphOp graph = getGraph(*module);
  EXPECT_EQ(actorCounts(graph), "stream 0, carry 0, invariant 0, demux 0, "
                                "mux 0, gate 0, load 1, store 1");
  dataflow::StoreOp store =
      *graph.getBody().getOps<dataflow::StoreOp>().begin();
  EXPECT_TRUE(isa<arith::AddFOp>(store.getValue().getDefiningOp()));
}

// An execute_region in a loop body runs once per iteration, in the body's
// phase: it adds no ring and no projection of its own.
TEST(LowerSCFToDataflowTest, ExecuteRegionInALoopBodyAddsNoActor) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {8});
  KernelBuilder k(context, "wrappedLoop", {}, {mems.make()});
  Type f32 = Float32Type::get(&context);
  k.loopN(8, [&](Value i) {
    SmallVector<Value> r = k.executeRegion(f32, [&] {
      Value x = k.load(k.memory(0), i);
      return SmallVector<Value>{k.mul(x, x)};
    });
    k.store(r[0], k.memory(0), i);
  });
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  EXPECT_EQ(actorCounts(getGraph(*module)),
            "stream 1, carry 2, invariant 0, demux 2, mux 0, gate 0, load 1, "
            "store 1");
}

//===----------------------------------------------------------------------===//
// Atomic publication
//===----------------------------------------------------------------------===//

// One region with a dynamic-bounds forall fails the pass and leaves the whole
// module, including a lowerable region of another thread, unchanged.
TEST(LowerSCFToDataflowTest, DynamicForallLeavesTheModuleUnchanged) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {ShapedType::kDynamic});
  Type f32 = Float32Type::get(&context);
  KernelBuilder good(context, "good", {f32}, {mems.make()});
  good.loopN(4, [&](Value i) { good.store(good.value(0), good.memory(0), i); });
  OwningOpRef<ModuleOp> module = good.finish();
  ASSERT_TRUE(module);

  KernelBuilder bad(context, "bad", {IndexType::get(&context), f32},
                    {mems.make()});
  bad.forall({bad.value(0)},
             [&](ValueRange i) { bad.store(bad.value(1), bad.memory(0), i); });
  OwningOpRef<ModuleOp> badModule = bad.finish();
  ASSERT_TRUE(badModule);
  module->getBody()->push_back(bad.getThread()->clone());

  std::string before = print(*module);
  std::string diagnostics;
  EXPECT_TRUE(failed(lower(*module, diagnostics)));
  EXPECT_NE(diagnostics.find("'scf.forall' has a dynamic domain"),
            std::string::npos)
      << diagnostics;
  EXPECT_EQ(print(*module), before);
}
