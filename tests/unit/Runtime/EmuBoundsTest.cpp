//===- EmuBoundsTest.cpp - bounds of pointer arguments on emu ------------===//
//
// Part of the Loom project.
//
// The emu backend binds a pointer argument with the extent its manifest
// bounds expression gives for the launch (docs/runtime.md, "Bounds of
// pointer arguments"). A hand-written artifact whose thread domain runs one
// instance further than its manifest admits plays a miscompiled kernel: the
// access past the extent is the emulator's out-of-bounds error.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestSupport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SHA256.h"

#include <string>
#include <vector>

using namespace loom::rt;
using namespace loom::rt::test;

namespace {
void fillHost(int *a, int n) {
  for (int i = 0; i < n; ++i)
    a[i] = i;
}

/// fill(a, n): one instance per element stores its coordinate into a[i];
/// `extraInstances` more instances than n play a miscompiled domain.
std::string fillArtifact(int extraInstances) {
  return "dataflow.thread private @t(%a: memref<?xi32>) ctrl(%ctrl) "
         "coords(%i) domain<dense> {\n"
         "  %v = arith.index_cast %i : index to i32\n"
         "  memref.store %v, %a[%i] : memref<?xi32>\n"
         "  dataflow.thread.yield\n"
         "}\n"
         "func.func @fill(%a: memref<?xi32>, %n: i32) {\n"
         "  %extra = arith.constant " +
         std::to_string(extraInstances) +
         " : i32\n"
         "  %m = arith.addi %n, %extra : i32\n"
         "  %e = arith.index_cast %m : i32 to index\n"
         "  %t = dataflow.thread.launch @t extents(%e) args(%a : "
         "memref<?xi32>)\n"
         "  dataflow.thread.wait %t\n"
         "  return\n"
         "}\n";
}

/// The descriptor of fill(a, n) with `artifact` and the pointer's manifest
/// bounds `extent` (null: unchecked for `reason`).
struct FillKernel {
  std::string text, sha256;
  loom_arg_desc_t args[2];
  loom_kernel_desc_t desc;

  FillKernel(std::string artifact, const char *extent,
             const char *reason = nullptr)
      : text(std::move(artifact)) {
    args[0] = {"a", LOOM_ARG_POINTER, LOOM_TYPE_I32, 0, 0, extent, reason};
    args[1] = {"n", LOOM_ARG_SCALAR, LOOM_TYPE_I32, 0, 0, nullptr, nullptr};
    desc = makeKernel("fill", "f.cpp:3:5", asFallback(&fillHost),
                      LOOM_TYPE_VOID, args, 2);
    setArtifact(desc, text, sha256, "fill");
  }
};

class EmuBoundsTest : public RuntimeTest {
protected:
  void SetUp() override {
    RuntimeTest::SetUp();
    setEnv("LOOM_BACKEND", "emu");
    setEnv("LOOM_OFFLOAD", "mandatory");
    setEnv("LOOM_REPORT", reportPath().c_str());
  }

  /// Runs `kernel` on `data` with n; returns the status.
  static loom_status_t launch(const FillKernel &kernel, std::vector<int> &data,
                              int n) {
    int *pointer = data.data();
    void *args[] = {&pointer, &n};
    return loom_rt_launch(&kernel.desc, args, nullptr);
  }

  /// The `pointer_arguments` entry of the first logged launch.
  llvm::json::Object firstPointerArgument() {
    EXPECT_EQ(loom_rt_write_report(), LOOM_STATUS_OK);
    llvm::json::Value report = readJson(reportPath());
    const llvm::json::Object *binding = nullptr;
    if (auto *kernels = report.getAsObject()
                            ? report.getAsObject()->getArray("kernels")
                            : nullptr)
      if (!kernels->empty())
        if (auto *log = (*kernels)[0].getAsObject()->getArray("launch_log"))
          if (!log->empty())
            if (auto *bindings =
                    (*log)[0].getAsObject()->getArray("pointer_arguments"))
              if (!bindings->empty())
                binding = (*bindings)[0].getAsObject();
    if (!binding) {
      ADD_FAILURE() << "no pointer_arguments in the report";
      return {};
    }
    return *binding;
  }
};
} // namespace

// A correct kernel runs with its pointer bound to exactly [0, n).
TEST_F(EmuBoundsTest, CheckedArgumentIsBoundWithItsExtent) {
  FillKernel kernel(fillArtifact(0), "(for 0 %1)");
  std::vector<int> data(8, -1);
  ASSERT_EQ(launch(kernel, data, 8), LOOM_STATUS_OK)
      << loom_last_error_message();
  EXPECT_EQ(data, (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));
  llvm::json::Object binding = firstPointerArgument();
  EXPECT_EQ(binding.getString("name"), "a");
  EXPECT_EQ(binding.getBoolean("checked"), true);
  EXPECT_EQ(binding.getInteger("extent"), 8);
}

// The domain runs to n + 1 but the manifest says [0, n): the extra
// instance's store is an out-of-bounds error naming the kernel, the thread
// instance, the op and the index, and it writes nothing past the extent.
TEST_F(EmuBoundsTest, AccessPastTheManifestExtentIsAnError) {
  FillKernel kernel(fillArtifact(1), "(for 0 %1)");
  std::vector<int> data(9, -1);
  EXPECT_EQ(launch(kernel, data, 8), LOOM_STATUS_DEVICE_ERROR);
  EXPECT_EQ(std::string(loom_last_error_message()),
            "loom_rt_launch: kernel 'fill' on emu: thread 't' instance (8): "
            "out-of-bounds 'memref.store' at index [8] of extents [8]");
  EXPECT_EQ(data[8], -1);
}

// n <= 0: the loop the manifest describes runs no iteration, so the
// pointer is bound with no element and the launch succeeds, as natively.
TEST_F(EmuBoundsTest, EmptyRangeBindsNoElement) {
  FillKernel kernel(fillArtifact(0), "(for 0 %1)");
  std::vector<int> data(1, -1);
  ASSERT_EQ(launch(kernel, data, 0), LOOM_STATUS_OK)
      << loom_last_error_message();
  EXPECT_EQ(firstPointerArgument().getInteger("extent"), 0);
}

// A bound that may overflow its width for these arguments leaves the
// pointer unchecked for this launch, and the report says why.
TEST_F(EmuBoundsTest, OverflowingBoundLeavesTheArgumentUnchecked) {
  FillKernel kernel(fillArtifact(0), "(mul 32 (for 0 %1) 1000000000)");
  std::vector<int> data(8, -1);
  ASSERT_EQ(launch(kernel, data, 8), LOOM_STATUS_OK)
      << loom_last_error_message();
  llvm::json::Object binding = firstPointerArgument();
  EXPECT_EQ(binding.getBoolean("checked"), false);
  EXPECT_THAT(binding.getString("reason").value_or("").str(),
              ::testing::HasSubstr("may leave the range of i32"));
}

// A possibly negative index is legal C through an interior pointer: the
// checked range starts before the pointer, and the report says where.
TEST_F(EmuBoundsTest, NegativeLowestIndexIsCheckedFromBeforeThePointer) {
  FillKernel kernel(fillArtifact(0), "(hull (sub 32 (for 0 %1) 1) (for 0 %1))");
  std::vector<int> data(8, -1);
  ASSERT_EQ(launch(kernel, data, 8), LOOM_STATUS_OK)
      << loom_last_error_message();
  llvm::json::Object binding = firstPointerArgument();
  EXPECT_EQ(binding.getBoolean("checked"), true);
  EXPECT_EQ(binding.getInteger("first_index"), -1);
  EXPECT_EQ(binding.getInteger("extent"), 9);
}

// Without a derived bound the compiler's reason reaches the report.
TEST_F(EmuBoundsTest, UnboundedArgumentReportsTheCompilersReason) {
  FillKernel kernel(fillArtifact(0), nullptr, "its index is loaded");
  std::vector<int> data(8, -1);
  ASSERT_EQ(launch(kernel, data, 8), LOOM_STATUS_OK)
      << loom_last_error_message();
  EXPECT_EQ(firstPointerArgument().getString("reason"), "its index is loaded");
}

// A corrupt manifest expression is a reason the kernel cannot run on emu,
// named before any instance runs.
TEST_F(EmuBoundsTest, MalformedBoundIsRefusedBeforeAnyInstanceRuns) {
  struct Case {
    const char *extent, *problem;
  } cases[] = {
      {"(for 0 %1", "at offset 9: missing ')' after 'for'"},
      {"(for 0 %0)", "at offset 9: argument #0 is not an integer scalar of "
                     "the kernel"},
      {"(for 0 %7)", "at offset 9: argument #7 is not an integer scalar of "
                     "the kernel"},
  };
  for (const Case &c : cases) {
    resetForTesting();
    FillKernel kernel(fillArtifact(0), c.extent);
    std::vector<int> data(8, -1);
    EXPECT_EQ(launch(kernel, data, 8), LOOM_STATUS_UNAVAILABLE);
    EXPECT_EQ(std::string(loom_last_error_message()),
              "loom_rt_launch: kernel 'fill' (f.cpp:3:5) cannot be "
              "offloaded: the bounds expression '" +
                  std::string(c.extent) +
                  "' of argument #0 ('a') is malformed: " + c.problem);
    EXPECT_EQ(data, std::vector<int>(8, -1));
  }
}
