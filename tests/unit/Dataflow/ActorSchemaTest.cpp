//===- ActorSchemaTest.cpp - the actor schema registry -------------------===//
//
// Part of the Loom project.
//
// The registry is the one table every consumer (graph verifier, emulator,
// simulator, mapper) shares, so its entries are checked against the real
// registered operations of LLVM 22.
//
//===----------------------------------------------------------------------===//

#include "loom/Dialect/Dataflow/IR/ActorSchema.h"
#include "loom/InitAllDialects.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace loom::dataflow;

namespace {
class ActorSchemaTest : public ::testing::Test {
protected:
  ActorSchemaTest() {
    DialectRegistry registry;
    loom::registerAllDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }
  MLIRContext context;
};
} // namespace

// Ids and names are unique, so both lookups are well defined.
TEST_F(ActorSchemaTest, IdsAndNamesAreUnique) {
  llvm::DenseSet<uint32_t> ids;
  llvm::StringSet<> names;
  for (const ActorSchema &schema : getActorSchemas()) {
    EXPECT_TRUE(ids.insert(schema.id).second) << "duplicate id " << schema.id;
    EXPECT_TRUE(names.insert(schema.opName).second)
        << "duplicate op " << schema.opName.str();
  }
}

// Ids are stable persistent encodings: a few anchors must never move.
TEST_F(ActorSchemaTest, AnchorIdsAreStable) {
  EXPECT_EQ(lookupActorSchema("dataflow.stream")->id, 1u);
  EXPECT_EQ(lookupActorSchema("dataflow.store")->id, 10u);
  EXPECT_EQ(lookupActorSchema("arith.addi")->id, 100u);
  EXPECT_EQ(lookupActorSchema("math.absf")->id, 200u);
  EXPECT_EQ(lookupActorSchema("llvm.getelementptr")->id, 300u);
  EXPECT_EQ(lookupActorSchema(119u)->opName, "arith.cmpi");
}

/// Semantic fields that are pure properties (not inherent attributes), so
/// RegisteredOperationName does not list them.
static bool isPropertyOnlyField(StringRef opName, StringRef field) {
  return opName == "llvm.getelementptr" && field == "noWrapFlags";
}

// Every entry names an operation that LLVM 22 registers, and every semantic
// attribute it lists is an inherent attribute of that operation.
TEST_F(ActorSchemaTest, EntriesMatchRegisteredOperations) {
  for (const ActorSchema &schema : getActorSchemas()) {
    std::optional<RegisteredOperationName> info =
        RegisteredOperationName::lookup(schema.opName, &context);
    ASSERT_TRUE(info.has_value()) << schema.opName.str() << " not registered";
    llvm::StringSet<> inherent;
    for (StringAttr name : info->getAttributeNames())
      inherent.insert(name.getValue());
    for (StringRef attr : schema.getSemanticAttributes())
      EXPECT_TRUE(inherent.contains(attr) ||
                  isPropertyOnlyField(schema.opName, attr))
          << schema.opName.str() << " has no inherent attribute '" << attr.str()
          << "'";
  }
}

// Every inherent attribute of an admitted op that can affect a firing is
// classified: an unclassified one would make valid instances inadmissible.
TEST_F(ActorSchemaTest, EveryInherentAttributeIsClassified) {
  for (const ActorSchema &schema : getActorSchemas()) {
    std::optional<RegisteredOperationName> info =
        RegisteredOperationName::lookup(schema.opName, &context);
    ASSERT_TRUE(info.has_value());
    SmallVector<StringRef, 3> semantic = schema.getSemanticAttributes();
    for (StringAttr name : info->getAttributeNames()) {
      if (name.getValue() == "operandSegmentSizes" ||
          name.getValue() == "resultSegmentSizes")
        continue;
      EXPECT_TRUE(llvm::is_contained(semantic, name.getValue()))
          << schema.opName.str() << " leaves '" << name.getValue().str()
          << "' unclassified";
    }
  }
}

// Kinds follow the token model: primitives that route tokens are control,
// addressed accesses are memory, the rest compute.
TEST_F(ActorSchemaTest, KindsFollowTheTokenModel) {
  EXPECT_EQ(lookupActorSchema("dataflow.carry")->kind, ActorKind::Control);
  EXPECT_EQ(lookupActorSchema("dataflow.mux")->kind, ActorKind::Control);
  EXPECT_EQ(lookupActorSchema("dataflow.load")->kind, ActorKind::Memory);
  EXPECT_EQ(lookupActorSchema("arith.select")->kind, ActorKind::Compute);
  EXPECT_EQ(stringifyActorKind(ActorKind::Memory), "memory");
}

// Operations outside the table, including timeless constants and LLVM
// aliases of arith ops, are not actors.
TEST_F(ActorSchemaTest, UnregisteredOperationsAreNotActors) {
  EXPECT_EQ(lookupActorSchema("arith.constant"), nullptr);
  EXPECT_EQ(lookupActorSchema("llvm.add"), nullptr);
  EXPECT_EQ(lookupActorSchema("memref.load"), nullptr);
  EXPECT_EQ(lookupActorSchema(9999u), nullptr);
}

// An instance that sets an attribute outside the projection is rejected
// with a diagnostic naming the attribute.
TEST_F(ActorSchemaTest, UnclassifiedDiscardableAttributeIsRejected) {
  OpBuilder builder(&context);
  Location loc = builder.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  builder.setInsertionPointToEnd(module->getBody());
  Value a = arith::ConstantIntOp::create(builder, loc, 1, 32);
  auto add = arith::AddIOp::create(builder, loc, a, a);
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  EXPECT_TRUE(succeeded(verifyGraphActor(add)));
  add->setAttr("my.tag", builder.getUnitAttr());
  EXPECT_TRUE(failed(verifyGraphActor(add)));
  EXPECT_NE(message.find("my.tag"), std::string::npos) << message;
  EXPECT_TRUE(failed(verifyGraphActor(a.getDefiningOp())));
  EXPECT_NE(message.find("not a registered dataflow actor"), std::string::npos)
      << message;
}
