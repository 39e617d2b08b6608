//===- EmuRun.cpp - loom-raise-check on the dataflow emulator -------------===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "EmuRun.h"

#include "loom/KernelCompiler/KernelCompiler.h"
#include "loom/Sim/ComputeSemantics.h"
#include "loom/Sim/ExtentExpression.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace loom::raisecheck;
using HostBuffer = loom::sim::MemoryBuffer;
using loom::sim::ProgramValue;
using loom::sim::TokenValue;

static Error fail(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), message);
}

/// Returns why a parameter of `type` cannot be bound; empty when it can.
static std::string checkParameter(unsigned index, mlir::Type type) {
  bool bindable;
  if (auto memref = dyn_cast<mlir::MemRefType>(type))
    bindable = memref.getRank() == 1 && memref.getLayout().isIdentity() &&
               HostBuffer::isSupportedHostElementType(memref.getElementType());
  else
    bindable =
        loom::sim::isSupportedTokenType(type) && !isa<mlir::NoneType>(type);
  if (bindable)
    return "";
  std::string text;
  raw_string_ostream(text) << "the emulator cannot bind parameter #" << index
                           << " of type " << type;
  return text;
}

Expected<DataflowKernel>
loom::raisecheck::compileToDataflow(const Module &original, StringRef symbol,
                                    mlir::MLIRContext &context) {
  loom::compiler::KernelStages stages;
  if (Error error =
          loom::compiler::compileKernel(original, symbol, {}, stages)) {
    // The ownership stage's remark on what kept code off the dataflow
    // fabric is the precise reason behind "no spatial region was formed".
    std::string blocker;
    for (const loom::compiler::KernelRemark &remark : stages.remarks)
      if (remark.missed) {
        blocker = " (first blocker: " + remark.message + ")";
        break;
      }
    return fail("not lowered: " + toString(std::move(error)) + blocker);
  }
  DataflowKernel compiled;
  for (const loom::compiler::ParamExtent &param : stages.paramExtents)
    compiled.extents.push_back(param.extent);
  for (const loom::compiler::ImplicitInput &input : stages.implicitInputs)
    if (input.kind != loom::compiler::ImplicitInput::Kind::PointerAddress)
      return fail("the dataflow program reads '" + input.name +
                  "' (a global or an object's field), which only the "
                  "loom-clang++ launch stub binds");
  compiled.implicitInputs = stages.implicitInputs;
  // Parsed from its text, as the runtime parses the embedded artifact.
  // Named like the --loom-save-temps file, so emulator errors locate the
  // failing actor in it.
  compiled.module = mlir::parseSourceString<mlir::ModuleOp>(
      stages.dataflow, mlir::ParserConfig(&context),
      (symbol + ".dfg.mlir").str());
  if (!compiled.module || mlir::failed(mlir::verify(*compiled.module)))
    return fail("the printed dataflow program does not parse back");
  compiled.kernel = compiled.module->lookupSymbol<mlir::func::FuncOp>(symbol);
  if (!compiled.kernel || compiled.kernel.isExternal())
    return fail("the dataflow program has no func.func @" + symbol);
  for (auto [index, type] :
       llvm::enumerate(compiled.kernel.getArgumentTypes())) {
    std::string problem = checkParameter(index, type);
    if (!problem.empty())
      return fail(problem);
  }
  std::string problem =
      loom::sim::ProgramInterpreter::checkFunction(compiled.kernel);
  if (!problem.empty())
    return fail(problem);
  return compiled;
}

/// Returns the token of a scalar argument of `type` from its bits.
static TokenValue getScalarToken(mlir::Type type, uint64_t bits) {
  unsigned width = loom::sim::getTokenBitWidth(type);
  APInt value(width, width >= 64 ? bits : bits & ((1ull << width) - 1));
  if (const fltSemantics *semantics =
          loom::sim::getSupportedFloatSemantics(type))
    return TokenValue::getFloatBits(*semantics, value);
  return TokenValue::getInteger(value);
}

/// The element count to bind parameter `index` with: the buffer's, or the
/// derived extent when the kernel's bounds expression gives a smaller one.
static Expected<int64_t> getBoundCount(DataflowKernel &kernel, unsigned index,
                                       int64_t count, ArrayRef<ArgSpec> specs) {
  if (index >= kernel.extents.size() || kernel.extents[index].empty())
    return count;
  mlir::func::FuncOp func = kernel.kernel;
  auto getScalar = [&](unsigned i) -> std::optional<int64_t> {
    if (i >= specs.size() || specs[i].isBuffer)
      return std::nullopt;
    mlir::Type type = func.getArgumentTypes()[i];
    if (!type.isSignlessInteger() || type.getIntOrFloatBitWidth() > 64)
      return std::nullopt;
    return SignExtend64(specs[i].scalarBits, type.getIntOrFloatBitWidth());
  };
  Expected<loom::sim::IndexRange> range =
      loom::sim::evaluateIndexRange(kernel.extents[index], getScalar);
  if (!range)
    return fail("the bounds expression '" + kernel.extents[index] +
                "' of parameter #" + Twine(index) +
                " is malformed: " + toString(range.takeError()));
  if (range->kind == loom::sim::IndexRange::Kind::NoAccess)
    return 0;
  if (range->kind == loom::sim::IndexRange::Kind::Bounded && range->lowest >= 0)
    return std::min(count, range->highest + 1);
  return count;
}

Expected<uint64_t> loom::raisecheck::runOnEmulator(DataflowKernel &kernel,
                                                   ArrayRef<void *> data,
                                                   ArrayRef<ArgSpec> specs) {
  mlir::func::FuncOp func = kernel.kernel;
  if (func.getNumArguments() != specs.size() + kernel.implicitInputs.size())
    return fail("the dataflow program takes " + Twine(func.getNumArguments()) +
                " parameters, --args gives " + Twine(specs.size()));
  SmallVector<ProgramValue> arguments(func.getNumArguments());
  // compileToDataflow admitted only the addresses of buffers, as the
  // launch stub computes them.
  for (auto [i, input] : llvm::enumerate(kernel.implicitInputs)) {
    if (input.base >= specs.size() || !specs[input.base].isBuffer)
      return fail("implicit input '" + input.name +
                  "' is the address of a parameter that is not a buffer");
    arguments[specs.size() + i].token = TokenValue::getInteger(
        64, reinterpret_cast<uintptr_t>(data[input.base]));
  }
  for (auto [index, spec] : llvm::enumerate(specs)) {
    mlir::Type type = func.getArgumentTypes()[index];
    // A pointer the raising kept is a host address: the program's
    // InstructionCore code reads and writes the buffer through it without
    // bounds checks, as the native kernel does.
    if (spec.isBuffer && isa<mlir::LLVM::LLVMPointerType>(type)) {
      arguments[index].token =
          TokenValue::getInteger(64, reinterpret_cast<uintptr_t>(data[index]));
      continue;
    }
    auto memref = dyn_cast<mlir::MemRefType>(type);
    if (spec.isBuffer != bool(memref))
      return fail("parameter #" + Twine(index) + " of the dataflow program " +
                  (memref ? "is" : "is not") + " a memref");
    if (!memref) {
      arguments[index].token = getScalarToken(type, spec.scalarBits);
      continue;
    }
    mlir::Type element = memref.getElementType();
    unsigned elementBytes =
        element.isIndex() ? 8
                          : std::max(1u, element.getIntOrFloatBitWidth() / 8);
    Expected<int64_t> count = getBoundCount(
        kernel, index, spec.count * getElementSize(spec.kind) / elementBytes,
        specs);
    if (!count)
      return count.takeError();
    arguments[index].memory =
        std::make_shared<HostBuffer>(element, data[index], *count);
  }
  loom::sim::ProgramInterpreter interpreter(*kernel.module,
                                            loom::sim::InterpreterOptions());
  Expected<SmallVector<ProgramValue>> returned =
      interpreter.run(func, arguments);
  kernel.firings += interpreter.getStats().emulation.firings;
  if (!returned)
    return returned.takeError();
  if (returned->empty())
    return 0;
  const TokenValue &token = returned->front().token;
  if (token.isPoison())
    return fail("the emulated kernel returned poison");
  return token.getBits().getZExtValue();
}
