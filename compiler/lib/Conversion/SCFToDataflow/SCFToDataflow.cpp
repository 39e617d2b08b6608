//===- SCFToDataflow.cpp - spatial regions into graphs and launches ------===//
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
//                                                 dataflow.graph.wait %d
//                                                 ...
//                                                 dataflow.thread.yield %d
//                                               }
//
// Every region is lowered first; only if all succeed is the module changed
// (atomic publication).
//
//===----------------------------------------------------------------------===//

#include "GraphRegionLowering.h"
#include "RegionLegality.h"

#include "loom/Conversion/SCFToDataflow/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/SymbolTable.h"

namespace loom::conversion {
#define GEN_PASS_DEF_LOWERSCFTODATAFLOWPASS
#include "loom/Conversion/SCFToDataflow/Passes.h.inc"
} // namespace loom::conversion

#define DEBUG_TYPE "loom-lower-scf-to-dfg"

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

/// Builds the graph definition of `region` next to `thread`, or fails with
/// a diagnostic; on failure nothing is left behind.
static FailureOr<GraphOp> buildGraph(SpatialRegionOp region, ThreadOp thread,
                                     SymbolTable &symbols,
                                     unsigned indexWidth) {
  OpBuilder builder(thread);
  SmallVector<Type> inputs(region.getValueInputs().getTypes());
  llvm::append_range(inputs, region.getMemoryInputs().getTypes());
  SmallVector<Type> results(region.getValueResults().getTypes());
  std::string name = getGraphName(region, thread);
  auto graph = GraphOp::create(
      builder, region.getLoc(), name, builder.getFunctionType(inputs, results),
      {static_cast<int32_t>(region.getValueInputs().size()), 0,
       static_cast<int32_t>(region.getMemoryInputs().size())},
      {static_cast<int32_t>(results.size()), 0, 0});
  symbols.insert(graph); // Renames on a collision.

  unsigned numPartitions = region.getMemoryInputs().empty() ? 0 : 1;
  GraphRegionLowering lowering(graph, numPartitions, indexWidth);
  Block &body = region.getBody().front();
  Scope top;
  top.control = graph.getStart();
  unsigned numValues = region.getValueInputs().size();
  for (auto [i, arg] : llvm::enumerate(body.getArguments())) {
    Value graphArg = graph.getPayloadArgument(i);
    if (i < numValues)
      top.mapping.map(arg, graphArg);
    else
      lowering.bindMemory(arg, graphArg);
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

/// Replaces `region` by a launch of `graph`; returns the launch's done.
static Value replaceByLaunch(SpatialRegionOp region, GraphOp graph,
                             Value dependency) {
  OpBuilder builder(region);
  auto launch = GraphLaunchOp::create(
      builder, region.getLoc(), region.getValueResults().getTypes(),
      TypeRange(), builder.getNoneType(),
      FlatSymbolRefAttr::get(graph.getSymNameAttr()), ValueRange{dependency},
      region.getValueInputs(), ValueRange(), region.getMemoryInputs(),
      ValueRange(), /*source_maps=*/ArrayAttr());
  region.getValueResults().replaceAllUsesWith(launch.getValueResults());
  // Stored-program code after the launch sees its effects only once it
  // retired.
  Operation *next = region->getNextNode();
  if (next && !isa<ThreadYieldOp, SpatialRegionOp>(next))
    GraphWaitOp::create(builder, region.getLoc(), ValueRange{launch.getDone()});
  region.erase();
  return launch.getDone();
}

namespace {
struct LowerSCFToDataflowPass
    : loom::conversion::impl::LowerSCFToDataflowPassBase<
          LowerSCFToDataflowPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (indexWidth != 32 && indexWidth != 64) {
      module.emitError() << "loom-lower-scf-to-dfg: index-width="
                         << static_cast<unsigned>(indexWidth)
                         << " is not supported (32 or 64)";
      return signalPassFailure();
    }
    // Every rule is checked on every region before anything is built.
    bool legal = true;
    module.walk([&](SpatialRegionOp region) {
      auto thread = region->getParentOfType<ThreadOp>();
      legal &= succeeded(checkRegionLegality(
          region, getGraphName(region, thread), indexWidth));
    });
    if (!legal)
      return signalPassFailure();
    SymbolTable symbols(module);
    SmallVector<std::pair<SpatialRegionOp, GraphOp>> lowered;
    bool failedAny = false;
    module.walk([&](SpatialRegionOp region) {
      auto thread = region->getParentOfType<ThreadOp>();
      FailureOr<GraphOp> graph =
          buildGraph(region, thread, symbols, indexWidth);
      if (failed(graph))
        failedAny = true;
      else
        lowered.push_back({region, *graph});
    });
    if (failedAny) {
      // Atomic publication: the live module keeps every region.
      for (auto &[region, graph] : lowered)
        graph.erase();
      return signalPassFailure();
    }
    DenseMap<Operation *, Value> lastDone;
    for (auto &[region, graph] : lowered) {
      auto thread = region->getParentOfType<ThreadOp>();
      Value dependency = lastDone.lookup(thread);
      if (!dependency)
        dependency = thread.getThreadCtrl();
      lastDone[thread] = replaceByLaunch(region, graph, dependency);
    }
    // Each thread's launches form one chain: its last done covers them all.
    for (auto &[thread, done] : lastDone)
      cast<ThreadOp>(thread).getYield()->setOperands(ValueRange{done});
  }
};
} // namespace
