//===- Executors.cpp - the two executions of a generated program ----------===//
//
// Part of the Loom project.
//
// The SCF execution does not share code with the emulator: the region body
// is cloned into a plain func.func, lowered with upstream passes, translated
// to LLVM IR and run by ORC, so both sides agree only if the lowering to
// dataflow and the emulator are right.
//
//===----------------------------------------------------------------------===//

#include "Executors.h"
#include "ExecutorsImpl.h"
#include "Memories.h"

#include "loom/Conversion/SCFToDataflow/Pipeline.h"
#include "loom/Dialect/Dataflow/IR/Dataflow.h"
#include "loom/Dialect/Loom/IR/Loom.h"
#include "loom/Mapper/FabricMapper.h"
#include "loom/Sim/CycleSimulator.h"
#include "loom/Sim/DataflowEmulator.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/TargetSelect.h"

#include <cstring>
#include <ffi.h>

using namespace mlir;

namespace loom::proptest {

std::string printed(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os);
  return text;
}

LogicalResult runPasses(ModuleOp module, std::string &diagnostics,
                        llvm::function_ref<void(PassManager &)> passes) {
  ScopedDiagnosticHandler handler(module.getContext(), [&](Diagnostic &diag) {
    diagnostics += diag.str() + "\n";
    return success();
  });
  PassManager pm(module.getContext());
  passes(pm);
  return pm.run(module);
}

SpatialRegionOp findRegion(ModuleOp module) {
  SpatialRegionOp region;
  module.walk([&](SpatialRegionOp op) { region = op; });
  return region;
}

//===----------------------------------------------------------------------===//
// SCF through LLVM and ORC
//===----------------------------------------------------------------------===//

void initializeJit() {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
}

/// Makes every scalar constant of `func` a load of a stack slot that the
/// entry block fills. Folding a float operation over constants (directly or
/// through integer constants converted to float) is done with APFloat, by
/// the MLIR conversions and by LLVM's IRBuilder, whose NaN sign and payload
/// differ from the host instruction's; LLVM leaves them unspecified. The
/// emulator computes with the host's instructions at run time, so the
/// reference must too.
static void hideConstants(func::FuncOp func) {
  SmallVector<arith::ConstantOp> constants;
  func.walk([&](arith::ConstantOp op) {
    if (op.getType().isIntOrIndexOrFloat())
      constants.push_back(op);
  });
  OpBuilder b(func.getContext());
  b.setInsertionPointToStart(&func.getBody().front());
  Location loc = func.getLoc();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  for (arith::ConstantOp op : constants) {
    auto slotType = MemRefType::get({1}, op.getType());
    Value slot = memref::AllocaOp::create(b, loc, slotType);
    memref::StoreOp::create(b, loc, b.clone(*op)->getResult(0), slot, zero);
    // Created after the walk, the slots' own indices stay constants.
    OpBuilder at(op);
    Value zeroHere = arith::ConstantIndexOp::create(at, loc, 0);
    op.replaceAllUsesWith(
        memref::LoadOp::create(at, loc, slot, zeroHere).getResult());
  }
  // Erased last: `b` inserts before what was the entry's first op.
  for (arith::ConstantOp op : constants)
    op.erase();
}

/// Passes every float result of an arith op of `func` through a stack slot.
/// LLVM's instruction selection may move a negation into the operation that
/// feeds it (fneg (fdiv a, b) -> fdiv (fneg a), b) even without
/// optimization, which changes the sign of a NaN the division makes; a
/// value reloaded from memory is opaque to it, so every operation computes
/// exactly what it says, as the emulator does.
static void spillFloatResults(func::FuncOp func) {
  SmallVector<Operation *> producers;
  func.walk([&](Operation *op) {
    if (isa<arith::ArithDialect>(op->getDialect()) &&
        !isa<arith::ConstantOp>(op) && op->getNumResults() == 1 &&
        isa<FloatType>(op->getResult(0).getType()))
      producers.push_back(op);
  });
  OpBuilder entry(func.getContext());
  entry.setInsertionPointToStart(&func.getBody().front());
  Location loc = func.getLoc();
  for (Operation *op : producers) {
    Value result = op->getResult(0);
    Value slot = memref::AllocaOp::create(
        entry, loc, MemRefType::get({1}, result.getType()));
    OpBuilder after(op->getContext());
    after.setInsertionPointAfter(op);
    Value zero = arith::ConstantIndexOp::create(after, loc, 0);
    auto store = memref::StoreOp::create(after, loc, result, slot, zero);
    Value reloaded = memref::LoadOp::create(after, loc, slot, zero);
    result.replaceAllUsesExcept(reloaded, store);
  }
}

/// Sets `flag[0]` to 1 before every access of `func` through one of
/// `pointers` at a negative index: whether the run reached memory before a
/// pointer, which the summary counts (nothing else reads the flag).
static void flagNegativeIndices(func::FuncOp func,
                                const DenseSet<Value> &pointers, Value flag) {
  SmallVector<Operation *> accesses;
  func.walk([&](Operation *op) {
    if (auto load = dyn_cast<memref::LoadOp>(op);
        load && pointers.contains(load.getMemRef()))
      accesses.push_back(op);
    if (auto store = dyn_cast<memref::StoreOp>(op);
        store && pointers.contains(store.getMemRef()))
      accesses.push_back(op);
  });
  for (Operation *op : accesses) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    Value index = isa<memref::LoadOp>(op)
                      ? cast<memref::LoadOp>(op).getIndices()[0]
                      : cast<memref::StoreOp>(op).getIndices()[0];
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value negative =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, index, zero);
    auto check = scf::IfOp::create(b, loc, negative);
    b.setInsertionPointToStart(check.thenBlock());
    Value one = arith::ConstantIntOp::create(b, loc, 1, 8);
    memref::StoreOp::create(b, loc, one, flag, ValueRange{zero});
  }
}

/// Replaces the thread of `module` by `func.func @prop_main` taking one
/// memref<1xT> per value input, the memory arguments, one memref<1xT> per
/// result and the negative-index flag (memref<1xi8>), all passed as bare
/// pointers. A pointer argument (memref<?xT>) is taken as a memref of its
/// buffer's extent, which the bare-pointer convention can pass, and cast
/// to the region's type: the pointer points at its origin, so a negative
/// index reaches the elements before it, as in C.
static void outlineRegion(ModuleOp module, const Program &program) {
  SpatialRegionOp region = findRegion(module);
  mlir::Block &body = region.getBody().front();
  OpBuilder b(module.getContext());
  Location loc = region.getLoc();
  unsigned numValues = region.getValueInputs().size();
  SmallVector<Type> params;
  for (BlockArgument arg : body.getArguments()) {
    unsigned n = arg.getArgNumber();
    auto memref = dyn_cast<MemRefType>(arg.getType());
    if (n < numValues)
      params.push_back(MemRefType::get({1}, arg.getType()));
    else if (memref && !memref.hasStaticShape())
      params.push_back(MemRefType::get(
          {program.buffers[program.memoryBuffers[n - numValues]].extent},
          memref.getElementType()));
    else
      params.push_back(arg.getType());
  }
  auto yield = cast<SpatialYieldOp>(body.getTerminator());
  for (Type type : yield->getOperandTypes())
    params.push_back(MemRefType::get({1}, type));
  params.push_back(MemRefType::get({1}, b.getI8Type()));
  b.setInsertionPointToEnd(module.getBody());
  auto func =
      func::FuncOp::create(b, loc, "prop_main", b.getFunctionType(params, {}));
  mlir::Block *entry = func.addEntryBlock();
  b.setInsertionPointToStart(entry);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  IRMapping map;
  DenseSet<Value> pointers;
  for (BlockArgument arg : body.getArguments()) {
    Value param = entry->getArgument(arg.getArgNumber());
    if (arg.getArgNumber() < numValues)
      param = memref::LoadOp::create(b, loc, param, zero);
    else if (param.getType() != arg.getType())
      pointers.insert(param =
                          memref::CastOp::create(b, loc, arg.getType(), param));
    map.map(arg, param);
  }
  for (Operation &op : body.without_terminator())
    b.clone(op, map);
  for (auto [i, result] : llvm::enumerate(yield->getOperands()))
    memref::StoreOp::create(b, loc, map.lookupOrDefault(result),
                            entry->getArgument(body.getNumArguments() + i),
                            zero);
  func::ReturnOp::create(b, loc);
  region->getParentOfType<dataflow::ThreadOp>().erase();
  flagNegativeIndices(func, pointers, entry->getArguments().back());
  hideConstants(func);
  spillFloatResults(func);
}

static void addLowerToLLVM(PassManager &pm) {
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  ConvertFuncToLLVMPassOptions options;
  options.useBarePtrCallConv = true;
  pm.addPass(createConvertFuncToLLVMPass(options));
  pm.addPass(createReconcileUnrealizedCastsPass());
}

/// JIT-compiles `module` and calls @prop_main with `args` `calls` times;
/// `before(i)` updates what the arguments point to before call i and
/// `after(i)` reads the results after it.
static llvm::Error callInJit(std::unique_ptr<llvm::Module> module,
                             std::unique_ptr<llvm::LLVMContext> context,
                             SmallVectorImpl<void *> &args, unsigned calls,
                             function_ref<void(unsigned)> before,
                             function_ref<void(unsigned)> after) {
  // Without optimization the backend selects each operation as written:
  // its combines may legally change the sign and payload of a NaN (LLVM
  // does not define them for arithmetic), which the emulator keeps exactly
  // as the host's instructions produce them.
  auto machine = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!machine)
    return machine.takeError();
  machine->setCodeGenOptLevel(llvm::CodeGenOptLevel::None);
  auto jit = llvm::orc::LLJITBuilder()
                 .setJITTargetMachineBuilder(std::move(*machine))
                 .create();
  if (!jit)
    return jit.takeError();
  module->setDataLayout((*jit)->getDataLayout());
  if (llvm::Error error = (*jit)->addIRModule(
          llvm::orc::ThreadSafeModule(std::move(module), std::move(context))))
    return error;
  auto address = (*jit)->lookup("prop_main");
  if (!address)
    return address.takeError();
  SmallVector<ffi_type *> types(args.size(), &ffi_type_pointer);
  ffi_cif cif;
  if (ffi_prep_cif(&cif, FFI_DEFAULT_ABI, types.size(), &ffi_type_void,
                   types.data()) != FFI_OK)
    return llvm::createStringError("libffi cannot describe the call");
  SmallVector<void *> slots;
  for (void *&arg : args)
    slots.push_back(&arg);
  for (unsigned call = 0; call < calls; ++call) {
    before(call);
    ffi_call(&cif, FFI_FN(address->toPtr<void (*)()>()), nullptr, slots.data());
    after(call);
  }
  return llvm::Error::success();
}

Outcome runScf(ModuleOp kernel, const Program &program) {
  Outcome outcome;
  OwningOpRef<ModuleOp> copy(cast<ModuleOp>(kernel->clone()));
  outlineRegion(*copy, program);
  std::string diagnostics;
  if (failed(runPasses(*copy, diagnostics, addLowerToLLVM))) {
    outcome.error = "lowering to LLVM failed:\n" + diagnostics;
    return outcome;
  }
  auto context = std::make_unique<llvm::LLVMContext>();
  std::unique_ptr<llvm::Module> module =
      translateModuleToLLVMIR(*copy, *context);
  if (!module) {
    outcome.error = "translating to LLVM IR failed";
    return outcome;
  }
  // Each buffer packed in its element width, row-major, as the memref's bare
  // pointer addresses it (operator new aligns the storage for any element).
  // Aliasing arguments get the same pointer, a pointer argument the address
  // of its origin.
  std::vector<std::vector<uint8_t>> bytes;
  for (const Buffer &buffer : program.buffers) {
    unsigned size = getByteWidth(buffer.element);
    std::vector<uint8_t> data(buffer.extent * size);
    for (int64_t i = 0; i < buffer.extent; ++i)
      std::memcpy(&data[i * size], &buffer.init[i], size);
    bytes.push_back(std::move(data));
  }
  std::vector<uint64_t> values(program.valueInputs);
  std::vector<uint64_t> results(program.results.size(), 0);
  uint8_t negativeIndex = 0;
  SmallVector<void *> args;
  for (uint64_t &value : values)
    args.push_back(&value);
  for (auto [arg, buffer] : llvm::enumerate(program.memoryBuffers))
    args.push_back(bytes[buffer].data() +
                   program.getOrigin(arg) *
                       getByteWidth(program.buffers[buffer].element));
  for (uint64_t &result : results)
    args.push_back(&result);
  args.push_back(&negativeIndex);
  // A dense batch program: its instances one after the other on the same
  // buffers (they are independent), each with its coordinate and results.
  auto setCoordinate = [&](unsigned instance) {
    if (program.instances)
      values[program.coordinate] = instance;
  };
  auto readResults = [&](unsigned) {
    for (auto [expr, result] : llvm::zip(program.results, results))
      outcome.results.push_back(
          getBitWidth(expr.type) == 64
              ? result
              : result & ((1ull << getBitWidth(expr.type)) - 1));
  };
  if (llvm::Error error = callInJit(std::move(module), std::move(context), args,
                                    std::max(1u, program.instances),
                                    setCoordinate, readResults)) {
    outcome.error = "JIT: " + llvm::toString(std::move(error));
    outcome.results.clear();
    return outcome;
  }
  for (auto [buffer, data] : llvm::zip(program.buffers, bytes)) {
    unsigned size = getByteWidth(buffer.element);
    std::vector<uint64_t> elements(buffer.extent, 0);
    for (int64_t i = 0; i < buffer.extent; ++i)
      std::memcpy(&elements[i], &data[i * size], size);
    outcome.buffers.push_back(std::move(elements));
  }
  outcome.negativeIndex = negativeIndex != 0;
  return outcome;
}

//===----------------------------------------------------------------------===//
// Dataflow on the emulator
//===----------------------------------------------------------------------===//

/// Lowers, validates and checks the shape every lowered kernel must have.
static FailureOr<std::pair<dataflow::GraphOp, dataflow::GraphLaunchOp>>
lowerKernel(ModuleOp module, std::string &error) {
  std::string diagnostics;
  // The kernel compiler's dataflow stage (loom-dataflow-pipeline), so that
  // the graph's entry constants are launch value inputs here too.
  if (failed(runPasses(module, diagnostics, [](PassManager &pm) {
        conversion::buildDataflowPipeline(pm);
      }))) {
    error = "loom-dataflow-pipeline (loom-lower-scf-to-dfg, "
            "loom-hoist-entry-constants, loom-validate-dataflow) failed:\n" +
            diagnostics;
    return failure();
  }
  SmallVector<dataflow::GraphOp> graphs(module.getOps<dataflow::GraphOp>());
  SmallVector<dataflow::GraphLaunchOp> launches;
  module.walk([&](dataflow::GraphLaunchOp op) { launches.push_back(op); });
  if (graphs.size() != 1 || launches.size() != 1) {
    error = "expected one graph and one launch";
    return failure();
  }
  Operation *residual = nullptr;
  graphs[0].walk([&](Operation *op) {
    if (!residual && isa<scf::SCFDialect>(op->getDialect()))
      residual = op;
  });
  if (residual) {
    error =
        "'" + residual->getName().getStringRef().str() + "' left in the graph";
    return failure();
  }
  return std::make_pair(graphs[0], launches[0]);
}

/// The bits a launch value input `v` carries: a thread value argument's
/// program input, or the value of an `arith.constant` the thread computes
/// before the launch (an entry constant loom-hoist-entry-constants moved
/// out of the graph); nothing for any other operand. The coordinate of a
/// dense batch program is `instance`.
static std::optional<uint64_t>
getLaunchValueBits(Value v, const Program &program, unsigned instance = 0) {
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    if (arg.getArgNumber() >= program.valueTypes.size())
      return std::nullopt;
    if (program.instances && arg.getArgNumber() == program.coordinate)
      return instance;
    return program.valueInputs[arg.getArgNumber()];
  }
  auto constant = v.getDefiningOp<arith::ConstantOp>();
  if (!constant)
    return std::nullopt;
  if (auto integer = dyn_cast<IntegerAttr>(constant.getValue()))
    return integer.getValue().getZExtValue();
  if (auto real = dyn_cast<FloatAttr>(constant.getValue()))
    return real.getValue().bitcastToAPInt().getZExtValue();
  return std::nullopt;
}

/// The loom-emu options binding the inputs of `program` as `launch` does.
static std::string describeEmuArguments(dataflow::GraphLaunchOp launch,
                                        const Program &program,
                                        uint64_t schedule) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (schedule != 0)
    os << " --schedule-seed=" << schedule;
  unsigned numValues = program.valueTypes.size();
  auto argNumber = [](Value v) {
    auto arg = dyn_cast<BlockArgument>(v);
    return arg ? arg.getArgNumber() : 0u;
  };
  if (!launch.getValueInputs().empty()) {
    os << " --values=";
    llvm::ListSeparator comma(",");
    for (Value v : launch.getValueInputs())
      os << comma << "0x"
         << llvm::utohexstr(getLaunchValueBits(v, program).value_or(0));
  }
  // The position in the launch where each buffer was first bound.
  llvm::DenseMap<unsigned, unsigned> boundAt;
  for (auto [position, v] : llvm::enumerate(launch.getMemoryInputs())) {
    // A hoisted local starts zeroed, as the emulator's own buffer does.
    if (auto alloca = v.getDefiningOp<memref::AllocaOp>()) {
      MemRefType type = alloca.getType();
      os << " --memory='" << type.getElementType() << "["
         << llvm::join(
                llvm::map_range(type.getShape(),
                                [](int64_t e) { return std::to_string(e); }),
                "x")
         << "]'";
      continue;
    }
    unsigned buffer = program.memoryBuffers[argNumber(v) - numValues];
    auto [it, first] = boundAt.try_emplace(buffer, position);
    if (!first) {
      os << " --memory=@" << it->second;
      continue;
    }
    printEmuMemory(os, program.buffers[buffer]);
  }
  return text;
}

void printEmuMemory(raw_ostream &os, const Buffer &buffer) {
  os << " --memory='" << getName(buffer.element) << "["
     << llvm::join(llvm::map_range(buffer.shape,
                                   [](int64_t e) { return std::to_string(e); }),
                   "x")
     << "]=";
  llvm::ListSeparator comma(",");
  for (uint64_t bits : buffer.init)
    os << comma << "0x" << llvm::utohexstr(bits);
  os << "'";
}

/// Runs every instance of `graph` (one unless `program` is a dense batch
/// program), the value inputs of instance i being `instanceValues[i]`: on
/// the emulator under `schedule` one instance after the other, as the
/// program interpreter runs a dense launch without a batch runner; with
/// `mapping` on the cycle simulator, where a batch program's instances run
/// as one pipelined batch (CycleSimulator::runGraphBatch, as
/// makeCycleSimBatchRunner runs a dense thread) when the graph passes
/// getInstanceOverlapProblem, else one at a time (`outcome.unbatched` says
/// why). Every run is drained after completion. The value outputs are
/// instance-major. `breakBatches` plants a fault in the batch: every
/// instance gets instance 0's inputs (--inject-fault=batch-first-inputs).
static llvm::Expected<SmallVector<sim::TokenValue>>
runInstances(dataflow::GraphOp graph,
             ArrayRef<SmallVector<sim::TokenValue>> instanceValues,
             ArrayRef<sim::MemoryBuffer *> memories, uint64_t schedule,
             const fabric::Fabric *fabric, const fabric::Mapping *mapping,
             bool batchProgram, bool breakBatches, Outcome &outcome) {
  sim::CycleSimOptions simOptions;
  simOptions.drainAfterCompletion = true;
  simOptions.cycleBudget = 10'000'000;
  if (mapping && batchProgram) {
    std::string problem = sim::CycleSimulator::getInstanceOverlapProblem(graph);
    if (problem.empty()) {
      SmallVector<SmallVector<sim::TokenValue>> inputs(instanceValues);
      if (breakBatches)
        for (SmallVector<sim::TokenValue> &values : inputs)
          values = inputs.front();
      auto result = sim::CycleSimulator::runGraphBatch(
          graph, *fabric, *mapping, inputs, memories, simOptions);
      if (!result)
        return result.takeError();
      outcome.batchInstances = inputs.size();
      graph.walk([&](Operation *op) {
        outcome.batchLoopState |=
            isa<dataflow::StreamOp, dataflow::CarryOp, dataflow::InvariantOp,
                dataflow::GateOp>(op);
      });
      return std::move(result->emulation.valueOutputs);
    }
    outcome.unbatched = problem;
  }
  SmallVector<sim::TokenValue> outputs;
  for (ArrayRef<sim::TokenValue> values : instanceValues) {
    llvm::Expected<sim::EmulationResult> result = [&]() {
      if (!mapping) {
        sim::EmulatorOptions options;
        options.drainAfterCompletion = true;
        options.firingBudget = 2'000'000;
        options.scheduleSeed = schedule;
        return sim::DataflowEmulator::runGraph(graph, values, memories,
                                               options);
      }
      auto simulated = sim::CycleSimulator::runGraph(
          graph, *fabric, *mapping, values, {}, memories, simOptions);
      if (!simulated)
        return llvm::Expected<sim::EmulationResult>(simulated.takeError());
      return llvm::Expected<sim::EmulationResult>(
          std::move(simulated->emulation));
    }();
    if (!result)
      return result.takeError();
    llvm::append_range(outputs, result->valueOutputs);
  }
  return outputs;
}

/// The launch's value inputs of every instance of `program` (one unless it
/// is a dense batch program), or nothing if one is neither a thread value
/// argument nor a constant.
static std::optional<SmallVector<SmallVector<sim::TokenValue>>>
getInstanceValues(dataflow::GraphLaunchOp launch, const Program &program) {
  SmallVector<SmallVector<sim::TokenValue>> instanceValues(
      std::max(1u, program.instances));
  for (auto [instance, values] : llvm::enumerate(instanceValues)) {
    for (Value v : launch.getValueInputs()) {
      std::optional<uint64_t> bits = getLaunchValueBits(v, program, instance);
      if (!bits)
        return std::nullopt;
      values.push_back(makeToken(v.getType(), *bits));
    }
  }
  return instanceValues;
}

/// Runs the lowered `graph` once (every instance of a batch program), on
/// fresh buffers, under `schedule` on the emulator, or mapped by `mapping`
/// on the cycle simulator.
static Outcome execute(dataflow::GraphOp graph, dataflow::GraphLaunchOp launch,
                       const Program &program, uint64_t schedule,
                       const fabric::Fabric *fabric = nullptr,
                       const fabric::Mapping *mapping = nullptr,
                       bool breakBatches = false) {
  Outcome outcome;
  unsigned numValues = program.valueTypes.size();
  // Aliasing arguments share one buffer, or view one host memory.
  ProgramMemory buffers(*graph.getContext(), program);
  // The launch passes thread arguments: values first, then memories.
  auto argNumber = [](Value v) -> int {
    auto arg = dyn_cast<BlockArgument>(v);
    return arg ? int(arg.getArgNumber()) : -1;
  };
  unsigned instances = std::max(1u, program.instances);
  auto instanceValues = getInstanceValues(launch, program);
  if (!instanceValues) {
    outcome.error = "a launch value input is neither a thread value "
                    "argument nor a constant";
    return outcome;
  }
  SmallVector<sim::MemoryBuffer *> memories;
  // Locals the lowering hoisted into the thread: fresh zeroed storage per
  // run, never compared (the program writes them before reading them).
  SmallVector<std::unique_ptr<sim::MemoryBuffer>> locals;
  for (Value v : launch.getMemoryInputs()) {
    if (auto alloca = v.getDefiningOp<memref::AllocaOp>()) {
      MemRefType type = alloca.getType();
      locals.push_back(std::make_unique<sim::MemoryBuffer>(
          type.getElementType(), type.getShape()));
      memories.push_back(locals.back().get());
      continue;
    }
    int n = argNumber(v) - int(numValues);
    if (n < 0 || unsigned(n) >= program.memoryBuffers.size()) {
      outcome.error = "a launch memory input is not a thread memory argument";
      return outcome;
    }
    memories.push_back(buffers.getArgument(n).get());
  }
  outcome.emuArguments = describeEmuArguments(launch, program, schedule);
  outcome.simulated = mapping != nullptr;
  auto result =
      runInstances(graph, *instanceValues, memories, schedule, fabric, mapping,
                   program.instances != 0, breakBatches, outcome);
  if (!result) {
    outcome.error = (mapping ? "cycle simulator: " : "emulator: ") +
                    llvm::toString(result.takeError());
    return outcome;
  }
  if (result->size() != instances * program.results.size()) {
    outcome.error = "the graph returns " + std::to_string(result->size()) +
                    " values for " + std::to_string(program.results.size()) +
                    " region results of " + std::to_string(instances) +
                    " instances";
    return outcome;
  }
  for (auto [i, token] : llvm::enumerate(*result))
    outcome.results.push_back(
        readToken(token, outcome.error, "result #" + llvm::Twine(i))
            .value_or(0));
  outcome.buffers = buffers.read(outcome.error);
  return outcome;
}

std::vector<Outcome> runDataflow(ModuleOp kernel, const Program &program,
                                 const DataflowRunOptions &options,
                                 std::string &lowered) {
  if (program.asKernel)
    return runKernelDataflow(kernel, program, options, lowered);
  OwningOpRef<ModuleOp> copy(cast<ModuleOp>(kernel->clone()));
  Outcome failed;
  auto pair = lowerKernel(*copy, failed.error);
  lowered = printed(*copy);
  if (mlir::failed(pair))
    return {failed};
  std::vector<Outcome> outcomes;
  for (uint64_t schedule : options.schedules)
    outcomes.push_back(execute(pair->first, pair->second, program, schedule));
  if (!options.simFabric)
    return outcomes;
  mapper::MapperOptions mapperOptions;
  mapperOptions.timeBudgetSeconds = options.mapperSeconds;
  llvm::Expected<fabric::Mapping> mapping =
      mapper::mapGraph(pair->first, *options.simFabric, mapperOptions);
  if (!mapping) {
    Outcome unmapped;
    unmapped.simulated = true;
    unmapped.unmapped = llvm::toString(mapping.takeError());
    outcomes.push_back(std::move(unmapped));
    return outcomes;
  }
  outcomes.push_back(execute(pair->first, pair->second, program, 0,
                             options.simFabric, &*mapping,
                             options.breakBatches));
  return outcomes;
}

} // namespace loom::proptest
