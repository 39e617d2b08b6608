//===- OperationClassTest.cpp - classes against the actor registry --------===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "loom/Fabric/OperationClass.h"
#include "loom/Dialect/Dataflow/IR/ActorSchema.h"

#include "gtest/gtest.h"

using namespace loom;
using namespace loom::fabric;

namespace {

// A registry op without a class could never be mapped; one in two classes
// would make technology mapping ambiguous.
TEST(OperationClassTest, EveryRegisteredOpHasExactlyOneClass) {
  for (const dataflow::ActorSchema &schema : dataflow::getActorSchemas()) {
    unsigned classes = 0;
    for (OperationClass cls : getAllOperationClasses())
      classes += llvm::is_contained(getOperationsOfClass(cls),
                                    llvm::StringRef(schema.opName));
    EXPECT_EQ(classes, 1u) << schema.opName.str();
    EXPECT_TRUE(classifyOperation(schema.opName).has_value())
        << schema.opName.str();
  }
}

TEST(OperationClassTest, EveryClassedOpIsRegistered) {
  for (OperationClass cls : getAllOperationClasses()) {
    EXPECT_FALSE(getOperationsOfClass(cls).empty());
    for (llvm::StringRef op : getOperationsOfClass(cls))
      EXPECT_NE(dataflow::lookupActorSchema(op), nullptr) << op.str();
  }
}

TEST(OperationClassTest, NamesRoundTrip) {
  for (OperationClass cls : getAllOperationClasses())
    EXPECT_EQ(parseOperationClass(getOperationClassName(cls)), cls);
  EXPECT_FALSE(parseOperationClass("int-mull").has_value());
}

TEST(OperationClassTest, ClassifiesRepresentativeOps) {
  EXPECT_EQ(classifyOperation("arith.addi"), OperationClass::IntAlu);
  EXPECT_EQ(classifyOperation("arith.muli"), OperationClass::IntMul);
  EXPECT_EQ(classifyOperation("arith.remsi"), OperationClass::IntDiv);
  EXPECT_EQ(classifyOperation("arith.select"), OperationClass::CompareSelect);
  EXPECT_EQ(classifyOperation("arith.cmpf"), OperationClass::FloatAdd);
  EXPECT_EQ(classifyOperation("math.fma"), OperationClass::FloatMul);
  EXPECT_EQ(classifyOperation("math.sqrt"), OperationClass::FloatDiv);
  EXPECT_EQ(classifyOperation("math.exp"), OperationClass::Transcendental);
  EXPECT_EQ(classifyOperation("dataflow.store"), OperationClass::Memory);
  EXPECT_EQ(classifyOperation("dataflow.mux"), OperationClass::Steer);
  EXPECT_EQ(classifyOperation("dataflow.constant"), OperationClass::Constant);
  EXPECT_EQ(classifyOperation("dataflow.carry"), OperationClass::Carry);
  EXPECT_FALSE(classifyOperation("arith.nonexistent").has_value());
  EXPECT_TRUE(isStateMachineClass(OperationClass::Gate));
  EXPECT_FALSE(isStateMachineClass(OperationClass::Steer));
}

} // namespace
