//===- ActorSchema.cpp - the canonical actor schema registry -------------===//
//
// Part of the Loom project.
//
// The one table of admitted graph actors. Ids are stable: append new entries
// with fresh ids, never renumber. Ranges: 1-99 dataflow primitives, 100-199
// arith, 200-299 math, 300-399 llvm.
//
//===----------------------------------------------------------------------===//

#include "loom/Dialect/Dataflow/IR/ActorSchema.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OperationSupport.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace loom::dataflow;

namespace {
constexpr ActorKind kCompute = ActorKind::Compute;
constexpr ActorKind kControl = ActorKind::Control;
constexpr ActorKind kMemory = ActorKind::Memory;
using A = std::array<llvm::StringLiteral, 3>;
} // namespace

static const ActorSchema kActorSchemas[] = {
    // dataflow primitives (dataflow-semantics.md)
    {1, "dataflow.stream", kControl, A{"step_kind", "predicate", ""}},
    {2, "dataflow.carry", kControl, A{"", "", ""}},
    {3, "dataflow.invariant", kControl, A{"", "", ""}},
    {4, "dataflow.gate", kControl, A{"", "", ""}},
    {5, "dataflow.constant", kControl, A{"value", "", ""}},
    {6, "dataflow.sync", kControl, A{"", "", ""}},
    {7, "dataflow.mux", kControl, A{"", "", ""}},
    {8, "dataflow.demux", kControl, A{"", "", ""}},
    {9, "dataflow.load", kMemory, A{"", "", ""}},
    {10, "dataflow.store", kMemory, A{"", "", ""}},

    // arith: integer
    {100, "arith.addi", kCompute, A{"overflowFlags", "", ""}},
    {101, "arith.subi", kCompute, A{"overflowFlags", "", ""}},
    {102, "arith.muli", kCompute, A{"overflowFlags", "", ""}},
    {103, "arith.divsi", kCompute, A{"isExact", "", ""}},
    {104, "arith.divui", kCompute, A{"isExact", "", ""}},
    {105, "arith.remsi", kCompute, A{"", "", ""}},
    {106, "arith.remui", kCompute, A{"", "", ""}},
    {107, "arith.ceildivsi", kCompute, A{"", "", ""}},
    {108, "arith.floordivsi", kCompute, A{"", "", ""}},
    {109, "arith.andi", kCompute, A{"", "", ""}},
    {110, "arith.ori", kCompute, A{"", "", ""}},
    {111, "arith.xori", kCompute, A{"", "", ""}},
    {112, "arith.shli", kCompute, A{"overflowFlags", "", ""}},
    {113, "arith.shrsi", kCompute, A{"isExact", "", ""}},
    {114, "arith.shrui", kCompute, A{"isExact", "", ""}},
    {115, "arith.maxsi", kCompute, A{"", "", ""}},
    {116, "arith.minsi", kCompute, A{"", "", ""}},
    {117, "arith.maxui", kCompute, A{"", "", ""}},
    {118, "arith.minui", kCompute, A{"", "", ""}},
    {119, "arith.cmpi", kCompute, A{"predicate", "", ""}},
    {120, "arith.select", kCompute, A{"", "", ""}},
    {121, "arith.extsi", kCompute, A{"", "", ""}},
    {122, "arith.extui", kCompute, A{"", "", ""}},
    {123, "arith.trunci", kCompute, A{"overflowFlags", "", ""}},
    {124, "arith.index_cast", kCompute, A{"", "", ""}},
    {125, "arith.index_castui", kCompute, A{"", "", ""}},
    {126, "arith.bitcast", kCompute, A{"", "", ""}},
    // arith: floating point
    {140, "arith.addf", kCompute, A{"fastmath", "", ""}},
    {141, "arith.subf", kCompute, A{"fastmath", "", ""}},
    {142, "arith.mulf", kCompute, A{"fastmath", "", ""}},
    {143, "arith.divf", kCompute, A{"fastmath", "", ""}},
    {144, "arith.remf", kCompute, A{"fastmath", "", ""}},
    {145, "arith.negf", kCompute, A{"fastmath", "", ""}},
    {146, "arith.cmpf", kCompute, A{"predicate", "fastmath", ""}},
    {147, "arith.maximumf", kCompute, A{"fastmath", "", ""}},
    {148, "arith.minimumf", kCompute, A{"fastmath", "", ""}},
    {149, "arith.maxnumf", kCompute, A{"fastmath", "", ""}},
    {150, "arith.minnumf", kCompute, A{"fastmath", "", ""}},
    {151, "arith.sitofp", kCompute, A{"", "", ""}},
    {152, "arith.uitofp", kCompute, A{"", "", ""}},
    {153, "arith.fptosi", kCompute, A{"", "", ""}},
    {154, "arith.fptoui", kCompute, A{"", "", ""}},
    {155, "arith.extf", kCompute, A{"fastmath", "", ""}},
    {156, "arith.truncf", kCompute, A{"roundingmode", "fastmath", ""}},

    // math
    {200, "math.absf", kCompute, A{"fastmath", "", ""}},
    {201, "math.absi", kCompute, A{"", "", ""}},
    {202, "math.sqrt", kCompute, A{"fastmath", "", ""}},
    {203, "math.rsqrt", kCompute, A{"fastmath", "", ""}},
    {204, "math.exp", kCompute, A{"fastmath", "", ""}},
    {205, "math.exp2", kCompute, A{"fastmath", "", ""}},
    {206, "math.log", kCompute, A{"fastmath", "", ""}},
    {207, "math.log2", kCompute, A{"fastmath", "", ""}},
    {208, "math.sin", kCompute, A{"fastmath", "", ""}},
    {209, "math.cos", kCompute, A{"fastmath", "", ""}},
    {210, "math.tanh", kCompute, A{"fastmath", "", ""}},
    {211, "math.powf", kCompute, A{"fastmath", "", ""}},
    {212, "math.fma", kCompute, A{"fastmath", "", ""}},
    {213, "math.floor", kCompute, A{"fastmath", "", ""}},
    {214, "math.ceil", kCompute, A{"fastmath", "", ""}},
    {215, "math.copysign", kCompute, A{"fastmath", "", ""}},
    {216, "math.ctlz", kCompute, A{"", "", ""}},
    {217, "math.cttz", kCompute, A{"", "", ""}},
    {218, "math.ctpop", kCompute, A{"", "", ""}},
    // libm functions the raising emits (RaiseLLVMToArith, RaiseLibmCalls)
    {219, "math.trunc", kCompute, A{"fastmath", "", ""}},
    {220, "math.round", kCompute, A{"fastmath", "", ""}},
    {221, "math.roundeven", kCompute, A{"fastmath", "", ""}},
    {222, "math.log10", kCompute, A{"fastmath", "", ""}},
    {223, "math.log1p", kCompute, A{"fastmath", "", ""}},
    {224, "math.expm1", kCompute, A{"fastmath", "", ""}},
    {225, "math.tan", kCompute, A{"fastmath", "", ""}},
    {226, "math.asin", kCompute, A{"fastmath", "", ""}},
    {227, "math.acos", kCompute, A{"fastmath", "", ""}},
    {228, "math.atan", kCompute, A{"fastmath", "", ""}},
    {229, "math.atan2", kCompute, A{"fastmath", "", ""}},
    {230, "math.sinh", kCompute, A{"fastmath", "", ""}},
    {231, "math.cosh", kCompute, A{"fastmath", "", ""}},
    {232, "math.asinh", kCompute, A{"fastmath", "", ""}},
    {233, "math.acosh", kCompute, A{"fastmath", "", ""}},
    {234, "math.atanh", kCompute, A{"fastmath", "", ""}},
    {235, "math.erf", kCompute, A{"fastmath", "", ""}},
    {236, "math.erfc", kCompute, A{"fastmath", "", ""}},
    {237, "math.cbrt", kCompute, A{"fastmath", "", ""}},

    // llvm: only operations without a standard arith/math equivalent
    {300, "llvm.getelementptr", kCompute,
     A{"elem_type", "rawConstantIndices", "noWrapFlags"}},
    {301, "llvm.intr.bswap", kCompute, A{"", "", ""}},
    {302, "llvm.intr.bitreverse", kCompute, A{"", "", ""}},
    {303, "llvm.intr.fshl", kCompute, A{"", "", ""}},
    {304, "llvm.intr.fshr", kCompute, A{"", "", ""}},
};

StringRef loom::dataflow::stringifyActorKind(ActorKind kind) {
  switch (kind) {
  case ActorKind::Compute:
    return "compute";
  case ActorKind::Control:
    return "control";
  case ActorKind::Memory:
    return "memory";
  }
  llvm_unreachable("unknown actor kind");
}

SmallVector<StringRef, 3> ActorSchema::getSemanticAttributes() const {
  SmallVector<StringRef, 3> names;
  for (StringRef name : semanticAttrs)
    if (!name.empty())
      names.push_back(name);
  return names;
}

ArrayRef<ActorSchema> loom::dataflow::getActorSchemas() {
  return kActorSchemas;
}

const ActorSchema *loom::dataflow::lookupActorSchema(StringRef opName) {
  const ActorSchema *it = llvm::find_if(
      kActorSchemas, [&](const ActorSchema &s) { return s.opName == opName; });
  return it == std::end(kActorSchemas) ? nullptr : it;
}

const ActorSchema *loom::dataflow::lookupActorSchema(uint32_t id) {
  const ActorSchema *it = llvm::find_if(
      kActorSchemas, [&](const ActorSchema &s) { return s.id == id; });
  return it == std::end(kActorSchemas) ? nullptr : it;
}

LogicalResult loom::dataflow::verifyActorInstance(Operation *op,
                                                  const ActorSchema &schema) {
  SmallVector<StringRef, 3> semantic = schema.getSemanticAttributes();
  if (std::optional<RegisteredOperationName> info = op->getRegisteredInfo()) {
    for (StringAttr name : info->getAttributeNames()) {
      std::optional<Attribute> value = op->getInherentAttr(name);
      if (!value || !*value || llvm::is_contained(semantic, name.getValue()))
        continue;
      // Segment sizes describe operand grouping, not firing semantics.
      if (name.getValue() == "operandSegmentSizes" ||
          name.getValue() == "resultSegmentSizes")
        continue;
      return op->emitOpError()
             << "sets attribute '" << name.getValue() << "' that actor schema #"
             << schema.id << " ('" << schema.opName << "') does not classify";
    }
  }
  // Pure properties (not attributes) such as the GEP no-wrap flags are seen
  // only through the properties dictionary.
  if (auto props =
          dyn_cast_or_null<DictionaryAttr>(op->getPropertiesAsAttribute()))
    for (NamedAttribute prop : props) {
      StringRef name = prop.getName().getValue();
      if (llvm::is_contained(semantic, name) || name == "operandSegmentSizes" ||
          name == "resultSegmentSizes")
        continue;
      return op->emitOpError()
             << "sets property '" << name << "' that actor schema #"
             << schema.id << " ('" << schema.opName << "') does not classify";
    }
  for (NamedAttribute attr : op->getDiscardableAttrs())
    if (attr.getName() != "dataflow.entity_id")
      return op->emitOpError()
             << "carries discardable attribute '" << attr.getName().getValue()
             << "' that no actor schema classifies";
  return success();
}

LogicalResult loom::dataflow::verifyGraphActor(Operation *op) {
  const ActorSchema *schema = lookupActorSchema(op->getName().getStringRef());
  if (!schema)
    return op->emitOpError()
           << "is not a registered dataflow actor; a dataflow.graph body "
              "admits only operations of the actor schema registry";
  return verifyActorInstance(op, *schema);
}
