//===- LowerGraphRegions.cpp - spatial regions into graphs and launches --===//
//
// Part of the Loom project.
//
//   dataflow.thread @t(...) ctrl(%c) {          dataflow.graph private
//   @t_g0(%start: none)
//     %r = loom.spatial_region                      values(...) memories(...)
//     -> values(T) {
//         values(%v) memories(%m) -> values(T) {    ... actors ...
//       ...                                         dataflow.graph.return
//       values(%r)
//     }                                                 complete(%done)
//     ...                                         }
//   }                                  =>       dataflow.thread @t(...)
//   ctrl(%c) {
//                                                 %r, %d =
//                                                 dataflow.graph.launch @t_g0
//                                                     deps(%c) values(%v)
//                                                     memories(%m)
//                                                 ...
//                                                 dataflow.thread.yield
//                                               }
//
// Every region is checked, then lowered; only if all succeed is the module
// changed (atomic publication). Each launch depends on the thread's
// control; FinalizeGraphLaunches.cpp chains the launches, adds the waits
// and the yield frontier.
//
// A static `memref.alloca` inside a region is hoisted into the thread, just
// before the launch, and becomes one more memory input of the graph, in an
// alias partition of its own (a fresh allocation aliases nothing else). One
// allocation serves every execution of the scope that declared it: a fresh
// alloca's contents are undefined, so finding the previous iteration's
// values there is one of the behaviours the source already allows, and the
// partition's frontiers order each iteration's accesses after the last.
// Inside an scf.forall the lanes would share it, so that is rejected.
//
// The other memory inputs are grouped into alias partitions by
// AliasPartitions.cpp (distinct roots: fresh allocations and `llvm.noalias`
// kernel parameters; everything else shares one conservative partition),
// and a remark names each region's partitions.
//
//===----------------------------------------------------------------------===//

#include "AliasPartitions.h"
#include "GraphRegionLowering.h"
#include "LoweringSteps.h"
#include "RegionLegality.h"

#include "loom/Conversion/SCFToDataflow/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"

namespace loom::conversion {
#define GEN_PASS_DEF_LOWERGRAPHREGIONSPASS
#include "loom/Conversion/SCFToDataflow/Passes.h.inc"
} // namespace loom::conversion

#define DEBUG_TYPE "loom-lower-graph-regions"

using namespace mlir;
using namespace loom;
using namespace loom::dataflow;
using namespace loom::conversion;

/// The symbol the graph of `region` asks for (the symbol table renames it
/// on a collision).
static std::string getGraphName(SpatialRegionOp region, ThreadOp thread) {
  if (auto stem = region.getGraphNameAttr())
    return stem.getValue().str();
  return thread.getSymName().str() + "_g";
}

/// The allocations of `region` that become memory inputs, in body order.
static SmallVector<memref::AllocaOp> getHoisted(SpatialRegionOp region) {
  SmallVector<memref::AllocaOp> allocas;
  region.getBody().walk(
      [&](memref::AllocaOp alloca) { allocas.push_back(alloca); });
  return allocas;
}

/// The graph definition of `region` next to `thread`, without a body yet:
/// the region's value and memory inputs, then one memory input per
/// allocation hoisted out of it.
static GraphOp createEmptyGraph(SpatialRegionOp region, ThreadOp thread,
                                ArrayRef<memref::AllocaOp> hoisted,
                                SymbolTable &symbols) {
  OpBuilder builder(thread);
  SmallVector<Type> inputs(region.getValueInputs().getTypes());
  llvm::append_range(inputs, region.getMemoryInputs().getTypes());
  for (memref::AllocaOp alloca : hoisted)
    inputs.push_back(alloca.getType());
  int32_t numMemories =
      static_cast<int32_t>(region.getMemoryInputs().size() + hoisted.size());
  SmallVector<Type> results(region.getValueResults().getTypes());
  std::string name = getGraphName(region, thread);
  auto graph = GraphOp::create(
      builder, region.getLoc(), name, builder.getFunctionType(inputs, results),
      {static_cast<int32_t>(region.getValueInputs().size()), 0, numMemories},
      {static_cast<int32_t>(results.size()), 0, 0});
  symbols.insert(graph); // Renames on a collision.
  return graph;
}

/// Builds the graph definition of `region` next to `thread` with the alias
/// partitions `partitions` (of its memory inputs, then of its hoisted
/// allocations), or fails with a diagnostic; on failure nothing is left
/// behind.
static FailureOr<GraphOp> buildGraph(SpatialRegionOp region, ThreadOp thread,
                                     const RegionPartitions &partitions,
                                     SymbolTable &symbols,
                                     unsigned indexWidth) {
  SmallVector<memref::AllocaOp> hoisted = getHoisted(region);
  GraphOp graph = createEmptyGraph(region, thread, hoisted, symbols);
  Block &body = region.getBody().front();
  unsigned numValues = region.getValueInputs().size();
  unsigned numPartitions = partitions.getNumPartitions();
  ArrayRef<unsigned> partitionOf = partitions.partitionOf;
  GraphRegionLowering lowering(graph, numPartitions, indexWidth);
  Scope top;
  top.control = graph.getStart();
  for (auto [i, arg] : llvm::enumerate(body.getArguments())) {
    Value graphArg = graph.getPayloadArgument(i);
    if (i < numValues)
      top.mapping.map(arg, graphArg);
    else
      lowering.bindMemory(arg, graphArg, partitionOf[i - numValues]);
  }
  for (auto [k, alloca] : llvm::enumerate(hoisted)) {
    unsigned memoryIndex = region.getMemoryInputs().size() + k;
    lowering.bindMemory(alloca.getResult(),
                        graph.getPayloadArgument(numValues + memoryIndex),
                        partitionOf[memoryIndex]);
  }
  FrontierState start{graph.getStart(), {}, {}};
  for (unsigned p = 0; p < numPartitions; ++p) {
    start.writes.push_back(graph.getStart());
    start.reads.push_back(graph.getStart());
  }
  FailureOr<FrontierState> final = lowering.lowerBlock(body, top, start);
  SmallVector<Value> outputs;
  if (succeeded(final))
    for (Value yielded : body.getTerminator()->getOperands()) {
      FailureOr<Value> value = lowering.lookup(yielded, top);
      if (failed(value)) {
        final = failure();
        break;
      }
      outputs.push_back(*value);
    }
  if (failed(final)) {
    std::string name = graph.getSymName().str();
    graph.erase();
    return region.emitError()
           << "cannot lower spatial region '" << name << "' of thread @"
           << thread.getSymName() << " (see the error above)";
  }
  // Retirement: all_of(final E, every final R) published together with the
  // value outputs in one mixed rendezvous, so values and completion agree.
  OpBuilder &b = lowering.getBuilder();
  SmallVector<Value> joined = {final->exec};
  llvm::append_range(joined, final->reads);
  Value events = lowering.allOf(joined, region.getLoc());
  // Value outputs are published with the completion in one mixed sync.
  Value complete = events;
  SmallVector<Value> values(outputs);
  if (!outputs.empty()) {
    SmallVector<Value> published = {events};
    llvm::append_range(published, outputs);
    auto sync = SyncOp::create(b, region.getLoc(),
                               ValueRange(published).getTypes(), published);
    complete = sync.getOutputs().front();
    values.assign(sync.getOutputs().begin() + 1, sync.getOutputs().end());
  }
  if (complete == graph.getStart()) {
    graph.erase();
    return region.emitError() << "spatial region has no observable effect";
  }
  GraphReturnOp::create(b, region.getLoc(), values, ValueRange(), ValueRange(),
                        ValueRange{complete});
  return graph;
}

/// Tells which memory of `region` the graph orders together and which it
/// keeps apart (-Rpass-analysis=loom in the driver): a kernel whose
/// streams wait on one another across iterations shows it here.
static void remarkPartitions(SpatialRegionOp region, GraphOp graph,
                             const RegionPartitions &partitions) {
  InFlightDiagnostic remark = region.emitRemark() << "spatial region '"
                                                  << graph.getSymName() << "' ";
  if (partitions.getNumPartitions() == 0) {
    remark << "accesses no memory";
    return;
  }
  remark << "orders memory in " << partitions.getNumPartitions()
         << " alias partition"
         << (partitions.getNumPartitions() == 1 ? "" : "s") << ": "
         << llvm::join(partitions.descriptions, ", ");
}

/// Replaces `region` by a launch of `graph` that depends on the thread's
/// control.
static void replaceByLaunch(SpatialRegionOp region, GraphOp graph,
                            ThreadOp thread) {
  OpBuilder builder(region);
  SmallVector<Value> memories(region.getMemoryInputs());
  for (memref::AllocaOp alloca : getHoisted(region)) {
    alloca->moveBefore(region);
    memories.push_back(alloca.getResult());
  }
  auto launch = GraphLaunchOp::create(
      builder, region.getLoc(), region.getValueResults().getTypes(),
      TypeRange(), builder.getNoneType(),
      FlatSymbolRefAttr::get(graph.getSymNameAttr()),
      ValueRange{thread.getThreadCtrl()}, region.getValueInputs(), ValueRange(),
      memories, ValueRange(),
      /*source_maps=*/ArrayAttr());
  region.getValueResults().replaceAllUsesWith(launch.getValueResults());
  region.erase();
}

LogicalResult loom::conversion::checkIndexWidth(ModuleOp module,
                                                unsigned indexWidth,
                                                StringRef passName) {
  if (indexWidth == 32 || indexWidth == 64)
    return success();
  return module.emitError() << passName << ": index-width=" << indexWidth
                            << " is not supported (32 or 64)";
}

/// Checks every legality rule on every spatial region of `module` without
/// changing it; each violation has its own diagnostic.
static LogicalResult checkAllRegions(ModuleOp module, unsigned indexWidth) {
  bool legal = true;
  module.walk([&](SpatialRegionOp region) {
    auto thread = region->getParentOfType<ThreadOp>();
    legal &= succeeded(
        checkRegionLegality(region, getGraphName(region, thread), indexWidth));
  });
  return success(legal);
}

LogicalResult loom::conversion::lowerGraphRegions(ModuleOp module,
                                                  unsigned indexWidth) {
  // Every rule is checked on every region before anything is built.
  if (failed(checkAllRegions(module, indexWidth)))
    return failure();
  SymbolTable symbols(module);
  // The thread launches are collected before any graph is built; the graph
  // definitions added meanwhile change no thread, launch or region.
  AliasRootAnalysis roots(module);
  SmallVector<std::tuple<SpatialRegionOp, GraphOp, RegionPartitions>> lowered;
  bool failedAny = false;
  module.walk([&](SpatialRegionOp region) {
    auto thread = region->getParentOfType<ThreadOp>();
    RegionPartitions partitions = roots.assign(region, getHoisted(region));
    FailureOr<GraphOp> graph =
        buildGraph(region, thread, partitions, symbols, indexWidth);
    if (failed(graph))
      failedAny = true;
    else
      lowered.push_back({region, *graph, std::move(partitions)});
  });
  if (failedAny) {
    // Atomic publication: the live module keeps every region.
    for (auto &[region, graph, partitions] : lowered)
      graph.erase();
    return failure();
  }
  for (auto &[region, graph, partitions] : lowered) {
    remarkPartitions(region, graph, partitions);
    replaceByLaunch(region, graph, region->getParentOfType<ThreadOp>());
  }
  return success();
}

namespace {
struct LowerGraphRegionsPass
    : loom::conversion::impl::LowerGraphRegionsPassBase<LowerGraphRegionsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(checkIndexWidth(module, indexWidth, getArgument())) ||
        failed(lowerGraphRegions(module, indexWidth)))
      signalPassFailure();
  }
};
} // namespace
