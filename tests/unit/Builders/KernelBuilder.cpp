//===- KernelBuilder.cpp - SCF-stage kernels in a few lines ---------------===//
//
// Part of the Loom project.
//
// The builders emit only upstream scf/arith/memref operations inside one
// loom.spatial_region, so what a test builds is exactly what the raising
// pipeline hands to the SCF-to-dataflow lowering.
//
//===----------------------------------------------------------------------===//

#include "loom/TestIR/KernelBuilder.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Verifier.h"

using namespace mlir;
using namespace loom;
using namespace loom::testir;

//===----------------------------------------------------------------------===//
// MemRefFactory
//===----------------------------------------------------------------------===//

MemRefFactory::MemRefFactory(MLIRContext &context, unsigned firstId,
                             ArrayRef<int64_t> dims)
    : context(context), lastId(firstId), defaultDims(dims) {}

MemRefArg MemRefFactory::make() { return make(defaultDims); }

MemRefArg MemRefFactory::make(ArrayRef<int64_t> dims, Type elementType) {
  if (!elementType)
    elementType = Float32Type::get(&context);
  return {++lastId, MemRefType::get(dims, elementType)};
}

//===----------------------------------------------------------------------===//
// Shell
//===----------------------------------------------------------------------===//

/// Runs `fill` at the end of `block` (before its terminator, if it has one)
/// and ends the block with `scf.yield` of what `fill` returned; an existing
/// terminator takes those values as operands instead.
template <typename Fn>
static void fillBlock(OpBuilder &builder, Location loc, Block &block,
                      Fn &&fill) {
  OpBuilder::InsertionGuard guard(builder);
  Operation *terminator = nullptr;
  if (!block.empty() && block.back().hasTrait<OpTrait::IsTerminator>())
    terminator = &block.back();
  if (terminator)
    builder.setInsertionPoint(terminator);
  else
    builder.setInsertionPointToEnd(&block);
  SmallVector<Value> yielded = fill();
  if (terminator) {
    if (!yielded.empty())
      terminator->setOperands(yielded);
    return;
  }
  builder.setInsertionPointToEnd(&block);
  scf::YieldOp::create(builder, loc, yielded);
}

KernelBuilder::KernelBuilder(MLIRContext &context, StringRef name,
                             ArrayRef<Type> values,
                             ArrayRef<MemRefArg> memories,
                             ArrayRef<Type> results)
    : context(context), builder(&context),
      loc(NameLoc::get(StringAttr::get(&context, name))) {
  context
      .loadDialect<dataflow::DataflowDialect, LoomDialect, arith::ArithDialect,
                   memref::MemRefDialect, scf::SCFDialect>();
  module = ModuleOp::create(loc);
  builder.setInsertionPointToEnd(module->getBody());
  SmallVector<Type> inputs(values);
  SmallVector<Location> locs(values.size(), loc);
  for (const MemRefArg &memory : memories) {
    inputs.push_back(memory.type);
    locs.push_back(NameLoc::get(
        StringAttr::get(&context, "mem" + std::to_string(memory.id))));
  }
  thread = dataflow::ThreadOp::create(
      builder, loc, name, builder.getFunctionType(inputs, {}),
      dataflow::ThreadDomainAttr::getDense(&context), /*rank=*/0);
  Block &entry = thread.getBody().front();
  for (auto [arg, argLoc] : llvm::zip(entry.getArguments(), locs))
    arg.setLoc(argLoc);
  auto args = entry.getArguments().take_front(inputs.size());
  builder.setInsertionPoint(thread.getYield());
  region = SpatialRegionOp::create(
      builder, loc, results, /*memoryResults=*/TypeRange(),
      args.take_front(values.size()), /*streamInputs=*/ValueRange(),
      args.drop_front(values.size()), /*streamOutputs=*/ValueRange(),
      /*source_maps=*/ArrayAttr(), builder.getStringAttr(name + "_g0"));
  builder.createBlock(&region.getBody(), {}, inputs, locs);
}

Value KernelBuilder::value(unsigned i) {
  assert(i < region.getValueInputs().size() && "no such value input");
  return region.getBody().front().getArgument(i);
}

Value KernelBuilder::memory(unsigned i) {
  assert(i < region.getMemoryInputs().size() && "no such memory input");
  return region.getBody().front().getArgument(region.getValueInputs().size() +
                                              i);
}

void KernelBuilder::reportError(const Twine &message) {
  ++numErrors;
  emitError(loc) << "kernel builder: " << message;
}

OwningOpRef<ModuleOp> KernelBuilder::finish(ValueRange results) {
  assert(!finished && "finish() called twice");
  finished = true;
  Block &body = region.getBody().front();
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(&body);
  // On a type mismatch the module is dropped unverified.
  if (TypeRange(results) != region.getValueResults().getTypes())
    reportError("spatial_yield types differ from the declared results");
  SpatialYieldOp::create(builder, loc, results);
  if (numErrors != 0 || failed(verify(*module)))
    return nullptr;
  return std::move(module);
}

//===----------------------------------------------------------------------===//
// Scalars and memory
//===----------------------------------------------------------------------===//

Value KernelBuilder::ic(int64_t n) {
  return arith::ConstantIndexOp::create(builder, loc, n);
}

Value KernelBuilder::constant(Type type, double v) {
  TypedAttr attr;
  if (type.isIndex())
    attr = builder.getIndexAttr(static_cast<int64_t>(v));
  else if (type.isInteger(1))
    attr = builder.getBoolAttr(v != 0);
  else if (isa<IntegerType>(type))
    attr = builder.getIntegerAttr(type, static_cast<int64_t>(v));
  else
    attr = builder.getFloatAttr(type, v);
  return arith::ConstantOp::create(builder, loc, attr);
}

Value KernelBuilder::add(Value a, Value b) {
  assert(a.getType() == b.getType() && "add of two types");
  if (isa<FloatType>(a.getType()))
    return arith::AddFOp::create(builder, loc, a, b);
  return arith::AddIOp::create(builder, loc, a, b);
}

Value KernelBuilder::sub(Value a, Value b) {
  assert(a.getType() == b.getType() && "sub of two types");
  if (isa<FloatType>(a.getType()))
    return arith::SubFOp::create(builder, loc, a, b);
  return arith::SubIOp::create(builder, loc, a, b);
}

Value KernelBuilder::mul(Value a, Value b) {
  assert(a.getType() == b.getType() && "mul of two types");
  if (isa<FloatType>(a.getType()))
    return arith::MulFOp::create(builder, loc, a, b);
  return arith::MulIOp::create(builder, loc, a, b);
}

Value KernelBuilder::lt(Value a, Value b) {
  assert(a.getType() == b.getType() && "comparison of two types");
  if (isa<FloatType>(a.getType()))
    return arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::OLT, a, b);
  return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt, a, b);
}

Value KernelBuilder::load(Value mem, ValueRange idcs) {
  return memref::LoadOp::create(builder, loc, mem, idcs);
}

void KernelBuilder::store(Value v, Value mem, ValueRange idcs) {
  memref::StoreOp::create(builder, loc, v, mem, idcs);
}

Value KernelBuilder::toIndex(Value v) {
  Type type = v.getType();
  if (type.isIndex())
    return v;
  if (isa<FloatType>(type))
    v = arith::FPToSIOp::create(builder, loc, builder.getI64Type(), v);
  return arith::IndexCastOp::create(builder, loc, builder.getIndexType(), v);
}

Value KernelBuilder::convert(Value v, Type to) {
  Type from = v.getType();
  if (from == to)
    return v;
  auto fromFloat = dyn_cast<FloatType>(from);
  auto toFloat = dyn_cast<FloatType>(to);
  if (fromFloat && toFloat) {
    if (fromFloat.getWidth() < toFloat.getWidth())
      return arith::ExtFOp::create(builder, loc, to, v);
    return arith::TruncFOp::create(builder, loc, to, v);
  }
  if (fromFloat)
    return arith::FPToSIOp::create(builder, loc, to, v);
  if (toFloat)
    return arith::SIToFPOp::create(builder, loc, to, v);
  if (from.isIndex() || to.isIndex())
    return arith::IndexCastOp::create(builder, loc, to, v);
  if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
    return arith::ExtSIOp::create(builder, loc, to, v);
  return arith::TruncIOp::create(builder, loc, to, v);
}

SmallVector<Value> KernelBuilder::withDynIndex(ArrayRef<Value> idcs,
                                               unsigned dynAxis, Value dynValue,
                                               unsigned rank) {
  assert(idcs.size() == rank && "one index per dimension");
  assert(dynAxis < rank && "dynAxis outside the memref rank");
  SmallVector<Value> full(idcs);
  full[dynAxis] = toIndex(dynValue);
  return full;
}

Value KernelBuilder::gather(Value mem, ArrayRef<Value> idcs, unsigned dynAxis,
                            Value dynValue) {
  unsigned rank = cast<MemRefType>(mem.getType()).getRank();
  return load(mem, withDynIndex(idcs, dynAxis, dynValue, rank));
}

void KernelBuilder::scatter(Value mem, ArrayRef<Value> idcs, unsigned dynAxis,
                            Value dynValue, Value v) {
  unsigned rank = cast<MemRefType>(mem.getType()).getRank();
  store(v, mem, withDynIndex(idcs, dynAxis, dynValue, rank));
}

void KernelBuilder::scatterAdd(Value mem, ArrayRef<Value> idcs,
                               unsigned dynAxis, Value dynValue, Value addend) {
  unsigned rank = cast<MemRefType>(mem.getType()).getRank();
  // One index computation serves the read-back and the write.
  SmallVector<Value> cell = withDynIndex(idcs, dynAxis, dynValue, rank);
  Value old = load(mem, cell);
  store(add(old, convert(addend, old.getType())), mem, cell);
}

Local KernelBuilder::defineLocal(Value v) {
  auto cell =
      memref::AllocaOp::create(builder, loc, MemRefType::get({}, v.getType()));
  store(v, cell, {});
  return {cell};
}

Value KernelBuilder::getLocal(Local local) { return load(local.cell, {}); }

void KernelBuilder::setLocal(Local local, Value v) { store(v, local.cell, {}); }

//===----------------------------------------------------------------------===//
// Loops and scans
//===----------------------------------------------------------------------===//

scf::ForOp KernelBuilder::loop(Bound upto, function_ref<void(Value)> body) {
  // upto + 1 is the exclusive bound: a negative upto is a dead loop.
  if (!upto.value)
    return loopN(upto.constant + 1, body);
  Value one = constant(upto.value.getType(), 1);
  return loopN(add(upto.value, one), body);
}

scf::ForOp KernelBuilder::loopN(Bound width, function_ref<void(Value)> body) {
  Value ub = width.value ? width.value : ic(width.constant);
  Value lb = constant(ub.getType(), 0);
  Value step = constant(ub.getType(), 1);
  auto loop = scf::ForOp::create(builder, loc, lb, ub, step);
  fillBlock(builder, loc, *loop.getBody(), [&] {
    body(loop.getInductionVar());
    return SmallVector<Value>();
  });
  return loop;
}

Carried KernelBuilder::carry(Value init) {
  CarriedSlot slot;
  slot.init = init;
  slots.push_back(slot);
  return {static_cast<unsigned>(slots.size() - 1)};
}

SmallVector<Value> KernelBuilder::scan(Bound upto, ArrayRef<Carried> carried,
                                       function_ref<void(Value)> body,
                                       Direction direction, int64_t from) {
  Value last = upto.value;
  Value ub =
      last ? add(last, constant(last.getType(), 1)) : ic(upto.constant + 1);
  Type type = ub.getType();
  Value lb = constant(type, from);
  Value step = constant(type, 1);
  // Backward visits upto .. from as (from + upto) - iv.
  Value mirror;
  if (direction == Direction::Backward)
    mirror = last ? add(last, constant(type, from)) : ic(upto.constant + from);
  SmallVector<Value> inits;
  for (Carried c : carried) {
    assert(c.slot < slots.size() && "carried value of another builder");
    CarriedSlot &slot = slots[c.slot];
    if (slot.used)
      reportError("carried value #" + Twine(c.slot) + " joins a second scan");
    slot.used = true;
    inits.push_back(slot.init);
  }
  auto loop = scf::ForOp::create(builder, loc, lb, ub, step, inits);
  Block *block = loop.getBody();
  for (auto [c, arg] : llvm::zip(carried, loop.getRegionIterArgs())) {
    slots[c.slot].prev = arg;
    slots[c.slot].next = Value();
    slots[c.slot].body = block;
  }
  fillBlock(builder, loc, *block, [&] {
    Value iv = loop.getInductionVar();
    if (mirror)
      iv = sub(mirror, iv);
    body(iv);
    SmallVector<Value> nexts;
    for (Carried c : carried) {
      CarriedSlot &slot = slots[c.slot];
      if (!slot.next && slot.body) {
        reportError("setNext was not called for carried value #" +
                    Twine(c.slot) + " in the scan body");
        slot.next = slot.prev;
      }
      nexts.push_back(slot.next ? slot.next : slot.prev);
      slot.body = nullptr;
    }
    return nexts;
  });
  return SmallVector<Value>(loop.getResults());
}

KernelBuilder::CarriedSlot *KernelBuilder::activeSlot(Carried c,
                                                      StringRef what) {
  assert(c.slot < slots.size() && "carried value of another builder");
  CarriedSlot *slot = &slots[c.slot];
  if (slot->body)
    return slot;
  reportError(what + " of carried value #" + Twine(c.slot) +
              " outside the body of its scan");
  return nullptr;
}

Value KernelBuilder::prev(Carried c) {
  CarriedSlot *slot = activeSlot(c, "prev");
  return slot ? slot->prev : slots[c.slot].init;
}

Value KernelBuilder::next(Carried c) {
  CarriedSlot *slot = activeSlot(c, "next");
  if (!slot)
    return slots[c.slot].init;
  if (!slot->next) {
    reportError("next of carried value #" + Twine(c.slot) +
                " read before its setNext in this iteration");
    return slot->prev;
  }
  return slot->next;
}

void KernelBuilder::setNext(Carried c, Value v) {
  CarriedSlot *slot = activeSlot(c, "setNext");
  if (!slot)
    return;
  assert(v.getType() == slot->prev.getType() && "setNext changes the type");
  if (slot->next) {
    reportError("setNext called twice for carried value #" + Twine(c.slot) +
                " in one iteration");
    return;
  }
  if (builder.getInsertionBlock() != slot->body) {
    reportError("setNext of carried value #" + Twine(c.slot) +
                " must be a top-level statement of its scan body");
    slot->next = slot->prev; // Counted as set: report the misuse once.
    return;
  }
  slot->next = v;
}

//===----------------------------------------------------------------------===//
// Branches, while, switch and forall
//===----------------------------------------------------------------------===//

Value KernelBuilder::truth(Value cond) {
  Type type = cond.getType();
  if (type.isInteger(1))
    return cond;
  Value zero = constant(type, 0);
  if (isa<FloatType>(type))
    return arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::UNE, cond,
                                 zero);
  return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ne, cond,
                               zero);
}

scf::IfOp KernelBuilder::if_(Value cond, function_ref<void()> then,
                             function_ref<void()> orElse) {
  auto op = scf::IfOp::create(builder, loc, TypeRange(), truth(cond),
                              /*withElseRegion=*/static_cast<bool>(orElse));
  fillBlock(builder, loc, op.getThenRegion().front(), [&] {
    then();
    return SmallVector<Value>();
  });
  if (orElse)
    fillBlock(builder, loc, op.getElseRegion().front(), [&] {
      orElse();
      return SmallVector<Value>();
    });
  return op;
}

scf::IfOp KernelBuilder::ifIdx(Value cond, function_ref<void()> then,
                               function_ref<void()> orElse) {
  Value index = toIndex(cond);
  Value nonzero = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ne,
                                        index, ic(0));
  return if_(nonzero, then, orElse);
}

SmallVector<Value> KernelBuilder::ifValues(Value cond, TypeRange types,
                                           ValuesFn then, ValuesFn orElse) {
  auto op = scf::IfOp::create(builder, loc, types, truth(cond),
                              /*withElseRegion=*/true);
  fillBlock(builder, loc, op.getThenRegion().front(), then);
  fillBlock(builder, loc, op.getElseRegion().front(), orElse);
  return SmallVector<Value>(op.getResults());
}

SmallVector<Value>
KernelBuilder::whileLoop(ValueRange inits, function_ref<Value(ValueRange)> cond,
                         ArgsFn body) {
  SmallVector<Type> types(inits.getTypes());
  SmallVector<Location> locs(types.size(), loc);
  auto op = scf::WhileOp::create(builder, loc, types, inits);
  Block *before, *after;
  {
    OpBuilder::InsertionGuard guard(builder);
    before = builder.createBlock(&op.getBefore(), {}, types, locs);
    after = builder.createBlock(&op.getAfter(), {}, types, locs);
    builder.setInsertionPointToEnd(before);
    Value go = cond(before->getArguments());
    scf::ConditionOp::create(builder, loc, go, before->getArguments());
  }
  fillBlock(builder, loc, *after, [&] { return body(after->getArguments()); });
  return SmallVector<Value>(op.getResults());
}

SmallVector<Value>
KernelBuilder::indexSwitch(Value arg, ArrayRef<int64_t> cases, TypeRange types,
                           function_ref<SmallVector<Value>(unsigned)> lane) {
  auto op =
      scf::IndexSwitchOp::create(builder, loc, types, arg, cases, cases.size());
  for (unsigned i = 0; i <= cases.size(); ++i) {
    Region &region =
        i == 0 ? op.getDefaultRegion() : op.getCaseRegions()[i - 1];
    Block *block;
    {
      OpBuilder::InsertionGuard guard(builder);
      block = builder.createBlock(&region);
    }
    fillBlock(builder, loc, *block, [&] { return lane(i); });
  }
  return SmallVector<Value>(op.getResults());
}

scf::ForallOp KernelBuilder::forall(ArrayRef<Bound> extents,
                                    function_ref<void(ValueRange)> body) {
  SmallVector<OpFoldResult> ubs;
  for (const Bound &extent : extents)
    ubs.push_back(extent.value
                      ? OpFoldResult(extent.value)
                      : OpFoldResult(builder.getIndexAttr(extent.constant)));
  auto op = scf::ForallOp::create(builder, loc, ubs, /*outputs=*/ValueRange(),
                                  /*mapping=*/std::nullopt);
  fillBlock(builder, loc, *op.getBody(), [&] {
    body(op.getInductionVars());
    return SmallVector<Value>();
  });
  return op;
}

scf::ParallelOp KernelBuilder::parallel(ArrayRef<Bound> extents,
                                        function_ref<void(ValueRange)> body) {
  SmallVector<Value> lbs, ubs, steps;
  for (const Bound &extent : extents) {
    ubs.push_back(extent.value ? toIndex(extent.value) : ic(extent.constant));
    lbs.push_back(ic(0));
    steps.push_back(ic(1));
  }
  auto op = scf::ParallelOp::create(builder, loc, lbs, ubs, steps);
  OpBuilder::InsertionGuard guard(builder);
  // The builder leaves the body with its empty scf.reduce terminator.
  builder.setInsertionPoint(op.getBody()->getTerminator());
  body(op.getInductionVars());
  return op;
}

SmallVector<Value> KernelBuilder::executeRegion(TypeRange types,
                                                ValuesFn body) {
  auto op = scf::ExecuteRegionOp::create(builder, loc, types);
  Block *block;
  {
    OpBuilder::InsertionGuard guard(builder);
    block = builder.createBlock(&op.getRegion());
  }
  fillBlock(builder, loc, *block, body);
  return SmallVector<Value>(op.getResults());
}

//===----------------------------------------------------------------------===//
// Tile multiply-accumulate
//===----------------------------------------------------------------------===//

Operation *KernelBuilder::tileMma(const TileMma &tile) {
  if (tile.m <= 0 || tile.n <= 0 || tile.k <= 0 || tile.lanes <= 0 ||
      tile.m % tile.lanes != 0) {
    reportError("tileMma needs positive extents and lanes dividing m");
    return nullptr;
  }
  auto rows = [&](Value lane) {
    return loopN(tile.m / tile.lanes, [&](Value row) {
      // Lane l takes rows l, l + lanes, l + 2 * lanes, ...
      Value i = lane ? add(mul(row, ic(tile.lanes)), lane) : row;
      loopN(tile.n, [&](Value j) { tileCell(tile, i, j); });
    });
  };
  Operation *outer;
  if (tile.lanes == 1)
    outer = rows(Value());
  else
    outer = forall({tile.lanes}, [&](ValueRange lanes) { rows(lanes[0]); });
  auto entry = [&](StringRef name, int64_t v) {
    return builder.getNamedAttr(name, builder.getI64IntegerAttr(v));
  };
  outer->setAttr(
      "loom.tile_mma",
      builder.getDictionaryAttr(
          {entry("m", tile.m), entry("n", tile.n), entry("k", tile.k),
           entry("ta", tile.ta), entry("tb", tile.tb),
           entry("ldd", tile.ldd.value_or(tile.n)),
           entry("lda", tile.lda.value_or(tile.ta ? tile.m : tile.k)),
           entry("ldb", tile.ldb.value_or(tile.tb ? tile.k : tile.n)),
           entry("lanes", tile.lanes)}));
  return outer;
}

void KernelBuilder::tileCell(const TileMma &tile, Value i, Value j) {
  // row * ld + col + offset, without the identities.
  auto flat = [&](Value row, int64_t ld, Value col, int64_t offset) {
    Value index = add(ld == 1 ? row : mul(row, ic(ld)), col);
    return offset == 0 ? index : add(index, ic(offset));
  };
  int64_t ldd = tile.ldd.value_or(tile.n);
  int64_t lda = tile.lda.value_or(tile.ta ? tile.m : tile.k);
  int64_t ldb = tile.ldb.value_or(tile.tb ? tile.k : tile.n);
  Value dIndex = flat(i, ldd, j, tile.dOffset);
  Carried acc = carry(load(tile.d, dIndex));
  SmallVector<Value> sum = scan(tile.k - 1, {acc}, [&](Value l) {
    Value aIndex =
        tile.ta ? flat(l, lda, i, tile.aOffset) : flat(i, lda, l, tile.aOffset);
    Value bIndex =
        tile.tb ? flat(j, ldb, l, tile.bOffset) : flat(l, ldb, j, tile.bOffset);
    Value product = mul(load(tile.a, aIndex), load(tile.b, bIndex));
    setNext(acc, add(prev(acc), product));
  });
  store(sum.front(), tile.d, dIndex);
}
