//===- RegistryTest.cpp - registration, lookup and status reporting ------===//
//
// Part of the Loom project.
//
// Every translation unit with kernels registers a module from a constructor;
// these tests pin what the registry accepts, what it refuses and the status
// and message each failure leaves behind.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestSupport.h"

#include <thread>

using namespace loom::rt;
using namespace loom::rt::test;

namespace {
int returnSeven() { return 7; }

loom_kernel_desc_t sevenAt(const char *name, const char *location) {
  return makeKernel(name, location, asFallback(&returnSeven), LOOM_TYPE_I32,
                    nullptr, 0);
}
} // namespace

// Every status has its stable name, and an unknown code still gets a string.
TEST_F(RuntimeTest, NamesEveryStatus) {
  EXPECT_STREQ(loom_status_name(LOOM_STATUS_OK), "LOOM_STATUS_OK");
  EXPECT_STREQ(loom_status_name(LOOM_STATUS_INVALID_ARGUMENT),
               "LOOM_STATUS_INVALID_ARGUMENT");
  EXPECT_STREQ(loom_status_name(LOOM_STATUS_NOT_FOUND),
               "LOOM_STATUS_NOT_FOUND");
  EXPECT_STREQ(loom_status_name(LOOM_STATUS_RESOURCE_EXHAUSTED),
               "LOOM_STATUS_RESOURCE_EXHAUSTED");
  EXPECT_STREQ(loom_status_name(LOOM_STATUS_DEVICE_ERROR),
               "LOOM_STATUS_DEVICE_ERROR");
  EXPECT_STREQ(loom_status_name(LOOM_STATUS_INTERNAL), "LOOM_STATUS_INTERNAL");
  EXPECT_STREQ(loom_status_name(LOOM_STATUS_UNAVAILABLE),
               "LOOM_STATUS_UNAVAILABLE");
  // 7 is the largest value C++ lets the enum hold; C callers may pass more.
  EXPECT_STREQ(loom_status_name(static_cast<loom_status_t>(7)),
               "LOOM_STATUS_UNKNOWN");
}

// A registered kernel is found by name and is the module's own descriptor.
TEST_F(RuntimeTest, LooksUpRegisteredKernel) {
  static const loom_kernel_desc_t kernels[] = {sevenAt("first", "a.cpp:1:1"),
                                               sevenAt("second", "a.cpp:9:1")};
  static const loom_module_desc_t module = makeModule(kernels, 2);
  ASSERT_EQ(loom_rt_register_module(&module), LOOM_STATUS_OK);
  EXPECT_STREQ(loom_last_error_message(), "");

  const loom_kernel_desc_t *found = nullptr;
  ASSERT_EQ(loom_rt_lookup_kernel("second", &found), LOOM_STATUS_OK);
  EXPECT_EQ(found, &kernels[1]);
  ASSERT_EQ(loom_rt_lookup_kernel("first", &found), LOOM_STATUS_OK);
  EXPECT_EQ(found, &kernels[0]);
}

// An unknown name is NOT_FOUND, clears the output and names the kernel.
TEST_F(RuntimeTest, LookupOfUnknownKernelIsNotFound) {
  static const loom_kernel_desc_t stale = sevenAt("stale", "x.cpp:1:1");
  const loom_kernel_desc_t *found = &stale;
  EXPECT_EQ(loom_rt_lookup_kernel("missing", &found), LOOM_STATUS_NOT_FOUND);
  EXPECT_EQ(found, nullptr);
  EXPECT_STREQ(loom_last_error_message(),
               "loom_rt_lookup_kernel: no kernel named 'missing' is "
               "registered (0 kernels are)");
}

// NULL name or output pointer is a caller error, not a crash.
TEST_F(RuntimeTest, LookupRejectsNullArguments) {
  const loom_kernel_desc_t *found = nullptr;
  EXPECT_EQ(loom_rt_lookup_kernel(nullptr, &found),
            LOOM_STATUS_INVALID_ARGUMENT);
  EXPECT_STREQ(loom_last_error_message(),
               "loom_rt_lookup_kernel: name is NULL, expected a kernel name");
  EXPECT_EQ(loom_rt_lookup_kernel("k", nullptr), LOOM_STATUS_INVALID_ARGUMENT);
  EXPECT_STREQ(loom_last_error_message(),
               "loom_rt_lookup_kernel: out_kernel is NULL");
}

// A second kernel of one name keeps the first and names both locations.
TEST_F(RuntimeTest, DuplicateKernelKeepsFirstAndNamesBothLocations) {
  static const loom_kernel_desc_t first[] = {sevenAt("vadd", "a.cpp:3:1")};
  static const loom_kernel_desc_t second[] = {sevenAt("vadd", "b.cpp:7:5"),
                                              sevenAt("other", "b.cpp:20:1")};
  static const loom_module_desc_t moduleA = makeModule(first, 1, "a.cpp");
  static const loom_module_desc_t moduleB = makeModule(second, 2, "b.cpp");
  ASSERT_EQ(loom_rt_register_module(&moduleA), LOOM_STATUS_OK);
  EXPECT_EQ(loom_rt_register_module(&moduleB), LOOM_STATUS_INVALID_ARGUMENT);
  EXPECT_STREQ(loom_last_error_message(),
               "loom_rt_register_module: kernel 'vadd' at b.cpp:7:5 has the "
               "name of the kernel registered at a.cpp:3:1; keeping the one "
               "at a.cpp:3:1");

  const loom_kernel_desc_t *found = nullptr;
  ASSERT_EQ(loom_rt_lookup_kernel("vadd", &found), LOOM_STATUS_OK);
  EXPECT_EQ(found, &first[0]);
  // The module's other kernels are still registered.
  ASSERT_EQ(loom_rt_lookup_kernel("other", &found), LOOM_STATUS_OK);
  EXPECT_EQ(found, &second[1]);
}

// Several duplicates in one module: the first is named, the rest counted.
TEST_F(RuntimeTest, CountsFurtherDuplicates) {
  static const loom_kernel_desc_t first[] = {sevenAt("a", "a.cpp:1:1"),
                                             sevenAt("b", "a.cpp:2:1")};
  static const loom_kernel_desc_t second[] = {sevenAt("a", "b.cpp:1:1"),
                                              sevenAt("b", "b.cpp:2:1")};
  static const loom_module_desc_t moduleA = makeModule(first, 2, "a.cpp");
  static const loom_module_desc_t moduleB = makeModule(second, 2, "b.cpp");
  ASSERT_EQ(loom_rt_register_module(&moduleA), LOOM_STATUS_OK);
  EXPECT_EQ(loom_rt_register_module(&moduleB), LOOM_STATUS_INVALID_ARGUMENT);
  EXPECT_THAT(loom_last_error_message(),
              ::testing::EndsWith("(and 1 more duplicates)"));
}

// A constructor that runs twice registers the same descriptors: no conflict.
TEST_F(RuntimeTest, ReRegisteringSameModuleIsNotADuplicate) {
  static const loom_kernel_desc_t kernels[] = {sevenAt("once", "a.cpp:1:1")};
  static const loom_module_desc_t module = makeModule(kernels, 1);
  ASSERT_EQ(loom_rt_register_module(&module), LOOM_STATUS_OK);
  EXPECT_EQ(loom_rt_register_module(&module), LOOM_STATUS_OK);
  EXPECT_EQ(getRegisteredKernels().size(), 1u);
}

// A module built for another ABI version is refused whole.
TEST_F(RuntimeTest, RefusesModuleOfOtherAbiVersion) {
  static const loom_kernel_desc_t kernels[] = {sevenAt("newer", "n.cpp:1:1")};
  static const loom_module_desc_t module =
      makeModule(kernels, 1, "n.cpp", LOOM_RT_ABI_VERSION + 1);
  EXPECT_EQ(loom_rt_register_module(&module), LOOM_STATUS_INVALID_ARGUMENT);
  EXPECT_STREQ(loom_last_error_message(),
               "loom_rt_register_module: module 'n.cpp' has ABI version 5, "
               "expected 4; rebuild it with the loom-clang++ of this runtime");
  const loom_kernel_desc_t *found = nullptr;
  EXPECT_EQ(loom_rt_lookup_kernel("newer", &found), LOOM_STATUS_NOT_FOUND);
}

// A module of ABI version 2, whose kernel descriptors lack the split
// program's fields, is refused: reading it with this layout would misread
// not_offloadable_reason and run past the descriptor array.
TEST_F(RuntimeTest, RefusesModuleOfAbiVersionTwo) {
  static const loom_kernel_desc_t kernels[] = {sevenAt("older", "o.cpp:1:1")};
  static const loom_module_desc_t module = makeModule(kernels, 1, "o.cpp", 2);
  EXPECT_EQ(loom_rt_register_module(&module), LOOM_STATUS_INVALID_ARGUMENT);
  EXPECT_STREQ(loom_last_error_message(),
               "loom_rt_register_module: module 'o.cpp' has ABI version 2, "
               "expected 4; rebuild it with the loom-clang++ of this runtime");
}

// Malformed module headers are refused with a message naming the problem.
TEST_F(RuntimeTest, RefusesMalformedModules) {
  EXPECT_EQ(loom_rt_register_module(nullptr), LOOM_STATUS_INVALID_ARGUMENT);
  EXPECT_STREQ(loom_last_error_message(),
               "loom_rt_register_module: module is NULL, expected a module "
               "descriptor");

  static const loom_module_desc_t noKernels = makeModule(nullptr, 2, "m.cpp");
  EXPECT_EQ(loom_rt_register_module(&noKernels), LOOM_STATUS_INVALID_ARGUMENT);
  EXPECT_STREQ(loom_last_error_message(),
               "loom_rt_register_module: module 'm.cpp' has num_kernels 2 but "
               "kernels is NULL");

  static const loom_kernel_desc_t nameless[] = {sevenAt("ok", "m.cpp:1:1"),
                                                sevenAt("", "m.cpp:2:1")};
  static const loom_module_desc_t withNameless =
      makeModule(nameless, 2, "m.cpp");
  EXPECT_EQ(loom_rt_register_module(&withNameless),
            LOOM_STATUS_INVALID_ARGUMENT);
  EXPECT_STREQ(loom_last_error_message(),
               "loom_rt_register_module: module 'm.cpp': kernel 1 has no "
               "name, expected a non-empty name");
  // Refused as a whole: its well-formed kernel was not registered either.
  EXPECT_TRUE(getRegisteredKernels().empty());
}

// An empty module is valid and registers nothing.
TEST_F(RuntimeTest, RegistersEmptyModule) {
  static const loom_module_desc_t module = makeModule(nullptr, 0);
  EXPECT_EQ(loom_rt_register_module(&module), LOOM_STATUS_OK);
  EXPECT_TRUE(getRegisteredKernels().empty());
}

// The message lasts until the next loom_* call, which clears it on success.
TEST_F(RuntimeTest, NextSuccessfulCallClearsLastError) {
  const loom_kernel_desc_t *found = nullptr;
  ASSERT_EQ(loom_rt_lookup_kernel("missing", &found), LOOM_STATUS_NOT_FOUND);
  EXPECT_STRNE(loom_last_error_message(), "");
  static const loom_module_desc_t module = makeModule(nullptr, 0);
  ASSERT_EQ(loom_rt_register_module(&module), LOOM_STATUS_OK);
  EXPECT_STREQ(loom_last_error_message(), "");
}

// Another thread's failure never shows up in this thread's message.
TEST_F(RuntimeTest, LastErrorIsThreadLocal) {
  const loom_kernel_desc_t *found = nullptr;
  ASSERT_EQ(loom_rt_lookup_kernel("mine", &found), LOOM_STATUS_NOT_FOUND);
  std::string otherMessage;
  std::thread other([&] {
    EXPECT_STREQ(loom_last_error_message(), "");
    const loom_kernel_desc_t *theirs = nullptr;
    loom_rt_lookup_kernel("theirs", &theirs);
    otherMessage = loom_last_error_message();
  });
  other.join();
  EXPECT_THAT(otherMessage, ::testing::HasSubstr("'theirs'"));
  EXPECT_THAT(loom_last_error_message(), ::testing::HasSubstr("'mine'"));
}

// An overlong message is cut to 2047 characters ending in "...".
TEST_F(RuntimeTest, TruncatesOverlongMessages) {
  std::string name(5000, 'k');
  const loom_kernel_desc_t *found = nullptr;
  ASSERT_EQ(loom_rt_lookup_kernel(name.c_str(), &found), LOOM_STATUS_NOT_FOUND);
  std::string message = loom_last_error_message();
  EXPECT_EQ(message.size(), 2047u);
  EXPECT_THAT(message, ::testing::StartsWith(
                           "loom_rt_lookup_kernel: no kernel named 'kkk"));
  EXPECT_THAT(message, ::testing::EndsWith("kkk..."));
}

// The registration constructors ignore the status: a refused duplicate is
// also printed to stderr, one warning line naming both kernels.
TEST_F(RuntimeTest, DuplicateKernelPrintsOneWarning) {
  static const loom_kernel_desc_t first[] = {sevenAt("over", "a.cpp:3:5")};
  static const loom_kernel_desc_t second[] = {sevenAt("over", "a.cpp:4:7"),
                                              sevenAt("over", "a.cpp:5:7")};
  static const loom_module_desc_t moduleA = makeModule(first, 1, "a.cpp");
  static const loom_module_desc_t moduleB = makeModule(second, 2, "b.cpp");
  ::testing::internal::CaptureStderr();
  ASSERT_EQ(loom_rt_register_module(&moduleA), LOOM_STATUS_OK);
  EXPECT_EQ(loom_rt_register_module(&moduleB), LOOM_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(::testing::internal::GetCapturedStderr(),
            "loom: warning: loom_rt_register_module: kernel 'over' at "
            "a.cpp:4:7 has the name of the kernel registered at a.cpp:3:5; "
            "keeping the one at a.cpp:3:5 (and 1 more duplicates)\n");
}

// The same kernel from two translation units (an inline function in a
// header: one symbol, one location, two descriptors) is no conflict.
TEST_F(RuntimeTest, SameKernelFromTwoUnitsIsNotADuplicate) {
  static const loom_kernel_desc_t first[] = {sevenAt("inl", "h.h:2:5")};
  static const loom_kernel_desc_t second[] = {sevenAt("inl", "h.h:2:5")};
  static const loom_module_desc_t moduleA = makeModule(first, 1, "a.cpp");
  static const loom_module_desc_t moduleB = makeModule(second, 1, "b.cpp");
  ::testing::internal::CaptureStderr();
  ASSERT_EQ(loom_rt_register_module(&moduleA), LOOM_STATUS_OK);
  EXPECT_EQ(loom_rt_register_module(&moduleB), LOOM_STATUS_OK);
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), "");
  EXPECT_EQ(getRegisteredKernels().size(), 1u);
}
