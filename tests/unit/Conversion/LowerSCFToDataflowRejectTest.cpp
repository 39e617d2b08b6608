//===- LowerSCFToDataflowRejectTest.cpp - index width and rejections ------===//
//
// Part of the Loom project.
//
// The configurable index width (scf.for values cross into the graph as iN,
// accepted at N = 32 only when the bounds are proven to fit) and rejections
// that leave the module exactly as it was (atomic publication).
//
//===----------------------------------------------------------------------===//

#include "LoweringTestSupport.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace loom;
using namespace loom::dataflow;
using namespace loom::testir;

namespace {
/// Memory ids 4000-4999 belong to this file.
constexpr unsigned kFirstMemId = 4000;

/// The one dataflow.stream of `graph`, or null.
dataflow::StreamOp getStream(GraphOp graph) {
  auto streams = graph.getBody().getOps<dataflow::StreamOp>();
  if (std::distance(streams.begin(), streams.end()) != 1)
    return nullptr;
  return *streams.begin();
}

/// Lowers `module` expecting a failure whose diagnostics contain `expected`,
/// and a module that prints exactly as before.
::testing::AssertionResult rejectsUnchanged(ModuleOp module,
                                            llvm::StringRef expected,
                                            unsigned indexWidth = 64) {
  std::string before = print(module);
  std::string diagnostics;
  if (succeeded(lower(module, diagnostics, indexWidth)))
    return ::testing::AssertionFailure() << "the lowering succeeded";
  if (diagnostics.find(expected.str()) == std::string::npos)
    return ::testing::AssertionFailure()
           << "no '" << expected.str() << "' in:\n"
           << diagnostics;
  if (print(module) != before)
    return ::testing::AssertionFailure() << "the module changed:\n"
                                         << print(module);
  return ::testing::AssertionSuccess();
}

/// a[i] = v for i < n, n a run-time index value; returns the loop.
scf::ForOp buildFill(KernelBuilder &k) {
  return k.loopN(k.value(0),
                 [&](Value i) { k.store(k.value(1), k.memory(0), i); });
}
} // namespace

//===----------------------------------------------------------------------===//
// Index width
//===----------------------------------------------------------------------===//

// Constant bounds prove themselves: at width 32 the bounds are cast to i32,
// the stream runs in i32 and the iv is cast back to index in the body.
TEST(LowerSCFToDataflowRejectTest, Width32StreamsInI32WithConstantBounds) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {8});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "fill8", {f32}, {mems.make()});
  k.loopN(8, [&](Value i) { k.store(k.value(0), k.memory(0), i); });
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module, /*indexWidth=*/32));
  dataflow::StreamOp stream = getStream(getGraph(*module));
  ASSERT_TRUE(stream);
  EXPECT_TRUE(stream.getIv().getType().isInteger(32));
  ASSERT_TRUE(stream.getIv().hasOneUse());
  auto back = dyn_cast<arith::IndexCastOp>(*stream.getIv().user_begin());
  ASSERT_TRUE(back);
  EXPECT_TRUE(back.getType().isIndex());
  for (Value bound : stream->getOperands()) {
    auto cast = bound.getDefiningOp<arith::IndexCastOp>();
    ASSERT_TRUE(cast);
    EXPECT_TRUE(cast.getIn().getType().isIndex());
  }
}

// The same kernel at the default width streams in i64.
TEST(LowerSCFToDataflowRejectTest, DefaultWidthStreamsInI64) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {8});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "fill8", {f32}, {mems.make()});
  k.loopN(8, [&](Value i) { k.store(k.value(0), k.memory(0), i); });
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module));
  dataflow::StreamOp stream = getStream(getGraph(*module));
  ASSERT_TRUE(stream);
  EXPECT_TRUE(stream.getIv().getType().isInteger(64));
}

// A run-time bound without facts is not proven to fit in i32: rejected,
// never truncated, and the module is unchanged. At width 64 it lowers.
TEST(LowerSCFToDataflowRejectTest, Width32RejectsAnUnprovenRunTimeBound) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {ShapedType::kDynamic});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "fill", {IndexType::get(&context), f32},
                  {mems.make()});
  buildFill(k);
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  EXPECT_TRUE(rejectsUnchanged(
      *module, "'scf.for' has index bounds not proven to fit in i32", 32));
  EXPECT_TRUE(lowersCleanly(*module));
}

// loom.facts (as loom-attach-loop-facts writes them) prove a run-time bound
// fits: the loop lowers at width 32.
TEST(LowerSCFToDataflowRejectTest, Width32AcceptsARunTimeBoundWithFacts) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {ShapedType::kDynamic});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "fill", {IndexType::get(&context), f32},
                  {mems.make()});
  scf::ForOp loop = buildFill(k);
  Builder b(&context);
  loop->setAttr("loom.facts",
                b.getDictionaryAttr(
                    {b.getNamedAttr("lower", b.getDenseI64ArrayAttr({0, 0})),
                     b.getNamedAttr("upper", b.getDenseI64ArrayAttr({0, 100})),
                     b.getNamedAttr("step", b.getI64IntegerAttr(1))}));
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  ASSERT_TRUE(lowersCleanly(*module, /*indexWidth=*/32));
  dataflow::StreamOp stream = getStream(getGraph(*module));
  ASSERT_TRUE(stream);
  EXPECT_TRUE(stream.getIv().getType().isInteger(32));
}

// Facts whose upper bound reaches 2^31 do not fit in i32.
TEST(LowerSCFToDataflowRejectTest, Width32RejectsFactsBeyondTheWidth) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {ShapedType::kDynamic});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "fill", {IndexType::get(&context), f32},
                  {mems.make()});
  scf::ForOp loop = buildFill(k);
  Builder b(&context);
  loop->setAttr("loom.facts",
                b.getDictionaryAttr(
                    {b.getNamedAttr("lower", b.getDenseI64ArrayAttr({0, 0})),
                     b.getNamedAttr("upper", b.getDenseI64ArrayAttr(
                                                 {0, int64_t(1) << 31})),
                     b.getNamedAttr("step", b.getI64IntegerAttr(1))}));
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  EXPECT_TRUE(rejectsUnchanged(
      *module, "'scf.for' has index bounds not proven to fit in i32", 32));
}

//===----------------------------------------------------------------------===//
// Rejections
//===----------------------------------------------------------------------===//

// A run-time extent makes a dynamic-width scf.parallel.
TEST(LowerSCFToDataflowRejectTest, DynamicParallelIsRejected) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {ShapedType::kDynamic});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "dyn", {IndexType::get(&context), f32},
                  {mems.make()});
  k.parallel({k.value(0)},
             [&](ValueRange i) { k.store(k.value(1), k.memory(0), i); });
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  EXPECT_TRUE(rejectsUnchanged(*module, "'scf.parallel' has a dynamic domain"));
}

// A domain beyond the replication limit is rejected before anything is
// built.
TEST(LowerSCFToDataflowRejectTest, OversizedParallelIsRejected) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {16, 16});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "big", {f32}, {mems.make()});
  k.parallel({16, 16},
             [&](ValueRange ij) { k.store(k.value(0), k.memory(0), ij); });
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  EXPECT_TRUE(
      rejectsUnchanged(*module, "'scf.parallel' has more than 64 points"));
}

// An aggregation-form forall: its in_parallel inserts each lane's slice into
// a shared tensor output.
TEST(LowerSCFToDataflowRejectTest, AggregationFormForallIsRejected) {
  MLIRContext context(makeRegistry());
  context.loadDialect<tensor::TensorDialect>();
  MemRefFactory mems(context, kFirstMemId, {4});
  Type f32 = Float32Type::get(&context);
  auto tensor4 = RankedTensorType::get({4}, f32);
  KernelBuilder k(context, "agg", {tensor4, f32}, {mems.make()});
  OpBuilder &b = k.getBuilder();
  Location loc = k.getLoc();
  auto loop =
      scf::ForallOp::create(b, loc, ArrayRef<OpFoldResult>{b.getIndexAttr(4)},
                            ValueRange{k.value(0)}, /*mapping=*/std::nullopt);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(loop.getTerminator());
    Value slice = tensor::FromElementsOp::create(
        b, loc, RankedTensorType::get({1}, f32), ValueRange{k.value(1)});
    b.setInsertionPointToStart(loop.getTerminator().getBody());
    tensor::ParallelInsertSliceOp::create(
        b, loc, slice, loop.getRegionIterArgs()[0],
        ArrayRef<OpFoldResult>{loop.getInductionVars()[0]},
        ArrayRef<OpFoldResult>{b.getIndexAttr(1)},
        ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
  }
  OwningOpRef<ModuleOp> module = k.finish();
  ASSERT_TRUE(module);
  EXPECT_TRUE(rejectsUnchanged(*module, "'scf.forall' is aggregation-form"));
}

// Every region is checked before anything is built: two bad threads give
// two diagnostics, each naming its region.
TEST(LowerSCFToDataflowRejectTest, EveryBadRegionIsNamed) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {ShapedType::kDynamic});
  Type f32 = Float32Type::get(&context);
  Type index = IndexType::get(&context);
  KernelBuilder first(context, "first", {index, f32}, {mems.make()});
  first.parallel({first.value(0)}, [&](ValueRange i) {
    first.store(first.value(1), first.memory(0), i);
  });
  OwningOpRef<ModuleOp> module = first.finish();
  ASSERT_TRUE(module);
  KernelBuilder second(context, "second", {index, f32}, {mems.make()});
  second.forall({second.value(0)}, [&](ValueRange i) {
    second.store(second.value(1), second.memory(0), i);
  });
  OwningOpRef<ModuleOp> secondModule = second.finish();
  ASSERT_TRUE(secondModule);
  module->getBody()->push_back(second.getThread()->clone());
  std::string before = print(*module);
  std::string diagnostics;
  EXPECT_TRUE(failed(lower(*module, diagnostics)));
  // The builders name each region's graph <kernel>_g0.
  EXPECT_NE(diagnostics.find("'first_g0': 'scf.parallel'"), std::string::npos)
      << diagnostics;
  EXPECT_NE(diagnostics.find("'second_g0': 'scf.forall'"), std::string::npos)
      << diagnostics;
  EXPECT_EQ(print(*module), before);
}
