//===- EmuBackendTest.cpp - LOOM_BACKEND=emu on hand-written artifacts ---===//
//
// Part of the Loom project.
//
// The emu backend interprets a kernel's artifact against the caller's
// memory. These tests give it small hand-written artifacts: one it runs (in
// place, with the result visible to the caller) and ones with an op it
// cannot interpret, which fall back to the host under LOOM_OFFLOAD=default
// and are refused with the op's name under LOOM_OFFLOAD=mandatory.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestSupport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SHA256.h"

#include <atomic>
#include <string>
#include <vector>

using namespace loom::rt;
using namespace loom::rt::test;

namespace {
std::atomic<int> hostCalls{0};

int addFirst(int *data, int n) {
  ++hostCalls;
  data[0] += n;
  return data[0];
}

constexpr loom_arg_desc_t kAddFirstArgs[] = {
    {"data", LOOM_ARG_POINTER, LOOM_TYPE_I32, 0, 0},
    {"n", LOOM_ARG_SCALAR, LOOM_TYPE_I32, 0, 0}};

/// data[0] += n, returning the new data[0]; `extra` is spliced in before
/// the return.
std::string addFirstArtifact(const std::string &extra = "") {
  return "func.func @add_first(%a: memref<?xi32>, %n: i32) -> i32 {\n"
         "  %c0 = arith.constant 0 : index\n"
         "  %v = memref.load %a[%c0] : memref<?xi32>\n"
         "  %w = arith.addi %v, %n : i32\n"
         "  memref.store %w, %a[%c0] : memref<?xi32>\n" +
         extra + "  return %w : i32\n}\n";
}

/// A kernel descriptor whose artifact is `text`, with its true digest.
struct EmuKernel {
  std::string text, sha256;
  loom_kernel_desc_t desc;

  explicit EmuKernel(std::string artifact) : text(std::move(artifact)) {
    sha256 = llvm::toHex(
        llvm::SHA256::hash(llvm::ArrayRef<uint8_t>(
            reinterpret_cast<const uint8_t *>(text.data()), text.size())),
        /*LowerCase=*/true);
    desc = makeKernel("add_first", "e.cpp:1:5", asFallback(&addFirst),
                      LOOM_TYPE_I32, kAddFirstArgs, 2);
    desc.symbol = "add_first";
    desc.artifact = text.c_str();
    desc.artifact_size = text.size();
    desc.artifact_sha256 = sha256.c_str();
  }
};

/// Launches `kernel` on data {10, 20} with n = 5.
struct LaunchResult {
  loom_status_t status;
  std::vector<int> data;
  int result;
};

LaunchResult launchAddFirst(const loom_kernel_desc_t &kernel) {
  LaunchResult launch{LOOM_STATUS_OK, {10, 20}, -1};
  int *dataPtr = launch.data.data();
  int n = 5;
  void *args[] = {&dataPtr, &n};
  launch.status = loom_rt_launch(&kernel, args, &launch.result);
  return launch;
}

class EmuBackendTest : public RuntimeTest {};
} // namespace

TEST_F(EmuBackendTest, RunsInterpretableArtifactInPlace) {
  setEnv("LOOM_BACKEND", "emu");
  setEnv("LOOM_OFFLOAD", "mandatory");
  EmuKernel kernel(addFirstArtifact());
  hostCalls = 0;
  LaunchResult launch = launchAddFirst(kernel.desc);
  ASSERT_EQ(launch.status, LOOM_STATUS_OK) << loom_last_error_message();
  EXPECT_EQ(launch.data, (std::vector<int>{15, 20}));
  EXPECT_EQ(launch.result, 15);
  EXPECT_EQ(hostCalls.load(), 0);
  Decision decision = decide(kernel.desc, getPolicy());
  EXPECT_TRUE(decision.offloadable);
  EXPECT_EQ(decision.runOn, Backend::Emu);
}

TEST_F(EmuBackendTest, UnsupportedOpIsRefusedUnderMandatory) {
  setEnv("LOOM_BACKEND", "emu");
  setEnv("LOOM_OFFLOAD", "mandatory");
  EmuKernel kernel(addFirstArtifact("  %x = math.absi %w : i32\n"));
  hostCalls = 0;
  LaunchResult launch = launchAddFirst(kernel.desc);
  EXPECT_EQ(launch.status, LOOM_STATUS_UNAVAILABLE);
  EXPECT_EQ(std::string(loom_last_error_message()),
            "loom_rt_launch: kernel 'add_first' (e.cpp:1:5) cannot be "
            "offloaded: emu cannot run 'math.absi' yet");
  // Nothing ran: the check happens before any op touches memory.
  EXPECT_EQ(launch.data, (std::vector<int>{10, 20}));
  EXPECT_EQ(hostCalls.load(), 0);
}

TEST_F(EmuBackendTest, UnsupportedOpFallsBackUnderDefault) {
  setEnv("LOOM_BACKEND", "emu");
  setEnv("LOOM_OFFLOAD", "default");
  EmuKernel kernel(addFirstArtifact("  %x = math.absi %w : i32\n"));
  hostCalls = 0;
  LaunchResult launch = launchAddFirst(kernel.desc);
  ASSERT_EQ(launch.status, LOOM_STATUS_OK) << loom_last_error_message();
  EXPECT_EQ(launch.data, (std::vector<int>{15, 20}));
  EXPECT_EQ(launch.result, 15);
  EXPECT_EQ(hostCalls.load(), 1);
  Decision decision = decide(kernel.desc, getPolicy());
  EXPECT_FALSE(decision.offloadable);
  EXPECT_EQ(decision.reason, "emu cannot run 'math.absi' yet");
}

TEST_F(EmuBackendTest, MissingKernelFunctionIsAReason) {
  setEnv("LOOM_BACKEND", "emu");
  EmuKernel kernel("func.func @other() {\n  return\n}\n");
  Decision decision = decide(kernel.desc, getPolicy());
  EXPECT_FALSE(decision.offloadable);
  EXPECT_EQ(decision.reason,
            "the artifact has no func.func @add_first to run on emu");
}

TEST_F(EmuBackendTest, NegativeThreadExtentIsAnErrorNamingTheKernel) {
  setEnv("LOOM_BACKEND", "emu");
  setEnv("LOOM_OFFLOAD", "mandatory");
  EmuKernel kernel("dataflow.thread private @t(%a: memref<?xi32>) ctrl(%ctrl) "
                   "coords(%i) domain<dense> {\n"
                   "  dataflow.thread.yield\n"
                   "}\n"
                   "func.func @add_first(%a: memref<?xi32>, %n: i32) -> i32 {\n"
                   "  %e = arith.index_cast %n : i32 to index\n"
                   "  %m = arith.subi %e, %e : index\n"
                   "  %c1 = arith.constant 1 : index\n"
                   "  %neg = arith.subi %m, %c1 : index\n"
                   "  %t = dataflow.thread.launch @t extents(%neg) args(%a : "
                   "memref<?xi32>)\n"
                   "  dataflow.thread.wait %t\n"
                   "  return %n : i32\n"
                   "}\n");
  hostCalls = 0;
  LaunchResult launch = launchAddFirst(kernel.desc);
  EXPECT_EQ(launch.status, LOOM_STATUS_DEVICE_ERROR);
  EXPECT_EQ(std::string(loom_last_error_message()),
            "loom_rt_launch: kernel 'add_first' on emu: thread 't' has a "
            "negative extent -1");
  EXPECT_EQ(hostCalls.load(), 0);
}

// The compiler emits rank-1 domains today; a hand-written rank-2 thread
// pins the row-major order of instances and that a zero extent runs none.
TEST_F(EmuBackendTest, RunsEveryCoordinateOfARank2Domain) {
  setEnv("LOOM_BACKEND", "emu");
  setEnv("LOOM_OFFLOAD", "mandatory");
  EmuKernel kernel(
      "dataflow.thread private @t(%a: memref<?xi32>, %cols: index) "
      "ctrl(%ctrl) coords(%i, %j) domain<dense> {\n"
      "  %row = arith.muli %i, %cols : index\n"
      "  %pos = arith.addi %row, %j : index\n"
      "  %c10 = arith.constant 10 : index\n"
      "  %ten = arith.muli %i, %c10 : index\n"
      "  %v = arith.addi %ten, %j : index\n"
      "  %w = arith.index_cast %v : index to i32\n"
      "  memref.store %w, %a[%pos] : memref<?xi32>\n"
      "  dataflow.thread.yield\n"
      "}\n"
      "func.func @add_first(%a: memref<?xi32>, %n: i32) -> i32 {\n"
      "  %c0 = arith.constant 0 : index\n"
      "  %c2 = arith.constant 2 : index\n"
      "  %c3 = arith.constant 3 : index\n"
      "  %t = dataflow.thread.launch @t extents(%c2, %c3) args(%a, %c3 : "
      "memref<?xi32>, index)\n"
      "  dataflow.thread.wait %t\n"
      "  %u = dataflow.thread.launch @t extents(%c0, %c3) args(%a, %c0 : "
      "memref<?xi32>, index)\n"
      "  dataflow.thread.wait %u\n"
      "  return %n : i32\n"
      "}\n");
  std::vector<int> data(6, -1);
  int *dataPtr = data.data();
  int n = 7, result = 0;
  void *args[] = {&dataPtr, &n};
  ASSERT_EQ(loom_rt_launch(&kernel.desc, args, &result), LOOM_STATUS_OK)
      << loom_last_error_message();
  EXPECT_EQ(data, (std::vector<int>{0, 1, 2, 10, 11, 12}));
  EXPECT_EQ(result, 7);
}

// A memref.alloca in a thread body (a local array the SCF->DFG lowering
// hoisted out of a graph) is a fresh buffer per thread instance: each
// instance adds its coordinate + 1 to element 0 of its own buffer (which
// the emulator starts at zero), so nothing accumulates across instances.
TEST_F(EmuBackendTest, ThreadLevelAllocaIsFreshPerInstance) {
  setEnv("LOOM_BACKEND", "emu");
  setEnv("LOOM_OFFLOAD", "mandatory");
  EmuKernel kernel("dataflow.thread private @t(%a: memref<?xi32>) ctrl(%ctrl) "
                   "coords(%i) domain<dense> {\n"
                   "  %local = memref.alloca() : memref<2xi32>\n"
                   "  %c0 = arith.constant 0 : index\n"
                   "  %c1 = arith.constant 1 : index\n"
                   "  %old = memref.load %local[%c0] : memref<2xi32>\n"
                   "  %k = arith.addi %i, %c1 : index\n"
                   "  %kw = arith.index_cast %k : index to i32\n"
                   "  %new = arith.addi %old, %kw : i32\n"
                   "  memref.store %new, %local[%c0] : memref<2xi32>\n"
                   "  %v = memref.load %local[%c0] : memref<2xi32>\n"
                   "  memref.store %v, %a[%i] : memref<?xi32>\n"
                   "  dataflow.thread.yield\n"
                   "}\n"
                   "func.func @add_first(%a: memref<?xi32>, %n: i32) -> i32 {\n"
                   "  %c3 = arith.constant 3 : index\n"
                   "  %t = dataflow.thread.launch @t extents(%c3) args(%a : "
                   "memref<?xi32>)\n"
                   "  dataflow.thread.wait %t\n"
                   "  return %n : i32\n"
                   "}\n");
  std::vector<int> data(3, -1);
  int *dataPtr = data.data();
  int n = 7, result = 0;
  void *args[] = {&dataPtr, &n};
  ASSERT_EQ(loom_rt_launch(&kernel.desc, args, &result), LOOM_STATUS_OK)
      << loom_last_error_message();
  EXPECT_EQ(data, (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(result, 7);
}
