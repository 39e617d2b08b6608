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

#include "Diagnostics.h"
#include "HintChecker.h"
#include "HintFollower.h"
#include "HintLowering.h"
#include "Hints.h"
#include "LocationTracking.h"

#include "loom/Driver/KernelOffload.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/ExternalSemaSource.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaConsumer.h"
#include "clang/Sema/TypoCorrection.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"

using namespace clang;
using namespace loom;
using namespace loom::plugin;

namespace {
/// What the AST action of this compiler invocation hands to the passes;
/// clang loads the plugin once per process and runs one compile at a time.
struct PluginState {
  OffloadOptions options;
  /// The loop hints the AST checker ignored, for the hint lowering.
  llvm::StringSet<> ignoredLoopHints;
  /// Whether the action turned on location tracking that the host module
  /// must lose again.
  bool stripLocations = false;
  /// `test-hint-warning=`: one device hint warning to report, for tests of
  /// OffloadOptions::reportHintWarning.
  std::string testHintWarning;
};
} // namespace

static PluginState &getPluginState() {
  static PluginState state;
  return state;
}

static OffloadOptions &getOffloadOptions() { return getPluginState().options; }

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
      signature += (i || hasThis ? ";" : "") + param->getNameAsString() + "=";
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

/// A hint macro written without its parentheses (`LOOM_PARALLEL for ...`)
/// is not expanded, and clang sees an undeclared identifier: failed name
/// lookups reach this source first, which adds the Loom error that says
/// how to write the hint (clang's own error follows).
class HintMacroTypoSource : public ExternalSemaSource {
public:
  explicit HintMacroTypoSource(Preprocessor &pp) : pp(pp) {}

  TypoCorrection CorrectTypo(const DeclarationNameInfo &typo, int, Scope *,
                             CXXScopeSpec *, CorrectionCandidateCallback &,
                             DeclContext *, bool,
                             const ObjCObjectPointerType *) override {
    IdentifierInfo *name = typo.getName().getAsIdentifierInfo();
    if (!name || !name->getName().starts_with("LOOM_"))
      return TypoCorrection();
    const MacroInfo *macro = pp.getMacroInfo(name);
    if (!macro || !macro->isFunctionLike() ||
        !reported.insert(typo.getLoc().getRawEncoding()).second)
      return TypoCorrection();
    const HintInfo *hint = llvm::find_if(getHints(), [&](const HintInfo &h) {
      return h.macro == name->getName();
    });
    bool needsArgs = hint != getHints().end() && hint->minArgs > 0;
    report(pp.getDiagnostics(), typo.getLoc(), LoomDiag::HintMacroWithoutArgs)
        << name->getName() << (needsArgs ? "..." : "");
    return TypoCorrection();
  }

private:
  Preprocessor &pp;
  llvm::DenseSet<unsigned> reported;
};

/// Records kernels and checks hints as the parser hands over each
/// top-level declaration, before code generation sees it; hands the parser's
/// Sema to the pragma handler.
class LoomConsumer : public SemaConsumer {
public:
  ~LoomConsumer() override {
    // The callback refers to this compilation's diagnostics.
    getOffloadOptions().reportHintWarning = nullptr;
  }
  void Initialize(ASTContext &context) override {
    checker = std::make_unique<HintCheckSession>(context);
  }
  void InitializeSema(Sema &sema) override {
    setParserSema(&sema);
    sema.addExternalSource(
        llvm::makeIntrusiveRefCnt<HintMacroTypoSource>(sema.getPreprocessor()));
  }
  void ForgetSema() override { setParserSema(nullptr); }

  bool HandleTopLevelDecl(DeclGroupRef group) override {
    for (Decl *decl : group) {
      SignatureRecorder(decl->getASTContext()).TraverseDecl(decl);
      foldCarrierCounts(decl, decl->getASTContext());
      checker->check(decl);
    }
    return true;
  }
  void HandleTranslationUnit(ASTContext &) override {
    checker->finish();
    getPluginState().ignoredLoopHints = checker->getIgnoredLoopHints();
  }

private:
  std::unique_ptr<HintCheckSession> checker;
};

class LoomAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &instance,
                                                 StringRef) override {
    PluginState &state = getPluginState();
    state.ignoredLoopHints.clear();
    state.stripLocations = enableLocationTracking(instance);
    state.options.reportHintWarning =
        [&instance](StringRef where, StringRef message,
                    ArrayRef<std::pair<std::string, std::string>> notes) {
          reportDeviceHintWarning(instance.getDiagnostics(),
                                  instance.getSourceManager(), where, message,
                                  notes);
        };
    return std::make_unique<LoomConsumer>();
  }

  bool ParseArgs(const CompilerInstance &instance,
                 const std::vector<std::string> &args) override {
    PluginState &state = getPluginState();
    OffloadOptions &options = state.options;
    setHintWarningState(HintWarningState::On);
    state.testHintWarning.clear();
    for (StringRef arg : args) {
      auto [key, value] = arg.split('=');
      std::optional<HintWarningState> hintWarnings =
          key == "hint-warnings" ? parseHintWarningState(value) : std::nullopt;
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
      } else if (hintWarnings) {
        setHintWarningState(*hintWarnings);
      } else if (key == "test-hint-warning") {
        state.testHintWarning = value.str();
      } else {
        DiagnosticsEngine &diags = instance.getDiagnostics();
        diags.Report(diags.getCustomDiagID(
            DiagnosticsEngine::Error,
            "unknown Loom plugin argument '%0'; expected save-temps=, "
            "report-dir=, fabric=, offload=default|mandatory|disabled or "
            "hint-warnings=on|off|error|no-error"))
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

namespace {
/// Reports one device hint warning per module, as the device compile
/// would, for tests of OffloadOptions::reportHintWarning: the warning
/// `WHERE;MESSAGE[;NOTE-WHERE;NOTE]...` of the plugin argument
/// `test-hint-warning=`, or else of the module's `!loom.test_hint_warning`
/// string (IR compiled without the AST action, which sets no callback).
class TestHintWarningPass : public llvm::PassInfoMixin<TestHintWarningPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &module,
                              llvm::ModuleAnalysisManager &) {
    StringRef text = getPluginState().testHintWarning;
    if (llvm::NamedMDNode *node =
            module.getNamedMetadata("loom.test_hint_warning");
        text.empty() && node && node->getNumOperands() > 0)
      if (auto *string = dyn_cast<llvm::MDString>(
              node->getOperand(0)->getOperand(0).get()))
        text = string->getString();
    SmallVector<StringRef> fields;
    text.split(fields, ';');
    auto function = llvm::find_if(
        module, [](llvm::Function &f) { return !f.isDeclaration(); });
    if (fields.size() < 2 || function == module.end())
      return llvm::PreservedAnalyses::all();
    SmallVector<std::pair<std::string, std::string>> notes;
    for (unsigned i = 2; i + 1 < fields.size(); i += 2)
      notes.push_back({fields[i].str(), fields[i + 1].str()});
    emitHintWarning(getOffloadOptions(), *function, fields[0], fields[1],
                    notes);
    return llvm::PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};
} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK ::llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "loom", "0.1",
          [](llvm::PassBuilder &builder) {
            builder.registerPipelineStartEPCallback(
                [](llvm::ModulePassManager &passes, llvm::OptimizationLevel) {
                  PluginState &state = getPluginState();
                  passes.addPass(LowerLoomHintsPass(state.ignoredLoopHints));
                  passes.addPass(OffloadKernelsPass(state.options));
                  passes.addPass(TestHintWarningPass());
                  // The device path has taken its copies of the kernels.
                  if (state.stripLocations)
                    passes.addPass(StripLocationsPass());
                });
          }};
}
