//===- loom-clang++.cpp - the Loom compiler driver -----------------------===//
//
// Part of the Loom project.
//
// A drop-in clang++ (or clang, when invoked as loom-clang): forwards every
// clang option unchanged and adds what Loom needs — the hints header, the
// Loom plugin (pragmas, hint checks, hint lowering, kernel offload) and, when
// linking, libloomrt and libffi. Loom's own options start with --loom-.
//
//===----------------------------------------------------------------------===//

#include "loom/Support/BoundedJSON.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <numeric>
#include <optional>
#include <string>
#include <vector>

#ifdef LOOM_SANITIZE
extern char **environ;
#endif

using namespace llvm;

#ifndef LOOM_CLANG_DIR
#define LOOM_CLANG_DIR "/usr/lib/llvm-22/bin"
#endif
#ifndef LOOM_VERSION
#define LOOM_VERSION "0.1.0"
#endif

namespace {

/// The -Wloom-hint state, tracked as clang tracks a warning group: a
/// severity and whether -Werror may promote it.
struct HintWarnings {
  enum Severity { Ignored, Warning, Error } severity = Warning;
  bool noWerror = false;
  bool given = false; ///< any -W...loom-hint flag on the command line

  /// Applies one flag; returns false if `arg` is none of the four.
  bool apply(StringRef arg) {
    if (arg == "-Wloom-hint")
      severity = Warning;
    else if (arg == "-Wno-loom-hint")
      severity = Ignored;
    else if (arg == "-Werror=loom-hint")
      severity = Error;
    else if (arg == "-Wno-error=loom-hint") {
      // As in clang: an error becomes a warning again, a disabled warning
      // stays disabled, and -Werror no longer promotes it.
      if (severity == Error)
        severity = Warning;
      noWerror = true;
    } else
      return false;
    given = true;
    return true;
  }

  /// The plugin's `hint-warnings=` value.
  StringRef getPluginValue() const {
    if (severity == Ignored)
      return "off";
    if (severity == Error)
      return "error";
    return noWerror ? "no-error" : "on";
  }
};

/// What the Loom options of one invocation ask for.
struct LoomOptions {
  std::optional<std::string> saveTemps; ///< directory, "" = current
  std::string report;                   ///< --loom-report=<file.json>
  std::string offload = "default";
  std::string fabric;
  HintWarnings hintWarnings;
  bool help = false;
  bool version = false;
};

/// Where the driver's companions live, relative to its own binary.
struct Layout {
  std::string binDir, libDir, includeDir, plugin, clang;
};

} // namespace

static void printHelp(StringRef tool) {
  outs() << "OVERVIEW: Loom single-source C++ compiler for CGRA "
            "accelerators\n\n"
         << "USAGE: " << tool << " [clang options] [Loom options] files...\n\n"
         << "Every clang option is accepted and means what it means to "
            "clang.\n\nLOOM OPTIONS:\n"
         << "  --loom-save-temps[=<dir>]   write each kernel's .ll, "
            ".llvm.mlir, .scf.mlir and .dfg.mlir (default dir: .)\n"
         << "  --loom-report=<file.json>   write what was offloaded and "
            "why not\n"
         << "  --loom-offload=<policy>     mandatory | default | disabled "
            "(default: default)\n"
         << "  --loom-fabric=<preset|file> the fabric kernels are compiled "
            "for\n"
         << "  -Rpass=loom, -Rpass-missed=loom, -Rpass-analysis=loom\n"
         << "                              remarks on offload decisions\n"
         << "  -Wloom-hint, -Wno-loom-hint, -Werror=loom-hint, "
            "-Wno-error=loom-hint\n"
         << "                              warnings about hints that are "
            "ignored (default: on;\n"
         << "                              -w and -Werror apply too)\n"
         << "  --help                      this text\n"
         << "  --version                   the Loom and clang versions\n";
}

/// Consumes the Loom options from `args`; returns false on a bad value.
static bool takeLoomOptions(std::vector<const char *> &args,
                            LoomOptions &options) {
  std::vector<const char *> rest;
  for (const char *raw : args) {
    StringRef arg(raw);
    if (arg == "--loom-save-temps") {
      options.saveTemps = "";
    } else if (arg.consume_front("--loom-save-temps=")) {
      options.saveTemps = arg.str();
    } else if (arg.consume_front("--loom-report=")) {
      options.report = arg.str();
    } else if (arg.consume_front("--loom-offload=")) {
      if (arg != "mandatory" && arg != "default" && arg != "disabled") {
        WithColor::error(errs(), "loom-clang++")
            << "invalid --loom-offload value '" << arg
            << "'; expected mandatory, default or disabled\n";
        return false;
      }
      options.offload = arg.str();
    } else if (arg.consume_front("--loom-fabric=")) {
      options.fabric = arg.str();
    } else if (options.hintWarnings.apply(arg)) {
      // Clang does not know the group: it would warn about the flag.
    } else if (arg.starts_with("--loom-")) {
      WithColor::error(errs(), "loom-clang++")
          << "unknown Loom option '" << raw << "'; see --help\n";
      return false;
    } else if (arg == "--help" || arg == "-help") {
      options.help = true;
    } else if (arg == "--version") {
      options.version = true;
    } else {
      rest.push_back(raw);
    }
  }
  args = std::move(rest);
  return true;
}

/// True if `args` name something clang compiles (a source file or `-x`),
/// as opposed to only objects and libraries to link.
static bool hasSourceInput(ArrayRef<const char *> args) {
  for (StringRef arg : args) {
    if (arg == "-x" || arg.starts_with("-x"))
      return true;
    if (arg.starts_with("-"))
      continue;
    StringRef ext = sys::path::extension(arg);
    if (ext == ".c" || ext == ".cc" || ext == ".cpp" || ext == ".cxx" ||
        ext == ".C" || ext == ".c++" || ext == ".cp" || ext == ".i" ||
        ext == ".ii")
      return true;
  }
  return false;
}

/// True if `args` make clang link (no -c, -S, -E, -fsyntax-only, -M, -MM).
static bool isLinking(ArrayRef<const char *> args) {
  for (StringRef arg : args)
    if (arg == "-c" || arg == "-S" || arg == "-E" || arg == "-fsyntax-only" ||
        arg == "-M" || arg == "-MM" || arg == "-emit-llvm")
      return false;
  return true;
}

static Layout findLayout(const char *argv0) {
  Layout layout;
  std::string self =
      sys::fs::getMainExecutable(argv0, reinterpret_cast<void *>(&printHelp));
  layout.binDir = sys::path::parent_path(self).str();
  SmallString<256> root(layout.binDir);
  sys::path::remove_filename(root);
  SmallString<256> lib(root), include(root), plugin(root);
  sys::path::append(lib, "lib");
  sys::path::append(include, "include");
  sys::path::append(plugin, "lib", "LoomPlugin.so");
  layout.libDir = lib.str().str();
  layout.includeDir = include.str().str();
  layout.plugin = plugin.str().str();
  return layout;
}

/// The key units are sorted by: the source file, then the first kernel's
/// name (a file compiled twice in one invocation).
static std::pair<std::string, std::string> getUnitKey(const json::Value &unit) {
  std::pair<std::string, std::string> key;
  const json::Object *object = unit.getAsObject();
  if (!object)
    return key;
  key.first = object->getString("source_file").value_or("").str();
  if (const json::Array *kernels = object->getArray("kernels"))
    if (!kernels->empty())
      if (const json::Object *first = kernels->front().getAsObject())
        key.second = first->getString("name").value_or("").str();
  return key;
}

/// Merges the per-translation-unit report fragments of `fragmentDir` (none
/// if it is empty) into `path`, sorted by source file: the fragments are
/// written in the order the compiles finish.
static bool writeReport(StringRef fragmentDir, StringRef path) {
  std::vector<json::Value> units;
  std::error_code error;
  std::vector<std::string> files;
  if (!fragmentDir.empty())
    for (sys::fs::directory_iterator it(fragmentDir, error), end;
         it != end && !error; it.increment(error))
      files.push_back(it->path());
  llvm::sort(files);
  for (const std::string &file : files) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> buffer = MemoryBuffer::getFile(file);
    if (!buffer)
      continue;
    Expected<json::Value> unit = loom::parseBoundedJSON((*buffer)->getBuffer());
    if (unit)
      units.push_back(std::move(*unit));
    else
      consumeError(unit.takeError());
    sys::fs::remove(file);
  }
  if (!fragmentDir.empty())
    sys::fs::remove(fragmentDir);
  // By key, then by fragment file name (their order in `units`).
  std::vector<unsigned> order(units.size());
  std::iota(order.begin(), order.end(), 0u);
  llvm::sort(order, [&](unsigned a, unsigned b) {
    return std::make_pair(getUnitKey(units[a]), a) <
           std::make_pair(getUnitKey(units[b]), b);
  });
  json::Array sorted;
  for (unsigned i : order)
    sorted.push_back(std::move(units[i]));
  raw_fd_ostream os(path, error, sys::fs::OF_Text);
  if (error) {
    WithColor::error(errs(), "loom-clang++")
        << "cannot write report '" << path << "': " << error.message() << "\n";
    return false;
  }
  os << formatv("{0:2}", json::Value(json::Object{
                             {"loom_compile_report_version", 1},
                             {"translation_units", std::move(sorted)}}))
     << "\n";
  return true;
}

/// The options every compiling invocation gets: the hints header, the
/// plugin in both roles, and the plugin's arguments.
static void addCompileOptions(std::vector<std::string> &command,
                              const Layout &layout,
                              const LoomOptions &options) {
  // After every other directory, as a system directory: the user's own
  // loom/loom.h wins, and -Weverything stays quiet about the header.
  command.push_back("-idirafter");
  command.push_back(layout.includeDir);
  command.push_back("-D__LOOM_CLANG__=1");
  command.push_back("-fplugin=" + layout.plugin);
  command.push_back("-fpass-plugin=" + layout.plugin);
  command.push_back("-fplugin-arg-loom-offload=" + options.offload);
  if (!options.fabric.empty())
    command.push_back("-fplugin-arg-loom-fabric=" + options.fabric);
  if (options.hintWarnings.given)
    command.push_back(("-fplugin-arg-loom-hint-warnings=" +
                       options.hintWarnings.getPluginValue())
                          .str());
  if (options.saveTemps) {
    std::string dir = options.saveTemps->empty() ? "." : *options.saveTemps;
    sys::fs::create_directories(dir);
    command.push_back("-fplugin-arg-loom-save-temps=" + dir);
  }
}

/// In a sanitized build of Loom (LOOM_SANITIZE, docs/development.md) the
/// instrumented libloomrt needs the shared sanitizer runtime loaded first:
/// a program is linked with it ahead of every other library. The program's
/// own code is not instrumented, so its IR and code are what a user gets.
static void addSanitizerOptions(std::vector<std::string> &command, bool links) {
#ifdef LOOM_SANITIZE
  if (links)
    command.insert(command.begin() + 1,
                   {"-Wl,--push-state,--no-as-needed", LOOM_SANITIZER_RUNTIME,
                    "-Wl,--pop-state",
                    "-Wl,-rpath," LOOM_SANITIZER_RUNTIME_DIR});
#else
  (void)command, (void)links;
#endif
}

/// The environment clang runs in: its own, except in a sanitized build,
/// where the uninstrumented clang loads the instrumented plugin and so
/// needs the sanitizer runtime preloaded; clang frees nothing at exit on
/// purpose, so leak checking is off in it, and the plugin's copies of
/// LLVM's allocators must not poison memory that clang's copies use
/// (scripts/test-sanitized.sh). Empty means "inherit".
static std::vector<std::string> getClangEnvironment() {
  std::vector<std::string> environment;
#ifdef LOOM_SANITIZE
  const char *required = "detect_leaks=0:allow_user_poisoning=0";
  std::string asanOptions = required;
  std::string preload = LOOM_SANITIZER_RUNTIME;
  for (char **entry = environ; *entry; ++entry) {
    StringRef variable(*entry);
    if (variable.consume_front("ASAN_OPTIONS="))
      asanOptions = (variable + ":" + required).str();
    else if (variable.consume_front("LD_PRELOAD="))
      preload += (variable.empty() ? "" : ":") + variable.str();
    else
      environment.push_back(*entry);
  }
  environment.push_back("ASAN_OPTIONS=" + asanOptions);
  environment.push_back("LD_PRELOAD=" + preload);
#endif
  return environment;
}

int main(int argc, const char **argv) {
  BumpPtrAllocator allocator;
  StringSaver saver(allocator);
  SmallVector<const char *> expanded(argv + 1, argv + argc);
  // Response files may hold Loom options too.
  if (!cl::ExpandResponseFiles(saver, cl::TokenizeGNUCommandLine, expanded)) {
    WithColor::error(errs(), "loom-clang++") << "cannot read a response file\n";
    return 1;
  }
  std::vector<const char *> args(expanded.begin(), expanded.end());

  StringRef tool = sys::path::filename(argv[0]);
  bool cxx = !tool.ends_with("loom-clang");
  LoomOptions options;
  if (!takeLoomOptions(args, options))
    return 1;
  if (options.help) {
    printHelp(tool);
    return 0;
  }
  Layout layout = findLayout(argv[0]);
  std::string clang =
      (Twine(LOOM_CLANG_DIR) + "/" + (cxx ? "clang++" : "clang")).str();
  if (options.version) {
    outs() << "Loom " << LOOM_VERSION << " (" << tool << ")\n";
    // clang writes to the same stdout: ours must come first.
    outs().flush();
    return sys::ExecuteAndWait(clang, {clang, "--version"});
  }

  std::vector<std::string> command = {clang};
  for (const char *arg : args)
    command.push_back(arg);
  if (args.empty())
    return sys::ExecuteAndWait(clang, {clang});
  // Loom's additions come last so user -I directories take precedence.
  bool compiles = hasSourceInput(args);
  if (compiles)
    addCompileOptions(command, layout, options);
  SmallString<128> fragmentDir;
  if (compiles && !options.report.empty()) {
    if (std::error_code error =
            sys::fs::createUniqueDirectory("loom-report", fragmentDir)) {
      WithColor::error(errs(), "loom-clang++")
          << "cannot create a temporary directory: " << error.message() << "\n";
      return 1;
    }
    command.push_back("-fplugin-arg-loom-report-dir=" +
                      fragmentDir.str().str());
  }
  if (isLinking(args)) {
    command.push_back("-L" + layout.libDir);
    command.push_back("-Wl,-rpath," + layout.libDir);
    command.push_back("-lloomrt");
    command.push_back("-lffi");
  }
  addSanitizerOptions(command, isLinking(args));

  std::vector<StringRef> refs(command.begin(), command.end());
  std::vector<std::string> environment = getClangEnvironment();
  std::vector<StringRef> envRefs(environment.begin(), environment.end());
  int status = sys::ExecuteAndWait(
      clang, refs,
      environment.empty() ? std::nullopt
                          : std::optional<ArrayRef<StringRef>>(envRefs));
  // An invocation that only links compiles nothing: its report is empty.
  bool writesReport =
      !fragmentDir.empty() || (!compiles && !options.report.empty());
  if (writesReport && !writeReport(fragmentDir, options.report))
    return status ? status : 1;
  return status;
}
