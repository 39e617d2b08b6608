//===- KernelOffload.cpp - device path and host stubs per module ---------===//
//
// Part of the Loom project.
//
// For each function with the `loom.kernel` attribute (set by the plugin's
// hint lowering):
//
//   device path:  clone the kernel into its own module, hand it to the
//                 compiler library, keep the dataflow program or the reason
//                 it is not offloadable;
//   host path:    rename the native body to `__loom_host.<symbol>` and put a
//                 stub under the original symbol that packs the arguments
//                 and calls loom_rt_kernel_call(&desc, args, &result);
//   embedding:    a constant loom_kernel_desc_t per kernel (runtime/include/
//                 loom/loomrt.h), one loom_module_desc_t, and a constructor
//                 calling loom_rt_register_module.
//
//===----------------------------------------------------------------------===//

#include "loom/Driver/KernelOffload.h"
#include "loom/Driver/KernelManifest.h"
#include "loom/Driver/Remarks.h"
#include "loom/KernelCompiler/KernelCompiler.h"
#include "loom/Support/Demangle.h"
#include "loom/loomrt.h"

#include "loom/Support/BoundedJSON.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;
using namespace loom;

/// The functions and globals `kernel` refers to, transitively (calls,
/// addresses taken, what reached globals' initializers name): the device
/// preparation inlines what it calls, so their bodies must come along.
static SmallPtrSet<const GlobalValue *, 16> collectReachable(Function &kernel) {
  SmallPtrSet<const GlobalValue *, 16> reached = {&kernel};
  SmallVector<const Function *> worklist = {&kernel};
  SmallPtrSet<const Constant *, 16> visitedConstants;
  // Globals hide in constants: a pointer cast of a function, a table of
  // function pointers, a blockaddress in a global's initializer.
  std::function<void(const Value *)> visit = [&](const Value *value) {
    if (auto *function = dyn_cast<Function>(value)) {
      if (reached.insert(function).second)
        worklist.push_back(function);
      return;
    }
    if (auto *global = dyn_cast<GlobalVariable>(value)) {
      if (reached.insert(global).second && global->hasInitializer())
        visit(global->getInitializer());
      return;
    }
    auto *constant = dyn_cast<Constant>(value);
    if (!constant || isa<GlobalValue>(constant) ||
        !visitedConstants.insert(constant).second)
      return;
    if (auto *address = dyn_cast<BlockAddress>(constant))
      return visit(address->getFunction());
    for (const Value *operand : constant->operands())
      visit(operand);
  };
  while (!worklist.empty()) {
    const Function *function = worklist.pop_back_val();
    for (const Instruction &inst : instructions(*function))
      for (const Value *operand : inst.operands())
        visit(operand);
  }
  return reached;
}

/// Clones `kernel` into a module of its own, with the functions and
/// globals it reaches; every other function and global becomes a
/// declaration.
static std::unique_ptr<Module> extractKernelModule(Function &kernel) {
  SmallPtrSet<const GlobalValue *, 16> reached = collectReachable(kernel);
  ValueToValueMapTy map;
  return CloneModule(*kernel.getParent(), map, [&](const GlobalValue *gv) {
    return reached.contains(gv);
  });
}

/// Writes `text` to `<dir>/<stem><suffix>`; failures become a remark.
static void saveTemp(Function &kernel, StringRef dir, StringRef stem,
                     StringRef suffix, StringRef text) {
  if (dir.empty() || text.empty())
    return;
  SmallString<128> path(dir);
  sys::path::append(path, (stem + suffix).str());
  std::error_code error;
  raw_fd_ostream os(path, error, sys::fs::OF_Text);
  if (!error)
    os << text;
  if (error || os.has_error())
    emitRemark(kernel, RemarkKind::Analysis, "SaveTempsFailed", "",
               "cannot write '" + path + "': " + error.message());
}

/// A file-name-safe stem for a kernel's temporary files.
static std::string getTempStem(StringRef name) {
  std::string stem;
  for (char c : name)
    stem += (isAlnum(c) || c == '_' || c == '.') ? c : '_';
  return stem;
}

namespace {
/// What one kernel became.
struct KernelResult {
  Function *fallback = nullptr;
  Function *stub = nullptr;
  KernelManifest manifest;
  std::string artifact; ///< dataflow program text; empty if none
  /// The split programs (KernelStages::splitDataflow); empty if none.
  std::vector<std::string> splitArtifacts;
  /// The no-alias program (KernelStages::noaliasDataflow); empty if none.
  std::string noaliasArtifact;
  std::string reason; ///< why there is no artifact
  /// What the stub computes after the source arguments (artifact only).
  std::vector<compiler::ImplicitInput> implicitInputs;
  /// Hints the device compile found cannot hold (-Wloom-hint).
  std::vector<compiler::HintWarning> hintWarnings;
  /// False for a kernel the runtime cannot launch: it stays a plain native
  /// function, with no stub and no descriptor.
  bool launchable = true;
};
} // namespace

/// "%3 = 'n', %4 = 'm'": the names of the arguments `expression` uses.
static std::string describeExpressionArguments(StringRef expression,
                                               const KernelManifest &manifest) {
  SmallVector<unsigned> seen;
  std::string legend;
  for (size_t at = expression.find('%'); at != StringRef::npos;
       at = expression.find('%', at + 1)) {
    unsigned index;
    StringRef digits = expression.drop_front(at + 1).take_while(isDigit);
    if (digits.getAsInteger(10, index) || index >= manifest.args.size() ||
        manifest.args[index].name.empty() || llvm::is_contained(seen, index))
      continue;
    seen.push_back(index);
    legend += (legend.empty() ? "" : ", ") + ("%" + digits).str() + " = '" +
              manifest.args[index].name + "'";
  }
  return legend;
}

/// " where %3 = 'n'", or "" when the expression names no argument.
static std::string describeLegend(StringRef expression,
                                  const KernelManifest &manifest) {
  std::string legend = describeExpressionArguments(expression, manifest);
  return legend.empty() ? "" : " where " + legend;
}

/// Copies the bounds of the pointer arguments into the manifest and says
/// in a remark which arguments the emu backend checks and which it cannot.
static void recordParamExtents(Function &kernel,
                               const compiler::KernelStages &stages,
                               KernelManifest &manifest) {
  if (stages.paramExtents.size() != manifest.args.size())
    return;
  for (auto [i, arg] : llvm::enumerate(manifest.args)) {
    if (arg.kind != LOOM_ARG_POINTER)
      continue;
    const compiler::ParamExtent &param = stages.paramExtents[i];
    arg.extent = param.extent;
    if (param.readOnly)
      arg.flags |= LOOM_ARG_FLAG_READ_ONLY;
    arg.uncheckedReason = param.extent.empty() && param.uncheckedReason.empty()
                              ? "the compiler derived no bound for it"
                              : param.uncheckedReason;
    std::string who = "kernel '" + manifest.name + "': argument " +
                      (arg.name.empty() ? "" : "'" + arg.name + "' ") + "(#" +
                      std::to_string(i) + ")";
    emitRemark(kernel, RemarkKind::Analysis, "ArgumentBounds",
               manifest.location,
               arg.extent.empty()
                   ? who + " is not bounds-checked: " + arg.uncheckedReason
                   : who + " is bounds-checked: its element indices lie in " +
                         arg.extent + describeLegend(arg.extent, manifest));
  }
}

/// Says that the launch checks whether the pointer arguments `params`
/// overlap, to run the no-alias program when they do not.
static void remarkAliasCheck(Function &kernel, ArrayRef<unsigned> params,
                             const KernelManifest &manifest) {
  std::string names;
  for (auto [i, param] : llvm::enumerate(params)) {
    if (i)
      names += i + 1 == params.size() ? " and " : ", ";
    // A std::string: the conditional's type is std::string, so a StringRef
    // would point into a temporary.
    std::string name =
        param < manifest.args.size() ? manifest.args[param].name : "";
    names += (name.empty() ? "" : "'" + name + "' ") + "(#" +
             std::to_string(param) + ")";
  }
  emitRemark(kernel, RemarkKind::Analysis, "AliasCheckedAtLaunch",
             manifest.location,
             "kernel '" + manifest.name + "': arguments " + names +
                 " may overlap, so each launch compares the ranges they "
                 "access: the kernel's no-alias program runs when no "
                 "written range overlaps another, the ordered one otherwise");
}

/// "the global 'kTable'", "field 'img[byte 8]'", ...: what an implicit
/// input is, for remarks.
static std::string describeImplicitInput(const compiler::ImplicitInput &input,
                                         const KernelManifest &manifest) {
  using Kind = compiler::ImplicitInput::Kind;
  auto baseName = [&]() -> std::string {
    if (input.kind == Kind::GlobalAddress)
      return "the global '" + demangleSymbol(input.global) + "'";
    if (input.base < manifest.args.size() &&
        !manifest.args[input.base].name.empty())
      return "'" + manifest.args[input.base].name + "'";
    return "#" + std::to_string(input.base);
  };
  switch (input.kind) {
  case Kind::GlobalAddress:
    return baseName();
  case Kind::FieldLoad:
    return "the field at byte " + std::to_string(input.offset) + " of " +
           baseName();
  case Kind::PointerAddress:
    return "the address " + baseName() + " holds";
  case Kind::ArgumentAlias:
    return "the object " + baseName() + " (read as " +
           (input.elementType.empty() ? "bytes" : input.elementType) + ")";
  }
  llvm_unreachable("every kind is described");
}

/// Appends the implicit inputs to the manifest's arguments (after the
/// source ones, as the artifact's parameters are) and says what each is.
static void recordImplicitInputs(Function &kernel,
                                 ArrayRef<compiler::ImplicitInput> inputs,
                                 KernelManifest &manifest) {
  for (const compiler::ImplicitInput &input : inputs) {
    ArgManifest arg;
    arg.flags = LOOM_ARG_FLAG_IMPLICIT;
    if (input.type->isPointerTy()) {
      arg.kind = LOOM_ARG_POINTER;
      arg.type = getElementCode(input.elementType);
      if (input.readOnly)
        arg.flags |= LOOM_ARG_FLAG_CONST;
    } else {
      arg.kind = LOOM_ARG_SCALAR;
      // promoteImplicitInputs only promotes scalars the runtime passes.
      arg.type = getTypeCode(input.type).value_or(LOOM_TYPE_I64);
    }
    std::string what = describeImplicitInput(input, manifest);
    arg.name = input.name;
    emitRemark(kernel, RemarkKind::Analysis, "ImplicitInput", manifest.location,
               "kernel '" + manifest.name + "': " + what + " is " +
                   (arg.kind == LOOM_ARG_POINTER
                        ? "a memory root of the dataflow program"
                        : "a launch value of the dataflow program") +
                   ", taken at every launch (implicit argument #" +
                   std::to_string(manifest.args.size()) + ")");
    manifest.args.push_back(std::move(arg));
  }
}

/// Reports each hint that cannot hold at the hint (through clang when the
/// plugin runs the pass, else as a remark) and records it for the compile
/// report and, in the manifest's hints, the run report.
static void reportHintWarnings(Function &kernel, const OffloadOptions &options,
                               std::vector<compiler::HintWarning> &warnings,
                               KernelResult &result) {
  if (warnings.empty())
    return;
  json::Array recorded;
  for (const compiler::HintWarning &warning : warnings) {
    StringRef where = warning.location.empty()
                          ? StringRef(result.manifest.location)
                          : StringRef(warning.location);
    emitHintWarning(options, kernel, where, warning.message, warning.notes);
    recorded.push_back(
        json::Object{{"location", where}, {"message", warning.message}});
  }
  // The manifest's hints carry them to the runtime's LOOM_REPORT.
  Expected<json::Value> hints =
      loom::parseBoundedJSON(result.manifest.hintsJson);
  if (hints && hints->getAsObject()) {
    (*hints->getAsObject())["warnings"] = std::move(recorded);
    result.manifest.hintsJson.clear();
    raw_string_ostream os(result.manifest.hintsJson);
    os << *hints;
  } else if (!hints) {
    consumeError(hints.takeError());
  }
  result.hintWarnings = std::move(warnings);
}

/// Runs the device path of `kernel` and fills `result`.
static void compileDevice(Function &kernel, const OffloadOptions &options,
                          KernelResult &result) {
  std::string stem = getTempStem(result.manifest.name);
  std::unique_ptr<Module> device = extractKernelModule(kernel);
  if (!options.saveTempsDir.empty()) {
    std::string text;
    raw_string_ostream os(text);
    device->print(os, nullptr);
    saveTemp(kernel, options.saveTempsDir, stem, ".ll", text);
  }
  compiler::KernelCompileOptions compileOptions;
  compileOptions.fabric = options.fabric;
  compiler::KernelStages stages;
  Error error = compiler::compileKernel(*device, kernel.getName(),
                                        compileOptions, stages);
  saveTemp(kernel, options.saveTempsDir, stem, ".llvm.mlir",
           stages.llvmDialect);
  saveTemp(kernel, options.saveTempsDir, stem, ".scf.mlir", stages.scf);
  saveTemp(kernel, options.saveTempsDir, stem, ".dfg.mlir", stages.dataflow);
  saveTemp(kernel, options.saveTempsDir, stem, ".noalias.dfg.mlir",
           stages.noaliasDataflow);
  for (auto [level, program] : llvm::enumerate(stages.splitDataflow))
    saveTemp(kernel, options.saveTempsDir, stem,
             ".split" + std::to_string(level + 1) + ".dfg.mlir", program);
  // A construct that stays host code is reported where the user wrote it;
  // the decisions about the kernel as a whole stay at the kernel.
  for (const compiler::KernelRemark &remark : stages.remarks)
    emitRemark(kernel,
               remark.missed ? RemarkKind::Missed : RemarkKind::Analysis,
               remark.missed ? "StaysHostCode" : "KernelCompiler",
               remark.missed && !remark.location.empty()
                   ? StringRef(remark.location)
                   : StringRef(result.manifest.location),
               "kernel '" + result.manifest.name + "': " + remark.message);
  reportHintWarnings(kernel, options, stages.hintWarnings, result);
  if (error) {
    result.reason = toString(std::move(error));
    return;
  }
  for (const compiler::ImplicitInput &input : stages.implicitInputs)
    if (!input.global.empty() &&
        !kernel.getParent()->getNamedGlobal(input.global)) {
      result.reason = "its dataflow program uses '" + input.name +
                      "', which the translation unit does not define";
      return;
    }
  // The split program has the parameters and implicit inputs of the
  // primary one, so the check above and the stub's inputs cover both.
  result.artifact = stages.dataflow;
  result.splitArtifacts = stages.splitDataflow;
  result.noaliasArtifact = stages.noaliasDataflow;
  result.implicitInputs = stages.implicitInputs;
  recordImplicitInputs(kernel, result.implicitInputs, result.manifest);
  recordParamExtents(kernel, stages, result.manifest);
  if (!result.noaliasArtifact.empty())
    remarkAliasCheck(kernel, stages.aliasCheckedParams, result.manifest);
}

/// Creates the stub that replaces `kernel` under its original symbol and
/// redirects every use to it; `kernel` becomes the internal fallback. Must
/// run before anything (the descriptor) refers to the fallback.
static Function *createStub(Function &kernel) {
  Module &module = *kernel.getParent();
  Function *stub = Function::Create(kernel.getFunctionType(),
                                    kernel.getLinkage(), "", &module);
  stub->copyAttributesFrom(&kernel);
  for (StringRef attr :
       {"loom.kernel", "loom.location", "loom.signature", "loom.target"})
    stub->removeFnAttr(attr);
  kernel.replaceAllUsesWith(stub);
  stub->takeName(&kernel);
  kernel.setName("__loom_host." + stub->getName());
  kernel.setLinkage(GlobalValue::InternalLinkage);
  kernel.setVisibility(GlobalValue::DefaultVisibility);
  kernel.setComdat(nullptr);
  // The fallback is no kernel any more: compiling this IR again must not
  // offload it a second time.
  kernel.addFnAttr("loom.fallback",
                   kernel.getFnAttribute("loom.kernel").getValueAsString());
  kernel.removeFnAttr("loom.kernel");
  return stub;
}

/// Computes implicit input `input` in the stub from the values of the
/// arguments before it; null when the module lacks what it names.
static Value *emitImplicitInput(IRBuilder<> &builder,
                                const compiler::ImplicitInput &input,
                                ArrayRef<Value *> values) {
  Module &module = *builder.GetInsertBlock()->getModule();
  LLVMContext &context = module.getContext();
  using Kind = compiler::ImplicitInput::Kind;
  if (input.kind == Kind::GlobalAddress)
    return module.getNamedGlobal(input.global);
  if (input.base >= values.size())
    return nullptr;
  Value *base = values[input.base];
  Type *type = input.type;
  if (input.kind == Kind::PointerAddress)
    return builder.CreatePtrToInt(base, type);
  if (input.kind == Kind::ArgumentAlias)
    return base;
  // A null object pointer has no fields: its inputs are zero (the kernel
  // cannot have loaded them without faulting natively either).
  Function *stub = builder.GetInsertBlock()->getParent();
  BasicBlock *from = builder.GetInsertBlock();
  BasicBlock *load = BasicBlock::Create(context, "loom.field", stub);
  BasicBlock *join = BasicBlock::Create(context, "loom.field.join", stub);
  builder.CreateCondBr(builder.CreateIsNull(base), join, load);
  builder.SetInsertPoint(load);
  Value *address =
      builder.CreateConstGEP1_64(builder.getInt8Ty(), base, input.offset);
  Value *field = builder.CreateLoad(type, address);
  builder.CreateBr(join);
  builder.SetInsertPoint(join);
  PHINode *value = builder.CreatePHI(type, 2);
  value->addIncoming(Constant::getNullValue(type), from);
  value->addIncoming(field, load);
  return value;
}

/// Fills the stub: pack pointers to the arguments (and the implicit inputs
/// computed from them) and call the runtime.
static void emitStubBody(Function *stub, Constant *descriptor,
                         FunctionCallee launch,
                         ArrayRef<compiler::ImplicitInput> implicitInputs) {
  LLVMContext &context = stub->getContext();
  IRBuilder<> builder(BasicBlock::Create(context, "entry", stub));
  Type *ptr = builder.getPtrTy();
  unsigned numSlots = stub->arg_size() + implicitInputs.size();
  auto *slotsType = ArrayType::get(ptr, std::max<uint64_t>(numSlots, 1));
  Value *slots = builder.CreateAlloca(slotsType, nullptr, "loom.args");
  SmallVector<Value *> values;
  for (Argument &arg : stub->args())
    values.push_back(&arg);
  for (const compiler::ImplicitInput &input : implicitInputs) {
    Value *value = emitImplicitInput(builder, input, values);
    // The compiler named only what this module holds.
    assert(value && "implicit input refers to what the module has");
    values.push_back(value);
  }
  // The allocas go first, in the entry block, whatever the inputs branched.
  IRBuilder<> entry(&stub->getEntryBlock(),
                    stub->getEntryBlock().getFirstInsertionPt());
  for (auto [i, value] : llvm::enumerate(values)) {
    Value *slot = entry.CreateAlloca(value->getType(), nullptr, "loom.arg");
    builder.CreateStore(value, slot);
    Value *element = builder.CreateConstInBoundsGEP2_32(slotsType, slots, 0, i);
    builder.CreateStore(slot, element);
  }
  Type *returnType = stub->getReturnType();
  Value *result = returnType->isVoidTy()
                      ? static_cast<Value *>(ConstantPointerNull::get(
                            PointerType::getUnqual(context)))
                      : entry.CreateAlloca(returnType, nullptr, "loom.ret");
  builder.CreateCall(launch, {descriptor, slots, result});
  if (returnType->isVoidTy())
    builder.CreateRetVoid();
  else
    builder.CreateRet(builder.CreateLoad(returnType, result));
}

/// The hint warnings of a kernel as the compile report lists them.
static json::Array
describeHintWarnings(ArrayRef<compiler::HintWarning> warnings) {
  json::Array list;
  for (const compiler::HintWarning &warning : warnings)
    list.push_back(json::Object{{"location", warning.location},
                                {"message", warning.message}});
  return list;
}

/// Appends one JSON fragment for this translation unit to the report dir.
static void writeReportFragment(Module &module, StringRef dir,
                                ArrayRef<KernelResult> results) {
  if (dir.empty())
    return;
  json::Array kernels;
  for (const KernelResult &result : results)
    kernels.push_back(json::Object{
        {"name", result.manifest.name},
        {"symbol", result.manifest.symbol},
        {"source_location", result.manifest.location},
        {"offloaded", !result.artifact.empty()},
        {"split_programs", static_cast<int64_t>(result.splitArtifacts.size())},
        {"noalias_program", !result.noaliasArtifact.empty()},
        {"reason", result.reason.empty() ? json::Value(nullptr)
                                         : json::Value(result.reason)},
        {"hint_warnings", describeHintWarnings(result.hintWarnings)},
    });
  json::Object fragment{{"source_file", module.getSourceFileName()},
                        {"kernels", std::move(kernels)}};
  SmallString<128> path;
  int fd = -1;
  SmallString<128> model(dir);
  sys::path::append(model, "tu-%%%%%%%%.json");
  if (sys::fs::createUniqueFile(model, fd, path))
    return;
  raw_fd_ostream os(fd, /*shouldClose=*/true);
  os << json::Value(std::move(fragment));
}

/// Reports that `kernel` does not run on the accelerator: a remark, and an
/// error at its location under `--loom-offload=mandatory`.
static void reportNotOffloaded(Function &kernel, const OffloadOptions &options,
                               const KernelResult &result) {
  StringRef where = result.manifest.location;
  std::string message = "kernel '" + result.manifest.name + "' " +
                        (result.launchable ? "is not offloaded: " : "") +
                        result.reason;
  if (options.policy == OffloadPolicy::Mandatory) {
    DebugLoc loc = makeRemarkLocation(kernel.getContext(), where);
    // clang prints an "unsupported" diagnostic at its location, like its
    // own errors.
    kernel.getContext().diagnose(DiagnosticInfoUnsupported(
        kernel, message + " (--loom-offload=mandatory)",
        loc ? DiagnosticLocation(loc) : DiagnosticLocation(), DS_Error));
  }
  emitRemark(kernel, RemarkKind::Missed, "KernelNotOffloaded", where, message);
}

void loom::emitHintWarning(
    const OffloadOptions &options, Function &function, StringRef where,
    StringRef message, ArrayRef<std::pair<std::string, std::string>> notes) {
  if (options.reportHintWarning)
    return options.reportHintWarning(where, message, notes);
  emitRemark(function, RemarkKind::Missed, "HintIgnored", where, message);
  for (const auto &[noteWhere, text] : notes)
    emitRemark(function, RemarkKind::Analysis, "HintIgnoredNote", noteWhere,
               text);
}

PreservedAnalyses OffloadKernelsPass::run(Module &module,
                                          ModuleAnalysisManager &) {
  SmallVector<Function *> kernels;
  for (Function &function : module)
    if (!function.isDeclaration() && function.hasFnAttribute("loom.kernel") &&
        !function.hasFnAttribute("loom.no_accel"))
      kernels.push_back(&function);
  if (kernels.empty() || options.policy == OffloadPolicy::Disabled)
    return PreservedAnalyses::all();

  SmallVector<KernelResult, 4> results;
  for (Function *kernel : kernels) {
    KernelResult result;
    result.fallback = kernel;
    if (Error error = describeKernel(*kernel, result.manifest)) {
      result.launchable = false;
      result.reason = "cannot be launched through the runtime and stays a "
                      "native function: " +
                      toString(std::move(error));
    } else {
      compileDevice(*kernel, options, result);
    }
    if (result.artifact.empty())
      reportNotOffloaded(*kernel, options, result);
    else
      emitRemark(*kernel, RemarkKind::Passed, "KernelOffloaded",
                 result.manifest.location,
                 "kernel '" + result.manifest.name + "' offloaded");
    results.push_back(std::move(result));
  }
  writeReportFragment(module, options.reportDir, results);
  // Kernels the runtime cannot launch keep their native body as it is.
  llvm::erase_if(results,
                 [](const KernelResult &result) { return !result.launchable; });
  if (results.empty())
    return PreservedAnalyses::all();

  LLVMContext &context = module.getContext();
  Type *ptr = PointerType::getUnqual(context);
  FunctionCallee launch = module.getOrInsertFunction(
      "loom_rt_kernel_call", Type::getVoidTy(context), ptr, ptr, ptr);
  for (KernelResult &result : results)
    result.stub = createStub(*result.fallback);
  SmallVector<KernelDescriptorInput> inputs;
  for (KernelResult &result : results) {
    KernelDescriptorInput input;
    input.manifest = &result.manifest;
    input.fallback = result.fallback;
    input.artifact = result.artifact;
    input.splitArtifacts = result.splitArtifacts;
    input.noaliasArtifact = result.noaliasArtifact;
    input.reason = result.reason;
    inputs.push_back(input);
  }
  SmallVector<Constant *> descriptors = emitModuleDescriptors(module, inputs);
  for (auto [result, descriptor] : llvm::zip(results, descriptors))
    emitStubBody(result.stub, descriptor, launch, result.implicitInputs);
  return PreservedAnalyses::none();
}
