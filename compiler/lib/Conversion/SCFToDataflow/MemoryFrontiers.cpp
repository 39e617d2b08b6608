//===- MemoryFrontiers.cpp - leaf memory transfer and event joins ---------===//
//
// Part of the Loom project.
//
// The memory-frontier model of dataflow-semantics.md at the leaves of the
// recursive graph-region traversal, per alias partition p:
//
//   read of p:   ctrl = all_of(E, W[p]);  R[p] = all_of(R[p], done)
//   write of p:  ctrl = all_of(E, R[p]);  W[p] = R[p] = done
//
// which orders RAW, WAR and WAW and adds nothing for read-after-read. Across
// the iterations of an scf.for whose accesses no two iterations share an
// element (LoopDependence.h), a written partition's W and R are not carried:
// every iteration starts from the entry frontier and the exit joins every
// iteration's R (getUnorderedPartitions, LowerStructured.cpp). A leaf
// access never replaces E. A structured op that accesses no memory of p
// leaves W[p] and R[p] as they were, so its templates route only the
// partitions it touches and the others bypass it. The structured templates
// (LowerStructured.cpp, LowerParallel.cpp) route the same (E, W, R) state
// through their demux, mux, carry and join actors, and GraphRegionLowering owns
// the traversal: Part 3 builds the frontiers while it builds the graph, so this
// is a component of that owner and not a pass of its own (docs/compiler.md).
//
//===----------------------------------------------------------------------===//

#include "GraphRegionLowering.h"
#include "loom/Ownership/LoopDependence.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

#include "llvm/ADT/SmallBitVector.h"

using namespace mlir;
using namespace loom::dataflow;
using namespace loom::conversion;

Value GraphRegionLowering::allOf(ArrayRef<Value> events, Location loc) {
  SmallVector<Value> unique;
  for (Value event : events)
    if (event && !llvm::is_contained(unique, event))
      unique.push_back(event);
  assert(!unique.empty() && "all_of of nothing");
  if (unique.size() == 1)
    return unique.front();
  if (unique.size() <= 4)
    return SyncOp::create(builder, loc, ValueRange(unique).getTypes(), unique)
        .getOutputs()
        .front();
  // Balanced binary tree; the left half takes the extra element.
  size_t half = (unique.size() + 1) / 2;
  Value left = allOf(ArrayRef(unique).take_front(half), loc);
  Value right = allOf(ArrayRef(unique).drop_front(half), loc);
  return allOf({left, right}, loc);
}

SmallVector<unsigned, 2> GraphRegionLowering::touchedPartitions(Operation *op) {
  llvm::SmallBitVector touched(numPartitions);
  auto touch = [&](Value memref) {
    auto it = partitions.find(memref);
    // An unbound memref fails its lowering later; until then it counts as
    // touching everything so no frontier is routed around it.
    if (it == partitions.end())
      touched.set();
    else
      touched.set(it->second);
  };
  op->walk([&](Operation *nested) {
    if (auto load = dyn_cast<memref::LoadOp>(nested))
      touch(load.getMemRef());
    else if (auto store = dyn_cast<memref::StoreOp>(nested))
      touch(store.getMemRef());
  });
  return llvm::to_vector<2>(touched.set_bits());
}

SmallVector<unsigned, 2> GraphRegionLowering::getUnorderedPartitions(
    scf::ForOp loop, ArrayRef<unsigned> touched, const FrontierState &entry) {
  llvm::SmallBitVector written(numPartitions);
  loop.walk([&](memref::StoreOp store) {
    auto it = partitions.find(store.getMemRef());
    // An unbound memref fails its lowering later (touchedPartitions).
    if (it == partitions.end())
      written.set();
    else
      written.set(it->second);
  });
  // Reads never need an order among themselves. A read-only partition is
  // cheaper unordered only when its entry frontier is E, which stands in
  // for it with no projection; otherwise its rings stay.
  SmallVector<unsigned, 2> unordered;
  for (unsigned p : touched)
    if (!written.test(p) && entry.writes[p] == entry.exec &&
        entry.reads[p] == entry.exec)
      unordered.push_back(p);
  if (written.none())
    return unordered;
  // The memrefs of a region are its inputs, not the function's arguments:
  // what may overlap is what shares a partition (AliasPartitions.cpp).
  auto mayOverlap = [this](Value a, Value b) {
    auto partitionA = partitions.find(a), partitionB = partitions.find(b);
    return a == b || partitionA == partitions.end() ||
           partitionB == partitions.end() ||
           partitionA->second == partitionB->second;
  };
  if (ownership::analyzeLoopDependences(loop, mayOverlap).verdict ==
      ownership::DependenceVerdict::Independent)
    for (unsigned p : touched)
      if (written.test(p))
        unordered.push_back(p);
  return unordered;
}

LogicalResult GraphRegionLowering::lowerLoad(Operation *op, Scope &scope,
                                             FrontierState &state) {
  auto load = cast<memref::LoadOp>(op);
  FailureOr<Value> memory = lookup(load.getMemRef(), scope);
  if (failed(memory))
    return op->emitError() << "memref is not a memory input of the region";
  SmallVector<Value> indices;
  for (Value index : load.getIndices()) {
    FailureOr<Value> mapped = lookup(index, scope);
    if (failed(mapped))
      return op->emitError() << "index is not available in the graph";
    indices.push_back(*mapped);
  }
  unsigned p = getPartition(load.getMemRef());
  Location loc = op->getLoc();
  Value ctrl = allOf({state.exec, state.writes[p]}, loc);
  auto access = LoadOp::create(builder, loc, load.getType(),
                               builder.getNoneType(), *memory, indices, ctrl);
  scope.mapping.map(load.getResult(), access.getData());
  state.reads[p] = joinRead(state.reads[p], access.getDone(), loc);
  return success();
}

/// Erases the syncs of an all_of tree whose outputs nothing uses, down to
/// its leaves (the reads' done events).
static void eraseDeadJoinTree(Value event) {
  auto sync = event.getDefiningOp<SyncOp>();
  if (!sync || !sync->use_empty())
    return;
  SmallVector<Value> inputs(sync->getOperands());
  sync->erase();
  for (Value input : inputs)
    eraseDeadJoinTree(input);
}

// A chain R = all_of(all_of(all_of(R0, d1), d2), d3) puts one sync per read
// on R0's path; when R0 is carried by a loop, that is a sync per load on the
// loop's recurrence (a dot product's k partial sums, 2k loads, ran at 2k
// cycles per iteration). The same join as all_of(R0, all_of(d1, d2, d3))
// orders the same events with one sync on R0's path: each read extends
// the join that nothing uses yet instead of wrapping it.
Value GraphRegionLowering::joinRead(Value reads, Value done, Location loc) {
  ReadJoin join{reads, {done}};
  auto pending = readJoins.find(reads);
  auto top = reads.getDefiningOp<SyncOp>();
  if (pending != readJoins.end() && top && reads.use_empty()) {
    join = pending->second;
    join.dones.push_back(done);
    readJoins.erase(pending);
    // The old top sync joined (base, tree of the earlier dones).
    SmallVector<Value> inputs(top->getOperands());
    top->erase();
    for (Value input : inputs)
      if (input != join.base)
        eraseDeadJoinTree(input);
  }
  Value joined = allOf({join.base, allOf(join.dones, loc)}, loc);
  readJoins[joined] = std::move(join);
  return joined;
}

LogicalResult GraphRegionLowering::lowerStore(Operation *op, Scope &scope,
                                              FrontierState &state) {
  auto store = cast<memref::StoreOp>(op);
  FailureOr<Value> memory = lookup(store.getMemRef(), scope);
  FailureOr<Value> value = lookup(store.getValueToStore(), scope);
  if (failed(memory) || failed(value))
    return op->emitError() << "operand is not available in the graph";
  SmallVector<Value> indices;
  for (Value index : store.getIndices()) {
    FailureOr<Value> mapped = lookup(index, scope);
    if (failed(mapped))
      return op->emitError() << "index is not available in the graph";
    indices.push_back(*mapped);
  }
  unsigned p = getPartition(store.getMemRef());
  Location loc = op->getLoc();
  Value ctrl = allOf({state.exec, state.reads[p]}, loc);
  Value done = StoreOp::create(builder, loc, builder.getNoneType(), *memory,
                               indices, *value, ctrl)
                   .getDone();
  state.writes[p] = done;
  state.reads[p] = done;
  return success();
}
