//===- AliasCheckTest.cpp - the no-alias program runs for disjoint args ---===//
//
// Part of the Loom project.
//
// A kernel whose pointers may overlap carries, besides its ordered program,
// a no-alias program (loom_kernel_desc_t.noalias_program) compiled as if
// they could not. These tests give one kernel, b[i] = a[i] + 1, a
// hand-written pair: a sequential loop, and a dense thread whose instances
// load and store independently (wrong when b overlaps a one element ahead).
// One run launches it with disjoint and with overlapping arguments on emu
// and sim; both equal the native loop, and the report says which program
// ran and why. A range that cannot be computed, a no-alias program that
// does not map, and a tampered no-alias artifact are checked too.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestSupport.h"

#include "llvm/Support/raw_ostream.h"

#include "gmock/gmock.h"

#include <atomic>

using namespace loom::rt;
using namespace loom::rt::test;
using ::testing::HasSubstr;

namespace {
std::atomic<int> hostCalls{0};

void shift(const int *a, int *b, int n) {
  ++hostCalls;
  for (int i = 0; i < n; ++i)
    b[i] = a[i] + 1;
}

/// The native loop, for the expected results.
void shiftNatively(const int *a, int *b, int n) {
  for (int i = 0; i < n; ++i)
    b[i] = a[i] + 1;
}

/// The ordered program: one element after the other, so that b[i] reads
/// the a[i] that b[i - 1] may have just written.
constexpr const char *kOrdered = R"mlir(
func.func @shift(%a: memref<?xi32>, %b: memref<?xi32>, %n: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  %e = arith.index_cast %n : i32 to index
  scf.for %i = %c0 to %e step %c1 {
    %v = memref.load %a[%i] : memref<?xi32>
    %w = arith.addi %v, %one : i32
    memref.store %w, %b[%i] : memref<?xi32>
  }
  return
}
)mlir";

/// The no-alias program: one dense instance per element, all independent.
constexpr const char *kNoAlias = R"mlir(
dataflow.graph private @shift_g(%start: none) values(%i: index, %one: i32) memories(%a: memref<?xi32>, %b: memref<?xi32>) {
  %v, %loaded = dataflow.load %a[%i] %start : memref<?xi32>
  %w = arith.addi %v, %one : i32
  %stored = dataflow.store %b[%i] %w %loaded : memref<?xi32>
  dataflow.graph.return complete(%stored)
}
dataflow.thread private @shift_t(%a: memref<?xi32>, %b: memref<?xi32>) ctrl(%c) coords(%i) domain<dense> {
  %one = arith.constant 1 : i32
  %d = dataflow.graph.launch @shift_g deps(%c) values(%i, %one : index, i32) memories(%a, %b : memref<?xi32>, memref<?xi32>)
  dataflow.thread.yield %d
}
func.func @shift(%a: memref<?xi32> {llvm.noalias}, %b: memref<?xi32> {llvm.noalias}, %n: i32) {
  %e = arith.index_cast %n : i32 to index
  %t = dataflow.thread.launch @shift_t extents(%e) args(%a, %b : memref<?xi32>, memref<?xi32>)
  dataflow.thread.wait %t
  return
}
)mlir";

/// The kernel with both programs; `sha256`s are kept for the descriptor.
struct ShiftKernel {
  loom_arg_desc_t args[3] = {
      {"a", LOOM_ARG_POINTER, LOOM_TYPE_I32,
       LOOM_ARG_FLAG_CONST | LOOM_ARG_FLAG_READ_ONLY, 0, "(for 0 %2)", nullptr},
      {"b", LOOM_ARG_POINTER, LOOM_TYPE_I32, 0, 0, "(for 0 %2)", nullptr},
      {"n", LOOM_ARG_SCALAR, LOOM_TYPE_I32, 0, 0, nullptr, nullptr}};
  std::string ordered = kOrdered, orderedSha256;
  std::string noalias = kNoAlias, noaliasSha256;
  loom_program_desc_t program;
  loom_kernel_desc_t desc;

  ShiftKernel() {
    desc = makeKernel("shift", "s.cpp:3:6", asFallback(&shift), LOOM_TYPE_VOID,
                      args, 3);
    setArtifact(desc, ordered, orderedSha256, "shift");
    noaliasSha256 = getSha256(noalias);
    program = {noalias.c_str(), noalias.size(), noaliasSha256.c_str()};
    desc.noalias_program = &program;
  }
};

/// Launches shift(buffer + aAt, buffer + bAt, n) on a buffer of 0, 10, 20,
/// ...; returns the status and checks the buffer against the native loop.
loom_status_t launchShift(const loom_kernel_desc_t &kernel, int aAt, int bAt,
                          int n) {
  std::vector<int> buffer(12), expected(12);
  for (int i = 0; i < 12; ++i)
    buffer[i] = expected[i] = 10 * i;
  shiftNatively(expected.data() + aAt, expected.data() + bAt, n);
  int *a = buffer.data() + aAt, *b = buffer.data() + bAt;
  void *args[] = {&a, &b, &n};
  loom_status_t status = loom_rt_launch(&kernel, args, nullptr);
  if (status == LOOM_STATUS_OK)
    EXPECT_EQ(buffer, expected) << "shift(+" << aAt << ", +" << bAt << ")";
  return status;
}

class AliasCheckTest : public RuntimeTest {
protected:
  /// The alias_check objects of the launch log of shift, written now.
  std::vector<llvm::json::Object> readAliasChecks() {
    llvm::json::Value report = writeAndReadReport();
    const llvm::json::Object *entry = findKernel(report, "shift");
    std::vector<llvm::json::Object> checks;
    if (!entry) {
      ADD_FAILURE() << "no report entry for shift";
      return checks;
    }
    for (const llvm::json::Value &launch : *entry->getArray("launch_log")) {
      const llvm::json::Object *check =
          launch.getAsObject()->getObject("alias_check");
      checks.push_back(check ? *check : llvm::json::Object());
    }
    return checks;
  }
};

// One kernel, two launches on each dataflow backend: apart (b four elements
// after a) the no-alias program runs; one element apart, where b[i] is
// a[i + 1], the ordered one does. Both leave what the native loop leaves.
TEST_F(AliasCheckTest, DisjointArgumentsRunTheNoAliasProgram) {
  for (const char *backend : {"emu", "sim"}) {
    SCOPED_TRACE(backend);
    resetForTesting();
    setEnv("LOOM_BACKEND", backend);
    setEnv("LOOM_OFFLOAD", "mandatory");
    ShiftKernel kernel;
    hostCalls = 0;
    ASSERT_EQ(launchShift(kernel.desc, 0, 4, 4), LOOM_STATUS_OK)
        << loom_last_error_message();
    ASSERT_EQ(launchShift(kernel.desc, 0, 1, 4), LOOM_STATUS_OK)
        << loom_last_error_message();
    EXPECT_EQ(hostCalls.load(), 0);
    std::vector<llvm::json::Object> checks = readAliasChecks();
    ASSERT_EQ(checks.size(), 2u);
    EXPECT_EQ(checks[0].getString("ran"), "noalias");
    EXPECT_EQ(checks[0].getString("why"),
              "a [0, 16) and b [16, 32) do not overlap");
    EXPECT_EQ(checks[1].getString("ran"), "ordered");
    EXPECT_EQ(checks[1].getString("why"), "a [0, 16) overlaps b [4, 20)");
  }
}

// The no-alias program ran: its instances are the thread's launches'.
TEST_F(AliasCheckTest, TheNoAliasProgramRunsItsInstances) {
  setEnv("LOOM_BACKEND", "emu");
  ShiftKernel kernel;
  ASSERT_EQ(launchShift(kernel.desc, 8, 0, 4), LOOM_STATUS_OK)
      << loom_last_error_message();
  ASSERT_EQ(launchShift(kernel.desc, 1, 0, 4), LOOM_STATUS_OK)
      << loom_last_error_message();
  llvm::json::Value report = writeAndReadReport();
  const llvm::json::Array *log =
      findKernel(report, "shift")->getArray("launch_log");
  ASSERT_EQ(log->size(), 2u);
  EXPECT_EQ((*log)[0].getAsObject()->getInteger("instances"), 4);
  EXPECT_EQ((*log)[0].getAsObject()->getObject("alias_check")->getString("why"),
            "a [32, 48) and b [0, 16) do not overlap");
  // b ends where a starts plus three elements: a[0..3] and b[0..3] share
  // three elements, and b is written.
  EXPECT_EQ((*log)[1].getAsObject()->getInteger("instances"), 0);
  EXPECT_EQ((*log)[1].getAsObject()->getObject("alias_check")->getString("why"),
            "a [4, 20) overlaps b [0, 16)");
}

// A pointer whose range the runtime cannot compute makes the launch run the
// ordered program, and the report says which range and why.
TEST_F(AliasCheckTest, AnUnknownRangeRunsTheOrderedProgram) {
  setEnv("LOOM_BACKEND", "emu");
  ShiftKernel kernel;
  kernel.args[1].extent = nullptr;
  kernel.args[1].unchecked_reason = "it is used by 'llvm.call'";
  ASSERT_EQ(launchShift(kernel.desc, 0, 4, 4), LOOM_STATUS_OK)
      << loom_last_error_message();
  std::vector<llvm::json::Object> checks = readAliasChecks();
  ASSERT_EQ(checks.size(), 1u);
  EXPECT_EQ(checks[0].getString("ran"), "ordered");
  EXPECT_EQ(checks[0].getString("why"),
            "the range b accesses is unknown: it is used by 'llvm.call'");
}

// An empty range overlaps nothing.
TEST_F(AliasCheckTest, NoAccessOverlapsNothing) {
  setEnv("LOOM_BACKEND", "emu");
  ShiftKernel kernel;
  ASSERT_EQ(launchShift(kernel.desc, 0, 0, 0), LOOM_STATUS_OK)
      << loom_last_error_message();
  std::vector<llvm::json::Object> checks = readAliasChecks();
  ASSERT_EQ(checks.size(), 1u);
  EXPECT_EQ(checks[0].getString("ran"), "noalias");
  EXPECT_EQ(checks[0].getString("why"),
            "a (no access) and b (no access) do not overlap");
}

// On sim, a no-alias program whose graph does not map leaves the ordered
// program (no graph at all here) to run, and the report says why.
TEST_F(AliasCheckTest, ANoAliasProgramThatDoesNotMapFallsBackToOrdered) {
  std::string path = tempDir + "/no-alu.json";
  {
    std::error_code error;
    llvm::raw_fd_ostream os(path, error);
    ASSERT_FALSE(error) << error.message();
    os << kNoAluFabric;
  }
  setEnv("LOOM_FABRIC", path.c_str());
  setEnv("LOOM_OFFLOAD", "mandatory");
  ShiftKernel kernel;
  ASSERT_EQ(launchShift(kernel.desc, 0, 4, 4), LOOM_STATUS_OK)
      << loom_last_error_message();
  std::vector<llvm::json::Object> checks = readAliasChecks();
  ASSERT_EQ(checks.size(), 1u);
  EXPECT_EQ(checks[0].getString("ran"), "ordered");
  EXPECT_THAT(checks[0].getString("why")->str(),
              HasSubstr("a [0, 16) and b [16, 32) do not overlap, but the "
                        "no-alias program cannot run on sim: graph @shift_g "
                        "cannot be mapped on no-alu"));
}

// A no-alias artifact that does not match its digest makes the kernel's
// embedded programs corrupt, checked with its own artifact whatever the
// arguments: under default it runs on the host, with one warning; under
// mandatory it is refused.
TEST_F(AliasCheckTest, TamperedNoAliasArtifactMakesTheKernelCorrupt) {
  setEnv("LOOM_BACKEND", "emu");
  ShiftKernel kernel;
  std::string tampered = kernel.noalias;
  size_t at = tampered.find("%w = arith.addi %v, %one");
  ASSERT_NE(at, std::string::npos);
  tampered.replace(at, 24, "%w = arith.addi %v, %v  ");
  kernel.program.text = tampered.c_str();
  std::string expected = "corrupt no-alias artifact: its SHA-256 is " +
                         getSha256(tampered) + " but the descriptor expects " +
                         kernel.noaliasSha256;
  hostCalls = 0;
  ::testing::internal::CaptureStderr();
  ASSERT_EQ(launchShift(kernel.desc, 0, 4, 4), LOOM_STATUS_OK)
      << loom_last_error_message();
  ASSERT_EQ(launchShift(kernel.desc, 0, 1, 4), LOOM_STATUS_OK)
      << loom_last_error_message();
  std::string warnings = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(hostCalls.load(), 2);
  EXPECT_THAT(warnings, HasSubstr("loom: warning: kernel 'shift' "
                                  "(s.cpp:3:6): " +
                                  expected + "; running it on the host\n"));
  EXPECT_EQ(warnings.find("loom: warning:"), warnings.rfind("loom: warning:"));
  llvm::json::Value report = writeAndReadReport();
  const llvm::json::Object *entry = findKernel(report, "shift");
  EXPECT_EQ(entry->getObject("ran_on")->getInteger("host"), 2);
  EXPECT_THAT(entry->getString("reason")->str(), HasSubstr(expected));

  setEnv("LOOM_OFFLOAD", "mandatory");
  EXPECT_EQ(launchShift(kernel.desc, 0, 4, 4), LOOM_STATUS_UNAVAILABLE);
  EXPECT_THAT(std::string(loom_last_error_message()), HasSubstr(expected));
}
} // namespace
