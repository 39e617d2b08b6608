//===- HintLowering.cpp - Loom hints into LLVM IR ------------------------===//
//
// Part of the Loom project.
//
// Clang leaves Loom's hints in three carriers: `llvm.global.annotations`
// entries for function hints, `llvm.var.annotation` calls for parameter and
// variable hints, and `llvm.annotation` calls feeding a `switch` in front of
// each hinted loop (one per count of the hint). This pass rewrites all three
// into the documented IR schema and removes the carriers, so later stages
// see plain attributes and metadata.
//
//===----------------------------------------------------------------------===//

#include "HintLowering.h"
#include "Hints.h"

#include "loom/Driver/Remarks.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/CodeExtractor.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;
using namespace loom;
using namespace loom::plugin;

/// Returns the C string a global constant holds, if `value` points to one.
static std::optional<std::string> readCString(const Value *value) {
  const auto *global = dyn_cast<GlobalVariable>(value->stripPointerCasts());
  if (!global || !global->hasInitializer())
    return std::nullopt;
  const auto *data = dyn_cast<ConstantDataArray>(global->getInitializer());
  if (!data || !data->isCString())
    return std::nullopt;
  return data->getAsCString().str();
}

/// Renders one annotation argument as text: integers in decimal, strings
/// as themselves.
static std::optional<std::string> renderArg(const Value *value) {
  if (const auto *integer = dyn_cast<ConstantInt>(value))
    return std::to_string(integer->getSExtValue());
  return readCString(value);
}

/// Reads the argument struct clang emits for `annotate("x", args...)`.
static SmallVector<std::string> readAnnotationArgs(const Value *argsPtr) {
  SmallVector<std::string> args;
  const auto *global = dyn_cast_or_null<GlobalVariable>(
      argsPtr ? argsPtr->stripPointerCasts() : nullptr);
  if (!global || !global->hasInitializer())
    return args;
  const auto *fields = dyn_cast<ConstantStruct>(global->getInitializer());
  if (!fields)
    return args;
  for (const Use &field : fields->operands())
    if (std::optional<std::string> text = renderArg(field.get()))
      args.push_back(*text);
  return args;
}

/// The user-visible name of `function`: the demangled qualified name
/// without parameters (with them if `withParams`), or the symbol itself for
/// C names.
static std::string getSourceName(const Function &function,
                                 bool withParams = false) {
  // The demangler keeps pointers into its input: keep it alive.
  std::string symbol = function.getName().str();
  ItaniumPartialDemangler demangler;
  if (demangler.partialDemangle(symbol.c_str()))
    return symbol;
  size_t size = 0;
  char *name = demangler.getFunctionName(nullptr, &size);
  if (!name)
    return symbol;
  std::string result(name);
  std::free(name);
  if (char *params = withParams
                         ? demangler.getFunctionParameters(nullptr, &size)
                         : nullptr) {
    result += params;
    std::free(params);
  }
  return result;
}

static std::string joinArgs(ArrayRef<std::string> args) {
  std::string text;
  for (auto [i, arg] : llvm::enumerate(args))
    text += (i ? "," : "") + arg;
  return text;
}

//===----------------------------------------------------------------------===//
// Function hints
//===----------------------------------------------------------------------===//

namespace {
/// What the lowering remembers across functions: the kernels named after
/// their function, whose names must be made unique at the end, and the
/// strings the removed carriers used.
struct LoweringState {
  struct DefaultName {
    Function *kernel;
    Function *origin; ///< the function the name derives from
    std::string suffix;
  };
  SmallVector<DefaultName> defaultNames;
  SetVector<GlobalVariable *> deadCarrierStrings;
  /// Loop hints the AST checker ignored (getLoopHintKey() keys).
  const StringSet<> *ignoredLoopHints = nullptr;
};
} // namespace

/// Applies one function-level annotation `loom.<hint>` to `function`.
static void applyFunctionHint(Function &function, StringRef hint,
                              ArrayRef<std::string> args, StringRef location,
                              LoweringState &state) {
  if (hint.consume_front("signature=")) {
    function.addFnAttr("loom.signature", hint);
  } else if (hint.consume_front("location=")) {
    // The exact location from the AST wins over the annotation's line.
    function.addFnAttr("loom.location", hint);
  } else if (hint == "accel" || hint == "candidate") {
    if (args.empty())
      state.defaultNames.push_back({&function, &function, ""});
    function.addFnAttr("loom.kernel",
                       args.empty() ? getSourceName(function) : args.front());
    if (!function.hasFnAttribute("loom.location"))
      function.addFnAttr("loom.location", location);
  } else if (hint == "no_accel") {
    function.addFnAttr("loom.no_accel");
  } else if (hint == "target" && !args.empty()) {
    function.addFnAttr("loom.target", args.front());
  }
}

/// `!{!"<hint>", !"<arg>", ...}`, one entry of `!loom.hints`.
static MDNode *buildVariableHint(LLVMContext &context, StringRef hint,
                                 ArrayRef<std::string> args) {
  SmallVector<Metadata *> ops = {MDString::get(context, hint)};
  for (const std::string &arg : args)
    ops.push_back(MDString::get(context, arg));
  return MDNode::get(context, ops);
}

/// Attaches `!loom.hints !{!{hint...}, !{hint...}}` to each object.
template <typename T>
static void
attachVariableHints(LLVMContext &context,
                    const MapVector<T *, SmallVector<Metadata *, 2>> &hints) {
  for (const auto &[object, entries] : hints)
    object->setMetadata("loom.hints", MDNode::get(context, entries));
}

/// Consumes the `loom.*` entries of `llvm.global.annotations`.
static void lowerGlobalAnnotations(Module &module, LoweringState &state) {
  GlobalVariable *annotations =
      module.getGlobalVariable("llvm.global.annotations");
  if (!annotations || !annotations->hasInitializer())
    return;
  auto *array = dyn_cast<ConstantArray>(annotations->getInitializer());
  if (!array)
    return;
  SmallVector<Constant *> kept;
  // Strings and argument structs only the consumed entries used.
  SetVector<GlobalVariable *> carriers;
  MapVector<GlobalVariable *, SmallVector<Metadata *, 2>> globalHints;
  for (Use &use : array->operands()) {
    auto *entry = cast<ConstantStruct>(use.get());
    std::optional<std::string> name = readCString(entry->getOperand(1));
    StringRef hint = name ? StringRef(*name) : StringRef();
    if (!hint.consume_front(kAnnotationPrefix)) {
      kept.push_back(entry);
      continue;
    }
    std::string location =
        readCString(entry->getOperand(2)).value_or("") + ":" +
        std::to_string(cast<ConstantInt>(entry->getOperand(3))->getZExtValue());
    SmallVector<std::string> args = readAnnotationArgs(entry->getOperand(4));
    for (unsigned i : {4u, 1u, 2u})
      if (auto *global = dyn_cast<GlobalVariable>(
              entry->getOperand(i)->stripPointerCasts()))
        carriers.insert(global);
    Value *target = entry->getOperand(0)->stripPointerCasts();
    if (auto *function = dyn_cast<Function>(target))
      applyFunctionHint(*function, hint, args, location, state);
    else if (auto *global = dyn_cast<GlobalVariable>(target))
      globalHints[global].push_back(
          buildVariableHint(module.getContext(), hint, args));
  }
  attachVariableHints(module.getContext(), globalHints);
  if (kept.size() == array->getNumOperands())
    return;
  if (kept.empty()) {
    annotations->eraseFromParent();
  } else {
    auto *type =
        ArrayType::get(array->getType()->getElementType(), kept.size());
    auto *replacement = new GlobalVariable(
        module, type, annotations->isConstant(), annotations->getLinkage(),
        ConstantArray::get(type, kept), "", annotations);
    replacement->setSection(annotations->getSection());
    replacement->takeName(annotations);
    annotations->eraseFromParent();
  }
  // An argument struct may use strings: erase until nothing more is free.
  bool erased = true;
  while (erased) {
    erased = false;
    for (GlobalVariable *global : carriers.takeVector()) {
      global->removeDeadConstantUsers();
      if (global->use_empty() && global->isDiscardableIfUnused()) {
        global->eraseFromParent();
        erased = true;
      } else {
        carriers.insert(global);
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// Parameter and variable hints
//===----------------------------------------------------------------------===//

/// Returns the argument whose spill slot `slot` is, if any.
static Argument *getSpilledArgument(AllocaInst *slot) {
  for (User *user : slot->users())
    if (auto *store = dyn_cast<StoreInst>(user))
      if (store->getPointerOperand() == slot)
        if (auto *arg = dyn_cast<Argument>(store->getValueOperand()))
          return arg;
  return nullptr;
}

/// Consumes `llvm.var.annotation` calls that carry Loom hints.
static void lowerVariableAnnotations(Function &function, LoweringState &state) {
  SmallVector<IntrinsicInst *> carriers;
  for (Instruction &inst : instructions(function))
    if (auto *call = dyn_cast<IntrinsicInst>(&inst))
      if (call->getIntrinsicID() == Intrinsic::var_annotation)
        carriers.push_back(call);
  LLVMContext &context = function.getContext();
  MapVector<AllocaInst *, SmallVector<Metadata *, 2>> localHints;
  for (IntrinsicInst *call : carriers) {
    std::optional<std::string> name = readCString(call->getArgOperand(1));
    StringRef hint = name ? StringRef(*name) : StringRef();
    if (!hint.consume_front(kAnnotationPrefix))
      continue;
    SmallVector<std::string> args = readAnnotationArgs(call->getArgOperand(4));
    auto *slot =
        dyn_cast<AllocaInst>(call->getArgOperand(0)->stripPointerCasts());
    if (Argument *arg = slot ? getSpilledArgument(slot) : nullptr) {
      function.addParamAttr(
          arg->getArgNo(),
          Attribute::get(context, ("loom." + hint).str(), joinArgs(args)));
    } else if (slot) {
      localHints[slot].push_back(buildVariableHint(context, hint, args));
    }
    for (unsigned i : {1u, 2u, 4u})
      if (auto *global = dyn_cast<GlobalVariable>(
              call->getArgOperand(i)->stripPointerCasts()))
        state.deadCarrierStrings.insert(global);
    call->eraseFromParent();
  }
  attachVariableHints(context, localHints);
}

//===----------------------------------------------------------------------===//
// Loop hints
//===----------------------------------------------------------------------===//

namespace {
/// One `switch (llvm.annotation(<count>, "loom.<hint>...")) default:`
/// carrier.
struct LoopCarrier {
  IntrinsicInst *call;
  SwitchInst *branch;
  LoopCarrierText text;
};
} // namespace

/// Returns the carrier whose switch terminates `block`, if any.
static std::optional<LoopCarrier> getCarrier(BasicBlock &block) {
  auto *branch = dyn_cast<SwitchInst>(block.getTerminator());
  if (!branch)
    return std::nullopt;
  Value *condition = branch->getCondition();
  if (auto *cast = dyn_cast<CastInst>(condition))
    condition = cast->getOperand(0);
  auto *call = dyn_cast<IntrinsicInst>(condition);
  if (!call || call->getIntrinsicID() != Intrinsic::annotation)
    return std::nullopt;
  std::optional<std::string> text = readCString(call->getArgOperand(1));
  std::optional<LoopCarrierText> parsed =
      text ? parseLoopCarrier(*text) : std::nullopt;
  if (!parsed)
    return std::nullopt;
  return LoopCarrier{call, branch, std::move(*parsed)};
}

/// Follows straight-line code (and stacked carriers) from the carrier in
/// `start` to the header of the loop it wraps. Returns null if the path
/// branches first, or reaches a block that other code also enters: such a
/// join belongs to the code after the hinted statement, which then was no
/// loop after code generation. The wrapped loop's own back edges are no
/// such entries.
static Loop *findWrappedLoop(BasicBlock *start, LoopInfo &loops) {
  SmallPtrSet<BasicBlock *, 8> chain = {start};
  BasicBlock *block = getCarrier(*start)->branch->getDefaultDest();
  for (unsigned steps = 0; block && steps < 64; ++steps) {
    Loop *loop = loops.isLoopHeader(block) ? loops.getLoopFor(block) : nullptr;
    for (BasicBlock *pred : predecessors(block))
      if (!chain.contains(pred) && !(loop && loop->contains(pred)))
        return nullptr;
    if (loop)
      return loop;
    chain.insert(block);
    if (std::optional<LoopCarrier> next = getCarrier(*block))
      block = next->branch->getDefaultDest();
    else if (auto *invoke = dyn_cast<InvokeInst>(block->getTerminator()))
      block = invoke->getNormalDest();
    else
      block = block->getUniqueSuccessor();
  }
  return nullptr;
}

/// Adds `entry` to the loop's `!llvm.loop` node, keeping what is there.
static void addLoopMetadata(Loop *loop, MDNode *entry) {
  LLVMContext &context = entry->getContext();
  SmallVector<Metadata *> ops = {nullptr};
  if (MDNode *id = loop->getLoopID())
    ops.append(id->op_begin() + 1, id->op_end());
  ops.push_back(entry);
  MDNode *id = MDNode::getDistinct(context, ops);
  id->replaceOperandWith(0, id);
  loop->setLoopID(id);
}

/// Tags every loop that stores to a `LOOM_REDUCE` local with
/// `!{!"loom.reduce", !"<op>", !""}`: the variable hint does not survive
/// SROA, and the ownership stage must know that the value such a loop
/// carries between iterations is a declared reduction, not a dependence
/// the programmer overlooked.
static void markReductionLoops(Function &function) {
  SmallVector<std::pair<AllocaInst *, std::string>> reductions;
  for (Instruction &inst : instructions(function)) {
    auto *slot = dyn_cast<AllocaInst>(&inst);
    MDNode *hints = slot ? slot->getMetadata("loom.hints") : nullptr;
    if (!hints)
      continue;
    for (const MDOperand &op : hints->operands()) {
      auto *entry = dyn_cast<MDNode>(op.get());
      auto *name = entry && entry->getNumOperands() == 2
                       ? dyn_cast<MDString>(entry->getOperand(0))
                       : nullptr;
      if (name && name->getString() == "reduce")
        if (auto *reduceOp = dyn_cast<MDString>(entry->getOperand(1)))
          reductions.push_back({slot, reduceOp->getString().str()});
    }
  }
  if (reductions.empty())
    return;
  DominatorTree dominators(function);
  LoopInfo loops(dominators);
  LLVMContext &context = function.getContext();
  SetVector<std::pair<Loop *, StringRef>> marked;
  for (auto &[slot, reduceOp] : reductions)
    for (User *user : slot->users()) {
      auto *store = dyn_cast<StoreInst>(user);
      if (!store || store->getPointerOperand() != slot)
        continue;
      for (Loop *loop = loops.getLoopFor(store->getParent()); loop;
           loop = loop->getParentLoop())
        if (marked.insert({loop, reduceOp}))
          addLoopMetadata(
              loop, MDNode::get(context, {MDString::get(context, "loom.reduce"),
                                          MDString::get(context, reduceOp),
                                          MDString::get(context, "")}));
    }
}

/// Builds `!{!"loom.<hint>", counts..., words..., !"<file:line:col>"}` from
/// the carriers of one hint (one per count, in argument order). A hint with
/// one optional count (parallel, unroll) carries 0 when it has none: a count
/// is positive.
static MDNode *buildHintEntry(ArrayRef<const LoopCarrier *> pieces) {
  const LoopCarrierText &text = pieces.front()->text;
  LLVMContext &context = pieces.front()->call->getContext();
  SmallVector<Metadata *> ops = {MDString::get(
      context, (Twine(kAnnotationPrefix) + text.hint->spelling).str())};
  SmallVector<const LoopCarrier *, 4> sorted(pieces);
  llvm::sort(sorted, [](const LoopCarrier *a, const LoopCarrier *b) {
    return a->text.argIndex.value_or(0) < b->text.argIndex.value_or(0);
  });
  for (const LoopCarrier *piece : sorted) {
    auto *count = dyn_cast<ConstantInt>(piece->call->getArgOperand(0));
    if (count && (piece->text.argIndex || !count->isZero()))
      ops.push_back(ConstantAsMetadata::get(count));
  }
  for (const std::string &word : text.words)
    ops.push_back(MDString::get(context, word));
  ops.push_back(MDString::get(context, text.location));
  return MDNode::get(context, ops);
}

/// Replaces a carrier by a branch to the statement it wraps and remembers
/// the strings it used.
static void eraseCarrier(const LoopCarrier &carrier, LoweringState &state) {
  Value *condition = carrier.branch->getCondition();
  BranchInst::Create(carrier.branch->getDefaultDest(),
                     carrier.branch->getIterator());
  carrier.branch->eraseFromParent();
  if (condition != carrier.call)
    cast<Instruction>(condition)->eraseFromParent();
  SmallVector<Value *, 4> operands(carrier.call->args());
  carrier.call->eraseFromParent();
  for (Value *operand : operands) {
    if (auto *global = dyn_cast<GlobalVariable>(operand->stripPointerCasts()))
      state.deadCarrierStrings.insert(global);
    RecursivelyDeleteTriviallyDeadInstructions(operand);
  }
}

/// Moves every carrier of `function` onto its loop; returns the loops
/// marked as offload candidates with their locations.
static SmallVector<std::pair<BasicBlock *, std::string>>
lowerLoopCarriers(Function &function, LoweringState &state) {
  SmallVector<std::pair<BasicBlock *, LoopCarrier>> carriers;
  for (BasicBlock &block : function)
    if (std::optional<LoopCarrier> carrier = getCarrier(block))
      carriers.push_back({&block, *carrier});
  SmallVector<std::pair<BasicBlock *, std::string>> candidates;
  if (carriers.empty())
    return candidates;
  DominatorTree dominators(function);
  LoopInfo loops(dominators);
  // The carriers of one hint (one per count) share its loop, name and
  // location; blocks come in source order.
  using Key = std::tuple<Loop *, StringRef, StringRef>;
  MapVector<Key, SmallVector<const LoopCarrier *, 4>> hints;
  for (auto &[block, carrier] : carriers) {
    Loop *loop = findWrappedLoop(block, loops);
    hints[{loop, carrier.text.hint->spelling, carrier.text.location}].push_back(
        &carrier);
  }
  for (auto &[key, pieces] : hints) {
    auto [loop, hint, location] = key;
    // Its -Wloom-hint warning said so; it must not reach any loop.
    if (state.ignoredLoopHints->contains(getLoopHintKey(hint, location)))
      continue;
    if (!loop)
      emitRemark(function, RemarkKind::Missed, "LoopHintDropped", location,
                 "loop hint '" + hint +
                     "' dropped: the statement it precedes is not a loop "
                     "after code generation");
    else if (hint == "candidate")
      candidates.push_back({loop->getHeader(), location.str()});
    else
      addLoopMetadata(loop, buildHintEntry(pieces));
  }
  // Remove the carriers only now: they may be stacked on one loop.
  for (auto &[block, carrier] : carriers)
    eraseCarrier(carrier, state);
  return candidates;
}

/// Whether `function` invokes something or has a landing pad: the code that
/// needs a personality function.
static bool hasExceptionHandling(const Function &function) {
  for (const BasicBlock &block : function)
    for (const Instruction &instruction : block)
      if (instruction.isEHPad() || isa<InvokeInst>(instruction))
        return true;
  return false;
}

/// Whether the loop only reads the local variable `slot`: every use of the
/// slot is a direct load or store of its own type (its address never
/// escapes, so nothing else can write it), no store and no lifetime marker
/// is inside the loop, and the loop loads it at least once.
static bool isReadOnlyVariable(const AllocaInst &slot, const Loop &loop) {
  Type *type = slot.getAllocatedType();
  if (slot.isArrayAllocation() ||
      !(type->isPointerTy() || type->isIntegerTy() ||
        type->isFloatingPointTy()))
    return false;
  bool loaded = false;
  for (const User *user : slot.users()) {
    const auto *instruction = cast<Instruction>(user);
    if (const auto *load = dyn_cast<LoadInst>(instruction)) {
      if (!load->isSimple() || load->getType() != type)
        return false;
      loaded |= loop.contains(load);
    } else if (const auto *store = dyn_cast<StoreInst>(instruction)) {
      if (store->getPointerOperand() != &slot || !store->isSimple() ||
          store->getValueOperand()->getType() != type || loop.contains(store))
        return false;
    } else if (!instruction->isLifetimeStartOrEnd() ||
               loop.contains(instruction)) {
      return false;
    }
  }
  return loaded;
}

/// Makes the loop read each local variable it never writes from one load
/// in front of the loop, so the outlined kernel receives the variable's
/// value instead of its address. Before optimization every local variable
/// is a stack slot: passed by address, a pointer variable (`int *p`, a
/// pointer parameter) would make the kernel load its data pointer from
/// memory, which the device compiler cannot turn into dataflow.
static void forwardReadOnlyVariables(Loop &loop) {
  BasicBlock *entry = loop.getLoopPredecessor();
  if (!entry)
    return;
  SetVector<AllocaInst *> slots;
  for (BasicBlock *block : loop.blocks())
    for (Instruction &instruction : *block)
      if (auto *load = dyn_cast<LoadInst>(&instruction))
        if (auto *slot = dyn_cast<AllocaInst>(load->getPointerOperand()))
          slots.insert(slot);
  for (AllocaInst *slot : slots) {
    if (!isReadOnlyVariable(*slot, loop))
      continue;
    auto *value =
        new LoadInst(slot->getAllocatedType(), slot, slot->getName() + ".value",
                     entry->getTerminator()->getIterator());
    for (User *user : make_early_inc_range(slot->users()))
      if (auto *load = dyn_cast<LoadInst>(user); load && loop.contains(load)) {
        load->replaceAllUsesWith(value);
        load->eraseFromParent();
      }
  }
}

/// Outlines the loop headed by `header` into a new kernel function.
static void outlineCandidate(Function &function, BasicBlock *header,
                             StringRef location, unsigned ordinal,
                             LoweringState &state) {
  DominatorTree dominators(function);
  LoopInfo loops(dominators);
  Loop *loop = loops.getLoopFor(header);
  if (!loop || loop->getHeader() != header)
    return;
  forwardReadOnlyVariables(*loop);
  CodeExtractor extractor(loop->getBlocks(), &dominators,
                          /*AggregateArgs=*/false, /*BFI=*/nullptr,
                          /*BPI=*/nullptr, /*AC=*/nullptr,
                          /*AllowVarArgs=*/false, /*AllowAlloca=*/false,
                          /*AllocationBlock=*/nullptr, "loom.region");
  CodeExtractorAnalysisCache cache(function);
  Function *outlined =
      extractor.isEligible() ? extractor.extractCodeRegion(cache) : nullptr;
  if (!outlined) {
    emitRemark(function, RemarkKind::Missed, "CandidateNotOutlined", location,
               "'#pragma loom candidate' loop cannot be outlined into a "
               "kernel: it is not a single-entry region");
    return;
  }
  // CodeExtractor gives the new function the enclosing function's
  // personality. A loop without invokes or landing pads needs none, and the
  // device compiler keeps a function with a personality on the host: a
  // candidate loop in a function with cleanups (a std::vector in main)
  // would never be offloaded.
  if (outlined->hasPersonalityFn() && !hasExceptionHandling(*outlined))
    outlined->setPersonalityFn(nullptr);
  std::string suffix = ".loop" + std::to_string(ordinal);
  std::string name = getSourceName(function) + suffix;
  state.defaultNames.push_back({outlined, &function, suffix});
  outlined->addFnAttr("loom.kernel", name);
  outlined->addFnAttr("loom.location", location);
  emitRemark(function, RemarkKind::Analysis, "CandidateOutlined", location,
             "loop outlined into kernel '" + name + "'");
}

/// Gives kernels that got the same default name (overloads, and their
/// candidate loops) distinct names: the name with the parameter list.
/// Explicit names are the programmer's; the runtime reports duplicates.
static void makeDefaultNamesUnique(Module &module, LoweringState &state) {
  StringMap<unsigned> uses;
  for (Function &function : module)
    if (function.hasFnAttribute("loom.kernel"))
      ++uses[function.getFnAttribute("loom.kernel").getValueAsString()];
  SmallVector<std::pair<Function *, std::string>> renames;
  for (const LoweringState::DefaultName &entry : state.defaultNames) {
    StringRef name =
        entry.kernel->getFnAttribute("loom.kernel").getValueAsString();
    if (uses.lookup(name) > 1)
      renames.push_back(
          {entry.kernel,
           getSourceName(*entry.origin, /*withParams=*/true) + entry.suffix});
  }
  for (auto &[kernel, name] : renames)
    kernel->addFnAttr("loom.kernel", name);
}

/// Erases the strings of removed carriers that nothing else uses, and the
/// annotation intrinsics' declarations.
static void eraseDeadCarrierStrings(Module &module, LoweringState &state) {
  // An argument struct may use strings: erase until nothing more is free.
  SetVector<GlobalVariable *> &pending = state.deadCarrierStrings;
  for (bool erased = true; erased;) {
    erased = false;
    for (GlobalVariable *global : pending.takeVector()) {
      global->removeDeadConstantUsers();
      // Clang puts annotation strings and arguments in "llvm.metadata", and
      // the strings of arguments in private globals; a program's own
      // globals are neither.
      if (global->getSection() != "llvm.metadata" &&
          !global->hasPrivateLinkage())
        continue;
      if (!global->use_empty() || !global->isDiscardableIfUnused()) {
        pending.insert(global);
        continue;
      }
      if (global->hasInitializer())
        for (Value *op : global->getInitializer()->operands())
          if (auto *used = dyn_cast<GlobalVariable>(op->stripPointerCasts()))
            pending.insert(used);
      global->eraseFromParent();
      erased = true;
    }
  }
  for (Function &function : llvm::make_early_inc_range(module))
    if (function.getIntrinsicID() == Intrinsic::annotation &&
        function.use_empty())
      function.eraseFromParent();
}

PreservedAnalyses LowerLoomHintsPass::run(Module &module,
                                          ModuleAnalysisManager &) {
  LoweringState state;
  state.ignoredLoopHints = &ignoredLoopHints;
  lowerGlobalAnnotations(module, state);
  SmallVector<Function *> functions;
  for (Function &function : module)
    if (!function.isDeclaration())
      functions.push_back(&function);
  for (Function *function : functions) {
    lowerVariableAnnotations(*function, state);
    markReductionLoops(*function);
    auto candidates = lowerLoopCarriers(*function, state);
    for (auto [ordinal, candidate] : llvm::enumerate(candidates))
      outlineCandidate(*function, candidate.first, candidate.second, ordinal,
                       state);
  }
  makeDefaultNamesUnique(module, state);
  eraseDeadCarrierStrings(module, state);
  return PreservedAnalyses::none();
}
