//===- sample.h - what every Loom C++ sample shares -----------------------===//
//
// Each sample in this folder is one self-checking program: it computes its
// results with hinted kernels (run through the Loom runtime), computes them
// again with a plain C++ reference on the host, compares, and prints
//
//   <sample>: checksum <16 hex digits>
//   <sample>: PASS            (or FAIL, with the first mismatch, exit code 1)
//
// The checksum covers the kernels' outputs byte for byte, so runs on two
// backends (LOOM_BACKEND=host, emu, ...) can be compared with each other; the
// CTest suite does exactly that (samples/CMakeLists.txt).
//
// Inputs come from a fixed-seed generator, so every run sees the same data.
// Sizes are "interesting" (thousands of elements) by default and small with
// the argument --small or the environment variable LOOM_SAMPLE_SMALL=1: the
// emulator runs a dataflow program token by token, hundreds of times slower
// than native code, and the tests use the small mode.
//
// This header is plain C++ (no Loom hint), shared by the reference code and
// the host side of every sample.
//
//===----------------------------------------------------------------------===//
#ifndef LOOM_SAMPLES_SAMPLE_H
#define LOOM_SAMPLES_SAMPLE_H

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace sample {

/// True when the program should use its small inputs: `--small` on the
/// command line or LOOM_SAMPLE_SMALL set to anything but "" or "0".
inline bool smallMode(int argc, char **argv) {
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--small") == 0)
      return true;
  const char *env = std::getenv("LOOM_SAMPLE_SMALL");
  return env && *env && std::strcmp(env, "0") != 0;
}

/// A 32-bit linear congruential generator (Numerical Recipes constants) with
/// a fixed seed: the same inputs on every machine and every run.
class Lcg {
public:
  explicit Lcg(uint32_t seed) : state(seed) {}

  uint32_t next() {
    state = state * 1664525u + 1013904223u;
    return state;
  }
  /// An integer in [lo, hi] (the upper 16 bits are the better ones).
  int nextInt(int lo, int hi) {
    return lo + static_cast<int>((next() >> 16) %
                                 static_cast<uint32_t>(hi - lo + 1));
  }
  /// A float in [lo, hi) on a grid of 2^-16 of the range, so values are
  /// exactly representable and easy to reason about.
  float nextFloat(float lo, float hi) {
    return lo + (hi - lo) * static_cast<float>(next() >> 16) / 65536.0f;
  }

private:
  uint32_t state;
};

/// FNV-1a over the bytes of the outputs: equal checksums on two backends mean
/// bit-identical results.
class Checksum {
public:
  template <typename T> void add(const T *values, long count) {
    const unsigned char *bytes =
        reinterpret_cast<const unsigned char *>(values);
    for (long i = 0; i < count * static_cast<long>(sizeof(T)); ++i) {
      hash ^= bytes[i];
      hash *= 1099511628211ull;
    }
  }
  template <typename T> void addValue(T value) { add(&value, 1); }
  uint64_t value() const { return hash; }

private:
  uint64_t hash = 14695981039346656037ull;
};

/// Counts the mismatches of one comparison and prints the first few.
class Checker {
public:
  explicit Checker(const char *sampleName) : name(sampleName) {}

  /// Integers (and anything compared with ==).
  template <typename T>
  void equal(const char *what, const T *got, const T *want, long count) {
    for (long i = 0; i < count; ++i)
      if (!(got[i] == want[i]))
        report(what, i, static_cast<double>(got[i]),
               static_cast<double>(want[i]));
  }
  template <typename T> void equalValue(const char *what, T got, T want) {
    equal(what, &got, &want, 1);
  }

  /// Floating point, bit for bit: for kernels that perform the reference's
  /// operations in the reference's order.
  template <typename T>
  void sameBits(const char *what, const T *got, const T *want, long count) {
    for (long i = 0; i < count; ++i)
      if (std::memcmp(&got[i], &want[i], sizeof(T)) != 0)
        report(what, i, static_cast<double>(got[i]),
               static_cast<double>(want[i]));
  }

  /// Floating point within |got - want| <= absTol + relTol * |want|: for
  /// kernels that legitimately round differently (each sample says why).
  template <typename T>
  void close(const char *what, const T *got, const T *want, long count,
             double relTol, double absTol) {
    for (long i = 0; i < count; ++i) {
      double g = static_cast<double>(got[i]), w = static_cast<double>(want[i]);
      if (!(std::fabs(g - w) <= absTol + relTol * std::fabs(w)))
        report(what, i, g, w);
    }
  }

  /// Prints the checksum and the verdict; the program's exit code.
  int finish(const Checksum &checksum) const {
    std::printf("%s: checksum %016llx\n", name,
                static_cast<unsigned long long>(checksum.value()));
    if (mismatches == 0) {
      std::printf("%s: PASS\n", name);
      return 0;
    }
    std::printf("%s: FAIL (%ld mismatches)\n", name, mismatches);
    return 1;
  }

private:
  void report(const char *what, long index, double got, double want) {
    if (mismatches++ < 5)
      std::printf("%s: mismatch in %s[%ld]: got %.9g, expected %.9g\n", name,
                  what, index, got, want);
  }

  const char *name;
  long mismatches = 0;
};

} // namespace sample

#endif // LOOM_SAMPLES_SAMPLE_H
