//===- SimBackendTest.cpp - LOOM_BACKEND=sim on hand-written artifacts ----===//
//
// Part of the Loom project.
//
// The sim backend (the default) interprets a kernel's artifact like emu but
// maps every graph on the fabric of LOOM_FABRIC and runs each graph launch
// on the cycle simulator. These tests give it a small hand-written artifact
// (a dense thread whose instances each add n to one element) and check the
// results, the timing in the report, the fall back to emu when a graph
// cannot be mapped, a bad LOOM_FABRIC, and the LOOM_TRACE file.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestSupport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include "gmock/gmock.h"

#include <atomic>

using namespace loom::rt;
using namespace loom::rt::test;
using ::testing::HasSubstr;

namespace {
std::atomic<int> hostCalls{0};

int addToAll(int *data, int n) {
  ++hostCalls;
  for (int i = 0; i < n; ++i)
    data[i] += n;
  return data[0];
}

constexpr loom_arg_desc_t kAddToAllArgs[] = {
    {"data", LOOM_ARG_POINTER, LOOM_TYPE_I32, 0, 0, nullptr, nullptr},
    {"n", LOOM_ARG_SCALAR, LOOM_TYPE_I32, 0, 0, nullptr, nullptr}};

/// data[i] += n for every i < n, one dense instance (one graph launch) per
/// element; returns data[0].
constexpr const char *kAddToAllArtifact = R"mlir(
dataflow.graph private @add_g(%start: none) values(%i: index, %n: i32) memories(%a: memref<?xi32>) {
  %v, %loaded = dataflow.load %a[%i] %start : memref<?xi32>
  %w = arith.addi %v, %n : i32
  %stored = dataflow.store %a[%i] %w %loaded : memref<?xi32>
  dataflow.graph.return complete(%stored)
}
dataflow.thread private @add_t(%a: memref<?xi32>, %n: i32) ctrl(%c) coords(%i) domain<dense> {
  %d = dataflow.graph.launch @add_g deps(%c) values(%i, %n : index, i32) memories(%a : memref<?xi32>)
  dataflow.thread.yield %d
}
func.func @add_to_all(%a: memref<?xi32>, %n: i32) -> i32 {
  %e = arith.index_cast %n : i32 to index
  %t = dataflow.thread.launch @add_t extents(%e) args(%a, %n : memref<?xi32>, i32)
  dataflow.thread.wait %t
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<?xi32>
  return %v : i32
}
)mlir";

struct SimKernel {
  std::string text = kAddToAllArtifact, sha256;
  loom_kernel_desc_t desc;

  SimKernel() {
    desc = makeKernel("add_to_all", "s.cpp:1:5", asFallback(&addToAll),
                      LOOM_TYPE_I32, kAddToAllArgs, 2);
    setArtifact(desc, text, sha256, "add_to_all");
  }
};

struct LaunchResult {
  loom_status_t status;
  std::vector<int> data;
  int result;
};

LaunchResult launchAddToAll(const loom_kernel_desc_t &kernel) {
  LaunchResult launch{LOOM_STATUS_OK, {10, 20, 30}, -1};
  int *dataPtr = launch.data.data();
  int n = 3;
  void *args[] = {&dataPtr, &n};
  launch.status = loom_rt_launch(&kernel, args, &launch.result);
  return launch;
}

class SimBackendTest : public RuntimeTest {
protected:
  /// Writes `text` to a file in the test's directory and returns its path.
  std::string writeFile(llvm::StringRef name, llvm::StringRef text) {
    std::string path = tempDir + "/" + name.str();
    std::error_code error;
    llvm::raw_fd_ostream os(path, error);
    EXPECT_FALSE(error) << error.message();
    os << text;
    return path;
  }
};

TEST_F(SimBackendTest, RunsGraphsOnTheSimulatorByDefault) {
  SimKernel kernel;
  hostCalls = 0;
  LaunchResult launch = launchAddToAll(kernel.desc);
  ASSERT_EQ(launch.status, LOOM_STATUS_OK) << loom_last_error_message();
  EXPECT_EQ(launch.data, (std::vector<int>{13, 23, 33}));
  EXPECT_EQ(launch.result, 13);
  EXPECT_EQ(hostCalls.load(), 0);

  llvm::json::Value report = writeAndReadReport();
  const llvm::json::Object *entry = findKernel(report, "add_to_all");
  ASSERT_NE(entry, nullptr);
  EXPECT_EQ(entry->getObject("ran_on")->getInteger("sim"), 1);
  EXPECT_EQ(entry->getBoolean("offloadable"), true);
  const llvm::json::Object *run =
      entry->getArray("launch_log")->front().getAsObject();
  ASSERT_NE(run, nullptr);
  EXPECT_EQ(run->getString("backend"), "sim");
  EXPECT_EQ(run->getString("fabric"), "cgra-8x8");
  EXPECT_EQ(run->getInteger("graph_launches"), 3);
  EXPECT_GT(*run->getInteger("cycles"), 0);
  EXPECT_EQ(run->getObject("memory")->getInteger("loads"), 3);
  EXPECT_EQ(run->getObject("memory")->getInteger("stores"), 3);
  // The units that worked: at least the load/store unit and the adder.
  EXPECT_GE(run->getArray("utilization")->size(), 2u);
}

TEST_F(SimBackendTest, FabricComesFromLoomFabric) {
  setEnv("LOOM_FABRIC", "cgra-4x4");
  SimKernel kernel;
  LaunchResult launch = launchAddToAll(kernel.desc);
  ASSERT_EQ(launch.status, LOOM_STATUS_OK) << loom_last_error_message();
  EXPECT_EQ(launch.data, (std::vector<int>{13, 23, 33}));
  llvm::json::Value report = writeAndReadReport();
  const llvm::json::Object *run = findKernel(report, "add_to_all")
                                      ->getArray("launch_log")
                                      ->front()
                                      .getAsObject();
  EXPECT_EQ(run->getString("fabric"), "cgra-4x4");
}

TEST_F(SimBackendTest, UnmappableGraphRunsOnEmuUnderDefault) {
  setEnv("LOOM_FABRIC", writeFile("no-alu.json", kNoAluFabric).c_str());
  SimKernel kernel;
  hostCalls = 0;
  LaunchResult launch = launchAddToAll(kernel.desc);
  ASSERT_EQ(launch.status, LOOM_STATUS_OK) << loom_last_error_message();
  EXPECT_EQ(launch.data, (std::vector<int>{13, 23, 33}));
  EXPECT_EQ(hostCalls.load(), 0);
  llvm::json::Value report = writeAndReadReport();
  const llvm::json::Object *entry = findKernel(report, "add_to_all");
  ASSERT_NE(entry, nullptr);
  EXPECT_EQ(entry->getObject("ran_on")->getInteger("emu"), 1);
  EXPECT_EQ(entry->getString("backend_used"), "emu");
  EXPECT_THAT(entry->getString("reason")->str(),
              HasSubstr("graph @add_g cannot be mapped on no-alu: no function "
                        "unit on no-alu supports arith.addi"));
}

TEST_F(SimBackendTest, UnmappableGraphIsRefusedUnderMandatory) {
  setEnv("LOOM_FABRIC", writeFile("no-alu.json", kNoAluFabric).c_str());
  setEnv("LOOM_OFFLOAD", "mandatory");
  SimKernel kernel;
  hostCalls = 0;
  LaunchResult launch = launchAddToAll(kernel.desc);
  EXPECT_EQ(launch.status, LOOM_STATUS_UNAVAILABLE);
  EXPECT_THAT(std::string(loom_last_error_message()),
              HasSubstr("kernel 'add_to_all' (s.cpp:1:5) cannot be offloaded: "
                        "graph @add_g cannot be mapped on no-alu"));
  EXPECT_EQ(launch.data, (std::vector<int>{10, 20, 30}));
  EXPECT_EQ(hostCalls.load(), 0);
}

TEST_F(SimBackendTest, UnknownFabricRefusesEveryLaunch) {
  setEnv("LOOM_FABRIC", "cgra-9x9");
  SimKernel kernel;
  LaunchResult launch = launchAddToAll(kernel.desc);
  EXPECT_EQ(launch.status, LOOM_STATUS_INVALID_ARGUMENT);
  EXPECT_THAT(std::string(loom_last_error_message()),
              HasSubstr("kernel 'add_to_all': LOOM_FABRIC='cgra-9x9'"));
  // Only sim reads the fabric: emu runs despite the bad value.
  setEnv("LOOM_BACKEND", "emu");
  EXPECT_EQ(launchAddToAll(kernel.desc).status, LOOM_STATUS_OK)
      << loom_last_error_message();
}

TEST_F(SimBackendTest, TraceHasOneEventPerFiring) {
  std::string tracePath = tempDir + "/trace.json";
  setEnv("LOOM_TRACE", tracePath.c_str());
  SimKernel kernel;
  ASSERT_EQ(launchAddToAll(kernel.desc).status, LOOM_STATUS_OK)
      << loom_last_error_message();
  ASSERT_EQ(writeSimTrace(getPolicy()), LOOM_STATUS_OK)
      << loom_last_error_message();
  llvm::json::Value trace = readJson(tracePath);
  const llvm::json::Array *events =
      trace.getAsObject()->getArray("traceEvents");
  ASSERT_NE(events, nullptr);
  // Three launches of load, addi and store, one after the other in time.
  unsigned firings = 0;
  double lastStart = -1;
  for (const llvm::json::Value &event : *events) {
    const llvm::json::Object *object = event.getAsObject();
    if (object->getString("ph") != "X")
      continue;
    ++firings;
    EXPECT_EQ(object->getObject("args")->getString("graph"), "add_g");
    lastStart = std::max(lastStart, *object->getNumber("ts"));
  }
  EXPECT_EQ(firings, 9u);
  llvm::json::Value report = writeAndReadReport();
  int64_t cycles = *findKernel(report, "add_to_all")
                        ->getArray("launch_log")
                        ->front()
                        .getAsObject()
                        ->getInteger("cycles");
  // The last firing starts before the run's last cycle (cgra-8x8's clock).
  EXPECT_LT(lastStart, cycles / 1000.0 + 1e-9);
}
} // namespace
