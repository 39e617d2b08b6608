//===- AttachHints.cpp - Loom hints onto raised loops and arguments -------===//
//
// Part of the Loom project.
//
//   scf.for %i = ... {                          scf.for %i = ... {
//     llvm.call @__loom_loop_hints(%s)   =>       ...
//     ...                                       } {loom.hints = {parallel =
//     [4]},
//   }                                              loom.hint_locations = {...}}
//
//===----------------------------------------------------------------------===//

#include "loom/Ownership/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace loom::ownership {
#define GEN_PASS_DEF_ATTACHHINTSPASS
#include "loom/Ownership/Passes.h.inc"
} // namespace loom::ownership

#define DEBUG_TYPE "loom-attach-hints"

using namespace mlir;

static constexpr StringLiteral kMarker = "__loom_loop_hints";

/// The string a marker call passes, read from its global.
static std::optional<StringRef> getMarkerText(LLVM::CallOp call,
                                              SymbolTableCollection &symbols) {
  if (call.getNumOperands() != 1)
    return std::nullopt;
  auto address = call.getOperand(0).getDefiningOp<LLVM::AddressOfOp>();
  if (!address)
    return std::nullopt;
  auto global = symbols.lookupNearestSymbolFrom<LLVM::GlobalOp>(
      call, address.getGlobalNameAttr());
  auto value = global ? dyn_cast_or_null<StringAttr>(global.getValueOrNull())
                      : StringAttr();
  if (!value)
    return std::nullopt;
  return value.getValue().rtrim(StringRef("\0", 1));
}

/// One argument: an integer when it parses as one, a string otherwise.
static Attribute parseArg(Builder &builder, StringRef text) {
  int64_t value;
  if (!text.getAsInteger(10, value))
    return builder.getI64IntegerAttr(value);
  return builder.getStringAttr(text);
}

/// Attaches `<hint>=<args>@<loc>;...` to `loop`, merging with what is there.
static void attachLoopHints(Operation *loop, StringRef text) {
  Builder builder(loop->getContext());
  NamedAttrList hints, locations;
  if (auto existing = loop->getAttrOfType<DictionaryAttr>("loom.hints"))
    hints.append(existing.getValue());
  if (auto existing =
          loop->getAttrOfType<DictionaryAttr>("loom.hint_locations"))
    locations.append(existing.getValue());
  SmallVector<StringRef> entries;
  text.split(entries, ';', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (StringRef entry : entries) {
    auto [body, where] = entry.rsplit('@');
    auto [name, argText] = body.split('=');
    SmallVector<StringRef> args;
    argText.split(args, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
    SmallVector<Attribute> values;
    for (StringRef arg : args)
      values.push_back(parseArg(builder, arg));
    hints.set(name, builder.getArrayAttr(values));
    if (!where.empty())
      locations.set(name, builder.getStringAttr(where));
  }
  loop->setAttr("loom.hints", hints.getDictionary(loop->getContext()));
  loop->setAttr("loom.hint_locations",
                locations.getDictionary(loop->getContext()));
}

/// `loom.param_hints = "<arg>:<hint>=<value>;..."` into argument attributes.
static void attachParamHints(func::FuncOp func) {
  auto text = func->getAttrOfType<StringAttr>("loom.param_hints");
  if (!text)
    return;
  Builder builder(func.getContext());
  SmallVector<StringRef> entries;
  text.getValue().split(entries, ';', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (StringRef entry : entries) {
    auto [index, rest] = entry.split(':');
    auto [name, value] = rest.split('=');
    unsigned arg;
    if (index.getAsInteger(10, arg) || arg >= func.getNumArguments())
      continue;
    func.setArgAttr(arg, ("loom." + name).str(), builder.getStringAttr(value));
  }
  func->removeAttr("loom.param_hints");
}

namespace {
struct AttachHintsPass
    : loom::ownership::impl::AttachHintsPassBase<AttachHintsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTableCollection symbols;
    SmallVector<LLVM::CallOp> markers;
    module.walk([&](LLVM::CallOp call) {
      if (call.getCallee() == kMarker)
        markers.push_back(call);
    });
    DenseSet<Operation *> strings;
    for (LLVM::CallOp call : markers) {
      std::optional<StringRef> text = getMarkerText(call, symbols);
      Operation *loop = call->getParentOfType<LoopLikeOpInterface>();
      if (!text || !loop)
        call.emitRemark() << "loop hints dropped: they are not inside a "
                             "structured loop after raising";
      else
        attachLoopHints(loop, *text);
      if (auto address = call.getOperand(0).getDefiningOp<LLVM::AddressOfOp>())
        strings.insert(address);
      call.erase();
    }
    for (Operation *address : strings) {
      if (!address->use_empty())
        continue;
      auto name = cast<LLVM::AddressOfOp>(address).getGlobalNameAttr();
      address->erase();
      if (Operation *global = SymbolTable::lookupSymbolIn(module, name))
        if (SymbolTable::symbolKnownUseEmpty(global, module))
          global->erase();
    }
    if (Operation *decl = SymbolTable::lookupSymbolIn(module, kMarker))
      if (SymbolTable::symbolKnownUseEmpty(decl, module))
        decl->erase();
    module.walk([](func::FuncOp func) { attachParamHints(func); });
  }
};
} // namespace
