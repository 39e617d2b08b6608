//===- loom-fabric.cpp - validate, summarize and dump fabrics -------------===//
//
// Part of the Loom project.
//
// The command-line face of LoomFabric: checks a fabric file or preset and
// prints every error with its JSON path, lists and dumps the embedded
// presets (so a user can start a custom fabric from one) and summarizes what
// a fabric contains. It also checks mapping configurations and draws them
// (docs/mapping.md), so both can be tested without running the mapper.
//
//===----------------------------------------------------------------------===//

#include "loom/Fabric/FabricParser.h"
#include "loom/Fabric/MappingIO.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>

using namespace llvm;
using namespace loom::fabric;
namespace cl = llvm::cl;

static cl::OptionCategory category("loom-fabric options");
static cl::opt<std::string>
    validateArg("validate", cl::desc("Validate a fabric (preset or file)"),
                cl::value_desc("preset|file.json"), cl::cat(category));
static cl::opt<std::string>
    summaryArg("summary", cl::desc("Summarize a fabric (preset or file)"),
               cl::value_desc("preset|file.json"), cl::cat(category));
static cl::opt<std::string> dumpArg("dump",
                                    cl::desc("Print the JSON of a preset"),
                                    cl::value_desc("preset"),
                                    cl::cat(category));
static cl::opt<bool> listPresets("list-presets",
                                 cl::desc("List the embedded presets"),
                                 cl::cat(category));

static cl::opt<std::string> checkMappingArg(
    "check-mapping",
    cl::desc("Verify a mapping configuration against its fabric"),
    cl::value_desc("mapping.json"), cl::cat(category));
static cl::opt<std::string>
    mappingSvgArg("mapping-svg",
                  cl::desc("Draw a mapping configuration as SVG"),
                  cl::value_desc("mapping.json"), cl::cat(category));
static cl::opt<std::string> fabricArg(
    "fabric",
    cl::desc("The fabric of --check-mapping/--mapping-svg (default: the "
             "preset named by the mapping's \"fabric\")"),
    cl::value_desc("preset|file.json"), cl::cat(category));
static cl::opt<std::string> outputArg(
    "o",
    cl::desc("Output file of --mapping-svg; with --check-mapping, where the "
             "verified mapping is written back as configuration JSON"),
    cl::value_desc("file"), cl::init("-"), cl::cat(category));

static int reportError(Error error) {
  WithColor::error(errs(), "loom-fabric") << toString(std::move(error)) << "\n";
  return 1;
}

/// "16 per element", or "16 in 12 elements, 1 in 4 elements" (most first).
static std::string describeElementContexts(const Fabric &fabric) {
  std::map<unsigned, unsigned, std::greater<unsigned>> elements;
  for (const ProcessingElement &element : fabric.getElements())
    ++elements[element.contexts];
  if (elements.size() == 1)
    return formatv("{0} per element", elements.begin()->first);
  SmallVector<std::string> parts;
  for (auto [contexts, count] : elements)
    parts.push_back(formatv("{0} in {1} element{2}", contexts, count,
                            count == 1 ? "" : "s"));
  return join(parts, ", ");
}

/// The mesh links grouped by channels x contexts, the largest capacity
/// first: "1 channel x 16 contexts (16 values)", with a count per group when
/// there are several.
static std::string describeMeshLinks(const Fabric &fabric) {
  // (capacity, channels) -> links.
  std::map<std::pair<unsigned, unsigned>, unsigned,
           std::greater<std::pair<unsigned, unsigned>>>
      groups;
  for (const Link &link : fabric.getLinks())
    if (fabric.getNodes()[link.from].kind == SwitchNode::Kind::Switch &&
        fabric.getNodes()[link.to].kind == SwitchNode::Kind::Switch)
      ++groups[{link.getCapacity(), link.channels}];
  SmallVector<std::string> parts;
  for (auto [key, count] : groups) {
    auto [capacity, channels] = key;
    unsigned contexts = capacity / channels;
    std::string text = formatv("{0} channel{1} x {2} context{3} ({4} values)",
                               channels, channels == 1 ? "" : "s", contexts,
                               contexts == 1 ? "" : "s", capacity);
    parts.push_back(groups.size() == 1 ? text
                                       : formatv("{0} with {1}", count, text));
  }
  return join(parts, ", ");
}

static void printUnitsPerClass(const Fabric &fabric, raw_ostream &os) {
  // A time-multiplexed unit holds one actor per context of its element.
  bool timeMultiplexed = fabric.isTimeMultiplexed();
  os << (timeMultiplexed ? "units per class (units, and the actors they hold: "
                           "units x contexts):\n"
                         : "units per class:\n");
  for (OperationClass cls : getAllOperationClasses()) {
    os << "  " << left_justify(getOperationClassName(cls), 16)
       << format_decimal(fabric.countUnits(cls), 5);
    if (timeMultiplexed) {
      unsigned actors = 0;
      for (const ProcessingElement &element : fabric.getElements())
        for (const FunctionUnit &unit : element.units)
          actors += unit.supports(cls) ? element.contexts : 0;
      os << format_decimal(actors, 7);
    }
    os << "\n";
  }
}

static void printSummary(const Fabric &fabric, raw_ostream &os) {
  unsigned unitCount = 0;
  for (const ProcessingElement &element : fabric.getElements())
    unitCount += element.units.size();
  os << "fabric: " << fabric.getName() << " (format version "
     << fabric.getVersion() << ", clock " << format("%g", fabric.getClockMHz())
     << " MHz)\n";
  os << "grid: " << fabric.getRows() << "x" << fabric.getCols() << " ("
     << fabric.getElements().size() << " elements, " << unitCount
     << " function units)\n";
  unsigned minDepth = kMaxOperandBufferDepth, maxDepth = 0;
  for (const ProcessingElement &element : fabric.getElements()) {
    minDepth = std::min(minDepth, element.operandBufferDepth);
    maxDepth = std::max(maxDepth, element.operandBufferDepth);
  }
  os << "operand buffers: ";
  if (minDepth == maxDepth)
    os << maxDepth;
  else
    os << minDepth << " to " << maxDepth;
  os << " slots per unit operand\n";
  // A spatial fabric's summary reads as before fabrics had contexts.
  if (fabric.isTimeMultiplexed()) {
    os << "contexts: " << describeElementContexts(fabric) << "\n";
    os << "mesh links: " << describeMeshLinks(fabric) << "\n";
  }
  printUnitsPerClass(fabric, os);
  unsigned memoryLinks = 0;
  for (const Link &link : fabric.getLinks())
    memoryLinks +=
        fabric.getNodes()[link.from].kind == SwitchNode::Kind::MemoryPort ||
        fabric.getNodes()[link.to].kind == SwitchNode::Kind::MemoryPort;
  os << "switch graph: " << fabric.getNodes().size() << " nodes, "
     << fabric.getLinks().size() << " links ("
     << fabric.getLinks().size() - memoryLinks << " mesh, " << memoryLinks
     << " memory)\n";
  os << "memory interfaces: " << fabric.getMemoryInterfaces().size() << "\n";
  for (const MemoryInterface &memory : fabric.getMemoryInterfaces())
    os << "  " << memory.name << " at (" << memory.row << ", " << memory.col
       << "): " << memory.loadPorts << " load / " << memory.storePorts
       << " store ports, latency " << memory.latency << ", "
       << memory.requestsPerCycle << " requests/cycle, " << memory.banks
       << " banks\n";
}

/// Loads the configuration at `path` and verifies it against --fabric, or
/// against the fabric the configuration names.
static Expected<std::pair<Fabric, Mapping>> loadMapping(StringRef path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer =
      MemoryBuffer::getFileOrSTDIN(path, /*IsText=*/true);
  if (!buffer)
    return createStringError(buffer.getError(), "cannot read '%s': %s",
                             path.str().c_str(),
                             buffer.getError().message().c_str());
  StringRef json = (*buffer)->getBuffer();
  std::string fabricName = fabricArg;
  if (fabricName.empty()) {
    Expected<std::string> named = readMappingFabricName(json, path);
    if (!named)
      return named.takeError();
    fabricName = *named;
  }
  Expected<Fabric> fabric = loadFabric(fabricName);
  if (!fabric)
    return fabric.takeError();
  Expected<Mapping> mapping = parseMappingJSON(json, path, *fabric);
  if (!mapping)
    return mapping.takeError();
  return std::pair(std::move(*fabric), std::move(*mapping));
}

/// "; 5 actors share 2 units, 1 time-shared link" on a time-multiplexed
/// fabric: how much the mapping shares units and channels in time.
static std::string describeSharing(const Fabric &fabric,
                                   const Mapping &mapping) {
  if (!fabric.isTimeMultiplexed())
    return "";
  std::map<std::pair<uint32_t, uint32_t>, unsigned> actorsOnUnit;
  for (const ActorPlacement &actor : mapping.actors)
    ++actorsOnUnit[{actor.element, actor.unit}];
  unsigned sharedUnits = 0, sharingActors = 0;
  for (auto [unit, actors] : actorsOnUnit)
    if (actors > 1) {
      ++sharedUnits;
      sharingActors += actors;
    }
  // The uses of one value share a channel: count values, not edges.
  std::map<uint32_t, std::set<std::pair<int32_t, uint32_t>>> values;
  for (const EdgeRoute &edge : mapping.edges)
    for (uint32_t link : edge.links)
      values[link].insert({edge.producer, edge.result});
  unsigned sharedLinks = 0;
  for (const auto &[link, linkValues] : values)
    sharedLinks += linkValues.size() > fabric.getLinks()[link].channels;
  return formatv("; {0} actors share {1} unit{2}, {3} time-shared link{4}",
                 sharingActors, sharedUnits, sharedUnits == 1 ? "" : "s",
                 sharedLinks, sharedLinks == 1 ? "" : "s");
}

static int runMappingMode() {
  StringRef path = checkMappingArg.empty() ? mappingSvgArg : checkMappingArg;
  Expected<std::pair<Fabric, Mapping>> loaded = loadMapping(path);
  if (!loaded)
    return reportError(loaded.takeError());
  auto &[fabric, mapping] = *loaded;
  if (!checkMappingArg.empty()) {
    uint64_t hops = 0;
    for (const EdgeRoute &edge : mapping.edges)
      hops += edge.links.size();
    // The message would mix with the JSON on stdout.
    if (!outputArg.getNumOccurrences() || outputArg != "-")
      outs() << path << ": valid mapping of graph '" << mapping.graphName
             << "' on '" << fabric.getName() << "' (" << mapping.actors.size()
             << " actors, " << mapping.edges.size() << " edges, " << hops
             << " edge hops, " << mapping.memories.size() << " memory bindings"
             << describeSharing(fabric, mapping) << ")\n";
    if (!outputArg.getNumOccurrences())
      return 0;
  }
  std::error_code ec;
  ToolOutputFile output(outputArg, ec, sys::fs::OF_Text);
  if (ec)
    return reportError(createStringError(
        ec, "cannot write '%s': %s", outputArg.c_str(), ec.message().c_str()));
  // --check-mapping -o writes the mapping as writeMappingJSON does: the
  // normal form of a hand-written configuration, and its round trip.
  if (!checkMappingArg.empty())
    writeMappingJSON(mapping, fabric, output.os());
  else
    renderMappingSVG(output.os(), fabric, mapping);
  output.keep();
  return 0;
}

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv, "Loom fabric descriptions\n");
  int modes = !validateArg.empty() + !summaryArg.empty() + !dumpArg.empty() +
              listPresets + !checkMappingArg.empty() + !mappingSvgArg.empty();
  if (modes != 1) {
    WithColor::error(errs(), "loom-fabric")
        << "give exactly one of --validate, --summary, --dump, "
           "--list-presets, --check-mapping, --mapping-svg\n";
    return 2;
  }
  if (!checkMappingArg.empty() || !mappingSvgArg.empty())
    return runMappingMode();
  if (listPresets) {
    for (const Preset &preset : getPresets())
      outs() << left_justify(preset.name, 18) << preset.description
             << (preset.name == kDefaultPreset ? " [default]" : "") << "\n";
    return 0;
  }
  if (!dumpArg.empty()) {
    const Preset *preset = findPreset(dumpArg);
    if (!preset)
      return reportError(createStringError(inconvertibleErrorCode(),
                                           "--dump: '%s' is not a preset "
                                           "(see --list-presets)",
                                           dumpArg.c_str()));
    outs() << preset->json;
    return 0;
  }
  StringRef value = validateArg.empty() ? summaryArg : validateArg;
  Expected<Fabric> fabric = loadFabric(value);
  if (!fabric)
    return reportError(fabric.takeError());
  if (!validateArg.empty())
    outs() << value << ": valid fabric '" << fabric->getName() << "'\n";
  else
    printSummary(*fabric, outs());
  return 0;
}
