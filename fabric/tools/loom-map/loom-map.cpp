//===- loom-map.cpp - place and route dataflow graphs on a fabric ---------===//
//
// Part of the Loom project.
//
// Maps every dataflow.graph of an MLIR file (or the one --graph names) onto a
// fabric with loom::mapper::mapGraph and prints a short summary: per actor
// its element and unit, per edge its hops, latency, capacity and operand
// buffer, per memory actor its interface, then the totals, the quality
// measure of docs/mapper.md and the time the mapper took. A graph that cannot
// be mapped prints the mapper's reason and makes the tool fail.
//
//===----------------------------------------------------------------------===//

#include "loom/Fabric/FabricParser.h"
#include "loom/InitAllDialects.h"
#include "loom/Mapper/FabricMapper.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace loom;
namespace cl = llvm::cl;

static cl::OptionCategory category("loom-map options");
static cl::opt<std::string> inputFile(cl::Positional,
                                      cl::desc("<input.dfg.mlir>"),
                                      cl::init("-"), cl::cat(category));
static cl::opt<std::string>
    fabricArg("fabric",
              cl::desc("Fabric preset or JSON file (default: LOOM_FABRIC, "
                       "else cgra-8x8)"),
              cl::value_desc("preset|file.json"), cl::cat(category));
static cl::opt<std::string>
    graphName("graph", cl::desc("Map only this graph (default: every graph)"),
              cl::value_desc("name"), cl::cat(category));
static cl::opt<uint64_t> seed("seed", cl::desc("Annealing seed"), cl::init(1),
                              cl::cat(category));
static cl::opt<double>
    timeBudget("time-budget", cl::desc("Seconds one graph may take"),
               cl::init(mapper::MapperOptions().timeBudgetSeconds),
               cl::cat(category));
static cl::opt<unsigned> routingRounds(
    "max-routing-iterations", cl::desc("PathFinder rounds before giving up"),
    cl::init(mapper::MapperOptions().maxRoutingIterations), cl::cat(category));
static cl::opt<bool> noSharing(
    "no-sharing",
    cl::desc("Map as if every element and link had one context (no sharing "
             "on a time-multiplexed fabric)"),
    cl::cat(category));
static cl::opt<bool> totalsOnly("totals-only",
                                cl::desc("Print only each graph's totals"),
                                cl::cat(category));

static int reportError(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "loom-map") << message << "\n";
  return 1;
}

static void printDetails(const fabric::Fabric &fabric,
                         const fabric::Mapping &mapping,
                         llvm::raw_ostream &os) {
  for (auto [index, actor] : llvm::enumerate(mapping.actors)) {
    const fabric::ProcessingElement &element =
        fabric.getElements()[actor.element];
    os << "actor " << index << " " << actor.opName << " -> (" << element.row
       << ", " << element.col << ") " << element.units[actor.unit].name << "\n";
  }
  for (auto [index, edge] : llvm::enumerate(mapping.edges)) {
    os << "edge " << index << " ";
    if (edge.producer == fabric::kGraphBoundary)
      os << "arg " << edge.result;
    else
      os << "actor " << edge.producer << "#" << edge.result;
    os << " -> ";
    if (edge.consumer == fabric::kGraphBoundary)
      os << "return " << edge.operand;
    else
      os << "actor " << edge.consumer << "." << edge.operand;
    os << ": " << edge.links.size() << " hops, latency " << edge.latency
       << ", capacity ";
    if (edge.capacity == fabric::kUnboundedCapacity)
      os << "unbounded\n";
    else
      os << edge.capacity << " (buffer " << edge.buffer << ")\n";
  }
  for (const fabric::MemoryBinding &binding : mapping.memories)
    os << "memory actor " << binding.actor << " -> "
       << fabric.getMemoryInterfaces()[binding.interface].name << ": "
       << binding.hops << " hops, latency " << binding.routeLatency << "\n";
}

static void printMapping(dataflow::GraphOp graph, const fabric::Fabric &fabric,
                         const fabric::Mapping &mapping,
                         llvm::raw_ostream &os) {
  os << "graph @" << mapping.graphName << " on " << mapping.fabricName << ": "
     << mapping.actors.size() << " actors, " << mapping.edges.size()
     << " edges, " << mapping.memories.size() << " memory actors\n";
  if (!totalsOnly)
    printDetails(fabric, mapping, os);
  os << "totals: " << mapping.totalHops << " hops, max link sharing "
     << mapping.maxLinkSharing << ", placement cost "
     << llvm::format("%g", mapping.placementCost) << "\n";
  mapper::MappingQuality quality =
      mapper::evaluateQuality(graph, fabric, mapping);
  os << "quality: ";
  if (fabric.isTimeMultiplexed())
    os << "sharing interval " << quality.sharingInterval << ", ";
  os << "buffer interval " << quality.bufferInterval << ", ";
  os << "recurrence latency " << quality.recurrenceLatency
     << ", pipeline latency " << quality.pipelineLatency << ", total latency "
     << quality.totalLatency << "\n";
  os << "time: " << llvm::format("%.3f", mapping.seconds) << " s\n";
}

static int run(MLIRContext &context) {
  llvm::Expected<fabric::Fabric> fabric =
      fabricArg.empty() ? fabric::resolveFabricFromEnvironment()
                        : fabric::loadFabric(fabricArg);
  if (!fabric)
    return reportError(llvm::toString(fabric.takeError()));
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(inputFile, sourceMgr, &context);
  if (!module)
    return reportError("cannot parse '" + inputFile + "'");

  mapper::MapperOptions options;
  options.seed = seed;
  options.timeBudgetSeconds = timeBudget;
  options.maxRoutingIterations = routingRounds;
  options.allowSharing = !noSharing;
  unsigned mapped = 0, failed = 0;
  for (dataflow::GraphOp graph : module->getOps<dataflow::GraphOp>()) {
    if (!graphName.empty() && graph.getSymName() != graphName)
      continue;
    ++mapped;
    llvm::Expected<fabric::Mapping> mapping =
        mapper::mapGraph(graph, *fabric, options);
    if (!mapping) {
      ++failed;
      reportError(llvm::toString(mapping.takeError()));
      continue;
    }
    printMapping(graph, *fabric, *mapping, llvm::outs());
  }
  if (mapped == 0)
    return reportError(
        graphName.empty() ? "'" + inputFile + "' holds no dataflow.graph"
                          : "'" + inputFile + "' holds no graph @" + graphName);
  return failed ? 1 : 0;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv,
                              "loom-map: place and route dataflow graphs\n");
  DialectRegistry registry;
  loom::registerAllDialects(registry);
  MLIRContext context(registry);
  return run(context);
}
