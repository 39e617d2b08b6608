// merge: merges two sorted arrays into one sorted array (the merge step of
// merge sort), stable: on equal keys the element of `a` comes first.
//
// Shows: a loop whose every iteration chooses, by comparing data, which of
// two cursors advances (two loop-carried indices and nested branches). The
// output is compared exactly with std::merge's.
//
// How the loop is written: one counted loop over the output (k = 0 ..
// na + nb - 1) that takes from `a` or `b`. The textbook form,
//
//   while (i < na && j < nb) out[k++] = b[j] < a[i] ? b[j++] : a[i++];
//   while (i < na) out[k++] = a[i++];
//   while (j < nb) out[k++] = b[j++];
//
// also compiles and gives the same result: each of its three loops becomes
// a graph of its own (the first a single-instance thread, the tail loops
// parallel threads; tests/lit/EndToEnd/emu-merge-restrict.cpp). The
// counted form is one dataflow graph.
#include <loom/loom.h>

#include "sample.h"

#include <algorithm>
#include <vector>

LOOM_ACCEL()
void mergeSorted(const int *__restrict a, int na, const int *__restrict b,
                 int nb, int *__restrict out) {
  int i = 0, j = 0;
  for (int k = 0; k < na + nb; ++k) {
    bool takeB;
    if (i == na)
      takeB = true;
    else if (j == nb)
      takeB = false;
    else
      takeB = b[j] < a[i];
    if (takeB) {
      out[k] = b[j];
      ++j;
    } else {
      out[k] = a[i];
      ++i;
    }
  }
}

static std::vector<int> sortedRandom(sample::Lcg &lcg, int n) {
  std::vector<int> v(n);
  int value = 0;
  for (int &x : v)
    x = value += lcg.nextInt(0, 7); // repeats allowed
  return v;
}

int main(int argc, char **argv) {
  const bool small = sample::smallMode(argc, argv);
  const int na = small ? 90 : 6000, nb = small ? 70 : 5000;
  sample::Lcg lcg(14);
  std::vector<int> a = sortedRandom(lcg, na), b = sortedRandom(lcg, nb);
  std::vector<int> out(na + nb), expected(na + nb);

  mergeSorted(a.data(), na, b.data(), nb, out.data());
  std::merge(a.begin(), a.end(), b.begin(), b.end(), expected.begin());

  sample::Checker check("merge");
  check.equal("out", out.data(), expected.data(), na + nb);
  sample::Checksum sum;
  sum.add(out.data(), na + nb);
  return check.finish(sum);
}
