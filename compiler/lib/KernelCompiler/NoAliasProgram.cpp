//===- NoAliasProgram.cpp - the kernel's no-alias program -----------------===//
//
// Part of the Loom project.
//
// Compiling a kernel once more with every pointer parameter `noalias` is
// the simplest faithful way to get the program its loops would have were
// the pointers `__restrict`: the dependence analysis, loop parallelization
// and alias partitions read only that attribute. Which parameters are
// written decides which pairs the runtime must compare.
//
//===----------------------------------------------------------------------===//

#include "loom/KernelCompiler/NoAliasProgram.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace loom::compiler;

static constexpr llvm::StringLiteral kNoAliasAttr = "llvm.noalias";

std::vector<ParamAccess>
loom::compiler::collectParamAccesses(ModuleOp raised, llvm::StringRef symbol) {
  std::vector<ParamAccess> accesses;
  auto func = raised.lookupSymbol<func::FuncOp>(symbol);
  if (!func || func.isExternal())
    return accesses;
  for (BlockArgument param : func.getArguments()) {
    ParamAccess &access = accesses.emplace_back();
    if (isa<LLVM::LLVMPointerType>(param.getType())) {
      access.opaquePointer = !param.use_empty();
      continue;
    }
    auto type = dyn_cast<MemRefType>(param.getType());
    if (!type || type.getRank() != 1)
      continue;
    access.isMemref = true;
    access.noalias =
        func.getArgAttr(param.getArgNumber(), kNoAliasAttr) != nullptr;
    // Anything but a load may write (a store, or a use the bounds
    // analysis rejects, which leaves the parameter without an extent).
    access.readOnly = llvm::all_of(param.getUsers(), [](Operation *user) {
      return isa<memref::LoadOp>(user);
    });
  }
  return accesses;
}

std::vector<unsigned>
loom::compiler::getAliasCheckedParams(llvm::ArrayRef<ParamAccess> accesses,
                                      llvm::ArrayRef<ParamExtent> extents) {
  std::vector<unsigned> params;
  if (accesses.size() != extents.size())
    return params;
  bool anyWritten = false, allNoAlias = true;
  for (auto [i, access] : llvm::enumerate(accesses)) {
    // The runtime compares ranges it can compute; one pointer it cannot
    // bound makes every launch run the ordered program.
    if (access.opaquePointer || (access.isMemref && extents[i].extent.empty()))
      return {};
    if (!access.isMemref)
      continue;
    params.push_back(i);
    anyWritten |= !access.readOnly;
    allNoAlias &= access.noalias;
  }
  if (params.size() < 2 || !anyWritten || allNoAlias)
    return {};
  return params;
}

void loom::compiler::markPointerParamsNoAlias(ModuleOp module,
                                              llvm::StringRef symbol) {
  auto func = module.lookupSymbol<func::FuncOp>(symbol);
  if (!func)
    return;
  UnitAttr unit = UnitAttr::get(module.getContext());
  for (BlockArgument param : func.getArguments())
    if (isa<MemRefType>(param.getType()))
      func.setArgAttr(param.getArgNumber(), kNoAliasAttr, unit);
}

/// `module` printed without `llvm.noalias` on any function parameter.
static std::string printWithoutNoAlias(ModuleOp module) {
  OwningOpRef<ModuleOp> copy(module.clone());
  copy->walk([](func::FuncOp func) {
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
      func.removeArgAttr(i, kNoAliasAttr);
  });
  std::string text;
  llvm::raw_string_ostream os(text);
  copy->print(os);
  return text;
}

bool loom::compiler::isSameProgramIgnoringNoAlias(ModuleOp a, ModuleOp b) {
  return printWithoutNoAlias(a) == printWithoutNoAlias(b);
}
