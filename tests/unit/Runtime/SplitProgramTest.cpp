//===- SplitProgramTest.cpp - sim runs the split program of a kernel ------===//
//
// Part of the Loom project.
//
// A kernel whose artifact has a graph the fabric cannot hold may carry a
// split program (loom_kernel_desc_t.split_programs): the same program with
// that graph cut into graphs launched in sequence. The sim backend then maps
// and runs the split program. These tests give it a hand-written pair — one
// graph with two additions, and the same work as two graphs of one addition
// each — on a fabric with a single integer ALU, and check the results
// against emu, the report, the fall back when the split program does not
// map either, and that a tampered split artifact makes the kernel corrupt.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestSupport.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include "gmock/gmock.h"

#include <atomic>

using namespace loom::rt;
using namespace loom::rt::test;
using ::testing::HasSubstr;

namespace {
std::atomic<int> hostCalls{0};

int addTwice(int *data, int n) {
  ++hostCalls;
  for (int i = 0; i < n; ++i)
    data[i] += n + 1;
  return data[0];
}

constexpr loom_arg_desc_t kAddTwiceArgs[] = {
    {"data", LOOM_ARG_POINTER, LOOM_TYPE_I32, 0, 0, nullptr, nullptr},
    {"n", LOOM_ARG_SCALAR, LOOM_TYPE_I32, 0, 0, nullptr, nullptr}};

/// data[i] += n, then data[i] += 1, for every i < n: one dense instance per
/// element, whose one graph holds both read-modify-writes (two additions);
/// returns data[0].
constexpr const char *kPrimary = R"mlir(
dataflow.graph private @both_g(%start: none) values(%i: index, %n: i32, %one: i32) memories(%a: memref<?xi32>) {
  %v, %loaded = dataflow.load %a[%i] %start : memref<?xi32>
  %w = arith.addi %v, %n : i32
  %stored = dataflow.store %a[%i] %w %loaded : memref<?xi32>
  %v2, %loaded2 = dataflow.load %a[%i] %stored : memref<?xi32>
  %w2 = arith.addi %v2, %one : i32
  %stored2 = dataflow.store %a[%i] %w2 %loaded2 : memref<?xi32>
  dataflow.graph.return complete(%stored2)
}
dataflow.thread private @add_t(%a: memref<?xi32>, %n: i32) ctrl(%c) coords(%i) domain<dense> {
  %one = arith.constant 1 : i32
  %d = dataflow.graph.launch @both_g deps(%c) values(%i, %n, %one : index, i32, i32) memories(%a : memref<?xi32>)
  dataflow.thread.yield %d
}
func.func @add_twice(%a: memref<?xi32>, %n: i32) -> i32 {
  %e = arith.index_cast %n : i32 to index
  %t = dataflow.thread.launch @add_t extents(%e) args(%a, %n : memref<?xi32>, i32)
  dataflow.thread.wait %t
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<?xi32>
  return %v : i32
}
)mlir";

/// kPrimary with @both_g cut in two graphs, launched one after the other.
constexpr const char *kSplit = R"mlir(
dataflow.graph private @first_g(%start: none) values(%i: index, %n: i32) memories(%a: memref<?xi32>) {
  %v, %loaded = dataflow.load %a[%i] %start : memref<?xi32>
  %w = arith.addi %v, %n : i32
  %stored = dataflow.store %a[%i] %w %loaded : memref<?xi32>
  dataflow.graph.return complete(%stored)
}
dataflow.graph private @second_g(%start: none) values(%i: index, %one: i32) memories(%a: memref<?xi32>) {
  %v, %loaded = dataflow.load %a[%i] %start : memref<?xi32>
  %w = arith.addi %v, %one : i32
  %stored = dataflow.store %a[%i] %w %loaded : memref<?xi32>
  dataflow.graph.return complete(%stored)
}
dataflow.thread private @add_t(%a: memref<?xi32>, %n: i32) ctrl(%c) coords(%i) domain<dense> {
  %one = arith.constant 1 : i32
  %d0 = dataflow.graph.launch @first_g deps(%c) values(%i, %n : index, i32) memories(%a : memref<?xi32>)
  %d1 = dataflow.graph.launch @second_g deps(%d0) values(%i, %one : index, i32) memories(%a : memref<?xi32>)
  dataflow.thread.yield %d1
}
func.func @add_twice(%a: memref<?xi32>, %n: i32) -> i32 {
  %e = arith.index_cast %n : i32 to index
  %t = dataflow.thread.launch @add_t extents(%e) args(%a, %n : memref<?xi32>, i32)
  dataflow.thread.wait %t
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<?xi32>
  return %v : i32
}
)mlir";

/// One integer ALU on the whole fabric: a graph with one addition fits, a
/// graph with two does not.
constexpr const char *kOneAluFabric = R"json({
  "version": 1, "name": "one-alu", "clock_mhz": 100,
  "grid": {"rows": 2, "cols": 2},
  "unit_types": [
    {"name": "alu", "classes": ["int-alu"]},
    {"name": "ctl", "classes": ["steer", "constant"]},
    {"name": "lsu", "classes": ["memory"]},
    {"name": "stream", "classes": ["stream"]},
    {"name": "carry", "classes": ["carry"]},
    {"name": "invariant", "classes": ["invariant"]},
    {"name": "gate", "classes": ["gate"]}
  ],
  "default_units": ["ctl", "lsu", "lsu", "stream", "carry", "invariant",
                    "gate"],
  "elements": [{"at": [1, 1], "units": ["alu", "ctl", "lsu", "lsu", "stream",
                                        "carry", "invariant", "gate"]}],
  "network": {"topology": "mesh", "channels": 4},
  "memory_interfaces": [{"name": "mem0", "at": [0, 0], "load_ports": 2,
                         "store_ports": 2, "latency": 2,
                         "requests_per_cycle": 2, "banks": 1}]
})json";

/// The kernel with both programs; `sha256`s are kept for the descriptor.
struct SplitKernel {
  std::string primary = kPrimary, primarySha256;
  std::string split = kSplit, splitSha256;
  loom_program_desc_t program;
  loom_kernel_desc_t desc;

  SplitKernel() {
    desc = makeKernel("add_twice", "t.cpp:2:5", asFallback(&addTwice),
                      LOOM_TYPE_I32, kAddTwiceArgs, 2);
    setArtifact(desc, primary, primarySha256, "add_twice");
    setSplitProgram(desc, program, split, splitSha256);
  }
};

struct LaunchResult {
  loom_status_t status;
  std::vector<int> data;
  int result;
};

LaunchResult launchAddTwice(const loom_kernel_desc_t &kernel) {
  LaunchResult launch{LOOM_STATUS_OK, {10, 20, 30}, -1};
  int *dataPtr = launch.data.data();
  int n = 3;
  void *args[] = {&dataPtr, &n};
  launch.status = loom_rt_launch(&kernel, args, &launch.result);
  return launch;
}

const std::vector<int> kExpected = {14, 24, 34};

class SplitProgramTest : public RuntimeTest {
protected:
  /// Points LOOM_FABRIC at a file holding `json`.
  void useFabric(llvm::StringRef name, llvm::StringRef json) {
    std::string path = tempDir + "/" + name.str() + ".json";
    {
      std::error_code error;
      llvm::raw_fd_ostream os(path, error);
      ASSERT_FALSE(error) << error.message();
      os << json;
    }
    setEnv("LOOM_FABRIC", path.c_str());
  }

  /// The report entry of add_twice, written now.
  llvm::json::Object readEntry() {
    llvm::json::Value report = writeAndReadReport();
    const llvm::json::Object *entry = findKernel(report, "add_twice");
    if (!entry) {
      ADD_FAILURE() << "no report entry for add_twice";
      return {};
    }
    return *entry;
  }
};

// The primary graph does not fit one ALU; the split program's two graphs
// each do, so the kernel runs on sim with emu's results and says so.
TEST_F(SplitProgramTest, RunsTheSplitProgramWhenAGraphDoesNotMap) {
  setEnv("LOOM_BACKEND", "emu");
  SplitKernel kernel;
  LaunchResult onEmu = launchAddTwice(kernel.desc);
  ASSERT_EQ(onEmu.status, LOOM_STATUS_OK) << loom_last_error_message();
  EXPECT_EQ(onEmu.data, kExpected);

  resetForTesting();
  setEnv("LOOM_BACKEND", nullptr);
  useFabric("one-alu", kOneAluFabric);
  setEnv("LOOM_OFFLOAD", "mandatory");
  setEnv("LOOM_MAPPING_DIR", (tempDir + "/maps").c_str());
  hostCalls = 0;
  LaunchResult onSim = launchAddTwice(kernel.desc);
  ASSERT_EQ(onSim.status, LOOM_STATUS_OK) << loom_last_error_message();
  EXPECT_EQ(onSim.data, onEmu.data);
  EXPECT_EQ(onSim.result, onEmu.result);
  EXPECT_EQ(hostCalls.load(), 0);

  llvm::json::Object entry = readEntry();
  EXPECT_EQ(entry.getObject("ran_on")->getInteger("sim"), 1);
  EXPECT_EQ(entry.getBoolean("offloadable"), true);
  EXPECT_EQ(entry.get("backend_used"), nullptr);
  EXPECT_EQ(entry.get("reason")->getAsNull().has_value(), true);
  EXPECT_EQ(entry.getInteger("split_program"), 1);
  EXPECT_EQ(entry.getInteger("split_graphs"), 2);
  EXPECT_EQ(entry.getString("split_reason"),
            "graph @both_g cannot be mapped on one-alu: graph @both_g has 2 "
            "int-alu actors but one-alu has 1 int-alu units");
  const llvm::json::Object *run =
      entry.getArray("launch_log")->front().getAsObject();
  EXPECT_EQ(run->getString("backend"), "sim");
  // Two graph launches per instance, each load and store served.
  EXPECT_EQ(run->getInteger("graph_launches"), 6);
  EXPECT_EQ(run->getObject("memory")->getInteger("loads"), 6);
  EXPECT_EQ(run->getObject("memory")->getInteger("stores"), 6);
  // The split graphs' pictures, named apart from the primary program's.
  for (const char *file :
       {"add_twice.split1.first_g.json", "add_twice.split1.first_g.svg",
        "add_twice.split1.second_g.json"})
    EXPECT_TRUE(llvm::sys::fs::exists(tempDir + "/maps/" + file)) << file;
}

// A kernel whose own graphs map runs them, not its split program.
TEST_F(SplitProgramTest, PrimaryProgramRunsWhenItMaps) {
  SplitKernel kernel;
  LaunchResult launch = launchAddTwice(kernel.desc);
  ASSERT_EQ(launch.status, LOOM_STATUS_OK) << loom_last_error_message();
  EXPECT_EQ(launch.data, kExpected);
  llvm::json::Object entry = readEntry();
  EXPECT_EQ(entry.getObject("ran_on")->getInteger("sim"), 1);
  EXPECT_EQ(entry.get("split_graphs"), nullptr);
}

// When the split program does not map either, the kernel falls back as
// before (emu under default) and the reason names both failing graphs.
TEST_F(SplitProgramTest, FallsBackToEmuWhenNeitherProgramMaps) {
  useFabric("no-alu", kNoAluFabric);
  SplitKernel kernel;
  hostCalls = 0;
  LaunchResult launch = launchAddTwice(kernel.desc);
  ASSERT_EQ(launch.status, LOOM_STATUS_OK) << loom_last_error_message();
  EXPECT_EQ(launch.data, kExpected);
  EXPECT_EQ(hostCalls.load(), 0);
  llvm::json::Object entry = readEntry();
  EXPECT_EQ(entry.getObject("ran_on")->getInteger("emu"), 1);
  EXPECT_EQ(entry.getString("backend_used"), "emu");
  EXPECT_EQ(entry.get("split_graphs"), nullptr);
  EXPECT_THAT(entry.getString("reason")->str(),
              HasSubstr("graph @both_g cannot be mapped on no-alu: no "
                        "function unit on no-alu supports arith.addi"));
  EXPECT_THAT(entry.getString("reason")->str(),
              HasSubstr("; split program 1 does not map either: graph "
                        "@first_g cannot be mapped on no-alu: no function "
                        "unit on no-alu supports arith.addi"));
}

// Under mandatory the same kernel is refused, naming both programs.
TEST_F(SplitProgramTest, RefusedUnderMandatoryWhenNeitherProgramMaps) {
  useFabric("no-alu", kNoAluFabric);
  setEnv("LOOM_OFFLOAD", "mandatory");
  SplitKernel kernel;
  hostCalls = 0;
  LaunchResult launch = launchAddTwice(kernel.desc);
  EXPECT_EQ(launch.status, LOOM_STATUS_UNAVAILABLE);
  EXPECT_THAT(std::string(loom_last_error_message()),
              HasSubstr("kernel 'add_twice' (t.cpp:2:5) cannot be offloaded: "
                        "graph @both_g cannot be mapped on no-alu"));
  EXPECT_THAT(std::string(loom_last_error_message()),
              HasSubstr("; split program 1 does not map either: graph "
                        "@first_g cannot be mapped on no-alu"));
  EXPECT_EQ(launch.data, (std::vector<int>{10, 20, 30}));
  EXPECT_EQ(hostCalls.load(), 0);
}

// A split artifact that does not match its digest makes the kernel's
// embedded programs corrupt, checked with its own artifact, whether or not
// its own graphs map (the default fabric) and the split program would run
// (one-alu): under default the kernel runs on the host, with one warning;
// under mandatory it is refused.
TEST_F(SplitProgramTest, TamperedSplitArtifactMakesTheKernelCorrupt) {
  for (bool ownGraphsMap : {true, false}) {
    SCOPED_TRACE(ownGraphsMap ? "default fabric" : "one-alu");
    resetForTesting();
    setEnv("LOOM_OFFLOAD", nullptr);
    if (!ownGraphsMap)
      useFabric("one-alu", kOneAluFabric);
    SplitKernel kernel;
    // Same text, one instruction changed: data[i] += 2 in the second graph.
    std::string tampered = kernel.split;
    size_t at = tampered.find("%w = arith.addi %v, %one");
    ASSERT_NE(at, std::string::npos);
    tampered.replace(at, 24, "%w = arith.addi %v, %v  ");
    kernel.program.text = tampered.c_str();
    std::string expected = "corrupt split artifact 1: its SHA-256 is " +
                           getSha256(tampered) +
                           " but the descriptor expects " + kernel.splitSha256;

    hostCalls = 0;
    ::testing::internal::CaptureStderr();
    LaunchResult first = launchAddTwice(kernel.desc);
    LaunchResult second = launchAddTwice(kernel.desc);
    std::string warnings = ::testing::internal::GetCapturedStderr();
    ASSERT_EQ(first.status, LOOM_STATUS_OK) << loom_last_error_message();
    ASSERT_EQ(second.status, LOOM_STATUS_OK) << loom_last_error_message();
    EXPECT_EQ(first.data, kExpected);
    EXPECT_EQ(hostCalls.load(), 2);
    EXPECT_THAT(warnings, HasSubstr("loom: warning: kernel 'add_twice' "
                                    "(t.cpp:2:5): " +
                                    expected + "; running it on the host\n"));
    // Once per kernel, not per launch.
    EXPECT_EQ(warnings.find("loom: warning:"),
              warnings.rfind("loom: warning:"));
    llvm::json::Object entry = readEntry();
    EXPECT_EQ(entry.getObject("ran_on")->getInteger("host"), 2);
    EXPECT_EQ(entry.get("split_graphs"), nullptr);
    EXPECT_THAT(entry.getString("reason")->str(), HasSubstr(expected));

    setEnv("LOOM_OFFLOAD", "mandatory");
    LaunchResult refused = launchAddTwice(kernel.desc);
    EXPECT_EQ(refused.status, LOOM_STATUS_UNAVAILABLE);
    EXPECT_THAT(std::string(loom_last_error_message()), HasSubstr(expected));
    EXPECT_EQ(refused.data, (std::vector<int>{10, 20, 30}));
  }
}
} // namespace
