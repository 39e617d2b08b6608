//===- DevicePreparation.cpp - LLVM-level cleanup before raising ----------===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "loom/KernelCompiler/DevicePreparation.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/Error.h"

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

void loom::compiler::prepareDeviceModule(Module &module) {
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
  // The pipeline text is fixed, so parsing cannot fail. instcombine runs
  // without its fixpoint verification, as in clang's own pipelines: a
  // textual `instcombine` verifies by default and aborts the compile when
  // one iteration does not reach a fixpoint (a merge loop does that).
  cantFail(builder.parsePassPipeline(
      passes, "function(sroa,early-cse,instcombine<no-verify-fixpoint>,"
              "simplifycfg,loop-simplify)"));
  passes.run(module, modules);
  for (Function &function : module)
    if (!function.isDeclaration()) {
      materializeLoopHints(function);
      materializeParamHints(function);
    }
}
