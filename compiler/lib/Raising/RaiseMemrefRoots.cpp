//===- RaiseMemrefRoots.cpp - pointers into memref roots ------------------===//
//
// Part of the Loom project.
//
// Turns the pointer arithmetic of a raised kernel into memref accesses:
//
//   func.func @k(%a: !llvm.ptr, %i: i64)     func.func @k(%a: memref<?xf32>,
//     %p = llvm.getelementptr %a[%i] -> f32                %i: i64)
//     %x = llvm.load %p : !llvm.ptr -> f32     %o = arith.index_cast %i
//                                              %x = memref.load %a[%o]
//
// Every pointer is traced to one *root*: a pointer parameter (which becomes
// a 1-D dynamic memref of the element type all its accesses use) or an
// `llvm.alloca` of a constant count (which becomes `memref.alloca`). A
// derived pointer is represented by an element offset from its root:
// getelementptr adds index * stride / sizeof(element), block arguments of
// pointer type become index block arguments (pointer walks like `*p++`),
// selects and comparisons of pointers into one root become arith on offsets.
//
// Local arrays also drop their lifetime markers and turn memset/memcpy into
// stores (LocalArrays.cpp).
//
// A root is left as an LLVM pointer, with a remark naming it, when it
// escapes (stored, passed to a call, returned, cast), is accessed with two
// element types, is volatile or atomic, or is indexed at a granularity that
// is not a whole element. Code using such a root stays InstructionCore-only.
//
//===----------------------------------------------------------------------===//

#include "RootRaiser.h"

#include "loom/Raising/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/FormatVariadic.h"

#include <numeric>

namespace loom::raising {
#define GEN_PASS_DEF_RAISEMEMREFROOTSPASS
#include "loom/Raising/Passes.h.inc"
} // namespace loom::raising

#define DEBUG_TYPE "loom-raise-memref-roots"

using namespace mlir;

using namespace loom::raising::detail;

/// The incoming values of block argument `arg` from every predecessor, or
/// failure if a predecessor's terminator does not forward operands.
static FailureOr<SmallVector<Value>> getIncoming(BlockArgument arg) {
  SmallVector<Value> incoming;
  Block *block = arg.getOwner();
  for (auto it = block->pred_begin(); it != block->pred_end(); ++it) {
    auto branch = dyn_cast<BranchOpInterface>((*it)->getTerminator());
    if (!branch)
      return failure();
    SuccessorOperands operands =
        branch.getSuccessorOperands(it.getSuccessorIndex());
    Value value = operands[arg.getArgNumber()];
    if (!value)
      return failure();
    incoming.push_back(value);
  }
  return incoming;
}

/// True if every value `value` can take is a multiple of `divisor`: a
/// constant, a sum or difference of multiples, a product or left shift with
/// a multiple, a sign or zero extension of one, or a block argument all of
/// whose incoming values are (a byte offset stepped by the element size
/// around a loop: `visiting` assumes it while its incoming values are
/// checked, which is the loop's invariant).
static bool isMultipleOf(Value value, int64_t divisor,
                         DenseSet<Value> &visiting) {
  if (divisor == 1)
    return true;
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return constant.getSExtValue() % divisor == 0;
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (!visiting.insert(arg).second)
      return true;
    FailureOr<SmallVector<Value>> incoming = getIncoming(arg);
    return succeeded(incoming) && !incoming->empty() &&
           llvm::all_of(*incoming, [&](Value in) {
             return isMultipleOf(in, divisor, visiting);
           });
  }
  Operation *def = value.getDefiningOp();
  if (!def)
    return false;
  auto both = [&] {
    return isMultipleOf(def->getOperand(0), divisor, visiting) &&
           isMultipleOf(def->getOperand(1), divisor, visiting);
  };
  auto either = [&] {
    return isMultipleOf(def->getOperand(0), divisor, visiting) ||
           isMultipleOf(def->getOperand(1), divisor, visiting);
  };
  if (isa<arith::AddIOp, arith::SubIOp>(def))
    return both();
  if (isa<arith::MulIOp>(def))
    return either();
  if (isa<arith::ExtSIOp, arith::ExtUIOp>(def))
    return isMultipleOf(def->getOperand(0), divisor, visiting);
  if (auto shift = dyn_cast<arith::ShLIOp>(def)) {
    APInt amount;
    if (matchPattern(shift.getRhs(), m_ConstantInt(&amount)) &&
        amount.getZExtValue() < 62 &&
        (int64_t(1) << amount.getZExtValue()) % divisor == 0)
      return true;
    return isMultipleOf(shift.getLhs(), divisor, visiting);
  }
  return false;
}

/// The factor a dynamic GEP index of `bytes`-byte steps must be a multiple
/// of for the step to land on whole `size`-byte elements.
static int64_t getRequiredMultiple(int64_t bytes, int64_t size) {
  return size / std::gcd(bytes, size);
}

void RootRaiser::invalidate(Value root, const Twine &why) {
  RootInfo &info = roots[root];
  if (info.invalid.empty())
    info.invalid = why.str();
}

void RootRaiser::assignRoots() {
  for (BlockArgument arg : func.getArguments())
    if (isa<LLVM::LLVMPointerType>(arg.getType())) {
      rootOf[arg] = arg;
      roots[arg] = RootInfo();
    }
  func.walk([&](LLVM::AllocaOp alloca) {
    rootOf[alloca] = alloca;
    roots[alloca.getResult()] = RootInfo();
    APInt count;
    if (!matchPattern(alloca.getArraySize(), m_ConstantInt(&count)))
      invalidate(alloca, "its allocation size is not a constant");
  });
  addConstantGlobalRoots();
  // Propagate roots through GEPs, selects and pointer block arguments until
  // nothing changes; conflicting roots poison the value (null root).
  bool changed = true;
  while (changed) {
    changed = false;
    auto assign = [&](Value value, Value root) {
      auto [it, inserted] = rootOf.try_emplace(value, root);
      if (inserted)
        changed = true;
      else if (it->second != root && it->second) {
        it->second = Value();
        changed = true;
      }
    };
    func.walk([&](Operation *op) {
      if (auto gep = dyn_cast<LLVM::GEPOp>(op)) {
        if (Value root = rootOf.lookup(gep.getBase()))
          assign(gep, root);
      } else if (auto select = dyn_cast<LLVM::SelectOp>(op)) {
        if (isa<LLVM::LLVMPointerType>(select.getType()) &&
            rootOf.lookup(select.getTrueValue()) &&
            rootOf.lookup(select.getTrueValue()) ==
                rootOf.lookup(select.getFalseValue()))
          assign(select, rootOf.lookup(select.getTrueValue()));
      }
    });
    // Optimistic: a loop-carried pointer takes the root of the incoming
    // values known so far; a disagreement poisons it.
    for (Block &block : func.getBody())
      for (BlockArgument arg : block.getArguments()) {
        if (block.isEntryBlock() || !isa<LLVM::LLVMPointerType>(arg.getType()))
          continue;
        FailureOr<SmallVector<Value>> incoming = getIncoming(arg);
        if (failed(incoming))
          continue;
        for (Value value : *incoming) {
          auto it = rootOf.find(value);
          if (it != rootOf.end())
            assign(arg, it->second);
        }
      }
  }
}

std::optional<int64_t> RootRaiser::getElementSize(Value root) {
  Type element = roots[root].elementType;
  if (!element)
    return std::nullopt;
  return static_cast<int64_t>(layout.getTypeSize(element).getFixedValue());
}

/// The value of a GEP index that is a constant, as attribute or as SSA
/// constant.
static std::optional<int64_t>
getConstantIndex(PointerUnion<IntegerAttr, Value> index) {
  if (auto attr = dyn_cast<IntegerAttr>(index))
    return attr.getInt();
  APInt value;
  if (matchPattern(cast<Value>(index), m_ConstantInt(&value)))
    return value.getSExtValue();
  return std::nullopt;
}

/// Returns why `type` cannot be a memref element, or "".
static std::string checkElementType(Type type) {
  if (isa<IntegerType, FloatType>(type))
    return "";
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "it is accessed as " << type << ", not a scalar integer or float";
  return text;
}

void RootRaiser::checkUses() {
  // Poisoned pointers (two roots merged) disqualify every root they touch.
  for (auto &[value, root] : rootOf) {
    if (root)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(value))
      if (FailureOr<SmallVector<Value>> incoming = getIncoming(arg);
          succeeded(incoming))
        for (Value in : *incoming)
          if (Value r = rootOf.lookup(in))
            invalidate(r, "it is merged with another pointer in a loop or "
                          "branch");
  }
  for (auto &[value, root] : rootOf) {
    if (!root)
      continue;
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      Type accessType;
      if (auto load = dyn_cast<LLVM::LoadOp>(user)) {
        if (load.getVolatile_() ||
            load.getOrdering() != LLVM::AtomicOrdering::not_atomic)
          invalidate(root, "it is accessed by a volatile or atomic load");
        accessType = load.getType();
      } else if (auto store = dyn_cast<LLVM::StoreOp>(user)) {
        if (store.getValue() == value) {
          invalidate(root, "its address is stored to memory");
          continue;
        }
        if (store.getVolatile_() ||
            store.getOrdering() != LLVM::AtomicOrdering::not_atomic)
          invalidate(root, "it is accessed by a volatile or atomic store");
        accessType = store.getValue().getType();
      } else if (auto gep = dyn_cast<LLVM::GEPOp>(user)) {
        if (gep.getBase() != value)
          invalidate(root, "it is used as a getelementptr index");
        continue;
      } else if (auto select = dyn_cast<LLVM::SelectOp>(user)) {
        if (rootOf.lookup(select) != root)
          invalidate(root, "a select mixes it with another pointer");
        continue;
      } else if (auto cmp = dyn_cast<LLVM::ICmpOp>(user)) {
        if (rootOf.lookup(cmp.getLhs()) != root ||
            rootOf.lookup(cmp.getRhs()) != root)
          invalidate(root, "it is compared with a pointer of another root");
        continue;
      } else if (isa<BranchOpInterface>(user)) {
        continue; // Checked through the successor's block argument.
      } else if (acceptLocalUse(root, value, user)) {
        continue;
      } else {
        invalidate(root, "it escapes through '" +
                             user->getName().getStringRef() + "'");
        continue;
      }
      RootInfo &info = roots[root];
      if (std::string why = checkElementType(accessType); !why.empty())
        invalidate(root, why);
      else if (!info.elementType)
        info.elementType = accessType;
      else if (info.elementType != accessType)
        invalidate(
            root, "it is accessed both as " +
                      llvm::formatv("{0} and {1}", info.elementType, accessType)
                          .str());
    }
  }
  checkBulkOps();
  checkConstantGlobals();
  // Every GEP must step in whole elements of its root.
  func.walk([&](LLVM::GEPOp gep) {
    Value root = rootOf.lookup(gep);
    std::optional<int64_t> size = root ? getElementSize(root) : std::nullopt;
    if (!size)
      return;
    Type current = gep.getElemType();
    bool first = true;
    for (auto index : gep.getIndices()) {
      if (!first) {
        auto array = dyn_cast<LLVM::LLVMArrayType>(current);
        if (!array) {
          invalidate(root, "it is indexed into a struct field");
          return;
        }
        current = array.getElementType();
      }
      first = false;
      int64_t stride = layout.getTypeSize(current).getFixedValue();
      if (std::optional<int64_t> constant = getConstantIndex(index)) {
        if ((*constant * stride) % *size != 0)
          invalidate(root, "it is indexed at a byte offset that is not a "
                           "whole element");
      } else if (DenseSet<Value> visiting;
                 !isMultipleOf(cast<Value>(index),
                               getRequiredMultiple(stride, *size), visiting)) {
        invalidate(root, "it is indexed with a stride that is not a whole "
                         "number of elements");
      }
    }
  });
}

/// Converts an integer GEP index to `index` (GEP indices are signed).
static Value toIndex(OpBuilder &builder, Location loc, Value value) {
  if (value.getType().isIndex())
    return value;
  return arith::IndexCastOp::create(builder, loc, builder.getIndexType(),
                                    value);
}

FailureOr<Value> RootRaiser::getOffset(Value pointer, OpBuilder &builder) {
  if (Value known = offsets.lookup(pointer))
    return known;
  Value root = rootOf.lookup(pointer);
  Location loc = pointer.getLoc();
  OpBuilder::InsertionGuard guard(builder);
  Value offset;
  if (pointer == root || isa<BlockArgument>(pointer)) {
    // Roots start at element 0; retyped block arguments are offsets.
    if (pointer != root) {
      offset = pointer;
    } else {
      builder.setInsertionPointToStart(&func.getBody().front());
      offset = arith::ConstantIndexOp::create(builder, loc, 0);
    }
  } else if (auto gep = pointer.getDefiningOp<LLVM::GEPOp>()) {
    FailureOr<Value> base = getOffset(gep.getBase(), builder);
    if (failed(base))
      return failure();
    builder.setInsertionPoint(gep);
    int64_t size = *getElementSize(root);
    offset = *base;
    Type current = gep.getElemType();
    bool first = true;
    for (auto index : gep.getIndices()) {
      if (!first)
        current = cast<LLVM::LLVMArrayType>(current).getElementType();
      first = false;
      int64_t bytes = layout.getTypeSize(current).getFixedValue();
      Value term;
      if (std::optional<int64_t> constant = getConstantIndex(index)) {
        term = arith::ConstantIndexOp::create(builder, loc,
                                              *constant * bytes / size);
      } else {
        // index * bytes / size, exact: the index is a multiple of
        // size / gcd(bytes, size) (checked above).
        int64_t multiple = getRequiredMultiple(bytes, size);
        int64_t stride = bytes * multiple / size;
        term = toIndex(builder, loc, cast<Value>(index));
        if (multiple != 1)
          term = arith::DivSIOp::create(
              builder, loc, term,
              arith::ConstantIndexOp::create(builder, loc, multiple));
        if (stride != 1)
          term = arith::MulIOp::create(
              builder, loc, term,
              arith::ConstantIndexOp::create(builder, loc, stride));
      }
      offset = arith::AddIOp::create(builder, loc, offset, term);
    }
  } else if (auto select = pointer.getDefiningOp<LLVM::SelectOp>()) {
    FailureOr<Value> onTrue = getOffset(select.getTrueValue(), builder);
    FailureOr<Value> onFalse = getOffset(select.getFalseValue(), builder);
    if (failed(onTrue) || failed(onFalse))
      return failure();
    builder.setInsertionPoint(select);
    offset = arith::SelectOp::create(builder, loc, select.getCondition(),
                                     *onTrue, *onFalse);
  } else {
    return failure();
  }
  return offsets[pointer] = offset;
}

/// Maps an LLVM integer comparison predicate to arith's.
static arith::CmpIPredicate convertPredicate(LLVM::ICmpPredicate predicate) {
  return static_cast<arith::CmpIPredicate>(static_cast<int>(predicate));
}

LogicalResult RootRaiser::rewriteAccesses() {
  OpBuilder builder(func.getContext());
  SmallVector<Operation *> dead;
  WalkResult walk = func.walk([&](Operation *op) {
    if (localOps.contains(op)) {
      Value pointer = op->getOperand(0); // the marker's or the bulk op's dst
      if (!isRaisedRoot(rootOf.lookup(pointer)))
        return WalkResult::advance();
      if (failed(rewriteLocalOp(op, builder)))
        return WalkResult::interrupt();
      dead.push_back(op);
      return WalkResult::advance();
    }
    // The address by operand, not getAddr(): a pointer block argument may
    // be retyped to its index already, which the typed accessor asserts on.
    Value address;
    if (auto load = dyn_cast<LLVM::LoadOp>(op))
      address = load->getOperand(0);
    else if (auto store = dyn_cast<LLVM::StoreOp>(op))
      address = store->getOperand(1);
    else if (auto cmp = dyn_cast<LLVM::ICmpOp>(op);
             cmp && rootOf.lookup(cmp.getLhs()))
      address = cmp.getLhs(); // a pointer compare (maybe retyped already)
    Value root = address ? rootOf.lookup(address) : Value();
    if (!root || !roots[root].invalid.empty() || !roots[root].elementType)
      return WalkResult::advance();
    FailureOr<Value> offset = getOffset(address, builder);
    if (failed(offset))
      return WalkResult::interrupt();
    builder.setInsertionPoint(op);
    Value memref = roots[root].memref;
    if (auto load = dyn_cast<LLVM::LoadOp>(op)) {
      load.replaceAllUsesWith(memref::LoadOp::create(builder, load.getLoc(),
                                                     memref,
                                                     ValueRange{*offset})
                                  .getResult());
    } else if (auto store = dyn_cast<LLVM::StoreOp>(op)) {
      memref::StoreOp::create(builder, store.getLoc(), store.getValue(), memref,
                              ValueRange{*offset});
    } else {
      auto cmp = cast<LLVM::ICmpOp>(op);
      FailureOr<Value> rhs = getOffset(cmp.getRhs(), builder);
      if (failed(rhs))
        return WalkResult::interrupt();
      builder.setInsertionPoint(op);
      cmp.replaceAllUsesWith(
          arith::CmpIOp::create(builder, cmp.getLoc(),
                                convertPredicate(cmp.getPredicate()), *offset,
                                *rhs)
              .getResult());
    }
    dead.push_back(op);
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  for (Operation *op : dead)
    op->erase();
  return success();
}

/// True if the root of `value` becomes a memref.
static bool isRaised(Value root,
                     const llvm::MapVector<Value, RootInfo> &roots) {
  auto it = roots.find(root);
  return root && it != roots.end() && it->second.invalid.empty() &&
         it->second.elementType;
}

bool RootRaiser::isRaisedRoot(Value root) const {
  return isRaised(root, roots);
}

void RootRaiser::retypeBlockArguments() {
  OpBuilder builder(func.getContext());
  // Forward offsets instead of pointers along every edge into a retyped
  // block argument; computed before any type changes.
  SmallVector<std::pair<OpOperand *, Value>> edges;
  SmallVector<BlockArgument> retyped;
  for (Block &block : func.getBody())
    for (BlockArgument arg : block.getArguments()) {
      if (block.isEntryBlock() || !isRaised(rootOf.lookup(arg), roots))
        continue;
      retyped.push_back(arg);
      for (auto it = block.pred_begin(); it != block.pred_end(); ++it) {
        auto branch = cast<BranchOpInterface>((*it)->getTerminator());
        MutableOperandRange forwarded =
            branch.getSuccessorOperands(it.getSuccessorIndex())
                .getMutableForwardedOperands();
        OpOperand &operand = forwarded[arg.getArgNumber()];
        edges.push_back({&operand, operand.get()});
      }
    }
  for (BlockArgument arg : retyped)
    arg.setType(builder.getIndexType());
  for (auto [operand, pointer] : edges) {
    FailureOr<Value> offset = getOffset(pointer, builder);
    if (succeeded(offset))
      operand->set(*offset);
  }
}

void RootRaiser::createMemrefs() {
  OpBuilder builder(func.getContext());
  SmallVector<Type> inputs(func.getArgumentTypes());
  for (auto &[root, info] : roots) {
    if (!info.invalid.empty()) {
      if (auto arg = dyn_cast<BlockArgument>(root))
        func.emitRemark() << "pointer argument #" << arg.getArgNumber()
                          << " stays an LLVM pointer (InstructionCore only): "
                          << info.invalid;
      else if (auto address = root.getDefiningOp<LLVM::AddressOfOp>()) {
        // The loop-hint strings are read by loom-attach-hints, not by the
        // kernel: nothing to tell the user.
        if (!address.getGlobalName().starts_with("loom.loop_hints"))
          address->emitRemark()
              << "constant global @" << address.getGlobalName()
              << " stays an LLVM pointer: " << info.invalid;
      } else
        root.getDefiningOp()->emitRemark()
            << "local allocation stays an LLVM pointer: " << info.invalid;
      continue;
    }
    if (!info.elementType)
      continue;
    if (root.getDefiningOp<LLVM::AddressOfOp>()) {
      info.memref = createConstantCopy(root, builder);
      continue;
    }
    if (auto arg = dyn_cast<BlockArgument>(root)) {
      auto type = MemRefType::get({ShapedType::kDynamic}, info.elementType);
      arg.setType(type);
      inputs[arg.getArgNumber()] = type;
      info.memref = arg;
      continue;
    }
    // Nested arrays are flattened: the memref counts scalar elements.
    auto alloca = root.getDefiningOp<LLVM::AllocaOp>();
    builder.setInsertionPoint(getAllocationPoint(root));
    APInt count;
    matchPattern(alloca.getArraySize(), m_ConstantInt(&count));
    int64_t elements =
        count.getSExtValue() *
        (layout.getTypeSize(alloca.getElemType()).getFixedValue() /
         *getElementSize(root));
    info.memref =
        memref::AllocaOp::create(builder, alloca.getLoc(),
                                 MemRefType::get({elements}, info.elementType));
  }
  func.setFunctionType(
      FunctionType::get(func.getContext(), inputs, func.getResultTypes()));
}

void RootRaiser::run() {
  assignRoots();
  checkUses();
  createMemrefs();
  retypeBlockArguments();
  if (failed(rewriteAccesses())) {
    func.emitError() << "internal error: a traced pointer has no offset";
    return;
  }
  // Address computations are dead now; erase users before definitions.
  bool erased = true;
  while (erased) {
    erased = false;
    func.walk([&](Operation *op) {
      if (isa<LLVM::GEPOp, LLVM::SelectOp, LLVM::AllocaOp, LLVM::AddressOfOp>(
              op) &&
          op->use_empty() && isRaised(rootOf.lookup(op->getResult(0)), roots)) {
        op->erase();
        erased = true;
      }
    });
  }
}

namespace {
struct RaiseMemrefRootsPass
    : loom::raising::impl::RaiseMemrefRootsPassBase<RaiseMemrefRootsPass> {
  void runOnOperation() override {
    getOperation().walk([](func::FuncOp func) {
      if (!func.isExternal())
        RootRaiser(func).run();
    });
  }
};
} // namespace
