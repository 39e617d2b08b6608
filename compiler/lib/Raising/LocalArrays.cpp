//===- LocalArrays.cpp - stack arrays of loom-raise-memref-roots ---------===//
//
// Part of the Loom project.
//
// A stack array (`int tmp[8];`, `float t[4][4] = {0};`) reaches raising as
// an `llvm.alloca` surrounded by what clang emits for a block-scope array:
//
//   %a = llvm.alloca %c1 x !llvm.array<8 x f32>
//   llvm.intr.lifetime.start %a          -> %m = memref.alloca() :
//   memref<8xf32> "llvm.intr.memset"(%a, %c0_i8, %c32) -> scf.for %k = 0 to 8 {
//   store 0.0 } "llvm.intr.memcpy"(%a, @__const, %c8) -> store 1.0, %m[0];
//   store 2.0, ...
//   ... loads and stores through GEPs    -> memref.load / memref.store
//   llvm.intr.lifetime.end %a            -> (dropped)
//
// Lifetime markers are dropped exactly: after `lifetime.start` the object's
// contents are undefined and after `lifetime.end` the object is dead (a
// program may not access it), so keeping the storage alive and its contents
// unchanged outside the markers only refines the program. The memref.alloca
// is created at the one `lifetime.start` when that dominates every access:
// a fresh memref.alloca has undefined contents there, exactly as the marker
// says, and each scope instance (each iteration of a loop around it) has
// its own array, so a loop around it can later run its iterations in
// parallel threads.
//
// memset stores the element value its bytes spell (a float made of those
// bytes included); memcpy stores the copied part of a constant global's
// initializer or copies element by element from another raised root (a
// memcpy's source and destination never overlap). A constant global table
// the kernel reads in place becomes a local copy stored at the point its
// address is taken. Anything else keeps the LLVM pointer with a remark
// naming why.
//
//===----------------------------------------------------------------------===//

#include "RootRaiser.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace loom::raising::detail;

/// Initializers copied from a global are unrolled into at most this many
/// runs of equal values (one store or one store loop each).
static constexpr unsigned kMaxInitializerRuns = 64;
/// Runs at least this long become a store loop instead of single stores.
static constexpr int64_t kMinLoopRun = 4;

bool RootRaiser::acceptLocalUse(Value root, Value value, Operation *user) {
  if (isa<LLVM::LifetimeStartOp, LLVM::LifetimeEndOp>(user)) {
    if (!root.getDefiningOp<LLVM::AllocaOp>())
      return false;
    localOps.insert(user);
    return true;
  }
  if (auto memset = dyn_cast<LLVM::MemsetOp>(user)) {
    if (memset.getDst() != value)
      return false;
    localOps.insert(user);
    return true;
  }
  if (auto memcpy = dyn_cast<LLVM::MemcpyOp>(user)) {
    // A root copied into memory that is not a root escapes.
    if (memcpy.getSrc() == value && !rootOf.lookup(memcpy.getDst()))
      return false;
    localOps.insert(user);
    return true;
  }
  return false;
}

/// A constant, non-negative length in bytes.
static std::optional<int64_t> getConstantLength(Value length) {
  APInt value;
  if (!matchPattern(length, m_ConstantInt(&value)) || value.isNegative() ||
      value.getActiveBits() > 62)
    return std::nullopt;
  return value.getSExtValue();
}

namespace {
/// A constant global and a byte offset into it.
struct GlobalSource {
  LLVM::GlobalOp global;
  int64_t byteOffset = 0;
};
} // namespace

/// The constant global `pointer` points into through constant GEPs.
static FailureOr<GlobalSource> getGlobalSource(Value pointer,
                                               const DataLayout &layout) {
  if (auto address = pointer.getDefiningOp<LLVM::AddressOfOp>()) {
    auto global = SymbolTable::lookupNearestSymbolFrom<LLVM::GlobalOp>(
        address, address.getGlobalNameAttr());
    if (!global)
      return failure();
    return GlobalSource{global, 0};
  }
  auto gep = pointer.getDefiningOp<LLVM::GEPOp>();
  if (!gep)
    return failure();
  FailureOr<GlobalSource> base = getGlobalSource(gep.getBase(), layout);
  if (failed(base))
    return failure();
  Type current = gep.getElemType();
  bool first = true;
  for (auto index : gep.getIndices()) {
    if (!first) {
      auto array = dyn_cast<LLVM::LLVMArrayType>(current);
      if (!array)
        return failure();
      current = array.getElementType();
    }
    first = false;
    std::optional<int64_t> constant;
    if (auto attr = dyn_cast<IntegerAttr>(index))
      constant = attr.getInt();
    else if (APInt value;
             matchPattern(cast<Value>(index), m_ConstantInt(&value)))
      constant = value.getSExtValue();
    if (!constant)
      return failure();
    base->byteOffset +=
        *constant *
        static_cast<int64_t>(layout.getTypeSize(current).getFixedValue());
  }
  return base;
}

/// Splits `values` into runs of equal values.
static SmallVector<std::pair<Attribute, int64_t>>
getRuns(ArrayRef<Attribute> values) {
  SmallVector<std::pair<Attribute, int64_t>> runs;
  for (Attribute value : values) {
    if (!runs.empty() && runs.back().first == value)
      ++runs.back().second;
    else
      runs.push_back({value, 1});
  }
  return runs;
}

/// The elements `[first, first + count)` of a constant global's dense
/// initializer of `element`s, or why they are not available.
static DenseElementsAttr getDenseInitializer(LLVM::GlobalOp global);
static FailureOr<SmallVector<Attribute>>
getInitializerSlice(LLVM::GlobalOp global, Type element, int64_t first,
                    int64_t count, std::string &why) {
  std::string name = ("@" + global.getSymName()).str();
  if (!global.getConstant()) {
    why = "it is copied from the global " + name + ", which is not constant";
    return failure();
  }
  DenseElementsAttr dense = getDenseInitializer(global);
  if (!dense || dense.getElementType() != element) {
    why = llvm::formatv("it is copied from the global {0}, whose initializer "
                        "is not a dense array of {1}",
                        name, element)
              .str();
    return failure();
  }
  if (first < 0 || first + count > dense.getNumElements()) {
    why = "llvm.intr.memcpy reads past the end of the global " + name;
    return failure();
  }
  auto all = dense.getValues<Attribute>();
  SmallVector<Attribute> slice(all.begin() + first,
                               all.begin() + first + count);
  return slice;
}

std::string RootRaiser::checkMemset(LLVM::MemsetOp memset, Value root) {
  if (memset.getIsVolatile())
    return "it is set by a volatile llvm.intr.memset";
  Type element = roots[root].elementType;
  if (!element)
    return ""; // Never accessed: the root is not raised.
  std::optional<int64_t> length = getConstantLength(memset.getLen());
  if (!length)
    return "it is set by llvm.intr.memset of a length that is not a constant";
  if (!matchPattern(memset.getVal(), m_Constant()))
    return "it is set by llvm.intr.memset of a byte that is not a constant";
  if (element.getIntOrFloatBitWidth() % 8 != 0)
    return llvm::formatv("llvm.intr.memset does not define its {0} elements "
                         "(their width is not a whole number of bytes)",
                         element)
        .str();
  if (*length % *getElementSize(root) != 0)
    return "llvm.intr.memset covers part of an element";
  return "";
}

std::string RootRaiser::checkMemcpy(LLVM::MemcpyOp memcpy, Value root) {
  if (memcpy.getIsVolatile())
    return "it is copied by a volatile llvm.intr.memcpy";
  std::optional<int64_t> length = getConstantLength(memcpy.getLen());
  if (!length)
    return "it is copied by llvm.intr.memcpy of a length that is not a "
           "constant";
  Type element = roots[root].elementType;
  if (!element)
    return "";
  int64_t size = *getElementSize(root);
  if (*length % size != 0)
    return "llvm.intr.memcpy copies part of an element";
  if (getCopySourceRoot(memcpy))
    return ""; // Root to root: checked by checkBulkOps.
  FailureOr<GlobalSource> source = getGlobalSource(memcpy.getSrc(), layout);
  if (failed(source))
    return "it is initialized by llvm.intr.memcpy from a pointer that is "
           "neither a constant global nor a raised root";
  if (source->byteOffset % size != 0)
    return "llvm.intr.memcpy reads a global at a byte offset that is not a "
           "whole element";
  std::string why;
  FailureOr<SmallVector<Attribute>> slice = getInitializerSlice(
      source->global, element, source->byteOffset / size, *length / size, why);
  if (failed(slice))
    return why;
  if (getRuns(*slice).size() > kMaxInitializerRuns)
    return llvm::formatv("its initializer copied from @{0} has more than {1} "
                         "runs of equal values",
                         source->global.getSymName(), kMaxInitializerRuns)
        .str();
  return "";
}

void RootRaiser::checkBulkOps() {
  bool changed = true;
  auto invalidateOnce = [&](Value root, const Twine &why) {
    if (roots[root].invalid.empty()) {
      invalidate(root, why);
      changed = true;
    }
  };
  while (changed) {
    changed = false;
    for (Operation *op : localOps) {
      if (auto memset = dyn_cast<LLVM::MemsetOp>(op)) {
        Value root = rootOf.lookup(memset.getDst());
        if (std::string why = checkMemset(memset, root); !why.empty())
          invalidateOnce(root, why);
        continue;
      }
      auto memcpy = dyn_cast<LLVM::MemcpyOp>(op);
      if (!memcpy)
        continue;
      Value dst = rootOf.lookup(memcpy.getDst());
      Value src = getCopySourceRoot(memcpy);
      if (!dst) {
        invalidateOnce(src, "it escapes through 'llvm.intr.memcpy'");
        continue;
      }
      if (src) {
        // Both ends must become memrefs of one element type.
        RootInfo &to = roots[dst], &from = roots[src];
        if (!to.elementType && from.elementType) {
          to.elementType = from.elementType;
          changed = true;
        } else if (to.elementType && !from.elementType) {
          from.elementType = to.elementType;
          changed = true;
        } else if (to.elementType != from.elementType) {
          invalidateOnce(dst, "llvm.intr.memcpy copies between two element "
                              "types");
          invalidateOnce(src, "llvm.intr.memcpy copies between two element "
                              "types");
        }
        if (!to.invalid.empty() || !from.invalid.empty()) {
          invalidateOnce(dst, "llvm.intr.memcpy copies it to or from a "
                              "pointer that stays LLVM");
          invalidateOnce(src, "llvm.intr.memcpy copies it to or from a "
                              "pointer that stays LLVM");
        }
      }
      for (Value root : {dst, src})
        if (root)
          if (std::string why = checkMemcpy(memcpy, root); !why.empty())
            invalidateOnce(root, why);
      // A constant global copied into a root that stays LLVM escapes.
      Value global = rootOf.lookup(memcpy.getSrc());
      if (global && global != src && !roots[dst].invalid.empty())
        invalidateOnce(global, "it is copied by llvm.intr.memcpy into a "
                               "pointer that stays LLVM");
    }
  }
}

Operation *RootRaiser::getAllocationPoint(Value root) {
  Operation *alloca = root.getDefiningOp();
  SmallVector<Operation *> starts;
  for (Operation *op : localOps)
    if (isa<LLVM::LifetimeStartOp>(op) &&
        rootOf.lookup(op->getOperand(0)) == root)
      starts.push_back(op);
  if (starts.size() != 1)
    return alloca;
  DominanceInfo dominance(func);
  for (auto &[value, valueRoot] : rootOf) {
    if (valueRoot != root)
      continue;
    for (Operation *user : value.getUsers())
      if (isa<LLVM::LoadOp, LLVM::StoreOp, LLVM::MemsetOp, LLVM::MemcpyOp>(
              user) &&
          !dominance.properlyDominates(starts.front(), user))
        return alloca;
  }
  return starts.front();
}

/// Marks a store loop made of a memset/memcpy: loom-parallelize-loops keeps
/// it sequential, with the code of the scope it initializes, instead of
/// making a thread of its own for a few stores.
static void markLocalInit(scf::ForOp loop) {
  loop->setAttr("loom.local_init", UnitAttr::get(loop.getContext()));
}

/// Stores `value` into `memref[start + k]` for k in [0, count): single
/// stores for a short run, a store loop otherwise.
static void emitFill(OpBuilder &builder, Location loc, Value memref,
                     Value start, int64_t count, TypedAttr value) {
  if (count == 0)
    return;
  Value constant = arith::ConstantOp::create(builder, loc, value);
  if (count < kMinLoopRun) {
    for (int64_t k = 0; k < count; ++k) {
      Value index = arith::AddIOp::create(
          builder, loc, start, arith::ConstantIndexOp::create(builder, loc, k));
      memref::StoreOp::create(builder, loc, constant, memref, index);
    }
    return;
  }
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  Value end = arith::ConstantIndexOp::create(builder, loc, count);
  Value one = arith::ConstantIndexOp::create(builder, loc, 1);
  auto loop = scf::ForOp::create(
      builder, loc, zero, end, one, ValueRange(),
      [&](OpBuilder &body, Location bodyLoc, Value k, ValueRange) {
        Value index = arith::AddIOp::create(body, bodyLoc, start, k);
        memref::StoreOp::create(body, bodyLoc, constant, memref, index);
        scf::YieldOp::create(body, bodyLoc);
      });
  markLocalInit(loop);
}

/// The value of an element of type `element` whose every byte is `byte`.
static TypedAttr getSplatValue(Type element, const APInt &byte) {
  unsigned width = element.getIntOrFloatBitWidth();
  APInt bits = APInt::getSplat(width, byte.zextOrTrunc(8));
  if (auto floatType = dyn_cast<FloatType>(element))
    return FloatAttr::get(element,
                          APFloat(floatType.getFloatSemantics(), bits));
  return IntegerAttr::get(element, bits);
}

LogicalResult RootRaiser::rewriteLocalOp(Operation *op, OpBuilder &builder) {
  if (isa<LLVM::LifetimeStartOp, LLVM::LifetimeEndOp>(op))
    return success(); // Dropped: see the file comment.
  if (auto memcpy = dyn_cast<LLVM::MemcpyOp>(op))
    return rewriteMemcpy(memcpy, builder);
  auto memset = cast<LLVM::MemsetOp>(op);
  Value root = rootOf.lookup(memset.getDst());
  FailureOr<Value> start = getOffset(memset.getDst(), builder);
  if (failed(start))
    return failure();
  builder.setInsertionPoint(memset);
  APInt byte;
  matchPattern(memset.getVal(), m_ConstantInt(&byte));
  Type element = roots[root].elementType;
  emitFill(builder, memset.getLoc(), roots[root].memref, *start,
           *getConstantLength(memset.getLen()) / *getElementSize(root),
           getSplatValue(element, byte));
  return success();
}

LogicalResult RootRaiser::rewriteMemcpy(LLVM::MemcpyOp memcpy,
                                        OpBuilder &builder) {
  Value root = rootOf.lookup(memcpy.getDst());
  Location loc = memcpy.getLoc();
  FailureOr<Value> start = getOffset(memcpy.getDst(), builder);
  if (failed(start))
    return failure();
  int64_t size = *getElementSize(root);
  int64_t count = *getConstantLength(memcpy.getLen()) / size;
  Value memref = roots[root].memref;
  if (Value srcRoot = getCopySourceRoot(memcpy)) {
    FailureOr<Value> from = getOffset(memcpy.getSrc(), builder);
    if (failed(from))
      return failure();
    builder.setInsertionPoint(memcpy);
    if (count == 0)
      return success();
    Value source = roots[srcRoot].memref;
    Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
    Value end = arith::ConstantIndexOp::create(builder, loc, count);
    Value one = arith::ConstantIndexOp::create(builder, loc, 1);
    auto loop = scf::ForOp::create(
        builder, loc, zero, end, one, ValueRange(),
        [&](OpBuilder &body, Location bodyLoc, Value k, ValueRange) {
          Value at = arith::AddIOp::create(body, bodyLoc, *from, k);
          Value value = memref::LoadOp::create(body, bodyLoc, source, at);
          Value to = arith::AddIOp::create(body, bodyLoc, *start, k);
          memref::StoreOp::create(body, bodyLoc, value, memref, to);
          scf::YieldOp::create(body, bodyLoc);
        });
    markLocalInit(loop);
    return success();
  }
  FailureOr<GlobalSource> source = getGlobalSource(memcpy.getSrc(), layout);
  if (failed(source))
    return failure(); // checkMemcpy accepted it: cannot happen.
  std::string why;
  FailureOr<SmallVector<Attribute>> slice =
      getInitializerSlice(source->global, roots[root].elementType,
                          source->byteOffset / size, count, why);
  if (failed(slice))
    return failure();
  builder.setInsertionPoint(memcpy);
  int64_t next = 0;
  for (auto [value, length] : getRuns(*slice)) {
    Value at = arith::AddIOp::create(
        builder, loc, *start,
        arith::ConstantIndexOp::create(builder, loc, next));
    emitFill(builder, loc, memref, at, length, cast<TypedAttr>(value));
    next += length;
  }
  return success();
}

Value RootRaiser::getCopySourceRoot(LLVM::MemcpyOp memcpy) {
  Value root = rootOf.lookup(memcpy.getSrc());
  if (!root || root.getDefiningOp<LLVM::AddressOfOp>())
    return Value();
  return root;
}

/// The initializer of `global` as a dense array, or null. The importer
/// keeps an `[N x i8]` initializer as a string attribute (a
/// `static const uint8_t kTable[16]` arrives as "\00\01..."), which is the
/// same bytes as a dense i8 array.
static DenseElementsAttr getDenseInitializer(LLVM::GlobalOp global) {
  Attribute value = global.getValueOrNull();
  if (auto text = dyn_cast_or_null<StringAttr>(value)) {
    auto i8 = IntegerType::get(global.getContext(), 8);
    auto type = RankedTensorType::get(
        {static_cast<int64_t>(text.getValue().size())}, i8);
    SmallVector<APInt> bytes;
    for (char c : text.getValue())
      bytes.push_back(APInt(8, static_cast<uint8_t>(c)));
    return DenseElementsAttr::get(type, bytes);
  }
  return dyn_cast_or_null<DenseElementsAttr>(value);
}

/// The dense array initializer of a constant global, or null.
static DenseElementsAttr getConstantTable(LLVM::AddressOfOp address) {
  auto global = SymbolTable::lookupNearestSymbolFrom<LLVM::GlobalOp>(
      address, address.getGlobalNameAttr());
  if (!global || !global.getConstant())
    return nullptr;
  DenseElementsAttr dense = getDenseInitializer(global);
  if (!dense || !isa<IntegerType, FloatType>(dense.getElementType()))
    return nullptr;
  return dense;
}

void RootRaiser::addConstantGlobalRoots() {
  func.walk([&](LLVM::AddressOfOp address) {
    if (!getConstantTable(address))
      return;
    rootOf[address] = address;
    roots[address.getResult()] = RootInfo();
  });
}

void RootRaiser::checkConstantGlobals() {
  for (auto &[root, info] : roots) {
    auto address = root.getDefiningOp<LLVM::AddressOfOp>();
    if (!address || !info.invalid.empty() || !info.elementType)
      continue;
    DenseElementsAttr table = getConstantTable(address);
    if (table.getElementType() != info.elementType) {
      invalidate(root, llvm::formatv("it is read as {0}, but its initializer "
                                     "holds {1}",
                                     info.elementType, table.getElementType())
                           .str());
      continue;
    }
    SmallVector<Attribute> values(table.getValues<Attribute>());
    if (getRuns(values).size() > kMaxInitializerRuns) {
      invalidate(root, llvm::formatv("its initializer has more than {0} runs "
                                     "of equal values",
                                     kMaxInitializerRuns)
                           .str());
      continue;
    }
    // Writing a constant global is undefined; such code stays as it is.
    for (auto &[value, valueRoot] : rootOf)
      if (valueRoot == root)
        for (Operation *user : value.getUsers())
          if ((isa<LLVM::StoreOp>(user) &&
               cast<LLVM::StoreOp>(user).getAddr() == value) ||
              (isa<LLVM::MemsetOp, LLVM::MemcpyOp>(user) &&
               user->getOperand(0) == value))
            invalidate(root, "it is written, but the global is constant");
  }
}

Value RootRaiser::createConstantCopy(Value root, OpBuilder &builder) {
  // A private copy of a table nobody writes reads exactly what the global
  // holds; it is made where the address is taken.
  auto address = root.getDefiningOp<LLVM::AddressOfOp>();
  DenseElementsAttr table = getConstantTable(address);
  Location loc = address.getLoc();
  builder.setInsertionPoint(address);
  Value copy = memref::AllocaOp::create(
      builder, loc,
      MemRefType::get({table.getNumElements()}, table.getElementType()));
  SmallVector<Attribute> values(table.getValues<Attribute>());
  int64_t next = 0;
  for (auto [value, length] : getRuns(values)) {
    Value at = arith::ConstantIndexOp::create(builder, loc, next);
    emitFill(builder, loc, copy, at, length, cast<TypedAttr>(value));
    next += length;
  }
  return copy;
}
