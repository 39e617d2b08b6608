//===- KernelManifest.cpp - what the runtime learns about a kernel -------===//
//
// Part of the Loom project.
//
// The descriptor layouts below must match runtime/include/loom/loomrt.h
// field for field; the type codes come from that header directly.
//
//===----------------------------------------------------------------------===//

#include "loom/Driver/KernelManifest.h"

#include "loom/loomrt.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;
using namespace loom;

std::optional<unsigned> loom::getTypeCode(Type *type) {
  if (type->isVoidTy())
    return LOOM_TYPE_VOID;
  if (type->isFloatTy())
    return LOOM_TYPE_F32;
  if (type->isDoubleTy())
    return LOOM_TYPE_F64;
  if (type->isPointerTy())
    return LOOM_TYPE_PTR;
  if (auto *integer = dyn_cast<IntegerType>(type)) {
    switch (integer->getBitWidth()) {
    case 1:
      return LOOM_TYPE_I1;
    case 8:
      return LOOM_TYPE_I8;
    case 16:
      return LOOM_TYPE_I16;
    case 32:
      return LOOM_TYPE_I32;
    case 64:
      return LOOM_TYPE_I64;
    }
  }
  return std::nullopt;
}

unsigned loom::getElementCode(StringRef spelling) {
  return StringSwitch<unsigned>(spelling)
      .Case("i1", LOOM_TYPE_I1)
      .Case("i8", LOOM_TYPE_I8)
      .Case("i16", LOOM_TYPE_I16)
      .Case("i32", LOOM_TYPE_I32)
      .Case("i64", LOOM_TYPE_I64)
      .Case("f32", LOOM_TYPE_F32)
      .Case("f64", LOOM_TYPE_F64)
      .Default(LOOM_TYPE_PTR);
}

static std::string describeType(Type *type) {
  std::string text;
  raw_string_ostream os(text);
  type->print(os);
  return text;
}

/// The hints of the kernel's loops, from their `loom.*` metadata entries.
static json::Array collectLoopHints(Function &kernel) {
  json::Array loops;
  for (BasicBlock &block : kernel) {
    MDNode *loopID = block.getTerminator()->getMetadata("llvm.loop");
    if (!loopID)
      continue;
    for (const MDOperand &op : llvm::drop_begin(loopID->operands())) {
      auto *entry = dyn_cast<MDNode>(op.get());
      auto *name = entry && entry->getNumOperands()
                       ? dyn_cast<MDString>(entry->getOperand(0))
                       : nullptr;
      if (!name || !name->getString().starts_with("loom."))
        continue;
      json::Array args;
      std::string location;
      for (unsigned i = 1; i < entry->getNumOperands(); ++i) {
        Metadata *arg = entry->getOperand(i);
        if (auto *text = dyn_cast<MDString>(arg)) {
          if (i + 1 == entry->getNumOperands())
            location = text->getString().str();
          else
            args.push_back(text->getString());
        } else if (auto *value = mdconst::dyn_extract<ConstantInt>(arg)) {
          args.push_back(value->getSExtValue());
        }
      }
      json::Object hint{{"hint", name->getString().drop_front(5)},
                        {"args", std::move(args)}};
      // The compiler's own entries (`reduce` on a loop updating a
      // LOOM_REDUCE variable) have no location of their own.
      if (!location.empty())
        hint["location"] = location;
      loops.push_back(std::move(hint));
    }
  }
  return loops;
}

/// Why the runtime cannot pass `arg` as it is passed in IR, or "": the
/// launch stub hands libffi a pointer to each IR argument, which is only
/// right for values passed in registers or as plain pointers.
static std::string getUnpassableReason(const Argument &arg) {
  if (arg.hasByValAttr())
    return "is passed by value in memory (byval)";
  if (arg.hasInAllocaAttr())
    return "is passed in an argument allocation (inalloca)";
  if (arg.hasPreallocatedAttr())
    return "is passed in preallocated memory";
  return "";
}

/// "argument 'name' (#N)" or "argument #N" when the name is unknown.
static std::string describeArgument(const Argument &arg,
                                    ArrayRef<StringRef> entries) {
  std::string number = "#" + std::to_string(arg.getArgNo());
  if (entries.size() != arg.getParent()->arg_size())
    return "argument " + number;
  StringRef name = entries[arg.getArgNo()].split('=').first;
  return name.empty() ? "argument " + number
                      : "argument '" + name.str() + "' (" + number + ")";
}

Error loom::describeKernel(Function &kernel, KernelManifest &manifest) {
  manifest.name = kernel.getFnAttribute("loom.kernel").getValueAsString().str();
  manifest.symbol = kernel.getName().str();
  manifest.location =
      kernel.getFnAttribute("loom.location").getValueAsString().str();
  // The stub forwards the fixed arguments only.
  if (kernel.isVarArg())
    return createStringError("it takes a variable number of arguments");
  std::optional<unsigned> returnCode = getTypeCode(kernel.getReturnType());
  if (!returnCode)
    return createStringError("it returns a value of type '" +
                             describeType(kernel.getReturnType()) +
                             "' that the runtime cannot pass");
  manifest.returnType = *returnCode;

  // "name=kind:elem[:const];..." from the AST, one entry per source
  // parameter. Trust it only when it lines up with the IR signature.
  SmallVector<StringRef> entries;
  StringRef signature =
      kernel.getFnAttribute("loom.signature").getValueAsString();
  if (!signature.empty())
    signature.split(entries, ';');
  bool useSignature = entries.size() == kernel.arg_size();

  json::Array params;
  for (Argument &arg : kernel.args()) {
    std::string unpassable = getUnpassableReason(arg);
    if (!unpassable.empty())
      return createStringError(describeArgument(arg, entries) + " " +
                               unpassable +
                               ", which the runtime cannot pass; pass it by "
                               "pointer or reference");
    std::optional<unsigned> code = getTypeCode(arg.getType());
    if (!code || *code == LOOM_TYPE_VOID)
      return createStringError(describeArgument(arg, entries) + " has type '" +
                               describeType(arg.getType()) +
                               "' that the runtime cannot pass");
    ArgManifest argManifest;
    argManifest.kind =
        *code == LOOM_TYPE_PTR ? LOOM_ARG_POINTER : LOOM_ARG_SCALAR;
    argManifest.type = *code;
    // Narrow unsigned integers are passed zero-extended (the callee relies
    // on it); the runtime must do the same.
    if (arg.hasZExtAttr())
      argManifest.flags |= LOOM_ARG_FLAG_UNSIGNED;
    json::Object param;
    if (useSignature) {
      auto [name, rest] = entries[arg.getArgNo()].split('=');
      SmallVector<StringRef> fields;
      rest.split(fields, ':');
      argManifest.name = name.str();
      if (argManifest.kind == LOOM_ARG_POINTER && fields.size() >= 2)
        argManifest.type = getElementCode(fields[1]);
      if (llvm::is_contained(fields, "const"))
        argManifest.flags |= LOOM_ARG_FLAG_CONST;
    }
    param["name"] = argManifest.name;
    for (Attribute attr : kernel.getAttributes().getParamAttrs(arg.getArgNo()))
      if (attr.isStringAttribute() &&
          attr.getKindAsString().starts_with("loom.")) {
        StringRef hint = attr.getKindAsString().drop_front(5);
        if (hint == "stream")
          argManifest.flags |= LOOM_ARG_FLAG_STREAM;
        param[hint] = attr.getValueAsString();
      }
    params.push_back(std::move(param));
    manifest.args.push_back(std::move(argManifest));
  }
  json::Object hints{{"params", std::move(params)},
                     {"loops", collectLoopHints(kernel)}};
  if (kernel.hasFnAttribute("loom.target"))
    hints["target"] = kernel.getFnAttribute("loom.target").getValueAsString();
  raw_string_ostream os(manifest.hintsJson);
  os << json::Value(std::move(hints));
  return Error::success();
}

namespace {
/// Emits the constant data of the descriptors.
class DescriptorEmitter {
public:
  explicit DescriptorEmitter(Module &module)
      : module(module), context(module.getContext()),
        ptr(PointerType::getUnqual(context)), i32(Type::getInt32Ty(context)),
        i64(Type::getInt64Ty(context)) {
    // loom_arg_desc_t, loom_program_desc_t, loom_kernel_desc_t,
    // loom_module_desc_t.
    argType = StructType::create(context, {ptr, i32, i32, i32, i32, ptr, ptr},
                                 "struct.loom_arg_desc_t");
    programType = StructType::create(context, {ptr, i64, ptr},
                                     "struct.loom_program_desc_t");
    kernelType = StructType::create(context,
                                    {ptr, ptr, ptr, ptr, i32, i32, ptr, ptr,
                                     ptr, i64, ptr, i32, ptr, ptr, ptr},
                                    "struct.loom_kernel_desc_t");
    moduleType = StructType::create(context, {i32, i32, ptr, ptr},
                                    "struct.loom_module_desc_t");
  }

  Constant *string(StringRef text, const Twine &name) {
    Constant *data = ConstantDataArray::getString(context, text);
    auto *global = new GlobalVariable(module, data->getType(), true,
                                      GlobalValue::PrivateLinkage, data, name);
    global->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    global->setAlignment(Align(1));
    return global;
  }

  Constant *kernel(const KernelDescriptorInput &input, unsigned index) {
    const KernelManifest &m = *input.manifest;
    std::string prefix = "__loom.k" + std::to_string(index);
    Constant *null = ConstantPointerNull::get(cast<PointerType>(ptr));
    auto optionalString = [&](StringRef text, const Twine &name) {
      return text.empty() ? null : string(text, name);
    };
    SmallVector<Constant *> args;
    for (const ArgManifest &arg : m.args)
      args.push_back(ConstantStruct::get(
          argType,
          {string(arg.name, prefix + ".argname"),
           ConstantInt::get(i32, arg.kind), ConstantInt::get(i32, arg.type),
           ConstantInt::get(i32, arg.flags), ConstantInt::get(i32, 0),
           optionalString(arg.extent, prefix + ".extent"),
           optionalString(arg.uncheckedReason, prefix + ".unchecked")}));
    Constant *argArray = null;
    if (!args.empty()) {
      auto *type = ArrayType::get(argType, args.size());
      argArray =
          new GlobalVariable(module, type, true, GlobalValue::PrivateLinkage,
                             ConstantArray::get(type, args), prefix + ".args");
    }
    SmallVector<Constant *> fields = {string(m.name, prefix + ".name"),
                                      string(m.symbol, prefix + ".symbol"),
                                      string(m.location, prefix + ".location"),
                                      input.fallback,
                                      ConstantInt::get(i32, m.returnType),
                                      ConstantInt::get(i32, m.args.size()),
                                      argArray,
                                      string(m.hintsJson, prefix + ".hints")};
    appendProgram(fields, input.artifact, prefix + ".artifact",
                  prefix + ".sha256");
    fields.push_back(ConstantInt::get(i32, input.splitArtifacts.size()));
    fields.push_back(splitPrograms(input.splitArtifacts, prefix));
    fields.push_back(noaliasProgram(input.noaliasArtifact, prefix));
    fields.push_back(input.artifact.empty()
                         ? string(input.reason, prefix + ".reason")
                         : null);
    return ConstantStruct::get(kernelType, fields);
  }

  SmallVector<Constant *> emit(ArrayRef<KernelDescriptorInput> inputs) {
    SmallVector<Constant *> kernels;
    for (auto [i, input] : llvm::enumerate(inputs))
      kernels.push_back(kernel(input, i));
    auto *arrayType = ArrayType::get(kernelType, kernels.size());
    auto *array = new GlobalVariable(
        module, arrayType, true, GlobalValue::InternalLinkage,
        ConstantArray::get(arrayType, kernels), "__loom.kernels");
    SmallVector<Constant *> pointers;
    for (unsigned i = 0; i < kernels.size(); ++i)
      pointers.push_back(ConstantExpr::getInBoundsGetElementPtr(
          arrayType, array,
          ArrayRef<Constant *>{ConstantInt::get(i32, 0),
                               ConstantInt::get(i32, i)}));
    auto *moduleDesc = new GlobalVariable(
        module, moduleType, true, GlobalValue::InternalLinkage,
        ConstantStruct::get(
            moduleType, {ConstantInt::get(i32, LOOM_RT_ABI_VERSION),
                         ConstantInt::get(i32, kernels.size()), array,
                         string(module.getSourceFileName(), "__loom.source")}),
        "__loom.module");
    emitConstructor(moduleDesc);
    return pointers;
  }

private:
  /// Appends the three fields of one embedded program (text, size without
  /// the NUL, SHA-256 as 64 lower-case hex digits), or NULL/0/NULL when
  /// `text` is empty.
  void appendProgram(SmallVectorImpl<Constant *> &fields, StringRef text,
                     const Twine &name, const Twine &digestName) {
    Constant *null = ConstantPointerNull::get(cast<PointerType>(ptr));
    if (text.empty()) {
      fields.append({null, ConstantInt::get(i64, 0), null});
      return;
    }
    std::string digest =
        toHex(SHA256::hash(arrayRefFromStringRef<uint8_t>(text)),
              /*LowerCase=*/true);
    fields.append({string(text, name), ConstantInt::get(i64, text.size()),
                   string(digest, digestName)});
  }

  /// The array of `texts` as loom_program_desc_t, NULL when empty.
  Constant *splitPrograms(ArrayRef<std::string> texts, const Twine &prefix) {
    if (texts.empty())
      return ConstantPointerNull::get(cast<PointerType>(ptr));
    SmallVector<Constant *> programs;
    for (auto [level, text] : llvm::enumerate(texts)) {
      SmallVector<Constant *> fields;
      std::string name = (prefix + ".split" + Twine(level + 1)).str();
      appendProgram(fields, text, name, name + ".sha256");
      programs.push_back(ConstantStruct::get(programType, fields));
    }
    auto *type = ArrayType::get(programType, programs.size());
    return new GlobalVariable(module, type, true, GlobalValue::PrivateLinkage,
                              ConstantArray::get(type, programs),
                              prefix + ".splits");
  }

  /// `text` as one loom_program_desc_t, NULL when empty.
  Constant *noaliasProgram(StringRef text, const Twine &prefix) {
    if (text.empty())
      return ConstantPointerNull::get(cast<PointerType>(ptr));
    SmallVector<Constant *> fields;
    std::string name = (prefix + ".noalias").str();
    appendProgram(fields, text, name, name + ".sha256");
    return new GlobalVariable(
        module, programType, true, GlobalValue::PrivateLinkage,
        ConstantStruct::get(programType, fields), name + ".program");
  }

  void emitConstructor(GlobalVariable *moduleDesc) {
    FunctionCallee registerModule =
        module.getOrInsertFunction("loom_rt_register_module", i32, ptr);
    Function *ctor = Function::Create(
        FunctionType::get(Type::getVoidTy(context), false),
        GlobalValue::InternalLinkage, "__loom.register_module", &module);
    IRBuilder<> builder(BasicBlock::Create(context, "entry", ctor));
    builder.CreateCall(registerModule, {moduleDesc});
    builder.CreateRetVoid();
    appendToGlobalCtors(module, ctor, /*Priority=*/65535);
  }

  Module &module;
  LLVMContext &context;
  Type *ptr, *i32, *i64;
  StructType *argType, *programType, *kernelType, *moduleType;
};
} // namespace

SmallVector<Constant *>
loom::emitModuleDescriptors(Module &module,
                            ArrayRef<KernelDescriptorInput> kernels) {
  return DescriptorEmitter(module).emit(kernels);
}
