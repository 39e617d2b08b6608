//===- ActorSchema.h - the canonical actor schema registry ------*- C++ -*-===//
//
// Part of the Loom project.
//
// Part 3 "Canonical Actor Schema Projection": one table maps every operation
// admitted as a graph actor (the dataflow primitives, registered arith and
// math compute ops, the admitted LLVM compute ops) to a stable schema id, an
// actor kind and the attributes that affect one firing. Graph verification,
// the emulator, the simulator and the mapper all consume this one table.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_DIALECT_DATAFLOW_IR_ACTORSCHEMA_H
#define LOOM_DIALECT_DATAFLOW_IR_ACTORSCHEMA_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>

namespace loom::dataflow {

/// What an actor does with tokens.
enum class ActorKind : uint8_t {
  Compute, ///< fires when every operand has a token; one token per result
  Control, ///< stateful or selective token routing (stream, carry, mux, ...)
  Memory,  ///< issues a memory access when its control token arrives
};

/// Returns "compute", "control" or "memory".
llvm::StringRef stringifyActorKind(ActorKind kind);

/// One registered actor. `id` is the stable OperationSchemaId: it is part of
/// persistent encodings and never reused or renumbered.
struct ActorSchema {
  uint32_t id;
  llvm::StringLiteral opName;
  ActorKind kind;
  /// Inherent attributes that affect one firing (the closed semantic
  /// projection). Any other inherent attribute set on an instance is
  /// unclassified state and makes the instance inadmissible.
  std::array<llvm::StringLiteral, 3> semanticAttrs;

  /// The non-empty entries of `semanticAttrs`.
  llvm::SmallVector<llvm::StringRef, 3> getSemanticAttributes() const;
};

/// Every registered actor, ordered by id.
llvm::ArrayRef<ActorSchema> getActorSchemas();

/// Returns the schema registered for `opName` (e.g. "arith.addi"), or null.
const ActorSchema *lookupActorSchema(llvm::StringRef opName);

/// Returns the schema registered for `id`, or null.
const ActorSchema *lookupActorSchema(uint32_t id);

/// Checks that `op` is an admissible instance of `schema`: every inherent
/// attribute it sets is in the semantic projection and it carries no
/// discardable attribute other than `dataflow.entity_id`. Emits on `op`.
mlir::LogicalResult verifyActorInstance(mlir::Operation *op,
                                        const ActorSchema &schema);

/// Admits `op` as a graph actor: looks it up and verifies the instance.
/// Emits "'x' is not a registered dataflow actor" when there is no schema.
mlir::LogicalResult verifyGraphActor(mlir::Operation *op);

} // namespace loom::dataflow

#endif // LOOM_DIALECT_DATAFLOW_IR_ACTORSCHEMA_H
