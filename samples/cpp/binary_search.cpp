// binary_search: for each query, the first position in a sorted table whose
// value is not less than the query (std::lower_bound).
//
// Shows: a `while` loop whose trip count depends on the data (the search
// interval halves until it is empty) inside a parallel loop over queries.
// The positions are integers, compared exactly with std::lower_bound's.
#include <loom/loom.h>

#include "sample.h"

#include <algorithm>
#include <vector>

LOOM_ACCEL()
void lowerBounds(const int *__restrict table, int size,
                 const int *__restrict queries, int *__restrict positions,
                 int count) {
  LOOM_PARALLEL()
  for (int q = 0; q < count; ++q) {
    int key = queries[q];
    int lo = 0, hi = size;
    LOOM_TRIPCOUNT_TYPICAL(12, 0, 31)
    while (lo < hi) {
      int mid = lo + (hi - lo) / 2;
      if (table[mid] < key)
        lo = mid + 1;
      else
        hi = mid;
    }
    positions[q] = lo;
  }
}

int main(int argc, char **argv) {
  const bool small = sample::smallMode(argc, argv);
  const int size = small ? 100 : 4096, count = small ? 64 : 4096;
  // A strictly increasing table with random gaps; queries fall before, in
  // between, exactly on and after its values.
  std::vector<int> table(size), queries(count), positions(count);
  std::vector<int> expected(count);
  sample::Lcg lcg(12);
  int value = -50;
  for (int &t : table)
    t = value += lcg.nextInt(1, 9);
  for (int &q : queries)
    q = lcg.nextInt(-60, value + 10);

  lowerBounds(table.data(), size, queries.data(), positions.data(), count);
  for (int q = 0; q < count; ++q)
    expected[q] = static_cast<int>(
        std::lower_bound(table.begin(), table.end(), queries[q]) -
        table.begin());

  sample::Checker check("binary_search");
  check.equal("positions", positions.data(), expected.data(), count);
  sample::Checksum sum;
  sum.add(positions.data(), count);
  return check.finish(sum);
}
