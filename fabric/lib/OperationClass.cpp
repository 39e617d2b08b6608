//===- OperationClass.cpp - registry ops grouped into unit classes --------===//
//
// Part of the Loom project.
//
// Every op of the actor schema registry belongs to exactly one class; the
// LoomFabricTests check that against the registry, so a new registry entry
// without a class here fails a test rather than being unmappable.
//
//===----------------------------------------------------------------------===//

#include "loom/Fabric/OperationClass.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;
using namespace loom::fabric;

namespace {
struct ClassInfo {
  OperationClass cls;
  StringLiteral name;
  ArrayRef<StringRef> ops;
};
} // namespace

static const StringRef kIntAluOps[] = {"arith.addi",
                                       "arith.subi",
                                       "arith.andi",
                                       "arith.ori",
                                       "arith.xori",
                                       "arith.shli",
                                       "arith.shrsi",
                                       "arith.shrui",
                                       "arith.maxsi",
                                       "arith.minsi",
                                       "arith.maxui",
                                       "arith.minui",
                                       "arith.extsi",
                                       "arith.extui",
                                       "arith.trunci",
                                       "arith.index_cast",
                                       "arith.index_castui",
                                       "arith.bitcast",
                                       "math.absi",
                                       "math.ctlz",
                                       "math.cttz",
                                       "math.ctpop",
                                       "llvm.getelementptr",
                                       "llvm.intr.bswap",
                                       "llvm.intr.bitreverse",
                                       "llvm.intr.fshl",
                                       "llvm.intr.fshr"};
static const StringRef kIntMulOps[] = {"arith.muli"};
static const StringRef kIntDivOps[] = {"arith.divsi",     "arith.divui",
                                       "arith.remsi",     "arith.remui",
                                       "arith.ceildivsi", "arith.floordivsi"};
static const StringRef kCompareSelectOps[] = {"arith.cmpi", "arith.select"};
static const StringRef kFloatAddOps[] = {
    "arith.addf",     "arith.subf",     "arith.negf",    "arith.cmpf",
    "arith.maximumf", "arith.minimumf", "arith.maxnumf", "arith.minnumf",
    "arith.sitofp",   "arith.uitofp",   "arith.fptosi",  "arith.fptoui",
    "arith.extf",     "arith.truncf",   "math.absf",     "math.floor",
    "math.ceil",      "math.copysign",  "math.trunc",    "math.round",
    "math.roundeven"};
static const StringRef kFloatMulOps[] = {"arith.mulf", "math.fma"};
static const StringRef kFloatDivOps[] = {"arith.divf", "arith.remf",
                                         "math.sqrt", "math.rsqrt"};
static const StringRef kTranscendentalOps[] = {
    "math.exp",   "math.exp2", "math.log",  "math.log2",  "math.sin",
    "math.cos",   "math.tanh", "math.powf", "math.log10", "math.log1p",
    "math.expm1", "math.tan",  "math.asin", "math.acos",  "math.atan",
    "math.atan2", "math.sinh", "math.cosh", "math.asinh", "math.acosh",
    "math.atanh", "math.erf",  "math.erfc", "math.cbrt"};
static const StringRef kMemoryOps[] = {"dataflow.load", "dataflow.store"};
static const StringRef kSteerOps[] = {"dataflow.sync", "dataflow.mux",
                                      "dataflow.demux"};
static const StringRef kConstantOps[] = {"dataflow.constant"};
static const StringRef kStreamOps[] = {"dataflow.stream"};
static const StringRef kCarryOps[] = {"dataflow.carry"};
static const StringRef kInvariantOps[] = {"dataflow.invariant"};
static const StringRef kGateOps[] = {"dataflow.gate"};

static const ClassInfo kClasses[kNumOperationClasses] = {
    {OperationClass::IntAlu, "int-alu", kIntAluOps},
    {OperationClass::IntMul, "int-mul", kIntMulOps},
    {OperationClass::IntDiv, "int-div", kIntDivOps},
    {OperationClass::CompareSelect, "compare-select", kCompareSelectOps},
    {OperationClass::FloatAdd, "float-add", kFloatAddOps},
    {OperationClass::FloatMul, "float-mul", kFloatMulOps},
    {OperationClass::FloatDiv, "float-div", kFloatDivOps},
    {OperationClass::Transcendental, "transcendental", kTranscendentalOps},
    {OperationClass::Memory, "memory", kMemoryOps},
    {OperationClass::Steer, "steer", kSteerOps},
    {OperationClass::Constant, "constant", kConstantOps},
    {OperationClass::Stream, "stream", kStreamOps},
    {OperationClass::Carry, "carry", kCarryOps},
    {OperationClass::Invariant, "invariant", kInvariantOps},
    {OperationClass::Gate, "gate", kGateOps},
};

static const ClassInfo &getInfo(OperationClass cls) {
  return kClasses[static_cast<unsigned>(cls)];
}

ArrayRef<OperationClass> loom::fabric::getAllOperationClasses() {
  static const OperationClass kAll[] = {
      OperationClass::IntAlu,   OperationClass::IntMul,
      OperationClass::IntDiv,   OperationClass::CompareSelect,
      OperationClass::FloatAdd, OperationClass::FloatMul,
      OperationClass::FloatDiv, OperationClass::Transcendental,
      OperationClass::Memory,   OperationClass::Steer,
      OperationClass::Constant, OperationClass::Stream,
      OperationClass::Carry,    OperationClass::Invariant,
      OperationClass::Gate};
  static_assert(std::size(kAll) == kNumOperationClasses);
  return kAll;
}

StringRef loom::fabric::getOperationClassName(OperationClass cls) {
  return getInfo(cls).name;
}

std::optional<OperationClass>
loom::fabric::parseOperationClass(StringRef name) {
  for (const ClassInfo &info : kClasses)
    if (info.name == name)
      return info.cls;
  return std::nullopt;
}

bool loom::fabric::isStateMachineClass(OperationClass cls) {
  return cls == OperationClass::Stream || cls == OperationClass::Carry ||
         cls == OperationClass::Invariant || cls == OperationClass::Gate;
}

bool loom::fabric::isRequiredClass(OperationClass cls) {
  return isStateMachineClass(cls) || cls == OperationClass::Memory ||
         cls == OperationClass::Steer || cls == OperationClass::Constant;
}

std::optional<OperationClass>
loom::fabric::classifyOperation(StringRef opName) {
  for (const ClassInfo &info : kClasses)
    if (is_contained(info.ops, opName))
      return info.cls;
  return std::nullopt;
}

ArrayRef<StringRef> loom::fabric::getOperationsOfClass(OperationClass cls) {
  return getInfo(cls).ops;
}
