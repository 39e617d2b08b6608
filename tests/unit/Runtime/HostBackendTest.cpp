//===- HostBackendTest.cpp - libffi calls and descriptor validation ------===//
//
// Part of the Loom project.
//
// The host backend calls real C functions whose signature it learns only
// from hand-built descriptors; results must be bit-exact with a direct call,
// and malformed descriptors or arguments must be refused before any call.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestSupport.h"

#include <cmath>
#include <cstring>
#include <limits>

using namespace loom::rt;
using namespace loom::rt::test;
using ::testing::HasSubstr;

namespace {
int callCount = 0;

void doubleInPlace(int *data, int n) {
  ++callCount;
  for (int i = 0; i < n; ++i)
    data[i] *= 2;
}
float addFloats(float a, float b) { return a + b; }
double scaledSum(const double *x, long n, double scale) {
  double sum = 0;
  for (long i = 0; i < n; ++i)
    sum += x[i] * scale;
  return sum;
}
int32_t mixSmall(int8_t a, int16_t b, bool negate) {
  int32_t sum = a + b;
  return negate ? -sum : sum;
}
uint32_t sumUnsigned(uint8_t a, uint16_t b) { return uint32_t(a) + b; }
int8_t negate8(int8_t v) { return static_cast<int8_t>(-v); }
int16_t halve16(int16_t v) { return static_cast<int16_t>(v / 2); }
bool isNegative(int64_t v) { return v < 0; }
int64_t mul64(int64_t a, int64_t b) { return a * b; }
int *advance(int *p, long k) { return p + k; }
int answer() { return 42; }
void bump() { ++callCount; }

constexpr loom_arg_desc_t kIntBufferArgs[] = {
    {"data", LOOM_ARG_POINTER, LOOM_TYPE_I32, 0, 0, nullptr, nullptr},
    {"n", LOOM_ARG_SCALAR, LOOM_TYPE_I32, 0, 0, nullptr, nullptr}};
constexpr loom_arg_desc_t kTwoFloats[] = {
    {"a", LOOM_ARG_SCALAR, LOOM_TYPE_F32, 0, 0, nullptr, nullptr},
    {"b", LOOM_ARG_SCALAR, LOOM_TYPE_F32, 0, 0, nullptr, nullptr}};
constexpr loom_arg_desc_t kScaledSumArgs[] = {
    {"x", LOOM_ARG_POINTER, LOOM_TYPE_F64, LOOM_ARG_FLAG_CONST, 0, nullptr,
     nullptr},
    {"n", LOOM_ARG_SCALAR, LOOM_TYPE_I64, 0, 0, nullptr, nullptr},
    {"scale", LOOM_ARG_SCALAR, LOOM_TYPE_F64, 0, 0, nullptr, nullptr}};
constexpr loom_arg_desc_t kMixSmallArgs[] = {
    {"a", LOOM_ARG_SCALAR, LOOM_TYPE_I8, 0, 0, nullptr, nullptr},
    {"b", LOOM_ARG_SCALAR, LOOM_TYPE_I16, 0, 0, nullptr, nullptr},
    {"negate", LOOM_ARG_SCALAR, LOOM_TYPE_I1, 0, 0, nullptr, nullptr}};
constexpr loom_arg_desc_t kUnsignedArgs[] = {
    {"a", LOOM_ARG_SCALAR, LOOM_TYPE_I8, LOOM_ARG_FLAG_UNSIGNED, 0, nullptr,
     nullptr},
    {"b", LOOM_ARG_SCALAR, LOOM_TYPE_I16, LOOM_ARG_FLAG_UNSIGNED, 0, nullptr,
     nullptr}};
constexpr loom_arg_desc_t kI8Arg[] = {
    {"v", LOOM_ARG_SCALAR, LOOM_TYPE_I8, 0, 0, nullptr, nullptr}};
constexpr loom_arg_desc_t kI16Arg[] = {
    {"v", LOOM_ARG_SCALAR, LOOM_TYPE_I16, 0, 0, nullptr, nullptr}};
constexpr loom_arg_desc_t kI64Arg[] = {
    {"v", LOOM_ARG_SCALAR, LOOM_TYPE_I64, 0, 0, nullptr, nullptr}};
constexpr loom_arg_desc_t kTwoI64[] = {
    {"a", LOOM_ARG_SCALAR, LOOM_TYPE_I64, 0, 0, nullptr, nullptr},
    {"b", LOOM_ARG_SCALAR, LOOM_TYPE_I64, 0, 0, nullptr, nullptr}};
constexpr loom_arg_desc_t kAdvanceArgs[] = {
    {"p", LOOM_ARG_POINTER, LOOM_TYPE_I32, 0, 0, nullptr, nullptr},
    {"k", LOOM_ARG_SCALAR, LOOM_TYPE_I64, 0, 0, nullptr, nullptr}};

/// Runs every launch of the fixture on the host backend.
class HostBackendTest : public RuntimeTest {
protected:
  void SetUp() override {
    RuntimeTest::SetUp();
    setEnv("LOOM_BACKEND", "host");
    callCount = 0;
  }

  template <typename T> static bool sameBits(const T &a, const T &b) {
    return std::memcmp(&a, &b, sizeof(T)) == 0;
  }
};
} // namespace

// void(int*, int): the pointer reaches the kernel and its writes are seen.
TEST_F(HostBackendTest, CallsVoidKernelWithPointerAndInt) {
  loom_kernel_desc_t kernel =
      makeKernel("double_in_place", "h.cpp:1:1", asFallback(&doubleInPlace),
                 LOOM_TYPE_VOID, kIntBufferArgs, 2);
  int data[4] = {1, -2, 3, 40000};
  int *dataPtr = data;
  int n = 3;
  void *args[] = {&dataPtr, &n};
  ASSERT_EQ(loom_rt_launch(&kernel, args, /*out_result=*/nullptr),
            LOOM_STATUS_OK)
      << loom_last_error_message();
  EXPECT_EQ(data[0], 2);
  EXPECT_EQ(data[1], -4);
  EXPECT_EQ(data[2], 6);
  EXPECT_EQ(data[3], 40000); // n = 3: untouched.
  EXPECT_EQ(callCount, 1);
}

// float(float, float) is bit-exact with a direct call, NaN and -0 included.
TEST_F(HostBackendTest, FloatResultIsBitExact) {
  loom_kernel_desc_t kernel =
      makeKernel("add_floats", "h.cpp:2:1", asFallback(&addFloats),
                 LOOM_TYPE_F32, kTwoFloats, 2);
  const float inputs[][2] = {{0.1f, 0.2f},
                             {-0.0f, -0.0f},
                             {std::numeric_limits<float>::denorm_min(), 1e-38f},
                             {std::numeric_limits<float>::infinity(), -1.0f},
                             {std::nanf("0x1234"), 1.0f},
                             {3.4e38f, 3.4e38f}};
  for (const auto &input : inputs) {
    float a = input[0], b = input[1], result = 12345.0f;
    void *args[] = {&a, &b};
    ASSERT_EQ(loom_rt_launch(&kernel, args, &result), LOOM_STATUS_OK);
    float expected = addFloats(a, b);
    EXPECT_TRUE(sameBits(result, expected))
        << a << " + " << b << ": got " << result << ", expected " << expected;
  }
}

// double(const double*, long, double) is bit-exact with a direct call.
TEST_F(HostBackendTest, DoubleResultIsBitExact) {
  loom_kernel_desc_t kernel =
      makeKernel("scaled_sum", "h.cpp:3:1", asFallback(&scaledSum),
                 LOOM_TYPE_F64, kScaledSumArgs, 3);
  const double x[] = {0.1, 0.2, 0.3, 1e300, -1e300, 1e-310};
  const double *xPtr = x;
  long n = 6;
  double scale = 1.0 / 3.0, result = 0;
  void *args[] = {&xPtr, &n, &scale};
  ASSERT_EQ(loom_rt_launch(&kernel, args, &result), LOOM_STATUS_OK);
  double expected = scaledSum(x, n, scale);
  EXPECT_TRUE(sameBits(result, expected));
}

// i8, i16 and i1 arguments arrive sign-correct at their exact width.
TEST_F(HostBackendTest, PassesNarrowSignedAndBoolArguments) {
  loom_kernel_desc_t kernel =
      makeKernel("mix_small", "h.cpp:4:1", asFallback(&mixSmall), LOOM_TYPE_I32,
                 kMixSmallArgs, 3);
  int8_t a = -100;
  int16_t b = -30000;
  bool negate = true;
  int32_t result = 0;
  void *args[] = {&a, &b, &negate};
  ASSERT_EQ(loom_rt_launch(&kernel, args, &result), LOOM_STATUS_OK);
  EXPECT_EQ(result, 30100);
  negate = false;
  ASSERT_EQ(loom_rt_launch(&kernel, args, &result), LOOM_STATUS_OK);
  EXPECT_EQ(result, -30100);
}

// LOOM_ARG_FLAG_UNSIGNED passes high-bit i8/i16 values zero-extended.
TEST_F(HostBackendTest, PassesUnsignedNarrowArgumentsZeroExtended) {
  loom_kernel_desc_t kernel =
      makeKernel("sum_unsigned", "h.cpp:5:1", asFallback(&sumUnsigned),
                 LOOM_TYPE_I32, kUnsignedArgs, 2);
  uint8_t a = 200;
  uint16_t b = 60000;
  uint32_t result = 0;
  void *args[] = {&a, &b};
  ASSERT_EQ(loom_rt_launch(&kernel, args, &result), LOOM_STATUS_OK);
  EXPECT_EQ(result, 60200u);
}

// i8, i16, i1 and i64 results are written at exactly their own width.
TEST_F(HostBackendTest, WritesNarrowResultsAtTheirWidth) {
  loom_kernel_desc_t neg8 = makeKernel(
      "negate8", "h.cpp:6:1", asFallback(&negate8), LOOM_TYPE_I8, kI8Arg, 1);
  loom_kernel_desc_t half16 = makeKernel(
      "halve16", "h.cpp:7:1", asFallback(&halve16), LOOM_TYPE_I16, kI16Arg, 1);
  loom_kernel_desc_t negative =
      makeKernel("is_negative", "h.cpp:8:1", asFallback(&isNegative),
                 LOOM_TYPE_I1, kI64Arg, 1);
  loom_kernel_desc_t mul = makeKernel("mul64", "h.cpp:9:1", asFallback(&mul64),
                                      LOOM_TYPE_I64, kTwoI64, 2);

  // Sentinels around each result catch a write wider than the type.
  struct {
    int8_t value;
    uint8_t guard[7];
  } r8 = {0, {0xAB, 0xAB, 0xAB, 0xAB, 0xAB, 0xAB, 0xAB}};
  int8_t v8 = 127;
  void *args8[] = {&v8};
  ASSERT_EQ(loom_rt_launch(&neg8, args8, &r8.value), LOOM_STATUS_OK);
  EXPECT_EQ(r8.value, -127);
  EXPECT_EQ(r8.guard[0], 0xAB);
  EXPECT_EQ(r8.guard[6], 0xAB);

  struct {
    int16_t value;
    uint16_t guard[3];
  } r16 = {0, {0xABCD, 0xABCD, 0xABCD}};
  int16_t v16 = -32767;
  void *args16[] = {&v16};
  ASSERT_EQ(loom_rt_launch(&half16, args16, &r16.value), LOOM_STATUS_OK);
  EXPECT_EQ(r16.value, -16383);
  EXPECT_EQ(r16.guard[0], 0xABCD);

  struct {
    bool value;
    uint8_t guard[7];
  } r1 = {false, {0xAB, 0xAB, 0xAB, 0xAB, 0xAB, 0xAB, 0xAB}};
  int64_t v64 = std::numeric_limits<int64_t>::min();
  void *args1[] = {&v64};
  ASSERT_EQ(loom_rt_launch(&negative, args1, &r1.value), LOOM_STATUS_OK);
  EXPECT_TRUE(r1.value);
  EXPECT_EQ(r1.guard[0], 0xAB);

  int64_t a = 3037000499, b = -3037000499, product = 0;
  void *argsMul[] = {&a, &b};
  ASSERT_EQ(loom_rt_launch(&mul, argsMul, &product), LOOM_STATUS_OK);
  EXPECT_EQ(product, mul64(a, b));
}

// A pointer result comes back as the very pointer the kernel returned.
TEST_F(HostBackendTest, ReturnsPointer) {
  loom_kernel_desc_t kernel =
      makeKernel("advance", "h.cpp:10:1", asFallback(&advance), LOOM_TYPE_PTR,
                 kAdvanceArgs, 2);
  int data[8] = {};
  int *base = data;
  long k = 5;
  int *result = nullptr;
  void *args[] = {&base, &k};
  ASSERT_EQ(loom_rt_launch(&kernel, args, &result), LOOM_STATUS_OK);
  EXPECT_EQ(result, data + 5);
}

// Kernels without arguments accept a NULL args array.
TEST_F(HostBackendTest, CallsKernelsWithoutArguments) {
  loom_kernel_desc_t fortyTwo = makeKernel(
      "answer", "h.cpp:11:1", asFallback(&answer), LOOM_TYPE_I32, nullptr, 0);
  loom_kernel_desc_t bumpKernel = makeKernel(
      "bump", "h.cpp:12:1", asFallback(&bump), LOOM_TYPE_VOID, nullptr, 0);
  int result = 0;
  ASSERT_EQ(loom_rt_launch(&fortyTwo, nullptr, &result), LOOM_STATUS_OK);
  EXPECT_EQ(result, 42);
  ASSERT_EQ(loom_rt_launch(&bumpKernel, nullptr, nullptr), LOOM_STATUS_OK);
  EXPECT_EQ(callCount, 1);
}

// A NULL kernel or a nameless descriptor is refused.
TEST_F(HostBackendTest, RejectsNullAndNamelessKernel) {
  EXPECT_EQ(loom_rt_launch(nullptr, nullptr, nullptr),
            LOOM_STATUS_INVALID_ARGUMENT);
  EXPECT_STREQ(loom_last_error_message(),
               "loom_rt_launch: kernel is NULL, expected a kernel descriptor");
  loom_kernel_desc_t nameless = makeKernel("", "h.cpp:13:1", asFallback(&bump),
                                           LOOM_TYPE_VOID, nullptr, 0);
  EXPECT_EQ(loom_rt_launch(&nameless, nullptr, nullptr),
            LOOM_STATUS_INVALID_ARGUMENT);
  EXPECT_STREQ(loom_last_error_message(),
               "loom_rt_launch: the kernel descriptor at h.cpp:13:1 has no "
               "name, expected a non-empty name");
}

// num_args > 0 without argument descriptors is refused, naming the kernel.
TEST_F(HostBackendTest, RejectsMissingArgumentDescriptors) {
  loom_kernel_desc_t kernel =
      makeKernel("double_in_place", "h.cpp:1:1", asFallback(&doubleInPlace),
                 LOOM_TYPE_VOID, /*args=*/nullptr, 2);
  int n = 0;
  void *args[] = {&n, &n};
  EXPECT_EQ(loom_rt_launch(&kernel, args, nullptr),
            LOOM_STATUS_INVALID_ARGUMENT);
  EXPECT_STREQ(loom_last_error_message(),
               "loom_rt_launch: kernel 'double_in_place': num_args is 2 but "
               "the argument descriptors (args) are NULL");
  EXPECT_EQ(callCount, 0);
}

// Unknown kinds and type codes name the kernel and the argument.
TEST_F(HostBackendTest, RejectsUnknownKindsAndTypeCodes) {
  int value = 0;
  int *ptr = &value;
  void *args[] = {&ptr, &value};

  const loom_arg_desc_t badType[] = {
      kIntBufferArgs[0], {"n", LOOM_ARG_SCALAR, 42, 0, 0, nullptr, nullptr}};
  loom_kernel_desc_t kernel = makeKernel(
      "k", "h.cpp:1:1", asFallback(&doubleInPlace), LOOM_TYPE_VOID, badType, 2);
  EXPECT_EQ(loom_rt_launch(&kernel, args, nullptr),
            LOOM_STATUS_INVALID_ARGUMENT);
  EXPECT_STREQ(loom_last_error_message(),
               "loom_rt_launch: kernel 'k': argument 1 ('n') is a scalar of "
               "type code 42, expected 1 (i1) to 8 (ptr)");

  const loom_arg_desc_t voidScalar[] = {
      {"", LOOM_ARG_SCALAR, LOOM_TYPE_VOID, 0, 0, nullptr, nullptr}};
  kernel.args = voidScalar;
  kernel.num_args = 1;
  EXPECT_EQ(loom_rt_launch(&kernel, args, nullptr),
            LOOM_STATUS_INVALID_ARGUMENT);
  EXPECT_STREQ(loom_last_error_message(),
               "loom_rt_launch: kernel 'k': argument 0 is a scalar of type "
               "code 0, expected 1 (i1) to 8 (ptr)");

  const loom_arg_desc_t badKind[] = {
      {"data", 7, LOOM_TYPE_I32, 0, 0, nullptr, nullptr}};
  kernel.args = badKind;
  EXPECT_EQ(loom_rt_launch(&kernel, args, nullptr),
            LOOM_STATUS_INVALID_ARGUMENT);
  EXPECT_STREQ(loom_last_error_message(),
               "loom_rt_launch: kernel 'k': argument 0 ('data') has kind 7, "
               "expected 0 (scalar) or 1 (pointer)");

  const loom_arg_desc_t badElement[] = {
      {"data", LOOM_ARG_POINTER, 9, 0, 0, nullptr, nullptr}};
  kernel.args = badElement;
  EXPECT_EQ(loom_rt_launch(&kernel, args, nullptr),
            LOOM_STATUS_INVALID_ARGUMENT);
  EXPECT_STREQ(loom_last_error_message(),
               "loom_rt_launch: kernel 'k': argument 0 ('data') has element "
               "type code 9, expected 0 to 8");

  kernel.args = kIntBufferArgs;
  kernel.num_args = 2;
  kernel.return_type = 77;
  EXPECT_EQ(loom_rt_launch(&kernel, args, nullptr),
            LOOM_STATUS_INVALID_ARGUMENT);
  EXPECT_STREQ(loom_last_error_message(),
               "loom_rt_launch: kernel 'k': return type code 77 is unknown, "
               "expected 0 (void) to 8 (ptr)");
  EXPECT_EQ(callCount, 0);
}

// A NULL args array for a kernel with arguments names argument 0.
TEST_F(HostBackendTest, RejectsNullArgsArray) {
  loom_kernel_desc_t kernel =
      makeKernel("double_in_place", "h.cpp:1:1", asFallback(&doubleInPlace),
                 LOOM_TYPE_VOID, kIntBufferArgs, 2);
  EXPECT_EQ(loom_rt_launch(&kernel, nullptr, nullptr),
            LOOM_STATUS_INVALID_ARGUMENT);
  EXPECT_STREQ(loom_last_error_message(),
               "loom_rt_launch: kernel 'double_in_place': args is NULL but the "
               "kernel takes 2 arguments, so argument 0 has no value");
  EXPECT_EQ(callCount, 0);
}

// A NULL entry in args names its index and parameter.
TEST_F(HostBackendTest, RejectsNullArgumentValue) {
  loom_kernel_desc_t kernel =
      makeKernel("double_in_place", "h.cpp:1:1", asFallback(&doubleInPlace),
                 LOOM_TYPE_VOID, kIntBufferArgs, 2);
  int data[1] = {1};
  int *dataPtr = data;
  void *args[] = {&dataPtr, nullptr};
  EXPECT_EQ(loom_rt_launch(&kernel, args, nullptr),
            LOOM_STATUS_INVALID_ARGUMENT);
  EXPECT_STREQ(loom_last_error_message(),
               "loom_rt_launch: kernel 'double_in_place': args[1] is NULL, "
               "expected a pointer to the value of argument 1 ('n')");
  EXPECT_EQ(callCount, 0);
}

// A non-void kernel needs somewhere to put its result.
TEST_F(HostBackendTest, RejectsNullResultOfNonVoidKernel) {
  loom_kernel_desc_t kernel =
      makeKernel("add_floats", "h.cpp:2:1", asFallback(&addFloats),
                 LOOM_TYPE_F32, kTwoFloats, 2);
  float a = 1, b = 2;
  void *args[] = {&a, &b};
  EXPECT_EQ(loom_rt_launch(&kernel, args, nullptr),
            LOOM_STATUS_INVALID_ARGUMENT);
  EXPECT_STREQ(loom_last_error_message(),
               "loom_rt_launch: kernel 'add_floats': out_result is NULL but "
               "the kernel returns f32");
}

// Without a host fallback the host backend has nothing to call.
TEST_F(HostBackendTest, RejectsMissingHostFallback) {
  loom_kernel_desc_t kernel =
      makeKernel("no_body", "h.cpp:14:1", nullptr, LOOM_TYPE_VOID, nullptr, 0);
  EXPECT_EQ(loom_rt_launch(&kernel, nullptr, nullptr),
            LOOM_STATUS_INVALID_ARGUMENT);
  EXPECT_STREQ(loom_last_error_message(),
               "loom_rt_launch: kernel 'no_body': host_fallback is NULL, so "
               "the host backend cannot run it");
}
