// hint_forms: every hint of docs/hints.md, in each of its spellings, on
// kernels of a small image-statistics program.
//
// With loom-clang++ every hint is checked and carried to the device
// compiler; with any other compiler the header turns the macros into nothing
// and the program is plain C++ (g++ -I<loom>/hints-header/include builds it
// and prints the same). The hints are advice about *how* to run the code;
// none of them changes *what* it computes, so every kernel is checked
// against a hint-free reference, exactly (integers only).
//
// Where each form is used:
//
// | form                                          | where                   |
// |-----------------------------------------------|-------------------------|
// | LOOM_ACCEL(), LOOM_TARGET("spatial")          | brighten                |
// | LOOM_ACCEL("name"), LOOM_TARGET("temporal")   | reduceAll               |
// | LOOM_KERNEL(), LOOM_TARGET("pe[x,y]")         | parallelForms           |
// | LOOM_KERNEL("name")                           | lookup                  |
// | #pragma loom accel("name") (pragma spelling)  | scaleRows               |
// | LOOM_NO_ACCEL                                 | printSummary            |
// | #pragma loom candidate (function, loop)       | countDark, main         |
// | LOOM_STREAM, _Pragma("loom stream")           | brighten's parameters   |
// | LOOM_MEMORY_BANK(n), (n, cyclic), (n, block)  | parallelForms' params   |
// | LOOM_MEMORY_BANK on a local array             | scaleRows               |
// | LOOM_REDUCE(+ * min max & | "|" ^)            | reduceAll               |
// | LOOM_TARGET("rom"), LOOM_TARGET("extmemory")  | lookup, kGamma, gScratch|
// | LOOM_PARALLEL(), (n), (n, contiguous),        | parallelForms, brighten,|
// |   (n, interleaved), #pragma loom parallel     |   scaleRows             |
// | LOOM_NO_PARALLEL, LOOM_UNROLL(), (n),         | loopForms               |
// |   LOOM_NO_UNROLL, LOOM_TRIPCOUNT(n),          |                         |
// |   _RANGE, _TYPICAL, _FULL, stacked hints,     |                         |
// |   on for, while and do loops                  |                         |
// | a loop hint on a range-based for              | weigh                   |
#include <loom/loom.h>

#include "sample.h"

#include <vector>

constexpr int kLanes = 4;

// ---- function and parameter hints -----------------------------------------

LOOM_ACCEL()
LOOM_TARGET("spatial")
void brighten(LOOM_STREAM const unsigned char *__restrict in,
              _Pragma("loom stream") unsigned char *__restrict out, int add,
              int n) {
  LOOM_PARALLEL()
  for (int i = 0; i < n; ++i) {
    int v = in[i] + add;
    out[i] = static_cast<unsigned char>(v > 255 ? 255 : v);
  }
}

// Eight reductions of one pass; the results go to `result` in this order.
LOOM_ACCEL("hint_forms.reduce")
LOOM_TARGET("temporal")
void reduceAll(const unsigned char *pixels, unsigned start, unsigned *result,
               int n) {
  LOOM_REDUCE(+) unsigned sum = start;
  LOOM_REDUCE(*) unsigned product = 1;
  LOOM_REDUCE(min) unsigned lo = 255;
  LOOM_REDUCE(max) unsigned hi = 0;
  LOOM_REDUCE(&) unsigned all = 0xFF;
  LOOM_REDUCE(|) unsigned any = 0;
  LOOM_REDUCE("|") unsigned anyHigh = 0;
  LOOM_REDUCE(^) unsigned parity = 0;
  for (int i = 0; i < n; ++i) {
    unsigned v = pixels[i];
    sum += v;
    product *= v | 1u;
    lo = v < lo ? v : lo;
    hi = v > hi ? v : hi;
    all &= v;
    any |= v;
    anyHigh |= v >> 4;
    parity ^= v;
  }
  result[0] = sum;
  result[1] = product;
  result[2] = lo;
  result[3] = hi;
  result[4] = all;
  result[5] = any;
  result[6] = anyHigh;
  result[7] = parity;
}

// The parallel loop hints, each on its own loop, over banked arrays.
LOOM_KERNEL()
LOOM_TARGET("pe[1,2]")
void parallelForms(LOOM_MEMORY_BANK(kLanes) const int *v,
                   LOOM_MEMORY_BANK(2, cyclic) int *twice,
                   LOOM_MEMORY_BANK(2, block) int *plusOne, int n) {
  LOOM_PARALLEL(kLanes)
  for (int i = 0; i < n; ++i)
    twice[i] = 2 * v[i];
  LOOM_PARALLEL(kLanes, contiguous)
  for (int i = 0; i < n; ++i)
    plusOne[i] = v[i] + 1;
  LOOM_PARALLEL(2, interleaved)
  for (int i = 0; i < n; ++i)
    twice[i] += plusOne[i] - 1;
}

// The other loop hints, each on its own loop; out[k] is loop k's result.
// They are a kernel of their own: today, in a kernel with a parallel loop,
// the sequential loops around it stay host-side code of the kernel instead
// of becoming dataflow graphs (samples/README.md, "Known gaps").
LOOM_ACCEL()
void loopForms(const int *v, const int *twice, const int *plusOne, int *out,
               int n) {
  int s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
  int s8 = 0, s9 = 0;
  LOOM_NO_PARALLEL
  for (int i = 0; i < n; ++i)
    s0 += twice[i];
  LOOM_UNROLL()
  for (int i = 0; i < n; ++i)
    s1 += plusOne[i];
  LOOM_UNROLL(kLanes * 2)
  for (int i = 0; i < n; ++i)
    s2 += v[i] * v[i];
  LOOM_NO_UNROLL
  for (int i = 0; i < n; ++i)
    s3 ^= v[i];
  LOOM_TRIPCOUNT(64)
  for (int i = 0; i < n; ++i)
    s4 = v[i] > s4 ? v[i] : s4;
  LOOM_TRIPCOUNT_RANGE(1, 4096)
  for (int i = 0; i < n; ++i)
    s5 += v[i] % 2 == 0;
  LOOM_TRIPCOUNT_TYPICAL(64, 1, 4096)
  for (int i = 0; i < n; ++i)
    s6 += v[i] < 100;
  LOOM_TRIPCOUNT_FULL(64, 64, 1, 4096)
  for (int i = 0; i < n; ++i)
    s7 += i * v[i];
  // Stacked hints on a while loop, then a do loop (n >= 1).
  int i = 0;
  LOOM_NO_PARALLEL
  LOOM_NO_UNROLL
  LOOM_TRIPCOUNT_RANGE(1, 4096)
  while (i < n)
    s8 += v[i++] / 3;
  int j = 0;
  LOOM_TRIPCOUNT(64)
  do {
    s9 += v[j] & 7;
  } while (++j < n);
  out[0] = s0;
  out[1] = s1;
  out[2] = s2;
  out[3] = s3;
  out[4] = s4;
  out[5] = s5;
  out[6] = s6;
  out[7] = s7;
  out[8] = s8;
  out[9] = s9;
  out[10] = n;
}

// A range-based for loop (over an array parameter) with a loop hint. Its
// loop walks a pointer up to the array's end, which the device compiler
// does not turn into a dataflow graph yet: the loop stays host-side code of
// the kernel (samples/README.md, "Known gaps").
LOOM_KERNEL("hint_forms.weigh")
int weigh(const int *v, const int (&weights)[4]) {
  int sum = 0;
  LOOM_UNROLL(4)
  for (int w : weights)
    sum += w * v[w];
  return sum;
}

// Object targets: a read-only table and a buffer in external memory.
LOOM_KERNEL("hint_forms.lookup")
void lookup(LOOM_TARGET("rom") const unsigned char *table,
            const unsigned char *in, LOOM_TARGET("extmemory") int *scratch,
            int n) {
  for (int i = 0; i < n; ++i)
    scratch[i] = table[in[i] >> 4] * 3;
}

LOOM_TARGET("rom")
const unsigned char kGamma[16] = {0,  1,  3,  6,  10, 15, 21,  28,
                                  36, 45, 55, 66, 78, 91, 105, 120};
LOOM_TARGET("extmemory") int gScratch[4096];

// The pragma spelling of function, variable and loop hints.
#pragma loom accel("hint_forms.scaleRows")
void scaleRows(const int *in, int *out, int rows, int cols) {
#pragma loom parallel(4, contiguous)
  for (int r = 0; r < rows; ++r) {
#pragma loom memory_bank(2, cyclic)
    int row[8];
#pragma loom tripcount(8)
    for (int c = 0; c < 8; ++c)
      row[c] = c < cols ? in[r * cols + c] : 0;
#pragma loom unroll(8)
    for (int c = 0; c < 8 && c < cols; ++c)
      out[r * cols + c] = row[c] * (r + 1);
  }
}

// A whole function as a candidate kernel.
#pragma loom candidate
int countDark(const unsigned char *pixels, int n) {
  int dark = 0;
  for (int i = 0; i < n; ++i)
    dark += pixels[i] < 32;
  return dark;
}

// Host code with I/O, never a kernel.
LOOM_NO_ACCEL
void printSummary(const unsigned *r, int dark, int candidateSum) {
  std::printf("hint_forms: sum %u min %u max %u dark %d candidate loop %d\n",
              r[0], r[2], r[3], dark, candidateSum);
}

// ---- references (no hints) -------------------------------------------------

static void loopFormsReference(const int *v, int *out, int n) {
  for (int k = 0; k < 11; ++k)
    out[k] = 0;
  for (int i = 0; i < n; ++i) {
    out[0] += 3 * v[i];
    out[1] += v[i] + 1;
    out[2] += v[i] * v[i];
    out[3] ^= v[i];
    out[4] = v[i] > out[4] ? v[i] : out[4];
    out[5] += v[i] % 2 == 0;
    out[6] += v[i] < 100;
    out[7] += i * v[i];
    out[8] += v[i] / 3;
    out[9] += v[i] & 7;
  }
  out[10] = n;
}

int main(int argc, char **argv) {
  const int n = sample::smallMode(argc, argv) ? 96 : 4096;
  const int cols = 6, rows = n / cols;
  std::vector<unsigned char> pixels(n), bright(n);
  std::vector<int> values(n), twice(n), plusOne(n), scaled(rows * cols);
  sample::Lcg lcg(20);
  for (int i = 0; i < n; ++i) {
    pixels[i] = static_cast<unsigned char>(lcg.nextInt(0, 255));
    values[i] = lcg.nextInt(0, 200);
  }
  sample::Checker check("hint_forms");
  sample::Checksum sum;

  brighten(pixels.data(), bright.data(), 40, n);
  std::vector<unsigned char> wantBright(n);
  for (int i = 0; i < n; ++i)
    wantBright[i] =
        static_cast<unsigned char>(pixels[i] + 40 > 255 ? 255 : pixels[i] + 40);
  check.equal("bright", bright.data(), wantBright.data(), n);
  sum.add(bright.data(), n);

  unsigned reduced[8];
  reduceAll(pixels.data(), 7u, reduced, n);
  unsigned wantReduced[8] = {7u, 1u, 255u, 0u, 0xFFu, 0u, 0u, 0u};
  for (int i = 0; i < n; ++i) {
    unsigned p = pixels[i];
    wantReduced[0] += p;
    wantReduced[1] *= p | 1u;
    wantReduced[2] = p < wantReduced[2] ? p : wantReduced[2];
    wantReduced[3] = p > wantReduced[3] ? p : wantReduced[3];
    wantReduced[4] &= p;
    wantReduced[5] |= p;
    wantReduced[6] |= p >> 4;
    wantReduced[7] ^= p;
  }
  check.equal("reduced", reduced, wantReduced, 8);
  sum.add(reduced, 8);

  int loops[11], wantLoops[11];
  parallelForms(values.data(), twice.data(), plusOne.data(), n);
  loopForms(values.data(), twice.data(), plusOne.data(), loops, n);
  const int weights[4] = {1, 2, 3, 4};
  int weighed = weigh(values.data(), weights);
  int wantWeighed = 0;
  for (int w = 1; w <= 4; ++w)
    wantWeighed += w * values[w];
  check.equalValue("weighed", weighed, wantWeighed);
  sum.addValue(weighed);
  loopFormsReference(values.data(), wantLoops, n);
  check.equal("loops", loops, wantLoops, 11);
  sum.add(loops, 11);

  lookup(kGamma, pixels.data(), gScratch, n);
  for (int i = 0; i < n; ++i) {
    int want = kGamma[pixels[i] >> 4] * 3;
    check.equalValue("lookup", gScratch[i], want);
  }
  sum.add(gScratch, n);

  scaleRows(values.data(), scaled.data(), rows, cols);
  std::vector<int> wantScaled(rows * cols);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      wantScaled[r * cols + c] = values[r * cols + c] * (r + 1);
  check.equal("scaled", scaled.data(), wantScaled.data(), rows * cols);
  sum.add(scaled.data(), rows * cols);

  int dark = countDark(pixels.data(), n);
  // A candidate loop in main: the brightness quarters of all pixels.
  int candidateSum = 0;
  const unsigned char *p = pixels.data();
#pragma loom candidate
  for (int i = 0; i < n; ++i)
    candidateSum += p[i] >> 6;
  int wantDark = 0, wantCandidate = 0;
  for (int i = 0; i < n; ++i) {
    wantDark += pixels[i] < 32;
    wantCandidate += pixels[i] >> 6;
  }
  check.equalValue("dark", dark, wantDark);
  check.equalValue("candidate loop", candidateSum, wantCandidate);
  sum.addValue(dark);
  sum.addValue(candidateSum);

  printSummary(reduced, dark, candidateSum);
  return check.finish(sum);
}
