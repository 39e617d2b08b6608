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
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/ReplaceConstant.h"

using namespace llvm;
using loom::compiler::ImplicitInput;

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
  if (entries.size() != kernel.arg_size())
    return objects;
  for (auto [i, entry] : llvm::enumerate(entries))
    objects[i] = entry.split('=').second.starts_with("ptr:struct");
  return objects;
}

namespace {
/// A field of an object: its byte offset and the type it is loaded as.
using FieldKey = std::pair<uint64_t, Type *>;

/// Collects the loads at constant offsets from `base`; false if `base`
/// has any other use (it escapes, is written, or is indexed by a variable).
bool collectFieldLoads(Value *base, uint64_t offset, const DataLayout &layout,
                       MapVector<FieldKey, SmallVector<LoadInst *>> &fields) {
  for (User *user : base->users()) {
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
      if (!passable)
        return false;
      fields[{offset, type}].push_back(load);
      continue;
    }
    auto *gep = dyn_cast<GetElementPtrInst>(user);
    APInt delta(
        layout.getIndexTypeSizeInBits(gep ? gep->getType() : base->getType()),
        0);
    if (!gep || gep->getPointerOperand() != base ||
        !gep->accumulateConstantOffset(layout, delta) || delta.isNegative() ||
        !collectFieldLoads(gep, offset + delta.getZExtValue(), layout, fields))
      return false;
  }
  return true;
}

/// A name for the field at `offset` of parameter `param`.
std::string describeField(const Argument &param, uint64_t offset) {
  std::string base = param.hasName() ? param.getName().str()
                                     : "#" + std::to_string(param.getArgNo());
  return base + "[byte " + std::to_string(offset) + "]";
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
};

/// Finds the element type the kernel accesses `pointer` with, if one.
std::string getAccessedElementType(Value *pointer) {
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
        return "";
      found = type;
    }
  }
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
    if (isOnlyCopiedFrom(global, kernel))
      continue;
    if (llvm::any_of(global.users(), [&](User *user) {
          auto *inst = dyn_cast<Instruction>(user);
          return inst && inst->getFunction() == &kernel;
        }))
      globals.push_back(&global);
  }
  return globals;
}

/// Replaces `kernel` by a function of the same name that takes the
/// promoted inputs after its own parameters.
static void rebuildKernel(Function &kernel, ArrayRef<Promotion> promotions) {
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
  for (auto [i, promotion] : llvm::enumerate(promotions)) {
    Argument *param = rebuilt->getArg(kernel.arg_size() + i);
    param->setName(promotion.input.name);
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
  rebuilt->takeName(&kernel);
  kernel.eraseFromParent();
}

/// Adds one PointerAddress promotion per `ptrtoint` of a pointer
/// parameter (own or promoted), shared by equal ones.
static void promotePointerAddresses(Function &kernel,
                                    SmallVectorImpl<Promotion> &promotions) {
  // The pointer values with a parameter index, own and promoted.
  SmallVector<std::pair<Value *, unsigned>> pointers;
  for (Argument &arg : kernel.args())
    if (arg.getType()->isPointerTy())
      pointers.push_back({&arg, arg.getArgNo()});
  unsigned count = promotions.size();
  for (unsigned i = 0; i < count; ++i) {
    if (!promotions[i].type->isPointerTy())
      continue;
    unsigned index = kernel.arg_size() + i;
    if (promotions[i].global)
      pointers.push_back({promotions[i].global, index});
    for (Instruction *inst : promotions[i].replaced)
      pointers.push_back({inst, index});
  }
  for (auto [pointer, index] : pointers) {
    MapVector<Type *, SmallVector<Instruction *>> casts;
    for (User *user : pointer->users())
      if (auto *cast = dyn_cast<PtrToIntInst>(user);
          cast && cast->getFunction() == &kernel)
        casts[cast->getType()].push_back(cast);
    for (auto &[type, insts] : casts) {
      Promotion promotion;
      promotion.input.kind = ImplicitInput::Kind::PointerAddress;
      promotion.input.base = index;
      promotion.input.type = type;
      promotion.input.name = "address of #" + std::to_string(index);
      promotion.type = type;
      promotion.replaced = insts;
      promotions.push_back(std::move(promotion));
    }
  }
}

std::vector<ImplicitInput>
loom::compiler::promoteImplicitInputs(Module &module, StringRef symbol) {
  Function *kernel = module.getFunction(symbol);
  if (!kernel || kernel->isDeclaration())
    return {};
  const DataLayout &layout = module.getDataLayout();
  SmallVector<Promotion> promotions;
  for (GlobalVariable *global : collectGlobals(*kernel)) {
    Promotion promotion;
    promotion.input.kind = ImplicitInput::Kind::GlobalAddress;
    promotion.input.global = global->getName().str();
    promotion.input.type = global->getType();
    promotion.input.readOnly = global->isConstant();
    promotion.input.name = demangleSymbol(global->getName());
    promotion.input.elementType = getAccessedElementType(global);
    promotion.type = global->getType();
    promotion.global = global;
    promotions.push_back(std::move(promotion));
  }
  SmallVector<bool> objects = findObjectParameters(*kernel);
  for (Argument &arg : kernel->args()) {
    MapVector<FieldKey, SmallVector<LoadInst *>> fields;
    if (!objects[arg.getArgNo()] || !collectFieldLoads(&arg, 0, layout, fields))
      continue;
    for (auto &[key, loads] : fields) {
      Promotion promotion;
      promotion.input.kind = ImplicitInput::Kind::FieldLoad;
      promotion.input.base = arg.getArgNo();
      promotion.input.offset = key.first;
      promotion.input.type = key.second;
      promotion.input.name = describeField(arg, key.first);
      promotion.type = key.second;
      promotion.replaced.assign(loads.begin(), loads.end());
      if (key.second->isPointerTy())
        for (LoadInst *load : loads)
          if (std::string element = getAccessedElementType(load);
              !element.empty())
            promotion.input.elementType = element;
      promotions.push_back(std::move(promotion));
    }
  }
  promotePointerAddresses(*kernel, promotions);
  if (promotions.empty())
    return {};
  rebuildKernel(*kernel, promotions);
  std::vector<ImplicitInput> inputs;
  for (Promotion &promotion : promotions)
    inputs.push_back(std::move(promotion.input));
  return inputs;
}
