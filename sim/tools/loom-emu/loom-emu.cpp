//===- loom-emu.cpp - run one dataflow graph in the token emulator -------===//
//
// Part of the Loom project.
//
// Loads an MLIR file, binds values, streams and memories given on the
// command line to one dataflow.graph, runs one launch in the token-level
// emulator and prints the value outputs, the final memory contents, the
// statistics and traced token sequences. Used by the lit tests to check the
// token tables of dataflow-semantics.md and lowered graphs against
// mlir-runner.
//
//===----------------------------------------------------------------------===//

#include "loom/InitAllDialects.h"
#include "loom/Sim/DataflowEmulator.h"
#include "loom/Sim/ProgramInterpreter.h"

#include "ToolInput.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"

#include <cstdio>

using namespace mlir;
using namespace loom;
using namespace loom::sim;
namespace cl = llvm::cl;

static cl::OptionCategory category("loom-emu options");
static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input.mlir>"),
                                      cl::init("-"), cl::cat(category));
static cl::opt<std::string>
    graphName("graph", cl::desc("Graph to run (optional with one graph)"),
              cl::value_desc("name"), cl::cat(category));
static cl::opt<std::string>
    entryName("entry",
              cl::desc("Run this func.func as a program (its thread and "
                       "graph launches) instead of one graph; --values and "
                       "--memory bind its scalar and memref (or !llvm.ptr) "
                       "parameters"),
              cl::value_desc("name"), cl::cat(category));
static cl::opt<unsigned>
    workers("workers",
            cl::desc("Scheduler workers for thread launches (--entry)"),
            cl::init(1), cl::cat(category));
static cl::opt<unsigned>
    dequeCapacity("deque-capacity",
                  cl::desc("Capacity of each worker's deque (--entry)"),
                  cl::init(64), cl::cat(category));
static cl::opt<bool> reverseDense(
    "reverse-dense-order",
    cl::desc("Hand dense instances to the workers last tuple first (--entry)"),
    cl::cat(category));
static cl::opt<bool> printWorkItems(
    "print-work-items",
    cl::desc("Print every executed work item's id and payload, sorted by id "
             "(--entry)"),
    cl::cat(category));
static cl::opt<std::string>
    valuesArg("values", cl::desc("Value inputs in order, comma-separated"),
              cl::value_desc("v1,v2,..."), cl::cat(category));
static cl::list<std::string>
    memoryArgs("memory",
               cl::desc("One memory input, in order: type[N] or type[NxM] "
                        "with optional =v0,v1,... (zeros otherwise), or @k "
                        "to bind memory input k's buffer again (aliasing)"),
               cl::value_desc("type[N]=v0,v1,..."), cl::cat(category));
static cl::list<std::string>
    streamArgs("stream", cl::desc("The tokens of one stream input, in order"),
               cl::value_desc("v1,v2,..."), cl::cat(category));
static cl::list<std::string>
    traceArgs("trace-value",
              cl::desc("Print every token produced on a value: its SSA name "
                       "(%iv, %7#1) or its position among the graph's values"),
              cl::value_desc("name-or-index"), cl::cat(category));
static cl::opt<bool> drain("drain",
                           cl::desc("Run to quiescence after completion and "
                                    "fail on memory accesses after it"),
                           cl::cat(category));
static cl::opt<bool> splitInputFile(
    "split-input-file",
    cl::desc("Split the input at '// -----' and run the split that defines "
             "--graph"),
    cl::cat(category));
static cl::opt<uint64_t> scheduleSeed(
    "schedule-seed", cl::init(0),
    cl::desc("Fire ready actors in a pseudo-random order drawn from this "
             "seed (0: FIFO order)"),
    cl::cat(category));
static cl::opt<uint64_t> budget("budget", cl::desc("Firing budget"),
                                cl::init(10'000'000), cl::cat(category));
static cl::opt<uint64_t> maxSteps(
    "max-steps",
    cl::desc("--entry: ops one execution of host code (the function, a "
             "thread instance, a work item) may run before it is stopped"),
    cl::init(InterpreterOptions::kDefaultStepBudget), cl::cat(category));
enum class OutputFormat { Text, Flat, Bits };
static cl::opt<OutputFormat> format(
    "format", cl::desc("Output format"), cl::init(OutputFormat::Text),
    cl::values(clEnumValN(OutputFormat::Text, "text", "labelled outputs"),
               clEnumValN(OutputFormat::Flat, "flat",
                          "one number per line: values, then every memory "
                          "element (printI64/printF32 style)"),
               clEnumValN(OutputFormat::Bits, "bits",
                          "as flat, but floats print their bit pattern as a "
                          "signed integer (bit-exact comparisons)")),
    cl::cat(category));

/// Fails the tool with `message`.
static llvm::Error fail(const Twine &message) {
  return llvm::createStringError(message);
}

//===----------------------------------------------------------------------===//
// Arguments
//===----------------------------------------------------------------------===//

static llvm::Expected<SmallVector<TokenValue>>
parseList(StringRef text, ArrayRef<Type> types, StringRef what) {
  SmallVector<StringRef> items;
  if (!text.trim().empty())
    text.split(items, ',');
  if (items.size() != types.size())
    return fail(what + " expects " + Twine(types.size()) + " values, got " +
                Twine(items.size()));
  SmallVector<TokenValue> tokens;
  for (auto [item, type] : llvm::zip_equal(items, types)) {
    llvm::Expected<TokenValue> token = parseTokenLiteral(item, type);
    if (!token)
      return token.takeError();
    tokens.push_back(*token);
  }
  return tokens;
}

/// Parses `type[N]`, `type[NxM]` or `type[N][M]`, then `=v0,v1,...`.
static llvm::Expected<std::unique_ptr<MemoryBuffer>>
parseMemory(StringRef spec, MLIRContext *context) {
  auto [shape, contents] = spec.split('=');
  size_t bracket = shape.find('[');
  if (bracket == StringRef::npos || !shape.ends_with("]"))
    return fail("memory '" + spec + "' must look like i32[4]=1,2,3,4");
  Type elementType = parseType(shape.take_front(bracket).trim(), context);
  if (!elementType || !isSupportedTokenType(elementType) ||
      isa<NoneType>(elementType))
    return fail("memory '" + spec + "' has no supported element type");
  SmallVector<int64_t> extents;
  SmallVector<StringRef> dims;
  StringRef dimText = shape.drop_front(bracket + 1).drop_back();
  dimText.split(dims, "][", -1, false);
  for (StringRef group : dims) {
    SmallVector<StringRef> parts;
    group.split(parts, 'x');
    for (StringRef part : parts) {
      int64_t extent;
      if (part.trim().getAsInteger(10, extent) || extent < 0)
        return fail("memory '" + spec + "' has a bad extent '" + part + "'");
      extents.push_back(extent);
    }
  }
  auto buffer = std::make_unique<MemoryBuffer>(elementType, extents);
  if (contents.empty() && !spec.contains('='))
    return std::move(buffer);
  SmallVector<Type> types(buffer->getNumElements(), elementType);
  llvm::Expected<SmallVector<TokenValue>> tokens =
      parseList(contents, types, "memory '" + shape.str() + "'");
  if (!tokens)
    return tokens.takeError();
  for (auto [i, token] : llvm::enumerate(*tokens))
    buffer->setElement(i, token);
  return std::move(buffer);
}

//===----------------------------------------------------------------------===//
// Value names for --trace-value
//===----------------------------------------------------------------------===//

/// The text of a source range (an SSA name such as `%iv`).
static StringRef getRangeText(llvm::SMRange range) {
  return StringRef(range.Start.getPointer(),
                   range.End.getPointer() - range.Start.getPointer());
}

/// Every value of the graph body in order (block arguments, then results)
/// and every name it answers to: the source name and the printed name.
struct GraphValueNames {
  SmallVector<Value> values;
  llvm::StringMap<Value> byName;
  /// The source name of each value that has one.
  llvm::DenseMap<Value, std::string> sourceName;
};

static void addSourceNames(dataflow::GraphOp graph,
                           const AsmParserState &parserState,
                           GraphValueNames &names) {
  Block *entry = &graph.getBody().front();
  for (const AsmParserState::BlockDefinition &def : parserState.getBlockDefs())
    if (def.block == entry)
      for (auto [i, arg] : llvm::enumerate(def.arguments))
        if (i < entry->getNumArguments() && arg.loc.isValid()) {
          names.byName[getRangeText(arg.loc)] = entry->getArgument(i);
          names.sourceName[entry->getArgument(i)] = getRangeText(arg.loc);
        }
  for (const AsmParserState::OperationDefinition &def :
       parserState.getOpDefs()) {
    if (def.op->getParentOp() != graph)
      continue;
    auto groups = def.resultGroups;
    for (auto [g, group] : llvm::enumerate(groups)) {
      unsigned end = g + 1 < groups.size() ? groups[g + 1].startIndex
                                           : def.op->getNumResults();
      StringRef name = getRangeText(group.definition.loc);
      for (unsigned r = group.startIndex; r < end; ++r) {
        std::string full =
            end - group.startIndex == 1
                ? name.str()
                : (name + "#" + Twine(r - group.startIndex)).str();
        names.byName[full] = def.op->getResult(r);
        names.sourceName[def.op->getResult(r)] = full;
      }
    }
  }
}

static GraphValueNames collectNames(dataflow::GraphOp graph,
                                    const AsmParserState &parserState) {
  GraphValueNames names;
  for (BlockArgument arg : graph.getBody().front().getArguments())
    names.values.push_back(arg);
  graph.getBody().front().walk([&](Operation *op) {
    llvm::append_range(names.values, op->getResults());
  });
  AsmState printState(graph);
  for (Value value : names.values) {
    std::string printed;
    llvm::raw_string_ostream os(printed);
    value.printAsOperand(os, printState);
    names.byName[printed] = value;
  }
  addSourceNames(graph, parserState, names);
  return names;
}

static llvm::Expected<Value> resolveValue(StringRef text,
                                          const GraphValueNames &names) {
  unsigned position;
  if (!text.getAsInteger(10, position)) {
    if (position < names.values.size())
      return names.values[position];
    return fail("--trace-value=" + text + ": the graph has only " +
                Twine(names.values.size()) + " values");
  }
  std::string key = text.starts_with("%") ? text.str() : "%" + text.str();
  auto it = names.byName.find(key);
  if (it == names.byName.end())
    return fail("--trace-value=" + text + ": no value of the graph is named " +
                key);
  return it->second;
}

//===----------------------------------------------------------------------===//
// Output
//===----------------------------------------------------------------------===//

static void printFlat(raw_ostream &os, const TokenValue &token) {
  printFlatToken(os, token, format == OutputFormat::Bits);
}

static void printSequence(raw_ostream &os, ArrayRef<TokenValue> tokens) {
  os << "[";
  llvm::interleaveComma(tokens, os, [&](const TokenValue &token) {
    token.print(os, /*boolAsPhase=*/true);
  });
  os << "]\n";
}

static void printStatistics(raw_ostream &os, const EmulationStats &stats) {
  os << "stats: firings " << stats.firings << ", compute "
     << stats.firingsByKind[0] << ", control " << stats.firingsByKind[1]
     << ", memory " << stats.firingsByKind[2] << "\n";
  SmallVector<std::pair<StringRef, uint64_t>> byOp(stats.firingsByOp.begin(),
                                                   stats.firingsByOp.end());
  llvm::sort(byOp);
  for (auto [name, count] : byOp)
    os << "stats:   " << name << " " << count << "\n";
  os << "stats: tokens moved " << stats.tokensMoved << ", peak queue "
     << stats.peakQueueOccupancy << ", tokens left " << stats.tokensLeft
     << "\n";
}

static void printResult(raw_ostream &os, dataflow::GraphOp graph,
                        const EmulationResult &result,
                        ArrayRef<MemoryBuffer *> memories) {
  if (format != OutputFormat::Text) {
    for (const TokenValue &token : result.valueOutputs)
      printFlat(os, token);
    for (const MemoryBuffer *memory : memories)
      for (const TokenValue &token : memory->getElements())
        printFlat(os, token);
    return;
  }
  os << "graph @" << graph.getSymName() << " completed\n";
  ArrayRef<Type> valueTypes = graph.getResultSegmentTypes(0);
  for (auto [i, token] : llvm::enumerate(result.valueOutputs))
    os << "value #" << i << ": " << valueTypes[i] << " = " << token << "\n";
  for (auto [i, tokens] : llvm::enumerate(result.streamOutputs)) {
    os << "stream #" << i << ": ";
    printSequence(os, tokens);
  }
  for (auto [i, memory] : llvm::enumerate(memories)) {
    os << "memory #" << i << ": ";
    memory->print(os);
    os << "\n";
  }
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
  return fail((graphName.empty() ? Twine("choose a graph with --graph=<name>")
                                 : "no graph named '" + graphName + "'") +
              "; the module holds:" + (names.empty() ? " none" : names));
}

struct Inputs {
  SmallVector<TokenValue> values;
  SmallVector<SmallVector<TokenValue, 0>> streams;
  /// Owned buffers (null for an alias) and, per memory input, the position
  /// of the buffer it binds.
  SmallVector<std::unique_ptr<MemoryBuffer>> memories;
  SmallVector<unsigned> aliases;
};

static llvm::Expected<Inputs> parseInputs(dataflow::GraphOp graph) {
  Inputs inputs;
  llvm::Expected<SmallVector<TokenValue>> values =
      parseList(valuesArg, graph.getInputSegmentTypes(0), "--values");
  if (!values)
    return values.takeError();
  inputs.values = std::move(*values);
  ArrayRef<Type> streamTypes = graph.getInputSegmentTypes(1);
  if (streamArgs.size() != streamTypes.size())
    return fail("the graph takes " + Twine(streamTypes.size()) +
                " stream inputs, got " + Twine(streamArgs.size()) +
                " --stream options");
  for (auto [text, type] : llvm::zip_equal(streamArgs, streamTypes)) {
    SmallVector<StringRef> items;
    if (!StringRef(text).trim().empty())
      StringRef(text).split(items, ',');
    SmallVector<Type> types(items.size(), type);
    llvm::Expected<SmallVector<TokenValue>> tokens =
        parseList(text, types, "--stream");
    if (!tokens)
      return tokens.takeError();
    inputs.streams.emplace_back(tokens->begin(), tokens->end());
  }
  for (const std::string &spec : memoryArgs) {
    // `@k` binds the buffer of memory input k again (an aliasing call).
    unsigned alias;
    StringRef text = spec;
    if (text.consume_front("@") && !text.getAsInteger(10, alias)) {
      if (alias >= inputs.memories.size())
        return fail("memory '" + spec + "' names a memory not given before");
      inputs.aliases.push_back(alias);
      inputs.memories.push_back(nullptr);
      continue;
    }
    auto buffer = parseMemory(spec, graph.getContext());
    if (!buffer)
      return buffer.takeError();
    inputs.aliases.push_back(inputs.memories.size());
    inputs.memories.push_back(std::move(*buffer));
  }
  return std::move(inputs);
}

/// Runs the chosen graph of `module` and prints what it produced.
static llvm::Error runModule(ModuleOp module,
                             const AsmParserState &parserState) {
  llvm::Expected<dataflow::GraphOp> graph = findGraph(module);
  if (!graph)
    return graph.takeError();
  llvm::Expected<Inputs> inputs = parseInputs(*graph);
  if (!inputs)
    return inputs.takeError();
  EmulatorOptions options;
  options.firingBudget = budget;
  options.drainAfterCompletion = drain;
  options.scheduleSeed = scheduleSeed;
  GraphValueNames names = collectNames(*graph, parserState);
  options.printValueName = [&names](raw_ostream &os, Value value) {
    auto it = names.sourceName.find(value);
    if (it != names.sourceName.end())
      os << it->second;
    else
      value.printAsOperand(os, OpPrintingFlags());
  };
  for (const std::string &text : traceArgs) {
    llvm::Expected<Value> value = resolveValue(text, names);
    if (!value)
      return value.takeError();
    options.tracedValues.push_back(*value);
  }
  SmallVector<MemoryBuffer *> memories;
  for (unsigned position : inputs->aliases)
    memories.push_back(inputs->memories[position].get());
  llvm::Expected<EmulationResult> result = DataflowEmulator::runGraph(
      *graph, inputs->values, inputs->streams, memories, options);
  if (!result)
    return result.takeError();
  printResult(llvm::outs(), *graph, *result, memories);
  for (auto [text, trace] : llvm::zip_equal(traceArgs, result->traces)) {
    llvm::outs() << "trace " << text << ": ";
    printSequence(llvm::outs(), trace);
  }
  // `--stats` is LLVM's own statistics option, which also asks for ours.
  if (llvm::AreStatisticsEnabled())
    printStatistics(llvm::outs(), result->stats);
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// --entry: a whole program
//===----------------------------------------------------------------------===//

/// The host memory behind an !llvm.ptr parameter: its --memory buffer's
/// elements in their native layout, copied back into `view` after the run.
struct HostPointerBinding {
  std::shared_ptr<MemoryBuffer> view;
  std::unique_ptr<uint64_t[]> storage;
};

/// Copies `buffer`'s elements into fresh host memory in their native
/// layout; the program reads and writes it through the address.
static HostPointerBinding
bindHostPointer(std::shared_ptr<MemoryBuffer> buffer) {
  Type element = buffer->getElementType();
  unsigned bytes = MemoryBuffer::getHostValueBytes(element);
  int64_t count = buffer->getNumElements();
  HostPointerBinding binding{
      buffer, std::make_unique<uint64_t[]>(count * bytes / 8 + 1)};
  char *data = reinterpret_cast<char *>(binding.storage.get());
  for (int64_t i = 0; i < count; ++i)
    MemoryBuffer::storeHostValue(element, data + i * bytes,
                                 buffer->getElement(i));
  return binding;
}

/// Reads what the program left in a pointer parameter's host memory.
static void copyBack(HostPointerBinding &binding) {
  Type element = binding.view->getElementType();
  unsigned bytes = MemoryBuffer::getHostValueBytes(element);
  const char *data = reinterpret_cast<const char *>(binding.storage.get());
  for (int64_t i = 0; i < binding.view->getNumElements(); ++i)
    binding.view->setElement(
        i, MemoryBuffer::loadHostValue(element, data + i * bytes));
}

/// Binds --values to the scalar parameters and --memory to the memref and
/// !llvm.ptr parameters of `func`, each in order. A pointer parameter gets
/// the address of host memory holding its --memory elements (accesses
/// through it are not bounds-checked, as in native code).
static llvm::Expected<SmallVector<ProgramValue>>
bindEntryArguments(func::FuncOp func,
                   SmallVectorImpl<HostPointerBinding> &pointers) {
  auto isMemory = [](Type type) {
    return isa<MemRefType, LLVM::LLVMPointerType>(type);
  };
  SmallVector<Type> scalarTypes;
  for (Type type : func.getArgumentTypes())
    if (!isMemory(type))
      scalarTypes.push_back(type);
  llvm::Expected<SmallVector<TokenValue>> scalars =
      parseList(valuesArg, scalarTypes, "--values");
  if (!scalars)
    return scalars.takeError();
  SmallVector<ProgramValue> arguments;
  unsigned nextScalar = 0, nextMemory = 0;
  for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
    ProgramValue &argument = arguments.emplace_back();
    if (!isMemory(type)) {
      argument.token = (*scalars)[nextScalar++];
      continue;
    }
    if (nextMemory == memoryArgs.size())
      return fail("@" + func.getSymName() + " parameter #" + Twine(i) +
                  " is a memref, but only " + Twine(memoryArgs.size()) +
                  " --memory options were given");
    auto buffer = parseMemory(memoryArgs[nextMemory++], func.getContext());
    if (!buffer)
      return buffer.takeError();
    if (isa<LLVM::LLVMPointerType>(type)) {
      if (!MemoryBuffer::isSupportedHostValueType((*buffer)->getElementType()))
        return fail("--memory '" + memoryArgs[nextMemory - 1] +
                    "' has no host layout for pointer parameter #" + Twine(i));
      pointers.push_back(bindHostPointer(std::move(*buffer)));
      argument.memory = pointers.back().view;
      argument.token = TokenValue::getInteger(
          64, reinterpret_cast<uintptr_t>(pointers.back().storage.get()));
      continue;
    }
    auto memref = cast<MemRefType>(type);
    if ((*buffer)->getElementType() != memref.getElementType() ||
        (*buffer)->getRank() != memref.getRank())
      return fail("--memory '" + memoryArgs[nextMemory - 1] +
                  "' does not match parameter #" + Twine(i) + " of @" +
                  func.getSymName());
    argument.memory = std::shared_ptr<MemoryBuffer>(std::move(*buffer));
  }
  if (nextMemory != memoryArgs.size())
    return fail("@" + func.getSymName() + " takes " + Twine(nextMemory) +
                " memrefs, got " + Twine(memoryArgs.size()) +
                " --memory options");
  return arguments;
}

static StringRef getKindName(LaunchRecord::Kind kind) {
  switch (kind) {
  case LaunchRecord::Kind::DenseThread:
    return "dense thread";
  case LaunchRecord::Kind::DynamicThread:
    return "dynamic-work thread";
  case LaunchRecord::Kind::Graph:
    return "graph";
  }
  llvm_unreachable("every launch kind has a name");
}

/// Prints the per-launch statistics that do not depend on the schedule.
static void printProgramStatistics(raw_ostream &os, const ProgramStats &stats) {
  os << "stats: thread instances " << stats.threadInstances
     << ", graph launches " << stats.graphLaunches << "\n";
  for (const LaunchRecord &record : stats.launches) {
    os << "launch: " << getKindName(record.kind) << " @" << record.callee
       << ": instances " << record.instances << ", graph launches "
       << record.graphLaunches;
    if (record.kind == LaunchRecord::Kind::DynamicThread)
      os << ", acquired " << record.scheduler.acquired << ", retired "
         << record.scheduler.retired;
    os << "\n";
  }
  printStatistics(os, stats.emulation);
}

/// Runs --entry with the bound arguments and prints the results.
static llvm::Error runEntry(ModuleOp module) {
  auto func = module.lookupSymbol<func::FuncOp>(entryName);
  if (!func || func.isExternal())
    return fail("no func.func named '" + entryName + "' with a body");
  std::string problem = ProgramInterpreter::checkFunction(func);
  if (!problem.empty())
    return fail("@" + entryName + ": " + problem);
  SmallVector<HostPointerBinding> pointers;
  llvm::Expected<SmallVector<ProgramValue>> arguments =
      bindEntryArguments(func, pointers);
  if (!arguments)
    return arguments.takeError();
  InterpreterOptions options;
  options.numWorkers = workers;
  options.dequeCapacity = dequeCapacity;
  options.reverseDenseOrder = reverseDense;
  options.firingBudget = budget;
  options.stepBudget = maxSteps;
  options.stepBudgetSetting = "--max-steps";
  SmallVector<std::pair<WorkItemId, TokenValue>> items;
  if (printWorkItems)
    options.onWorkItem = [&](const WorkItemId &id, const TokenValue &payload) {
      items.emplace_back(id, payload);
    };
  ProgramInterpreter interpreter(module, options);
  llvm::Expected<SmallVector<ProgramValue>> results =
      interpreter.run(func, *arguments);
  // What host code printed through C stdio (printf via libffi) comes before
  // the tool's own lines, however much it was.
  std::fflush(stdout);
  if (!results)
    return fail("@" + entryName + ": " + toString(results.takeError()));
  for (HostPointerBinding &binding : pointers)
    copyBack(binding);
  SmallVector<MemoryBuffer *> memories;
  for (ProgramValue &argument : *arguments)
    if (argument.memory)
      memories.push_back(argument.memory.get());
  raw_ostream &os = llvm::outs();
  if (format == OutputFormat::Text)
    os << "@" << entryName << " completed\n";
  for (auto [i, result] : llvm::enumerate(*results)) {
    if (format == OutputFormat::Text)
      os << "result #" << i << ": " << result.token << "\n";
    else
      printFlat(os, result.token);
  }
  for (auto [i, memory] : llvm::enumerate(memories)) {
    if (format != OutputFormat::Text) {
      for (const TokenValue &token : memory->getElements())
        printFlat(os, token);
      continue;
    }
    os << "memory #" << i << ": ";
    memory->print(os);
    os << "\n";
  }
  llvm::sort(items, [](auto &a, auto &b) { return a.first < b.first; });
  for (auto &[id, payload] : items)
    os << "work item " << id.str() << " payload " << payload << "\n";
  if (llvm::AreStatisticsEnabled())
    printProgramStatistics(os, interpreter.getStats());
  return llvm::Error::success();
}

/// Returns true if `module` defines the graph --graph names.
static bool holdsRequestedGraph(ModuleOp module) {
  return llvm::any_of(
      module.getOps<dataflow::GraphOp>(),
      [](dataflow::GraphOp g) { return g.getSymName() == graphName; });
}

static llvm::Error runTool(MLIRContext &context) {
  tool::InputRequest request;
  request.inputFile = inputFile;
  request.split = splitInputFile;
  request.namesSomething = !graphName.empty() || !entryName.empty();
  if (!entryName.empty()) {
    request.requested = "a function named '" + entryName + "'";
    auto definesEntry = [](ModuleOp module) {
      return bool(module.lookupSymbol<func::FuncOp>(entryName));
    };
    request.isRequested = definesEntry;
    return tool::runOnInputModule(
        context, request,
        [](ModuleOp module, AsmParserState &) { return runEntry(module); });
  }
  request.requested = "a graph named '" + graphName + "'";
  request.isRequested = holdsRequestedGraph;
  return tool::runOnInputModule(
      context, request, [](ModuleOp module, AsmParserState &parserState) {
        return runModule(module, parserState);
      });
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  cl::HideUnrelatedOptions(category);
  // `--stats` is LLVM's statistics flag; surface it as ours.
  if (cl::Option *stats = cl::getRegisteredOptions().lookup("stats")) {
    stats->setDescription(
        "Print run statistics (firings per actor kind, tokens, queues)");
    stats->setHiddenFlag(cl::NotHidden);
    stats->addCategory(category);
  }
  cl::ParseCommandLineOptions(
      argc, argv,
      "loom-emu: run one dataflow graph, or a whole dataflow program with "
      "--entry, in the token emulator\n");
  DialectRegistry registry;
  loom::registerAllDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  if (llvm::Error error = runTool(context)) {
    llvm::WithColor::error(llvm::errs(), "loom-emu")
        << llvm::toString(std::move(error)) << "\n";
    return 1;
  }
  return 0;
}
