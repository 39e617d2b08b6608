//===- Plugin.cpp - the Loom clang plugin entry points -------------------===//
//
// Part of the Loom project.
//
// One shared object serves clang three ways: the `loom` pragma handler
// (PragmaHandler.cpp), an AST action that runs before code generation to
// record kernel signatures and validate hints (-fplugin=), and an LLVM pass
// plugin that lowers hints and offloads kernels at pipeline start
// (-fpass-plugin=). Options arrive as -fplugin-arg-loom-<name>=<value> and
// are shared with the passes through this one loaded object.
//
//===----------------------------------------------------------------------===//

#include "HintChecker.h"
#include "HintLowering.h"
#include "Hints.h"

#include "loom/Driver/KernelOffload.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"

using namespace clang;
using namespace loom;
using namespace loom::plugin;

/// The options of this compiler invocation, set by the AST action and read
/// by the passes; clang loads the plugin once per process.
static OffloadOptions &getOffloadOptions() {
  static OffloadOptions options;
  return options;
}

namespace {

/// The spelling of a parameter's element type in `loom.signature`.
std::string getElementSpelling(QualType type, ASTContext &context) {
  type = type.getCanonicalType();
  if (type->isBooleanType())
    return "i1";
  if (type->isIntegerType())
    return "i" + std::to_string(context.getTypeSize(type));
  if (type->isSpecificBuiltinType(BuiltinType::Float))
    return "f32";
  if (type->isSpecificBuiltinType(BuiltinType::Double))
    return "f64";
  // An object the kernel reads fields of (`const std::vector<float> &`,
  // `Image &`): the device compile passes the fields it loads.
  if (type->isRecordType())
    return "struct";
  return "ptr";
}

/// Adds `loom.signature=name=kind:elem[:const];...` and
/// `loom.location=file:line:col` to every hinted kernel definition, before
/// code generation sees it: opaque pointers in LLVM IR no longer carry
/// element types or constness, and `llvm.global.annotations` has no column.
/// Templates get theirs per instantiation, once the types are known.
class SignatureRecorder : public RecursiveASTVisitor<SignatureRecorder> {
public:
  explicit SignatureRecorder(ASTContext &context) : context(context) {}

  bool VisitFunctionDecl(FunctionDecl *fn) {
    if (!fn->doesThisDeclarationHaveABody() || fn->isDependentContext() ||
        !isKernel(fn))
      return true;
    addLocation(fn);
    std::string signature = "signature=";
    // An instance method's object is its first IR parameter: the kernel
    // reads fields of it like of any object passed by reference.
    bool hasThis = false;
    if (auto *method = dyn_cast<CXXMethodDecl>(fn);
        method && method->isInstance()) {
      signature += "this=ptr:struct";
      if (method->isConst())
        signature += ":const";
      hasThis = true;
    }
    for (auto [i, param] : llvm::enumerate(fn->parameters())) {
      QualType type = param->getType();
      signature +=
          (i || hasThis ? ";" : "") + param->getNameAsString() + "=";
      // Array parameters have already decayed to pointers here.
      if (type->isPointerType() || type->isReferenceType()) {
        QualType pointee = type->getPointeeType();
        // A reference or pointer to an array (`const int (&)[4]`) points at
        // the array's elements; constness stays with the elements.
        while (const ArrayType *array = context.getAsArrayType(pointee))
          pointee = array->getElementType();
        signature += "ptr:" + getElementSpelling(pointee, context);
        if (pointee.isConstQualified())
          signature += ":const";
      } else {
        signature += "val:" + getElementSpelling(type, context);
      }
    }
    fn->addAttr(AnnotateAttr::CreateImplicit(
        context, (kAnnotationPrefix + signature).str(), nullptr, 0));
    return true;
  }

private:
  /// The kernel's location: where its name is written in the definition.
  void addLocation(FunctionDecl *fn) {
    SourceManager &sources = context.getSourceManager();
    PresumedLoc presumed =
        sources.getPresumedLoc(sources.getExpansionLoc(fn->getLocation()));
    if (presumed.isInvalid())
      return;
    std::string location =
        (Twine(kAnnotationPrefix) + "location=" + presumed.getFilename() + ":" +
         Twine(presumed.getLine()) + ":" + Twine(presumed.getColumn()))
            .str();
    fn->addAttr(AnnotateAttr::CreateImplicit(context, location, nullptr, 0));
  }

  static bool isKernel(const FunctionDecl *fn) {
    for (const AnnotateAttr *attr : fn->specific_attrs<AnnotateAttr>()) {
      StringRef name = attr->getAnnotation();
      if (name == "loom.accel" || name == "loom.candidate")
        return true;
    }
    return false;
  }
  ASTContext &context;
};

class LoomConsumer : public ASTConsumer {
public:
  bool HandleTopLevelDecl(DeclGroupRef group) override {
    for (Decl *decl : group) {
      SignatureRecorder(decl->getASTContext()).TraverseDecl(decl);
      foldCarrierCounts(decl, decl->getASTContext());
    }
    return true;
  }
  void HandleTranslationUnit(ASTContext &context) override {
    checkHints(context);
  }
};

class LoomAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 StringRef) override {
    return std::make_unique<LoomConsumer>();
  }

  bool ParseArgs(const CompilerInstance &instance,
                 const std::vector<std::string> &args) override {
    OffloadOptions &options = getOffloadOptions();
    for (StringRef arg : args) {
      auto [key, value] = arg.split('=');
      if (key == "save-temps") {
        options.saveTempsDir = value.str();
      } else if (key == "report-dir") {
        options.reportDir = value.str();
      } else if (key == "fabric") {
        options.fabric = value.str();
      } else if (key == "offload" &&
                 (value == "default" || value == "mandatory" ||
                  value == "disabled")) {
        options.policy = value == "mandatory"  ? OffloadPolicy::Mandatory
                         : value == "disabled" ? OffloadPolicy::Disabled
                                               : OffloadPolicy::Default;
      } else {
        DiagnosticsEngine &diags = instance.getDiagnostics();
        diags.Report(diags.getCustomDiagID(
            DiagnosticsEngine::Error,
            "unknown Loom plugin argument '%0'; expected save-temps=, "
            "report-dir=, fabric= or offload=default|mandatory|disabled"))
            << arg;
        return false;
      }
    }
    return true;
  }

  ActionType getActionType() override { return AddBeforeMainAction; }
};

} // namespace

static FrontendPluginRegistry::Add<LoomAction>
    registerLoomAction("loom", "validate Loom hints and record kernels");

extern "C" LLVM_ATTRIBUTE_WEAK ::llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "loom", "0.1",
          [](llvm::PassBuilder &builder) {
            builder.registerPipelineStartEPCallback(
                [](llvm::ModulePassManager &passes, llvm::OptimizationLevel) {
                  passes.addPass(LowerLoomHintsPass());
                  passes.addPass(OffloadKernelsPass(getOffloadOptions()));
                });
          }};
}
