//===- KernelCompiler.cpp - one kernel from LLVM IR to dataflow ----------===//
//
// Part of the Loom project.
//
// The pipeline: prepare the device copy at the LLVM level, import it into
// the LLVM dialect, raise it to structured SCF with memref roots, form
// threads and spatial regions (issue C),
// then lower every spatial region to a dataflow graph (issue D) and validate
// the finalized program. The dataflow program is the kernel's artifact.
//
//===----------------------------------------------------------------------===//

#include "loom/KernelCompiler/KernelCompiler.h"
#include "loom/Dialect/Dataflow/IR/GraphAttributes.h"
#include "loom/KernelCompiler/DevicePreparation.h"
#include "loom/KernelCompiler/NoAliasProgram.h"
#include "loom/KernelCompiler/Pipeline.h"
#include "loom/Ownership/Passes.h"
#include "loom/Support/Demangle.h"
#include "loom/Support/MissedRemark.h"
#include "loom/Support/SourceLocation.h"

#include "loom/InitAllDialects.h"
#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Target/LLVMIR/Import.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;
using namespace loom::compiler;

/// Copies the bounds analysis' verdict on each parameter of the kernel;
/// `accesses` (collectParamAccesses) says which pointers are only read.
static void collectParamExtents(mlir::ModuleOp module, StringRef symbol,
                                ArrayRef<ParamAccess> accesses,
                                KernelStages &stages) {
  auto func = module.lookupSymbol<mlir::FunctionOpInterface>(symbol);
  if (!func)
    return;
  for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
    ParamExtent param;
    if (auto extent = func.getArgAttrOfType<mlir::StringAttr>(i, "loom.extent"))
      param.extent = extent.str();
    else if (auto reason =
                 func.getArgAttrOfType<mlir::StringAttr>(i, "loom.unchecked"))
      param.uncheckedReason = reason.str();
    else if (isa<mlir::LLVM::LLVMPointerType>(func.getArgumentTypes()[i]))
      param.uncheckedReason =
          "the raising kept it an LLVM pointer, which InstructionCore code "
          "accesses without bounds";
    param.readOnly =
        !param.extent.empty() && i < accesses.size() && accesses[i].readOnly;
    stages.paramExtents.push_back(std::move(param));
  }
}

/// Gives every graph of `module` the kernel's code target (the mapper reads
/// it); returns the number of graphs.
static unsigned tagGraphs(mlir::ModuleOp module, StringRef target) {
  unsigned graphs = 0;
  module.walk([&](loom::dataflow::GraphOp graph) {
    ++graphs;
    if (target == "spatial" || target == "temporal")
      graph->setAttr(loom::dataflow::kGraphTargetAttrName,
                     mlir::StringAttr::get(module.getContext(), target));
  });
  return graphs;
}

/// The split programs' levels at most: each splits one loop level deeper,
/// or halves straight-line code, and real kernels nest few loops; eight
/// levels take a loop nest of depth two with a body of about 60 operations
/// down to graphs of a few.
static constexpr unsigned kMaxSplitLevels = 8;

/// Builds the split programs (docs/compiler.md, "Graph splitting") from the
/// SCF-stage `scfStage` into `stages.splitDataflow`: each level applies
/// loom-split-spatial-regions once more to the previous one (which splits
/// the heaviest regions), until nothing splits. `graphs` is the unsplit
/// program's graph count; `diagnostics` the split pipeline's first error.
static void buildSplitPrograms(mlir::ModuleOp scfStage, StringRef target,
                               unsigned graphs, const std::string &diagnostics,
                               KernelStages &stages) {
  // Every split renames the regions it makes (`<name>_s<k>`), so the
  // names tell whether an application split anything (their number need
  // not change: an innermost loop's region becomes its body's).
  auto getRegionNames = [](mlir::ModuleOp module) {
    std::vector<std::string> names;
    module.walk([&](loom::SpatialRegionOp region) {
      names.push_back(region.getGraphName().value_or("").str());
    });
    return names;
  };
  mlir::OwningOpRef<mlir::ModuleOp> level(scfStage.clone());
  for (unsigned depth = 1; depth <= kMaxSplitLevels; ++depth) {
    std::vector<std::string> regions = getRegionNames(*level);
    mlir::PassManager splitting(scfStage.getContext());
    splitting.addPass(loom::ownership::createSplitSpatialRegionsPass());
    if (mlir::failed(splitting.run(*level)) ||
        getRegionNames(*level) == regions)
      return;
    mlir::OwningOpRef<mlir::ModuleOp> program(level->clone());
    mlir::PassManager lowering(scfStage.getContext());
    buildKernelPipeline(lowering, KernelStage::Dataflow, KernelStage::Dataflow);
    if (mlir::failed(lowering.run(*program))) {
      stages.remarks.push_back(
          {"the kernel has no split program of level " + std::to_string(depth) +
               " (smaller graphs, for a fabric its graphs do not fit): " +
               (diagnostics.empty() ? std::string("its lowering failed")
                                    : diagnostics),
           "", /*missed=*/true});
      return;
    }
    unsigned splitGraphs = tagGraphs(*program, target);
    stages.remarks.push_back(
        {"split program " + std::to_string(depth) + ": the kernel's " +
             std::to_string(graphs) + (graphs == 1 ? " graph" : " graphs") +
             " as " + std::to_string(splitGraphs) + " smaller graph" +
             (splitGraphs == 1 ? "" : "s") +
             ", run on a fabric the previous program's graphs do not fit",
         "", /*missed=*/false});
    raw_string_ostream(stages.splitDataflow.emplace_back()) << *program;
  }
}

/// Builds the no-alias program (docs/compiler.md, "Aliasing checked at
/// launch") from the raised module `raised` into `stages.noaliasDataflow`
/// when the kernel's pointer parameters may overlap: the same pipeline with
/// every pointer parameter `noalias`. Kept only when it differs from the
/// ordered program `ordered`.
static void buildNoAliasProgram(mlir::ModuleOp raised, StringRef symbol,
                                ArrayRef<ParamAccess> accesses,
                                StringRef target, mlir::ModuleOp ordered,
                                KernelStages &stages) {
  std::vector<unsigned> params =
      getAliasCheckedParams(accesses, stages.paramExtents);
  if (params.empty())
    return;
  markPointerParamsNoAlias(raised, symbol);
  mlir::PassManager pipeline(raised.getContext());
  buildKernelPipeline(pipeline, KernelStage::Ownership, KernelStage::Dataflow);
  // A kernel that lowers with its pointers ordered but not without is
  // unexpected; it keeps the ordered program alone, which is always right.
  if (mlir::failed(pipeline.run(raised)) || tagGraphs(raised, target) == 0 ||
      isSameProgramIgnoringNoAlias(raised, ordered))
    return;
  raw_string_ostream(stages.noaliasDataflow) << raised;
  stages.aliasCheckedParams = std::move(params);
}

namespace {
/// Where the kernel compiler's diagnostics go. Errors become the reason;
/// remarks (the raising and ownership decisions) and hint warnings are
/// handed to the driver, which reports them as -Rpass remarks and
/// -Wloom-hint warnings. Nothing reaches stderr inside the user's compile.
struct DiagnosticCollector {
  explicit DiagnosticCollector(KernelStages &stages) : stages(stages) {}

  mlir::LogicalResult operator()(mlir::Diagnostic &diag) {
    if (secondary) {
      if (diag.getSeverity() == mlir::DiagnosticSeverity::Error &&
          secondary->empty())
        *secondary = loom::demangleSymbols(diag.str());
      return mlir::success();
    }
    if (loom::isHintWarning(diag)) {
      HintWarning warning{loom::demangleSymbols(diag.str()),
                          loom::describeSourceLocation(diag.getLocation()),
                          {}};
      for (mlir::Diagnostic &note : diag.getNotes())
        warning.notes.emplace_back(
            loom::describeSourceLocation(note.getLocation()), note.str());
      stages.hintWarnings.push_back(std::move(warning));
    } else if (diag.getSeverity() == mlir::DiagnosticSeverity::Remark)
      stages.remarks.push_back(
          {loom::demangleSymbols(diag.str()),
           loom::describeSourceLocation(diag.getLocation()),
           loom::isMissedRemark(diag)});
    else if (first.empty())
      first = loom::demangleSymbols(diag.str());
    return mlir::success();
  }

  /// ": <the first error>", or "" when there was none.
  std::string suffix() const { return first.empty() ? "" : ": " + first; }

  KernelStages &stages;
  /// The kernel's first error.
  std::string first;
  /// While a split or the no-alias program is built its remarks and
  /// warnings repeat the kernel's, and its errors are its own: they go
  /// here when it is set.
  std::string *secondary = nullptr;
};
} // namespace

/// Prepares the device copy of `kernelModule` at the LLVM level and imports
/// it into the LLVM dialect; null when the import fails.
static mlir::OwningOpRef<mlir::ModuleOp>
importDeviceModule(const Module &kernelModule, StringRef symbol,
                   mlir::MLIRContext &context, KernelStages &stages) {
  std::unique_ptr<Module> device = CloneModule(kernelModule);
  for (NotInlinedCall &call : prepareDeviceModule(*device, symbol))
    stages.remarks.push_back(
        {(call.callee.empty() ? std::string("an indirect call")
                              : "call to '" + call.callee + "'") +
             " stays host code: " + call.reason,
         call.location, /*missed=*/true});
  stages.implicitInputs = promoteImplicitInputs(*device, symbol);
  mlir::OwningOpRef<mlir::ModuleOp> imported =
      mlir::translateLLVMIRToModule(std::move(device), &context);
  if (!imported || mlir::failed(mlir::verify(*imported)))
    return nullptr;
  raw_string_ostream os(stages.llvmDialect);
  imported->print(os);
  return imported;
}

Error loom::compiler::compileKernel(const Module &kernelModule,
                                    StringRef symbol,
                                    const KernelCompileOptions &options,
                                    KernelStages &stages) {
  mlir::DialectRegistry registry;
  mlir::registerAllFromLLVMIRTranslations(registry);
  loom::registerAllDialects(registry);
  mlir::MLIRContext context(registry);
  context.loadDialect<mlir::LLVM::LLVMDialect, mlir::DLTIDialect>();
  DiagnosticCollector diagnostics(stages);
  mlir::ScopedDiagnosticHandler handler(
      &context, [&](mlir::Diagnostic &diag) { return diagnostics(diag); });
  mlir::OwningOpRef<mlir::ModuleOp> imported =
      importDeviceModule(kernelModule, symbol, context, stages);
  if (!imported)
    return createStringError("importing the kernel's LLVM IR into MLIR failed" +
                             diagnostics.suffix());
  if (!imported->lookupSymbol(symbol))
    return createStringError("kernel symbol '" + symbol.str() +
                             "' is missing from its module");

  // The kernel pipeline (loom-kernel-pipeline) in three pass managers, so
  // that the raised module (the no-alias program's start) and the SCF stage
  // between ownership and dataflow are kept.
  mlir::PassManager raising(&context), ownership(&context);
  buildKernelPipeline(raising, KernelStage::Raising, KernelStage::Raising);
  buildKernelPipeline(ownership, KernelStage::Ownership,
                      KernelStage::Ownership);
  if (mlir::failed(raising.run(*imported)))
    return createStringError("raising to structured SCF failed" +
                             diagnostics.suffix());
  std::vector<ParamAccess> accesses = collectParamAccesses(*imported, symbol);
  mlir::OwningOpRef<mlir::ModuleOp> noaliasCopy = imported->clone();
  if (mlir::failed(ownership.run(*imported)))
    return createStringError("raising to structured SCF failed" +
                             diagnostics.suffix());
  raw_string_ostream scf(stages.scf);
  imported->print(scf);
  collectParamExtents(*imported, symbol, accesses, stages);

  // The split program starts from the same SCF stage.
  mlir::OwningOpRef<mlir::ModuleOp> splitCopy = imported->clone();

  // Part 3: every spatial region becomes a graph and its launch; the result
  // must pass the finalized-program validator.
  mlir::PassManager lowering(&context);
  buildKernelPipeline(lowering, KernelStage::Dataflow, KernelStage::Dataflow);
  if (mlir::failed(lowering.run(*imported)))
    return createStringError("lowering structured SCF to dataflow failed" +
                             diagnostics.suffix());
  // The kernel's code target reaches the mapper on its graphs.
  StringRef target;
  if (const Function *kernel = kernelModule.getFunction(symbol))
    if (kernel->hasFnAttribute("loom.target"))
      target = kernel->getFnAttribute("loom.target").getValueAsString();
  unsigned graphs = tagGraphs(*imported, target);
  if (graphs == 0)
    return createStringError("no part of the kernel can run on the "
                             "SpatialCore: no spatial region was formed");
  raw_string_ostream dfg(stages.dataflow);
  imported->print(dfg);

  std::string noaliasDiagnostics, splitDiagnostics;
  diagnostics.secondary = &noaliasDiagnostics;
  buildNoAliasProgram(*noaliasCopy, symbol, accesses, target, *imported,
                      stages);
  diagnostics.secondary = &splitDiagnostics;
  buildSplitPrograms(*splitCopy, target, graphs, splitDiagnostics, stages);
  return Error::success();
}
