// Objects passed by reference or value (issue H, item 3): std::vector,
// std::array, std::span, std::string_view, an iterator pair and user
// structs holding pointers and sizes. The data pointers and sizes are
// loaded from the object once per launch by the launch stub and become
// memory roots and launch values of the dataflow program; nothing stays
// host code.
//
// RUN: %loom-clangxx -std=c++20 -O2 -Rpass-missed=loom -Rpass-analysis=loom \
// RUN:   %s -o %t.exe 2>&1 | FileCheck %s --check-prefix=REMARK \
// RUN:   --implicit-check-not=Rpass-missed
// REMARK-DAG: remark: kernel 'threshold': the field at byte 8 of 'img' is a memory root of the dataflow program, taken at every launch
// REMARK-DAG: remark: kernel 'threshold': the field at byte 0 of 'img' is a launch value of the dataflow program, taken at every launch
// REMARK-DAG: remark: kernel 'threshold': the field at byte 4 of 'img' is a launch value of the dataflow program, taken at every launch
// RUN: env LOOM_BACKEND=host %t.exe > %t.native.txt
// RUN: FileCheck %s < %t.native.txt
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory %t.exe | diff - %t.native.txt
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory %t.exe | diff - %t.native.txt
// The same outputs on host, emu and sim (mandatory; 1, 2 and 4 workers):
// RUN: %run-everywhere %t.exe | FileCheck %s
// CHECK: vector-sum 0
// CHECK-NEXT: vector-range 0
// CHECK-NEXT: array 0
// CHECK-NEXT: span 0
// CHECK-NEXT: string_view 0
// CHECK-NEXT: iterators 0
// CHECK-NEXT: image 0
// CHECK-NEXT: pair 0
// CHECK-NEXT: method 0
// CHECK-NEXT: by-value 0
// CHECK-NEXT: field-alias 3 2 counter 34
// CHECK-NEXT: span-and-object 50
// CHECK-NEXT: PASS

#include <loom/loom.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <string_view>
#include <vector>

LOOM_ACCEL()
float vectorSum(const std::vector<float> &v) {
  float sum = 0;
  for (size_t i = 0; i < v.size(); ++i)
    sum += v[i];
  return sum;
}

LOOM_ACCEL()
void vectorAdd(std::vector<int> &v, int add) {
  for (int &x : v)
    x += add;
}

LOOM_ACCEL()
void arrayScale(const std::array<float, 32> &in, std::array<float, 32> &out) {
  for (size_t i = 0; i < in.size(); ++i)
    out[i] = in[i] * 2.0f + float(i);
}

LOOM_ACCEL()
int spanMax(std::span<const int> values) {
  int best = values.empty() ? -1 : values.front();
  for (int x : values)
    best = x > best ? x : best;
  return best;
}

LOOM_ACCEL()
int countChar(std::string_view text, char c) {
  int count = 0;
  for (char x : text)
    count += x == c;
  return count;
}

LOOM_ACCEL()
long sumRange(const long *first, const long *last) {
  long sum = 0;
  for (; first != last; ++first)
    sum += *first;
  return sum;
}

struct Image {
  int width, height;
  uint8_t *pixels;
};

LOOM_ACCEL()
void threshold(Image &img, uint8_t cut) {
  for (int i = 0; i < img.width * img.height; ++i)
    img.pixels[i] = img.pixels[i] > cut ? 255 : 0;
}

struct Pair {
  std::vector<float> xs, ys;
};

LOOM_ACCEL()
float dotPair(const Pair &p) {
  float sum = 0;
  for (size_t i = 0; i < std::min(p.xs.size(), p.ys.size()); ++i)
    sum += p.xs[i] * p.ys[i];
  return sum;
}

// A member function kernel reads the fields of its object like those of a
// reference parameter.
struct Filter {
  float gain;
  int bias;
  LOOM_ACCEL()
  void apply(const float *in, float *out, int n) const {
    for (int i = 0; i < n; ++i)
      out[i] = in[i] * gain + float(bias);
  }
};

// A class passed by value goes indirectly (the caller's copy), and a
// std::string's characters are reached through its data pointer, which
// points into the object itself for a short string.
LOOM_ACCEL()
float sumCopy(std::vector<float> v) {
  float sum = 0;
  for (float x : v)
    sum += x;
  return sum;
}

LOOM_ACCEL()
int countSpaces(const std::string &text) {
  int count = 0;
  for (size_t i = 0; i < text.size(); ++i)
    count += text[i] == ' ';
  return count;
}

// A field a store of the kernel may change is memory, read in program
// order, not a value taken at the launch: `p` may point at `o.n` (found by
// tests/property/cxx_diff.py), and countPositive writes its own field.
struct Buffer {
  int n;
  int *data;
};

LOOM_ACCEL()
int fieldAlias(Buffer &o, int *p) {
  *p = 2;
  int sum = 0;
  for (int i = 0; i < o.n; ++i)
    sum += o.data[i];
  return sum;
}

struct Counter {
  int count;
  int *data;
  int n;
};

LOOM_ACCEL()
void countPositive(Counter &c) {
  for (int i = 0; i < c.n; ++i)
    if (c.data[i] > 0)
      c.count++;
}

// A span passed by value spreads over two IR parameters; the object next
// to it is still an object (found by cxx_diff.py).
LOOM_ACCEL()
int spanAndObject(int n, std::span<const int> values, Buffer &o) {
  int sum = 0;
  for (int i = 0; i < n; ++i)
    sum += o.data[0] + values[i];
  return sum;
}

int main() {
  int total = 0;
  std::vector<float> v(777);
  float expect = 0;
  for (int i = 0; i < 777; ++i) {
    v[i] = float(i % 13) * 0.5f;
    expect += v[i];
  }
  int bad = vectorSum(v) != expect;
  std::printf("vector-sum %d\n", bad);
  total += bad;

  std::vector<int> w(301);
  for (int i = 0; i < 301; ++i)
    w[i] = i;
  vectorAdd(w, 5);
  bad = 0;
  for (int i = 0; i < 301; ++i)
    bad += w[i] != i + 5;
  std::printf("vector-range %d\n", bad);
  total += bad;

  std::array<float, 32> in, out;
  for (int i = 0; i < 32; ++i)
    in[i] = float(i) - 3.0f;
  arrayScale(in, out);
  bad = 0;
  for (int i = 0; i < 32; ++i)
    bad += out[i] != in[i] * 2.0f + float(i);
  std::printf("array %d\n", bad);
  total += bad;

  int values[77];
  for (int i = 0; i < 77; ++i)
    values[i] = (i * 37) % 101 - 40;
  int best = values[0];
  for (int x : values)
    best = x > best ? x : best;
  bad = spanMax(std::span<const int>(values, 77)) != best ||
        spanMax(std::span<const int>()) != -1;
  std::printf("span %d\n", bad);
  total += bad;

  std::string_view text = "a dataflow fabric of processing elements";
  bad = countChar(text, 'a') != 4 || countChar(text.substr(2, 8), 'a') != 2;
  std::printf("string_view %d\n", bad);
  total += bad;

  long longs[50], sum = 0;
  for (int i = 0; i < 50; ++i)
    sum += longs[i] = 1000000007L * i;
  bad = sumRange(longs, longs + 50) != sum || sumRange(longs, longs) != 0;
  std::printf("iterators %d\n", bad);
  total += bad;

  uint8_t pixels[20 * 10];
  for (int i = 0; i < 200; ++i)
    pixels[i] = uint8_t(i);
  Image img{20, 10, pixels};
  threshold(img, 100);
  bad = 0;
  for (int i = 0; i < 200; ++i)
    bad += pixels[i] != (i > 100 ? 255 : 0);
  std::printf("image %d\n", bad);
  total += bad;

  Pair p{std::vector<float>(40), std::vector<float>(30)};
  float dot = 0;
  for (int i = 0; i < 40; ++i)
    p.xs[i] = float(i);
  for (int i = 0; i < 30; ++i) {
    p.ys[i] = 0.5f * float(i);
    dot += p.xs[i] * p.ys[i];
  }
  bad = dotPair(p) != dot;
  std::printf("pair %d\n", bad);
  total += bad;

  Filter filter{1.5f, 3};
  float samples[64], filtered[64];
  for (int i = 0; i < 64; ++i)
    samples[i] = float(i) * 0.25f;
  filter.apply(samples, filtered, 64);
  bad = 0;
  for (int i = 0; i < 64; ++i)
    bad += filtered[i] != samples[i] * 1.5f + 3.0f;
  std::printf("method %d\n", bad);
  total += bad;

  bad = sumCopy(std::vector<float>(100, 0.5f)) != 50.0f;
  bad += countSpaces("the quick brown fox jumps over the lazy dog") != 8;
  bad += countSpaces("a b c") != 2;
  std::printf("by-value %d\n", bad);
  total += bad;

  int data[8] = {1, 2, 3, 4, 5, 6, 7, 8}, signedData[40];
  Buffer buffer{8, data};
  int aliased = fieldAlias(buffer, &buffer.n);
  for (int i = 0; i < 40; ++i)
    signedData[i] = i - 10;
  Counter counter{5, signedData, 40};
  countPositive(counter);
  std::printf("field-alias %d %d counter %d\n", aliased, buffer.n,
              counter.count);
  total += aliased != 3 || buffer.n != 2 || counter.count != 34;

  int ten[1] = {10}, four[4] = {1, 2, 3, 4};
  Buffer single{1, ten};
  int both = spanAndObject(4, std::span<const int>(four, 4), single);
  std::printf("span-and-object %d\n", both);
  total += both != 50;
  std::printf("%s\n", total == 0 ? "PASS" : "FAIL");
  return total != 0;
}
