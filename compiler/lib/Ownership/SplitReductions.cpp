//===- SplitReductions.cpp - k partial accumulators per reduction ---------===//
//
// Part of the Loom project.
//
// A sequential loop carrying `sum += x[i]` goes once around the ring
// carry -> add -> carry per iteration; on a CGRA that ring is several cycles
// long, so the loop runs at a fraction of an iteration per cycle however
// wide the fabric is. With k partial sums the k rings run interleaved:
//
//   scf.for %i = %lb to %ub step %s          scf.for %j = %lb to %mainUb
//       iter_args(%a = %init) {                  step k*s iter_args(%a0 =
//       %init,
//     %n = arith.addi %a, %v                         %a1 = 0, ...) {
//     scf.yield %n                      =>      body(%j) into %a0, body(%j + s)
//   }                                            into %a1, ...
//                                              } {loom.unrolled = k}
//                                              %c = %p0 + %p1 + ...
//                                              scf.for %i = %mainUb to %ub
//                                                  step %s iter_args(%a = %c)
//
// Integer combiners are exact in any order (wrap-around arithmetic is
// associative and commutative); float ones only with the program's
// permission to reassociate.
//
//===----------------------------------------------------------------------===//

#include "loom/Ownership/LoopDependence.h"
#include "loom/Ownership/Passes.h"
#include "loom/Support/SourceLocation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

namespace loom::ownership {
#define GEN_PASS_DEF_SPLITREDUCTIONSPASS
#include "loom/Ownership/Passes.h.inc"
} // namespace loom::ownership

#define DEBUG_TYPE "loom-split-reductions"

using namespace mlir;

/// Cycles a value spends going around an accumulator's ring besides the
/// combiner itself on the reference fabric (cgra-8x8): the carry and the
/// routes to and from it. Measured: 3 cycles per trip for an integer add,
/// whose unit has latency 1, once the loads of an iteration join the
/// carried read frontier through one sync (MemoryFrontiers.cpp; 6 cycles
/// before, when each load added a sync to the ring).
static constexpr unsigned kRingOverhead = 2;
/// More partial accumulators make graphs larger for little gain: the main
/// loop then runs faster than its loads can be fed.
static constexpr unsigned kMaxPartialAccumulators = 8;
/// The copies of a body together stay this small when k is derived, so the
/// graph still fits a fabric the unsplit loop fits.
static constexpr unsigned kMaxUnrolledOps = 64;
/// What the split loops of one function may add together (splitCost). The
/// copies make graphs larger, and a kernel of many reduction loops in one
/// graph grows past what the fabric holds and what the mapper handles in
/// its budget: with every loop split, the hint_forms sample's loopForms
/// (eight split loops) grew to 348 actors, 187 of them integer ALU
/// operations where cgra-8x8 has 64 units, and took 10 s to map on
/// cgra-8x8-temporal (3.7 s with this budget), and the eight reductions of
/// reduceAll's one loop no longer fit cgra-8x8. One dot product split in
/// five (about 30 operations) still fits.
static constexpr unsigned kMaxAddedOpsPerFunction = 48;
/// Operations a split adds besides the copies: the remainder loop's
/// control and the main loop's bound (n - n mod k).
static constexpr unsigned kSplitOverheadOps = 6;

namespace {
/// What a combiner is: its source spelling and the latency of the unit
/// that runs it on the reference fabric.
struct CombinerKind {
  StringRef spelling;
  unsigned latency = 1;
  bool isFloat = false;
};

/// One iteration argument of a loop and what the pass does with it.
struct CarriedValue {
  enum class Role { Chained, Split, KeptInOrder };
  Role role = Role::Chained;
  Operation *combiner = nullptr;
  /// The arith op a compare-and-select combiner computes (arith.minsi, ...),
  /// or "" for a combiner that is an arith op itself.
  StringRef selectForm;
  CombinerKind kind;
  /// Why a float reduction may be reassociated, as the remark says it.
  std::string permission;
};
} // namespace

static std::optional<CombinerKind> classifyCombiner(Operation *op) {
  return TypeSwitch<Operation *, std::optional<CombinerKind>>(op)
      .Case<arith::AddIOp>([](auto) {
        return CombinerKind{"+", 1};
      })
      .Case<arith::MulIOp>([](auto) {
        return CombinerKind{"*", 2};
      })
      .Case<arith::AndIOp>([](auto) {
        return CombinerKind{"&", 1};
      })
      .Case<arith::OrIOp>([](auto) {
        return CombinerKind{"|", 1};
      })
      .Case<arith::XOrIOp>([](auto) {
        return CombinerKind{"^", 1};
      })
      .Case<arith::MinSIOp, arith::MinUIOp>([](auto) {
        return CombinerKind{"min", 1};
      })
      .Case<arith::MaxSIOp, arith::MaxUIOp>([](auto) {
        return CombinerKind{"max", 1};
      })
      .Case<arith::AddFOp>([](auto) {
        return CombinerKind{"+", 3, true};
      })
      .Case<arith::MulFOp>([](auto) {
        return CombinerKind{"*", 3, true};
      })
      .Case<arith::MinimumFOp, arith::MinNumFOp>([](auto) {
        return CombinerKind{"min", 3, true};
      })
      .Case<arith::MaximumFOp, arith::MaxNumFOp>([](auto) {
        return CombinerKind{"max", 3, true};
      })
      .Default([](Operation *) { return std::nullopt; });
}

/// The value `x` for which `combiner(x, y) == y` for every `y`, where
/// `name` is the combiner's arith op (or the one a compare and select
/// computes).
static TypedAttr getIdentity(StringRef name, Type type) {
  Builder builder(type.getContext());
  if (auto floatType = dyn_cast<FloatType>(type)) {
    const llvm::fltSemantics &semantics = floatType.getFloatSemantics();
    // -0.0: +0.0 + -0.0 is +0.0, so +0.0 would not be an identity.
    if (name == arith::AddFOp::getOperationName())
      return builder.getFloatAttr(type, APFloat::getZero(semantics, true));
    if (name == arith::MulFOp::getOperationName())
      return builder.getFloatAttr(type, 1.0);
    bool isMin = name == arith::MinimumFOp::getOperationName() ||
                 name == arith::MinNumFOp::getOperationName();
    return builder.getFloatAttr(type, APFloat::getInf(semantics, !isMin));
  }
  unsigned width = type.isIndex() ? IndexType::kInternalStorageBitWidth
                                  : type.getIntOrFloatBitWidth();
  APInt value(width, 0);
  if (name == arith::MulIOp::getOperationName())
    value = APInt(width, 1);
  else if (name == arith::AndIOp::getOperationName() ||
           name == arith::MinUIOp::getOperationName())
    value = APInt::getAllOnes(width);
  else if (name == arith::MaxSIOp::getOperationName())
    value = APInt::getSignedMinValue(width);
  else if (name == arith::MinSIOp::getOperationName())
    value = APInt::getSignedMaxValue(width);
  return builder.getIntegerAttr(type, value);
}

/// The integer minimum or maximum `select(cmpi(p, l, r), l, r)` computes
/// (or, with the select's operands swapped, the opposite one): which of
/// two equal integers it picks cannot be told apart.
static std::optional<StringRef> getSelectMinMax(arith::SelectOp select) {
  auto compare = select.getCondition().getDefiningOp<arith::CmpIOp>();
  if (!compare || !compare->hasOneUse())
    return std::nullopt;
  bool swapped = select.getTrueValue() == compare.getRhs() &&
                 select.getFalseValue() == compare.getLhs();
  if (!swapped && (select.getTrueValue() != compare.getLhs() ||
                   select.getFalseValue() != compare.getRhs()))
    return std::nullopt;
  using P = arith::CmpIPredicate;
  P predicate = compare.getPredicate();
  if (predicate == P::eq || predicate == P::ne)
    return std::nullopt;
  bool isMin = predicate == P::slt || predicate == P::sle ||
               predicate == P::ult || predicate == P::ule;
  bool isSigned = predicate == P::slt || predicate == P::sle ||
                  predicate == P::sgt || predicate == P::sge;
  if (swapped)
    isMin = !isMin;
  if (isSigned)
    return isMin ? arith::MinSIOp::getOperationName()
                 : arith::MaxSIOp::getOperationName();
  return isMin ? arith::MinUIOp::getOperationName()
               : arith::MaxUIOp::getOperationName();
}

/// The combiner of iteration argument `index` of `loop` when that argument
/// is a reduction: its only use is one combiner directly in the body, whose
/// result is yielded in the argument's place and used nowhere else.
static Operation *findCombiner(scf::ForOp loop, unsigned index,
                               StringRef &selectForm) {
  BlockArgument carried = loop.getRegionIterArg(index);
  // `acc < x ? acc : x` reads the accumulator twice, in its compare and
  // its select.
  Operation *combiner = nullptr;
  for (Operation *user : carried.getUsers())
    if (auto select = dyn_cast<arith::SelectOp>(user))
      if (std::optional<StringRef> name = getSelectMinMax(select);
          name && llvm::hasNItems(carried.getUses(), 2) &&
          select.getCondition().getDefiningOp()->getBlock() == loop.getBody()) {
        combiner = select;
        selectForm = *name;
      }
  if (!combiner && carried.hasOneUse())
    combiner = *carried.getUsers().begin();
  if (!combiner || combiner->getBlock() != loop.getBody() ||
      combiner->getNumResults() != 1 ||
      (selectForm.empty() && !classifyCombiner(combiner)))
    return nullptr;
  Type type = combiner->getResult(0).getType();
  if (!type.isIntOrIndexOrFloat())
    return nullptr;
  Value result = combiner->getResult(0);
  if (!result.hasOneUse())
    return nullptr;
  OpOperand &use = *result.getUses().begin();
  if (!isa<scf::YieldOp>(use.getOwner()) || use.getOperandNumber() != index)
    return nullptr;
  return combiner;
}

/// Why the program lets the float `combiner` of `loop` be reassociated, or
/// "" when it does not.
static std::string getPermission(scf::ForOp loop, Operation *combiner,
                                 StringRef spelling) {
  if (auto fastMath = dyn_cast<arith::ArithFastMathInterface>(combiner))
    if (arith::bitEnumContainsAll(fastMath.getFastMathFlagsAttr().getValue(),
                                  arith::FastMathFlags::reassoc))
      return "its '" + spelling.str() +
             "' may be reassociated (-fassociative-math)";
  auto hints = loop->getAttrOfType<DictionaryAttr>("loom.hints");
  auto reduce = hints ? hints.getAs<ArrayAttr>("reduce") : ArrayAttr();
  if (reduce && llvm::any_of(reduce, [&](Attribute op) {
        auto text = dyn_cast<StringAttr>(op);
        return text && text.getValue() == spelling;
      }))
    return "LOOM_REDUCE(" + spelling.str() + ")";
  return "";
}

/// "reduction of 'sum'" when the source names the variable the combiner
/// updates, else "'+' reduction"; `prefix` goes before "reduction". A
/// combiner inlined from a library (std::min) is read at its call in the
/// loop's file.
static std::string describeReduction(scf::ForOp loop, const CarriedValue &value,
                                     StringRef prefix = "") {
  Location at = value.combiner->getLoc();
  if (std::optional<loom::SourcePosition> position = loom::parseSourcePosition(
          loom::describeSourceLocation(loop.getLoc())))
    at = loom::getFrameInFile(at, position->file);
  std::string name = loom::getUpdatedVariable(loom::describeSourceLocation(at));
  if (!name.empty())
    return prefix.str() + "reduction of '" + name + "'";
  return prefix.str() + "'" + value.kind.spelling.str() + "' reduction";
}

/// Decides the role of every iteration argument of `loop`.
static SmallVector<CarriedValue> classifyCarried(scf::ForOp loop) {
  SmallVector<CarriedValue> values(loop.getNumRegionIterArgs());
  for (auto [index, value] : llvm::enumerate(values)) {
    value.combiner = findCombiner(loop, index, value.selectForm);
    if (!value.combiner)
      continue;
    value.kind =
        value.selectForm.empty()
            ? *classifyCombiner(value.combiner)
            : CombinerKind{value.selectForm.contains("min") ? "min" : "max"};
    value.role = CarriedValue::Role::Split;
    if (!value.kind.isFloat)
      continue;
    value.permission = getPermission(loop, value.combiner, value.kind.spelling);
    if (value.permission.empty())
      value.role = CarriedValue::Role::KeptInOrder;
  }
  return values;
}

/// About how many operations splitting `loop` with `values` into k partial
/// accumulators adds: k - 1 more copies of the body in the main loop, one
/// in the remainder loop, the k - 1 combiners of each split value and the
/// loop overhead.
static unsigned splitCost(unsigned k, unsigned bodyOps,
                          ArrayRef<CarriedValue> values) {
  unsigned split = llvm::count_if(values, [](const CarriedValue &value) {
    return value.role == CarriedValue::Role::Split;
  });
  return k * bodyOps + (k - 1) * split + kSplitOverheadOps;
}

static unsigned countBodyOps(scf::ForOp loop) {
  unsigned count = 0;
  loop.getBody()->walk([&](Operation *) { ++count; });
  return count - 1; // The yield.
}

/// The number of partial accumulators for `loop`, or 0 with `why` set when
/// the loop is better left alone.
static unsigned choosePartials(scf::ForOp loop, ArrayRef<CarriedValue> values,
                               unsigned option, unsigned budget,
                               std::string &why) {
  auto hints = loop->getAttrOfType<DictionaryAttr>("loom.hints");
  if (hints && hints.get("no_unroll")) {
    why = "LOOM_NO_UNROLL";
    return 0;
  }
  unsigned k = option;
  if (k == 0) {
    // Enough rings in flight that each partial waits for its own ring only.
    for (const CarriedValue &value : values)
      if (value.role == CarriedValue::Role::Split)
        k = std::max(k, kRingOverhead + value.kind.latency);
    unsigned bodyOps = std::max(1u, countBodyOps(loop));
    k = std::min({k, kMaxPartialAccumulators, kMaxUnrolledOps / bodyOps});
    if (k < 2) {
      why = "its body is too large to copy (" + std::to_string(bodyOps) +
            " operations)";
      return 0;
    }
    while (k >= 2 && splitCost(k, bodyOps, values) > budget)
      --k;
    if (k < 2) {
      why = "two partial accumulators would add about " +
            std::to_string(splitCost(2, bodyOps, values)) +
            " operations to the function's graph, and its split loops may "
            "add " +
            std::to_string(kMaxAddedOpsPerFunction) + " together (" +
            std::to_string(budget) +
            " are left), so that the graph still fits the fabric";
      return 0;
    }
  }
  if (k < 2) {
    why = "partial-accumulators=" + std::to_string(k);
    return 0;
  }
  // Unless no two iterations touch one element (then loom-lower-scf-to-dfg
  // orders no write after another iteration's), each write waits for the
  // one before it, so the k copies of a store form a ring k times as long as
  // the accumulator's was: the loop would run no faster, with a graph k
  // times as large (measured on the pipeline sample's smooth before its
  // writes were unordered).
  if (loop.getBody()
          ->walk([](Operation *op) {
            return hasEffect<MemoryEffects::Write>(op) ? WalkResult::interrupt()
                                                       : WalkResult::advance();
          })
          .wasInterrupted() &&
      loom::ownership::analyzeLoopDependences(loop).verdict !=
          loom::ownership::DependenceVerdict::Independent) {
    why = "the loop writes memory that two iterations may share, so its "
          "writes stay one after another and the loop would run no faster";
    return 0;
  }
  auto facts = loop->getAttrOfType<DictionaryAttr>("loom.facts");
  auto trip = facts ? facts.getAs<DenseI64ArrayAttr>("trip_count") : nullptr;
  // Below 2k iterations the main loop runs at most once and the copies
  // only make the graph larger (a 5-tap loop split in 3 ran as one main
  // iteration and a remainder of 2).
  if (trip && trip.size() == 2 && trip[1] < 2 * int64_t(k)) {
    why = "the loop runs at most " + std::to_string(trip[1]) +
          " iterations, fewer than " + std::to_string(2 * k);
    return 0;
  }
  APInt step;
  if (!matchPattern(loop.getStep(), m_ConstantInt(&step)) ||
      !step.isStrictlyPositive()) {
    why = "its step is not a constant";
    return 0;
  }
  // The main loop's step k * s must be a positive value of the type.
  bool overflow = false;
  (void)step.smul_ov(APInt(step.getBitWidth(), k), overflow);
  if (overflow) {
    why = "its step times " + std::to_string(k) + " does not fit its type";
    return 0;
  }
  return k;
}

static Value createConstant(OpBuilder &builder, Location loc, Type type,
                            int64_t value) {
  return arith::ConstantOp::create(builder, loc,
                                   builder.getIntegerAttr(type, value));
}

/// The upper bound of the main loop: `lb + (trips - trips % k) * s`, where
/// `trips` is the loop's trip count, and `lb` when the loop runs no
/// iteration (ub <= lb). The span `ub - lb` is read unsigned, which holds
/// every positive difference of two values of the type.
static Value buildMainUpperBound(OpBuilder &builder, scf::ForOp loop,
                                 unsigned k) {
  Location loc = loop.getLoc();
  Value lb = loop.getLowerBound(), ub = loop.getUpperBound();
  Value step = loop.getStep();
  Type type = lb.getType();
  Value zero = createConstant(builder, loc, type, 0);
  Value one = createConstant(builder, loc, type, 1);
  Value span = arith::SubIOp::create(builder, loc, ub, lb);
  Value last = arith::DivUIOp::create(
      builder, loc, arith::SubIOp::create(builder, loc, span, one), step);
  Value trips = arith::AddIOp::create(builder, loc, last, one);
  Value leftover = arith::RemUIOp::create(
      builder, loc, trips, createConstant(builder, loc, type, k));
  Value mainTrips = arith::SubIOp::create(builder, loc, trips, leftover);
  Value runs =
      arith::CmpIOp::create(builder, loc,
                            loop.getUnsignedCmp() ? arith::CmpIPredicate::ugt
                                                  : arith::CmpIPredicate::sgt,
                            ub, lb);
  mainTrips = arith::SelectOp::create(builder, loc, runs, mainTrips, zero);
  return arith::AddIOp::create(
      builder, loc, lb, arith::MulIOp::create(builder, loc, mainTrips, step));
}

/// Reassociated partial results may overflow where the source order does
/// not, so a copy of a combiner must not promise `nsw` / `nuw`.
static void dropOverflowFlags(Operation *op) {
  if (auto flags = dyn_cast<arith::ArithIntegerOverflowFlagsInterface>(op))
    op->setAttr(flags.getIntegerOverflowAttrName(),
                arith::IntegerOverflowFlagsAttr::get(
                    op->getContext(), arith::IntegerOverflowFlags::none));
}

namespace {
/// Builds the main loop of one split and rewires the original loop into the
/// remainder.
class LoopSplitter {
public:
  LoopSplitter(scf::ForOp loop, ArrayRef<CarriedValue> values, unsigned k)
      : loop(loop), values(values), k(k) {}

  void run();

private:
  SmallVector<Value> buildInits(OpBuilder &builder);
  void buildBody(OpBuilder &builder, Location loc, Value iv, ValueRange args);
  Value combinePartials(OpBuilder &builder, const CarriedValue &value,
                        ValueRange partials);
  void attachFacts(scf::ForOp mainLoop);

  scf::ForOp loop;
  ArrayRef<CarriedValue> values;
  unsigned k;
  /// Per original iteration argument, its positions in the main loop's.
  SmallVector<SmallVector<unsigned>> slots;
};
} // namespace

SmallVector<Value> LoopSplitter::buildInits(OpBuilder &builder) {
  SmallVector<Value> inits;
  for (auto [value, init] : llvm::zip(values, loop.getInitArgs())) {
    SmallVector<unsigned> &positions = slots.emplace_back();
    positions.push_back(inits.size());
    inits.push_back(init);
    if (value.role != CarriedValue::Role::Split)
      continue;
    StringRef name = value.selectForm.empty()
                         ? value.combiner->getName().getStringRef()
                         : value.selectForm;
    Value identity = arith::ConstantOp::create(
        builder, loop.getLoc(),
        getIdentity(name, value.combiner->getResult(0).getType()));
    for (unsigned copy = 1; copy < k; ++copy) {
      positions.push_back(inits.size());
      inits.push_back(identity);
    }
  }
  return inits;
}

/// k copies of the body in source order: copy c runs iteration iv + c * s
/// into partial c of each split reduction; every other carried value goes
/// from one copy to the next, as the iterations pass it on.
void LoopSplitter::buildBody(OpBuilder &builder, Location loc, Value iv,
                             ValueRange args) {
  int64_t step = *getConstantIntValue(loop.getStep());
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  SmallVector<Value> chained, next(args.size());
  for (SmallVector<unsigned> &positions : slots)
    chained.push_back(args[positions.front()]);
  for (unsigned copy = 0; copy < k; ++copy) {
    IRMapping mapping;
    Value copyIv = iv;
    if (copy != 0)
      copyIv = arith::AddIOp::create(
          builder, loc, iv,
          createConstant(builder, loc, iv.getType(), copy * step));
    mapping.map(loop.getInductionVar(), copyIv);
    for (auto [index, value] : llvm::enumerate(values))
      mapping.map(loop.getRegionIterArg(index),
                  value.role == CarriedValue::Role::Split
                      ? args[slots[index][copy]]
                      : chained[index]);
    for (Operation &op : loop.getBody()->without_terminator()) {
      Operation *clone = builder.clone(op, mapping);
      if (llvm::any_of(values, [&](const CarriedValue &value) {
            return value.role == CarriedValue::Role::Split &&
                   value.combiner == &op;
          }))
        dropOverflowFlags(clone);
    }
    for (auto [index, value] : llvm::enumerate(values)) {
      Value yielded = mapping.lookupOrDefault(yield.getOperand(index));
      if (value.role == CarriedValue::Role::Split)
        next[slots[index][copy]] = yielded;
      else
        chained[index] = yielded;
    }
  }
  for (auto [index, value] : llvm::enumerate(values))
    if (value.role != CarriedValue::Role::Split)
      next[slots[index].front()] = chained[index];
  scf::YieldOp::create(builder, loc, next);
}

/// Combines the partials pairwise, which is the shortest chain of
/// combiners; any order is exact for integers and allowed for floats.
Value LoopSplitter::combinePartials(OpBuilder &builder,
                                    const CarriedValue &value,
                                    ValueRange partials) {
  SmallVector<Value> level(partials.begin(), partials.end());
  while (level.size() > 1) {
    SmallVector<Value> combined;
    for (unsigned i = 0; i + 1 < level.size(); i += 2) {
      Operation *op;
      if (value.selectForm.empty()) {
        IRMapping mapping;
        mapping.map(value.combiner->getOperand(0), level[i]);
        mapping.map(value.combiner->getOperand(1), level[i + 1]);
        op = builder.clone(*value.combiner, mapping);
        dropOverflowFlags(op);
      } else {
        OperationState state(value.combiner->getLoc(), value.selectForm);
        state.addOperands({level[i], level[i + 1]});
        state.addTypes(level[i].getType());
        op = builder.create(state);
      }
      combined.push_back(op->getResult(0));
    }
    if (level.size() % 2)
      combined.push_back(level.back());
    level = std::move(combined);
  }
  return level.front();
}

/// What still holds of the original loop's facts: the main loop starts
/// where it did and stops at or before its upper bound; the remainder runs
/// fewer than k iterations.
void LoopSplitter::attachFacts(scf::ForOp mainLoop) {
  MLIRContext *context = loop.getContext();
  Builder builder(context);
  int64_t step = *getConstantIntValue(loop.getStep());
  auto facts = loop->getAttrOfType<DictionaryAttr>("loom.facts");
  auto get = [&](StringRef key) {
    return facts ? facts.getAs<DenseI64ArrayAttr>(key) : DenseI64ArrayAttr();
  };
  NamedAttrList main, remainder;
  main.set("step", builder.getI64IntegerAttr(step * k));
  remainder.set("step", builder.getI64IntegerAttr(step));
  int64_t maxTrip = k - 1;
  if (DenseI64ArrayAttr trip = get("trip_count"); trip && trip.size() == 2) {
    main.set("trip_count", builder.getDenseI64ArrayAttr(
                               {trip[0] / int64_t(k), trip[1] / int64_t(k)}));
    maxTrip = std::min(maxTrip, trip[1]);
  }
  remainder.set("trip_count", builder.getDenseI64ArrayAttr({0, maxTrip}));
  DenseI64ArrayAttr lower = get("lower"), upper = get("upper");
  if (lower && lower.size() == 2)
    main.set("lower", lower);
  if (upper && upper.size() == 2)
    remainder.set("upper", upper);
  if (lower && upper && lower.size() == 2 && upper.size() == 2) {
    // lb <= mainUb <= max(lb, ub).
    auto bound =
        builder.getDenseI64ArrayAttr({lower[0], std::max(lower[1], upper[1])});
    main.set("upper", bound);
    remainder.set("lower", bound);
  }
  mainLoop->setAttr("loom.facts", main.getDictionary(context));
  loop->setAttr("loom.facts", remainder.getDictionary(context));
}

void LoopSplitter::run() {
  OpBuilder builder(loop);
  Location loc = loop.getLoc();
  Value mainUb = buildMainUpperBound(builder, loop, k);
  int64_t step = *getConstantIntValue(loop.getStep());
  Value mainStep =
      createConstant(builder, loc, loop.getStep().getType(), step * int64_t(k));
  SmallVector<Value> inits = buildInits(builder);
  auto mainLoop = scf::ForOp::create(
      builder, loc, loop.getLowerBound(), mainUb, mainStep, inits,
      [&](OpBuilder &bodyBuilder, Location bodyLoc, Value iv, ValueRange args) {
        buildBody(bodyBuilder, bodyLoc, iv, args);
      },
      loop.getUnsignedCmp());
  mainLoop->setAttr("loom.unrolled", builder.getI64IntegerAttr(k));
  attachFacts(mainLoop);
  // The remainder is the original loop, from where the main loop stopped.
  loop.getLowerBoundMutable().assign(mainUb);
  for (auto [index, value] : llvm::enumerate(values)) {
    SmallVector<Value> results;
    for (unsigned position : slots[index])
      results.push_back(mainLoop.getResult(position));
    Value init = value.role == CarriedValue::Role::Split
                     ? combinePartials(builder, value, results)
                     : results.front();
    loop.getInitArgsMutable()[index].assign(init);
  }
}

/// "integer '+' is exact in any order" or the float permission.
static std::string describeWhy(const CarriedValue &value) {
  if (!value.kind.isFloat)
    return "integer '" + value.kind.spelling.str() + "' is exact in any order";
  return value.permission;
}

namespace {
struct SplitReductionsPass
    : loom::ownership::impl::SplitReductionsPassBase<SplitReductionsPass> {
  using SplitReductionsPassBase::SplitReductionsPassBase;

  void runOnOperation() override {
    // Inner loops first: an outer loop's copies then hold the inner loop
    // already split, and no loop is split twice.
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) { loops.push_back(loop); });
    // Copied operations each function may still add (derived k only).
    llvm::DenseMap<Operation *, unsigned> budgets;
    for (scf::ForOp loop : loops) {
      if (loop->hasAttr("loom.unrolled"))
        continue;
      auto [it, inserted] =
          budgets.try_emplace(loop->getParentOfType<FunctionOpInterface>(),
                              kMaxAddedOpsPerFunction);
      splitLoop(loop, it->second);
    }
  }

  void splitLoop(scf::ForOp loop, unsigned &budget) {
    SmallVector<CarriedValue> values = classifyCarried(loop);
    SmallVector<std::string> split, reasons;
    for (const CarriedValue &value : values) {
      if (value.role == CarriedValue::Role::KeptInOrder)
        loop.emitRemark() << describeReduction(loop, value, "float ")
                          << " kept in source order: reassociation is not "
                             "allowed (mark it LOOM_REDUCE("
                          << value.kind.spelling
                          << ") or compile with -fassociative-math)";
      if (value.role == CarriedValue::Role::Split) {
        split.push_back(describeReduction(loop, value));
        reasons.push_back(describeWhy(value));
      }
    }
    if (split.empty())
      return;
    std::string why;
    unsigned k = choosePartials(loop, values, partialAccumulators, budget, why);
    std::string names = llvm::join(split, " and ");
    if (k == 0) {
      loop.emitRemark() << names
                        << " not split into partial accumulators: " << why;
      return;
    }
    budget -= std::min(budget,
                       splitCost(k, std::max(1u, countBodyOps(loop)), values));
    LoopSplitter(loop, values, k).run();
    llvm::SetVector<StringRef> uniqueReasons;
    for (const std::string &reason : reasons)
      uniqueReasons.insert(reason);
    loop.emitRemark() << names << " split into " << k << " partial accumulators"
                      << (split.size() == 1 ? "" : " each")
                      << ", combined after the loop ("
                      << llvm::join(uniqueReasons, "; ") << ")";
  }
};
} // namespace
