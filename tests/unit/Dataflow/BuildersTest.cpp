//===- BuildersTest.cpp - C++ builders of threads and graphs -------------===//
//
// Part of the Loom project.
//
// Lowering passes build thread and graph definitions from C++; these tests
// pin the ABI those builders produce (entry block layout, segments,
// argument/result attributes) and that the result verifies.
//
//===----------------------------------------------------------------------===//

#include "loom/Dialect/Dataflow/IR/Dataflow.h"
#include "loom/InitAllDialects.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace loom::dataflow;

namespace {
class BuildersTest : public ::testing::Test {
protected:
  BuildersTest() : builder(&context), loc(builder.getUnknownLoc()) {
    DialectRegistry registry;
    loom::registerAllDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
    module = ModuleOp::create(loc);
    builder.setInsertionPointToEnd(module->getBody());
  }

  /// Verifies the module, capturing the first diagnostic in `lastError`.
  bool verifies() {
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      lastError = diag.str();
      return success();
    });
    return succeeded(verify(*module));
  }

  /// A graph `(values: i32) -> (values: i32)` adding its input to itself.
  GraphOp buildAddGraph(StringRef name) {
    Type i32 = builder.getI32Type();
    auto graph = GraphOp::create(builder, loc, name,
                                 builder.getFunctionType({i32}, {i32}),
                                 /*inputSegments=*/{1, 0, 0},
                                 /*resultSegments=*/{1, 0, 0});
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToEnd(&graph.getBody().front());
    Value x = graph.getPayloadArgument(0);
    Value sum = arith::AddIOp::create(builder, loc, x, x);
    GraphReturnOp::create(builder, loc, /*values=*/ValueRange{sum},
                          /*streams=*/ValueRange{}, /*memories=*/ValueRange{},
                          /*complete=*/ValueRange{graph.getStart()});
    return graph;
  }

  MLIRContext context;
  OpBuilder builder;
  Location loc;
  OwningOpRef<ModuleOp> module;
  std::string lastError;
};
} // namespace

// A dense rank-2 thread gets (args..., thread_ctrl, coord0, coord1) and keeps
// argument attributes indexed by the payload arguments only.
TEST_F(BuildersTest, DenseRank2ThreadHasCtrlAndCoordinates) {
  Type memref = MemRefType::get({ShapedType::kDynamic}, builder.getF32Type());
  DictionaryAttr noalias = builder.getDictionaryAttr(
      builder.getNamedAttr("llvm.noalias", builder.getUnitAttr()));
  auto thread = ThreadOp::create(
      builder, loc, "tile",
      builder.getFunctionType({memref, builder.getF32Type()}, {}),
      ThreadDomainAttr::getDense(&context), /*rank=*/2,
      /*argAttrs=*/{noalias, builder.getDictionaryAttr({})});
  Block &entry = thread.getBody().front();
  ASSERT_EQ(entry.getNumArguments(), 5u);
  EXPECT_EQ(thread.getRank(), 2u);
  EXPECT_TRUE(isa<NoneType>(thread.getThreadCtrl().getType()));
  EXPECT_EQ(thread.getThreadCtrl().getArgNumber(), 2u);
  EXPECT_TRUE(thread.getCoordinate(1).getType().isIndex());
  EXPECT_TRUE(thread.getArgAttr(0, "llvm.noalias"));
  EXPECT_FALSE(thread.getArgAttr(1, "llvm.noalias"));
  EXPECT_EQ(thread.getSymVisibility(), "private");
  EXPECT_TRUE(isa<ThreadYieldOp>(entry.getTerminator()));
  EXPECT_TRUE(verifies()) << lastError;
}

// A dynamic-work thread has no coordinates and designates its work item.
TEST_F(BuildersTest, DynamicWorkThreadDesignatesWorkItem) {
  Type i64 = builder.getI64Type();
  auto thread = ThreadOp::create(
      builder, loc, "visit", builder.getFunctionType({i64}, {}),
      ThreadDomainAttr::getDynamicWork(&context, /*workItemArg=*/0),
      /*rank=*/0);
  EXPECT_TRUE(thread.isDynamicWork());
  EXPECT_EQ(thread.getRank(), 0u);
  EXPECT_EQ(thread.getWorkItemArgument().getArgNumber(), 0u);
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(thread.getYield());
    WorkSpawnOp::create(builder, loc, thread.getWorkItemArgument());
  }
  EXPECT_TRUE(verifies()) << lastError;
}

// The ThreadDomainAttr verifier refuses an ordinal on a dense domain.
TEST_F(BuildersTest, DenseDomainRejectsWorkItemOrdinal) {
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    lastError = diag.str();
    return success();
  });
  EXPECT_TRUE(failed(ThreadDomainAttr::verify([&]() { return emitError(loc); },
                                              ThreadDomainKind::Dense, 3u)));
  EXPECT_NE(lastError.find("no work_item_arg"), std::string::npos);
  EXPECT_TRUE(failed(ThreadDomainAttr::verify([&]() { return emitError(loc); },
                                              ThreadDomainKind::DynamicWork,
                                              std::nullopt)));
}

// A graph leads its entry block with %start, splits payloads by segment and
// carries argument and result attributes.
TEST_F(BuildersTest, GraphHasStartAndSegments) {
  Type i32 = builder.getI32Type();
  Type memref = MemRefType::get({8}, i32);
  DictionaryAttr tagged = builder.getDictionaryAttr(
      builder.getNamedAttr("loom.tag", builder.getUnitAttr()));
  DictionaryAttr empty = builder.getDictionaryAttr({});
  auto graph = GraphOp::create(
      builder, loc, "g", builder.getFunctionType({i32, i32, memref}, {i32}),
      /*inputSegments=*/{1, 1, 1}, /*resultSegments=*/{0, 1, 0},
      /*attrs=*/{}, /*argAttrs=*/{tagged, empty, empty},
      /*resAttrs=*/{tagged});
  Block &entry = graph.getBody().front();
  ASSERT_EQ(entry.getNumArguments(), 4u);
  EXPECT_TRUE(isa<NoneType>(graph.getStart().getType()));
  EXPECT_EQ(graph.getInputSegmentTypes(2).front(), memref);
  EXPECT_EQ(graph.getResultSegmentTypes(1).front(), i32);
  EXPECT_TRUE(graph.getArgAttr(0, "loom.tag"));
  EXPECT_TRUE(graph.getResultAttr(0, "loom.tag"));
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(&entry);
  GraphReturnOp::create(builder, loc, ValueRange{},
                        ValueRange{graph.getPayloadArgument(1)}, ValueRange{},
                        ValueRange{graph.getStart()});
  EXPECT_TRUE(verifies()) << lastError;
}

// A launch built inside a thread binds the callee's segments and yields its
// trailing done; a host launch and wait complete the program.
TEST_F(BuildersTest, LaunchesComposeIntoAValidProgram) {
  buildAddGraph("add");
  Type i32 = builder.getI32Type();
  auto thread =
      ThreadOp::create(builder, loc, "t", builder.getFunctionType({i32}, {}),
                       ThreadDomainAttr::getDense(&context), /*rank=*/1);
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(thread.getYield());
    auto launch = GraphLaunchOp::create(
        builder, loc, /*valueResults=*/TypeRange{i32},
        /*memoryResults=*/TypeRange{}, /*done=*/builder.getNoneType(),
        /*callee=*/FlatSymbolRefAttr::get(&context, "add"),
        /*dependencies=*/ValueRange{thread.getThreadCtrl()},
        /*valueInputs=*/ValueRange{thread.getBody().getArgument(0)},
        /*streamInputs=*/ValueRange{}, /*memoryInputs=*/ValueRange{},
        /*streamOutputs=*/ValueRange{}, /*source_maps=*/ArrayAttr());
    thread.getYield()->setOperands(ValueRange{launch.getDone()});
  }
  auto host = func::FuncOp::create(
      builder, loc, "host",
      builder.getFunctionType({i32, builder.getIndexType()}, {}));
  Block *body = host.addEntryBlock();
  builder.setInsertionPointToEnd(body);
  auto token = ThreadLaunchOp::create(
      builder, loc, ThreadTokenType::get(&context),
      FlatSymbolRefAttr::get(&context, "t"), ValueRange{},
      ValueRange{body->getArgument(1)}, ValueRange{body->getArgument(0)});
  ThreadWaitOp::create(builder, loc, ValueRange{token});
  func::ReturnOp::create(builder, loc);
  EXPECT_TRUE(verifies()) << lastError;

  // A body operand of the wrong type is named in the diagnostic.
  Value wrong = arith::ConstantIntOp::create(builder, loc, 0, 64);
  token.getBodyOperandsMutable()[0].set(wrong);
  wrong.getDefiningOp()->moveBefore(token);
  EXPECT_FALSE(verifies());
  EXPECT_NE(lastError.find("body operand #0"), std::string::npos) << lastError;
}
