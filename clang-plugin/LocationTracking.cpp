//===- LocationTracking.cpp - source locations without -g ----------------===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "LocationTracking.h"

#include "clang/Basic/CodeGenOptions.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"

#include <dlfcn.h>

using namespace llvm;
using namespace loom::plugin;

/// True if this shared object is among clang's pass plugins: only then do
/// the Loom passes run and strip the locations again.
static bool isLoadedAsPassPlugin(const clang::CodeGenOptions &options) {
  Dl_info self;
  if (!dladdr(reinterpret_cast<void *>(&isLoadedAsPassPlugin), &self) ||
      !self.dli_fname)
    return false;
  for (const std::string &path : options.PassPlugins)
    if (sys::fs::equivalent(path, self.dli_fname))
      return true;
  return false;
}

/// True if the compile writes bitcode (-c -emit-llvm, -flto, an embedded
/// copy). Bitcode lists every metadata kind its LLVMContext knows, and code
/// generation with locations registers some ("heapallocsite", for calls of
/// allocation functions) that stripping cannot take back: the file would
/// differ from clang's.
static bool writesBitcode(const clang::CompilerInstance &instance) {
  return instance.getFrontendOpts().ProgramAction == clang::frontend::EmitBC ||
         instance.getCodeGenOpts().getEmbedBitcode() !=
             clang::CodeGenOptions::Embed_Off;
}

bool loom::plugin::enableLocationTracking(clang::CompilerInstance &instance) {
  clang::CodeGenOptions &options = instance.getCodeGenOpts();
  // With -Xclang -disable-llvm-passes no pass would strip them.
  if (options.getDebugInfo() != codegenoptions::NoDebugInfo ||
      options.DisableLLVMPasses || writesBitcode(instance) ||
      !isLoadedAsPassPlugin(options))
    return false;
  // What clang does for -Rpass: DILocations in the IR, a compile unit that
  // emits no debug sections.
  options.setDebugInfo(codegenoptions::LocTrackingOnly);
  return true;
}

/// `loopID` without its DILocations (the loop's start and end), or null if
/// nothing else is left: code generation without locations emits no loop
/// ID then.
static MDNode *stripLoopLocations(MDNode *loopID) {
  SmallVector<Metadata *, 4> ops = {nullptr};
  for (const MDOperand &op : llvm::drop_begin(loopID->operands()))
    if (!isa_and_nonnull<DILocation>(op.get()))
      ops.push_back(op.get());
  if (ops.size() == 1)
    return nullptr;
  if (ops.size() == loopID->getNumOperands())
    return loopID;
  MDNode *stripped = MDNode::getDistinct(loopID->getContext(), ops);
  stripped->replaceOperandWith(0, stripped);
  return stripped;
}

/// Removes what LocTrackingOnly adds to a function: its subprogram and the
/// instructions' locations. (llvm::stripDebugInfo would do more, and would
/// register a metadata kind in the context that bitcode then lists.)
static void stripLocations(Function &function) {
  function.eraseMetadata(LLVMContext::MD_dbg);
  DenseMap<MDNode *, MDNode *> strippedLoops;
  for (BasicBlock &block : function)
    for (Instruction &instruction : llvm::make_early_inc_range(block)) {
      if (isa<DbgInfoIntrinsic>(instruction)) {
        instruction.eraseFromParent();
        continue;
      }
      instruction.dropDbgRecords();
      instruction.setDebugLoc(DebugLoc());
      MDNode *loopID = instruction.getMetadata(LLVMContext::MD_loop);
      if (!loopID)
        continue;
      auto [it, inserted] = strippedLoops.try_emplace(loopID, nullptr);
      if (inserted)
        it->second = stripLoopLocations(loopID);
      instruction.setMetadata(LLVMContext::MD_loop, it->second);
    }
}

PreservedAnalyses StripLocationsPass::run(Module &module,
                                          ModuleAnalysisManager &) {
  for (Function &function : module)
    stripLocations(function);
  for (GlobalVariable &global : module.globals())
    global.eraseMetadata(LLVMContext::MD_dbg);
  for (NamedMDNode &node : llvm::make_early_inc_range(module.named_metadata()))
    if (node.getName().starts_with("llvm.dbg."))
      node.eraseFromParent();
  // The flag code generation adds with any debug information.
  NamedMDNode *flags = module.getModuleFlagsMetadata();
  if (!flags)
    return PreservedAnalyses::none();
  SmallVector<MDNode *> kept;
  for (MDNode *flag : flags->operands()) {
    auto *name = flag->getNumOperands() > 1
                     ? dyn_cast<MDString>(flag->getOperand(1))
                     : nullptr;
    if (!name || name->getString() != "Debug Info Version")
      kept.push_back(flag);
  }
  flags->clearOperands();
  for (MDNode *flag : kept)
    flags->addOperand(flag);
  if (kept.empty())
    flags->eraseFromParent();
  return PreservedAnalyses::none();
}
