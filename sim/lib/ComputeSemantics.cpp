//===- ComputeSemantics.cpp - one firing of a compute actor --------------===//
//
// Part of the Loom project.
//
// Decodes compute actors of the actor schema registry once and dispatches
// each firing through the table indexed by schema id. Generic rules (poison
// propagation, fast-math no-NaN/no-Inf) are applied here, op rules in
// IntegerSemantics.cpp and FloatSemantics.cpp.
//
//===----------------------------------------------------------------------===//

#include "ComputeImpl.h"

#include "loom/Dialect/Dataflow/IR/ActorSchema.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "llvm/ADT/StringSwitch.h"

#include <array>

using namespace mlir;
using namespace loom::sim;
using namespace loom::sim::detail;
using loom::dataflow::ActorKind;
using loom::dataflow::ActorSchema;

/// Schema ids are below 400 (1-99 primitives, 100-399 compute).
constexpr uint32_t kMaxSchemaId = 400;

/// The dense dispatch table, built once from the two evaluator groups.
static const std::array<ComputeFn, kMaxSchemaId> &getComputeTable() {
  static const std::array<ComputeFn, kMaxSchemaId> table = [] {
    std::array<ComputeFn, kMaxSchemaId> t{};
    for (uint32_t id = 0; id < kMaxSchemaId; ++id) {
      t[id] = getIntegerEvaluator(id);
      if (!t[id])
        t[id] = getFloatEvaluator(id);
    }
    return t;
  }();
  return table;
}

bool loom::sim::hasComputeEvaluator(uint32_t schemaId) {
  return schemaId < kMaxSchemaId && getComputeTable()[schemaId];
}

llvm::Error loom::sim::detail::makeUBError(StringRef what,
                                           ArrayRef<TokenValue> operands) {
  std::string message;
  llvm::raw_string_ostream os(message);
  os << what << " (operands ";
  llvm::interleaveComma(operands, os);
  os << ")";
  return llvm::createStringError(message);
}

//===----------------------------------------------------------------------===//
// Decoding
//===----------------------------------------------------------------------===//

static llvm::Error decodeError(Operation *op, const Twine &why) {
  std::string message;
  llvm::raw_string_ostream os(message);
  os << "'" << op->getName() << "' " << why;
  return llvm::createStringError(message);
}

static llvm::RoundingMode toLLVMRounding(arith::RoundingMode mode) {
  switch (mode) {
  case arith::RoundingMode::to_nearest_even:
    return llvm::RoundingMode::NearestTiesToEven;
  case arith::RoundingMode::downward:
    return llvm::RoundingMode::TowardNegative;
  case arith::RoundingMode::upward:
    return llvm::RoundingMode::TowardPositive;
  case arith::RoundingMode::toward_zero:
    return llvm::RoundingMode::TowardZero;
  case arith::RoundingMode::to_nearest_away:
    return llvm::RoundingMode::NearestTiesToAway;
  }
  llvm_unreachable("unknown arith rounding mode");
}

/// Reads the semantic attributes of the registry projection.
static void decodeAttributes(Operation *op, ComputeOp &decoded) {
  if (auto flags = dyn_cast_or_null<arith::IntegerOverflowFlagsAttr>(
          op->getInherentAttr("overflowFlags").value_or(Attribute()))) {
    decoded.nsw =
        bitEnumContainsAll(flags.getValue(), arith::IntegerOverflowFlags::nsw);
    decoded.nuw =
        bitEnumContainsAll(flags.getValue(), arith::IntegerOverflowFlags::nuw);
  }
  decoded.exact =
      static_cast<bool>(op->getInherentAttr("isExact").value_or(Attribute()));
  Attribute predicate = op->getInherentAttr("predicate").value_or(Attribute());
  if (auto cmpi = dyn_cast_or_null<arith::CmpIPredicateAttr>(predicate))
    decoded.predicate = static_cast<unsigned>(cmpi.getValue());
  if (auto cmpf = dyn_cast_or_null<arith::CmpFPredicateAttr>(predicate))
    decoded.predicate = static_cast<unsigned>(cmpf.getValue());
  if (auto fastmath = dyn_cast_or_null<arith::FastMathFlagsAttr>(
          op->getInherentAttr("fastmath").value_or(Attribute()))) {
    decoded.noNaNs =
        bitEnumContainsAll(fastmath.getValue(), arith::FastMathFlags::nnan);
    decoded.noInfs =
        bitEnumContainsAll(fastmath.getValue(), arith::FastMathFlags::ninf);
  }
  if (auto mode = dyn_cast_or_null<arith::RoundingModeAttr>(
          op->getInherentAttr("roundingmode").value_or(Attribute())))
    decoded.rounding = toLLVMRounding(mode.getValue());
}

/// Byte offset of field `field` of `type` under `layout`: each field starts
/// at the next multiple of its ABI alignment (1 in a packed struct).
static uint64_t getFieldOffset(LLVM::LLVMStructType type, unsigned field,
                               const DataLayout &layout) {
  uint64_t offset = 0;
  for (auto [i, fieldType] : llvm::enumerate(type.getBody())) {
    uint64_t alignment =
        type.isPacked() ? 1 : layout.getTypeABIAlignment(fieldType);
    offset = llvm::alignTo(offset, alignment);
    if (i == field)
      break;
    offset += layout.getTypeSize(fieldType).getFixedValue();
  }
  return offset;
}

/// Byte strides of a GEP's index positions: the first steps over whole
/// elements, later ones into nested arrays, or to a struct field (a
/// constant field index becomes the constant 1 times the field's offset).
static llvm::Error decodeGep(LLVM::GEPOp gep, ComputeOp &decoded) {
  DataLayout layout = DataLayout::closest(gep);
  Type current = gep.getElemType();
  ArrayRef<int32_t> raw = gep.getRawConstantIndices();
  for (auto [position, constant] : llvm::enumerate(raw)) {
    if (auto structType = dyn_cast<LLVM::LLVMStructType>(current);
        structType && position > 0) {
      if (constant == LLVM::GEPOp::kDynamicIndex || structType.isOpaque() ||
          constant < 0 ||
          static_cast<size_t>(constant) >= structType.getBody().size())
        return decodeError(gep, "indexes a struct without a constant field");
      decoded.gepStrides.push_back(
          getFieldOffset(structType, constant, layout));
      decoded.gepConstants.push_back(1);
      current = structType.getBody()[constant];
      continue;
    }
    if (position > 0) {
      auto array = dyn_cast<LLVM::LLVMArrayType>(current);
      if (!array)
        return decodeError(
            gep, "indexes into " +
                     llvm::Twine("a non-array, non-struct type; the emulator "
                                 "evaluates GEPs over scalars, arrays and "
                                 "structs only"));
      current = array.getElementType();
    }
    decoded.gepStrides.push_back(layout.getTypeSize(current).getFixedValue());
    decoded.gepConstants.push_back(
        constant == LLVM::GEPOp::kDynamicIndex ? kDynamicGepIndex : constant);
  }
  return llvm::Error::success();
}

/// Decodes `op` as an instance of `schema`, a compute actor.
static llvm::Expected<ComputeOp> decodeAs(Operation *op,
                                          const ActorSchema &schema) {
  if (!hasComputeEvaluator(schema.id))
    return decodeError(op, "has no evaluator in the emulator");
  for (Type type :
       llvm::concat<const Type>(op->getOperandTypes(), op->getResultTypes())) {
    if (isSupportedTokenType(type))
      continue;
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "uses type " << type
       << "; the emulator carries none, integers, index, pointers and "
          "f16/bf16/f32/f64";
    return decodeError(op, text);
  }
  ComputeOp decoded;
  decoded.schemaId = schema.id;
  decoded.opName = schema.opName;
  decoded.numResults = op->getNumResults();
  Type resultType = op->getResultTypes().front();
  decoded.resultSemantics = getSupportedFloatSemantics(resultType);
  if (!decoded.resultSemantics)
    decoded.resultWidth = getTokenBitWidth(resultType);
  decodeAttributes(op, decoded);
  if (auto gep = dyn_cast<LLVM::GEPOp>(op))
    if (llvm::Error error = decodeGep(gep, decoded))
      return std::move(error);
  return decoded;
}

llvm::Expected<ComputeOp> loom::sim::decodeComputeOp(Operation *op) {
  const ActorSchema *schema =
      loom::dataflow::lookupActorSchema(op->getName().getStringRef());
  if (!schema || schema->kind != ActorKind::Compute)
    return decodeError(op, "is not a compute actor of the schema registry");
  return decodeAs(op, *schema);
}

/// The registry op RaiseLLVMToArith rewrites the LLVM-dialect op `name`
/// into (same operands, same semantics), or "". llvm.intr.fmuladd is not
/// here: native code may or may not fuse it, so no one evaluation matches.
static StringRef getRegistryEquivalent(StringRef name) {
  return llvm::StringSwitch<StringRef>(name)
      .Case("llvm.add", "arith.addi")
      .Case("llvm.sub", "arith.subi")
      .Case("llvm.mul", "arith.muli")
      .Case("llvm.sdiv", "arith.divsi")
      .Case("llvm.udiv", "arith.divui")
      .Case("llvm.srem", "arith.remsi")
      .Case("llvm.urem", "arith.remui")
      .Case("llvm.and", "arith.andi")
      .Case("llvm.or", "arith.ori")
      .Case("llvm.xor", "arith.xori")
      .Case("llvm.shl", "arith.shli")
      .Case("llvm.ashr", "arith.shrsi")
      .Case("llvm.lshr", "arith.shrui")
      .Case("llvm.icmp", "arith.cmpi")
      .Case("llvm.select", "arith.select")
      .Case("llvm.sext", "arith.extsi")
      .Case("llvm.zext", "arith.extui")
      .Case("llvm.trunc", "arith.trunci")
      .Case("llvm.bitcast", "arith.bitcast")
      .Case("llvm.fadd", "arith.addf")
      .Case("llvm.fsub", "arith.subf")
      .Case("llvm.fmul", "arith.mulf")
      .Case("llvm.fdiv", "arith.divf")
      .Case("llvm.frem", "arith.remf")
      .Case("llvm.fneg", "arith.negf")
      .Case("llvm.fcmp", "arith.cmpf")
      .Case("llvm.sitofp", "arith.sitofp")
      .Case("llvm.uitofp", "arith.uitofp")
      .Case("llvm.fptosi", "arith.fptosi")
      .Case("llvm.fptoui", "arith.fptoui")
      .Case("llvm.fpext", "arith.extf")
      .Case("llvm.fptrunc", "arith.truncf")
      .Case("llvm.intr.smax", "arith.maxsi")
      .Case("llvm.intr.smin", "arith.minsi")
      .Case("llvm.intr.umax", "arith.maxui")
      .Case("llvm.intr.umin", "arith.minui")
      .Case("llvm.intr.maxnum", "arith.maxnumf")
      .Case("llvm.intr.minnum", "arith.minnumf")
      .Case("llvm.intr.maximum", "arith.maximumf")
      .Case("llvm.intr.minimum", "arith.minimumf")
      .Case("llvm.intr.fabs", "math.absf")
      .Case("llvm.intr.copysign", "math.copysign")
      .Case("llvm.intr.fma", "math.fma")
      .Case("llvm.intr.sqrt", "math.sqrt")
      .Case("llvm.intr.floor", "math.floor")
      .Case("llvm.intr.ceil", "math.ceil")
      .Case("llvm.intr.trunc", "math.trunc")
      .Case("llvm.intr.round", "math.round")
      .Case("llvm.intr.roundeven", "math.roundeven")
      .Case("llvm.intr.abs", "math.absi")
      .Case("llvm.intr.ctlz", "math.ctlz")
      .Case("llvm.intr.cttz", "math.cttz")
      .Case("llvm.intr.ctpop", "math.ctpop")
      .Default("");
}

/// Reads the LLVM spelling of the flags decodeAttributes reads in arith
/// form, and the LLVM poison flags without an arith spelling.
static void decodeLLVMAttributes(Operation *op, ComputeOp &decoded) {
  if (auto flags = dyn_cast<LLVM::IntegerOverflowFlagsInterface>(op)) {
    decoded.nsw = flags.hasNoSignedWrap();
    decoded.nuw = flags.hasNoUnsignedWrap();
  }
  if (auto fastmath = dyn_cast<LLVM::FastmathFlagsInterface>(op)) {
    LLVM::FastmathFlags value = fastmath.getFastmathAttr().getValue();
    decoded.noNaNs = bitEnumContainsAll(value, LLVM::FastmathFlags::nnan);
    decoded.noInfs = bitEnumContainsAll(value, LLVM::FastmathFlags::ninf);
  }
  // LLVM and arith number their predicates alike; the names agree but for
  // the spelling of fcmp's `_false` / `_true`.
  if (auto icmp = dyn_cast<LLVM::ICmpOp>(op))
    decoded.predicate = static_cast<unsigned>(*arith::symbolizeCmpIPredicate(
        LLVM::stringifyICmpPredicate(icmp.getPredicate())));
  if (auto fcmp = dyn_cast<LLVM::FCmpOp>(op))
    decoded.predicate = static_cast<unsigned>(*arith::symbolizeCmpFPredicate(
        LLVM::stringifyFCmpPredicate(fcmp.getPredicate()).ltrim('_')));
  auto isSet = [&](StringRef name) {
    Attribute value = op->getInherentAttr(name).value_or(Attribute());
    if (auto integer = dyn_cast_or_null<IntegerAttr>(value))
      return !integer.getValue().isZero();
    return static_cast<bool>(value);
  };
  decoded.disjoint = isSet("isDisjoint");
  decoded.nonNeg = isSet("nonNeg");
  decoded.zeroIsPoison = isSet("is_zero_poison");
  decoded.intMinIsPoison = isSet("is_int_min_poison");
}

llvm::Expected<ComputeOp> loom::sim::decodeHostComputeOp(Operation *op) {
  StringRef equivalent = getRegistryEquivalent(op->getName().getStringRef());
  if (equivalent.empty())
    return decodeComputeOp(op);
  const ActorSchema *schema = loom::dataflow::lookupActorSchema(equivalent);
  assert(schema && "every LLVM equivalent is a registry op");
  llvm::Expected<ComputeOp> decoded = decodeAs(op, *schema);
  if (decoded)
    decodeLLVMAttributes(op, *decoded);
  return decoded;
}

//===----------------------------------------------------------------------===//
// Evaluation
//===----------------------------------------------------------------------===//

static TokenValue getResultPoison(const ComputeOp &op) {
  if (op.resultSemantics)
    return TokenValue::getPoisonLike(
        TokenValue::getFloat(llvm::APFloat::getZero(*op.resultSemantics)));
  return TokenValue::getPoisonLike(
      TokenValue::getInteger(llvm::APInt(op.resultWidth, 0)));
}

/// Fast-math `nnan` / `ninf`: a NaN or infinite operand or result is poison.
static bool violatesFastMath(const ComputeOp &op, ArrayRef<TokenValue> ins,
                             ArrayRef<TokenValue> outs) {
  auto violates = [&](const TokenValue &v) {
    if (!v.isFloat() || v.isPoison())
      return false;
    llvm::APFloat f = v.getFloat();
    return (op.noNaNs && f.isNaN()) || (op.noInfs && f.isInfinity());
  };
  return llvm::any_of(ins, violates) || llvm::any_of(outs, violates);
}

/// The LLVM flags that make a result poison from the operands alone
/// (ComputeOp::disjoint, nonNeg, zeroIsPoison, intMinIsPoison); the
/// operands are not poison.
static bool violatesLLVMFlags(const ComputeOp &op, ArrayRef<TokenValue> ins) {
  if (!op.disjoint && !op.nonNeg && !op.zeroIsPoison && !op.intMinIsPoison)
    return false;
  const llvm::APInt &first = ins[0].getInteger();
  return (op.disjoint && first.intersects(ins[1].getInteger())) ||
         (op.nonNeg && first.isNegative()) ||
         (op.zeroIsPoison && first.isZero()) ||
         (op.intMinIsPoison && first.isMinSignedValue());
}

llvm::Error loom::sim::evaluateCompute(const ComputeOp &op,
                                       ArrayRef<TokenValue> operands,
                                       MutableArrayRef<TokenValue> results) {
  ComputeFn fn = getComputeTable()[op.schemaId];
  assert(fn && "evaluating a compute op without an evaluator");
  if ((!hasCustomPoisonRule(op.schemaId) &&
       llvm::any_of(operands,
                    [](const TokenValue &v) { return v.isPoison(); })) ||
      violatesLLVMFlags(op, operands)) {
    for (TokenValue &result : results)
      result = getResultPoison(op);
    return llvm::Error::success();
  }
  if (llvm::Error error = fn(op, operands, results))
    return error;
  if ((op.noNaNs || op.noInfs) && violatesFastMath(op, operands, results))
    for (TokenValue &result : results)
      result = TokenValue::getPoisonLike(result);
  return llvm::Error::success();
}
