//===- OperationClass.h - operation classes of fabric function units -----===//
//
// Part of the Loom project.
//
// A fabric's function units name the operations they execute by class, not by
// operation: each class is a fixed set of ops of the actor schema registry
// (compiler/lib/Dialect/Dataflow/IR/ActorSchema.cpp). docs/fabric.md lists
// the members of every class; classifyOperation is the one table.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_FABRIC_OPERATIONCLASS_H
#define LOOM_FABRIC_OPERATIONCLASS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/bit.h"

#include <cstdint>
#include <optional>

namespace loom::fabric {

enum class OperationClass : uint8_t {
  IntAlu,
  IntMul,
  IntDiv,
  CompareSelect,
  FloatAdd,
  FloatMul,
  FloatDiv,
  Transcendental,
  Memory,
  Steer,
  Constant,
  // Dedicated state machines: a unit of one of these classes executes only
  // that primitive (the validator rejects mixing them with other classes).
  Stream,
  Carry,
  Invariant,
  Gate,
};

inline constexpr unsigned kNumOperationClasses = 15;

/// All classes in declaration order.
llvm::ArrayRef<OperationClass> getAllOperationClasses();
/// The spelling used in fabric JSON, e.g. "int-alu".
llvm::StringRef getOperationClassName(OperationClass cls);
std::optional<OperationClass> parseOperationClass(llvm::StringRef name);
/// True for stream, carry, invariant and gate.
bool isStateMachineClass(OperationClass cls);
/// True for the classes every fabric must place somewhere (the dataflow
/// primitives and memory access): a graph may use them whatever it computes.
bool isRequiredClass(OperationClass cls);

/// The class of a registered actor operation ("arith.addi", "dataflow.carry")
/// or std::nullopt for a name outside the registry.
std::optional<OperationClass> classifyOperation(llvm::StringRef opName);
/// The registered operations of a class, in registry order.
llvm::ArrayRef<llvm::StringRef> getOperationsOfClass(OperationClass cls);

/// A set of classes as a bit mask.
class OperationClassSet {
public:
  void insert(OperationClass cls) { bits |= bit(cls); }
  bool contains(OperationClass cls) const { return bits & bit(cls); }
  bool empty() const { return bits == 0; }
  uint32_t getBits() const { return bits; }
  unsigned size() const { return llvm::popcount(bits); }

private:
  static uint32_t bit(OperationClass cls) {
    return uint32_t(1) << static_cast<unsigned>(cls);
  }
  uint32_t bits = 0;
};

} // namespace loom::fabric

#endif // LOOM_FABRIC_OPERATIONCLASS_H
