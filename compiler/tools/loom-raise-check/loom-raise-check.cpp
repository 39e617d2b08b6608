//===- loom-raise-check.cpp - run a kernel before and after raising -------===//
//
// Part of the Loom project.
//
// Differential execution check of the raising pipeline (issue C). Runs the
// kernel of a `.ll` twice on identical pseudo-random inputs: the original IR
// as is, and its raised form (the device preparation, the import and the
// raising pipeline, exactly as `loom-raise`) lowered back to LLVM with
// upstream passes. Both are JIT-compiled with ORC and called through libffi.
// Every buffer and the return value must agree bit for bit.
//
//   loom-raise-check k.ll --kernel=_Z4vaddPKfS0_Pfi \
//       --args='f32[64],f32[64],f32[64],i32=64' [--seed=N]
//
// With --emu, the kernel is also compiled as loom-clang++ compiles it, down
// to its dataflow program, which runs on the emulator (the program
// interpreter of LOOM_BACKEND=emu) with the same inputs; it must agree with
// the original bit for bit as well (`EMU-MATCH`), and a kernel that cannot
// run there prints why (`EMU-UNSUPPORTED`).
//
// Before running, it prints what the raising produced: its remarks, the
// raised type of every parameter (memref roots), the structured loops, and
// the LLVM operations and `cf` branches that remain, so tests can check
// them.
//
//===----------------------------------------------------------------------===//

#include "ArgSpec.h"
#include "EmuRun.h"
#include "IsolatedRun.h"

#include "loom/InitAllDialects.h"
#include "loom/KernelCompiler/DevicePreparation.h"
#include "loom/Raising/Pipeline.h"

#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Target/LLVMIR/Import.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/WithColor.h"

#include <cstring>
#include <ctime>
#include <ffi.h>

using namespace llvm;
using namespace loom::raisecheck;

static cl::opt<std::string> inputFile(cl::Positional, cl::Required,
                                      cl::desc("<kernel.ll>"));
static cl::opt<std::string> kernelName("kernel", cl::Required,
                                       cl::desc("Symbol of the kernel"),
                                       cl::value_desc("symbol"));
static cl::opt<std::string>
    argsText("args",
             cl::desc("One entry per kernel parameter: T[N], "
                      "T[N]:range=LO..HI or T=VALUE"),
             cl::value_desc("spec"));
static cl::opt<uint64_t> seed("seed", cl::init(1),
                              cl::desc("Seed of the buffer contents"));
static cl::opt<unsigned>
    timeout("timeout", cl::init(60),
            cl::desc("Seconds each kernel may run before it counts as hung "
                     "(0: no limit)"));
static cl::opt<bool>
    emu("emu", cl::desc("Also run the kernel's dataflow program on the "
                        "emulator and compare it with the original"));
static cl::opt<double> benchSeconds(
    "bench-seconds", cl::init(0),
    cl::desc("Instead of checking, time the original kernel (native, JIT) "
             "and its dataflow program on the emulator for about this many "
             "CPU seconds each, in this process, and print one BENCH line"));
static cl::opt<unsigned>
    maxMismatches("max-mismatches", cl::init(8),
                  cl::desc("Mismatches printed per buffer (default 8)"));

static ExitOnError exitOnError;

//===----------------------------------------------------------------------===//
// Calling a JIT-compiled function through libffi
//===----------------------------------------------------------------------===//

/// Returns the libffi type of an LLVM parameter or result type; `zeroExt`
/// picks unsigned small integers.
static Expected<ffi_type *> getFfiType(Type *type, bool zeroExt) {
  if (type->isVoidTy())
    return &ffi_type_void;
  if (type->isPointerTy())
    return &ffi_type_pointer;
  if (type->isFloatTy())
    return &ffi_type_float;
  if (type->isDoubleTy())
    return &ffi_type_double;
  if (auto *integer = dyn_cast<IntegerType>(type)) {
    switch (integer->getBitWidth()) {
    case 1:
    case 8:
      return zeroExt ? &ffi_type_uint8 : &ffi_type_sint8;
    case 16:
      return zeroExt ? &ffi_type_uint16 : &ffi_type_sint16;
    case 32:
      return zeroExt ? &ffi_type_uint32 : &ffi_type_sint32;
    case 64:
      return zeroExt ? &ffi_type_uint64 : &ffi_type_sint64;
    default:
      break;
    }
  }
  std::string name;
  raw_string_ostream(name) << *type;
  return createStringError(inconvertibleErrorCode(),
                           "type '" + name +
                               "' cannot be passed; only pointers, i1, i8, "
                               "i16, i32, i64, float and double can");
}

/// What libffi needs to call one function.
struct FfiSignature {
  SmallVector<ffi_type *> params;
  ffi_type *result = nullptr;
};

static Expected<FfiSignature> getFfiSignature(const Function &function) {
  FfiSignature signature;
  for (const Argument &arg : function.args()) {
    Expected<ffi_type *> type = getFfiType(arg.getType(), arg.hasZExtAttr());
    if (!type)
      return type.takeError();
    signature.params.push_back(*type);
  }
  Expected<ffi_type *> result =
      getFfiType(function.getReturnType(),
                 function.getAttributes().hasRetAttr(Attribute::ZExt));
  if (!result)
    return result.takeError();
  signature.result = *result;
  return signature;
}

/// Stands in for `__loom_loop_hints(const char *)`, the hint marker of the
/// device preparation.
static void ignoreLoopHints(const char *) {}

namespace {
/// One JIT-compiled function, callable any number of times.
class JitFunction {
public:
  /// JIT-compiles `module` alone and looks `name` up; `numSlots` parameters
  /// will be passed.
  static Expected<std::unique_ptr<JitFunction>>
  create(std::unique_ptr<Module> module, std::unique_ptr<LLVMContext> context,
         StringRef name, size_t numSlots);

  /// Calls the function with `slots` (one 64-bit slot per parameter, the
  /// value in its low bytes). Returns the result's bits (0 for void).
  uint64_t call(SmallVectorImpl<uint64_t> &slots) {
    SmallVector<void *> values;
    for (uint64_t &slot : slots)
      values.push_back(&slot);
    // libffi widens small integer results to a whole ffi_arg.
    uint64_t result[2] = {0, 0};
    ffi_call(&cif, FFI_FN(address.toPtr<void (*)()>()), result, values.data());
    return result[0];
  }

private:
  std::unique_ptr<orc::LLJIT> jit;
  FfiSignature signature;
  ffi_cif cif;
  orc::ExecutorAddr address;
};
} // namespace

Expected<std::unique_ptr<JitFunction>>
JitFunction::create(std::unique_ptr<Module> module,
                    std::unique_ptr<LLVMContext> context, StringRef name,
                    size_t numSlots) {
  Function *function = module->getFunction(name);
  if (!function || function->isDeclaration())
    return createStringError(inconvertibleErrorCode(),
                             "no definition of '" + name + "' to run");
  // A kernel may be internal (an outlined loop region); export it.
  function->setLinkage(GlobalValue::ExternalLinkage);
  function->setVisibility(GlobalValue::DefaultVisibility);
  auto compiled = std::make_unique<JitFunction>();
  Expected<FfiSignature> signature = getFfiSignature(*function);
  if (!signature)
    return signature.takeError();
  compiled->signature = std::move(*signature);
  if (compiled->signature.params.size() != numSlots)
    return createStringError(
        inconvertibleErrorCode(),
        "'" + name + "' takes " + Twine(compiled->signature.params.size()) +
            " LLVM parameters, but " + Twine(numSlots) + " were built");

  Expected<std::unique_ptr<orc::LLJIT>> jit = orc::LLJITBuilder().create();
  if (!jit)
    return jit.takeError();
  compiled->jit = std::move(*jit);
  // The device preparation carries loop hints as calls of a marker the
  // ownership passes consume; it computes nothing, so it runs as a no-op.
  orc::LLJIT &lljit = *compiled->jit;
  if (Error error = lljit.getMainJITDylib().define(
          orc::absoluteSymbols({{lljit.mangleAndIntern("__loom_loop_hints"),
                                 {orc::ExecutorAddr::fromPtr(&ignoreLoopHints),
                                  JITSymbolFlags::Exported}}})))
    return std::move(error);
  if (Error error = lljit.addIRModule(
          orc::ThreadSafeModule(std::move(module), std::move(context))))
    return std::move(error);
  Expected<orc::ExecutorAddr> address = lljit.lookup(name);
  if (!address)
    return address.takeError();
  compiled->address = *address;
  if (ffi_prep_cif(&compiled->cif, FFI_DEFAULT_ABI,
                   compiled->signature.params.size(),
                   compiled->signature.result,
                   compiled->signature.params.data()) != FFI_OK)
    return createStringError(inconvertibleErrorCode(),
                             "libffi cannot describe the call of '" + name +
                                 "'");
  return compiled;
}

/// JIT-compiles `module` alone and calls `name` once with `slots`.
static Expected<uint64_t> runInJit(std::unique_ptr<Module> module,
                                   std::unique_ptr<LLVMContext> context,
                                   StringRef name,
                                   SmallVectorImpl<uint64_t> &slots) {
  Expected<std::unique_ptr<JitFunction>> function = JitFunction::create(
      std::move(module), std::move(context), name, slots.size());
  if (!function)
    return function.takeError();
  return (*function)->call(slots);
}

//===----------------------------------------------------------------------===//
// Arguments
//===----------------------------------------------------------------------===//

/// Returns the element kind `type` is passed as, or std::nullopt.
static std::optional<ElementKind> getScalarKind(Type *type) {
  if (type->isFloatTy())
    return ElementKind::F32;
  if (type->isDoubleTy())
    return ElementKind::F64;
  if (auto *integer = dyn_cast<IntegerType>(type))
    switch (integer->getBitWidth()) {
    case 1:
    case 8:
      return ElementKind::I8;
    case 16:
      return ElementKind::I16;
    case 32:
      return ElementKind::I32;
    case 64:
      return ElementKind::I64;
    }
  return std::nullopt;
}

/// Checks that `specs` describe the parameters of `function`.
static Error checkSpecs(const Function &function, ArrayRef<ArgSpec> specs) {
  auto fail = [&](const Twine &what) {
    return createStringError(inconvertibleErrorCode(), "--args does not fit '" +
                                                           function.getName() +
                                                           "': " + what);
  };
  if (specs.size() != function.arg_size())
    return fail("it takes " + Twine(function.arg_size()) +
                " parameters, --args gives " + Twine(specs.size()));
  for (const Argument &arg : function.args()) {
    const ArgSpec &spec = specs[arg.getArgNo()];
    std::string position = "parameter #" + std::to_string(arg.getArgNo());
    if (arg.getType()->isPointerTy() != spec.isBuffer)
      return fail(position + (spec.isBuffer ? " is not a pointer"
                                            : " is a pointer; give T[N]"));
    if (!spec.isBuffer && getScalarKind(arg.getType()) != spec.kind)
      return fail(position + " has another scalar type");
  }
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Raising, report and lowering
//===----------------------------------------------------------------------===//

/// Prints what the raising made of the kernel `op`.
static void printReport(raw_ostream &os, mlir::Operation *op) {
  os << "kernel " << kernelName << "\n";
  auto func = dyn_cast<mlir::func::FuncOp>(op);
  if (!func) {
    os << "raised: no (the function stays in the LLVM dialect)\n";
    return;
  }
  for (auto [index, type] : llvm::enumerate(func.getArgumentTypes())) {
    os << "param " << index << ": " << type;
    if (isa<mlir::LLVM::LLVMPointerType>(type))
      os << " (not raised)";
    os << "\n";
  }
  unsigned forLoops = 0, whileLoops = 0, branches = 0;
  MapVector<StringRef, unsigned> memoryOps, otherOps;
  func.walk([&](mlir::Operation *nested) {
    if (isa<mlir::scf::ForOp>(nested))
      ++forLoops;
    else if (isa<mlir::scf::WhileOp>(nested))
      ++whileLoops;
    else if (isa<mlir::cf::ControlFlowDialect>(nested->getDialect()))
      ++branches;
    else if (isa<mlir::LLVM::LoadOp, mlir::LLVM::StoreOp, mlir::LLVM::GEPOp,
                 mlir::LLVM::AllocaOp, mlir::LLVM::MemcpyOp,
                 mlir::LLVM::MemmoveOp, mlir::LLVM::MemsetOp>(nested))
      ++memoryOps[nested->getName().getStringRef()];
    else if (isa<mlir::LLVM::LLVMDialect>(nested->getDialect()))
      ++otherOps[nested->getName().getStringRef()];
  });
  os << "scf.for: " << forLoops << "\nscf.while: " << whileLoops
     << "\ncf branches: " << branches << "\n";
  auto printOps = [&](StringRef title, MapVector<StringRef, unsigned> &ops) {
    unsigned total = 0;
    for (auto &entry : ops)
      total += entry.second;
    os << title << ": " << total;
    for (auto &[name, count] : ops)
      os << " " << name << "=" << count;
    os << "\n";
  };
  printOps("llvm memory ops", memoryOps);
  printOps("other llvm ops", otherOps);
}

/// Turns `math.expm1` and `math.log1p` into calls of `expm1f`/`log1pf` (and
/// the f64 forms). `--convert-math-to-llvm` would expand them into
/// `exp(x) - 1` and `log(1 + x)`, which round differently from the libm
/// functions the ops stand for (and the emulator evaluates).
static mlir::LogicalResult lowerLibmOnlyOpsToCalls(mlir::ModuleOp module) {
  SmallVector<mlir::Operation *> ops;
  module.walk([&](mlir::Operation *op) {
    if (isa<mlir::math::ExpM1Op, mlir::math::Log1pOp>(op))
      ops.push_back(op);
  });
  if (ops.empty())
    return mlir::success();
  mlir::RewritePatternSet patterns(module.getContext());
  mlir::populateMathToLibmConversionPatterns(patterns);
  bool allErased = false;
  if (failed(mlir::applyOpPatternsGreedily(
          ops, std::move(patterns),
          mlir::GreedyRewriteConfig().setStrictness(
              mlir::GreedyRewriteStrictness::ExistingOps),
          /*changed=*/nullptr, &allErased)) ||
      !allErased)
    return module.emitError()
           << "cannot lower math.expm1/math.log1p to libm calls";
  return mlir::success();
}

/// Lowers a raised module to the LLVM dialect with upstream passes.
static mlir::LogicalResult lowerToLLVM(mlir::ModuleOp module) {
  if (failed(lowerLibmOnlyOpsToCalls(module)))
    return mlir::failure();
  mlir::PassManager pm(module.getContext());
  pm.addPass(mlir::createSCFToControlFlowPass());
  pm.addPass(mlir::createConvertMathToLLVMPass());
  // What has no LLVM intrinsic becomes a libm call.
  pm.addPass(mlir::createConvertMathToLibmPass());
  pm.addPass(mlir::arith::createArithExpandOpsPass());
  pm.addPass(mlir::createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(mlir::createArithToLLVMConversionPass());
  pm.addPass(mlir::createConvertIndexToLLVMPass());
  pm.addPass(mlir::createConvertControlFlowToLLVMPass());
  pm.addPass(mlir::createUBToLLVMConversionPass());
  pm.addPass(mlir::createConvertFuncToLLVMPass());
  pm.addPass(mlir::createReconcileUnrealizedCastsPass());
  return pm.run(module);
}

/// The raised kernel, lowered and translated back to LLVM IR, with the
/// raised type of every parameter.
struct RaisedKernel {
  std::unique_ptr<LLVMContext> context;
  std::unique_ptr<Module> module;
  SmallVector<mlir::Type> paramTypes;
};

static Expected<RaisedKernel> raiseKernel(mlir::MLIRContext &mlirContext) {
  auto fail = [](const Twine &what) {
    return createStringError(inconvertibleErrorCode(), what);
  };
  RaisedKernel raised;
  raised.context = std::make_unique<LLVMContext>();
  SMDiagnostic diagnostic;
  std::unique_ptr<Module> device =
      parseIRFile(inputFile, diagnostic, *raised.context);
  if (!device)
    return fail("cannot parse '" + inputFile + "': " + diagnostic.getMessage());
  loom::compiler::prepareDeviceModule(*device);
  DataLayout layout = device->getDataLayout();
  mlir::OwningOpRef<mlir::ModuleOp> imported =
      mlir::translateLLVMIRToModule(std::move(device), &mlirContext);
  if (!imported)
    return fail("importing the LLVM IR into MLIR failed");
  mlir::PassManager pm(&mlirContext);
  loom::raising::buildRaisingPipeline(pm);
  if (mlir::failed(pm.run(*imported)))
    return fail("the raising pipeline failed");
  mlir::Operation *kernel =
      mlir::SymbolTable::lookupSymbolIn(*imported, kernelName);
  if (!kernel)
    return fail("the raised module has no '" + kernelName + "'");
  printReport(outs(), kernel);
  if (auto func = dyn_cast<mlir::func::FuncOp>(kernel))
    llvm::append_range(raised.paramTypes, func.getArgumentTypes());
  else
    llvm::append_range(
        raised.paramTypes,
        cast<mlir::LLVM::LLVMFuncOp>(kernel).getFunctionType().getParams());
  if (mlir::failed(lowerToLLVM(*imported)))
    return fail("lowering the raised module to the LLVM dialect failed");
  raised.module = mlir::translateModuleToLLVMIR(*imported, *raised.context);
  if (!raised.module)
    return fail("translating the lowered module to LLVM IR failed");
  // The export spells the layout from its DLTI form; the JIT wants the
  // original spelling of the same layout.
  raised.module->setDataLayout(layout);
  return raised;
}

//===----------------------------------------------------------------------===//
// Running and comparing
//===----------------------------------------------------------------------===//

/// One execution: its own copy of every buffer, and the result bits.
struct Execution {
  SmallVector<Buffer> buffers; ///< indexed like the parameters
  uint64_t result = 0;
};

/// Slots of the original call: a pointer per buffer, a value per scalar.
static SmallVector<uint64_t> buildOriginalSlots(ArrayRef<void *> data,
                                                ArrayRef<ArgSpec> specs) {
  SmallVector<uint64_t> slots;
  for (auto [index, spec] : llvm::enumerate(specs))
    slots.push_back(spec.isBuffer ? reinterpret_cast<uintptr_t>(data[index])
                                  : spec.scalarBits);
  return slots;
}

/// Slots of the raised call: a `memref<?xT>` parameter is the expanded
/// descriptor (allocated, aligned, offset 0, size N, stride 1).
static SmallVector<uint64_t> buildRaisedSlots(ArrayRef<void *> data,
                                              ArrayRef<ArgSpec> specs,
                                              ArrayRef<mlir::Type> paramTypes) {
  SmallVector<uint64_t> slots;
  for (auto [index, spec] : llvm::enumerate(specs)) {
    if (!spec.isBuffer) {
      slots.push_back(spec.scalarBits);
      continue;
    }
    auto pointer = reinterpret_cast<uintptr_t>(data[index]);
    auto memref = dyn_cast<mlir::MemRefType>(paramTypes[index]);
    if (!memref) {
      slots.push_back(pointer);
      continue;
    }
    uint64_t bytes = spec.count * getElementSize(spec.kind);
    uint64_t element = memref.getElementTypeBitWidth() / 8;
    slots.append({pointer, pointer, 0, bytes / element, 1});
  }
  return slots;
}

/// Compares the buffers and results of two executions; prints the first
/// mismatches and returns how many elements differ.
/// `label` names the second execution ("raised", "emu") and `prefix` starts
/// every mismatch line.
static uint64_t compare(const Execution &original, const Execution &raised,
                        ArrayRef<ArgSpec> specs, Type *resultType,
                        StringRef label, StringRef prefix) {
  uint64_t mismatches = 0;
  for (auto [index, spec] : llvm::enumerate(specs)) {
    if (!spec.isBuffer)
      continue;
    const Buffer &expected = original.buffers[index];
    const Buffer &actual = raised.buffers[index];
    for (auto [name, run] : {std::make_pair(StringRef("original"), &expected),
                             std::make_pair(label, &actual)})
      if (!run->hasIntactRedZones()) {
        ++mismatches;
        outs() << prefix << "MISMATCH param " << index << ": the " << name
               << " kernel wrote outside the buffer\n";
      }
    unsigned size = getElementSize(spec.kind);
    unsigned printed = 0;
    for (uint64_t i = 0; i < spec.count; ++i) {
      const auto *a = static_cast<const uint8_t *>(expected.data()) + i * size;
      const auto *b = static_cast<const uint8_t *>(actual.data()) + i * size;
      if (std::memcmp(a, b, size) == 0)
        continue;
      ++mismatches;
      if (printed++ >= maxMismatches)
        continue;
      outs() << prefix << "MISMATCH param " << index << " [" << i
             << "]: original ";
      printElement(outs(), expected, i);
      outs() << ", " << label << " ";
      printElement(outs(), actual, i);
      outs() << "\n";
    }
  }
  if (resultType->isVoidTy())
    return mismatches;
  std::optional<ElementKind> kind = getScalarKind(resultType);
  ElementKind shown = kind ? *kind : ElementKind::I64;
  unsigned bits = resultType->isIntegerTy(1) ? 1 : getElementSize(shown) * 8;
  uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
  if ((original.result & mask) != (raised.result & mask)) {
    ++mismatches;
    outs() << prefix << "MISMATCH result: original ";
    printValue(outs(), shown, original.result);
    outs() << ", " << label << " ";
    printValue(outs(), shown, raised.result);
    outs() << "\n";
  }
  return mismatches;
}

/// Returns the CPU time this thread has used, in seconds. Benchmarks count
/// it rather than wall time: on a shared machine, time spent descheduled is
/// not the emulator's.
static double getThreadSeconds() {
  timespec now;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return now.tv_sec + now.tv_nsec * 1e-9;
}

/// Calls `body` until it has used `seconds` of CPU time (at least once);
/// returns the number of calls and the CPU seconds they took.
static std::pair<uint64_t, double> repeatFor(double seconds,
                                             function_ref<Error()> body) {
  double start = getThreadSeconds();
  uint64_t calls = 0;
  double elapsed = 0;
  do {
    exitOnError(body());
    ++calls;
    elapsed = getThreadSeconds() - start;
  } while (elapsed < seconds);
  return {calls, elapsed};
}

/// --bench-seconds: times the original kernel natively and its dataflow
/// program on the emulator side by side, each on its own copy of the
/// inputs, and prints firings per second and the emulator's slowdown.
static int runBenchmark(std::unique_ptr<Module> original,
                        std::unique_ptr<LLVMContext> context,
                        ArrayRef<ArgSpec> specs, DataflowKernel &dataflow) {
  Execution runs[2];
  for (Execution &run : runs)
    for (auto [index, spec] : llvm::enumerate(specs))
      run.buffers.push_back(spec.isBuffer ? makeBuffer(spec, seed, index)
                                          : Buffer{spec.kind, 0, {}});
  auto dataOf = [](Execution &run) {
    SmallVector<void *> data;
    for (Buffer &buffer : run.buffers)
      data.push_back(buffer.storage.empty() ? nullptr : buffer.data());
    return data;
  };
  SmallVector<void *> nativeData = dataOf(runs[0]), emuData = dataOf(runs[1]);
  SmallVector<uint64_t> slots = buildOriginalSlots(nativeData, specs);
  std::unique_ptr<JitFunction> native = exitOnError(JitFunction::create(
      std::move(original), std::move(context), kernelName, slots.size()));
  auto [nativeCalls, nativeSeconds] = repeatFor(benchSeconds, [&] {
    native->call(slots);
    return Error::success();
  });
  auto [emuCalls, emuSeconds] = repeatFor(benchSeconds, [&] {
    return runOnEmulator(dataflow, emuData, specs).takeError();
  });
  double nativePerCall = nativeSeconds / nativeCalls;
  double emuPerCall = emuSeconds / emuCalls;
  double firings = double(dataflow.firings) / emuCalls;
  outs() << formatv("BENCH {0} firings={1} emu_s={2:e} native_s={3:e} "
                    "firings_per_s={4:e} slowdown={5:e}\n",
                    kernelName, uint64_t(firings), emuPerCall, nativePerCall,
                    firings / emuPerCall, emuPerCall / nativePerCall);
  return 0;
}

/// Runs the dataflow program on the emulator in a child process on fresh
/// copies of the inputs and compares it with the `original` execution.
/// Prints EMU-MATCH, EMU-FAIL with the mismatches, or EMU-UNSUPPORTED with
/// the reason the kernel cannot run there; returns whether it matched.
static bool checkOnEmulator(const Execution &original, ArrayRef<ArgSpec> specs,
                            Type *resultType,
                            Expected<DataflowKernel> dataflow) {
  if (!dataflow) {
    outs() << "EMU-UNSUPPORTED " << kernelName << ": "
           << toString(dataflow.takeError()) << "\n";
    return false;
  }
  Execution run;
  for (auto [index, spec] : llvm::enumerate(specs))
    run.buffers.push_back(spec.isBuffer ? makeBuffer(spec, seed, index)
                                        : Buffer{spec.kind, 0, {}});
  std::unique_ptr<SharedArena> arena =
      exitOnError(SharedArena::create(run.buffers));
  Expected<uint64_t> result =
      runIsolated(*arena, run.buffers, timeout, [&](ArrayRef<void *> data) {
        return runOnEmulator(*dataflow, data, specs);
      });
  if (!result) {
    outs() << "EMU-MISMATCH the emulated kernel failed where the original "
              "ran: "
           << toString(result.takeError()) << "\n"
           << "EMU-FAIL " << kernelName << "\n";
    return false;
  }
  run.result = *result;
  uint64_t mismatches =
      compare(original, run, specs, resultType, "emu", "EMU-");
  if (mismatches == 0) {
    outs() << "EMU-MATCH " << kernelName << "\n";
    return true;
  }
  outs() << "EMU-FAIL " << kernelName << ": " << mismatches
         << " mismatching values\n";
  return false;
}

/// Runs the original and the raised kernel (and with --emu the dataflow
/// program) on identical inputs, each in a child process so a crash or a
/// hang is reported, and prints the verdicts. Returns the exit code. The
/// modules are taken by reference: only the children consume them, and the
/// caller destroys each module before its context.
static int runAndCompare(std::unique_ptr<Module> &original,
                         std::unique_ptr<LLVMContext> &originalContext,
                         RaisedKernel &raised, ArrayRef<ArgSpec> specs,
                         Type *resultType,
                         std::optional<Expected<DataflowKernel>> dataflow) {
  Execution runs[2];
  for (Execution &run : runs)
    for (auto [index, spec] : llvm::enumerate(specs))
      run.buffers.push_back(spec.isBuffer ? makeBuffer(spec, seed, index)
                                          : Buffer{spec.kind, 0, {}});
  std::unique_ptr<SharedArena> arenas[2] = {
      exitOnError(SharedArena::create(runs[0].buffers)),
      exitOnError(SharedArena::create(runs[1].buffers))};
  Expected<uint64_t> originalResult = runIsolated(
      *arenas[0], runs[0].buffers, timeout, [&](ArrayRef<void *> data) {
        SmallVector<uint64_t> slots = buildOriginalSlots(data, specs);
        return runInJit(std::move(original), std::move(originalContext),
                        kernelName, slots);
      });
  if (!originalResult) {
    WithColor::error(errs(), "loom-raise-check")
        << "the original kernel failed, check --args: "
        << toString(originalResult.takeError()) << "\n";
    return 2;
  }
  runs[0].result = *originalResult;
  Expected<uint64_t> raisedResult = runIsolated(
      *arenas[1], runs[1].buffers, timeout, [&](ArrayRef<void *> data) {
        SmallVector<uint64_t> slots =
            buildRaisedSlots(data, specs, raised.paramTypes);
        return runInJit(std::move(raised.module), std::move(raised.context),
                        kernelName, slots);
      });
  bool raisedMatches = false;
  if (!raisedResult) {
    outs() << "MISMATCH the raised kernel failed where the original ran: "
           << toString(raisedResult.takeError()) << "\n"
           << "FAIL " << kernelName << "\n";
  } else {
    runs[1].result = *raisedResult;
    uint64_t mismatches =
        compare(runs[0], runs[1], specs, resultType, "raised", "");
    raisedMatches = mismatches == 0;
    if (raisedMatches)
      outs() << "MATCH " << kernelName << "\n";
    else
      outs() << "FAIL " << kernelName << ": " << mismatches
             << " mismatching values\n";
  }
  // The emulator's run is compared with the original even when the raised
  // kernel failed: the two checks tell different pipeline stages apart.
  bool emuMatches = !dataflow || checkOnEmulator(runs[0], specs, resultType,
                                                 std::move(*dataflow));
  return raisedMatches && emuMatches ? 0 : 1;
}

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  cl::ParseCommandLineOptions(argc, argv,
                              "Loom raising check: runs a kernel before and "
                              "after raising and compares the results\n");
  exitOnError.setBanner("loom-raise-check: ");
  InitializeNativeTarget();
  InitializeNativeTargetAsmPrinter();
  SmallVector<ArgSpec> specs = exitOnError(parseArgSpecs(argsText));

  // The original kernel, exactly as written to the .ll.
  auto originalContext = std::make_unique<LLVMContext>();
  SMDiagnostic diagnostic;
  std::unique_ptr<Module> original =
      parseIRFile(inputFile, diagnostic, *originalContext);
  if (!original) {
    diagnostic.print("loom-raise-check", errs());
    return 2;
  }
  Function *function = original->getFunction(kernelName);
  if (!function || function->isDeclaration()) {
    WithColor::error(errs(), "loom-raise-check")
        << "'" << inputFile << "' defines no function '" << kernelName << "'\n";
    return 2;
  }
  exitOnError(checkSpecs(*function, specs));
  Type *resultType = function->getReturnType();

  mlir::DialectRegistry registry;
  mlir::registerAllFromLLVMIRTranslations(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  loom::registerAllDialects(registry);
  // No thread pool: the kernels run in forked children, which must not
  // inherit locks held by other threads.
  mlir::MLIRContext mlirContext(registry,
                                mlir::MLIRContext::Threading::DISABLED);
  // The raising explains what it leaves unraised in remarks; show them with
  // the report. Other diagnostics go to the default handler.
  mlir::ScopedDiagnosticHandler remarks(
      &mlirContext, [](mlir::Diagnostic &diagnostic) {
        if (diagnostic.getSeverity() != mlir::DiagnosticSeverity::Remark)
          return mlir::failure();
        outs() << "remark: " << diagnostic.str() << "\n";
        return mlir::success();
      });
  RaisedKernel raised = exitOnError(raiseKernel(mlirContext));
  // Compiled before any run, from the unmodified original module.
  std::optional<Expected<DataflowKernel>> dataflow;
  if (emu)
    dataflow.emplace(compileToDataflow(*original, kernelName, mlirContext));

  if (benchSeconds > 0) {
    if (!dataflow)
      dataflow.emplace(compileToDataflow(*original, kernelName, mlirContext));
    DataflowKernel compiled = exitOnError(std::move(*dataflow));
    return runBenchmark(std::move(original), std::move(originalContext), specs,
                        compiled);
  }
  if (raised.paramTypes.size() != specs.size()) {
    WithColor::error(errs(), "loom-raise-check")
        << "the raised kernel has " << raised.paramTypes.size()
        << " parameters, the original " << specs.size() << "\n";
    return 2;
  }

  return runAndCompare(original, originalContext, raised, specs, resultType,
                       std::move(dataflow));
}
