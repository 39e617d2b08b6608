//===- Checker.cpp - one differential check of one program ----------------===//
//
// Part of the Loom project.
//
// A wrong lowering may crash the compiler or the emulator, and a wrong
// program may not end: each check runs in a forked child that streams its
// progress (the stage it enters) and then its result to the parent through
// a pipe, so the parent can say which stage died.
//
//===----------------------------------------------------------------------===//

#include "Checker.h"

#include "ProgramBuilder.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <csignal>
#include <cstring>
#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;

namespace loom::proptest {

const char *describe(Verdict verdict) {
  switch (verdict) {
  case Verdict::Pass:
    return "pass";
  case Verdict::Build:
    return "the test IR builders produced an invalid module";
  case Verdict::ScfFailed:
    return "the SCF execution failed";
  case Verdict::DataflowFailed:
    return "lowering or emulating the dataflow graph failed";
  case Verdict::Mismatch:
    return "the SCF and dataflow executions differ";
  case Verdict::Crashed:
    return "the check crashed or timed out";
  }
  llvm_unreachable("unknown verdict");
}

/// Lists the elements where the two executions differ.
static std::string compareOutcomes(const Program &program, const Outcome &scf,
                                   const Outcome &dataflow) {
  std::string text;
  raw_string_ostream os(text);
  // A dense batch program has the results of every instance, in order.
  size_t perInstance = program.results.size();
  if (scf.results.size() != dataflow.results.size())
    os << "scf returns " << scf.results.size() << " results, dataflow "
       << dataflow.results.size() << "\n";
  for (size_t i = 0; i < std::min(scf.results.size(), dataflow.results.size());
       ++i) {
    if (scf.results[i] == dataflow.results[i])
      continue;
    if (program.instances)
      os << "instance " << i / perInstance << " ";
    os << "result #" << i % perInstance << ": scf 0x"
       << utohexstr(scf.results[i]) << ", dataflow 0x"
       << utohexstr(dataflow.results[i]) << "\n";
  }
  for (size_t b = 0; b < program.buffers.size(); ++b)
    for (size_t i = 0; i < scf.buffers[b].size(); ++i)
      if (scf.buffers[b][i] != dataflow.buffers[b][i])
        os << "buffer #" << b << "[" << i << "]: scf 0x"
           << utohexstr(scf.buffers[b][i]) << ", dataflow 0x"
           << utohexstr(dataflow.buffers[b][i]) << "\n";
  return text;
}

/// Whether `block` holds a statement `matches` accepts, at any depth.
static bool holds(const Block &block,
                  function_ref<bool(const Stmt &)> matches) {
  for (const Stmt &stmt : block.stmts) {
    if (matches(stmt))
      return true;
    for (const Block &inner : stmt.blocks)
      if (holds(inner, matches))
        return true;
  }
  return false;
}

static void injectFault(InjectedFault fault, const Program &program,
                        Outcome &dataflow) {
  if (fault == InjectedFault::CrashOnWhile &&
      holds(program.body,
            [](const Stmt &s) { return s.kind == Stmt::Kind::While; }))
    abort();
  if (fault == InjectedFault::FlipOnBackwardLoop && dataflow.error.empty() &&
      holds(program.body, [](const Stmt &s) { return s.backward; }))
    for (std::vector<uint64_t> &buffer : dataflow.buffers)
      buffer[0] ^= 1;
  if (fault == InjectedFault::FlipOnParallel && dataflow.error.empty() &&
      holds(program.body,
            [](const Stmt &s) { return s.kind == Stmt::Kind::Parallel; }))
    for (std::vector<uint64_t> &buffer : dataflow.buffers)
      buffer[0] ^= 1;
}

/// The check itself; `report` is told each stage before it starts ('S')
/// and the SCF module's text once it is built ('T').
static Check check(mlir::MLIRContext &context, const Program &program,
                   const CheckOptions &options,
                   function_ref<void(char, StringRef)> report) {
  auto enter = [&](StringRef stage) { report('S', stage); };
  Check result;
  std::string diagnostics;
  enter("building the program");
  mlir::OwningOpRef<mlir::ModuleOp> kernel =
      buildProgram(context, program, diagnostics);
  if (!kernel) {
    result.verdict = Verdict::Build;
    result.detail = diagnostics;
    return result;
  }
  raw_string_ostream(result.scfText) << *kernel;
  report('T', result.scfText);
  if (program.asKernel)
    raw_string_ostream(result.kernelText)
        << *makeKernelModule(*kernel, program);
  enter("the SCF execution (MLIR to LLVM, ORC JIT)");
  result.scf = runScf(*kernel, program);
  result.negativeIndex = result.scf.negativeIndex;
  enter(options.simFabric
            ? "lowering, emulating and simulating the dataflow graph"
            : "lowering and emulating the dataflow graph");
  DataflowRunOptions run;
  run.schedules = options.schedules;
  run.simFabric = options.simFabric;
  run.mapperSeconds = options.simMapperSeconds;
  run.breakBatches = options.fault == InjectedFault::BatchFirstInputs;
  run.trustHints = options.fault == InjectedFault::TrustEveryHint;
  run.splitLevels = options.splitLevels;
  std::vector<Outcome> runs =
      runDataflow(*kernel, program, run, result.lowered);
  size_t failedRun = 0;
  if (!runs.empty())
    result.hints = runs.front().hints;
  for (auto [i, run] : llvm::enumerate(runs)) {
    if (run.simulated && !run.unmapped.empty()) {
      result.unmapped = run.unmapped;
      continue;
    }
    result.simulated = run.simulated;
    if (run.simulated) {
      result.batchInstances = run.batchInstances;
      result.unbatched = run.unbatched;
      result.batchLoopState = run.batchLoopState;
    }
    failedRun = i;
    injectFault(options.fault, program, run);
    result.dataflow = run;
    result.schedule = i < options.schedules.size() ? options.schedules[i] : 0;
    if (!result.scf.error.empty()) {
      result.verdict = Verdict::ScfFailed;
      result.detail = result.scf.error;
      break;
    }
    if (!run.error.empty()) {
      result.verdict = Verdict::DataflowFailed;
      result.detail = run.error;
      break;
    }
    result.detail = compareOutcomes(program, result.scf, run);
    if (!result.detail.empty()) {
      result.verdict = Verdict::Mismatch;
      break;
    }
  }
  // The runs are compared in order: the first failing one is reported.
  if (result.verdict != Verdict::Pass && result.dataflow.simulated)
    result.detail = "on the cycle simulator (" +
                    options.simFabric->getName().str() +
                    ", mapped by the mapper; every emulator schedule agrees "
                    "with SCF):\n" +
                    result.detail;
  else if (result.verdict != Verdict::Pass && failedRun > 0)
    result.detail =
        "under emulator schedule seed " + std::to_string(result.schedule) +
        " (the earlier schedules agree with SCF):\n" + result.detail;
  return result;
}

//===----------------------------------------------------------------------===//
// The child's messages: 'S' + a stage, 'T' + the SCF text, 'R' + the Check.
//===----------------------------------------------------------------------===//

namespace {
struct Writer {
  std::string bytes;
  void u64(uint64_t v) { bytes.append(reinterpret_cast<char *>(&v), 8); }
  void str(StringRef s) {
    u64(s.size());
    bytes.append(s.data(), s.size());
  }
  void list(const std::vector<uint64_t> &v) {
    u64(v.size());
    for (uint64_t x : v)
      u64(x);
  }
  void hints(const KernelReport &h) {
    for (uint64_t v :
         {h.right, h.rightProven, h.rightTrusted, h.rightWarned, h.wrong,
          h.wrongDiagnosed, h.wrongTrusted, h.pointersBounded,
          h.pointersUnchecked, h.regionsSplit, h.loadsForwarded, h.loopsSplit,
          h.reductionsKept})
      u64(v);
  }
  void outcome(const Outcome &o) {
    str(o.error);
    str(o.emuArguments);
    u64(o.simulated);
    str(o.unmapped);
    u64(o.batchInstances);
    str(o.unbatched);
    u64(o.batchLoopState);
    u64(o.negativeIndex);
    hints(o.hints);
    list(o.results);
    u64(o.buffers.size());
    for (const std::vector<uint64_t> &b : o.buffers)
      list(b);
  }
};

struct Reader {
  StringRef bytes;
  bool ok = true;
  uint64_t u64() {
    if (bytes.size() < 8) {
      ok = false;
      return 0;
    }
    uint64_t v;
    std::memcpy(&v, bytes.data(), 8);
    bytes = bytes.drop_front(8);
    return v;
  }
  std::string str() {
    uint64_t n = u64();
    if (!ok || bytes.size() < n) {
      ok = false;
      return {};
    }
    std::string s = bytes.take_front(n).str();
    bytes = bytes.drop_front(n);
    return s;
  }
  std::vector<uint64_t> list() {
    std::vector<uint64_t> v(ok ? std::min<uint64_t>(u64(), bytes.size()) : 0);
    for (uint64_t &x : v)
      x = u64();
    return v;
  }
  KernelReport hints() {
    KernelReport h;
    for (uint64_t *v :
         {&h.right, &h.rightProven, &h.rightTrusted, &h.rightWarned, &h.wrong,
          &h.wrongDiagnosed, &h.wrongTrusted, &h.pointersBounded,
          &h.pointersUnchecked, &h.regionsSplit, &h.loadsForwarded,
          &h.loopsSplit, &h.reductionsKept})
      *v = u64();
    return h;
  }
  Outcome outcome() {
    Outcome o;
    o.error = str();
    o.emuArguments = str();
    o.simulated = u64() != 0;
    o.unmapped = str();
    o.batchInstances = u64();
    o.unbatched = str();
    o.batchLoopState = u64() != 0;
    o.negativeIndex = u64() != 0;
    o.hints = hints();
    o.results = list();
    uint64_t n = std::min<uint64_t>(u64(), bytes.size());
    for (uint64_t i = 0; ok && i < n; ++i)
      o.buffers.push_back(list());
    return o;
  }
};
} // namespace

static void writeAll(int fd, StringRef bytes) {
  while (!bytes.empty()) {
    ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n <= 0)
      return;
    bytes = bytes.drop_front(n);
  }
}

/// Runs in the child: streams the stages and the result, then exits.
[[noreturn]] static void runChild(int fd, mlir::MLIRContext &context,
                                  const Program &program,
                                  const CheckOptions &options) {
  // The parent reports a crash with the stage it happened in; LLVM's stack
  // dump of every shrinking candidate would bury that.
  for (int sig : {SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP})
    ::signal(sig, SIG_DFL);
  alarm(options.timeoutSeconds);
  Check result =
      check(context, program, options, [&](char tag, StringRef text) {
        Writer w;
        w.bytes = tag;
        w.str(text);
        writeAll(fd, w.bytes);
      });
  Writer w;
  w.bytes = "R";
  w.u64(static_cast<uint64_t>(result.verdict));
  w.str(result.scfText);
  w.str(result.lowered);
  w.str(result.detail);
  w.outcome(result.scf);
  w.outcome(result.dataflow);
  w.u64(result.schedule);
  w.u64(result.simulated);
  w.str(result.unmapped);
  w.u64(result.batchInstances);
  w.str(result.unbatched);
  w.u64(result.batchLoopState);
  w.str(result.kernelText);
  w.hints(result.hints);
  w.u64(result.negativeIndex);
  writeAll(fd, w.bytes);
  ::close(fd);
  // No atexit handlers or stream flushes of the parent's state.
  _exit(0);
}

Check checkIsolated(mlir::MLIRContext &context, const Program &program,
                    const CheckOptions &options) {
  Check result;
  int fds[2];
  outs().flush();
  errs().flush();
  if (::pipe(fds) != 0) {
    result.verdict = Verdict::Crashed;
    result.detail = "pipe() failed: " + std::string(strerror(errno));
    return result;
  }
  pid_t child = ::fork();
  if (child == 0) {
    ::close(fds[0]);
    runChild(fds[1], context, program, options);
  }
  ::close(fds[1]);
  std::string bytes;
  char chunk[65536];
  ssize_t n;
  while (child > 0 && (n = ::read(fds[0], chunk, sizeof(chunk))) > 0)
    bytes.append(chunk, n);
  ::close(fds[0]);
  int status = 0;
  if (child < 0 || ::waitpid(child, &status, 0) != child) {
    result.verdict = Verdict::Crashed;
    result.detail = "fork() or waitpid() failed";
    return result;
  }
  Reader r{bytes};
  std::string stage = "starting", scfText;
  while (r.ok && !r.bytes.empty()) {
    char tag = r.bytes.front();
    r.bytes = r.bytes.drop_front();
    if (tag == 'S' || tag == 'T') {
      (tag == 'S' ? stage : scfText) = r.str();
      continue;
    }
    result.verdict = static_cast<Verdict>(r.u64());
    result.scfText = r.str();
    result.lowered = r.str();
    result.detail = r.str();
    result.scf = r.outcome();
    result.dataflow = r.outcome();
    result.schedule = r.u64();
    result.simulated = r.u64() != 0;
    result.unmapped = r.str();
    result.batchInstances = r.u64();
    result.unbatched = r.str();
    result.batchLoopState = r.u64() != 0;
    result.kernelText = r.str();
    result.hints = r.hints();
    result.negativeIndex = r.u64() != 0;
    if (r.ok && WIFEXITED(status) && WEXITSTATUS(status) == 0)
      return result;
    break;
  }
  result = Check();
  result.verdict = Verdict::Crashed;
  result.scfText = scfText;
  raw_string_ostream os(result.detail);
  if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
    os << "timed out after " << options.timeoutSeconds << " s";
  else if (WIFSIGNALED(status))
    os << "killed by signal " << WTERMSIG(status) << " ("
       << strsignal(WTERMSIG(status)) << ")";
  else
    os << "exited with status " << WEXITSTATUS(status);
  os << " during " << stage;
  return result;
}

} // namespace loom::proptest
