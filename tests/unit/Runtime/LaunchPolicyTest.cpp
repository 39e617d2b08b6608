//===- LaunchPolicyTest.cpp - LOOM_BACKEND x LOOM_OFFLOAD x artifact -----===//
//
// Part of the Loom project.
//
// Where a launch goes is the runtime's main decision: every combination of
// backend, offload policy and artifact state is pinned here, together with
// the environment parsing and the exit path of loom_rt_kernel_call.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestSupport.h"

#include <atomic>
#include <thread>
#include <vector>

using namespace loom::rt;
using namespace loom::rt::test;
using ::testing::HasSubstr;

namespace {
std::atomic<int> incrementCalls{0};

void incrementAll(int *data, int n) {
  ++incrementCalls;
  for (int i = 0; i < n; ++i)
    data[i] += 1;
}

constexpr loom_arg_desc_t kIncrementArgs[] = {
    {"data", LOOM_ARG_POINTER, LOOM_TYPE_I32, 0, 0, nullptr, nullptr},
    {"n", LOOM_ARG_SCALAR, LOOM_TYPE_I32, 0, 0, nullptr, nullptr}};

loom_kernel_desc_t makeIncrement(ArtifactState artifact,
                                 const char *name = "increment") {
  return makeKernel(name, "p.cpp:4:2", asFallback(&incrementAll),
                    LOOM_TYPE_VOID, kIncrementArgs, 2, artifact);
}

/// Launches `kernel` on {1, 2} and returns the data afterwards.
std::pair<loom_status_t, std::vector<int>>
launchIncrement(const loom_kernel_desc_t &kernel) {
  std::vector<int> data = {1, 2};
  int *dataPtr = data.data();
  int n = 2;
  void *args[] = {&dataPtr, &n};
  loom_status_t status = loom_rt_launch(&kernel, args, nullptr);
  return {status, data};
}

constexpr const char *kDisabled =
    "offload is disabled by LOOM_OFFLOAD=disabled";
constexpr const char *kHostSelected =
    "LOOM_BACKEND=host selects the host backend";
constexpr const char *kNoArtifact = "no artifact: loop has an indirect call";
constexpr const char *kCorrupt =
    "corrupt artifact: its SHA-256 is "
    "a52d159f262b2c6ddb724a61840befc36eb30c88877a4030b65cbe86298449c9 but the "
    "descriptor expects "
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
constexpr const char *kNoDigest =
    "corrupt artifact: it has no SHA-256 digest to check it against";
// The test artifact "abc" passes its digest check but is no MLIR module,
// so the emu backend cannot run it.
constexpr const char *kEmuUnparsable =
    "emu cannot parse the artifact: custom op 'abc' is unknown (tried "
    "'builtin.abc' as well)";

/// One row of the policy table: the environment (nullptr = unset), the
/// artifact, and the expected status and reason.
struct PolicyCase {
  const char *backend;
  const char *offload;
  ArtifactState artifact;
  loom_status_t status;
  const char *reason;
};

constexpr loom_status_t kOk = LOOM_STATUS_OK;
constexpr loom_status_t kUnavailable = LOOM_STATUS_UNAVAILABLE;
constexpr ArtifactState kNone = ArtifactState::None;
constexpr ArtifactState kValid = ArtifactState::Valid;
constexpr ArtifactState kBad = ArtifactState::Corrupt;

const PolicyCase kPolicyTable[] = {
    // LOOM_BACKEND=host is an explicit request, never an error.
    {"host", "mandatory", kNone, kOk, kHostSelected},
    {"host", "mandatory", kValid, kOk, kHostSelected},
    {"host", "mandatory", kBad, kOk, kHostSelected},
    {"host", "default", kNone, kOk, kHostSelected},
    {"host", "default", kValid, kOk, kHostSelected},
    {"host", "default", kBad, kOk, kHostSelected},
    {"host", "disabled", kNone, kOk, kDisabled},
    {"host", "disabled", kValid, kOk, kDisabled},
    {"host", "disabled", kBad, kOk, kDisabled},
    // emu runs only artifacts it can interpret; "abc" is none.
    {"emu", "mandatory", kNone, kUnavailable, kNoArtifact},
    {"emu", "mandatory", kValid, kUnavailable, kEmuUnparsable},
    {"emu", "mandatory", kBad, kUnavailable, kCorrupt},
    {"emu", "default", kNone, kOk, kNoArtifact},
    {"emu", "default", kValid, kOk, kEmuUnparsable},
    {"emu", "default", kBad, kOk, kCorrupt},
    {"emu", "disabled", kNone, kOk, kDisabled},
    {"emu", "disabled", kValid, kOk, kDisabled},
    {"emu", "disabled", kBad, kOk, kDisabled},
    // sim interprets the same artifact, so it refuses the same ones.
    {"sim", "mandatory", kNone, kUnavailable, kNoArtifact},
    {"sim", "mandatory", kValid, kUnavailable, kEmuUnparsable},
    {"sim", "mandatory", kBad, kUnavailable, kCorrupt},
    {"sim", "default", kNone, kOk, kNoArtifact},
    {"sim", "default", kValid, kOk, kEmuUnparsable},
    {"sim", "default", kBad, kOk, kCorrupt},
    {"sim", "disabled", kNone, kOk, kDisabled},
    {"sim", "disabled", kValid, kOk, kDisabled},
    {"sim", "disabled", kBad, kOk, kDisabled},
    // Unset variables mean LOOM_BACKEND=sim, LOOM_OFFLOAD=default.
    {nullptr, nullptr, kNone, kOk, kNoArtifact},
    {nullptr, nullptr, kValid, kOk, kEmuUnparsable},
    {nullptr, nullptr, kBad, kOk, kCorrupt},
    {nullptr, "mandatory", kValid, kUnavailable, kEmuUnparsable},
    {"host", nullptr, kValid, kOk, kHostSelected},
    // A present artifact without a digest counts as corrupt.
    {"sim", "default", ArtifactState::NoDigest, kOk, kNoDigest},
    {"sim", "mandatory", ArtifactState::NoDigest, kUnavailable, kNoDigest},
};

std::string describeCase(const PolicyCase &c, llvm::StringRef separator) {
  static const char *const artifactNames[] = {"none", "valid", "corrupt",
                                              "nodigest"};
  return (llvm::Twine(c.backend ? c.backend : "unset") + separator +
          (c.offload ? c.offload : "unset") + separator +
          artifactNames[static_cast<int>(c.artifact)])
      .str();
}

std::string caseName(const ::testing::TestParamInfo<PolicyCase> &info) {
  return describeCase(info.param, "_");
}

/// Keeps addresses out of the names ctest shows for each row.
void PrintTo(const PolicyCase &c, std::ostream *os) {
  *os << describeCase(c, " ");
}

class RuntimePolicyTest : public RuntimeTest,
                          public ::testing::WithParamInterface<PolicyCase> {};
} // namespace

// Each row: the launch status, whether the host ran, the message under
// mandatory, and the report's account of it.
TEST_P(RuntimePolicyTest, FollowsPolicyTable) {
  const PolicyCase &c = GetParam();
  setEnv("LOOM_BACKEND", c.backend);
  setEnv("LOOM_OFFLOAD", c.offload);
  loom_kernel_desc_t kernel = makeIncrement(c.artifact);
  incrementCalls = 0;

  ::testing::internal::CaptureStderr();
  auto [status, data] = launchIncrement(kernel);
  std::string errors = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(status, c.status) << loom_last_error_message();
  if (c.status == LOOM_STATUS_OK) {
    EXPECT_EQ(data, (std::vector<int>{2, 3}));
    EXPECT_EQ(incrementCalls.load(), 1);
    EXPECT_STREQ(loom_last_error_message(), "");
  } else {
    // Mandatory offload never runs the kernel on the host.
    EXPECT_EQ(data, (std::vector<int>{1, 2}));
    EXPECT_EQ(incrementCalls.load(), 0);
    EXPECT_EQ(std::string(loom_last_error_message()),
              std::string("loom_rt_launch: kernel 'increment' (p.cpp:4:2) "
                          "cannot be offloaded: ") +
                  c.reason);
  }
  // Only a corrupt artifact that falls back under `default` warns.
  bool warns = c.status == LOOM_STATUS_OK &&
               llvm::StringRef(c.reason).starts_with("corrupt");
  if (warns)
    EXPECT_EQ(errors, std::string("loom: warning: kernel 'increment' "
                                  "(p.cpp:4:2): ") +
                          c.reason + "; running it on the host\n");
  else
    EXPECT_EQ(errors, "");

  llvm::json::Value report = writeAndReadReport();
  const llvm::json::Object *entry = findKernel(report, "increment");
  ASSERT_NE(entry, nullptr);
  EXPECT_EQ(entry->getInteger("launches"), 1);
  EXPECT_EQ(entry->getString("backend_requested"),
            c.backend ? c.backend : "sim");
  const llvm::json::Object *ranOn = entry->getObject("ran_on");
  ASSERT_NE(ranOn, nullptr);
  if (c.status == LOOM_STATUS_OK) {
    EXPECT_EQ(ranOn->getInteger("host"), 1);
    EXPECT_EQ(ranOn->size(), 1u);
  } else {
    EXPECT_TRUE(ranOn->empty());
  }
  EXPECT_EQ(entry->getBoolean("offloadable"), false);
  EXPECT_EQ(entry->getString("reason"), c.reason);
}

INSTANTIATE_TEST_SUITE_P(AllCombinations, RuntimePolicyTest,
                         ::testing::ValuesIn(kPolicyTable), caseName);

// Under `default`, an artifact sim cannot run falls back to the native body,
// and the decision says why.
TEST_F(RuntimeTest, FallsBackToHostWhenSimCannotRunTheArtifact) {
  loom_kernel_desc_t kernel = makeIncrement(ArtifactState::Valid);
  auto [status, data] = launchIncrement(kernel);
  ASSERT_EQ(status, LOOM_STATUS_OK);
  EXPECT_EQ(data, (std::vector<int>{2, 3}));
  Decision decision = decide(kernel, getPolicy());
  EXPECT_EQ(decision.runOn, Backend::Host);
  EXPECT_FALSE(decision.offloadable);
  EXPECT_EQ(decision.reason, kEmuUnparsable);
}

// An unknown LOOM_BACKEND refuses every launch, naming the kernel.
TEST_F(RuntimeTest, RejectsUnknownBackend) {
  setEnv("LOOM_BACKEND", "gpu");
  loom_kernel_desc_t kernel = makeIncrement(ArtifactState::Valid);
  incrementCalls = 0;
  auto [status, data] = launchIncrement(kernel);
  EXPECT_EQ(status, LOOM_STATUS_INVALID_ARGUMENT);
  EXPECT_STREQ(loom_last_error_message(),
               "loom_rt_launch: kernel 'increment': unknown LOOM_BACKEND "
               "'gpu', expected host, emu or sim");
  EXPECT_EQ(incrementCalls.load(), 0);
}

// An unknown LOOM_OFFLOAD refuses every launch, naming the kernel.
TEST_F(RuntimeTest, RejectsUnknownOffloadPolicy) {
  setEnv("LOOM_OFFLOAD", "always");
  loom_kernel_desc_t kernel = makeIncrement(ArtifactState::None);
  EXPECT_EQ(launchIncrement(kernel).first, LOOM_STATUS_INVALID_ARGUMENT);
  EXPECT_STREQ(loom_last_error_message(),
               "loom_rt_launch: kernel 'increment': unknown LOOM_OFFLOAD "
               "'always', expected mandatory, default or disabled");
}

// Both variables wrong: one message names both problems.
TEST_F(RuntimeTest, ReportsBothUnknownVariables) {
  setEnv("LOOM_BACKEND", "fpga");
  setEnv("LOOM_OFFLOAD", "sometimes");
  loom_kernel_desc_t kernel = makeIncrement(ArtifactState::None);
  EXPECT_EQ(launchIncrement(kernel).first, LOOM_STATUS_INVALID_ARGUMENT);
  EXPECT_STREQ(loom_last_error_message(),
               "loom_rt_launch: kernel 'increment': unknown LOOM_BACKEND "
               "'fpga', expected host, emu or sim; unknown LOOM_OFFLOAD "
               "'sometimes', expected mandatory, default or disabled");
}

// Values are case-insensitive (as OMP_TARGET_OFFLOAD's); empty means unset.
TEST_F(RuntimeTest, AcceptsAnyCaseAndTreatsEmptyAsUnset) {
  setEnv("LOOM_BACKEND", "HOST");
  setEnv("LOOM_OFFLOAD", "Mandatory");
  Policy policy = getPolicy();
  EXPECT_TRUE(policy.error.empty()) << policy.error;
  EXPECT_EQ(policy.backend, Backend::Host);
  EXPECT_EQ(policy.offload, OffloadMode::Mandatory);

  setEnv("LOOM_BACKEND", "");
  setEnv("LOOM_OFFLOAD", "");
  policy = getPolicy();
  EXPECT_TRUE(policy.error.empty()) << policy.error;
  EXPECT_EQ(policy.backend, Backend::Sim);
  EXPECT_EQ(policy.offload, OffloadMode::Default);
}

// The environment is read once: a later change does not affect the run.
TEST_F(RuntimeTest, CachesPolicyAfterFirstLaunch) {
  setEnv("LOOM_BACKEND", "host");
  loom_kernel_desc_t kernel = makeIncrement(ArtifactState::None);
  ASSERT_EQ(launchIncrement(kernel).first, LOOM_STATUS_OK);
  setenv("LOOM_BACKEND", "gpu", /*overwrite=*/1);
  setenv("LOOM_OFFLOAD", "mandatory", /*overwrite=*/1);
  EXPECT_EQ(launchIncrement(kernel).first, LOOM_STATUS_OK);
  EXPECT_EQ(getPolicy().backend, Backend::Host);
}

// A corrupt artifact warns once per kernel, not once per launch.
TEST_F(RuntimeTest, WarnsAboutCorruptArtifactOnce) {
  loom_kernel_desc_t kernel = makeIncrement(ArtifactState::Corrupt);
  ::testing::internal::CaptureStderr();
  for (int i = 0; i < 3; ++i)
    ASSERT_EQ(launchIncrement(kernel).first, LOOM_STATUS_OK);
  std::string errors = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(errors, std::string("loom: warning: kernel 'increment' "
                                "(p.cpp:4:2): ") +
                        kCorrupt + "; running it on the host\n");
}

// Concurrent launches from several threads all run and are all counted.
TEST_F(RuntimeTest, LaunchesConcurrentlyFromManyThreads) {
  setEnv("LOOM_BACKEND", "host");
  static const loom_kernel_desc_t kernels[] = {
      makeIncrement(ArtifactState::None)};
  static const loom_module_desc_t module = makeModule(kernels, 1);
  ASSERT_EQ(loom_rt_register_module(&module), LOOM_STATUS_OK);
  incrementCalls = 0;
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 250; ++i) {
        auto [status, data] = launchIncrement(kernels[0]);
        if (status != LOOM_STATUS_OK || data != std::vector<int>{2, 3})
          ++failures;
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(incrementCalls.load(), 1000);
  llvm::json::Value report = writeAndReadReport();
  const llvm::json::Object *entry = findKernel(report, "increment");
  ASSERT_NE(entry, nullptr);
  EXPECT_EQ(entry->getInteger("launches"), 1000);
}

// A successful loom_rt_kernel_call returns with the result written.
TEST_F(RuntimeTest, KernelCallReturnsOnSuccess) {
  loom_kernel_desc_t kernel = makeIncrement(ArtifactState::None);
  int data[2] = {5, 6};
  int *dataPtr = data;
  int n = 2;
  void *args[] = {&dataPtr, &n};
  loom_rt_kernel_call(&kernel, args, nullptr);
  EXPECT_EQ(data[0], 6);
  EXPECT_EQ(data[1], 7);
}

using RuntimeDeathTest = RuntimeTest;

// A refused launch behind a kernel call prints the reason and exits with 1.
TEST_F(RuntimeDeathTest, KernelCallExitsWhenMandatoryOffloadFails) {
  setEnv("LOOM_OFFLOAD", "mandatory");
  loom_kernel_desc_t kernel = makeIncrement(ArtifactState::Valid, "vadd");
  int data[2] = {};
  int *dataPtr = data;
  int n = 2;
  void *args[] = {&dataPtr, &n};
  EXPECT_EXIT(loom_rt_kernel_call(&kernel, args, nullptr),
              ::testing::ExitedWithCode(1),
              "loom: error: kernel 'vadd': loom_rt_launch: kernel 'vadd' "
              "\\(p\\.cpp:4:2\\) cannot be offloaded: emu cannot parse the "
              "artifact");
}

// An invalid launch behind a kernel call also exits with 1, naming the kernel.
TEST_F(RuntimeDeathTest, KernelCallExitsOnInvalidArguments) {
  loom_kernel_desc_t kernel = makeIncrement(ArtifactState::None, "vadd");
  EXPECT_EXIT(loom_rt_kernel_call(&kernel, nullptr, nullptr),
              ::testing::ExitedWithCode(1),
              "loom: error: kernel 'vadd': loom_rt_launch: kernel 'vadd': "
              "args is NULL");
}
