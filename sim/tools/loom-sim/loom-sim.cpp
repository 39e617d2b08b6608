//===- loom-sim.cpp - run a dataflow program on a simulated fabric --------===//
//
// Part of the Loom project.
//
// Loads an MLIR file, maps its graphs on a fabric and runs either one
// dataflow.graph (--graph) or a whole function (--entry, its host code in
// the ProgramInterpreter and every graph launch on the CycleSimulator, as
// the runtime's `sim` backend does) with the inputs of a JSON file. Prints
// the outputs and the timing as JSON (or the outputs as loom-emu's flat
// format), and writes the report, a Chrome trace and the mappings on
// request. docs/simulator.md describes the inputs and the output.
//
//===----------------------------------------------------------------------===//

#include "SimInputs.h"
#include "ToolInput.h"

#include "loom/Fabric/FabricParser.h"
#include "loom/InitAllDialects.h"
#include "loom/Sim/MappedGraphs.h"

#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"

#include <cmath>
#include <cstdio>
#include <deque>

using namespace mlir;
using namespace loom;
using namespace loom::sim;
namespace cl = llvm::cl;
namespace json = llvm::json;

static cl::OptionCategory category("loom-sim options");
static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input.mlir>"),
                                      cl::Required, cl::cat(category));
static cl::opt<std::string>
    inputsPath("inputs",
               cl::desc("JSON file of values, memories and streams ('-' "
                        "reads standard input; none: no inputs)"),
               cl::value_desc("in.json"), cl::cat(category));
static cl::opt<std::string>
    graphName("graph", cl::desc("Graph to run (optional with one graph)"),
              cl::value_desc("name"), cl::cat(category));
static cl::opt<std::string>
    entryName("entry",
              cl::desc("Run this func.func as a program: host code "
                       "interpreted, every graph launch simulated"),
              cl::value_desc("name"), cl::cat(category));
static cl::opt<std::string>
    fabricArg("fabric",
              cl::desc("Fabric preset or JSON file (default: LOOM_FABRIC, "
                       "else cgra-8x8)"),
              cl::value_desc("preset|file"), cl::cat(category));
static cl::opt<std::string> reportPath("report",
                                       cl::desc("Write the JSON output here"),
                                       cl::value_desc("out.json"),
                                       cl::cat(category));
static cl::opt<std::string>
    tracePath("trace", cl::desc("Write a Chrome/Perfetto trace of firings"),
              cl::value_desc("trace.json"), cl::cat(category));
static cl::opt<std::string> svgPath(
    "mapping-svg",
    cl::desc("Write the mapping picture (with several graphs: one file per "
             "graph, the graph's name before the extension)"),
    cl::value_desc("m.svg"), cl::cat(category));
static cl::opt<std::string>
    mappingJSONPath("mapping-json",
                    cl::desc("Write the mapping configuration (as "
                             "--mapping-svg for several graphs)"),
                    cl::value_desc("m.json"), cl::cat(category));
static cl::opt<bool> drain("drain",
                           cl::desc("--graph: run to quiescence after "
                                    "completion, as loom-emu --drain"),
                           cl::cat(category));
static cl::opt<bool> splitInputFile(
    "split-input-file",
    cl::desc("Split the input at '// -----' and run the split that defines "
             "--graph or --entry"),
    cl::cat(category));
static cl::opt<uint64_t>
    cycleBudget("cycle-budget", cl::desc("Simulated cycles per graph launch"),
                cl::init(CycleSimOptions().cycleBudget), cl::cat(category));
static cl::opt<unsigned> maxLanes(
    "lanes",
    cl::desc("--entry: the most copies of a dense thread's graph placed side "
             "by side (0: as the fabric and LOOM_PARALLEL(n) allow; 1: none)"),
    cl::init(0), cl::cat(category));
static cl::opt<uint64_t> maxSteps(
    "max-steps", cl::desc("--entry: ops one execution of host code may run"),
    cl::init(InterpreterOptions::kDefaultStepBudget), cl::cat(category));
enum class OutputFormat { JSON, Flat, Bits };
static cl::opt<OutputFormat>
    format("format", cl::desc("Standard output format"),
           cl::init(OutputFormat::JSON),
           cl::values(clEnumValN(OutputFormat::JSON, "json",
                                 "outputs and timing as JSON"),
                      clEnumValN(OutputFormat::Flat, "flat",
                                 "loom-emu's flat format: one number per line"),
                      clEnumValN(OutputFormat::Bits, "bits",
                                 "as flat, floats as their bit pattern")),
           cl::cat(category));

static llvm::Error fail(const Twine &message) {
  return llvm::createStringError(message);
}

/// What a run produced, whichever way it ran.
struct RunOutputs {
  SmallVector<TokenValue> values;
  SmallVector<SmallVector<TokenValue, 0>> streams;
  /// The memory arguments in order (an alias repeats its buffer).
  SmallVector<MemoryBuffer *> memories;
  RunTiming timing;
  std::vector<TraceSegmentRef> trace;
  /// Stable storage behind `trace`.
  std::deque<SmallVector<TraceEvent, 0>> traceEvents;
  std::deque<SmallVector<LinkTraceEvent, 0>> linkTraceEvents;
};

//===----------------------------------------------------------------------===//
// Output
//===----------------------------------------------------------------------===//

static void writeTokens(json::OStream &os, ArrayRef<TokenValue> tokens) {
  os.array([&] {
    for (const TokenValue &token : tokens)
      os.value(tokenToJSON(token));
  });
}

static void writeTiming(json::OStream &os, const fabric::Fabric &fabric,
                        const RunTiming &timing) {
  os.attribute("cycles", timing.cycles);
  os.attribute("graphLaunches", timing.graphLaunches);
  os.attribute("memoryLoads", timing.memoryLoads);
  os.attribute("memoryStores", timing.memoryStores);
  os.attributeObject("stalls", [&] {
    for (auto [cause, count] : llvm::enumerate(timing.stalls))
      os.attribute(getStallCauseName(static_cast<StallCause>(cause)), count);
  });
  os.attributeArray("loops", [&] {
    for (const RunLoopRate &loop : timing.loops)
      os.object([&] {
        os.attribute("graph", loop.graph);
        os.attribute("loop", loop.loop);
        os.attribute("iterations", loop.iterations);
        os.attribute("cycles", loop.cycles);
        os.attribute("achieved", loop.achieved);
        os.attribute("resourceBound", loop.resourceBound);
        os.attribute("recurrenceBound", loop.recurrenceBound);
        if (std::isinf(loop.physicalBound))
          os.attribute("physicalBound", nullptr);
        else
          os.attribute("physicalBound", loop.physicalBound);
        os.attribute("lanes", loop.lanes);
      });
  });
  os.attributeArray("utilization", [&] {
    for (size_t element = 0; element < timing.unitBusyCycles.size();
         ++element) {
      const fabric::ProcessingElement &pe = fabric.getElements()[element];
      ArrayRef<uint64_t> busy = timing.unitBusyCycles[element];
      for (size_t unit = 0; unit < busy.size(); ++unit) {
        uint64_t cycles = busy[unit];
        if (!cycles)
          continue;
        os.object([&] {
          os.attribute("row", int64_t(pe.row));
          os.attribute("col", int64_t(pe.col));
          os.attribute("unit", pe.units[unit].name);
          os.attribute("busyCycles", cycles);
          os.attribute("fraction",
                       timing.cycles ? double(cycles) / timing.cycles : 0.0);
        });
      }
    }
  });
}

static void writeOutputJSON(raw_ostream &stream, const fabric::Fabric &fabric,
                            const MappedGraphs &mapped,
                            const RunOutputs &outputs) {
  json::OStream os(stream, 2);
  os.object([&] {
    if (!entryName.empty())
      os.attribute("entry", entryName);
    else
      os.attribute("graph",
                   dataflow::GraphOp(mapped.graphs.front()).getSymName());
    os.attribute("fabric", fabric.getName());
    os.attributeBegin(entryName.empty() ? "values" : "results");
    writeTokens(os, outputs.values);
    os.attributeEnd();
    os.attributeArray("streams", [&] {
      for (const auto &stream : outputs.streams)
        writeTokens(os, stream);
    });
    os.attributeArray("memories", [&] {
      for (const MemoryBuffer *memory : outputs.memories)
        os.object([&] {
          std::string type;
          llvm::raw_string_ostream typeOS(type);
          memory->getElementType().print(typeOS);
          os.attribute("type", type);
          os.attributeArray("shape", [&] {
            for (int64_t extent : memory->getExtents())
              os.value(extent);
          });
          os.attributeBegin("data");
          writeTokens(os, memory->getElements());
          os.attributeEnd();
        });
    });
    writeTiming(os, fabric, outputs.timing);
    os.attributeArray("mapper", [&] {
      for (dataflow::GraphOp graph : mapped.graphs) {
        const fabric::Mapping &mapping = mapped.mappings.find(graph)->second;
        os.object([&] {
          os.attribute("graph", graph.getSymName());
          os.attribute("seconds", mapping.seconds);
          os.attribute("cacheHit", mapping.fromCache);
        });
      }
    });
  });
  stream << "\n";
}

static void writeOutputFlat(raw_ostream &os, const RunOutputs &outputs) {
  bool bits = format == OutputFormat::Bits;
  for (const TokenValue &token : outputs.values)
    printFlatToken(os, token, bits);
  for (const auto &stream : outputs.streams)
    for (const TokenValue &token : stream)
      printFlatToken(os, token, bits);
  for (const MemoryBuffer *memory : outputs.memories)
    for (const TokenValue &token : memory->getElements())
      printFlatToken(os, token, bits);
}

/// Opens `path` for writing or fails naming the option.
static llvm::Expected<std::unique_ptr<llvm::raw_fd_ostream>>
openOutput(StringRef path, StringRef option) {
  std::error_code error;
  auto os = std::make_unique<llvm::raw_fd_ostream>(path, error,
                                                   llvm::sys::fs::OF_Text);
  if (error)
    return fail("--" + option + ": cannot write '" + path +
                "': " + error.message());
  return std::move(os);
}

/// `path` for `graph`: itself with one graph, else with ".<graph>" before
/// the extension.
static std::string getPerGraphPath(StringRef path, StringRef graph,
                                   bool several) {
  if (!several)
    return path.str();
  StringRef extension = llvm::sys::path::extension(path);
  return (path.drop_back(extension.size()) + "." + graph + extension).str();
}

static llvm::Error writeMappingFiles(const fabric::Fabric &fabric,
                                     const MappedGraphs &mapped) {
  bool several = mapped.graphs.size() > 1;
  for (dataflow::GraphOp graph : mapped.graphs) {
    const fabric::Mapping &mapping = mapped.mappings.find(graph)->second;
    if (!svgPath.empty()) {
      auto os = openOutput(
          getPerGraphPath(svgPath, graph.getSymName(), several), "mapping-svg");
      if (!os)
        return os.takeError();
      fabric::renderMappingSVG(**os, fabric, mapping);
    }
    if (!mappingJSONPath.empty()) {
      auto os = openOutput(
          getPerGraphPath(mappingJSONPath, graph.getSymName(), several),
          "mapping-json");
      if (!os)
        return os.takeError();
      fabric::writeMappingJSON(mapping, fabric, **os);
    }
  }
  return llvm::Error::success();
}

static llvm::Error writeOutputs(const fabric::Fabric &fabric,
                                const MappedGraphs &mapped,
                                const RunOutputs &outputs) {
  if (format == OutputFormat::JSON)
    writeOutputJSON(llvm::outs(), fabric, mapped, outputs);
  else
    writeOutputFlat(llvm::outs(), outputs);
  if (!reportPath.empty()) {
    auto os = openOutput(reportPath, "report");
    if (!os)
      return os.takeError();
    writeOutputJSON(**os, fabric, mapped, outputs);
  }
  if (!tracePath.empty()) {
    auto os = openOutput(tracePath, "trace");
    if (!os)
      return os.takeError();
    writeChromeTrace(**os, fabric, outputs.trace);
  }
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Runs
//===----------------------------------------------------------------------===//

static CycleSimOptions getSimOptions() {
  CycleSimOptions options;
  options.cycleBudget = cycleBudget;
  options.cycleBudgetSetting = "--cycle-budget";
  options.recordTrace = !tracePath.empty();
  options.drainAfterCompletion = drain;
  return options;
}

/// Keeps each launch's firings on one time line, for --trace.
static LaunchObserver makeTraceObserver(RunOutputs &outputs) {
  return [&outputs, start = uint64_t(0)](dataflow::GraphOp,
                                         const fabric::Mapping &mapping,
                                         CycleSimResult &result) mutable {
    outputs.traceEvents.push_back(std::move(result.trace));
    outputs.linkTraceEvents.push_back(std::move(result.linkTrace));
    outputs.trace.push_back({&mapping, start, outputs.traceEvents.back(),
                             outputs.linkTraceEvents.back()});
    start += result.timing.cycles;
  };
}

static llvm::Error runGraph(dataflow::GraphOp graph,
                            const fabric::Fabric &fabric,
                            const MappedGraphs &mapped, SimInputs &inputs,
                            RunOutputs &outputs) {
  llvm::Expected<SmallVector<TokenValue>> values = convertTokens(
      inputs.values, graph.getInputSegmentTypes(0), "--inputs: values");
  if (!values)
    return values.takeError();
  ArrayRef<Type> streamTypes = graph.getInputSegmentTypes(1);
  if (inputs.streams.size() != streamTypes.size())
    return fail("--inputs: streams: graph @" + graph.getSymName() + " takes " +
                Twine(streamTypes.size()) + " streams, got " +
                Twine(inputs.streams.size()));
  SmallVector<SmallVector<TokenValue, 0>> streams;
  for (auto [i, stream] : llvm::enumerate(inputs.streams)) {
    SmallVector<Type> types(stream.size(), streamTypes[i]);
    auto tokens = convertTokens(stream, types,
                                ("--inputs: streams[" + Twine(i) + "]").str());
    if (!tokens)
      return tokens.takeError();
    streams.emplace_back(tokens->begin(), tokens->end());
  }
  for (const auto &memory : inputs.memories)
    outputs.memories.push_back(memory.get());
  // DataflowEmulator::runGraph checks the memories against the graph.
  const fabric::Mapping &mapping = mapped.mappings.find(graph)->second;
  llvm::Expected<CycleSimResult> result =
      CycleSimulator::runGraph(graph, fabric, mapping, *values, streams,
                               outputs.memories, getSimOptions());
  if (!result)
    return result.takeError();
  outputs.timing.add(graph.getSymName(), result->timing);
  if (!tracePath.empty())
    makeTraceObserver(outputs)(graph, mapping, *result);
  outputs.values = std::move(result->emulation.valueOutputs);
  outputs.streams = std::move(result->emulation.streamOutputs);
  return llvm::Error::success();
}

/// Binds "values" to the scalar parameters of `func` and "memories" to its
/// memref parameters, each in order.
static llvm::Expected<SmallVector<ProgramValue>>
bindEntryArguments(func::FuncOp func, SimInputs &inputs) {
  SmallVector<Type> scalarTypes;
  for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
    if (isa<LLVM::LLVMPointerType>(type))
      return fail("@" + func.getSymName() + " parameter #" + Twine(i) +
                  " is a pointer; loom-sim --entry binds memref and scalar "
                  "parameters only");
    if (!isa<MemRefType>(type))
      scalarTypes.push_back(type);
  }
  auto scalars = convertTokens(inputs.values, scalarTypes, "--inputs: values");
  if (!scalars)
    return scalars.takeError();
  SmallVector<ProgramValue> arguments;
  unsigned nextScalar = 0, nextMemory = 0;
  for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
    ProgramValue &argument = arguments.emplace_back();
    auto memref = dyn_cast<MemRefType>(type);
    if (!memref) {
      argument.token = (*scalars)[nextScalar++];
      continue;
    }
    if (nextMemory == inputs.memories.size())
      return fail("--inputs: memories: @" + func.getSymName() + " parameter #" +
                  Twine(i) + " is a memref, but only " +
                  Twine(inputs.memories.size()) + " memories were given");
    std::shared_ptr<MemoryBuffer> &buffer = inputs.memories[nextMemory++];
    if (buffer->getElementType() != memref.getElementType() ||
        buffer->getRank() != memref.getRank())
      return fail("--inputs: memories[" + Twine(nextMemory - 1) +
                  "] does not match parameter #" + Twine(i) + " of @" +
                  func.getSymName() + " (" + Twine(memref.getRank()) +
                  "-d memref)");
    argument.memory = buffer;
  }
  if (nextMemory != inputs.memories.size())
    return fail("--inputs: memories: @" + func.getSymName() + " takes " +
                Twine(nextMemory) + " memrefs, got " +
                Twine(inputs.memories.size()));
  return arguments;
}

static llvm::Error runEntry(func::FuncOp func, const fabric::Fabric &fabric,
                            const MappedGraphs &mapped, SimInputs &inputs,
                            RunOutputs &outputs) {
  std::string problem = ProgramInterpreter::checkFunction(func);
  if (!problem.empty())
    return fail("@" + func.getSymName() + ": " + problem);
  auto arguments = bindEntryArguments(func, inputs);
  if (!arguments)
    return arguments.takeError();
  InterpreterOptions options;
  options.stepBudget = maxSteps;
  options.stepBudgetSetting = "--max-steps";
  LaunchObserver observer =
      tracePath.empty() ? LaunchObserver() : makeTraceObserver(outputs);
  options.graphRunner = makeCycleSimGraphRunner(mapped, fabric, getSimOptions(),
                                                outputs.timing, observer);
  // Dense instances run as pipelined batches, as in the runtime's sim.
  options.graphBatchRunner = makeCycleSimBatchRunner(
      mapped, fabric, getSimOptions(), outputs.timing, observer);
  ProgramInterpreter interpreter(func->getParentOfType<ModuleOp>(), options);
  auto results = interpreter.run(func, *arguments);
  // What host code printed through C stdio comes before the tool's output.
  std::fflush(stdout);
  if (!results)
    return fail("@" + func.getSymName() + ": " + toString(results.takeError()));
  for (const ProgramValue &result : *results)
    outputs.values.push_back(result.token);
  for (const ProgramValue &argument : *arguments)
    if (argument.memory)
      outputs.memories.push_back(argument.memory.get());
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

static llvm::Expected<dataflow::GraphOp> findGraph(ModuleOp module) {
  SmallVector<dataflow::GraphOp> graphs(module.getOps<dataflow::GraphOp>());
  for (dataflow::GraphOp graph : graphs)
    if (graph.getSymName() == graphName)
      return graph;
  if (graphName.empty() && graphs.size() == 1)
    return graphs.front();
  std::string names;
  for (dataflow::GraphOp graph : graphs)
    names += " @" + graph.getSymName().str();
  if (graphName.empty())
    return fail("the input defines " + Twine(graphs.size()) +
                " graphs; choose one with --graph=<name> or run a function "
                "with --entry=<name> (graphs:" +
                names + ")");
  return fail("no graph named '" + graphName + "' (graphs:" + names + ")");
}

static llvm::Expected<SimInputs> readInputs(MLIRContext &context) {
  if (inputsPath.empty())
    return SimInputs();
  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> file =
      openInputFile(inputsPath, &errorMessage);
  if (!file)
    return fail("--inputs: " + errorMessage);
  return parseSimInputs(file->getBuffer(),
                        inputsPath == "-" ? "<stdin>" : inputsPath.getValue(),
                        &context);
}

/// Maps what the run needs, runs it and writes the outputs.
static llvm::Error runModule(ModuleOp module, MLIRContext &context) {
  llvm::Expected<fabric::Fabric> fabric =
      fabricArg.empty() ? fabric::resolveFabricFromEnvironment()
                        : fabric::loadFabric(fabricArg);
  if (!fabric)
    return fabric.takeError();
  func::FuncOp func;
  SmallVector<dataflow::GraphOp> graphs;
  if (!entryName.empty()) {
    func = module.lookupSymbol<func::FuncOp>(entryName);
    if (!func || func.isExternal())
      return fail("no func.func named '" + entryName + "' with a body");
    llvm::append_range(graphs, module.getOps<dataflow::GraphOp>());
  } else {
    llvm::Expected<dataflow::GraphOp> graph = findGraph(module);
    if (!graph)
      return graph.takeError();
    graphs.push_back(*graph);
  }
  llvm::Expected<SimInputs> inputs = readInputs(context);
  if (!inputs)
    return inputs.takeError();
  fabric::MappingCache cache = fabric::MappingCache::fromEnvironment();
  MappedGraphs mapped = mapGraphs(graphs, *fabric, cache, {});
  if (!mapped.problem.empty())
    return fail(mapped.problem);
  if (func)
    addGraphLanes(mapped, module, *fabric, cache, {}, maxLanes);
  if (llvm::Error error = writeMappingFiles(*fabric, mapped))
    return error;
  RunOutputs outputs;
  llvm::Error error =
      func ? runEntry(func, *fabric, mapped, *inputs, outputs)
           : runGraph(graphs.front(), *fabric, mapped, *inputs, outputs);
  if (error)
    return error;
  return writeOutputs(*fabric, mapped, outputs);
}

/// Returns true if `module` defines what --graph or --entry names.
static bool definesRequested(ModuleOp module) {
  if (!entryName.empty())
    return bool(module.lookupSymbol<func::FuncOp>(entryName));
  return llvm::any_of(
      module.getOps<dataflow::GraphOp>(),
      [](dataflow::GraphOp g) { return g.getSymName() == graphName; });
}

static llvm::Error runTool(MLIRContext &context) {
  if (!graphName.empty() && !entryName.empty())
    return fail("--graph and --entry exclude each other");
  tool::InputRequest request;
  request.inputFile = inputFile;
  request.split = splitInputFile;
  request.namesSomething = !graphName.empty() || !entryName.empty();
  request.requested =
      "'" + (entryName.empty() ? graphName : entryName).getValue() + "'";
  request.isRequested = definesRequested;
  return tool::runOnInputModule(context, request,
                                [&](ModuleOp module, AsmParserState &) {
                                  return runModule(module, context);
                                });
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "loom-sim: map a dataflow graph (or a whole function with --entry) on "
      "a fabric and run it cycle by cycle with inputs from a JSON file\n");
  DialectRegistry registry;
  loom::registerAllDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  if (llvm::Error error = runTool(context)) {
    llvm::WithColor::error(llvm::errs(), "loom-sim")
        << llvm::toString(std::move(error)) << "\n";
    return 1;
  }
  return 0;
}
