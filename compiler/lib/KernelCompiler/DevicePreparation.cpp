//===- DevicePreparation.cpp - LLVM-level cleanup before raising ----------===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "loom/KernelCompiler/DevicePreparation.h"
#include "loom/Support/Demangle.h"
#include "loom/Support/SourceLocation.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/ValueHandle.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

/// Renders one `!{!"loom.<hint>", args..., !"file:line:col"}` loop entry as
/// `<hint>=<arg>,<arg>@<file:line:col>`; empty if it is not a Loom entry.
static std::string renderLoopHint(const MDNode *entry) {
  auto *name = entry->getNumOperands()
                   ? dyn_cast<MDString>(entry->getOperand(0))
                   : nullptr;
  if (!name || !name->getString().starts_with("loom."))
    return "";
  std::string text = name->getString().drop_front(5).str() + "=";
  unsigned last = entry->getNumOperands() - 1;
  for (unsigned i = 1; i < last; ++i) {
    if (i > 1)
      text += ",";
    const MDOperand &op = entry->getOperand(i);
    if (auto *str = dyn_cast<MDString>(op.get()))
      text += str->getString().str();
    else if (auto *value = mdconst::dyn_extract<ConstantInt>(op.get()))
      text += std::to_string(value->getSExtValue());
  }
  if (auto *where = dyn_cast<MDString>(entry->getOperand(last)))
    text += "@" + where->getString().str();
  return text;
}

/// The MLIR importer drops loop metadata it does not know, so each loop's
/// Loom hints travel as a call `__loom_loop_hints("<hints>")` at the top of
/// its latch (the after region once lifted, where it does not block the
/// while-to-for uplift); `loom-attach-loop-hints` turns it into attributes.
static void materializeLoopHints(Function &function) {
  DominatorTree dominators(function);
  LoopInfo loops(dominators);
  Module &module = *function.getParent();
  LLVMContext &context = module.getContext();
  FunctionCallee marker =
      module.getOrInsertFunction("__loom_loop_hints", Type::getVoidTy(context),
                                 PointerType::getUnqual(context));
  for (Loop *loop : loops.getLoopsInPreorder()) {
    MDNode *id = loop->getLoopID();
    if (!id)
      continue;
    std::string hints;
    SmallVector<Metadata *> kept = {nullptr};
    for (const MDOperand &op : llvm::drop_begin(id->operands())) {
      auto *entry = dyn_cast<MDNode>(op.get());
      std::string text = entry ? renderLoopHint(entry) : "";
      if (text.empty())
        kept.push_back(op.get());
      else
        hints += (hints.empty() ? "" : ";") + text;
    }
    if (hints.empty())
      continue;
    BasicBlock *latch = loop->getLoopLatch();
    BasicBlock *at = latch ? latch : loop->getHeader();
    IRBuilder<> builder(&*at->getFirstInsertionPt());
    builder.CreateCall(marker,
                       {builder.CreateGlobalString(hints, "loom.loop_hints")});
    MDNode *newID = MDNode::getDistinct(context, kept);
    newID->replaceOperandWith(0, newID);
    loop->setLoopID(newID);
  }
}

/// Parameter attributes `"loom.<hint>"="<value>"` do not survive the
/// import either; they travel as the function attribute
/// `"loom.param_hints"="<arg>:<hint>=<value>;..."`.
static void materializeParamHints(Function &function) {
  std::string hints;
  for (Argument &arg : function.args()) {
    SmallVector<StringRef> names;
    for (Attribute attr :
         function.getAttributes().getParamAttrs(arg.getArgNo()))
      if (attr.isStringAttribute() &&
          attr.getKindAsString().starts_with("loom.")) {
        hints += (hints.empty() ? "" : ";") + std::to_string(arg.getArgNo()) +
                 ":" + attr.getKindAsString().drop_front(5).str() + "=" +
                 attr.getValueAsString().str();
        names.push_back(attr.getKindAsString());
      }
    for (StringRef name : names)
      function.removeParamAttr(arg.getArgNo(), name);
  }
  if (!hints.empty())
    function.addFnAttr("loom.param_hints", hints);
}

static std::string formatCallLocation(const CallBase &call) {
  const DILocation *loc = call.getDebugLoc().get();
  if (!loc)
    return "";
  return loom::formatSourceLocation(loc->getFilename(), loc->getDirectory(),
                                    loc->getLine(), loc->getColumn());
}

namespace {
/// A call that stays, with a handle that the clean-ups null when they
/// delete it as dead code (the `std::terminate()` of a landing pad that no
/// invoke reaches once everything is inlined).
using KeptCall = std::pair<WeakVH, loom::compiler::NotInlinedCall>;

/// One call waiting to be inlined, with the functions whose inlining
/// produced it: a callee among them is recursion, which inlining would
/// unroll forever.
struct PendingCall {
  CallBase *call;
  SmallVector<Function *, 4> history;
};
} // namespace

/// The bound on the instructions inlining may add to one root: an
/// exponential call tree (each helper calling the next twice) must not
/// hang the compile. Far beyond any kernel the fabric can hold.
static constexpr unsigned kMaxInlinedInstructions = 200000;

/// Why `call` is not inlined, or "" when it may be.
static std::string whyNotInlinable(CallBase &call, ArrayRef<Function *> history,
                                   unsigned inlinedSoFar) {
  Function *callee = call.getCalledFunction();
  if (!callee)
    return call.isInlineAsm() ? "" : "it is a call through a function pointer";
  if (callee->isIntrinsic() || callee->getName().starts_with("__loom_"))
    return "";
  if (callee->isDeclaration())
    // C functions (libm) are the raising's business; a C++ function the
    // module only declares has its body elsewhere.
    return callee->getName().starts_with("_Z")
               ? "its definition is not in this translation unit"
               : "";
  if (callee == call.getFunction() || llvm::is_contained(history, callee) ||
      llvm::any_of(callee->users(), [&](User *user) {
        auto *self = dyn_cast<CallBase>(user);
        return self && self->getFunction() == callee;
      }))
    return "it is recursive";
  InlineResult viable = isInlineViable(*callee);
  if (!viable.isSuccess())
    return std::string("it cannot be inlined: ") + viable.getFailureReason();
  if (inlinedSoFar + callee->getInstructionCount() > kMaxInlinedInstructions)
    return "inlining it would make the kernel larger than " +
           std::to_string(kMaxInlinedInstructions) + " instructions";
  return "";
}

/// Inlines every call `root` makes to a function the module defines,
/// transitively; returns the calls that stay.
static void inlineCallees(Function &root, std::vector<KeptCall> &kept) {
  SmallVector<PendingCall> worklist;
  for (Instruction &inst : instructions(root))
    if (auto *call = dyn_cast<CallBase>(&inst))
      worklist.push_back({call, {}});
  unsigned inlined = 0;
  while (!worklist.empty()) {
    PendingCall pending = worklist.pop_back_val();
    CallBase &call = *pending.call;
    Function *callee = call.getCalledFunction();
    std::string reason = whyNotInlinable(call, pending.history, inlined);
    if (!reason.empty()) {
      kept.push_back({WeakVH(&call),
                      {callee ? loom::demangleSymbol(callee->getName()) : "",
                       reason, formatCallLocation(call)}});
      continue;
    }
    if (!callee || callee->isDeclaration())
      continue;
    InlineFunctionInfo info;
    unsigned size = callee->getInstructionCount();
    InlineResult result = InlineFunction(call, info);
    if (!result.isSuccess()) {
      kept.push_back(
          {WeakVH(&call),
           {loom::demangleSymbol(callee->getName()),
            std::string("it cannot be inlined: ") + result.getFailureReason(),
            formatCallLocation(call)}});
      continue;
    }
    inlined += size;
    SmallVector<Function *, 4> history = pending.history;
    history.push_back(callee);
    for (CallBase *created : info.InlinedCallSites)
      worklist.push_back({created, history});
  }
}

/// Inlines into `root` (or every defined function) and, with a root,
/// drops every other function to a declaration.
static std::vector<KeptCall> inlineIntoRoots(Module &module,
                                             StringRef rootName) {
  std::vector<KeptCall> kept;
  SmallVector<Function *> roots;
  for (Function &function : module)
    if (!function.isDeclaration() &&
        (rootName.empty() || function.getName() == rootName))
      roots.push_back(&function);
  for (Function *root : roots)
    inlineCallees(*root, kept);
  if (rootName.empty())
    return kept;
  for (Function &function : llvm::make_early_inc_range(module)) {
    if (function.getName() == rootName || function.isDeclaration())
      continue;
    function.deleteBody();
    function.setComdat(nullptr);
    if (function.use_empty())
      function.eraseFromParent();
  }
  return kept;
}

std::vector<loom::compiler::NotInlinedCall>
loom::compiler::prepareDeviceModule(Module &module, StringRef root) {
  // The device program must not depend on whether the host compile tracks
  // locations (-g, -Rpass): only the line table stays (variables, types and
  // debug records go), and it only gives the ops the source locations that
  // remarks about code staying on the host point at; the printed program
  // has no locations.
  stripNonLineTableDebugInfo(module);
  if (NamedMDNode *flags = module.getModuleFlagsMetadata()) {
    SmallVector<MDNode *> kept;
    for (MDNode *flag : flags->operands()) {
      auto *key = flag->getNumOperands() > 1
                      ? dyn_cast<MDString>(flag->getOperand(1))
                      : nullptr;
      if (!key || (key->getString() != "Debug Info Version" &&
                   key->getString() != "Dwarf Version"))
        kept.push_back(flag);
    }
    flags->clearOperands();
    for (MDNode *flag : kept)
      flags->addOperand(flag);
  }
  for (Function &function : module) {
    function.removeFnAttr(Attribute::OptimizeNone);
    function.removeFnAttr(Attribute::NoInline);
  }
  std::vector<KeptCall> kept = inlineIntoRoots(module, root);
  LoopAnalysisManager loops;
  FunctionAnalysisManager functions;
  CGSCCAnalysisManager cgsccs;
  ModuleAnalysisManager modules;
  PassBuilder builder;
  builder.registerModuleAnalyses(modules);
  builder.registerCGSCCAnalyses(cgsccs);
  builder.registerFunctionAnalyses(functions);
  builder.registerLoopAnalyses(loops);
  builder.crossRegisterProxies(loops, functions, cgsccs, modules);
  ModulePassManager passes;
  // The pipeline text is fixed, so parsing cannot fail. The second sroa
  // promotes what instcombine freed: an inlined `std::max(a[i], lo)`
  // returns a reference, `load (select c, &lo.tmp, &a[i])`, which
  // instcombine turns into a select of two loads, leaving the temporary's
  // stack slot promotable; simplifycfg turns the branch a nested
  // `std::max(i, std::clamp(x, lo, hi))` leaves into such selects, hence
  // the third sroa. instcombine runs
  // without its fixpoint verification, as in clang's own pipelines: a
  // textual `instcombine` verifies by default and aborts the compile when
  // one iteration does not reach a fixpoint (a merge loop does that).
  cantFail(builder.parsePassPipeline(
      passes, "function(sroa,early-cse,instcombine<no-verify-fixpoint>,"
              "sroa,simplifycfg,sroa,loop-simplify)"));
  passes.run(module, modules);
  // Inlining can leave a function with a personality but no invoke or
  // landing pad left; the raising rejects any function with one.
  for (Function &function : module)
    if (function.hasPersonalityFn() && !function.isDeclaration() &&
        llvm::none_of(instructions(function), [](Instruction &inst) {
          return inst.isEHPad() || isa<InvokeInst>(inst);
        }))
      function.setPersonalityFn(nullptr);
  for (Function &function : module)
    if (!function.isDeclaration()) {
      materializeLoopHints(function);
      materializeParamHints(function);
    }
  std::vector<NotInlinedCall> calls;
  for (KeptCall &call : kept)
    if (call.first)
      calls.push_back(std::move(call.second));
  return calls;
}
