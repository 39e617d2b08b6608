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
    {"data", LOOM_ARG_POINTER, LOOM_TYPE_I32, 0, 0, nullptr, nullptr},
    {"n", LOOM_ARG_SCALAR, LOOM_TYPE_I32, 0, 0, nullptr, nullptr}};

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
    desc = makeKernel("add_first", "e.cpp:1:5", asFallback(&addFirst),
                      LOOM_TYPE_I32, kAddFirstArgs, 2);
    setArtifact(desc, text, sha256, "add_first");
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
  EmuKernel kernel(addFirstArtifact("  %x = llvm.freeze %w : i32\n"));
  hostCalls = 0;
  LaunchResult launch = launchAddFirst(kernel.desc);
  EXPECT_EQ(launch.status, LOOM_STATUS_UNAVAILABLE);
  EXPECT_EQ(std::string(loom_last_error_message()),
            "loom_rt_launch: kernel 'add_first' (e.cpp:1:5) cannot be "
            "offloaded: emu cannot run 'llvm.freeze' yet");
  // Nothing ran: the check happens before any op touches memory.
  EXPECT_EQ(launch.data, (std::vector<int>{10, 20}));
  EXPECT_EQ(hostCalls.load(), 0);
}

TEST_F(EmuBackendTest, UnsupportedOpFallsBackUnderDefault) {
  setEnv("LOOM_BACKEND", "emu");
  setEnv("LOOM_OFFLOAD", "default");
  EmuKernel kernel(addFirstArtifact("  %x = llvm.freeze %w : i32\n"));
  hostCalls = 0;
  LaunchResult launch = launchAddFirst(kernel.desc);
  ASSERT_EQ(launch.status, LOOM_STATUS_OK) << loom_last_error_message();
  EXPECT_EQ(launch.data, (std::vector<int>{15, 20}));
  EXPECT_EQ(launch.result, 15);
  EXPECT_EQ(hostCalls.load(), 1);
  Decision decision = decide(kernel.desc, getPolicy());
  EXPECT_FALSE(decision.offloadable);
  EXPECT_EQ(decision.reason, "emu cannot run 'llvm.freeze' yet");
}

// Host code calls libm through libffi: the result is the native one.
TEST_F(EmuBackendTest, ExternalCallRunsThroughLibffi) {
  setEnv("LOOM_BACKEND", "emu");
  setEnv("LOOM_OFFLOAD", "mandatory");
  EmuKernel kernel("llvm.func @abs(i32) -> i32\n" +
                   addFirstArtifact("  %neg = arith.subi %n, %w : i32\n"
                                    "  %x = llvm.call @abs(%neg) : (i32) -> "
                                    "i32\n"
                                    "  memref.store %x, %a[%c0] : "
                                    "memref<?xi32>\n"));
  hostCalls = 0;
  LaunchResult launch = launchAddFirst(kernel.desc);
  ASSERT_EQ(launch.status, LOOM_STATUS_OK) << loom_last_error_message();
  // a[0] = |n - (a[0] + n)| = 10.
  EXPECT_EQ(launch.data, (std::vector<int>{10, 20}));
  EXPECT_EQ(launch.result, 15);
  EXPECT_EQ(hostCalls.load(), 0);
}

// A pointer parameter the raising kept (an !llvm.ptr) is bound as the
// caller's address: llvm.load/store reach the caller's array in place.
TEST_F(EmuBackendTest, LLVMPointerParameterIsTheCallersAddress) {
  setEnv("LOOM_BACKEND", "emu");
  setEnv("LOOM_OFFLOAD", "mandatory");
  EmuKernel kernel("func.func @add_first(%a: !llvm.ptr, %n: i32) -> i32 {\n"
                   "  %v = llvm.load %a : !llvm.ptr -> i32\n"
                   "  %w = arith.addi %v, %n : i32\n"
                   "  llvm.store %w, %a : i32, !llvm.ptr\n"
                   "  return %w : i32\n}\n");
  hostCalls = 0;
  LaunchResult launch = launchAddFirst(kernel.desc);
  ASSERT_EQ(launch.status, LOOM_STATUS_OK) << loom_last_error_message();
  EXPECT_EQ(launch.data, (std::vector<int>{15, 20}));
  EXPECT_EQ(launch.result, 15);
  EXPECT_EQ(hostCalls.load(), 0);
}

// An external function the process does not define is named, with the
// kernel, before anything runs.
TEST_F(EmuBackendTest, UnresolvableExternalSymbolIsRefused) {
  setEnv("LOOM_BACKEND", "emu");
  setEnv("LOOM_OFFLOAD", "mandatory");
  EmuKernel kernel("llvm.func @loom_no_such_function(i32) -> i32\n" +
                   addFirstArtifact("  %x = llvm.call @loom_no_such_function"
                                    "(%w) : (i32) -> i32\n"));
  hostCalls = 0;
  LaunchResult launch = launchAddFirst(kernel.desc);
  EXPECT_EQ(launch.status, LOOM_STATUS_UNAVAILABLE);
  EXPECT_EQ(std::string(loom_last_error_message()),
            "loom_rt_launch: kernel 'add_first' (e.cpp:1:5) cannot be "
            "offloaded: emu cannot resolve the external function "
            "'loom_no_such_function': no such symbol in the process");
  EXPECT_EQ(launch.data, (std::vector<int>{10, 20}));
  EXPECT_EQ(hostCalls.load(), 0);
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
  // Dimension 0 is fine, dimension 1 negative: no instance may run, so the
  // stores the body would make never happen.
  EmuKernel kernel(
      "dataflow.thread private @t(%a: memref<?xi32>) ctrl(%ctrl) "
      "coords(%i, %j) domain<dense> {\n"
      "  %c7 = arith.constant 7 : i32\n"
      "  memref.store %c7, %a[%i] : memref<?xi32>\n"
      "  dataflow.thread.yield\n"
      "}\n"
      "func.func @add_first(%a: memref<?xi32>, %n: i32) -> i32 {\n"
      "  %e = arith.index_cast %n : i32 to index\n"
      "  %m = arith.subi %e, %e : index\n"
      "  %c1 = arith.constant 1 : index\n"
      "  %neg = arith.subi %m, %c1 : index\n"
      "  %c2 = arith.constant 2 : index\n"
      "  %t = dataflow.thread.launch @t extents(%c2, %neg) args(%a : "
      "memref<?xi32>)\n"
      "  dataflow.thread.wait %t\n"
      "  return %n : i32\n"
      "}\n");
  hostCalls = 0;
  LaunchResult launch = launchAddFirst(kernel.desc);
  EXPECT_EQ(launch.status, LOOM_STATUS_DEVICE_ERROR);
  EXPECT_EQ(std::string(loom_last_error_message()),
            "loom_rt_launch: kernel 'add_first' on emu: thread 't' has a "
            "negative extent -1 in dimension 1; no instance ran");
  EXPECT_EQ(launch.data, (std::vector<int>{10, 20}));
  EXPECT_EQ(hostCalls.load(), 0);
}

// The compiler emits rank-1 domains today; a hand-written rank-2 thread
// checks that every coordinate tuple runs once and that a zero extent runs
// none.
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

namespace {
/// add_first's signature over a binary tree of n nodes (heap numbering): a
/// dynamic-work thread whose item i stores 3*i + 1 into a[i] and spawns
/// 2i+1 and 2i+2 below n; the kernel returns n.
const char *kTreeArtifact =
    "dataflow.thread private @node(%a: memref<?xi32>, %n: i32, %i: i32) "
    "ctrl(%ctrl) domain<dynamic_work, work_item_arg = 2> {\n"
    "  %c1 = arith.constant 1 : i32\n"
    "  %c2 = arith.constant 2 : i32\n"
    "  %c3 = arith.constant 3 : i32\n"
    "  %x = arith.muli %i, %c3 : i32\n"
    "  %v = arith.addi %x, %c1 : i32\n"
    "  %slot = arith.index_cast %i : i32 to index\n"
    "  memref.store %v, %a[%slot] : memref<?xi32>\n"
    "  %twice = arith.muli %i, %c2 : i32\n"
    "  %left = arith.addi %twice, %c1 : i32\n"
    "  %right = arith.addi %twice, %c2 : i32\n"
    "  %has_left = arith.cmpi slt, %left, %n : i32\n"
    "  scf.if %has_left {\n"
    "    dataflow.work.spawn %left : i32\n"
    "  }\n"
    "  %has_right = arith.cmpi slt, %right, %n : i32\n"
    "  scf.if %has_right {\n"
    "    dataflow.work.spawn %right : i32\n"
    "  }\n"
    "  dataflow.thread.yield\n"
    "}\n"
    "func.func @add_first(%a: memref<?xi32>, %n: i32) -> i32 {\n"
    "  %root = arith.constant 0 : i32\n"
    "  %t = dataflow.thread.launch @node args(%a, %n, %root : "
    "memref<?xi32>, i32, i32)\n"
    "  dataflow.thread.wait %t\n"
    "  return %n : i32\n"
    "}\n";
} // namespace

// A dynamic-work kernel under LOOM_WORKERS=1, 2 and 4: the same memory, the
// same result, and the report's launch log counts every item once.
TEST_F(EmuBackendTest, DynamicWorkResultsDoNotDependOnWorkers) {
  setEnv("LOOM_BACKEND", "emu");
  setEnv("LOOM_OFFLOAD", "mandatory");
  EmuKernel kernel(kTreeArtifact);
  constexpr int kNodes = 300;
  std::vector<int> expected(kNodes);
  for (int i = 0; i < kNodes; ++i)
    expected[i] = 3 * i + 1;
  for (const char *workers : {"1", "2", "4"}) {
    SCOPED_TRACE(std::string("LOOM_WORKERS=") + workers);
    setEnv("LOOM_WORKERS", workers);
    resetReportForTesting();
    std::vector<int> data(kNodes, -1);
    int *dataPtr = data.data();
    int n = kNodes, result = 0;
    void *args[] = {&dataPtr, &n};
    hostCalls = 0;
    ASSERT_EQ(loom_rt_launch(&kernel.desc, args, &result), LOOM_STATUS_OK)
        << loom_last_error_message();
    EXPECT_EQ(data, expected);
    EXPECT_EQ(result, kNodes);
    EXPECT_EQ(hostCalls.load(), 0);
    llvm::json::Value report = writeAndReadReport();
    const llvm::json::Object *entry = findKernel(report, "add_first");
    ASSERT_NE(entry, nullptr);
    const llvm::json::Array *log = entry->getArray("launch_log");
    ASSERT_NE(log, nullptr);
    ASSERT_EQ(log->size(), 1u);
    const llvm::json::Object *launch = (*log)[0].getAsObject();
    ASSERT_NE(launch, nullptr);
    EXPECT_EQ(launch->getString("backend"), "emu");
    EXPECT_EQ(launch->getInteger("workers"), std::stoi(workers));
    EXPECT_EQ(launch->getInteger("thread_launches"), 1);
    EXPECT_EQ(launch->getInteger("instances"), kNodes);
    EXPECT_EQ(launch->getInteger("graph_launches"), 0);
    EXPECT_GE(launch->getNumber("wall_time_us").value_or(-1), 0.0);
  }
}

TEST_F(EmuBackendTest, BadWorkerCountFailsEveryLaunch) {
  setEnv("LOOM_BACKEND", "emu");
  setEnv("LOOM_WORKERS", "0");
  EmuKernel kernel(kTreeArtifact);
  hostCalls = 0;
  LaunchResult launch = launchAddFirst(kernel.desc);
  EXPECT_EQ(launch.status, LOOM_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(std::string(loom_last_error_message()),
            "loom_rt_launch: kernel 'add_first': LOOM_WORKERS='0' is not a "
            "worker count: expected an integer from 1 to 1024");
  EXPECT_EQ(launch.data, (std::vector<int>{10, 20}));
  EXPECT_EQ(hostCalls.load(), 0);
}

// A work item that faults names the kernel, the thread and the item
// (tests/lit/Emulator/threads-errors.mlir has the dense-instance form).
TEST_F(EmuBackendTest, FaultingItemOrInstanceNamesKernelAndIdentity) {
  setEnv("LOOM_BACKEND", "emu");
  setEnv("LOOM_OFFLOAD", "mandatory");
  setEnv("LOOM_WORKERS", "2");
  // The tree of n = 5 nodes writes into a local array of 4 elements, which
  // is bounds-checked: node 4 (root.0.1) is out of bounds.
  std::string tree = kTreeArtifact;
  size_t funcStart = tree.find("func.func");
  std::string thread = tree.substr(0, funcStart);
  std::string func = tree.substr(funcStart);
  for (size_t at; (at = thread.find("memref<?xi32>")) != std::string::npos;)
    thread.replace(at, strlen("memref<?xi32>"), "memref<4xi32>");
  size_t launch = func.find("  %t = dataflow.thread.launch");
  func.insert(launch, "  %local = memref.alloca() : memref<4xi32>\n");
  func.replace(func.find("args(%a, %n, %root : memref<?xi32>"),
               strlen("args(%a, %n, %root : memref<?xi32>"),
               "args(%local, %n, %root : memref<4xi32>");
  tree = thread + func;
  EmuKernel kernel(tree);
  std::vector<int> data(5, 0);
  int *dataPtr = data.data();
  int n = 5, result = 0;
  void *args[] = {&dataPtr, &n};
  EXPECT_EQ(loom_rt_launch(&kernel.desc, args, &result),
            LOOM_STATUS_DEVICE_ERROR);
  EXPECT_EQ(std::string(loom_last_error_message()),
            "loom_rt_launch: kernel 'add_first' on emu: thread 'node': work "
            "item (dispatch 0, root.0.1, ordinal 1): out-of-bounds "
            "'memref.store' at index [4] of extents [4]");
}

// A mismatched artifact (its function disagrees with the descriptor on the
// argument count or a scalar's type) is a reason: refused under
// `mandatory`, run on the host under `default`, never misread.
TEST_F(EmuBackendTest, MismatchedArtifactSignatureIsAReason) {
  struct Case {
    std::string artifact, reason;
  } cases[] = {
      {"func.func @add_first(%a: memref<?xi32>, %n: i32, %m: i32) -> i32 "
       "{\n  return %n : i32\n}\n",
       "the artifact's function has 3 parameters but the kernel has 2"},
      {"func.func @add_first(%a: memref<?xi32>, %n: f32) -> i32 {\n"
       "  %c = arith.constant 0 : i32\n  return %c : i32\n}\n",
       "the artifact's parameter #1 ('n') has type f32, which does not match "
       "the kernel's argument type"},
      {"func.func @add_first(%a: memref<?xi32>, %n: i32) -> i64 {\n"
       "  %c = arith.constant 0 : i64\n  return %c : i64\n}\n",
       "the artifact's function returns (i64), which does not match the "
       "kernel's return type"},
      {"func.func @add_first(%a: i32, %n: i32) -> i32 {\n"
       "  return %n : i32\n}\n",
       "emu cannot bind parameter #0 of type i32 yet"}};
  for (const Case &c : cases) {
    SCOPED_TRACE(c.reason);
    setEnv("LOOM_BACKEND", "emu");
    setEnv("LOOM_OFFLOAD", "mandatory");
    resetEmuForTesting();
    EmuKernel kernel(c.artifact);
    hostCalls = 0;
    LaunchResult launch = launchAddFirst(kernel.desc);
    EXPECT_EQ(launch.status, LOOM_STATUS_UNAVAILABLE);
    EXPECT_EQ(std::string(loom_last_error_message()),
              "loom_rt_launch: kernel 'add_first' (e.cpp:1:5) cannot be "
              "offloaded: " +
                  c.reason);
    EXPECT_EQ(launch.data, (std::vector<int>{10, 20}));
    setEnv("LOOM_OFFLOAD", "default");
    launch = launchAddFirst(kernel.desc);
    ASSERT_EQ(launch.status, LOOM_STATUS_OK) << loom_last_error_message();
    EXPECT_EQ(launch.data, (std::vector<int>{15, 20}));
    EXPECT_EQ(hostCalls.load(), 1);
  }
}

// An artifact whose digest matches but whose text is no MLIR module.
TEST_F(EmuBackendTest, UnparsableArtifactIsAReason) {
  setEnv("LOOM_BACKEND", "emu");
  setEnv("LOOM_OFFLOAD", "mandatory");
  EmuKernel kernel("func.func @add_first(%a: memref<?xi32>\n");
  LaunchResult launch = launchAddFirst(kernel.desc);
  EXPECT_EQ(launch.status, LOOM_STATUS_UNAVAILABLE);
  EXPECT_THAT(std::string(loom_last_error_message()),
              ::testing::StartsWith(
                  "loom_rt_launch: kernel 'add_first' (e.cpp:1:5) cannot be "
                  "offloaded: emu cannot parse the artifact: "));
  EXPECT_EQ(launch.data, (std::vector<int>{10, 20}));
}

// A graph that deadlocks stops the launch with the emulator's report (no
// hang), naming the kernel; the kernel is not rerun on the host.
TEST_F(EmuBackendTest, DeadlockedGraphIsADeviceErrorNamingTheKernel) {
  setEnv("LOOM_BACKEND", "emu");
  setEnv("LOOM_OFFLOAD", "default");
  EmuKernel kernel(
      "dataflow.graph private @never(%start: none) {\n"
      "  %t = dataflow.constant %start {value = true} : i1\n"
      "  %exit, %body = dataflow.demux %t, %start : (i1, none) -> (none, "
      "none)\n"
      "  dataflow.graph.return complete(%exit)\n"
      "}\n"
      "dataflow.thread private @t() ctrl(%c) domain<dense> {\n"
      "  %d = dataflow.graph.launch @never\n"
      "  dataflow.thread.yield %d\n"
      "}\n" +
      addFirstArtifact("  %t = dataflow.thread.launch @t args()\n"));
  hostCalls = 0;
  LaunchResult launch = launchAddFirst(kernel.desc);
  EXPECT_EQ(launch.status, LOOM_STATUS_DEVICE_ERROR);
  EXPECT_THAT(std::string(loom_last_error_message()),
              ::testing::StartsWith(
                  "loom_rt_launch: kernel 'add_first' on emu: thread 't' "
                  "instance (): graph @never: deadlocked after 2 firings: no "
                  "actor can fire and the "
                  "completion frontier is not reached"));
  EXPECT_EQ(hostCalls.load(), 0);
}

// A host loop that never ends (a spin on the caller's data) is stopped by
// LOOM_EMU_MAX_STEPS with an error naming the kernel and the loop's
// location in the artifact; a bad value fails every launch.
TEST_F(EmuBackendTest, RunawayHostLoopExhaustsTheStepBudget) {
  setEnv("LOOM_BACKEND", "emu");
  setEnv("LOOM_OFFLOAD", "mandatory");
  setEnv("LOOM_EMU_MAX_STEPS", "5000");
  // data[1] is 20, never 0: the loop spins.
  EmuKernel kernel(addFirstArtifact("  %c1 = arith.constant 1 : index\n"
                                    "  %z = arith.constant 0 : i32\n"
                                    "  scf.while : () -> () {\n"
                                    "    %f = memref.load %a[%c1] : "
                                    "memref<?xi32>\n"
                                    "    %go = arith.cmpi ne, %f, %z : i32\n"
                                    "    scf.condition(%go)\n"
                                    "  } do {\n"
                                    "    scf.yield\n"
                                    "  }\n"));
  hostCalls = 0;
  LaunchResult launch = launchAddFirst(kernel.desc);
  EXPECT_EQ(launch.status, LOOM_STATUS_DEVICE_ERROR);
  EXPECT_EQ(std::string(loom_last_error_message()),
            "loom_rt_launch: kernel 'add_first' on emu: host code exceeded "
            "its step budget of 5000 ops (LOOM_EMU_MAX_STEPS) in the "
            "'scf.while' loop at add_first.dfg.mlir:8:3");
  EXPECT_EQ(hostCalls.load(), 0);

  for (const char *bad : {"0", "-3", "lots", "18446744073709551616"}) {
    setEnv("LOOM_EMU_MAX_STEPS", bad);
    launch = launchAddFirst(kernel.desc);
    EXPECT_EQ(launch.status, LOOM_STATUS_INVALID_ARGUMENT);
    EXPECT_EQ(std::string(loom_last_error_message()),
              "loom_rt_launch: kernel 'add_first': LOOM_EMU_MAX_STEPS='" +
                  std::string(bad) +
                  "' is not a step count: expected a positive integer below "
                  "2^64");
  }
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
