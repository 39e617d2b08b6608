//===- KernelBuilderTest.cpp - the test IR builders' own contract ---------===//
//
// Part of the Loom project.
//
// The lowering tests trust the builders to emit exactly the documented
// shapes; these tests pin those shapes and the contract errors (scan
// carried values above all) before any pass runs.
//
//===----------------------------------------------------------------------===//

#include "LoweringTestSupport.h"

using namespace mlir;
using namespace loom;
using namespace loom::dataflow;
using namespace loom::testir;

namespace {
/// Memory ids 3000-3999 belong to this file.
constexpr unsigned kFirstMemId = 3000;

/// Collects the error diagnostics emitted while it lives.
struct DiagnosticLog {
  explicit DiagnosticLog(MLIRContext &context)
      : handler(&context, [this](Diagnostic &diag) {
          text += diag.str() + "\n";
          return success();
        }) {}
  std::string text;
  ScopedDiagnosticHandler handler;
};

/// The integer value of a constant, or nullopt.
std::optional<int64_t> constantOf(Value v) {
  if (auto constant = v.getDefiningOp<arith::ConstantOp>())
    if (auto attr = dyn_cast<IntegerAttr>(constant.getValue()))
      return attr.getInt();
  return std::nullopt;
}

/// The first op of type OpT under `root`.
template <typename OpT> OpT first(Operation *root) {
  OpT found;
  root->walk([&](OpT op) {
    if (!found)
      found = op;
  });
  return found;
}
} // namespace

// Ids are consecutive above first_id; the default shape is overridable.
TEST(KernelBuilderTest, MemRefFactoryMintsConsecutiveIds) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {4});
  MemRefArg a = mems.make();
  MemRefArg b = mems.make({2, 2}, IntegerType::get(&context, 32));
  EXPECT_EQ(a.id, kFirstMemId + 1);
  EXPECT_EQ(b.id, kFirstMemId + 2);
  EXPECT_EQ(mems.getLastId(), kFirstMemId + 2);
  EXPECT_EQ(a.type.getShape(), ArrayRef<int64_t>({4}));
  EXPECT_TRUE(a.type.getElementType().isF32());
  EXPECT_EQ(b.type.getShape(), ArrayRef<int64_t>({2, 2}));
}

// The shell is a dense rank-0 thread with one spatial region mirroring its
// arguments, named <kernel>_g0, memories located by their ids.
TEST(KernelBuilderTest, ShellIsARank0ThreadWithOneRegion) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {4});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "shell", {f32}, {mems.make()}, {f32});
  OwningOpRef<ModuleOp> module = k.finish({k.value(0)});
  ASSERT_TRUE(module);
  auto thread = *module->getOps<ThreadOp>().begin();
  EXPECT_EQ(thread.getRank(), 0u);
  EXPECT_FALSE(thread.isDynamicWork());
  auto region = first<SpatialRegionOp>(thread);
  ASSERT_TRUE(region);
  EXPECT_EQ(region.getGraphName(), std::optional<StringRef>("shell_g0"));
  EXPECT_EQ(region.getValueInputs()[0], thread.getBody().getArgument(0));
  EXPECT_EQ(region.getMemoryInputs()[0], thread.getBody().getArgument(1));
  EXPECT_EQ(region.getValueResults().size(), 1u);
  auto name = dyn_cast<NameLoc>(k.memory(0).getLoc());
  ASSERT_TRUE(name);
  EXPECT_EQ(name.getName().str(), "mem3001");
}

// loop(upto) is inclusive (bound upto + 1), upto < 0 is a dead loop, and
// loopN(width) has bound width.
TEST(KernelBuilderTest, LoopBoundsAreInclusiveAndLoopNIsAWidth) {
  MLIRContext context(makeRegistry());
  KernelBuilder k(context, "bounds", {}, {});
  scf::ForOp seven = k.loop(7, [](Value) {});
  scf::ForOp dead = k.loop(-1, [](Value) {});
  scf::ForOp five = k.loopN(5, [](Value) {});
  EXPECT_EQ(constantOf(seven.getUpperBound()), 8);
  EXPECT_EQ(constantOf(dead.getUpperBound()), 0);
  EXPECT_EQ(constantOf(five.getUpperBound()), 5);
  EXPECT_EQ(constantOf(five.getLowerBound()), 0);
  EXPECT_EQ(constantOf(five.getStep()), 1);
  EXPECT_TRUE(k.finish());
}

// A run-time upto makes the loop run in its type with bound upto + 1.
TEST(KernelBuilderTest, LoopOverAValueRunsInItsType) {
  MLIRContext context(makeRegistry());
  Type i32 = IntegerType::get(&context, 32);
  KernelBuilder k(context, "typed", {i32}, {});
  scf::ForOp loop = k.loop(k.value(0), [](Value) {});
  EXPECT_TRUE(loop.getInductionVar().getType().isInteger(32));
  auto bound = loop.getUpperBound().getDefiningOp<arith::AddIOp>();
  ASSERT_TRUE(bound);
  EXPECT_EQ(bound.getLhs(), k.value(0));
  EXPECT_TRUE(k.finish());
}

// parallel builds an effect-form scf.parallel from 0 with step 1 and an
// empty scf.reduce; a run-time extent becomes an index bound.
TEST(KernelBuilderTest, ParallelIsEffectFormFromZero) {
  MLIRContext context(makeRegistry());
  Type i32 = IntegerType::get(&context, 32);
  KernelBuilder k(context, "par", {i32}, {});
  unsigned visits = 0;
  scf::ParallelOp fixed = k.parallel({2, 3}, [&](ValueRange ivs) {
    EXPECT_EQ(ivs.size(), 2u);
    ++visits;
  });
  scf::ParallelOp dynamic = k.parallel({k.value(0)}, [](ValueRange) {});
  EXPECT_EQ(visits, 1u);
  EXPECT_EQ(fixed.getNumResults(), 0u);
  EXPECT_EQ(constantOf(fixed.getUpperBound()[0]), 2);
  EXPECT_EQ(constantOf(fixed.getUpperBound()[1]), 3);
  EXPECT_EQ(constantOf(fixed.getLowerBound()[1]), 0);
  EXPECT_EQ(constantOf(fixed.getStep()[0]), 1);
  auto reduce = cast<scf::ReduceOp>(fixed.getBody()->getTerminator());
  EXPECT_EQ(reduce.getNumOperands(), 0u);
  auto bound = dynamic.getUpperBound()[0].getDefiningOp<arith::IndexCastOp>();
  ASSERT_TRUE(bound);
  EXPECT_EQ(bound.getIn(), k.value(0));
  EXPECT_TRUE(k.finish());
}

// executeRegion builds one block ending in the yield of the body's values.
TEST(KernelBuilderTest, ExecuteRegionYieldsTheBodyValues) {
  MLIRContext context(makeRegistry());
  Type i32 = IntegerType::get(&context, 32);
  KernelBuilder k(context, "wrap", {i32}, {}, {i32});
  SmallVector<Value> r = k.executeRegion(
      i32, [&] { return SmallVector<Value>{k.add(k.value(0), k.value(0))}; });
  ASSERT_EQ(r.size(), 1u);
  auto op = r[0].getDefiningOp<scf::ExecuteRegionOp>();
  ASSERT_TRUE(op);
  EXPECT_TRUE(op.getRegion().hasOneBlock());
  auto yield = cast<scf::YieldOp>(op.getRegion().front().getTerminator());
  EXPECT_TRUE(isa<arith::AddIOp>(yield.getOperand(0).getDefiningOp()));
  EXPECT_TRUE(k.finish(r));
}

// A backward scan visits upto .. from as (from + upto) - iv; a forward scan
// uses the iv as is. Both carry their values as iter_args.
TEST(KernelBuilderTest, ScanCountsForwardAndBackward) {
  MLIRContext context(makeRegistry());
  Type i64 = IntegerType::get(&context, 64);
  KernelBuilder k(context, "scan", {}, {});
  Value seenForward, seenBackward;
  Carried a = k.carry(k.constant(i64, 0));
  SmallVector<Value> up = k.scan(9, {a}, [&](Value i) {
    seenForward = i;
    k.setNext(a, k.prev(a));
  });
  Carried b = k.carry(k.constant(i64, 0));
  Carried c = k.carry(k.constant(i64, 1));
  SmallVector<Value> down = k.scan(
      9, {b, c},
      [&](Value i) {
        seenBackward = i;
        k.setNext(b, k.prev(c));
        k.setNext(c, k.next(b));
      },
      Direction::Backward, /*from=*/2);
  EXPECT_EQ(up.size(), 1u);
  EXPECT_EQ(down.size(), 2u);
  EXPECT_TRUE(isa<BlockArgument>(seenForward));
  auto mirror = seenBackward.getDefiningOp<arith::SubIOp>();
  ASSERT_TRUE(mirror);
  EXPECT_EQ(constantOf(mirror.getLhs()), 11);
  auto loop = down[0].getDefiningOp<scf::ForOp>();
  EXPECT_EQ(constantOf(loop.getLowerBound()), 2);
  EXPECT_EQ(constantOf(loop.getUpperBound()), 10);
  // next reads this iteration's value: c's next is b's next, i.e. c's prev.
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  EXPECT_EQ(yield.getOperand(1), loop.getRegionIterArgs()[1]);
  EXPECT_TRUE(k.finish());
}

/// Builds a one-scan kernel whose body is `body` and returns the errors.
static std::string
scanErrors(llvm::function_ref<void(KernelBuilder &, Carried, Carried)> body) {
  MLIRContext context(makeRegistry());
  DiagnosticLog log(context);
  Type i64 = IntegerType::get(&context, 64);
  KernelBuilder k(context, "contract", {}, {});
  Carried a = k.carry(k.constant(i64, 0));
  Carried b = k.carry(k.constant(i64, 0));
  k.scan(3, {a, b}, [&](Value) { body(k, a, b); });
  EXPECT_FALSE(k.finish());
  return log.text;
}

// A second setNext of one carried value in one iteration is an error.
TEST(KernelBuilderTest, SetNextTwiceIsAnError) {
  std::string errors = scanErrors([](KernelBuilder &k, Carried a, Carried b) {
    k.setNext(a, k.prev(a));
    k.setNext(a, k.prev(b));
    k.setNext(b, k.prev(b));
  });
  EXPECT_NE(errors.find("setNext called twice for carried value #0"),
            std::string::npos)
      << errors;
}

// A carried value left without setNext is an error.
TEST(KernelBuilderTest, MissingSetNextIsAnError) {
  std::string errors = scanErrors(
      [](KernelBuilder &k, Carried a, Carried) { k.setNext(a, k.prev(a)); });
  EXPECT_NE(errors.find("setNext was not called for carried value #1"),
            std::string::npos)
      << errors;
}

// setNext inside a nested construct is not a top-level statement: an error.
TEST(KernelBuilderTest, SetNextInsideANestedIfIsAnError) {
  std::string errors = scanErrors([](KernelBuilder &k, Carried a, Carried b) {
    k.setNext(a, k.prev(a));
    k.if_(k.lt(k.prev(a), k.prev(b)), [&] { k.setNext(b, k.prev(a)); });
  });
  EXPECT_NE(errors.find("must be a top-level statement"), std::string::npos)
      << errors;
}

// next before setNext in the same iteration is an error.
TEST(KernelBuilderTest, NextBeforeSetNextIsAnError) {
  std::string errors = scanErrors([](KernelBuilder &k, Carried a, Carried b) {
    k.setNext(a, k.next(b));
    k.setNext(b, k.prev(b));
  });
  EXPECT_NE(errors.find("read before its setNext"), std::string::npos)
      << errors;
}

// prev outside the scan body, and a carried value joining a second scan, are
// errors.
TEST(KernelBuilderTest, CarriedValueOutsideItsScanIsAnError) {
  MLIRContext context(makeRegistry());
  DiagnosticLog log(context);
  Type i64 = IntegerType::get(&context, 64);
  KernelBuilder k(context, "outside", {}, {});
  Carried a = k.carry(k.constant(i64, 0));
  k.scan(3, {a}, [&](Value) { k.setNext(a, k.prev(a)); });
  k.prev(a);
  k.scan(3, {a}, [&](Value) { k.setNext(a, k.prev(a)); });
  EXPECT_FALSE(k.finish());
  EXPECT_NE(log.text.find("prev of carried value #0 outside the body"),
            std::string::npos)
      << log.text;
  EXPECT_NE(log.text.find("joins a second scan"), std::string::npos)
      << log.text;
}

// if_ reads the condition at its own type (a float compared une 0.0); ifIdx
// converts it to an index first (fptosi, index_cast) and compares ne 0.
TEST(KernelBuilderTest, IfReadsItsOwnTypeIfIdxReadsAnIndex) {
  MLIRContext context(makeRegistry());
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "guards", {f32, IntegerType::get(&context, 1)}, {});
  scf::IfOp own = k.if_(k.value(0), [] {});
  scf::IfOp idx = k.ifIdx(k.value(0), [] {}, [] {});
  scf::IfOp flag = k.if_(k.value(1), [] {});
  auto cmpf = own.getCondition().getDefiningOp<arith::CmpFOp>();
  ASSERT_TRUE(cmpf);
  EXPECT_EQ(cmpf.getPredicate(), arith::CmpFPredicate::UNE);
  auto cmpi = idx.getCondition().getDefiningOp<arith::CmpIOp>();
  ASSERT_TRUE(cmpi);
  EXPECT_TRUE(cmpi.getLhs().getType().isIndex());
  EXPECT_TRUE(cmpi.getLhs().getDefiningOp<arith::IndexCastOp>());
  EXPECT_FALSE(idx.getElseRegion().empty());
  EXPECT_TRUE(own.getElseRegion().empty());
  EXPECT_EQ(flag.getCondition(), k.value(1));
  EXPECT_TRUE(k.finish());
}

// gather/scatter replace the dynamic axis with the run-time value (an i32
// row is index_cast); the other indices are kept.
TEST(KernelBuilderTest, GatherAndScatterUseTheRunTimeRow) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {8, 4});
  Type i32 = IntegerType::get(&context, 32);
  KernelBuilder k(context, "rows", {i32}, {mems.make()});
  Value col = k.ic(3);
  Value x = k.gather(k.memory(0), {Value(), col}, 0, k.value(0));
  k.scatter(k.memory(0), {Value(), col}, 0, k.value(0), x);
  auto load = x.getDefiningOp<memref::LoadOp>();
  ASSERT_TRUE(load);
  auto row = load.getIndices()[0].getDefiningOp<arith::IndexCastOp>();
  ASSERT_TRUE(row);
  EXPECT_EQ(row.getIn(), k.value(0));
  EXPECT_EQ(load.getIndices()[1], col);
  EXPECT_TRUE(first<memref::StoreOp>(k.getRegion()));
  EXPECT_TRUE(k.finish());
}

// scatterAdd of an f32 addend into a bf16 table truncates the addend to the
// element type, adds in bf16 and writes the same cell back.
TEST(KernelBuilderTest, ScatterAddConvertsTheAddendToTheElementType) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {8});
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "embed", {IndexType::get(&context), f32},
                  {mems.make({8}, BFloat16Type::get(&context))});
  k.scatterAdd(k.memory(0), {Value()}, 0, k.value(0), k.value(1));
  auto trunc = first<arith::TruncFOp>(k.getRegion());
  ASSERT_TRUE(trunc);
  EXPECT_EQ(trunc.getIn(), k.value(1));
  auto sum = first<arith::AddFOp>(k.getRegion());
  ASSERT_TRUE(sum);
  EXPECT_TRUE(sum.getType().isBF16());
  auto store = first<memref::StoreOp>(k.getRegion());
  EXPECT_EQ(store.getIndices()[0], k.value(0));
  EXPECT_TRUE(k.finish());
}

// defineLocal is the declare/set pair: a rank-0 alloca and a store of v.
TEST(KernelBuilderTest, DefineLocalDeclaresAndAssigns) {
  MLIRContext context(makeRegistry());
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "local", {f32}, {});
  Local local = k.defineLocal(k.value(0));
  auto alloca = local.cell.getDefiningOp<memref::AllocaOp>();
  ASSERT_TRUE(alloca);
  EXPECT_EQ(alloca.getType().getRank(), 0);
  auto store = cast<memref::StoreOp>(alloca->getNextNode());
  EXPECT_EQ(store.getValueToStore(), k.value(0));
  EXPECT_TRUE(k.getLocal(local).getDefiningOp<memref::LoadOp>());
  EXPECT_TRUE(k.finish());
}

// The tile's leading dimensions default off its own geometry (ldd = n,
// lda = m when a is transposed, ldb = n) and are recorded on the nest.
TEST(KernelBuilderTest, TileMmaRecordsItsGeometry) {
  MLIRContext context(makeRegistry());
  MemRefFactory mems(context, kFirstMemId, {64});
  KernelBuilder k(context, "tile", {}, {mems.make(), mems.make(), mems.make()});
  TileMma tile;
  tile.d = k.memory(0);
  tile.a = k.memory(1);
  tile.b = k.memory(2);
  tile.m = 2;
  tile.n = 3;
  tile.k = 4;
  tile.ta = true;
  Operation *nest = k.tileMma(tile);
  ASSERT_TRUE(nest);
  auto geometry = nest->getAttrOfType<DictionaryAttr>("loom.tile_mma");
  ASSERT_TRUE(geometry);
  auto get = [&](StringRef name) {
    return cast<IntegerAttr>(geometry.get(name)).getInt();
  };
  EXPECT_EQ(get("ldd"), 3);
  EXPECT_EQ(get("lda"), 2);
  EXPECT_EQ(get("ldb"), 3);
  EXPECT_EQ(get("ta"), 1);
  unsigned loops = 0;
  nest->walk([&](scf::ForOp) { ++loops; });
  EXPECT_EQ(loops, 3u);
  EXPECT_TRUE(k.finish());
}

// Lanes that do not divide m are refused with an error.
TEST(KernelBuilderTest, TileMmaRefusesLanesNotDividingM) {
  MLIRContext context(makeRegistry());
  DiagnosticLog log(context);
  MemRefFactory mems(context, kFirstMemId, {64});
  KernelBuilder k(context, "tile", {}, {mems.make(), mems.make(), mems.make()});
  TileMma tile;
  tile.d = k.memory(0);
  tile.a = k.memory(1);
  tile.b = k.memory(2);
  tile.m = 3;
  tile.n = tile.k = 2;
  tile.lanes = 2;
  EXPECT_FALSE(k.tileMma(tile));
  EXPECT_FALSE(k.finish());
  EXPECT_NE(log.text.find("lanes dividing m"), std::string::npos) << log.text;
}

// finish refuses results whose types differ from the declared ones.
TEST(KernelBuilderTest, FinishRefusesWrongResultTypes) {
  MLIRContext context(makeRegistry());
  DiagnosticLog log(context);
  Type f32 = Float32Type::get(&context);
  KernelBuilder k(context, "results", {f32}, {}, {f32, f32});
  EXPECT_FALSE(k.finish({k.value(0)}));
  EXPECT_NE(log.text.find("declared results"), std::string::npos) << log.text;
}
