//===- ImplicitInputs.cpp - globals and object fields as parameters -------===//
//
// Part of the Loom project.
//
// Before:                                 After:
//   @g = global [128 x float]               define void @k(ptr %obj, i32 %n,
//   define void @k(ptr %obj, i32 %n)                       ptr %g, ptr %f0)
//     %d = load ptr, ptr %obj   ; field 0     ... uses of @g -> %g
//     ... gep @g, ...                         ... uses of %d -> %f0
//
// The launch stub computes %g (the address of @g) and %f0 (the field at
// offset 0 of *obj) on the host at every call.
//
//===----------------------------------------------------------------------===//

#include "loom/KernelCompiler/ImplicitInputs.h"
#include "loom/Support/Demangle.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/ReplaceConstant.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;
using loom::compiler::ImplicitInput;

/// Constant globals this small are copied into a local array by the
/// raising (LocalArrays.cpp: at most 64 runs of values), which keeps the
/// table inside the graph; larger ones are read in place.
static constexpr uint64_t kMaxCopiedConstantElements = 64;

/// The number of scalar elements of `type` (arrays flattened), or 0 for a
/// type that is not an array of scalars.
static uint64_t getScalarElementCount(Type *type) {
  uint64_t count = 1;
  while (auto *array = dyn_cast<ArrayType>(type)) {
    count *= array->getNumElements();
    type = array->getElementType();
  }
  return type->isIntegerTy() || type->isFloatingPointTy() ? count : 0;
}

/// True for a small constant table the raising copies.
static bool isCopiedConstant(const GlobalVariable &global) {
  if (!global.isConstant() || !global.hasDefinitiveInitializer())
    return false;
  uint64_t count = getScalarElementCount(global.getValueType());
  return count != 0 && count <= kMaxCopiedConstantElements;
}

/// True for a constant global that only initializes local arrays (the
/// `@__const.k.t` a `int t[4] = {...}` is copied from): the raising turns
/// each such copy into stores of the known values, which needs no memory.
static bool isOnlyCopiedFrom(const GlobalVariable &global,
                             const Function &kernel) {
  if (!global.isConstant() || !global.hasDefinitiveInitializer())
    return false;
  bool used = false;
  for (const User *user : global.users()) {
    auto *inst = dyn_cast<Instruction>(user);
    if (!inst || inst->getFunction() != &kernel)
      continue;
    auto *copy = dyn_cast<MemCpyInst>(inst);
    if (!copy || copy->getSource() != &global || copy->getDest() == &global)
      return false;
    used = true;
  }
  return used;
}

/// The kernel's parameters whose AST type is a reference or pointer to a
/// class (`loom.signature` element `struct`): objects it reads fields of.
static SmallVector<bool> findObjectParameters(const Function &kernel) {
  SmallVector<bool> objects(kernel.arg_size(), false);
  SmallVector<StringRef> entries;
  kernel.getFnAttribute("loom.signature")
      .getValueAsString()
      .split(entries, ';');
  if (entries.size() != kernel.arg_size()) {
    // A class passed by value in registers (`std::span`) spreads over
    // several IR parameters, so the entries do not line up: take the
    // references then, which clang marks dereferenceable. Whatever they
    // refer to, a field is taken at the launch only if no store can
    // change it (addFieldPromotions).
    for (const Argument &arg : kernel.args())
      objects[arg.getArgNo()] =
          arg.getType()->isPointerTy() && arg.getDereferenceableBytes() > 0;
    return objects;
  }
  // A class passed by value that the C++ ABI passes indirectly (a
  // `std::vector<float>` copy) is a pointer to the caller's temporary.
  for (auto [i, entry] : llvm::enumerate(entries)) {
    StringRef kind = entry.split('=').second;
    objects[i] = kind.starts_with("ptr:struct") ||
                 (kind.starts_with("val:struct") &&
                  kernel.getArg(i)->getType()->isPointerTy());
  }
  return objects;
}

namespace {
/// A field of an object: its byte offset and the type it is loaded as.
using FieldKey = std::pair<uint64_t, Type *>;

/// Collects the loads at constant offsets from `base`; false if `base`
/// has any other use (it escapes, is written, or is indexed by a variable).
/// With `accessesOnly`, other loads and stores through GEP chains from
/// `base` are allowed too (and not collected): the object is also memory.
bool collectFieldLoads(Value *base, uint64_t offset, const DataLayout &layout,
                       MapVector<FieldKey, SmallVector<LoadInst *>> &fields,
                       bool accessesOnly = false) {
  auto isAccessThrough = [&](User *user) {
    if (auto *load = dyn_cast<LoadInst>(user))
      return load->isSimple() && load->getPointerOperand() == base;
    auto *store = dyn_cast<StoreInst>(user);
    return store && store->isSimple() && store->getPointerOperand() == base &&
           store->getValueOperand() != base;
  };
  for (User *user : base->users()) {
    if (accessesOnly && isa<StoreInst>(user)) {
      if (!isAccessThrough(user))
        return false;
      continue;
    }
    if (auto *load = dyn_cast<LoadInst>(user)) {
      if (!load->isSimple() || load->getPointerOperand() != base)
        return false;
      Type *type = load->getType();
      // What the runtime passes: i1 to i64, float, double, ptr.
      bool passable = type->isPointerTy() || type->isFloatTy() ||
                      type->isDoubleTy() ||
                      (type->isIntegerTy() &&
                       llvm::is_contained({1u, 8u, 16u, 32u, 64u},
                                          type->getIntegerBitWidth()));
      if (!passable && !accessesOnly)
        return false;
      if (passable)
        fields[{offset, type}].push_back(load);
      continue;
    }
    auto *gep = dyn_cast<GetElementPtrInst>(user);
    if (!gep || gep->getPointerOperand() != base)
      return false;
    APInt delta(layout.getIndexTypeSizeInBits(gep->getType()), 0);
    bool constant =
        gep->accumulateConstantOffset(layout, delta) && !delta.isNegative();
    if (!constant && !accessesOnly)
      return false;
    // A variable offset: only accesses may follow, none is a field.
    MapVector<FieldKey, SmallVector<LoadInst *>> ignored;
    if (!collectFieldLoads(gep, constant ? offset + delta.getZExtValue() : 0,
                           layout, constant ? fields : ignored, accessesOnly))
      return false;
  }
  return true;
}

/// What the rewritten kernel takes beyond its own parameters, with the
/// values each new parameter replaces.
struct Promotion {
  ImplicitInput input;
  Type *type = nullptr;
  /// Uses of a global inside the kernel (GlobalAddress).
  GlobalVariable *global = nullptr;
  /// Instructions that compute exactly the input (field loads, ptrtoint).
  SmallVector<Instruction *> replaced;
  /// Names the array of scalars this input is one typed view of (a global
  /// read as float and as int after `std::bit_cast`): views with one name
  /// start at one address, so the dependence analysis compares their
  /// indices. Empty otherwise, also for views of a struct, whose fields
  /// the flat indices no longer tell apart.
  std::string arrayView;
};

/// The one type the kernel loads and stores through `pointer` (and
/// pointers derived from it) with, or null.
Type *findAccessedType(Value *pointer) {
  SmallVector<Value *> worklist = {pointer};
  SmallPtrSet<Value *, 16> seen;
  Type *found = nullptr;
  while (!worklist.empty()) {
    Value *value = worklist.pop_back_val();
    if (!seen.insert(value).second)
      continue;
    for (User *user : value->users()) {
      Type *type = nullptr;
      if (auto *load = dyn_cast<LoadInst>(user))
        type = load->getType();
      else if (auto *store = dyn_cast<StoreInst>(user))
        type = store->getPointerOperand() == value
                   ? store->getValueOperand()->getType()
                   : nullptr;
      else if (isa<GetElementPtrInst, PHINode, SelectInst>(user))
        worklist.push_back(user);
      if (!type)
        continue;
      if (found && found != type)
        return nullptr;
      found = type;
    }
  }
  return found;
}

/// The `loom.signature` spelling of the element type the kernel accesses
/// `pointer` with ("f32", "i8"), or "" when there is not exactly one.
std::string getAccessedElementType(Value *pointer) {
  Type *found = findAccessedType(pointer);
  if (!found)
    return "";
  if (found->isFloatTy())
    return "f32";
  if (found->isDoubleTy())
    return "f64";
  if (auto *integer = dyn_cast<IntegerType>(found))
    return "i" + std::to_string(integer->getBitWidth());
  return "";
}
} // namespace

/// The globals the kernel uses, with constant-expression uses turned into
/// instructions of the kernel so each use can be replaced on its own.
static SmallVector<GlobalVariable *> collectGlobals(Function &kernel) {
  Module &module = *kernel.getParent();
  SmallVector<GlobalVariable *> globals;
  for (GlobalVariable &global : module.globals()) {
    if (global.isDeclaration() && !global.hasExternalLinkage())
      continue;
    // `llvm.*` is the toolchain's, `loom.*` the device preparation's own
    // (the loop-hint strings): neither is program memory.
    if (global.getName().starts_with("llvm.") ||
        global.getName().starts_with("loom."))
      continue;
    SmallVector<Constant *> constants = {&global};
    convertUsersOfConstantsToInstructions(constants, &kernel);
    if (isCopiedConstant(global) || isOnlyCopiedFrom(global, kernel))
      continue;
    if (llvm::any_of(global.users(), [&](User *user) {
          auto *inst = dyn_cast<Instruction>(user);
          return inst && inst->getFunction() == &kernel;
        }))
      globals.push_back(&global);
  }
  return globals;
}

/// The access of `inst` (a load's or store's address operand), or null.
static Use *getAccessedAddress(Instruction *inst) {
  if (auto *load = dyn_cast<LoadInst>(inst))
    return &load->getOperandUse(load->getPointerOperandIndex());
  if (auto *store = dyn_cast<StoreInst>(inst))
    return &store->getOperandUse(store->getPointerOperandIndex());
  return nullptr;
}

/// The views through which to pass `root` (a global or a pointer
/// parameter): itself when the kernel accesses it with one type (or in
/// ways other than loads and stores through GEPs), else one stand-in
/// global declaration per accessed type, each access re-addressed through
/// its own copy of its GEP chain. A memory
/// root has one element type; a `struct Config { int n; float scale; }`
/// read as an int and as floats becomes an i32 and an f32 root over the
/// same object, ordered like any two roots that may alias.
static SmallVector<Value *>
splitByAccessType(Value &root, Function &kernel,
                  const SmallPtrSetImpl<Instruction *> &ignored) {
  SmallVector<Use *> accesses;
  SmallVector<Value *> worklist = {&root};
  while (!worklist.empty()) {
    Value *value = worklist.pop_back_val();
    for (Use &use : value->uses()) {
      auto *inst = dyn_cast<Instruction>(use.getUser());
      if (!inst || inst->getFunction() != &kernel)
        continue;
      if (auto *gep = dyn_cast<GetElementPtrInst>(inst);
          gep && gep->getPointerOperand() == value) {
        worklist.push_back(gep);
        continue;
      }
      if (ignored.contains(inst))
        continue;
      Use *address = getAccessedAddress(inst);
      bool simple = isa<LoadInst>(inst)
                        ? cast<LoadInst>(inst)->isSimple()
                        : address && cast<StoreInst>(inst)->isSimple();
      if (!address || address != &use || !simple)
        return {&root};
      accesses.push_back(address);
    }
  }
  auto typeOf = [](Use *address) {
    auto *inst = cast<Instruction>(address->getUser());
    return isa<LoadInst>(inst)
               ? inst->getType()
               : cast<StoreInst>(inst)->getValueOperand()->getType();
  };
  MapVector<Type *, SmallVector<Use *>> byType;
  for (Use *address : accesses)
    byType[typeOf(address)].push_back(address);
  if (byType.size() < 2)
    return {&root};
  Module &module = *kernel.getParent();
  auto *global = dyn_cast<GlobalVariable>(&root);
  Type *valueType =
      global ? global->getValueType() : Type::getInt8Ty(module.getContext());
  SmallVector<Value *> views;
  SmallVector<Instruction *> oldChains;
  for (auto &[type, uses] : byType) {
    auto *view = new GlobalVariable(
        module, valueType, global && global->isConstant(),
        GlobalValue::ExternalLinkage, nullptr, "loom.view." + root.getName());
    views.push_back(view);
    for (Use *address : uses) {
      // Copy the chain from the global down to the access, so an address
      // shared by accesses of two types serves each through its view.
      SmallVector<GetElementPtrInst *> chain;
      for (Value *at = address->get(); at != &root;) {
        auto *gep = cast<GetElementPtrInst>(at);
        chain.push_back(gep);
        at = gep->getPointerOperand();
      }
      Value *base = view;
      auto *access = cast<Instruction>(address->getUser());
      for (GetElementPtrInst *gep : llvm::reverse(chain)) {
        auto *copy = cast<GetElementPtrInst>(gep->clone());
        copy->setOperand(0, base);
        copy->insertBefore(access->getIterator());
        oldChains.push_back(gep);
        base = copy;
      }
      address->set(base);
    }
  }
  // Chains share GEPs, and deleting one deletes the now dead GEPs it was
  // built on: weak handles see those go.
  SmallVector<WeakTrackingVH> dead(oldChains.begin(), oldChains.end());
  RecursivelyDeleteTriviallyDeadInstructionsPermissive(dead);
  return views;
}

/// Replaces `kernel` by a function of the same name that takes the
/// promoted inputs after its own parameters.
static Function *rebuildKernel(Function &kernel,
                               ArrayRef<Promotion> promotions) {
  SmallVector<Type *> params(kernel.getFunctionType()->params());
  for (const Promotion &promotion : promotions)
    params.push_back(promotion.type);
  auto *type = FunctionType::get(kernel.getReturnType(), params, false);
  Function *rebuilt =
      Function::Create(type, kernel.getLinkage(), kernel.getAddressSpace(), "",
                       kernel.getParent());
  rebuilt->copyAttributesFrom(&kernel);
  rebuilt->splice(rebuilt->begin(), &kernel);
  for (auto [from, to] : llvm::zip(kernel.args(), rebuilt->args())) {
    from.replaceAllUsesWith(&to);
    to.takeName(&from);
  }
  std::string viewHints;
  for (auto [i, promotion] : llvm::enumerate(promotions)) {
    Argument *param = rebuilt->getArg(kernel.arg_size() + i);
    param->setName(promotion.input.name);
    if (!promotion.arrayView.empty())
      viewHints += ";" + std::to_string(param->getArgNo()) +
                   ":array_view=" + promotion.arrayView;
    if (promotion.global)
      promotion.global->replaceUsesWithIf(param, [&](Use &use) {
        auto *inst = dyn_cast<Instruction>(use.getUser());
        return inst && inst->getFunction() == rebuilt;
      });
    for (Instruction *inst : promotion.replaced) {
      inst->replaceAllUsesWith(param);
      inst->eraseFromParent();
    }
  }
  // Travels with the parameter hints (DevicePreparation.h) into the
  // `loom.array_view` argument attribute.
  if (!viewHints.empty()) {
    std::string hints =
        rebuilt->getFnAttribute("loom.param_hints").getValueAsString().str();
    // viewHints starts with its separator.
    hints += hints.empty() ? viewHints.substr(1) : viewHints;
    rebuilt->addFnAttr("loom.param_hints", hints);
  }
  rebuilt->takeName(&kernel);
  kernel.eraseFromParent();
  return rebuilt;
}

/// Adds one PointerAddress promotion per `ptrtoint` type of each pointer
/// parameter; run once every pointer input is a parameter.
static void promotePointerAddresses(Function &kernel,
                                    SmallVectorImpl<Promotion> &promotions) {
  for (Argument &arg : kernel.args()) {
    if (!arg.getType()->isPointerTy())
      continue;
    MapVector<Type *, SmallVector<Instruction *>> casts;
    for (User *user : arg.users())
      if (auto *cast = dyn_cast<PtrToIntInst>(user))
        casts[cast->getType()].push_back(cast);
    for (auto &[type, insts] : casts) {
      Promotion promotion;
      promotion.input.kind = ImplicitInput::Kind::PointerAddress;
      promotion.input.base = arg.getArgNo();
      promotion.input.type = type;
      promotion.input.name =
          (arg.hasName() ? arg.getName() : "arg").str() + ".address";
      promotion.type = type;
      promotion.replaced = insts;
      promotions.push_back(std::move(promotion));
    }
  }
}

/// The pointer parameter `value` is an offset from (through GEPs, phis
/// and selects), or null when there is none or more than one.
static Argument *findBaseParameter(Value *value) {
  SmallVector<Value *> worklist = {value};
  SmallPtrSet<Value *, 16> seen;
  Argument *base = nullptr;
  while (!worklist.empty()) {
    Value *next = worklist.pop_back_val();
    if (!seen.insert(next).second)
      continue;
    if (auto *arg = dyn_cast<Argument>(next)) {
      if (base && base != arg)
        return nullptr;
      base = arg;
    } else if (auto *gep = dyn_cast<GetElementPtrInst>(next)) {
      worklist.push_back(gep->getPointerOperand());
    } else if (auto *phi = dyn_cast<PHINode>(next)) {
      llvm::append_range(worklist, phi->incoming_values());
    } else if (auto *select = dyn_cast<SelectInst>(next)) {
      worklist.push_back(select->getTrueValue());
      worklist.push_back(select->getFalseValue());
    } else {
      return nullptr;
    }
  }
  return base;
}

/// Rewrites each end pointer of an iterator pair: a pointer parameter
/// `%last` the kernel only compares with pointers into another parameter
/// `%first` (`for (; first != last; ++first)`, a range-for over a
/// `std::vector`) becomes `%first + (%last - %first) / sizeof(T)`, so
/// that both sides of every comparison point into one memory root, which
/// the raising turns into an index comparison. Exact for pointers into
/// one array of T, which is what comparing them requires.
static void rebaseEndPointers(Function &kernel) {
  const DataLayout &layout = kernel.getParent()->getDataLayout();
  for (Argument &last : kernel.args()) {
    if (!last.getType()->isPointerTy() || last.use_empty())
      continue;
    Argument *first = nullptr;
    bool onlyCompared = llvm::all_of(last.users(), [&](User *user) {
      auto *compare = dyn_cast<ICmpInst>(user);
      if (!compare)
        return false;
      Value *other = compare->getOperand(compare->getOperand(0) == &last);
      Argument *base = findBaseParameter(other);
      if (!base || base == &last || (first && base != first))
        return false;
      first = base;
      return true;
    });
    if (!onlyCompared || !first)
      continue;
    Type *elementType = findAccessedType(first);
    if (!elementType || !elementType->isSized())
      continue;
    IRBuilder<> builder(&*kernel.getEntryBlock().getFirstInsertionPt());
    Type *intType = layout.getIntPtrType(last.getType());
    Value *bytes = builder.CreateSub(builder.CreatePtrToInt(&last, intType),
                                     builder.CreatePtrToInt(first, intType));
    Value *count = builder.CreateExactSDiv(
        bytes, ConstantInt::get(intType, layout.getTypeAllocSize(elementType)));
    Value *rebased =
        builder.CreateInBoundsGEP(elementType, first, count, "loom.end");
    last.replaceUsesWithIf(
        rebased, [&](Use &use) { return isa<ICmpInst>(use.getUser()); });
  }
}

/// The types the kernel stores to memory that is not its own stack, with
/// every type for a memset/memcpy into such memory (it writes bytes of any
/// object it covers).
static SmallPtrSet<Type *, 8> collectStoredTypes(Function &kernel) {
  SmallPtrSet<Type *, 8> types;
  LLVMContext &context = kernel.getContext();
  Type *everyType[] = {
      Type::getInt1Ty(context),   Type::getInt8Ty(context),
      Type::getInt16Ty(context),  Type::getInt32Ty(context),
      Type::getInt64Ty(context),  Type::getFloatTy(context),
      Type::getDoubleTy(context), PointerType::getUnqual(context)};
  auto isStack = [](Value *pointer) {
    return isa<AllocaInst>(getUnderlyingObject(pointer));
  };
  for (Instruction &inst : instructions(kernel)) {
    if (auto *store = dyn_cast<StoreInst>(&inst)) {
      if (!isStack(store->getPointerOperand()))
        types.insert(store->getValueOperand()->getType());
      continue;
    }
    // memset/memcpy write bytes of whatever they cover, atomics any type.
    auto *set = dyn_cast<AnyMemIntrinsic>(&inst);
    auto *call = dyn_cast<CallBase>(&inst);
    bool harmless =
        call && (isa<IntrinsicInst>(call) ||
                 (call->getCalledFunction() &&
                  call->getCalledFunction()->getName().starts_with("__loom_")));
    bool writesAny = set ? !isStack(set->getRawDest())
                         : inst.mayWriteToMemory() && !harmless;
    if (writesAny)
      types.insert(std::begin(everyType), std::end(everyType));
  }
  return types;
}

/// Adds a FieldLoad promotion per field the kernel loads from the object
/// parameter `object` that no store can change; returns true when those
/// are all the object's uses, false when it is memory too (other fields,
/// accesses at variable offsets) or has a use that is no access (then
/// nothing is added).
static bool addFieldPromotions(Value *object, const DataLayout &layout,
                               StringRef objectName, unsigned base,
                               const SmallPtrSetImpl<Type *> &storedTypes,
                               SmallVectorImpl<Promotion> &promotions) {
  MapVector<FieldKey, SmallVector<LoadInst *>> fields;
  if (object->use_empty() ||
      !collectFieldLoads(object, 0, layout, fields, /*accessesOnly=*/true))
    return false;
  // A field is taken once per launch only if no store of the kernel can
  // change it: C++ lets a store of the field's type alias it (`int *cell`
  // pointing at `obj.count`, the kernel's own `obj.count++`), so such a
  // field stays memory, read in program order. Stores through `char` are
  // assumed not to rewrite an object's fields (docs/compiler.md).
  fields.remove_if(
      [&](auto &entry) { return storedTypes.contains(entry.first.second); });
  MapVector<FieldKey, SmallVector<LoadInst *>> all;
  bool onlyFields = collectFieldLoads(object, 0, layout, all);
  for (auto &[key, loads] : fields) {
    Promotion promotion;
    promotion.input.kind = ImplicitInput::Kind::FieldLoad;
    promotion.input.base = base;
    promotion.input.offset = key.first;
    promotion.input.type = key.second;
    promotion.input.name =
        (objectName + "[byte " + Twine(key.first) + "]").str();
    promotion.type = key.second;
    promotion.replaced.assign(loads.begin(), loads.end());
    if (key.second->isPointerTy())
      for (LoadInst *load : loads)
        if (std::string element = getAccessedElementType(load);
            !element.empty())
          promotion.input.elementType = element;
    promotions.push_back(std::move(promotion));
  }
  // True when nothing but the promoted fields is left of the object.
  return onlyFields && fields.size() == all.size();
}

std::vector<ImplicitInput>
loom::compiler::promoteImplicitInputs(Module &module, StringRef symbol) {
  Function *kernel = module.getFunction(symbol);
  if (!kernel || kernel->isDeclaration())
    return {};
  const DataLayout &layout = module.getDataLayout();
  SmallVector<Promotion> promotions;
  // A global is memory, read and written in program order like a pointer
  // argument's: never a snapshot, since a pointer argument may point into
  // it (a kernel storing through `int *cell` = &gCount and reading gCount).
  for (GlobalVariable *global : collectGlobals(*kernel)) {
    SmallVector<Value *> views =
        splitByAccessType(*global, *kernel, SmallPtrSet<Instruction *, 1>());
    for (Value *view : views) {
      Promotion promotion;
      if (views.size() > 1 && !global->getValueType()->isStructTy())
        promotion.arrayView = global->getName().str();
      promotion.input.kind = ImplicitInput::Kind::GlobalAddress;
      promotion.input.global = global->getName().str();
      promotion.input.type = global->getType();
      promotion.input.readOnly = global->isConstant();
      promotion.input.name = demangleSymbol(global->getName());
      promotion.input.elementType = getAccessedElementType(view);
      promotion.type = global->getType();
      promotion.global = cast<GlobalVariable>(view);
      promotions.push_back(std::move(promotion));
    }
  }
  SmallPtrSet<Type *, 8> storedTypes = collectStoredTypes(*kernel);
  SmallVector<bool> objects = findObjectParameters(*kernel);
  for (Argument &arg : kernel->args()) {
    std::string name = arg.hasName() ? arg.getName().str()
                                     : "#" + std::to_string(arg.getArgNo());
    if (!objects[arg.getArgNo()] ||
        addFieldPromotions(&arg, layout, name, arg.getArgNo(), storedTypes,
                           promotions))
      continue;
    // An object whose fields a store may change is memory: one root per
    // type its fields are read as, each the argument itself.
    SmallPtrSet<Instruction *, 8> promoted;
    for (Promotion &promotion : promotions)
      if (promotion.input.kind == ImplicitInput::Kind::FieldLoad &&
          promotion.input.base == arg.getArgNo())
        promoted.insert(promotion.replaced.begin(), promotion.replaced.end());
    SmallVector<Value *> views = splitByAccessType(arg, *kernel, promoted);
    if (views.size() < 2)
      continue;
    for (Value *view : views) {
      Promotion promotion;
      promotion.input.kind = ImplicitInput::Kind::ArgumentAlias;
      promotion.input.base = arg.getArgNo();
      promotion.input.type = arg.getType();
      promotion.input.name = name;
      promotion.input.elementType = getAccessedElementType(view);
      promotion.type = arg.getType();
      promotion.global = cast<GlobalVariable>(view);
      promotions.push_back(std::move(promotion));
    }
  }
  if (!promotions.empty())
    kernel = rebuildKernel(*kernel, promotions);
  // Now every pointer input is a parameter.
  rebaseEndPointers(*kernel);
  SmallVector<Promotion> addresses;
  promotePointerAddresses(*kernel, addresses);
  if (!addresses.empty())
    rebuildKernel(*kernel, addresses);
  std::vector<ImplicitInput> inputs;
  for (Promotion &promotion : promotions)
    inputs.push_back(std::move(promotion.input));
  for (Promotion &promotion : addresses)
    inputs.push_back(std::move(promotion.input));
  return inputs;
}
