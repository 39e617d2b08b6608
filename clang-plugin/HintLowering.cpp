//===- HintLowering.cpp - Loom hints into LLVM IR ------------------------===//
//
// Part of the Loom project.
//
// Clang leaves Loom's hints in three carriers: `llvm.global.annotations`
// entries for function hints, `llvm.var.annotation` calls for parameter and
// variable hints, and `__loom_loop_hint` calls feeding a `switch` in front of
// each hinted loop. This pass rewrites all three into the documented IR
// schema and removes the carriers, so later stages see plain attributes and
// metadata.
//
//===----------------------------------------------------------------------===//

#include "HintLowering.h"
#include "Hints.h"

#include "loom/Driver/Remarks.h"

#include "llvm/ADT/SetVector.h"
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
/// without parameters, or the symbol itself for C names.
static std::string getSourceName(const Function &function) {
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

/// Applies one function-level annotation `loom.<hint>` to `function`.
static void applyFunctionHint(Function &function, StringRef hint,
                              ArrayRef<std::string> args, StringRef location) {
  if (hint.consume_front("signature=")) {
    function.addFnAttr("loom.signature", hint);
  } else if (hint == "accel" || hint == "candidate") {
    function.addFnAttr("loom.kernel",
                       args.empty() ? getSourceName(function) : args.front());
    function.addFnAttr("loom.location", location);
  } else if (hint == "no_accel") {
    function.addFnAttr("loom.no_accel");
  } else if (hint == "target" && !args.empty()) {
    function.addFnAttr("loom.target", args.front());
  }
}

/// Consumes the `loom.*` entries of `llvm.global.annotations`.
static void lowerGlobalAnnotations(Module &module) {
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
    if (auto *function = dyn_cast<Function>(target)) {
      applyFunctionHint(*function, hint, args, location);
    } else if (auto *global = dyn_cast<GlobalVariable>(target)) {
      LLVMContext &context = module.getContext();
      SmallVector<Metadata *> ops = {MDString::get(context, hint)};
      for (const std::string &arg : args)
        ops.push_back(MDString::get(context, arg));
      global->addMetadata("loom.hints", *MDNode::get(context, ops));
    }
  }
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
static void lowerVariableAnnotations(Function &function) {
  SmallVector<IntrinsicInst *> carriers;
  for (Instruction &inst : instructions(function))
    if (auto *call = dyn_cast<IntrinsicInst>(&inst))
      if (call->getIntrinsicID() == Intrinsic::var_annotation)
        carriers.push_back(call);
  LLVMContext &context = function.getContext();
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
      SmallVector<Metadata *> ops = {MDString::get(context, hint)};
      for (const std::string &text : args)
        ops.push_back(MDString::get(context, text));
      slot->setMetadata("loom.hints", MDNode::get(context, ops));
    }
    call->eraseFromParent();
  }
}

//===----------------------------------------------------------------------===//
// Loop hints
//===----------------------------------------------------------------------===//

namespace {
/// One `switch (__loom_loop_hint(...)) default:` carrier.
struct LoopCarrier {
  CallInst *call;
  SwitchInst *branch;
  std::string hint;
  std::string location;
};
} // namespace

/// Returns the carrier whose switch terminates `block`, if any.
static std::optional<LoopCarrier> getCarrier(BasicBlock &block) {
  auto *branch = dyn_cast<SwitchInst>(block.getTerminator());
  auto *call = branch ? dyn_cast<CallInst>(branch->getCondition()) : nullptr;
  Function *callee = call ? call->getCalledFunction() : nullptr;
  if (!callee || callee->getName() != kLoopHintCallee || call->arg_size() < 2)
    return std::nullopt;
  return LoopCarrier{call, branch,
                     readCString(call->getArgOperand(0)).value_or(""),
                     readCString(call->getArgOperand(1)).value_or("")};
}

/// Follows straight-line code (and stacked carriers) from `block` to the
/// header of the loop a carrier wraps; null if the path branches first.
static Loop *findWrappedLoop(BasicBlock *block, LoopInfo &loops) {
  for (unsigned steps = 0; block && steps < 64; ++steps) {
    if (loops.isLoopHeader(block))
      return loops.getLoopFor(block);
    if (std::optional<LoopCarrier> next = getCarrier(*block))
      block = next->branch->getDefaultDest();
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

/// Builds `!{!"loom.<hint>", args...}` from a carrier call.
static MDNode *buildHintEntry(const LoopCarrier &carrier) {
  LLVMContext &context = carrier.call->getContext();
  SmallVector<Metadata *> ops = {
      MDString::get(context, ("loom." + carrier.hint))};
  for (unsigned i = 2; i < carrier.call->arg_size(); ++i) {
    Value *arg = carrier.call->getArgOperand(i);
    if (auto *constant = dyn_cast<ConstantInt>(arg))
      ops.push_back(ConstantAsMetadata::get(constant));
    else if (std::optional<std::string> text = readCString(arg))
      ops.push_back(MDString::get(context, *text));
  }
  ops.push_back(MDString::get(context, carrier.location));
  return MDNode::get(context, ops);
}

/// Moves every carrier of `function` onto its loop; returns the loops
/// marked as offload candidates with their locations.
static SmallVector<std::pair<BasicBlock *, std::string>>
lowerLoopCarriers(Function &function) {
  SmallVector<LoopCarrier> carriers;
  for (BasicBlock &block : function)
    if (std::optional<LoopCarrier> carrier = getCarrier(block))
      carriers.push_back(*carrier);
  SmallVector<std::pair<BasicBlock *, std::string>> candidates;
  if (carriers.empty())
    return candidates;
  DominatorTree dominators(function);
  LoopInfo loops(dominators);
  for (LoopCarrier &carrier : carriers) {
    Loop *loop = findWrappedLoop(carrier.branch->getDefaultDest(), loops);
    if (!loop)
      emitRemark(function, RemarkKind::Missed, "LoopHintDropped",
                 carrier.location,
                 "loop hint '" + carrier.hint +
                     "' dropped: the statement it precedes is not a loop "
                     "after code generation");
    else if (carrier.hint == "candidate")
      candidates.push_back({loop->getHeader(), carrier.location});
    else
      addLoopMetadata(loop, buildHintEntry(carrier));
  }
  // Remove the carriers only now: they may be stacked on one loop.
  for (LoopCarrier &carrier : carriers) {
    BranchInst::Create(carrier.branch->getDefaultDest(),
                       carrier.branch->getIterator());
    carrier.branch->eraseFromParent();
    carrier.call->eraseFromParent();
  }
  return candidates;
}

/// Outlines the loop headed by `header` into a new kernel function.
static void outlineCandidate(Function &function, BasicBlock *header,
                             StringRef location, unsigned ordinal) {
  DominatorTree dominators(function);
  LoopInfo loops(dominators);
  Loop *loop = loops.getLoopFor(header);
  if (!loop || loop->getHeader() != header)
    return;
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
  std::string name =
      getSourceName(function) + ".loop" + std::to_string(ordinal);
  outlined->addFnAttr("loom.kernel", name);
  outlined->addFnAttr("loom.location", location);
  emitRemark(function, RemarkKind::Analysis, "CandidateOutlined", location,
             "loop outlined into kernel '" + name + "'");
}

PreservedAnalyses LowerLoomHintsPass::run(Module &module,
                                          ModuleAnalysisManager &) {
  lowerGlobalAnnotations(module);
  SmallVector<Function *> functions;
  for (Function &function : module)
    if (!function.isDeclaration())
      functions.push_back(&function);
  for (Function *function : functions) {
    lowerVariableAnnotations(*function);
    auto candidates = lowerLoopCarriers(*function);
    for (auto [ordinal, candidate] : llvm::enumerate(candidates))
      outlineCandidate(*function, candidate.first, candidate.second, ordinal);
  }
  if (Function *carrier = module.getFunction(kLoopHintCallee))
    if (carrier->use_empty())
      carrier->eraseFromParent();
  return PreservedAnalyses::none();
}
