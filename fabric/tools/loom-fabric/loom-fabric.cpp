//===- loom-fabric.cpp - validate, summarize and dump fabrics -------------===//
//
// Part of the Loom project.
//
// The command-line face of LoomFabric: checks a fabric file or preset and
// prints every error with its JSON path, lists and dumps the embedded
// presets (so a user can start a custom fabric from one) and summarizes what
// a fabric contains.
//
//===----------------------------------------------------------------------===//

#include "loom/Fabric/FabricParser.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

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

static int reportError(Error error) {
  WithColor::error(errs(), "loom-fabric") << toString(std::move(error)) << "\n";
  return 1;
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
  os << "units per class:\n";
  for (OperationClass cls : getAllOperationClasses())
    os << "  " << left_justify(getOperationClassName(cls), 16)
       << format_decimal(fabric.countUnits(cls), 5) << "\n";
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

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv, "Loom fabric descriptions\n");
  int modes = !validateArg.empty() + !summaryArg.empty() + !dumpArg.empty() +
              listPresets;
  if (modes != 1) {
    WithColor::error(errs(), "loom-fabric")
        << "give exactly one of --validate, --summary, --dump, "
           "--list-presets\n";
    return 2;
  }
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
