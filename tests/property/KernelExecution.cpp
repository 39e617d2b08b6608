//===- KernelExecution.cpp - a kernel program through the ownership stage -===//
//
// Part of the Loom project.
//
// A LOOM_PARALLEL hint means something only to the kernel compiler's
// ownership stage: loom-parallelize-loops turns a hinted scf.for into an
// scf.forall unless it proves a dependence, and loom-form-threads makes
// each forall a dense thread, the sequential code around it rank-0 threads,
// and loom-form-spatial-regions their spatial regions. A kernel program
// (Program::asKernel) therefore goes the way a C++ kernel goes from the
// SCF stage on: its body becomes a `func.func` marked `loom.kernel`,
// loom-ownership-pipeline and loom-dataflow-pipeline compile it (the
// passes users get, in the kernel compiler's order:
// compiler/lib/KernelCompiler/Pipeline.cpp), and the program interpreter
// runs it as LOOM_BACKEND=emu does, every graph launch on the emulator
// under the run's schedule or on the cycle simulator. The SCF execution
// ignores the hints, so a loop the compiler wrongly ran in parallel shows
// as a difference once its instances run in another order: every run but
// the first hands a dense thread's instances out last first.
//
//===----------------------------------------------------------------------===//

#include "ExecutorsImpl.h"
#include "Memories.h"

#include "loom/Conversion/SCFToDataflow/Pipeline.h"
#include "loom/Mapper/FabricMapper.h"
#include "loom/Ownership/Passes.h"
#include "loom/Ownership/Pipeline.h"
#include "loom/Sim/CycleSimulator.h"
#include "loom/Sim/ExtentExpression.h"
#include "loom/Sim/ProgramInterpreter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/StringMap.h"

using namespace mlir;

namespace loom::proptest {

KernelReport &KernelReport::operator+=(const KernelReport &other) {
  right += other.right;
  rightProven += other.rightProven;
  rightTrusted += other.rightTrusted;
  rightWarned += other.rightWarned;
  wrong += other.wrong;
  wrongDiagnosed += other.wrongDiagnosed;
  wrongTrusted += other.wrongTrusted;
  pointersBounded += other.pointersBounded;
  pointersUnchecked += other.pointersUnchecked;
  regionsSplit += other.regionsSplit;
  loadsForwarded += other.loadsForwarded;
  loopsSplit += other.loopsSplit;
  reductionsKept += other.reductionsKept;
  return *this;
}

OwningOpRef<ModuleOp> makeKernelModule(ModuleOp kernel,
                                       const Program &program) {
  OwningOpRef<ModuleOp> module(cast<ModuleOp>(kernel->clone()));
  SpatialRegionOp region = findRegion(*module);
  mlir::Block &body = region.getBody().front();
  auto yield = cast<SpatialYieldOp>(body.getTerminator());
  OpBuilder b(module->getContext());
  b.setInsertionPointToEnd(module->getBody());
  auto func = func::FuncOp::create(
      b, region.getLoc(), "prop",
      b.getFunctionType(body.getArgumentTypes(), yield->getOperandTypes()));
  func->setAttr("loom.kernel", b.getStringAttr("prop"));
  unsigned numValues = program.valueTypes.size();
  for (unsigned arg = 0; arg < program.memoryBuffers.size(); ++arg)
    if (const PointerArg *pointer = program.getPointer(arg);
        pointer && pointer->noalias)
      func.setArgAttr(numValues + arg, "llvm.noalias", b.getUnitAttr());
  mlir::Block *entry = func.addEntryBlock();
  b.setInsertionPointToStart(entry);
  IRMapping map;
  for (auto [arg, param] :
       llvm::zip(body.getArguments(), entry->getArguments()))
    map.map(arg, param);
  for (Operation &op : body.without_terminator())
    b.clone(op, map);
  SmallVector<Value> results;
  for (Value result : yield->getOperands())
    results.push_back(map.lookupOrDefault(result));
  func::ReturnOp::create(b, region.getLoc(), results);
  region->getParentOfType<dataflow::ThreadOp>().erase();
  return module;
}

namespace {
/// What ParallelizeLoops said at one hinted loop.
struct HintDecision {
  bool wrong = false;
  bool ignored = false, warned = false, proven = false, trusted = false;
};
} // namespace

/// The hinted loop `loc` names (its line is its number), or null.
static HintDecision *findHint(Location loc,
                              llvm::DenseMap<unsigned, HintDecision> &hints) {
  auto file = dyn_cast<FileLineColLoc>(loc);
  if (!file || !file.getFilename().getValue().starts_with("prop-hint-"))
    return nullptr;
  HintDecision &decision = hints[file.getLine()];
  decision.wrong = file.getFilename().getValue() == "prop-hint-wrong";
  return &decision;
}

/// loom-split-reductions' partial accumulators in kernel programs.
static constexpr unsigned kPartialAccumulators = 2;

/// Compiles the kernel module with loom-ownership-pipeline (then, with
/// `splitLevels` times loom-split-spatial-regions) and loom-dataflow-pipeline,
/// recording every diagnostic in `diagnostics` and what ParallelizeLoops
/// decided at each hinted loop in `report`.
static LogicalResult compileKernel(ModuleOp module, unsigned splitLevels,
                                   std::string &diagnostics,
                                   KernelReport &report) {
  llvm::DenseMap<unsigned, HintDecision> hints;
  module.walk([&](scf::ForOp loop) { findHint(loop.getLoc(), hints); });
  ScopedDiagnosticHandler handler(module.getContext(), [&](Diagnostic &diag) {
    std::string message = diag.str();
    diagnostics += message + "\n";
    if (StringRef(message).contains("' split "))
      ++report.regionsSplit;
    if (StringRef(message).contains("instead of reloaded"))
      ++report.loadsForwarded;
    if (StringRef(message).contains(" partial accumulators, combined after"))
      ++report.loopsSplit;
    if (StringRef(message).contains("reduction kept in source order") ||
        StringRef(message).contains("' kept in source order"))
      ++report.reductionsKept;
    HintDecision *decision = findHint(diag.getLocation(), hints);
    if (!decision)
      return success();
    StringRef text(message);
    bool ignored = text.contains("LOOM_PARALLEL ignored");
    decision->ignored |= ignored;
    decision->warned |=
        ignored && diag.getSeverity() == DiagnosticSeverity::Warning;
    decision->proven |= text.contains("LOOM_PARALLEL holds");
    decision->trusted |=
        text.contains("LOOM_PARALLEL asserts independent iterations");
    return success();
  });
  PassManager pm(module.getContext());
  // Trip counts stay below 6 (kMaxTrip), fewer than the derived number of
  // partial accumulators: with 2, the main loops run 0-2 iterations.
  ownership::buildOwnershipPipeline(pm, kPartialAccumulators);
  for (unsigned level = 0; level < splitLevels; ++level)
    pm.addPass(ownership::createSplitSpatialRegionsPass());
  conversion::buildDataflowPipeline(pm);
  LogicalResult result = pm.run(module);
  for (auto &[line, decision] : hints) {
    bool parallel = decision.proven || decision.trusted;
    if (decision.wrong) {
      ++report.wrong;
      report.wrongDiagnosed += decision.ignored;
      report.wrongTrusted += parallel;
      continue;
    }
    ++report.right;
    report.rightProven += decision.proven;
    report.rightTrusted += decision.trusted;
    report.rightWarned += decision.warned;
  }
  return result;
}

/// loom-emu --entry's options binding the inputs of `program`.
static std::string describeEntryArguments(const Program &program,
                                          bool reversed) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << " --entry=prop";
  if (reversed)
    os << " --reverse-dense-order";
  if (!program.valueInputs.empty()) {
    os << " --values=";
    llvm::ListSeparator comma(",");
    for (uint64_t bits : program.valueInputs)
      os << comma << "0x" << llvm::utohexstr(bits);
  }
  llvm::DenseMap<unsigned, unsigned> boundAt;
  for (auto [arg, buffer] : llvm::enumerate(program.memoryBuffers)) {
    auto [it, first] = boundAt.try_emplace(buffer, arg);
    if (first)
      printEmuMemory(os, program.buffers[buffer]);
    else
      os << " --memory=@" << it->second;
  }
  return text;
}

/// Per memory argument, the indices [first, first + count) the runtime
/// would bind it to (runtime/src/emu_backend.cpp, bindPointer): a pointer
/// argument whose `loom.extent` the compile derived, evaluated with the
/// program's scalars, from its lowest index or 0, whichever is lower, to its
/// highest. Nothing for the others: whole memrefs, and pointers the runtime
/// leaves unchecked (`loom.unchecked`, or no bound for these scalars).
using Range = std::optional<std::pair<int64_t, int64_t>>;
static SmallVector<Range> getDerivedRanges(func::FuncOp func,
                                           const Program &program,
                                           KernelReport &report) {
  unsigned numValues = program.valueTypes.size();
  auto getScalar = [&](unsigned i) -> std::optional<int64_t> {
    if (i >= numValues || isFloat(program.valueTypes[i]))
      return std::nullopt;
    // Signed in its width, as the runtime reads an argument.
    return llvm::SignExtend64(program.valueInputs[i],
                              getBitWidth(program.valueTypes[i]));
  };
  SmallVector<Range> ranges(program.memoryBuffers.size());
  for (unsigned arg = 0; arg < ranges.size(); ++arg) {
    if (!program.getPointer(arg))
      continue;
    auto expression =
        func.getArgAttrOfType<StringAttr>(numValues + arg, "loom.extent");
    auto range = expression
                     ? sim::evaluateIndexRange(expression.getValue(), getScalar)
                     : llvm::Expected<sim::IndexRange>(sim::IndexRange());
    if (!range) {
      llvm::consumeError(range.takeError());
      ++report.pointersUnchecked;
      continue;
    }
    if (range->kind == sim::IndexRange::Kind::Unknown) {
      ++report.pointersUnchecked;
      continue;
    }
    ++report.pointersBounded;
    if (range->kind == sim::IndexRange::Kind::NoAccess) {
      ranges[arg] = std::make_pair(0, 0);
      continue;
    }
    int64_t first = std::min<int64_t>(range->lowest, 0);
    ranges[arg] = std::make_pair(first, range->highest + 1 - first);
  }
  return ranges;
}

/// One run of the compiled kernel on fresh buffers, its pointers bound to
/// `ranges`; `graphRunner` runs its graph launches (the emulator under a
/// schedule, or the cycle simulator).
static Outcome
runKernel(ModuleOp module, const Program &program, ArrayRef<Range> ranges,
          bool reversed,
          const decltype(sim::InterpreterOptions::graphRunner) &graphRunner) {
  Outcome outcome;
  auto func = module.lookupSymbol<func::FuncOp>("prop");
  if (std::string problem = sim::ProgramInterpreter::checkFunction(func);
      !problem.empty()) {
    outcome.error = "the program interpreter cannot run @prop: " + problem;
    return outcome;
  }
  ProgramMemory buffers(*module.getContext(), program);
  for (auto [arg, range] : llvm::enumerate(ranges))
    if (range)
      buffers.narrowArgument(arg, range->first, range->second);
  SmallVector<sim::ProgramValue> arguments;
  for (auto [type, bits] : llvm::zip(program.valueTypes, program.valueInputs))
    arguments.push_back(
        {makeToken(getMLIRType(*module.getContext(), type), bits), nullptr});
  for (unsigned arg = 0; arg < program.memoryBuffers.size(); ++arg)
    arguments.push_back({sim::TokenValue(), buffers.getArgument(arg)});
  sim::InterpreterOptions options;
  options.numWorkers = 1;
  options.reverseDenseOrder = reversed;
  options.graphRunner = graphRunner;
  sim::ProgramInterpreter interpreter(module, options);
  auto results = interpreter.run(func, arguments);
  outcome.emuArguments = describeEntryArguments(program, reversed);
  if (!results) {
    outcome.error =
        "program interpreter: " + llvm::toString(results.takeError());
    return outcome;
  }
  if (results->size() != program.results.size()) {
    outcome.error = "@prop returns " + std::to_string(results->size()) +
                    " values for " + std::to_string(program.results.size()) +
                    " results";
    return outcome;
  }
  for (auto [i, result] : llvm::enumerate(*results))
    outcome.results.push_back(
        readToken(result.token, outcome.error, "result #" + llvm::Twine(i))
            .value_or(0));
  outcome.buffers = buffers.read(outcome.error);
  return outcome;
}

/// Maps every graph of `module` on `fabric`; on failure, why one cannot be.
static llvm::Expected<llvm::StringMap<fabric::Mapping>>
mapGraphs(ModuleOp module, const fabric::Fabric &fabric, double seconds) {
  llvm::StringMap<fabric::Mapping> mappings;
  mapper::MapperOptions options;
  options.timeBudgetSeconds = seconds;
  for (auto graph : module.getOps<dataflow::GraphOp>()) {
    llvm::Expected<fabric::Mapping> mapping =
        mapper::mapGraph(graph, fabric, options);
    // The mapper's reasons name the graph.
    if (!mapping)
      return mapping.takeError();
    mappings.try_emplace(graph.getSymName(), std::move(*mapping));
  }
  return mappings;
}

/// The fault --inject-fault=trust-every-hint plants: every hinted loop
/// without carried values becomes an effect-form forall over the same
/// iterations (as ParallelizeLoops converts a loop it may run in parallel),
/// so that ParallelizeLoops never sees the hint.
static void trustEveryHint(ModuleOp module) {
  SmallVector<scf::ForOp> hinted;
  module.walk([&](scf::ForOp loop) {
    if (loop->hasAttr("loom.hints") && loop.getNumRegionIterArgs() == 0)
      hinted.push_back(loop);
  });
  for (scf::ForOp loop : hinted) {
    OpBuilder b(loop);
    Location loc = loop.getLoc();
    auto toIndex = [&](Value v) -> Value {
      return v.getType().isIndex()
                 ? v
                 : arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
    };
    SmallVector<OpFoldResult> lb = {toIndex(loop.getLowerBound())},
                              ub = {toIndex(loop.getUpperBound())},
                              step = {toIndex(loop.getStep())};
    auto forall =
        scf::ForallOp::create(b, loc, lb, ub, step, ValueRange(), std::nullopt);
    b.setInsertionPointToStart(forall.getBody());
    Value iv = forall.getInductionVar(0);
    if (!loop.getInductionVar().getType().isIndex())
      iv = arith::IndexCastOp::create(b, loc, loop.getInductionVar().getType(),
                                      iv);
    loop.getInductionVar().replaceAllUsesWith(iv);
    mlir::Block *body = forall.getBody();
    body->getOperations().splice(
        std::prev(body->end()), loop.getBody()->getOperations(),
        loop.getBody()->begin(), std::prev(loop.getBody()->end()));
    loop.erase();
  }
}

std::vector<Outcome> runKernelDataflow(ModuleOp kernel, const Program &program,
                                       const DataflowRunOptions &options,
                                       std::string &lowered) {
  OwningOpRef<ModuleOp> module = makeKernelModule(kernel, program);
  if (options.trustHints)
    trustEveryHint(*module);
  Outcome failed;
  std::string diagnostics;
  if (mlir::failed(compileKernel(*module, options.splitLevels, diagnostics,
                                 failed.hints))) {
    failed.error = "loom-ownership-pipeline and loom-dataflow-pipeline "
                   "failed:\n" +
                   diagnostics;
    lowered = diagnostics;
    return {failed};
  }
  lowered = printed(*module);
  SmallVector<Range> ranges = getDerivedRanges(
      module->lookupSymbol<func::FuncOp>("prop"), program, failed.hints);
  std::vector<Outcome> outcomes;
  for (auto [i, schedule] : llvm::enumerate(options.schedules)) {
    uint64_t seed = schedule;
    auto emulate = [seed](dataflow::GraphOp graph,
                          ArrayRef<sim::TokenValue> values,
                          ArrayRef<sim::MemoryBuffer *> memories,
                          uint64_t budget) {
      sim::EmulatorOptions options;
      options.drainAfterCompletion = true;
      options.firingBudget = budget;
      options.scheduleSeed = seed;
      return sim::DataflowEmulator::runGraph(graph, values, memories, options);
    };
    outcomes.push_back(runKernel(*module, program, ranges, i > 0, emulate));
    outcomes.back().hints = failed.hints;
  }
  if (!options.simFabric)
    return outcomes;
  Outcome simulated;
  simulated.simulated = true;
  simulated.hints = failed.hints;
  auto mappings = mapGraphs(*module, *options.simFabric, options.mapperSeconds);
  if (!mappings) {
    simulated.unmapped = llvm::toString(mappings.takeError());
    outcomes.push_back(std::move(simulated));
    return outcomes;
  }
  auto simulate = [&](dataflow::GraphOp graph, ArrayRef<sim::TokenValue> values,
                      ArrayRef<sim::MemoryBuffer *> memories,
                      uint64_t) -> llvm::Expected<sim::EmulationResult> {
    sim::CycleSimOptions simOptions;
    simOptions.drainAfterCompletion = true;
    simOptions.cycleBudget = 10'000'000;
    auto result = sim::CycleSimulator::runGraph(
        graph, *options.simFabric, mappings->find(graph.getSymName())->second,
        values, {}, memories, simOptions);
    if (!result)
      return result.takeError();
    return std::move(result->emulation);
  };
  Outcome run = runKernel(*module, program, ranges, true, simulate);
  run.simulated = true;
  run.hints = failed.hints;
  outcomes.push_back(std::move(run));
  return outcomes;
}

} // namespace loom::proptest
