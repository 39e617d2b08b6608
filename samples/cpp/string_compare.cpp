// string_compare: strcmp over a batch of string pairs stored as fixed-width,
// NUL-padded records.
//
// Shows: a loop that leaves early (`break` at the first difference or at the
// end of the strings), so the number of iterations depends on the data. The
// results are compared with the C library's strcmp: same sign (strcmp only
// promises the sign), and the kernel's exact values with the host build's.
#include <loom/loom.h>

#include "sample.h"

#include <vector>

constexpr int kWidth = 32;

LOOM_ACCEL()
void compareStrings(const char *__restrict a, const char *__restrict b,
                    int *__restrict result, int pairs) {
  LOOM_PARALLEL()
  for (int p = 0; p < pairs; ++p) {
    const char *s = a + p * kWidth;
    const char *t = b + p * kWidth;
    int diff = 0;
    LOOM_TRIPCOUNT_RANGE(1, kWidth)
    for (int i = 0; i < kWidth; ++i) {
      diff =
          static_cast<unsigned char>(s[i]) - static_cast<unsigned char>(t[i]);
      if (diff != 0 || s[i] == '\0')
        break;
    }
    result[p] = diff;
  }
}

static int sign(int v) { return (v > 0) - (v < 0); }

int main(int argc, char **argv) {
  const int pairs = sample::smallMode(argc, argv) ? 48 : 4096;
  std::vector<char> a(pairs * kWidth, '\0'), b(pairs * kWidth, '\0');
  sample::Lcg lcg(13);
  // Words over a small alphabet, so many pairs share a long prefix; b is a
  // copy of a with, sometimes, one letter changed or the word cut short.
  for (int p = 0; p < pairs; ++p) {
    char *s = &a[p * kWidth], *t = &b[p * kWidth];
    int length = lcg.nextInt(0, kWidth - 1);
    for (int i = 0; i < length; ++i)
      s[i] = t[i] = static_cast<char>('a' + lcg.nextInt(0, 3));
    int change = lcg.nextInt(0, 3);
    if (change == 1 && length > 0)
      t[lcg.nextInt(0, length - 1)] =
          static_cast<char>('a' + lcg.nextInt(0, 4));
    else if (change == 2 && length > 0)
      t[lcg.nextInt(0, length - 1)] = '\0';
  }

  std::vector<int> result(pairs);
  compareStrings(a.data(), b.data(), result.data(), pairs);

  sample::Checker check("string_compare");
  std::vector<int> gotSign(pairs), wantSign(pairs);
  int equalPairs = 0;
  for (int p = 0; p < pairs; ++p) {
    gotSign[p] = sign(result[p]);
    wantSign[p] = sign(std::strcmp(&a[p * kWidth], &b[p * kWidth]));
    equalPairs += result[p] == 0;
  }
  check.equal("sign", gotSign.data(), wantSign.data(), pairs);
  std::printf("string_compare: %d of %d pairs equal\n", equalPairs, pairs);
  sample::Checksum sum;
  sum.add(result.data(), pairs);
  return check.finish(sum);
}
