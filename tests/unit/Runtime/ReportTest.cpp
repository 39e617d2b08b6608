//===- ReportTest.cpp - the LOOM_REPORT file ----------------------------===//
//
// Part of the Loom project.
//
// The report is how a user learns what ran where and why a kernel was not
// offloaded; tests parse it back with llvm::json and check every field, the
// order, and what happens when the file cannot be written.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestSupport.h"

#include <cstring>
#include <vector>

using namespace loom::rt;
using namespace loom::rt::test;
using ::testing::HasSubstr;

namespace {
void scaleBy(float *data, int n, float factor) {
  for (int i = 0; i < n; ++i)
    data[i] *= factor;
}

constexpr loom_arg_desc_t kScaleArgs[] = {
    {"data", LOOM_ARG_POINTER, LOOM_TYPE_F32, 0, 0, nullptr, nullptr},
    {"n", LOOM_ARG_SCALAR, LOOM_TYPE_I32, 0, 0, nullptr, nullptr},
    {"factor", LOOM_ARG_SCALAR, LOOM_TYPE_F32, 0, 0, nullptr, nullptr}};

loom_kernel_desc_t makeScale(const char *name, const char *location,
                             ArtifactState artifact) {
  return makeKernel(name, location, asFallback(&scaleBy), LOOM_TYPE_VOID,
                    kScaleArgs, 3, artifact);
}

// Registered in a scrambled order; the report sorts by name.
const loom_kernel_desc_t kReportKernels[] = {
    makeScale("zeta", "r.cpp:30:1", ArtifactState::Valid),
    makeScale("alpha", "r.cpp:10:1", ArtifactState::None),
    makeScale("mid", "r.cpp:20:1", ArtifactState::Corrupt)};
const loom_module_desc_t kReportModule = makeModule(kReportKernels, 3, "r.cpp");

loom_status_t launchScale(const loom_kernel_desc_t &kernel) {
  float data[2] = {1.0f, 2.0f};
  float *dataPtr = data;
  int n = 2;
  float factor = 3.0f;
  void *args[] = {&dataPtr, &n, &factor};
  return loom_rt_launch(&kernel, args, nullptr);
}

std::vector<std::string> kernelNames(const llvm::json::Value &report) {
  std::vector<std::string> names;
  if (const llvm::json::Object *root = report.getAsObject())
    if (const llvm::json::Array *kernels = root->getArray("kernels"))
      for (const llvm::json::Value &kernel : *kernels)
        if (const llvm::json::Object *object = kernel.getAsObject())
          names.push_back(object->getString("name").value_or("?").str());
  return names;
}

std::string readText(const std::string &path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path);
  return buffer ? (*buffer)->getBuffer().str() : std::string("<unreadable>");
}
} // namespace

// Every registered kernel appears, sorted by name, with all fields.
TEST_F(RuntimeTest, ReportListsKernelsByNameWithEveryField) {
  ASSERT_EQ(loom_rt_register_module(&kReportModule), LOOM_STATUS_OK);
  ::testing::internal::CaptureStderr(); // mid's corrupt-artifact warning
  ASSERT_EQ(launchScale(kReportKernels[1]), LOOM_STATUS_OK);
  ASSERT_EQ(launchScale(kReportKernels[1]), LOOM_STATUS_OK);
  ASSERT_EQ(launchScale(kReportKernels[0]), LOOM_STATUS_OK);
  ::testing::internal::GetCapturedStderr();

  llvm::json::Value report = writeAndReadReport();
  const llvm::json::Object *root = report.getAsObject();
  ASSERT_NE(root, nullptr);
  EXPECT_EQ(root->getInteger("loom_report_version"), 1);
  EXPECT_EQ(kernelNames(report),
            (std::vector<std::string>{"alpha", "mid", "zeta"}));

  const llvm::json::Object *alpha = findKernel(report, "alpha");
  ASSERT_NE(alpha, nullptr);
  EXPECT_EQ(alpha->size(), 9u);
  // No hints_json in the descriptor: no hint warnings.
  ASSERT_NE(alpha->getArray("hint_warnings"), nullptr);
  EXPECT_TRUE(alpha->getArray("hint_warnings")->empty());
  EXPECT_EQ(alpha->getString("source_location"), "r.cpp:10:1");
  EXPECT_EQ(alpha->getInteger("launches"), 2);
  EXPECT_EQ(alpha->getString("backend_requested"), "sim");
  EXPECT_EQ(alpha->getObject("ran_on")->getInteger("host"), 2);
  EXPECT_EQ(alpha->getBoolean("offloadable"), false);
  EXPECT_EQ(alpha->getString("reason"),
            "no artifact: loop has an indirect call");
  // One log entry per successful run; a host run has no dataflow counters.
  const llvm::json::Array *log = alpha->getArray("launch_log");
  ASSERT_NE(log, nullptr);
  ASSERT_EQ(log->size(), 2u);
  for (const llvm::json::Value &entry : *log) {
    const llvm::json::Object *launch = entry.getAsObject();
    ASSERT_NE(launch, nullptr);
    EXPECT_EQ(launch->size(), 2u);
    EXPECT_EQ(launch->getString("backend"), "host");
    EXPECT_GE(launch->getNumber("wall_time_us").value_or(-1), 0.0);
  }

  // Never launched: counted as zero, still explained.
  const llvm::json::Object *mid = findKernel(report, "mid");
  ASSERT_NE(mid, nullptr);
  EXPECT_EQ(mid->getInteger("launches"), 0);
  EXPECT_TRUE(mid->getObject("ran_on")->empty());
  EXPECT_TRUE(mid->getArray("launch_log")->empty());
  EXPECT_THAT(mid->getString("reason")->str(),
              HasSubstr("corrupt artifact: its SHA-256 is"));

  const llvm::json::Object *zeta = findKernel(report, "zeta");
  ASSERT_NE(zeta, nullptr);
  EXPECT_EQ(zeta->getInteger("launches"), 1);
  // Its artifact is no MLIR module, so sim (which interprets it) cannot
  // run it.
  EXPECT_THAT(zeta->getString("reason")->str(),
              HasSubstr("emu cannot parse the artifact"));
}

// The exact text: key order as documented, two-space indentation.
TEST_F(RuntimeTest, ReportTextIsStable) {
  static const loom_kernel_desc_t kernels[] = {
      makeScale("only", "o.cpp:1:2", ArtifactState::None)};
  static const loom_module_desc_t module = makeModule(kernels, 1);
  ASSERT_EQ(loom_rt_register_module(&module), LOOM_STATUS_OK);
  setEnv("LOOM_BACKEND", "host");
  ASSERT_EQ(launchScale(kernels[0]), LOOM_STATUS_OK);
  writeAndReadReport();
  // The wall time is the only run-dependent number; mask it.
  std::string text = readText(reportPath());
  size_t wall = text.find("\"wall_time_us\": ");
  ASSERT_NE(wall, std::string::npos) << text;
  wall += strlen("\"wall_time_us\": ");
  text.replace(wall, text.find('\n', wall) - wall, "T");
  EXPECT_EQ(text, R"({
  "loom_report_version": 1,
  "kernels": [
    {
      "name": "only",
      "source_location": "o.cpp:1:2",
      "launches": 1,
      "backend_requested": "host",
      "ran_on": {
        "host": 1
      },
      "offloadable": false,
      "reason": "LOOM_BACKEND=host selects the host backend",
      "hint_warnings": [],
      "launch_log": [
        {
          "backend": "host",
          "wall_time_us": T
        }
      ]
    }
  ]
}
)");
}

// Writing twice without new launches gives byte-identical files.
TEST_F(RuntimeTest, ReportIsDeterministic) {
  ASSERT_EQ(loom_rt_register_module(&kReportModule), LOOM_STATUS_OK);
  ASSERT_EQ(launchScale(kReportKernels[1]), LOOM_STATUS_OK);
  writeAndReadReport();
  std::string first = readText(reportPath());
  writeAndReadReport();
  EXPECT_EQ(readText(reportPath()), first);
}

// A refused launch counts as a launch that ran nowhere.
TEST_F(RuntimeTest, ReportCountsRefusedLaunches) {
  setEnv("LOOM_OFFLOAD", "mandatory");
  ASSERT_EQ(loom_rt_register_module(&kReportModule), LOOM_STATUS_OK);
  ASSERT_EQ(launchScale(kReportKernels[1]), LOOM_STATUS_UNAVAILABLE);
  llvm::json::Value report = writeAndReadReport();
  const llvm::json::Object *alpha = findKernel(report, "alpha");
  ASSERT_NE(alpha, nullptr);
  EXPECT_EQ(alpha->getInteger("launches"), 1);
  EXPECT_TRUE(alpha->getObject("ran_on")->empty());
}

// An unusable policy shows as a null backend and the policy error.
TEST_F(RuntimeTest, ReportShowsUnusablePolicy) {
  setEnv("LOOM_BACKEND", "gpu");
  ASSERT_EQ(loom_rt_register_module(&kReportModule), LOOM_STATUS_OK);
  llvm::json::Value report = writeAndReadReport();
  const llvm::json::Object *alpha = findKernel(report, "alpha");
  ASSERT_NE(alpha, nullptr);
  const llvm::json::Value *backend = alpha->get("backend_requested");
  ASSERT_NE(backend, nullptr);
  EXPECT_EQ(backend->kind(), llvm::json::Value::Null);
  EXPECT_EQ(alpha->getString("reason"),
            "unknown LOOM_BACKEND 'gpu', expected host, emu or sim");
}

// Without LOOM_REPORT, writing the report is a successful no-op.
TEST_F(RuntimeTest, WriteReportWithoutLoomReportDoesNothing) {
  ASSERT_EQ(loom_rt_register_module(&kReportModule), LOOM_STATUS_OK);
  EXPECT_EQ(loom_rt_write_report(), LOOM_STATUS_OK);
  EXPECT_FALSE(llvm::sys::fs::exists(reportPath()));
}

// An unwritable path is an error naming the path, not a crash.
TEST_F(RuntimeTest, UnwritableReportPathIsAnError) {
  std::string path = tempDir + "/no-such-dir/report.json";
  setEnv("LOOM_REPORT", path.c_str());
  EXPECT_EQ(loom_rt_write_report(), LOOM_STATUS_NOT_FOUND);
  EXPECT_EQ(std::string(loom_last_error_message()),
            "loom_rt_write_report: cannot open LOOM_REPORT file '" + path +
                "': No such file or directory");
}

using RuntimeDeathTest = RuntimeTest;

// The report is written at exit with what the program did.
TEST_F(RuntimeDeathTest, WritesReportAtExit) {
  // The parent reads what the child wrote into this test's temporary
  // directory, so the child must be a fork, not a re-executed test.
  std::string style = GTEST_FLAG_GET(death_test_style);
  GTEST_FLAG_SET(death_test_style, "fast");
  std::string path = reportPath();
  EXPECT_EXIT(
      {
        setEnv("LOOM_REPORT", path.c_str());
        loom_rt_register_module(&kReportModule);
        launchScale(kReportKernels[1]);
        std::exit(0);
      },
      ::testing::ExitedWithCode(0), "");
  GTEST_FLAG_SET(death_test_style, style);
  llvm::json::Value report = readJson(path);
  const llvm::json::Object *alpha = findKernel(report, "alpha");
  ASSERT_NE(alpha, nullptr);
  EXPECT_EQ(alpha->getInteger("launches"), 1);
}

// At exit an unwritable report is reported on stderr; the exit code stands.
TEST_F(RuntimeDeathTest, UnwritableReportAtExitGoesToStderr) {
  std::string path = tempDir + "/no-such-dir/report.json";
  EXPECT_EXIT(
      {
        setEnv("LOOM_REPORT", path.c_str());
        loom_rt_register_module(&kReportModule);
        // Leaves a heap-sized message behind: exit() destroys thread_locals
        // before the writer records its longer one (a double free once).
        const loom_kernel_desc_t *found = nullptr;
        loom_rt_lookup_kernel("a-kernel-name-that-is-not-registered", &found);
        std::exit(0);
      },
      ::testing::ExitedWithCode(0),
      "loom: error: loom_rt_write_report: cannot open LOOM_REPORT file "
      "'.*/no-such-dir/report.json': No such file or directory");
}
