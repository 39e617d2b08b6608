// bicg: the two matrix-vector products of one BiCG (biconjugate gradient)
// iteration, s = A^T r and q = A p, in one pass over A, as PolyBench writes
// the kernel: for each row i and column j, s[j] += r[i] * A[i][j] and
// q[i] += A[i][j] * p[j], with s and q zeroed by the kernel first.
//
// Shows: one loop nest feeding two reductions of different shapes, one
// across rows (s[j], a read-modify-write of memory carried by the outer
// loop) and one along a row (q[i], a running sum carried by the inner loop).
// Neither loop is parallel: rows update the same s[j], so there is no
// LOOM_PARALLEL, and no LOOM_REDUCE either, since reordering a float sum
// changes its rounding. Both sums run in the reference's order, so s and q
// are compared bit for bit.
#include <loom/loom.h>

#include "sample.h"

#include <vector>

// A has n rows and m columns: s has m entries, q has n.
LOOM_ACCEL()
void bicg(const float *__restrict a, const float *__restrict r,
          const float *__restrict p, float *__restrict s, float *__restrict q,
          int n, int m) {
  for (int j = 0; j < m; ++j)
    s[j] = 0.0f;
  for (int i = 0; i < n; ++i) {
    q[i] = 0.0f;
    for (int j = 0; j < m; ++j) {
      s[j] = s[j] + r[i] * a[i * m + j];
      q[i] = q[i] + a[i * m + j] * p[j];
    }
  }
}

static void bicgReference(const float *a, const float *r, const float *p,
                          float *s, float *q, int n, int m) {
  for (int j = 0; j < m; ++j)
    s[j] = 0.0f;
  for (int i = 0; i < n; ++i) {
    q[i] = 0.0f;
    for (int j = 0; j < m; ++j) {
      s[j] = s[j] + r[i] * a[i * m + j];
      q[i] = q[i] + a[i * m + j] * p[j];
    }
  }
}

int main(int argc, char **argv) {
  const bool small = sample::smallMode(argc, argv);
  const int n = small ? 16 : 96, m = small ? 12 : 80;
  std::vector<float> a(n * m), r(n), p(m);
  sample::Lcg lcg(14);
  for (float &v : a)
    v = lcg.nextFloat(-1.0f, 1.0f);
  for (float &v : r)
    v = lcg.nextFloat(-1.0f, 1.0f);
  for (float &v : p)
    v = lcg.nextFloat(-1.0f, 1.0f);
  // The kernel zeroes s and q itself; start them from garbage to show it.
  std::vector<float> s(m, 7.0f), q(n, 7.0f), expectedS(m), expectedQ(n);

  bicg(a.data(), r.data(), p.data(), s.data(), q.data(), n, m);
  bicgReference(a.data(), r.data(), p.data(), expectedS.data(),
                expectedQ.data(), n, m);

  sample::Checker check("bicg");
  check.sameBits("s", s.data(), expectedS.data(), m);
  check.sameBits("q", q.data(), expectedQ.data(), n);
  sample::Checksum sum;
  sum.add(s.data(), m);
  sum.add(q.data(), n);
  return check.finish(sum);
}
