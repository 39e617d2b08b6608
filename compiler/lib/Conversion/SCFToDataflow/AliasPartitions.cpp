//===- AliasPartitions.cpp - memory inputs into alias partitions ----------===//
//
// Part of the Loom project.
//
// Part 3, "Basic alias partition": views are peeled to their root, fresh
// allocations are distinct roots, and graph boundary arguments share one
// conservative partition unless no-alias evidence separates them. The
// evidence is the `llvm.noalias` attribute that raising keeps on a kernel
// parameter (C++ `__restrict__`); it is found by following the IR that
// already connects a region's memory input to that parameter:
//
//   func.func @k(%a: memref<?xf32> {llvm.noalias}, %b: memref<?xf32>, ...)
//     dataflow.thread.launch @k_t0 args(%a, %b, ...)      launch operand
//   dataflow.thread @k_t0(%ta, %tb, ...)                    thread argument
//     loom.spatial_region memories(%ta, %tb)                memory input
//
// Two levels, one rule. At each level a memory value is peeled to its
// root: a fresh allocation or a `llvm.noalias` parameter names a root of
// its own; any other parameter, and any value the walk cannot see through,
// is in the conservative class. A value computed by another op (not a
// view) may be derived from any memory its operands reach, so it joins
// the classes of all of them as well as the conservative one. Values with
// one root share its class; a thread argument takes the union of its
// classes over every launch of the thread.
//
// Only memref values are traced: a memref rebuilt from a pointer or an
// integer (a pointer round trip) is conservative but not joined with the
// root the pointer came from. The pipeline does not produce one: raising
// keeps a root it cannot make a memref an LLVM pointer, and code using it
// stays InstructionCore code.
//
//===----------------------------------------------------------------------===//

#include "AliasPartitions.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/IntEqClasses.h"

using namespace mlir;
using namespace loom;
using namespace loom::dataflow;
using namespace loom::conversion;

/// `memref` with every view peeled off.
static Value peelViews(Value memref) {
  while (auto view = memref.getDefiningOp<ViewLikeOpInterface>()) {
    Value source = view.getViewSource();
    if (!isa<BaseMemRefType>(source.getType()))
      break;
    memref = source;
  }
  return memref;
}

static bool isFreshAllocation(Value value) {
  return isa_and_present<memref::AllocaOp, memref::AllocOp>(
      value.getDefiningOp());
}

/// The function-like op whose entry block defines `value`, or null.
static FunctionOpInterface getEntryOwner(Value value) {
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg || !arg.getOwner()->isEntryBlock())
    return {};
  return dyn_cast<FunctionOpInterface>(arg.getOwner()->getParentOp());
}

/// The fresh allocations and entry-block arguments that `opaque` (neither)
/// may be derived from through the operands of the ops computing it, or
/// nullopt when the walk meets a value it cannot see through (a region
/// result, a block argument of a nested block).
static std::optional<SmallVector<Value>> collectBases(Value opaque) {
  SmallVector<Value> bases, worklist{opaque};
  DenseSet<Value> seen;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!seen.insert(value).second)
      continue;
    if (value != opaque && (isFreshAllocation(value) || getEntryOwner(value))) {
      bases.push_back(value);
      continue;
    }
    Operation *def = value.getDefiningOp();
    if (!def || def->getNumRegions() != 0)
      return std::nullopt;
    llvm::append_range(worklist, def->getOperands());
  }
  return bases;
}

namespace {
/// Union-find over the memory values of one level: node 0 is the
/// conservative class, nodes 1..n the values, then one node per root key.
class AliasClasses {
public:
  explicit AliasClasses(unsigned numValues)
      : classes(numValues + 1), numValues(numValues) {}

  /// Value `i` may access the root named by `key`; a null key is the
  /// conservative class.
  void touch(unsigned i, Value key) {
    if (!key) {
      classes.join(node(i), 0);
      return;
    }
    auto [it, inserted] = keys.try_emplace(key, numValues + 1 + keys.size());
    if (inserted)
      classes.grow(it->second + 1);
    classes.join(node(i), it->second);
  }

  /// Value `i` may access anything any value of this level accesses.
  void touchAll(unsigned i) { everything.push_back(i); }

  /// Classifies the memory value `i` (`memory`): `keyOf` names the root
  /// key of a fresh allocation or entry argument of this level (null:
  /// conservative).
  void classify(unsigned i, Value memory,
                llvm::function_ref<Value(Value)> keyOf) {
    Value root = peelViews(memory);
    if (isFreshAllocation(root) || getEntryOwner(root))
      return touch(i, keyOf(root));
    touch(i, Value());
    std::optional<SmallVector<Value>> bases = collectBases(root);
    if (!bases)
      return touchAll(i);
    for (Value base : *bases)
      touch(i, keyOf(base));
  }

  /// The smallest value in the class of `i`, or nullopt for the
  /// conservative class. Call once every value is classified.
  std::optional<unsigned> getLeader(unsigned i) {
    for (unsigned j : everything) {
      classes.join(node(j), 0);
      for (unsigned k = 0; k < numValues; ++k)
        classes.join(node(j), node(k));
    }
    everything.clear();
    unsigned leader = classes.findLeader(node(i));
    if (leader == 0)
      return std::nullopt;
    return leader - 1;
  }

private:
  static unsigned node(unsigned i) { return i + 1; }

  llvm::IntEqClasses classes;
  unsigned numValues;
  DenseMap<Value, unsigned> keys;
  SmallVector<unsigned> everything;
};
} // namespace

/// Names the host-side memory `operand` for a remark.
static std::string describeHostMemory(Value operand) {
  Value root = peelViews(operand);
  if (isFreshAllocation(root))
    return "host allocation";
  if (getEntryOwner(root))
    return "parameter " +
           std::to_string(cast<BlockArgument>(root).getArgNumber());
  if (Operation *def = root.getDefiningOp())
    return "memory from '" + def->getName().getStringRef().str() + "'";
  return "host memory";
}

/// A host root key: a fresh allocation or a `llvm.noalias` parameter names
/// itself; anything else is conservative (null).
static Value getHostKey(Value root) {
  if (isFreshAllocation(root))
    return root;
  FunctionOpInterface owner = getEntryOwner(root);
  if (owner && owner.getArgAttr(cast<BlockArgument>(root).getArgNumber(),
                                "llvm.noalias"))
    return root;
  return Value();
}

/// Why a host root is distinct from the others.
static StringRef getHostEvidence(Value operand) {
  return isFreshAllocation(peelViews(operand)) ? "fresh allocation" : "noalias";
}

/// Numbers the classes of `classes` in order of their first value; the
/// conservative class is one partition like the others.
static RegionPartitions describePartitions(AliasClasses &classes,
                                           ArrayRef<std::string> names,
                                           ArrayRef<std::string> evidence) {
  RegionPartitions result;
  DenseMap<unsigned, unsigned> partitionOfLeader;
  SmallVector<SmallVector<std::string>> members, reasons;
  SmallVector<bool> conservative;
  auto addUnique = [](SmallVector<std::string> &list, const std::string &s) {
    if (!s.empty() && !llvm::is_contained(list, s))
      list.push_back(s);
  };
  for (unsigned i = 0; i < names.size(); ++i) {
    std::optional<unsigned> leader = classes.getLeader(i);
    // Key 0 is the conservative class, key k + 1 the class led by value k.
    unsigned key = leader ? *leader + 1 : 0;
    auto [it, inserted] = partitionOfLeader.try_emplace(key, members.size());
    if (inserted) {
      members.emplace_back();
      reasons.emplace_back();
      conservative.push_back(!leader);
    }
    addUnique(members[it->second], names[i]);
    addUnique(reasons[it->second], evidence[i]);
    result.partitionOf.push_back(it->second);
  }
  for (auto [who, why, shared] : llvm::zip(members, reasons, conservative))
    result.descriptions.push_back(
        "{" + llvm::join(who, ", ") + "} (" +
        (shared ? std::string("may alias: no no-alias evidence")
                : llvm::join(why, ", ")) +
        ")");
  return result;
}

AliasRootAnalysis::AliasRootAnalysis(ModuleOp module) {
  module.walk([&](ThreadOp thread) {
    launches[thread.getSymNameAttr()] = SmallVector<ThreadLaunchOp>();
  });
  // A launch binds every argument; any other use of the symbol may bind
  // them to anything.
  module.walk([&](Operation *op) {
    auto launch = dyn_cast<ThreadLaunchOp>(op);
    op->getAttrDictionary().walk([&](SymbolRefAttr ref) {
      auto found = launches.find(ref.getRootReference());
      if (found == launches.end() || !found->second)
        return;
      if (launch && launch.getCalleeAttr() == ref)
        found->second->push_back(launch);
      else
        found->second = std::nullopt;
    });
  });
}

SmallVector<AliasRootAnalysis::ThreadArgument>
AliasRootAnalysis::classifyThreadArguments(ThreadOp thread) {
  unsigned numArgs = thread.getNumPayloadArguments();
  Block &entry = thread.getBody().front();
  AliasClasses classes(numArgs);
  auto &sites = launches[thread.getSymNameAttr()];
  bool traced = sites && !sites->empty();
  SmallVector<StringRef> evidence(numArgs);
  SmallVector<std::string> names(numArgs);
  for (unsigned i = 0; i < numArgs; ++i)
    names[i] = "thread argument " + std::to_string(i);
  if (!traced)
    for (unsigned i = 0; i < numArgs; ++i)
      classes.touch(i, Value());
  for (ThreadLaunchOp launch : traced ? *sites : ArrayRef<ThreadLaunchOp>())
    for (auto [i, operand] : llvm::enumerate(launch.getBodyOperands())) {
      if (!isa<BaseMemRefType>(operand.getType()))
        continue;
      classes.classify(i, operand, getHostKey);
      if (sites->size() == 1)
        names[i] = describeHostMemory(operand);
      StringRef why = getHostEvidence(operand);
      // Two launches with different evidence: both hold, name neither.
      evidence[i] = evidence[i].empty() || evidence[i] == why
                        ? why
                        : StringRef("distinct root");
    }
  SmallVector<ThreadArgument> result;
  for (unsigned i = 0; i < numArgs; ++i) {
    std::optional<unsigned> leader = classes.getLeader(i);
    result.push_back({leader ? Value(entry.getArgument(*leader)) : Value(),
                      names[i], leader ? evidence[i].str() : std::string()});
  }
  return result;
}

ArrayRef<AliasRootAnalysis::ThreadArgument>
AliasRootAnalysis::getThreadArguments(ThreadOp thread) {
  auto found = threadArguments.find(thread);
  if (found == threadArguments.end())
    found = threadArguments.try_emplace(thread, classifyThreadArguments(thread))
                .first;
  return found->second;
}

RegionPartitions AliasRootAnalysis::assign(SpatialRegionOp region,
                                           ArrayRef<memref::AllocaOp> hoisted) {
  auto thread = region->getParentOfType<ThreadOp>();
  ArrayRef<ThreadArgument> threadArgs = getThreadArguments(thread);
  Block &entry = thread.getBody().front();
  auto payloadIndex = [&](Value root) -> std::optional<unsigned> {
    auto arg = dyn_cast<BlockArgument>(root);
    if (!arg || arg.getOwner() != &entry ||
        arg.getArgNumber() >= threadArgs.size())
      return std::nullopt;
    return arg.getArgNumber();
  };
  auto keyOf = [&](Value root) -> Value {
    if (isFreshAllocation(root))
      return root;
    if (std::optional<unsigned> i = payloadIndex(root))
      return threadArgs[*i].representative;
    return Value();
  };

  SmallVector<Value> memories(region.getMemoryInputs());
  for (memref::AllocaOp alloca : hoisted)
    memories.push_back(alloca.getResult());
  AliasClasses classes(memories.size());
  SmallVector<std::string> names, evidence;
  for (auto [i, memory] : llvm::enumerate(memories)) {
    classes.classify(i, memory, keyOf);
    Value root = peelViews(memory);
    if (isFreshAllocation(root)) {
      names.push_back("local array");
      evidence.push_back("fresh allocation");
    } else if (std::optional<unsigned> arg = payloadIndex(root)) {
      names.push_back(threadArgs[*arg].name);
      evidence.push_back(threadArgs[*arg].evidence);
    } else {
      Operation *def = root.getDefiningOp();
      names.push_back(def ? "memory from '" +
                                def->getName().getStringRef().str() + "'"
                          : std::string("thread memory"));
      evidence.push_back("");
    }
  }
  return describePartitions(classes, names, evidence);
}
