//===- HostOps.cpp - host memory, pointers and calls of interpreted code --===//
//
// Part of the Loom project.
//
// The InstructionCore code of a kernel keeps what the raising could not turn
// into memrefs: LLVM-dialect memory (llvm.alloca, llvm.getelementptr,
// llvm.load/store through a pointer, string constants for printf) and calls.
// Pointers are host addresses carried as 64-bit tokens, so an access through
// an !llvm.ptr reads or writes the caller's real memory (or an alloca's or a
// constant global's storage owned by the interpreter) and is NOT
// bounds-checked, exactly like the native code it replaces. Memrefs stay
// MemoryBuffers with checked indices; no op of the subset converts between
// the two, so each access keeps the checking its form allows.
//
// A call to a function defined in the module is interpreted; a call to an
// external one (libm, printf, any symbol of the process) goes through
// libffi with the runtime's C type mapping (ForeignCall.h).
//
//===----------------------------------------------------------------------===//

#include "InterpreterFrame.h"

#include "loom/Sim/ForeignCall.h"
#include "loom/Sim/MemoryBuffer.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/DynamicLibrary.h"

#include <cstring>
#include <mutex>

using namespace mlir;
using namespace loom::sim;
using interp::fail;
using interp::opName;
using interp::printType;
using Frame = ProgramInterpreter::Frame;

namespace {
/// Largest llvm.alloca the interpreter makes, a guard against a corrupt
/// size (native code would overflow its stack long before).
constexpr uint64_t kMaxAllocaBytes = uint64_t(1) << 30;

/// The address of `name` in the process (its executable and every library
/// it loaded), or null.
void *resolveSymbol(llvm::StringRef name) {
  static std::once_flag loaded;
  std::call_once(loaded, [] {
    // Makes the process's own symbols searchable.
    llvm::sys::DynamicLibrary::LoadLibraryPermanently(nullptr);
  });
  return llvm::sys::DynamicLibrary::SearchForAddressOfSymbol(name.str());
}

/// The C type a value of `type` crosses the ABI as.
std::optional<ForeignType> getForeignType(Type type) {
  if (isa<LLVM::LLVMPointerType>(type))
    return ForeignType::Ptr;
  if (type.isIndex() || type.isInteger(64))
    return ForeignType::I64;
  if (type.isInteger(1))
    return ForeignType::I1;
  if (type.isInteger(8))
    return ForeignType::I8;
  if (type.isInteger(16))
    return ForeignType::I16;
  if (type.isInteger(32))
    return ForeignType::I32;
  if (type.isF32())
    return ForeignType::F32;
  if (type.isF64())
    return ForeignType::F64;
  return std::nullopt;
}

Operation *lookupCallee(Operation *call) {
  auto symbol = dyn_cast_if_present<SymbolRefAttr>(
      cast<CallOpInterface>(call).getCallableForCallee());
  return symbol ? SymbolTable::lookupNearestSymbolFrom(call, symbol) : nullptr;
}

std::string getCalleeName(Operation *call) {
  auto symbol = dyn_cast_if_present<SymbolRefAttr>(
      cast<CallOpInterface>(call).getCallableForCallee());
  return symbol ? symbol.getLeafReference().str() : "";
}

/// Fills `storage` (`size` bytes, zeroed) from a constant global's
/// initializer: a string, dense elements or a scalar of a host value type,
/// or an initializer region that returns llvm.mlir.zero.
llvm::Error initializeGlobal(LLVM::GlobalOp global, char *storage,
                             uint64_t size) {
  auto unsupported = [&](const llvm::Twine &why) {
    return fail("emu cannot materialize the global @" + global.getSymName() +
                ": " + why);
  };
  Attribute value = global.getValueOrNull();
  if (!value) {
    Block *init = global.getInitializerBlock();
    auto ret = init ? dyn_cast<LLVM::ReturnOp>(init->getTerminator())
                    : LLVM::ReturnOp();
    if (ret && ret.getArg() && ret.getArg().getDefiningOp<LLVM::ZeroOp>())
      return llvm::Error::success();
    return unsupported("its initializer is neither a value nor zero");
  }
  if (auto text = dyn_cast<StringAttr>(value)) {
    if (text.size() > size)
      return unsupported("its string is longer than its type");
    std::memcpy(storage, text.data(), text.size());
    return llvm::Error::success();
  }
  auto writeElements = [&](Type elementType, auto tokens,
                           size_t count) -> llvm::Error {
    if (!MemoryBuffer::isSupportedHostValueType(elementType))
      return unsupported("its elements have type " + printType(elementType));
    unsigned bytes = MemoryBuffer::getHostValueBytes(elementType);
    if (count * bytes > size)
      return unsupported("its initializer is larger than its type");
    for (size_t i = 0; i < count; ++i)
      MemoryBuffer::storeHostValue(elementType, storage + i * bytes, tokens(i));
    return llvm::Error::success();
  };
  if (auto dense = dyn_cast<DenseElementsAttr>(value)) {
    Type elementType = dense.getElementType();
    if (isa<FloatType>(elementType)) {
      auto values = dense.getValues<APFloat>();
      return writeElements(
          elementType,
          [&](size_t i) { return TokenValue::getFloat(values[i]); },
          dense.getNumElements());
    }
    auto values = dense.getValues<APInt>();
    return writeElements(
        elementType,
        [&](size_t i) { return TokenValue::getInteger(values[i]); },
        dense.getNumElements());
  }
  if (isa<IntegerAttr, FloatAttr>(value)) {
    llvm::Expected<TokenValue> token = getTokenFromAttribute(value);
    if (!token)
      return token.takeError();
    return writeElements(
        cast<TypedAttr>(value).getType(), [&](size_t) { return *token; }, 1);
  }
  return unsupported("its initializer is a " + printType(global.getType()));
}

uint64_t getTypeBytes(Operation *op, Type type) {
  return DataLayout::closest(op).getTypeSize(type).getFixedValue();
}

/// Materializes a constant global into fresh zeroed storage.
llvm::Expected<std::unique_ptr<uint64_t[]>>
materializeGlobal(LLVM::GlobalOp global) {
  uint64_t size = getTypeBytes(global, global.getGlobalType());
  auto storage = std::make_unique<uint64_t[]>(size / 8 + 1);
  if (llvm::Error error = initializeGlobal(
          global, reinterpret_cast<char *>(storage.get()), size))
    return std::move(error);
  return storage;
}

/// Whether host code must use the process's own object for `global`: a
/// mutable global (native code sees its writes) or a declaration without an
/// initializer (defined elsewhere).
bool isProcessGlobal(LLVM::GlobalOp global) {
  return !global.getConstant() ||
         (!global.getValueOrNull() && !global.getInitializerBlock());
}

/// Why llvm.mlir.addressof `op` cannot run.
std::string checkAddressOf(LLVM::AddressOfOp op) {
  Operation *target =
      SymbolTable::lookupNearestSymbolFrom(op, op.getGlobalNameAttr());
  auto global = dyn_cast_if_present<LLVM::GlobalOp>(target);
  if (!global)
    return "emu cannot take the address of @" + op.getGlobalName().str() +
           " yet (only globals are supported)";
  if (isProcessGlobal(global)) {
    if (resolveSymbol(global.getSymName()))
      return "";
    return "emu cannot address the global @" + global.getSymName().str() +
           ": it is mutable or defined elsewhere, and not a symbol of the "
           "process";
  }
  llvm::Expected<std::unique_ptr<uint64_t[]>> storage =
      materializeGlobal(global);
  if (!storage)
    return llvm::toString(storage.takeError());
  return "";
}

/// Why `call` cannot run: an indirect call, an external function that is
/// not in the process, or a value that cannot cross the C ABI.
std::string checkCall(Operation *call) {
  std::string name = getCalleeName(call);
  if (name.empty())
    return "emu cannot run an indirect '" + opName(call) + "' yet";
  if (interp::getCalleeBody(call))
    return "";
  for (Type type : llvm::concat<const Type>(call->getOperandTypes(),
                                            call->getResultTypes()))
    if (!getForeignType(type))
      return "emu cannot pass a value of type " + printType(type) +
             " to the external function '" + name + "' yet";
  if (!resolveSymbol(name))
    return "emu cannot resolve the external function '" + name +
           "': no such symbol in the process";
  return "";
}

/// Why one of the LLVM / memref memory ops cannot run.
std::string checkMemoryOp(Operation *op) {
  if (auto addressOf = dyn_cast<LLVM::AddressOfOp>(op))
    return checkAddressOf(addressOf);
  Type accessed;
  if (auto load = dyn_cast<LLVM::LoadOp>(op))
    accessed = load.getType();
  if (auto store = dyn_cast<LLVM::StoreOp>(op))
    accessed = store.getValue().getType();
  if (accessed && !MemoryBuffer::isSupportedHostValueType(accessed))
    return "emu cannot run an '" + opName(op) + "' of " + printType(accessed) +
           " yet";
  if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
    MemRefType type = alloc.getType();
    if (!type.hasStaticShape() || !type.getLayout().isIdentity() ||
        !isSupportedTokenType(type.getElementType()) ||
        isa<NoneType>(type.getElementType()))
      return "emu cannot run a 'memref.alloc' of " + printType(type);
  }
  if (auto constant = dyn_cast<LLVM::ConstantOp>(op)) {
    llvm::Expected<TokenValue> token =
        getTokenFromAttribute(constant.getValue());
    if (!token) {
      llvm::consumeError(token.takeError());
      return "emu cannot run an 'llvm.mlir.constant' of " +
             printType(constant.getType()) + " yet";
    }
  }
  if (isa<LLVM::ZeroOp, LLVM::UndefOp, LLVM::PoisonOp>(op) &&
      !isSupportedTokenType(op->getResult(0).getType()))
    return "emu cannot run an '" + opName(op) + "' of " +
           printType(op->getResult(0).getType()) + " yet";
  return "";
}

/// Reads a pointer operand; null and poison pointers are errors.
llvm::Expected<char *> getPointer(Operation *op, Value value, Frame &frame) {
  const TokenValue &token = frame.env[value].token;
  if (token.isPoison())
    return fail("'" + opName(op) + "' uses a poison pointer");
  if (token.getBits().isZero())
    return fail("'" + opName(op) + "' uses a null pointer");
  return reinterpret_cast<char *>(
      static_cast<uintptr_t>(token.getBits().getZExtValue()));
}

/// llvm.intr.memset / memcpy / memmove.
llvm::Error runMemoryIntrinsic(Operation &op, Frame &frame) {
  const TokenValue &length = frame.env[op.getOperand(2)].token;
  if (length.isPoison())
    return fail("'" + opName(&op) + "' has a poison length");
  uint64_t bytes = length.getInteger().getZExtValue();
  if (bytes == 0)
    return llvm::Error::success();
  llvm::Expected<char *> destination = getPointer(&op, op.getOperand(0), frame);
  if (!destination)
    return destination.takeError();
  if (auto memset = dyn_cast<LLVM::MemsetOp>(op)) {
    const TokenValue &byte = frame.env[memset.getVal()].token;
    std::memset(*destination,
                byte.isPoison() ? 0 : byte.getBits().getZExtValue(), bytes);
    return llvm::Error::success();
  }
  llvm::Expected<char *> source = getPointer(&op, op.getOperand(1), frame);
  if (!source)
    return source.takeError();
  std::memmove(*destination, *source, bytes);
  return llvm::Error::success();
}

/// llvm.alloca: zeroed storage owned by the frame.
llvm::Error runAlloca(LLVM::AllocaOp alloca, Frame &frame) {
  const TokenValue &count = frame.env[alloca.getArraySize()].token;
  if (count.isPoison())
    return fail("'llvm.alloca' has a poison size");
  uint64_t elementBytes = getTypeBytes(alloca, alloca.getElemType());
  uint64_t elements = count.getInteger().getZExtValue();
  if (elementBytes != 0 && elements > kMaxAllocaBytes / elementBytes)
    return fail("'llvm.alloca' of " + llvm::Twine(elements) +
                " elements is larger than the emulator's 1 GiB limit");
  uint64_t alignment =
      std::max<uint64_t>(alloca.getAlignment().value_or(0), 16);
  uint64_t bytes = elements * elementBytes + alignment;
  std::shared_ptr<uint64_t[]> storage(new uint64_t[bytes / 8 + 1]());
  uintptr_t address = reinterpret_cast<uintptr_t>(storage.get());
  address = (address + alignment - 1) / alignment * alignment;
  frame.stack.push_back(std::move(storage));
  frame.env[alloca.getResult()].token =
      TokenValue::getInteger(64, static_cast<uint64_t>(address));
  return llvm::Error::success();
}

/// llvm.intr.stacksave / stackrestore. The stack pointer is the number of
/// live llvm.alloca buffers of the frame: restoring it frees those allocated
/// since, so a loop with a variable-length array does not grow without
/// bound.
llvm::Error runStackIntrinsic(Operation &op, Frame &frame) {
  if (auto save = dyn_cast<LLVM::StackSaveOp>(op)) {
    frame.env[save.getResult()].token =
        TokenValue::getInteger(64, frame.stack.size());
    return llvm::Error::success();
  }
  const TokenValue &saved =
      frame.env[cast<LLVM::StackRestoreOp>(op).getPtr()].token;
  if (saved.isPoison() || saved.getInteger().ugt(frame.stack.size()))
    return fail("'llvm.intr.stackrestore' of a value no "
                "'llvm.intr.stacksave' of this frame returned");
  frame.stack.truncate(saved.getInteger().getZExtValue());
  return llvm::Error::success();
}

/// The memref ops beyond load/store/alloca that host code contains.
llvm::Error runMemRefOp(Operation &op, Frame &frame) {
  auto &env = frame.env;
  if (auto cast = dyn_cast<memref::CastOp>(op)) {
    env[cast.getResult()].memory = env[cast.getSource()].memory;
    return llvm::Error::success();
  }
  if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
    MemRefType type = alloc.getType();
    env[alloc.getResult()].memory =
        std::make_shared<MemoryBuffer>(type.getElementType(), type.getShape());
    return llvm::Error::success();
  }
  // The buffer lives as long as a value refers to it.
  if (isa<memref::DeallocOp>(op))
    return llvm::Error::success();
  auto dim = cast<memref::DimOp>(op);
  MemoryBuffer *buffer = env[dim.getSource()].memory.get();
  if (!buffer)
    return fail("'memref.dim' of a null pointer");
  const TokenValue &index = env[dim.getIndex()].token;
  if (index.isPoison() || index.getInteger().uge(buffer->getRank()))
    return fail("'memref.dim' has an invalid dimension index");
  int64_t extent = buffer->getExtents()[index.getInteger().getZExtValue()];
  if (extent < 0)
    return fail("'memref.dim' of a memref bound to a host pointer, whose "
                "extent is unknown");
  if (buffer->getFirstIndex() != 0)
    return fail("'memref.dim' of a memref bound to a pointer into its "
                "array, which is also accessed before the pointer");
  env[dim.getResult()].token = TokenValue::getInteger(64, extent);
  return llvm::Error::success();
}
} // namespace

bool interp::isHostMemoryOp(Operation *op) {
  return isa<LLVM::AllocaOp, LLVM::LoadOp, LLVM::StoreOp, LLVM::AddressOfOp,
             LLVM::ConstantOp, LLVM::ZeroOp, LLVM::UndefOp, LLVM::PoisonOp,
             LLVM::PtrToIntOp, LLVM::IntToPtrOp, LLVM::MemsetOp, LLVM::MemcpyOp,
             LLVM::MemmoveOp, LLVM::LifetimeStartOp, LLVM::LifetimeEndOp,
             LLVM::AssumeOp, LLVM::StackSaveOp, LLVM::StackRestoreOp,
             memref::DimOp, memref::CastOp, memref::AllocOp, memref::DeallocOp>(
      op);
}

Region *interp::getCalleeBody(Operation *call) {
  auto function = dyn_cast_if_present<FunctionOpInterface>(lookupCallee(call));
  if (!function || function.isExternal())
    return nullptr;
  return &function.getFunctionBody();
}

std::optional<std::string> interp::checkHostMemoryOrCall(Operation *op) {
  if (isa<CallOpInterface>(op))
    return checkCall(op);
  if (isa<LLVM::ReturnOp>(op))
    return std::string();
  if (!isHostMemoryOp(op))
    return std::nullopt;
  return checkMemoryOp(op);
}

llvm::Expected<uint64_t> ProgramInterpreter::getGlobalAddress(Operation *op) {
  auto global = cast<LLVM::GlobalOp>(op);
  // A mutable global is the program's own object: host code must see the
  // writes native code makes and make its writes visible to it.
  if (isProcessGlobal(global)) {
    if (void *address = resolveSymbol(global.getSymName()))
      return reinterpret_cast<uintptr_t>(address);
    return fail("emu cannot address the global @" + global.getSymName() +
                ": it is mutable or defined elsewhere, and not a symbol of "
                "the process");
  }
  std::lock_guard<std::mutex> lock(globalsMutex);
  std::unique_ptr<uint64_t[]> &slot = globals[op];
  if (!slot) {
    llvm::Expected<std::unique_ptr<uint64_t[]>> storage =
        materializeGlobal(global);
    if (!storage)
      return storage.takeError();
    slot = std::move(*storage);
  }
  return reinterpret_cast<uintptr_t>(slot.get());
}

llvm::Error ProgramInterpreter::runLLVMOp(Operation &op, Frame &frame) {
  auto &env = frame.env;
  if (auto alloca = dyn_cast<LLVM::AllocaOp>(op))
    return runAlloca(alloca, frame);
  if (auto load = dyn_cast<LLVM::LoadOp>(op)) {
    llvm::Expected<char *> address = getPointer(&op, load.getAddr(), frame);
    if (!address)
      return address.takeError();
    env[load.getResult()].token =
        MemoryBuffer::loadHostValue(load.getType(), *address);
    return llvm::Error::success();
  }
  if (auto store = dyn_cast<LLVM::StoreOp>(op)) {
    llvm::Expected<char *> address = getPointer(&op, store.getAddr(), frame);
    if (!address)
      return address.takeError();
    MemoryBuffer::storeHostValue(store.getValue().getType(), *address,
                                 env[store.getValue()].token);
    return llvm::Error::success();
  }
  if (auto addressOf = dyn_cast<LLVM::AddressOfOp>(op)) {
    Operation *global = SymbolTable::lookupNearestSymbolFrom(
        &op, addressOf.getGlobalNameAttr());
    if (!isa_and_present<LLVM::GlobalOp>(global))
      return fail("emu cannot take the address of @" +
                  addressOf.getGlobalName() + " (only globals are supported)");
    llvm::Expected<uint64_t> address = getGlobalAddress(global);
    if (!address)
      return address.takeError();
    env[addressOf.getResult()].token = TokenValue::getInteger(64, *address);
    return llvm::Error::success();
  }
  if (isa<LLVM::ZeroOp>(op)) {
    env[op.getResult(0)].token = getZeroToken(op.getResult(0).getType());
    return llvm::Error::success();
  }
  // An undefined value is tracked as poison: using it where it matters is
  // an error at that use.
  if (isa<LLVM::UndefOp, LLVM::PoisonOp>(op)) {
    env[op.getResult(0)].token = getPoisonToken(op.getResult(0).getType());
    return llvm::Error::success();
  }
  if (isa<LLVM::PtrToIntOp, LLVM::IntToPtrOp>(op)) {
    const TokenValue &input = env[op.getOperand(0)].token;
    unsigned width = getTokenBitWidth(op.getResult(0).getType());
    env[op.getResult(0)].token =
        input.isPoison()
            ? getPoisonToken(op.getResult(0).getType())
            : TokenValue::getInteger(input.getInteger().zextOrTrunc(width));
    return llvm::Error::success();
  }
  if (isa<LLVM::MemsetOp, LLVM::MemcpyOp, LLVM::MemmoveOp>(op))
    return runMemoryIntrinsic(op, frame);
  if (isa<LLVM::StackSaveOp, LLVM::StackRestoreOp>(op))
    return runStackIntrinsic(op, frame);
  // Lifetime markers and assumptions change nothing the program observes.
  if (isa<LLVM::LifetimeStartOp, LLVM::LifetimeEndOp, LLVM::AssumeOp>(op))
    return llvm::Error::success();
  return runMemRefOp(op, frame);
}

namespace {
/// Calls the external function `name` through libffi.
llvm::Error callExternal(Operation &op, llvm::StringRef name, Frame &frame) {
  void *function = resolveSymbol(name);
  if (!function)
    return fail("emu cannot resolve the external function '" + name +
                "': no such symbol in the process");
  auto callee = dyn_cast_if_present<FunctionOpInterface>(lookupCallee(&op));
  OperandRange operands = cast<CallOpInterface>(op).getArgOperands();
  llvm::SmallVector<ForeignParam, 8> params;
  llvm::SmallVector<uint64_t, 8> slots;
  for (auto [i, operand] : llvm::enumerate(operands)) {
    std::optional<ForeignType> type = getForeignType(operand.getType());
    const TokenValue &token = frame.env[operand].token;
    if (!type || token.isPoison())
      return fail("'" + opName(&op) + "' passes " +
                  (type ? "a poison value" : "an unsupported value") +
                  " as argument #" + llvm::Twine(i) + " of '" + name + "'");
    bool isUnsigned =
        callee && i < callee.getNumArguments() &&
        callee.getArgAttr(i, LLVM::LLVMDialect::getZExtAttrName());
    params.push_back({*type, isUnsigned});
    // Little-endian: the value's own bytes start the slot.
    slots.push_back(token.getBits().getZExtValue());
  }
  llvm::SmallVector<void *, 8> arguments;
  for (uint64_t &slot : slots)
    arguments.push_back(&slot);
  // printf and friends: the named parameters of the callee's type.
  std::optional<unsigned> numFixed;
  if (auto llvmCall = dyn_cast<LLVM::CallOp>(op))
    if (std::optional<LLVM::LLVMFunctionType> varType =
            llvmCall.getVarCalleeType())
      numFixed = varType->getNumParams();
  Type resultType = op.getNumResults() ? op.getResult(0).getType() : Type();
  ForeignType foreignResult =
      resultType ? *getForeignType(resultType) : ForeignType::Void;
  uint64_t result = 0;
  if (llvm::Error error =
          callForeign(reinterpret_cast<void (*)()>(function), foreignResult,
                      params, numFixed, arguments.data(), &result))
    return fail("call to '" + name + "': " + llvm::toString(std::move(error)));
  if (resultType)
    frame.env[op.getResult(0)].token =
        MemoryBuffer::loadHostValue(resultType, &result);
  return llvm::Error::success();
}
} // namespace

llvm::Error ProgramInterpreter::runCall(Operation &op, Frame &frame) {
  std::string name = getCalleeName(&op);
  if (name.empty())
    return fail("emu cannot run an indirect '" + opName(&op) + "' yet");
  Region *body = interp::getCalleeBody(&op);
  if (!body)
    return callExternal(op, name, frame);
  if (frame.callDepth >= interp::kMaxCallDepth)
    return fail("calls nest deeper than " + llvm::Twine(interp::kMaxCallDepth) +
                " at the call to @" + name);
  llvm::SmallVector<ProgramValue, 4> arguments;
  for (Value operand : cast<CallOpInterface>(op).getArgOperands())
    arguments.push_back(frame.env.lookup(operand));
  Frame callee;
  callee.depth = frame.depth;
  callee.callDepth = frame.callDepth + 1;
  // The callee spends its caller's step budget; the caller's loop is the
  // one to blame when a callee without loops runs it out.
  callee.steps = frame.steps;
  callee.loop = frame.loop;
  llvm::SmallVector<ProgramValue, 1> results;
  llvm::Error error = runRegion(*body, arguments, callee, results);
  frame.steps = callee.steps;
  if (error)
    return fail("in @" + name + ": " + llvm::toString(std::move(error)));
  for (auto [result, value] : llvm::zip_equal(op.getResults(), results))
    frame.env[result] = value;
  return llvm::Error::success();
}
