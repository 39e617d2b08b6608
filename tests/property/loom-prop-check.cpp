//===- loom-prop-check.cpp - differential property tests of the lowering --===//
//
// Part of the Loom project.
//
// Generates random structured programs (ProgramGenerator), runs each one as
// SCF through LLVM and ORC and as the dataflow graph loom-lower-scf-to-dfg
// makes of it on the emulator, and compares final memory and results bit for
// bit. A failing program -- a mismatch, or either side failing -- is shrunk
// and written with its inputs and both outputs to a reproducer file whose
// path is printed.
//
//   loom-prop-check --count=200 --seed=1 [--out-dir=DIR] [--first=N]
//
// The last line is "N passed, M failed"; the exit code is 1 if M > 0.
//
//===----------------------------------------------------------------------===//

#include "Checker.h"
#include "Features.h"
#include "ProgramGenerator.h"
#include "Shrinker.h"

#include "loom/Fabric/FabricParser.h"
#include "loom/InitAllDialects.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

using namespace llvm;
using namespace loom::proptest;

static cl::opt<unsigned>
    programCount("count", cl::init(200),
                 cl::desc("Programs to generate and check"));
static cl::opt<uint64_t> seed("seed", cl::init(1),
                              cl::desc("Seed of the whole run"));
static cl::opt<unsigned>
    first("first", cl::init(0),
          cl::desc("Index of the first program (to rerun one program)"));
static cl::opt<std::string>
    outDir("out-dir",
           cl::desc("Where reproducers go (default: $TMPDIR or /tmp)"));
static cl::opt<unsigned>
    maxShrinks("max-shrinks", cl::init(3),
               cl::desc("Failures to shrink; later ones are written as "
                        "generated (shrinking runs each candidate)"));
static cl::opt<unsigned> maxAttempts("max-attempts", cl::init(1500),
                                     cl::desc("Candidates per shrink"));
static cl::opt<unsigned>
    maxStatements("max-statements", cl::init(14),
                  cl::desc("Statements per program, nested ones included"));
static cl::opt<unsigned>
    timeout("timeout", cl::init(60),
            cl::desc("Seconds one check may take before it counts as hung"));
static cl::opt<InjectedFault> injectFault(
    "inject-fault", cl::Hidden, cl::init(InjectedFault::None),
    cl::desc("Plant a fault on the dataflow side (tests of the checker)"),
    cl::values(clEnumValN(InjectedFault::CrashOnWhile, "crash-on-while",
                          "abort when the program holds an scf.while"),
               clEnumValN(InjectedFault::FlipOnBackwardLoop,
                          "flip-on-backward-loop",
                          "flip a bit of every buffer when the program "
                          "holds a backward loop"),
               clEnumValN(InjectedFault::FlipOnParallel, "flip-on-parallel",
                          "flip a bit of every buffer when the program "
                          "holds an scf.forall or scf.parallel"),
               clEnumValN(InjectedFault::BatchFirstInputs, "batch-first-inputs",
                          "give every instance of a pipelined batch on the "
                          "cycle simulator instance 0's inputs"),
               clEnumValN(InjectedFault::TrustEveryHint, "trust-every-hint",
                          "make every hinted loop without carried values a "
                          "forall before loom-ownership-pipeline, as a "
                          "ParallelizeLoops that trusted every hint would")));
static cl::opt<unsigned> shuffledSchedules(
    "shuffled-schedules", cl::init(3),
    cl::desc("Pseudo-random firing orders (EmulatorOptions::scheduleSeed) "
             "each graph also runs under, after FIFO order; each is "
             "compared with SCF"));
static cl::opt<bool>
    simulate("sim", cl::desc("Also map each graph on --sim-fabric and run it "
                             "on the cycle simulator; compared with SCF "
                             "like the emulator runs (a graph the mapper "
                             "cannot place is counted and reported)"));
static cl::opt<std::string>
    simFabricName("sim-fabric", cl::init("cgra-8x8"),
                  cl::desc("Fabric preset or file of --sim"));
static cl::opt<double> simMapperBudget(
    "sim-mapper-budget", cl::init(10.0),
    cl::desc("Seconds the mapper may spend on one graph for --sim; a graph "
             "it cannot map in time counts as not mappable"));
static cl::opt<unsigned> splitLevels(
    "split-levels", cl::init(0),
    cl::desc("Compile kernel programs as the kernel compiler's split program "
             "of this level: loom-split-spatial-regions applied this many "
             "times, each splitting the spatial regions one loop level "
             "deeper into graphs launched in sequence"));
static cl::opt<bool> verbose("verbose",
                             cl::desc("Print every program's SCF module"));
static cl::opt<unsigned> pointerPercent(
    "pointer-percent", cl::init(35),
    cl::desc("Share of rank-1 memory arguments passed as pointer parameters "
             "(memref<?xT>) at their buffer's start, inside it or at its "
             "end, in percent (hinted loops' buffers always are)"));
static cl::opt<bool>
    noHints("no-hints", cl::desc("Generate no kernel programs with hinted "
                                 "loops (those programs are then generated "
                                 "as they were before hints)"));

namespace {

/// One element as bits and, for floats, its value.
void printElement(raw_ostream &os, Scalar type, uint64_t bits) {
  os << "0x" << utohexstr(bits);
  if (type == Scalar::F32)
    os << " (" << llvm::bit_cast<float>(uint32_t(bits)) << ")";
  else if (type == Scalar::F64)
    os << " (" << llvm::bit_cast<double>(bits) << ")";
  else
    os << " (" << SignExtend64(bits, getBitWidth(type)) << ")";
}

void printOutcome(raw_ostream &os, const Program &program,
                  const Outcome &outcome) {
  if (!outcome.error.empty()) {
    os << "error: " << outcome.error << "\n";
    return;
  }
  // A dense batch program has the results of every instance, in order.
  size_t perInstance = std::max<size_t>(1, program.results.size());
  for (auto [i, bits] : enumerate(outcome.results)) {
    Scalar type = program.results[i % perInstance].type;
    os << "  ";
    if (program.instances)
      os << "instance " << i / perInstance << " ";
    os << "result #" << i % perInstance << " " << getName(type) << " ";
    printElement(os, type, bits);
    os << "\n";
  }
  for (auto [b, elements] : enumerate(outcome.buffers)) {
    os << "  buffer #" << b << ":";
    for (uint64_t bits : elements) {
      os << " ";
      printElement(os, program.buffers[b].element, bits);
    }
    os << "\n";
  }
}

/// The commands that rerun the failing dataflow execution by hand.
void printEmuCommand(raw_ostream &os, const Program &program,
                     StringRef mlirPath, StringRef kernelPath,
                     const Outcome &dataflow) {
  bool pointers = llvm::any_of(program.pointers, [](const auto &pointer) {
    return pointer && pointer->origin != 0;
  });
  auto notePointers = [&] {
    if (pointers)
      os << "(a pointer argument bound inside its buffer is bound at the "
            "buffer's start by these options: loom-emu has no option for a "
            "pointer into a buffer, so an index below 0 fails there)\n";
  };
  if (program.asKernel) {
    os << "loom-opt --loom-ownership-pipeline --loom-dataflow-pipeline "
       << kernelPath << " > lowered.mlir\n";
    if (dataflow.emuArguments.empty()) {
      os << "(the program did not run: nothing to pass to loom-emu)\n";
      return;
    }
    os << "loom-emu lowered.mlir --format=bits" << dataflow.emuArguments
       << "\n(--entry runs graph launches in FIFO order; the failing run's "
          "schedule is named above)\n";
    notePointers();
    return;
  }
  os << "loom-opt --loom-dataflow-pipeline " << mlirPath << " > lowered.mlir\n";
  if (dataflow.simulated)
    os << "(the failing run was on the cycle simulator: loom-sim "
          "lowered.mlir --graph=prop_g0 --drain --fabric="
       << simFabricName
       << " with these inputs as JSON; loom-emu runs them on the emulator)\n";
  if (dataflow.emuArguments.empty()) {
    os << "(the graph did not run: nothing to pass to loom-emu)\n";
    return;
  }
  os << "loom-emu lowered.mlir --graph=prop_g0 --format=bits --drain"
     << dataflow.emuArguments << "\n";
  notePointers();
}

std::string writeReproducer(const Program &program, const Check &failure,
                            uint64_t programSeed, unsigned index,
                            unsigned originalSize) {
  SmallString<256> path(outDir);
  if (path.empty()) {
    std::optional<std::string> tmp = sys::Process::GetEnv("TMPDIR");
    path = tmp ? *tmp : "/tmp";
  }
  sys::fs::create_directories(path);
  sys::path::append(path, "loom-prop-" + std::to_string(seed) + "-" +
                              std::to_string(index) + ".txt");
  // The SCF module alone, for loom-opt; a kernel program's kernel too.
  SmallString<256> mlirPath(path), kernelPath(path);
  sys::path::replace_extension(mlirPath, "mlir");
  sys::path::replace_extension(kernelPath, "kernel.mlir");
  std::error_code error;
  {
    raw_fd_ostream mlir(mlirPath, error);
    if (!error)
      mlir << failure.scfText;
  }
  if (program.asKernel) {
    raw_fd_ostream mlir(kernelPath, error);
    if (!error)
      mlir << failure.kernelText;
  }
  raw_fd_ostream os(path, error);
  if (error)
    return "(cannot write " + path.str().str() + ": " + error.message() + ")";
  os << "// loom-prop-check reproducer: program " << index
     << " of --seed=" << seed << " (program seed " << programSeed << ")\n"
     << "// rerun: loom-prop-check --seed=" << seed << " --first=" << index
     << " --count=1\n"
     << "// verdict: " << describe(failure.verdict) << "\n"
     << "// size: " << program.size() << " nodes (generated: " << originalSize
     << ")\n//\n// " << StringRef(failure.detail).rtrim().str() << "\n\n";
  if (program.instances)
    os << "// a dense batch program: " << program.instances
       << " instances on the same buffers, value #" << program.coordinate
       << " is the instance (the loom-emu command below runs instance 0)\n\n";
  os << "== inputs (element bits, value)\n";
  for (auto [i, type] : enumerate(program.valueTypes)) {
    os << "  value #" << i << " " << getName(type) << " ";
    printElement(os, type, program.valueInputs[i]);
    os << "\n";
  }
  for (auto [b, buffer] : enumerate(program.buffers)) {
    os << "  buffer #" << b << " " << getName(buffer.element) << "["
       << join(map_range(buffer.shape,
                         [](int64_t e) { return std::to_string(e); }),
               "x")
       << "]:";
    for (uint64_t bits : buffer.init) {
      os << " ";
      printElement(os, buffer.element, bits);
    }
    os << "\n";
  }
  // `#1+2`: a pointer to element 2 of buffer #1 (`+3` of a 3-element
  // buffer is its end), `restrict` when it is __restrict.
  os << "  memory arguments -> buffers:";
  for (auto [arg, buffer] : enumerate(program.memoryBuffers)) {
    os << " #" << buffer;
    if (const PointerArg *pointer = program.getPointer(arg))
      os << "+" << pointer->origin << (pointer->noalias ? " restrict" : "");
  }
  os << "\n\n== SCF execution (MLIR to LLVM, ORC JIT)\n";
  printOutcome(os, program, failure.scf);
  os << (program.asKernel ? "\n== dataflow execution (loom-ownership-pipeline, "
                            "loom-dataflow-pipeline, program interpreter)\n"
                          : "\n== dataflow execution (loom-dataflow-pipeline, "
                            "emulator)\n");
  printOutcome(os, program, failure.dataflow);
  os << "\n== the same run by hand\n";
  printEmuCommand(os, program, mlirPath, kernelPath, failure.dataflow);
  os << "\n== SCF module (also in " << mlirPath << ")\n"
     << failure.scfText << "\n";
  if (program.asKernel)
    os << "\n== kernel, the input of loom-ownership-pipeline (also in "
       << kernelPath << ")\n"
       << failure.kernelText << "\n";
  os << "\n== lowered module\n" << failure.lowered << "\n";
  return path.str().str();
}

/// How often each construct was generated, to show what a run covered.
struct Coverage {
  uint64_t forLoops = 0, backwardLoops = 0, carried = 0, whileLoops = 0,
           ifs = 0, switches = 0, constructResults = 0, stores = 0,
           scatterAdds = 0, loads = 0, computedIndices = 0, divisions = 0,
           floatOps = 0, aliasingPrograms = 0, accesses2D = 0, scalarLocals = 0,
           arrayLocals = 0, localStores = 0, localLoads = 0, parallels = 0,
           foralls = 0, laneStores = 0, executeRegions = 0, batchPrograms = 0,
           batchInstances = 0, hintedLoops = 0, iterLoads = 0;

  void addExpr(const Expr &expr) {
    if (expr.kind == Expr::Kind::Load) {
      ++loads;
      accesses2D += expr.operands.size() == 2;
      for (const Expr &index : expr.operands)
        addIndex(index);
    }
    localLoads += expr.kind == Expr::Kind::LocalLoad;
    iterLoads += expr.kind == Expr::Kind::IterLoad;
    if (expr.kind == Expr::Kind::Binary) {
      divisions += expr.op >= BinaryOp::DivSI && expr.op <= BinaryOp::RemUI;
      floatOps += expr.op >= BinaryOp::AddF;
    }
    for (const Expr &operand : expr.operands)
      addExpr(operand);
  }
  /// An index neither constant nor a variable makes a gather or scatter.
  void addIndex(const Expr &index) {
    computedIndices +=
        index.kind != Expr::Kind::Const && index.kind != Expr::Kind::Var;
  }
  void addBlock(const Block &block) {
    for (const Stmt &stmt : block.stmts)
      addStmt(stmt);
  }
  void addStmt(const Stmt &stmt) {
    forLoops += stmt.kind == Stmt::Kind::For;
    hintedLoops += hasParallelHint(stmt.hint);
    backwardLoops += stmt.backward;
    whileLoops += stmt.kind == Stmt::Kind::While;
    ifs += stmt.kind == Stmt::Kind::If;
    switches += stmt.kind == Stmt::Kind::Switch;
    stores += stmt.kind == Stmt::Kind::Store;
    scatterAdds += stmt.kind == Stmt::Kind::ScatterAdd;
    bool local = stmt.kind == Stmt::Kind::Local;
    scalarLocals += local && stmt.shape.empty();
    arrayLocals += local && !stmt.shape.empty();
    localStores += stmt.kind == Stmt::Kind::LocalStore;
    bool parallel = stmt.kind == Stmt::Kind::Parallel;
    parallels += parallel && !stmt.forall;
    foralls += parallel && stmt.forall;
    laneStores += stmt.kind == Stmt::Kind::LaneStore;
    executeRegions += stmt.kind == Stmt::Kind::Execute;
    carried += stmt.carried.size();
    constructResults += stmt.results.size();
    if (stmt.kind == Stmt::Kind::Store || stmt.kind == Stmt::Kind::ScatterAdd) {
      addIndex(stmt.exprs[0]);
      for (const Expr &index : drop_begin(stmt.exprs, 2))
        addIndex(index);
      accesses2D += stmt.exprs.size() > 2;
    }
    for (const Expr &expr : stmt.exprs)
      addExpr(expr);
    for (const CarriedVar &c : stmt.carried) {
      addExpr(c.init);
      addExpr(c.next);
    }
    for (const ResultVar &r : stmt.results)
      for (const Expr &lane : r.lanes)
        addExpr(lane);
    for (const Block &block : stmt.blocks)
      addBlock(block);
  }
  void addProgram(const Program &program) {
    addBlock(program.body);
    for (const Expr &result : program.results)
      addExpr(result);
    aliasingPrograms += program.memoryBuffers.size() > program.buffers.size();
    batchPrograms += program.instances != 0;
    batchInstances += program.instances;
  }
  void print(raw_ostream &os) const {
    os << "generated: " << forLoops << " for (" << backwardLoops
       << " backward), " << whileLoops << " while, " << carried
       << " carried values, " << ifs << " if, " << switches << " index_switch, "
       << executeRegions << " execute_region, " << constructResults
       << " if/switch/execute_region results, " << foralls << " forall, "
       << parallels << " scf.parallel, " << laneStores << " lane stores, "
       << scalarLocals << " scalar locals, " << arrayLocals << " local arrays, "
       << localStores << " local stores, " << localLoads << " local loads, "
       << stores << " stores, " << scatterAdds << " scatter-adds, " << loads
       << " loads, " << accesses2D << " 2-D accesses, " << computedIndices
       << " computed indices, " << divisions << " divisions, " << floatOps
       << " float ops, " << aliasingPrograms
       << " programs with aliasing arguments, " << batchPrograms
       << " dense batch programs (" << batchInstances << " instances), "
       << hintedLoops << " hinted for loops, " << iterLoads
       << " iteration-cell loads\n";
  }
};

/// Passed dense batch programs on the simulator: launches that ran as one
/// pipelined batch (their instances, how many of their graphs hold loop
/// state), and those that ran one instance at a time.
struct BatchTally {
  uint64_t launches = 0, instances = 0, withLoopState = 0, unbatched = 0;

  void add(const Program &program, const Check &result) {
    launches += result.batchInstances != 0;
    instances += result.batchInstances;
    withLoopState += result.batchInstances && result.batchLoopState;
    unbatched +=
        result.simulated && program.instances && !result.batchInstances;
  }
  friend raw_ostream &operator<<(raw_ostream &os, const BatchTally &tally) {
    return os << "pipelined batches: " << tally.launches << " dense launches ("
              << tally.instances << " instances, " << tally.withLoopState
              << " with loop state) ran as one batch on the cycle simulator, "
              << tally.unbatched << " dense launches one instance at a time\n";
  }
};

/// Passed programs on the simulator: simulated (kernel programs among
/// them), or not mappable.
struct SimTally {
  uint64_t simulated = 0, kernels = 0, unmapped = 0;

  void add(const Program &program, const Check &result) {
    simulated += result.simulated;
    kernels += result.simulated && program.asKernel;
    unmapped += !result.unmapped.empty();
  }
  friend raw_ostream &operator<<(raw_ostream &os, const SimTally &tally) {
    return os << "cycle simulator on " << simFabricName << ": "
              << tally.simulated
              << " passed programs simulated and equal to SCF, "
              << tally.unmapped << " not mappable (run on the emulator only); "
              << tally.kernels
              << " of the simulated ones kernel programs (every graph "
                 "mapped)\n";
  }
};

/// --verbose: the verdict, how a batch program ran, and the SCF module.
void printVerbose(raw_ostream &os, unsigned index, const Program &program,
                  const Check &result) {
  os << "program " << index << ": " << describe(result.verdict) << "\n";
  if (program.instances)
    os << "dense batch program of " << program.instances << " instances\n";
  if (result.batchInstances)
    os << "cycle simulator: " << result.batchInstances
       << " instances ran as one pipelined batch"
       << (result.batchLoopState ? " (with loop state)" : "") << "\n";
  else if (result.simulated && program.instances)
    os << "cycle simulator: instances ran one at a time: " << result.unbatched
       << "\n";
  os << result.scfText << "\n";
}

GeneratorOptions getGeneratorOptions() {
  GeneratorOptions options;
  options.maxStatements = maxStatements;
  options.pointerPercent = pointerPercent;
  options.noHints = noHints;
  return options;
}

/// A well-mixed seed per program (splitmix64 of the run seed and index).
uint64_t programSeedOf(uint64_t runSeed, uint64_t index) {
  uint64_t z = runSeed * 0x9E3779B97F4A7C15ull + index + 1;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  cl::ParseCommandLineOptions(
      argc, argv,
      "Loom differential property tests: random SCF programs run through "
      "LLVM and as dataflow on the emulator must agree bit for bit\n");
  initializeJit();
  mlir::DialectRegistry registry;
  loom::registerAllDialects(registry);
  registry.insert<mlir::func::FuncDialect, mlir::LLVM::LLVMDialect>();
  mlir::registerAllToLLVMIRTranslations(registry);
  mlir::MLIRContext context(registry, mlir::MLIRContext::Threading::DISABLED);
  context.loadAllAvailableDialects();

  CheckOptions checkOptions;
  checkOptions.timeoutSeconds = timeout;
  checkOptions.fault = injectFault;
  checkOptions.splitLevels = splitLevels;
  std::optional<loom::fabric::Fabric> simFabric;
  if (simulate) {
    auto loaded = loom::fabric::loadFabric(simFabricName);
    if (!loaded) {
      errs() << "loom-prop-check: --sim-fabric: "
             << toString(loaded.takeError()) << "\n";
      return 2;
    }
    simFabric = std::move(*loaded);
    checkOptions.simFabric = &*simFabric;
    checkOptions.simMapperSeconds = simMapperBudget;
  }
  GeneratorOptions options = getGeneratorOptions();
  unsigned passed = 0, failed = 0, shrunk = 0;
  SimTally simulation;
  BatchTally batches;
  Coverage coverage;
  FeatureCounts features;
  KernelReport hints;
  auto start = std::chrono::steady_clock::now();
  for (unsigned index = first; index < first + programCount; ++index) {
    uint64_t programSeed = programSeedOf(seed, index);
    Program program = generateProgram(programSeed, options);
    // FIFO order, then the shuffled schedules of this program.
    checkOptions.schedules = {0};
    for (unsigned i = 0; i < shuffledSchedules; ++i)
      checkOptions.schedules.push_back(programSeedOf(programSeed, i) | 1);
    coverage.addProgram(program);
    Check result = checkIsolated(context, program, checkOptions);
    features.add(program, result.negativeIndex);
    hints += result.hints;
    if (verbose)
      printVerbose(outs(), index, program, result);
    if (result.verdict == Verdict::Pass) {
      ++passed;
      simulation.add(program, result);
      batches.add(program, result);
      if (!result.unmapped.empty()) {
        outs() << "UNMAPPED program " << index << " on " << simFabricName
               << ": " << StringRef(result.unmapped).rtrim() << "\n";
      }
      continue;
    }
    ++failed;
    Verdict verdict = result.verdict;
    unsigned originalSize = program.size(), attempts = 0;
    if (shrunk++ < maxShrinks) {
      program = shrink(
          program,
          [&](const Program &candidate) {
            return checkIsolated(context, candidate, checkOptions).verdict ==
                   verdict;
          },
          maxAttempts, attempts);
      result = checkIsolated(context, program, checkOptions);
    }
    std::string path =
        writeReproducer(program, result, programSeed, index, originalSize);
    outs() << "FAIL program " << index << ": " << describe(verdict) << "; "
           << originalSize << " -> " << program.size() << " nodes after "
           << attempts << " shrinking runs; reproducer: " << path << "\n";
    outs().flush();
  }
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  coverage.print(outs());
  features.print(outs());
  printKernelReport(outs(), hints);
  outs() << "programs: " << programCount << " (seed " << seed << ", first "
         << first << "), mismatches or failures: " << failed << ", "
         << format("%.1f", seconds) << " s\n";
  if (simulate)
    outs() << simulation << batches;
  outs() << passed << " passed, " << failed << " failed\n";
  return failed == 0 ? 0 : 1;
}
