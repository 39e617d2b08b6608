#!/usr/bin/env python3
"""C++-level differential property test of loom-clang++ (docs/testing.md).

Generates random, well-defined C++ programs whose LOOM_ACCEL() kernels call
small helper functions (static, inline, templates, a lambda, a member
function, std::min/max/clamp/abs), hold loops with early returns, breaks
and continues (from inner loops too), if/else and switch, integer and float
arithmetic, read a constant global table, write a mutable global and take
objects by reference (const std::vector<int>&, a struct {int n; int *data;},
std::span) and hold LOOM_PARALLEL() loops: correct hints on independent
iterations and wrong hints on dependences the compiler's analysis proves
(which it must diagnose, "LOOM_PARALLEL ignored", keeping the loop
sequential). Kernels also take interior pointers (buf + K: p[i - r], p[-1],
q = p - 1) and end pointers (a + n - 1, a + n: end[-i], *--p), walk down by
a step, and compute in 8/16-bit integers and uint64_t (wrapping, width
conversions, shifts by up to width - 1) and in double (--wide-rate).
Each program is compiled once with loom-clang++ -std=c++20 -O2
and run under LOOM_BACKEND=host (the native reference), emu and sim with
the default offload policy; the three stdouts must be equal byte for byte.

Python 3, standard library only.

  cxx_diff.py --count=12 --seed=1            # what lit runs
  cxx_diff.py --count=300 --seed=7 --jobs=2  # a campaign
  cxx_diff.py --seed=7 --first=41 --count=1 --keep=/tmp/k  # one program
  cxx_diff.py --seed=7 --first=41 --print    # print a program's source
"""

import argparse
import collections
import concurrent.futures
import contextlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

U, S, F = "u", "s", "f"
# The wider types (docs/testing.md, "Wider types and pointers"): 8/16-bit
# integers, uint64_t and double. An expression of one of them comes from
# Generator.nexpr / dexpr.
B8, C8, H16, W16, Q64, D = "b8", "c8", "h16", "w16", "q64", "d"
CTYPE = {U: "uint32_t", S: "int64_t", F: "float", B8: "uint8_t",
         C8: "int8_t", H16: "uint16_t", W16: "int16_t", Q64: "uint64_t",
         D: "double"}
NARROW = (B8, C8, H16, W16)
WIDE_INT = NARROW + (Q64,)
BITS = {B8: 8, C8: 8, H16: 16, W16: 16, Q64: 64}
SIGNED = (C8, W16)
# Array element types: i32 is the int32_t of inputs and Obj::data.
ELEM_TYPE = {"u32": U, "s64": S, "f32": F, "u8": B8, "i8": C8, "u16": H16,
             "i16": W16, "u64": Q64, "f64": D}
TYPE_ELEM = dict((t, e) for e, t in ELEM_TYPE.items())
ELEM_CTYPE = {"i32": "int32_t", "u32": "uint32_t", "s64": "int64_t",
              "f32": "float", "u8": "uint8_t", "i8": "int8_t",
              "u16": "uint16_t", "i16": "int16_t", "u64": "uint64_t",
              "f64": "double"}

# Float values stay finite by construction: every float leaf (input,
# constant, local, array element, helper result) is within +-1e4 (stored
# values go through fclamp), divisions are by constants of magnitude >= 0.25
# and an expression is at most kMaxDepth deep, so no intermediate exceeds
# (4e4)^8 < FLT_MAX: no inf, hence no NaN, whose bits LLVM does not specify.
kMaxDepth = 3
kFloatLimit = "10000.0f"

# The chance that a kernel holds LOOM_PARALLEL loops (one, or two a quarter
# of the time; each a correct or a wrong hint at even odds).
kHintRate = 0.6

# The chance that a kernel holds each of the wider constructs (WIDE_FEATURES:
# an interior pointer, an end pointer, a strided reverse loop, 8/16-bit
# integers, uint64_t, shifts of those, double), drawn from a random stream of
# their own: --wide-rate=0 gives the programs of the generator before them.
kWideRate = 0.3
WIDE_FEATURES = ["mid", "end", "reverse-step", "narrow", "u64", "shift",
                 "double"]
kMaxWide = 2            # at most this many of them per kernel

# The constructs counted per kernel, in the order of the summary table; the
# first seven are the ones issue H names.
CONSTRUCTS = [
    ("helper", "helper call (static/inline/template/lambda/member/std)"),
    ("early-return", "early return from a loop"),
    ("break", "break out of a loop"),
    ("continue", "continue"),
    ("switch", "switch"),
    ("global", "global (constant table or mutable)"),
    ("object", "object by reference (vector/struct/span/iterators/array)"),
    ("static-helper", "  static/inline helper"),
    ("loop-helper", "  helper holding a loop"),
    ("template", "  template helper"),
    ("lambda", "  lambda"),
    ("member", "  member function"),
    ("std", "  std::min/max/clamp/abs"),
    ("inner-exit", "  break/continue/return from an inner loop"),
    ("switch-in-loop", "  switch inside a loop"),
    ("const-table", "  constant global table"),
    ("mutable-global", "  mutable global"),
    ("vector", "  const std::vector<int>&"),
    ("struct", "  struct Obj {int n; int *data; uint32_t k;}&"),
    ("span", "  std::span<const int32_t>"),
    ("iterators", "  iterator pair (const int32_t *first, *last)"),
    ("std-array", "  const std::array<int32_t, K>&"),
    ("float", "float arithmetic"),
    ("while", "while / do-while loop"),
    ("global-scalar", "  global scalar (uint32_t gCount)"),
    ("field", "  scalar field read (Obj::k)"),
    ("cell", "  one-element output (uint32_t *cell)"),
    ("alias", "arguments that alias (object field, global, array)"),
    ("hint-correct", "LOOM_PARALLEL on independent iterations (correct hint)"),
    ("hint-wrong", "LOOM_PARALLEL on a proven dependence (wrong hint)"),
    ("mid-pointer", "interior pointer (buf + K passed): p[i - r], p[-1]"),
    ("mid-q", "  q = p - 1 in the kernel"),
    ("end-pointer", "end pointer (a + n - 1 or a + n passed): end[-i]"),
    ("end-walk", "  walk down from the end (*--p)"),
    ("reverse", "reverse loop (i = n - 1 down to 0, i -= step)"),
    ("reverse-step", "  for (i = hi; i > lo; i -= step)"),
    ("narrow", "8/16-bit integers (uint8_t/int8_t/uint16_t/int16_t)"),
    ("u64", "uint64_t values and arrays"),
    ("wrap", "  unsigned arithmetic that wraps (8/16/64-bit)"),
    ("width-cvt", "  width conversions (truncation, sign/zero extension)"),
    ("shift", "shift of an 8/16/64-bit value (by up to width - 1)"),
    ("double", "double arithmetic"),
    ("double-cvt", "  float/integer <-> double conversions"),
]

# What every program holds (each set: one of): Generator.make_kernel forces
# into the last kernel what the random ones lack.
REQUIRED = [{"static-helper", "template", "loop-helper", "lambda", "member"},
            {"early-return"}, {"break", "continue"}, {"switch"},
            {"global", "object"}]

PRELUDE = r"""#include <loom/loom.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <span>
#include <vector>

// Well-defined arithmetic: a zero divisor divides by nothing, INT64_MIN / -1
// is not computed, floats are clamped so that nothing reaches inf or NaN.
static inline uint32_t udiv(uint32_t a, uint32_t b) { return b ? a / b : a; }
static inline uint32_t urem(uint32_t a, uint32_t b) { return b ? a % b : a; }
static inline int64_t sdiv(int64_t a, int64_t b) {
  return (b == 0 || (a == INT64_MIN && b == -1)) ? a : a / b;
}
static inline int64_t srem(int64_t a, int64_t b) {
  return (b == 0 || (a == INT64_MIN && b == -1)) ? 0 : a % b;
}
static inline float fclamp(float x) {
  return std::clamp(x, -10000.0f, 10000.0f);
}
static inline int64_t f2i(float x) {
  return (x > -1.0e9f && x < 1.0e9f) ? int64_t(x) : 0;
}
static inline double dclamp(double x) {
  return std::clamp(x, -10000.0, 10000.0);
}
static inline int64_t d2i(double x) {
  return (x > -1.0e9 && x < 1.0e9) ? int64_t(x) : 0;
}
static inline uint32_t fold64(uint64_t x) { return uint32_t(x ^ (x >> 32)); }

struct Obj {
  int n;
  int *data;
  uint32_t k;
};
"""

MAIN_PRELUDE = r"""
static void printU(const char *tag, const uint32_t *p, int n) {
  std::printf("%s", tag);
  for (int i = 0; i < n; ++i)
    std::printf(" %08x", (unsigned)p[i]);
  std::printf("\n");
}
static void printI(const char *tag, const int *p, int n) {
  std::printf("%s", tag);
  for (int i = 0; i < n; ++i)
    std::printf(" %08x", (unsigned)p[i]);
  std::printf("\n");
}
static void printS(const char *tag, const int64_t *p, int n) {
  std::printf("%s", tag);
  for (int i = 0; i < n; ++i)
    std::printf(" %016llx", (unsigned long long)p[i]);
  std::printf("\n");
}
// Any element type (8/16/64-bit integers, double): its bits in hex.
template <typename T> static void printN(const char *tag, const T *p, int n) {
  std::printf("%s", tag);
  for (int i = 0; i < n; ++i) {
    unsigned long long bits = 0;
    std::memcpy(&bits, &p[i], sizeof(T));
    std::printf(" %0*llx", int(2 * sizeof(T)), bits);
  }
  std::printf("\n");
}
static void printF(const char *tag, const float *p, int n) {
  std::printf("%s", tag);
  for (int i = 0; i < n; ++i) {
    uint32_t bits;
    std::memcpy(&bits, &p[i], sizeof bits);
    std::printf(" %08x", (unsigned)bits);
  }
  std::printf("\n");
}
"""


def splitmix64(x):
    x = (x + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return x ^ (x >> 31)


def program_seed(seed, index):
    return splitmix64(splitmix64(seed) ^ index)


# ---------------------------------------------------------------------------
# Literals
# ---------------------------------------------------------------------------


def lit_u(v):
    return "%uu" % (v & 0xFFFFFFFF) if v < 1 << 16 else "0x%08xu" % v


def lit_s(v):
    if -(1 << 31) < v < (1 << 31):
        return "int64_t(%d)" % v
    return "int64_t(0x%016xull)" % (v & 0xFFFFFFFFFFFFFFFF)


def lit_i32(v):
    if v == -(1 << 31):
        return "INT32_MIN"
    return "%d" % v


def lit_f(v):
    text = repr(float(v))
    if "e" not in text and "." not in text:
        text += ".0"
    return "(%sf)" % text if text.startswith("-") else text + "f"


def lit_d(v):
    text = repr(float(v))
    if "e" not in text and "." not in text:
        text += ".0"
    return "(%s)" % text if text.startswith("-") else text


def lit_n(ty, v):
    """A constant of an 8/16/64-bit type, as an expression of that type."""
    if ty == Q64:
        return "uint64_t(%s)" % ("%du" % v if v < 1 << 16 else
                                 "0x%016xull" % v)
    return "%s(%d)" % (CTYPE[ty], v)


# ---------------------------------------------------------------------------
# Scope: what an expression may read
# ---------------------------------------------------------------------------


class Array:
    """An indexable object: kind is ptr, vec, span, obj, gconst, gmut."""

    def __init__(self, name, kind, elem, length, writable):
        self.name = name        # C expression of the base (a0, v, o.data)
        self.kind = kind
        self.elem = elem        # i32, u32, s64, f32
        self.length = length    # C expression (uint32_t) of the extent
        self.writable = writable
        self.fixed = None       # the only index it is read at (hint loops)
        # Wider pointers (WIDE_FEATURES): kind mid is an interior pointer,
        # valid at [-kl, n + kr); kind end an end pointer, valid at
        # [-(n - 1), 0] (style last: main passes a + n - 1) or [-n, -1]
        # (style end: a + n); kind nptr a pointer to 8/16/64-bit integers or
        # doubles. All three are indexed by the loop counters of "ptr".
        self.safe_kind = "ptr" if kind in ("mid", "end", "nptr") else kind
        self.kl = self.kr = 0
        self.style = None
        self.q = False          # q = p - 1, declared in the kernel
        self.wide_param = False  # a parameter main passes a buffer for


class Callable:
    def __init__(self, name, ret, params, construct, flags=()):
        self.name = name        # C text before the argument list
        self.ret = ret
        self.params = params    # list of U/S/F or ("arr",) for p, n
        self.construct = construct
        self.flags = set(flags)  # constructs the callee's body holds


class Scope:
    def __init__(self, parent=None):
        self.parent = parent
        self.vars = dict((t, []) for t in CTYPE)    # readable C expressions
        self.assignable = dict((t, []) for t in CTYPE)
        self.safe_index = []   # (C expr int index, set of array kinds)

    def all(self, attr, key=None):
        out = []
        s = self
        while s:
            v = getattr(s, attr)
            out.extend(v[key] if key is not None else v)
            s = s.parent
        return out


# ---------------------------------------------------------------------------
# The generator
# ---------------------------------------------------------------------------


class FunctionContext:
    """What the statement generator needs to know about the function."""

    def __init__(self, ret, is_kernel, arrays, callables, budget):
        self.ret = ret              # None (void), U, S, F
        self.is_kernel = is_kernel
        self.arrays = arrays
        self.callables = callables
        self.budget = budget        # statements left
        self.flags = set()
        self.counter = 0
        self.acc = None             # member-struct variable name
        self.wide_locals = []       # (type, name) of the wider locals

    def fresh(self, prefix):
        self.counter += 1
        return "%s%d" % (prefix, self.counter)


class Generator:
    def __init__(self, seed, hint_rate=kHintRate, wide_rate=kWideRate):
        self.rng = random.Random(seed)
        self.seed = seed
        # The wider constructs (WIDE_FEATURES) come from a stream of their
        # own too: with wide_rate 0 a program is the one the generator made
        # before them.
        self.wide_rng = random.Random(splitmix64(seed ^ 0x57494445525459))
        self.wide_rate = wide_rate
        # LOOM_PARALLEL loops come from a stream of their own: with
        # hint_rate 0 a program is the one the generator made before it
        # emitted hints (the reproducers in docs/testing.md stay valid).
        self.hint_rng = random.Random(splitmix64(seed ^ 0x4C4F4F4D50415241))
        self.hint_rate = hint_rate
        self.hints = []         # one dict per hinted loop, by its number
        self.decls = []         # helper definitions, in order
        self.helpers = []       # Callable list available to later code
        self.globals_const = None
        self.globals_mut = None
        self.kernels = []       # (name, ret, params, flags)
        self.main_lines = []
        self.structs = 0
        self.program_flags = set()
        self.global_scalar = False

    # -- random helpers ----------------------------------------------------

    @contextlib.contextmanager
    def stream(self, rng):
        """Draw from rng (the hint or the wide stream) for a while."""
        saved, self.rng = self.rng, rng
        try:
            yield
        finally:
            self.rng = saved

    def chance(self, p):
        return self.rng.random() < p

    def pick(self, seq):
        return self.rng.choice(seq)

    def rand_u(self):
        r = self.rng.random()
        if r < 0.25:
            return self.pick([0, 1, 2, 3, 7, 31, 32, 33, 255, 0xFFFFFFFF,
                              0x80000000, 0x7FFFFFFF, 0xFFFFFFFE])
        if r < 0.75:
            return self.rng.randrange(0, 40)
        return self.rng.getrandbits(32)

    def rand_s(self):
        r = self.rng.random()
        if r < 0.25:
            return self.pick([0, 1, -1, 2, -2, 63, 64, -(1 << 63),
                              (1 << 63) - 1, -(1 << 31), 1 << 32])
        if r < 0.75:
            return self.rng.randrange(-40, 40)
        return self.rng.getrandbits(64) - (1 << 63)

    def rand_i32(self):
        r = self.rng.random()
        if r < 0.25:
            return self.pick([0, 1, -1, -(1 << 31), (1 << 31) - 1, 2, -2, 17])
        if r < 0.8:
            return self.rng.randrange(-30, 30)
        return self.rng.getrandbits(32) - (1 << 31)

    def rand_f(self):
        r = self.rng.random()
        if r < 0.25:
            return self.pick([0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 10000.0,
                              -10000.0, 0.1, 3.0])
        return self.rng.randrange(-64, 64) / 4.0

    def rand_n(self, ty):
        """A value of an 8/16/64-bit type: extremes, small, or any."""
        bits = BITS[ty]
        top = 1 << bits
        r = self.rng.random()
        if ty in SIGNED:
            if r < 0.3:
                return self.pick([-(top >> 1), (top >> 1) - 1, -1, 0, 1, -2])
            if r < 0.7:
                return self.rng.randrange(-30, 30)
            return self.rng.getrandbits(bits) - (top >> 1)
        if r < 0.3:
            return self.pick([0, 1, top - 1, top >> 1, (top >> 1) - 1,
                              top - 2] + ([0xFFFFFFFF, 1 << 32]
                                          if ty == Q64 else []))
        if r < 0.7:
            return self.rng.randrange(0, 40)
        return self.rng.getrandbits(bits)

    def rand_d(self):
        r = self.rng.random()
        if r < 0.3:
            return self.pick([0.0, -0.0, 1.0, -1.0, 0.1, 1.0 / 3.0, 1e-3,
                              3.141592653589793, 10000.0, -10000.0, 0.5])
        return self.rng.randrange(-10000000, 10000000) / 1000.0

    def elem_lit(self, elem):
        """A literal for main's initializer of an array of elem."""
        if elem == "i32":
            return lit_i32(self.rand_i32())
        if elem == "u32":
            return lit_u(self.rand_u())
        if elem == "s64":
            return lit_s(self.rand_s())
        if elem == "f32":
            return lit_f(self.rand_f())
        if elem == "f64":
            return lit_d(self.rand_d())
        v = self.rand_n(ELEM_TYPE[elem])
        return "0x%016xull" % v if elem == "u64" and v >= 1 << 16 else \
            "%d" % v

    def const(self, ty):
        if ty in WIDE_INT:
            return lit_n(ty, self.rand_n(ty))
        if ty == D:
            return lit_d(self.rand_d())
        if ty == U:
            return lit_u(self.rand_u())
        if ty == S:
            return lit_s(self.rand_s())
        return lit_f(self.rand_f())

    # -- expressions -------------------------------------------------------

    def read_array(self, fc, scope, arr, ty, depth):
        if arr.fixed is not None:
            # An array of a LOOM_PARALLEL loop: iteration i reads element i.
            return convert("%s[%s]" % (arr.name, arr.fixed), arr.elem, ty)
        idx = None
        safe = [e for e, kinds in scope.all("safe_index")
                if arr.safe_kind in kinds]
        is_safe = False
        if safe and self.chance(0.6):
            idx = self.pick_inner(safe)
            is_safe = True
        elif depth <= 0:
            vs = scope.all("vars", U)
            idx = "(%s) %% %s" % (self.pick_inner(vs) if vs and self.chance(
                0.7) else lit_u(self.rand_u()), arr.length)
        else:
            idx = "(%s) %% %s" % (self.expr(fc, scope, U, depth - 1),
                                  arr.length)
        text = self.subscript(arr, idx, is_safe)
        self.note_array(fc, arr)
        if arr.elem == "f64" and ty != D or arr.elem == "f32" and ty == D:
            fc.flags.add("double-cvt")
        return convert(text, arr.elem, ty)

    def subscript(self, arr, idx, safe):
        """Element idx of arr: idx is a loop counter in [0, n) when safe,
        otherwise an unsigned expression reduced modulo arr.length."""
        if arr.kind == "mid":
            if safe:
                if self.chance(0.2):
                    # A constant index, p[-1] most of the time.
                    k = -1 if arr.kl >= 1 and self.chance(0.6) else \
                        self.rng.randrange(-arr.kl, arr.kr + 1)
                    return "%s[%d]" % (arr.name, k)
                r = self.rng.randrange(-arr.kl, arr.kr + 1)
                return "%s[%s%s]" % (arr.name, idx, "" if r == 0 else
                                     " %s %d" % ("-" if r < 0 else "+",
                                                 abs(r)))
            if arr.kl:
                return "%s[int(%s) - %d]" % (arr.name, idx, arr.kl)
            return "%s[%s]" % (arr.name, idx)
        if arr.kind == "end":
            k = idx if safe else "int(%s)" % idx
            if arr.style == "last":
                return "%s[-%s]" % (arr.name, k)
            return "%s[-1 - %s]" % (arr.name, k)
        return "%s[%s]" % (arr.name, idx)

    def first_elem(self, arr):
        """An element of arr valid for every n >= 1."""
        if arr.kind == "end" and arr.style == "end":
            return "%s[-1]" % arr.name
        return "%s[0]" % arr.name

    def note_array(self, fc, arr):
        if arr.kind == "gconst":
            fc.flags |= {"global", "const-table"}
        elif arr.kind == "gmut":
            fc.flags |= {"global", "mutable-global"}
        elif arr.kind == "vec":
            fc.flags |= {"object", "vector"}
        elif arr.kind == "obj":
            fc.flags |= {"object", "struct"}
        elif arr.kind == "span":
            fc.flags |= {"object", "span"}
        elif arr.kind == "iter":
            fc.flags |= {"object", "iterators"}
        elif arr.kind == "cell":
            fc.flags.add("cell")
        elif arr.kind == "array":
            fc.flags |= {"object", "std-array"}
        elif arr.kind == "mid":
            fc.flags.add("mid-pointer")
            if arr.q:
                fc.flags.add("mid-q")
        elif arr.kind == "end":
            fc.flags.add("end-pointer")
        if arr.elem in ("u8", "i8", "u16", "i16"):
            fc.flags |= {"narrow", "width-cvt"}
        elif arr.elem == "u64":
            fc.flags.add("u64")
        elif arr.elem == "f64":
            fc.flags.add("double")

    def pick_inner(self, seq):
        """Pick from seq (innermost scope first), biased towards the front."""
        return seq[min(self.rng.randrange(len(seq)),
                       self.rng.randrange(len(seq)))]

    def readable_arrays(self, fc, ty):
        if ty in (F, D):
            return [a for a in fc.arrays if a.elem in ("f32", "f64")]
        return [a for a in fc.arrays if a.elem not in ("f32", "f64")]

    def leaf(self, fc, scope, ty):
        arrays = self.readable_arrays(fc, ty)
        if arrays and self.chance(0.3):
            return self.read_array(fc, scope, self.pick(arrays), ty, 0)
        vs = scope.all("vars", ty)
        if vs and self.chance(0.7):
            return self.pick_inner(vs)
        # Loop indices and other-typed variables, converted.
        others = []
        for t in (U, S) + WIDE_INT:
            if t != ty:
                others.extend((t, v) for v in scope.all("vars", t))
        if others and ty != F and self.chance(0.5):
            t, v = self.pick_inner(others)
            if t in WIDE_INT:
                fc.flags |= {"width-cvt", "u64" if t == Q64 else "narrow"}
            return convert(v, TYPE_ELEM[t], ty)
        ds = scope.all("vars", D)
        if ty == F and ds and self.chance(0.3):
            fc.flags |= {"double", "double-cvt"}
            return "float(%s)" % self.pick_inner(ds)
        return self.const(ty)

    def call_args(self, fc, scope, c, depth):
        args = []
        for p in c.params:
            if p == "arr":
                ptrs = [a for a in fc.arrays if a.kind == "ptr"
                        and a.elem == "i32"]
                arr = self.pick(ptrs)
                args.extend([arr.name, "n"])
            else:
                args.append(self.expr(fc, scope, p, depth - 1))
        return args

    def expr(self, fc, scope, ty, depth):
        if ty in WIDE_INT:
            return self.nexpr(fc, scope, ty, depth)
        if ty == D:
            return self.dexpr(fc, scope, depth)
        if depth <= 0 or self.chance(0.25):
            return self.leaf(fc, scope, ty)
        r = self.rng.random()
        readable = self.readable_arrays(fc, ty)
        callables = [c for c in fc.callables if c.ret == ty]
        if fc.acc and ty == U:
            callables.append(Callable("%s.get" % fc.acc, U, [], "member"))
        if r < 0.15 and readable:
            return self.read_array(fc, scope, self.pick(readable), ty, depth)
        if r < 0.33 and callables:
            c = self.pick(callables)
            if c.params and "arr" in c.params and not any(
                    a.kind == "ptr" and a.elem == "i32" for a in fc.arrays):
                return self.leaf(fc, scope, ty)
            fc.flags.add("helper")
            fc.flags.add(c.construct)
            fc.flags |= c.flags
            return "%s(%s)" % (c.name,
                               ", ".join(self.call_args(fc, scope, c, depth)))
        d = depth - 1
        e = lambda t=ty: self.expr(fc, scope, t, d)
        if ty == U:
            op = self.pick(["+", "-", "*", "&", "|", "^", "<<", ">>", "udiv",
                            "urem", "min", "max", "clamp", "sel", "cvt",
                            "cvt", "fbits", "+", "^", "*"])
            if op in ("+", "-", "*", "&", "|", "^"):
                return "(%s %s %s)" % (e(), op, e())
            if op in ("<<", ">>"):
                return "(%s %s (%s & 31u))" % (e(), op, e())
            if op in ("udiv", "urem"):
                return "%s(%s, %s)" % (op, e(), e())
            if op in ("min", "max"):
                fc.flags |= {"std", "helper"}
                return "std::%s<uint32_t>(%s, %s)" % (op, e(), e())
            if op == "clamp":
                fc.flags |= {"std", "helper"}
                lo = self.rng.randrange(0, 100)
                hi = lo + self.rng.randrange(0, 1000)
                return "std::clamp<uint32_t>(%s, %du, %du)" % (e(), lo, hi)
            if op == "sel":
                return "(%s ? %s : %s)" % (self.cond(fc, scope, d), e(), e())
            if op == "cvt":
                return "uint32_t(%s)" % e(S)
            if op == "fbits":
                fc.flags.add("float")
                if self.chance(0.5):
                    return "std::bit_cast<uint32_t>(%s)" % e(F)
                return "uint32_t(f2i(%s))" % e(F)
        if ty == S:
            op = self.pick(["+", "-", "*", "sdiv", "srem", "<<", ">>", "neg",
                            "min", "max", "abs", "sel", "cvt", "sext", "f2i",
                            "+", "-"])
            if op in ("+", "-", "*"):
                return "int64_t(uint64_t(%s) %s uint64_t(%s))" % (e(), op,
                                                                 e())
            if op in ("sdiv", "srem"):
                return "%s(%s, %s)" % (op, e(), e())
            if op == "<<":
                return "int64_t(uint64_t(%s) << (uint64_t(%s) & 63u))" % (
                    e(), e())
            if op == ">>":
                return "(%s >> (uint64_t(%s) & 63u))" % (e(), e())
            if op == "neg":
                return "int64_t(uint64_t(0) - uint64_t(%s))" % e()
            if op in ("min", "max"):
                fc.flags |= {"std", "helper"}
                return "std::%s<int64_t>(%s, %s)" % (op, e(), e())
            if op == "abs":
                fc.flags |= {"std", "helper"}
                return ("int64_t(std::abs(std::clamp<int64_t>(%s, "
                        "int64_t(-1000000000), int64_t(1000000000))))" % e())
            if op == "sel":
                return "(%s ? %s : %s)" % (self.cond(fc, scope, d), e(), e())
            if op == "cvt":
                return "int64_t(%s)" % e(U)
            if op == "sext":
                return "int64_t(int32_t(%s))" % e(U)
            if op == "f2i":
                fc.flags.add("float")
                return "f2i(%s)" % e(F)
        fc.flags.add("float")
        op = self.pick(["+", "-", "*", "/", "min", "max", "abs", "neg",
                        "sel", "cvt", "+", "*"])
        if op in ("+", "-", "*"):
            return "(%s %s %s)" % (e(), op, e())
        if op == "/":
            c = self.pick([2.0, 4.0, 0.5, 3.0, -8.0, 10.0, 0.25, -1.5])
            return "(%s / %s)" % (e(), lit_f(c))
        if op in ("min", "max"):
            fc.flags |= {"std", "helper"}
            return "std::%s<float>(%s, %s)" % (op, e(), e())
        if op == "abs":
            fc.flags |= {"std", "helper"}
            return "std::abs(%s)" % e()
        if op == "neg":
            return "(-%s)" % e()
        if op == "sel":
            return "(%s ? %s : %s)" % (self.cond(fc, scope, d), e(), e())
        return "fclamp(float(%s))" % e(self.pick([U, S]))

    def cond(self, fc, scope, depth):
        r = self.rng.random()
        if depth > 0 and r < 0.15:
            return "(%s %s %s)" % (self.cond(fc, scope, depth - 1),
                                   self.pick(["&&", "||"]),
                                   self.cond(fc, scope, depth - 1))
        if depth > 0 and r < 0.2:
            return "(!%s)" % self.cond(fc, scope, depth - 1)
        ty = self.pick([U, U, S, S, F])
        if ty == F:
            fc.flags.add("float")
        d = max(depth - 1, 0)
        if ty == U and self.chance(0.3):
            # Low bits: conditions that are true about half of the time.
            return "((%s & %su) == %su)" % (
                self.expr(fc, scope, U, d), self.pick([1, 3, 7]),
                self.pick([0, 1]))
        lhs = self.expr(fc, scope, ty, d)
        rhs = self.expr(fc, scope, ty, d)
        if rhs == lhs:
            rhs = self.const(ty)
        return "(%s %s %s)" % (lhs, self.pick(["<", "<=", ">", ">=", "==",
                                               "!="]), rhs)

    def nexpr(self, fc, scope, ty, depth):
        """An expression of the 8/16/64-bit type ty. 8/16-bit arithmetic is
        done in uint32_t and truncated back (it wraps; no signed type can
        overflow), uint64_t arithmetic wraps by definition, a division's
        divisor is odd, and a shift amount is masked to width - 1 (a right
        shift of a signed value is arithmetic, defined since C++20)."""
        fc.flags.add("u64" if ty == Q64 else "narrow")
        if depth <= 0 or self.chance(0.25):
            return self.nleaf(fc, scope, ty)
        d = depth - 1
        e = lambda t=ty: self.expr(fc, scope, t, d)
        T = CTYPE[ty]
        bits = BITS[ty]
        W = "uint64_t" if ty == Q64 else "uint32_t"
        op = self.pick(["+", "-", "*", "&", "|", "^", "+", "*", "<<", ">>",
                        "rot", "neg", "div", "sel", "min", "max", "cvt",
                        "cvt"])
        if op in ("+", "-", "*", "&", "|", "^"):
            if op in ("+", "-", "*") and ty not in SIGNED:
                fc.flags.add("wrap")
            if ty == Q64:
                return "(%s %s %s)" % (e(), op, e())
            fc.flags.add("width-cvt")
            return "%s(%s(%s) %s %s(%s))" % (T, W, e(), op, W, e())
        if op == "rot" and ty not in SIGNED:
            fc.flags.add("shift")
            k = self.rng.randrange(1, bits)
            x = self.nleaf(fc, scope, ty)
            if ty == Q64:
                return "((%s << %d) | (%s >> %d))" % (x, k, x, bits - k)
            return "%s((%s(%s) << %d) | (%s(%s) >> %d))" % (T, W, x, k, W, x,
                                                            bits - k)
        if op in ("<<", ">>", "rot"):
            fc.flags.add("shift")
            amt = "(%s & %du)" % (self.expr(fc, scope, U, d), bits - 1)
            if ty == Q64:
                return "(%s %s %s)" % (e(), "<<" if op == "<<" else ">>", amt)
            if op == "<<":
                return "%s(%s(%s) << %s)" % (T, W, e(), amt)
            # The operand is promoted to int: a signed one shifts
            # arithmetically.
            return "%s(%s >> %s)" % (T, e(), amt)
        if op == "neg":
            if ty == Q64:
                return "(uint64_t(0) - %s)" % e()
            return "%s(0u - %s(%s))" % (T, W, e())
        if op == "div":
            if ty == Q64:
                return "(%s / (%s | 1u))" % (e(), e())
            if ty in SIGNED:
                return "%s(int(%s) / (int(%s) | 1))" % (T, e(), e())
            return "%s(%s(%s) / (%s(%s) | 1u))" % (T, W, e(), W, e())
        if op == "sel":
            return "(%s ? %s : %s)" % (self.cond(fc, scope, d), e(), e())
        if op in ("min", "max"):
            fc.flags |= {"std", "helper"}
            return "std::%s<%s>(%s, %s)" % (op, T, e(), e())
        # From another width: truncation, sign or zero extension.
        fc.flags.add("width-cvt")
        src = self.pick([U, S] + [t for t in WIDE_INT if t != ty])
        return "%s(%s)" % (T, self.expr(fc, scope, src, d))

    def nleaf(self, fc, scope, ty):
        arrays = self.readable_arrays(fc, ty)
        if arrays and self.chance(0.3):
            return self.read_array(fc, scope, self.pick(arrays), ty, 0)
        vs = scope.all("vars", ty)
        if vs and self.chance(0.6):
            return self.pick_inner(vs)
        others = [(t, v) for t in (U, S) + WIDE_INT if t != ty
                  for v in scope.all("vars", t)]
        if others and self.chance(0.5):
            t, v = self.pick_inner(others)
            fc.flags.add("width-cvt")
            return convert(v, TYPE_ELEM[t], ty)
        return self.const(ty)

    def dexpr(self, fc, scope, depth):
        """A double expression. Its leaves are within +-1e4 (locals, array
        elements, constants) or conversions of integers (below 2^64) and
        floats, divisions are by constants of magnitude >= 0.25 and it is at
        most kMaxDepth deep: finite, never NaN. Into float it goes only
        through dclamp."""
        fc.flags.add("double")
        if depth <= 0 or self.chance(0.25):
            return self.dleaf(fc, scope)
        d = depth - 1
        e = lambda: self.dexpr(fc, scope, d)
        op = self.pick(["+", "-", "*", "+", "*", "/", "min", "max", "abs",
                        "neg", "sel", "mixf", "mixf", "round"])
        if op in ("+", "-", "*"):
            return "(%s %s %s)" % (e(), op, e())
        if op == "/":
            c = self.pick([2.0, 4.0, 0.5, 3.0, -8.0, 10.0, 0.25, -1.5, 7.0])
            return "(%s / %s)" % (e(), lit_d(c))
        if op in ("min", "max"):
            fc.flags |= {"std", "helper"}
            return "std::%s<double>(%s, %s)" % (op, e(), e())
        if op == "abs":
            fc.flags |= {"std", "helper"}
            return "std::abs(%s)" % e()
        if op == "neg":
            return "(-%s)" % e()
        if op == "sel":
            return "(%s ? %s : %s)" % (self.cond(fc, scope, d), e(), e())
        fc.flags.add("double-cvt")
        if op == "mixf":
            # A float operand, promoted to double.
            fc.flags.add("float")
            return "(%s %s %s)" % (self.expr(fc, scope, F, d),
                                   self.pick(["+", "-", "*"]), e())
        return "double(float(dclamp(%s)))" % e()

    def dleaf(self, fc, scope):
        arrays = self.readable_arrays(fc, D)
        if arrays and self.chance(0.3):
            return self.read_array(fc, scope, self.pick(arrays), D, 0)
        vs = scope.all("vars", D)
        if vs and self.chance(0.5):
            return self.pick_inner(vs)
        if self.chance(0.5):
            fc.flags.add("double-cvt")
            src = self.pick([F, U, S, "i32", Q64])
            if src == "i32":
                return "double(int32_t(%s))" % self.expr(fc, scope, U, 0)
            if src == F:
                fc.flags.add("float")
            return "double(%s)" % self.expr(fc, scope, src, 0)
        return self.const(D)

    # -- statements --------------------------------------------------------

    def assign(self, fc, scope, ind):
        cands = [(t, v) for t in (U, S, F) + WIDE_INT + (D,)
                 for v in scope.all("assignable", t)]
        ty, v = self.pick(cands)
        if ty in WIDE_INT or ty == D:
            return self.wide_assign(fc, scope, ind, ty, v)
        e = self.expr(fc, scope, ty, kMaxDepth)
        if ty == U:
            op = self.pick(["=", "+=", "^=", "-=", "*=", "|="])
            return ["%s%s %s %s;" % (ind, v, op, e)]
        if ty == S:
            if self.chance(0.5):
                return ["%s%s = %s;" % (ind, v, e)]
            op = self.pick(["+", "-", "*"])
            return ["%s%s = int64_t(uint64_t(%s) %s uint64_t(%s));" % (
                ind, v, v, op, e)]
        fc.flags.add("float")
        if self.chance(0.5):
            return ["%s%s = fclamp(%s);" % (ind, v, e)]
        return ["%s%s = fclamp(%s %s %s);" % (ind, v, v,
                                               self.pick(["+", "-", "*"]), e)]

    def wide_assign(self, fc, scope, ind, ty, v):
        """An assignment to an 8/16/64-bit or double local."""
        if ty == D:
            e = self.dexpr(fc, scope, 2)
            if self.chance(0.5):
                return ["%s%s = dclamp(%s);" % (ind, v, e)]
            return ["%s%s = dclamp(%s %s %s);" % (ind, v, v, self.pick(
                ["+", "-", "*"]), e)]
        e = self.nexpr(fc, scope, ty, 2)
        r = self.rng.random()
        if r < 0.3:
            return ["%s%s = %s;" % (ind, v, e)]
        if ty == Q64:
            op = self.pick(["+=", "-=", "*=", "^=", "|="])
            if op in ("+=", "-=", "*="):
                fc.flags.add("wrap")
            return ["%s%s %s %s;" % (ind, v, op, e)]
        fc.flags.add("width-cvt")
        if ty not in SIGNED:
            fc.flags.add("wrap")
        if r < 0.6:
            # In int (no 8/16-bit sum overflows it), converted back.
            return ["%s%s %s %s;" % (ind, v, self.pick(
                ["+=", "-=", "^=", "|=", "&="]), e)]
        return ["%s%s = %s(uint32_t(%s) * %du + uint32_t(%s));" % (
            ind, v, CTYPE[ty], v, self.pick([3, 31, 33, 255, 257, 40503]), e)]

    def store(self, fc, scope, ind):
        writable = [a for a in fc.arrays if a.writable]
        arr = self.pick(writable)
        return self.store_into(fc, scope, ind, arr)

    def store_into(self, fc, scope, ind, arr):
        self.note_array(fc, arr)
        fc.flags.add("effect")
        safe = [e for e, kinds in scope.all("safe_index")
                if arr.safe_kind in kinds]
        if safe and self.chance(0.7):
            target = self.subscript(arr, self.pick(safe), True)
        else:
            target = self.subscript(arr, "(%s) %% %s" % (
                self.expr(fc, scope, U, 2), arr.length), False)
        if arr.elem in ("u8", "i8", "u16", "i16", "u64"):
            ty = ELEM_TYPE[arr.elem]
            e = self.expr(fc, scope, ty, 2)
            if self.chance(0.4):
                if ty not in SIGNED:
                    fc.flags.add("wrap")
                if ty == Q64:
                    return ["%s%s %s %s;" % (ind, target, self.pick(
                        ["+=", "^=", "*="]), e)]
                return ["%s%s = %s(uint32_t(%s) + uint32_t(%s));" % (
                    ind, target, CTYPE[ty], target, e)]
            return ["%s%s = %s;" % (ind, target, e)]
        if arr.elem == "f64":
            e = self.expr(fc, scope, D, 2)
            if self.chance(0.4):
                return ["%s%s = dclamp(%s + %s);" % (ind, target, target, e)]
            return ["%s%s = dclamp(%s);" % (ind, target, e)]
        if arr.elem == "f32":
            fc.flags.add("float")
            e = self.expr(fc, scope, F, kMaxDepth)
            if self.chance(0.4):
                return ["%s%s = fclamp(%s + %s);" % (ind, target, target, e)]
            return ["%s%s = fclamp(%s);" % (ind, target, e)]
        if arr.elem == "s64":
            e = self.expr(fc, scope, S, kMaxDepth)
            if self.chance(0.4):
                return ["%s%s = int64_t(uint64_t(%s) + uint64_t(%s));" % (
                    ind, target, target, e)]
            return ["%s%s = %s;" % (ind, target, e)]
        if arr.elem == "i32":
            e = self.expr(fc, scope, U, kMaxDepth)
            if self.chance(0.4):
                return ["%s%s = int(uint32_t(%s) + %s);" % (ind, target,
                                                            target, e)]
            return ["%s%s = int(%s);" % (ind, target, e)]
        e = self.expr(fc, scope, U, kMaxDepth)
        op = self.pick(["=", "+=", "^=", "="])
        return ["%s%s %s %s;" % (ind, target, op, e)]

    def ret_stmt(self, fc, scope):
        if fc.ret is None:
            return "return;"
        e = self.expr(fc, scope, fc.ret, 2)
        if fc.ret == F:
            e = "fclamp(%s)" % e
        return "return %s;" % e

    def exit_stmt(self, fc, scope, ind, loop, kind=None):
        """break, continue or return, guarded by a condition (in a loop)."""
        kind = kind or self.pick(["break", "continue", "return"])
        if kind == "return":
            text = self.ret_stmt(fc, scope)
            fc.flags.add("early-return")
        else:
            text = kind + ";"
            # A break in a switch leaves the switch, not the loop.
            if kind == "continue" or not loop.get("switch"):
                fc.flags.add(kind)
        if loop["depth"] > 1 and not (kind == "break" and loop.get("switch")):
            fc.flags.add("inner-exit")
        c = self.cond(fc, scope, 1)
        return ["%sif %s" % (ind, c), "%s  %s" % (ind, text)]

    def block(self, fc, scope, ind, depth, loop, count):
        lines = []
        for _ in range(count):
            if fc.budget <= 0:
                break
            lines.extend(self.stmt(fc, scope, ind, depth, loop))
        return lines

    def stmt(self, fc, scope, ind, depth, loop):
        fc.budget -= 1
        r = self.rng.random()
        writable = any(a.writable for a in fc.arrays)
        can_nest = depth < 3 and fc.budget > 1
        if loop["depth"] > 0 and r < 0.18:
            return self.exit_stmt(fc, scope, ind, loop)
        if can_nest and r < 0.40:
            return self.loop(fc, scope, ind, depth, loop)
        if can_nest and r < 0.52:
            return self.if_stmt(fc, scope, ind, depth, loop)
        if can_nest and r < 0.60:
            return self.switch(fc, scope, ind, depth, loop)
        if fc.acc and r < 0.63:
            fc.flags |= {"member", "helper"}
            return ["%s%s.add(%s);" % (ind, fc.acc,
                                       self.expr(fc, scope, U, 2))]
        if r < 0.64:
            voids = [c for c in fc.callables if c.ret is None]
            if voids and any(a.kind == "ptr" and a.elem == "u32"
                             for a in fc.arrays):
                c = self.pick(voids)
                outs = [a for a in fc.arrays
                        if a.kind == "ptr" and a.elem == "u32"]
                fc.flags |= {"helper", c.construct, "effect"} | c.flags
                return ["%s%s(%s, n, %s);" % (ind, c.name,
                                              self.pick(outs).name,
                                              self.expr(fc, scope, U, 2))]
        if writable and r < 0.85:
            return self.store(fc, scope, ind)
        return self.assign(fc, scope, ind)

    def if_stmt(self, fc, scope, ind, depth, loop):
        lines = ["%sif %s {" % (ind, self.cond(fc, scope, 2))]
        lines += self.block(fc, Scope(scope), ind + "  ", depth + 1, loop,
                            self.rng.randrange(1, 3))
        if self.chance(0.5):
            lines.append("%s} else {" % ind)
            lines += self.block(fc, Scope(scope), ind + "  ", depth + 1, loop,
                                self.rng.randrange(1, 3))
        lines.append("%s}" % ind)
        return lines

    def switch(self, fc, scope, ind, depth, loop):
        fc.flags.add("switch")
        if loop["depth"] > 0:
            fc.flags.add("switch-in-loop")
        k = self.rng.randrange(2, 6)
        lines = ["%sswitch (%s %% %du) {" % (ind, self.expr(fc, scope, U, 2),
                                             k)]
        cases = sorted(self.rng.sample(range(k), self.rng.randrange(1, k + 1)))
        labels = ["case %d:" % c for c in cases]
        if self.chance(0.6):
            labels.append("default:")
        inner = dict(loop, switch=True)
        for i, label in enumerate(labels):
            lines.append("%s%s {" % (ind, label))
            lines += self.block(fc, Scope(scope), ind + "  ", depth + 1,
                                inner, self.rng.randrange(1, 3))
            last = i == len(labels) - 1
            r = self.rng.random()
            if loop["depth"] > 0 and r < 0.15:
                fc.flags.add("continue")
                lines.append("%s  continue;" % ind)
            elif loop["depth"] > 0 and r < 0.25:
                fc.flags.add("early-return")
                lines.append("%s  %s" % (ind, self.ret_stmt(fc, scope)))
            elif not last and r < 0.4:
                lines.append("%s  [[fallthrough]];" % ind)
            else:
                lines.append("%s  break;" % ind)
            lines.append("%s}" % ind)
        lines.append("%s}" % ind)
        return lines

    def loop(self, fc, scope, ind, depth, loop, force_exit=False):
        inner_loop = {"depth": loop["depth"] + 1}
        body_scope = Scope(scope)
        i = fc.fresh("i")
        kinds = ["n", "n", "n", "back", "step2", "const", "while", "do"]
        if loop["depth"] > 0:
            kinds += ["tri", "const", "const"]
        has = lambda k: any(a.kind == k for a in fc.arrays)
        if has("vec"):
            kinds += ["vec", "range"]
        if has("obj"):
            kinds.append("obj")
        if has("span"):
            kinds.append("span")
        if has("iter"):
            kinds.append("iter")
        if has("array"):
            kinds.append("array")
        kind = self.pick(kinds)
        ptr_kinds = {"ptr"}
        lines = []
        close = ["%s}" % ind]
        body_ind = ind + "  "
        if kind == "n":
            lines.append("%sfor (int %s = 0; %s < n; ++%s) {" % (ind, i, i, i))
            body_scope.safe_index.append((i, ptr_kinds))
        elif kind == "back":
            fc.flags.add("reverse")
            lines.append("%sfor (int %s = n - 1; %s >= 0; --%s) {" % (
                ind, i, i, i))
            body_scope.safe_index.append((i, ptr_kinds))
        elif kind == "step2":
            lines.append("%sfor (int %s = %d; %s < n; %s += 2) {" % (
                ind, i, self.rng.randrange(0, 2), i, i))
            body_scope.safe_index.append((i, ptr_kinds))
        elif kind == "const":
            lines.append("%sfor (int %s = 0; %s < %d; ++%s) {" % (
                ind, i, i, self.rng.randrange(1, 6), i))
        elif kind == "tri":
            outer = [e for e, k in scope.all("safe_index") if k == ptr_kinds]
            if outer:
                lines.append("%sfor (int %s = 0; %s < %s; ++%s) {" % (
                    ind, i, i, self.pick(outer), i))
                body_scope.safe_index.append((i, ptr_kinds))
            else:
                lines.append("%sfor (int %s = 0; %s < 3; ++%s) {" % (
                    ind, i, i, i))
        elif kind in ("while", "do"):
            fc.flags.add("while")
            w = fc.fresh("w")
            lines.append("%s{" % ind)
            lines.append("%s  int %s = 0;" % (ind, w))
            cond = "%s < n" % w
            if self.chance(0.4):
                cond += " && %s" % self.cond(fc, scope, 1)
            if kind == "while":
                lines.append("%s  while (%s) {" % (ind, cond))
            else:
                lines.append("%s  do {" % ind)
            # The counter advances first, so a continue cannot spin.
            lines.append("%s    int %s = %s++;" % (ind, i, w))
            body_scope.safe_index.append((i, ptr_kinds))
            body_ind = ind + "    "
            close = ["%s  }%s" % (ind, " while (%s);" % cond
                                  if kind == "do" else ""), "%s}" % ind]
        elif kind == "vec":
            lines.append(
                "%sfor (size_t %s = 0; %s < v.size(); ++%s) {" % (ind, i, i, i))
            body_scope.safe_index.append((i, {"vec"}))
            fc.flags |= {"object", "vector"}
        elif kind == "range":
            lines.append("%sfor (int %s : v) {" % (ind, i))
            fc.flags |= {"object", "vector"}
        elif kind == "span":
            lines.append("%sfor (int32_t %s : sp) {" % (ind, i))
            fc.flags |= {"object", "span"}
        elif kind == "array":
            lines.append("%sfor (int32_t %s : ar) {" % (ind, i))
            fc.flags |= {"object", "std-array"}
        elif kind == "iter":
            lines.append("%sfor (const int32_t *p%s = first; p%s != last; "
                         "++p%s) {" % (ind, i, i, i))
            fc.flags |= {"object", "iterators"}
        elif kind == "obj":
            lines.append("%sfor (int %s = 0; %s < o.n; ++%s) {" % (
                ind, i, i, i))
            body_scope.safe_index.append((i, {"obj"}))
            fc.flags |= {"object", "struct"}
        if kind in ("range", "span", "array"):
            body_scope.vars[U].append("uint32_t(%s)" % i)
            body_scope.vars[S].append("int64_t(%s)" % i)
        elif kind == "iter":
            body_scope.vars[U].append("uint32_t(*p%s)" % i)
            body_scope.vars[S].append("int64_t(*p%s)" % i)
        elif kind == "vec":
            body_scope.vars[U].append("uint32_t(%s)" % i)
        else:
            body_scope.vars[U].append("uint32_t(%s)" % i)
            body_scope.vars[S].append("int64_t(%s)" % i)
        if force_exit == "switch":
            lines += self.switch(fc, body_scope, body_ind, depth + 1,
                                 inner_loop)
        elif force_exit:
            lines += self.exit_stmt(fc, body_scope, body_ind, inner_loop,
                                    None if force_exit is True else force_exit)
        if self.chance(0.3):
            t = fc.fresh("t")
            ty = self.pick([U, S])
            lines.append("%sconst %s %s = %s;" % (
                body_ind, CTYPE[ty], t, self.expr(fc, body_scope, ty, 2)))
            body_scope.vars[ty].append(t)
        lines += self.block(fc, body_scope, body_ind, depth + 1, inner_loop,
                            self.rng.randrange(1, 4))
        return lines + close

    # -- helpers -----------------------------------------------------------

    def make_helpers(self):
        count = self.rng.randrange(1, 5)
        kinds = ["static", "inline", "template", "rot", "loop", "void"]
        for k in range(count):
            kind = self.pick(kinds)
            getattr(self, "helper_" + kind)(k)

    def helper_scope(self, params):
        scope = Scope()
        for name, ty in params:
            scope.vars[ty].append(name)
        return scope

    def helper_static(self, k, storage="static"):
        ret = self.pick([U, S, F, U])
        ptys = [self.pick([U, S, F, U]) for _ in range(self.rng.randrange(1, 4))]
        params = [("x%d" % j, t) for j, t in enumerate(ptys)]
        fc = FunctionContext(ret, False, [], list(self.helpers), 0)
        if self.globals_const is not None and self.chance(0.3):
            fc.arrays = [self.globals_const]
        scope = self.helper_scope(params)
        e = self.expr(fc, scope, ret, 2)
        if ret == F:
            e = "fclamp(%s)" % e
        name = "h%d" % k
        self.decls.append("%s %s %s(%s) { return %s; }" % (
            storage, CTYPE[ret], name,
            ", ".join("%s %s" % (CTYPE[t], n) for n, t in params), e))
        flags = fc.flags - {"helper"}
        self.helpers.append(Callable(name, ret, ptys, "static-helper", flags))

    def helper_inline(self, k):
        self.helper_static(k, "inline")

    def helper_template(self, k):
        name = "tmpl%d" % k
        body = self.template_expr(2)
        self.decls.append(
            "template <typename T> T %s(T a, T b) { return %s; }" % (name,
                                                                   body))
        if self.chance(0.5):
            self.helpers.append(Callable("%s<uint32_t>" % name, U, [U, U],
                                         "template"))
        else:
            # Instantiated with uint64_t behind an int64_t wrapper.
            self.helpers.append(Callable("%s_s" % name, S, [S, S],
                                         "template"))
            self.decls.append(
                "static inline int64_t %s_s(int64_t a, int64_t b) {\n"
                "  return int64_t(%s<uint64_t>(uint64_t(a), uint64_t(b)));\n"
                "}" % (name, name))

    def template_expr(self, depth):
        if depth <= 0 or self.chance(0.2):
            return self.pick(["a", "b", "T(%d)" % self.rng.randrange(0, 9)])
        op = self.pick(["+", "-", "*", "^", "&", "|", "sel", "min", "max"])
        x, y = self.template_expr(depth - 1), self.template_expr(depth - 1)
        if op == "sel":
            return "(%s %s %s ? %s : %s)" % (
                self.template_expr(depth - 1), self.pick(["<", ">", "=="]),
                self.template_expr(depth - 1), x, y)
        if op in ("min", "max"):
            return "std::%s<T>(%s, %s)" % (op, x, y)
        return "(%s %s %s)" % (x, op, y)

    def helper_rot(self, k):
        name = "rot%d" % k
        self.decls.append(
            "template <int K> uint32_t %s(uint32_t x) {\n"
            "  return (x << K) | (x >> (32 - K));\n}" % name)
        self.helpers.append(Callable("%s<%d>" % (name,
                                                 self.rng.randrange(1, 32)),
                                     U, [U], "template"))

    def helper_loop(self, k):
        """A helper that walks an array: early return, break, continue."""
        ret = self.pick([U, S])
        name = "scan%d" % k
        arr = Array("p", "ptr", "i32", "uint32_t(n)", False)
        fc = FunctionContext(ret, False, [arr], list(self.helpers),
                             self.rng.randrange(2, 6))
        scope = Scope()
        scope.vars[U].append("x")
        r = "r%d" % k
        scope.vars[ret].append(r)
        scope.assignable[ret].append(r)
        body = ["  %s %s = %s;" % (CTYPE[ret], r, self.const(ret))]
        # The loop opens with an exit (break, continue or return): the point
        # of this helper.
        body += self.loop(fc, scope, "  ", 1, {"depth": 0}, force_exit=True)
        body.append("  return %s;" % r)
        self.decls.append("static %s %s(const int32_t *p, int n, uint32_t x) "
                          "{\n%s\n}" % (CTYPE[ret], name, "\n".join(body)))
        flags = fc.flags - {"helper"}
        self.helpers.append(Callable(name, ret, ["arr", U], "loop-helper",
                                     flags))

    def helper_void(self, k):
        name = "put%d" % k
        fc = FunctionContext(None, False, [], list(self.helpers), 0)
        scope = Scope()
        scope.vars[U].append("x")
        scope.vars[U].append("q[x % uint32_t(n)]")
        e = self.expr(fc, scope, U, 2)
        self.decls.append(
            "static void %s(uint32_t *q, int n, uint32_t x) {\n"
            "  q[x %% uint32_t(n)] %s %s;\n}" % (name,
                                                 self.pick(["=", "+=", "^="]),
                                                 e))
        self.helpers.append(Callable(name, None, [], "static-helper",
                                     fc.flags - {"helper"}))

    def make_struct(self):
        name = "Acc%d" % self.structs
        self.structs += 1
        scope = Scope()
        scope.vars[U] += ["s", "v"]
        scope.vars[S].append("t")
        fc = FunctionContext(U, False, [], [], 0)
        add_s = self.expr(fc, scope, U, 2)
        add_t = self.expr(fc, scope, S, 1)
        scope.vars[U].remove("v")
        get = self.expr(fc, scope, U, 2)
        self.decls.append(
            "struct %s {\n  uint32_t s;\n  int64_t t;\n"
            "  void add(uint32_t v) {\n    s = %s;\n"
            "    t = int64_t(uint64_t(t) + uint64_t(%s));\n  }\n"
            "  uint32_t get() const { return %s; }\n};" % (name, add_s, add_t,
                                                         get))
        return name

    def make_globals(self):
        if self.chance(0.6):
            size = self.pick([5, 8, 16, 16, 100])
            vals = [self.rand_i32() for _ in range(size)]
            self.decls.append("static const int32_t kTab[%d] = {%s};" % (
                size, ", ".join(lit_i32(v) for v in vals)))
            self.globals_const = Array("kTab", "gconst", "i32", "%du" % size,
                                       False)
        if self.chance(0.5):
            size = self.pick([4, 8, 16])
            vals = [self.rand_u() for _ in range(size)]
            self.decls.append("uint32_t gMut[%d] = {%s};" % (
                size, ", ".join(lit_u(v) for v in vals)))
            self.globals_mut = Array("gMut", "gmut", "u32", "%du" % size, True)
        if self.chance(0.5):
            # A scalar the kernels read: the device passes it as a launch
            # value (its field at byte 0) when the kernel does not store it.
            self.decls.append("uint32_t gCount = %s;" % self.const(U))
            self.global_scalar = True

    # -- kernels -----------------------------------------------------------

    def make_kernel(self, k, last):
        name = "k%d" % k
        ret = self.pick([None, None, U, S, F])
        arrays = []
        params = [("n", "int")]
        # A std::span by value comes right after n: passed in registers.
        # Where the registers run out it would be passed in memory (byval),
        # which the runtime cannot pass, and the kernel stays native.
        if self.chance(0.15):
            arrays.append(Array("sp", "span", "i32", "uint32_t(sp.size())",
                                False))
            params.append(("sp", "std::span<const int32_t>"))
        nin = self.rng.randrange(1, 3)
        for j in range(nin):
            if self.chance(0.7):
                arrays.append(Array("a%d" % j, "ptr", "i32", "uint32_t(n)",
                                    False))
                params.append(("a%d" % j, "const int32_t *"))
            else:
                arrays.append(Array("x%d" % j, "ptr", "f32", "uint32_t(n)",
                                    False))
                params.append(("x%d" % j, "const float *"))
        for j in range(self.rng.randrange(0 if ret else 1, 3)):
            elem = self.pick(["u32", "u32", "f32", "s64"])
            nm = "o%d" % j
            arrays.append(Array(nm, "ptr", elem, "uint32_t(n)", True))
            params.append((nm, {"u32": "uint32_t *", "f32": "float *",
                                "s64": "int64_t *"}[elem]))
        if self.chance(0.35):
            arrays.append(Array("v", "vec", "i32", "uint32_t(v.size())",
                                False))
            params.append(("v", "const std::vector<int> &"))
        if self.chance(0.3) or (last and not self.program_flags &
                                {"global", "object"}):
            arrays.append(Array("o.data", "obj", "i32", "uint32_t(o.n)",
                                True))
            params.append(("o", "Obj &"))
        if self.chance(0.12):
            arrays.append(Array("first", "iter", "i32",
                                "uint32_t(last - first)", False))
            params += [("first", "const int32_t *"),
                       ("last", "const int32_t *")]
        if self.chance(0.12):
            size = self.pick([1, 4, 8, 13])
            arrays.append(Array("ar", "array", "i32", "%du" % size, False))
            params.append(("ar", "const std::array<int32_t, %d> &" % size))
        if self.globals_const is not None and self.chance(0.6):
            arrays.append(self.globals_const)
        if self.globals_mut is not None and self.chance(0.6):
            arrays.append(self.globals_mut)
        if self.chance(0.2):
            # A one-element output: main binds it to a local or, aliasing,
            # to gCount.
            arrays.append(Array("cell", "cell", "u32", "1u", True))
            params.append(("cell", "uint32_t *"))
        scalars = []
        for j in range(self.rng.randrange(0, 3)):
            ty = self.pick([U, S, F])
            scalars.append(("c%d" % j, ty))
            params.append(("c%d" % j, CTYPE[ty]))
        feats, wide_decls = [], []
        if self.wide_rate > 0:
            with self.stream(self.wide_rng):
                feats, wide_decls = self.wide_params(arrays, params)
        # Small kernels: a graph of more actors than cgra-8x8 has units runs
        # on emu instead of sim.
        fc = FunctionContext(ret, True, arrays, list(self.helpers),
                             self.rng.randrange(2, 9))
        scope = Scope()
        scope.vars[U].append("uint32_t(n)")
        for nm, ty in scalars:
            scope.vars[ty].append(nm)
        if self.global_scalar and self.chance(0.6):
            scope.vars[U].append("gCount")
            if self.chance(0.3):
                scope.assignable[U].append("gCount")
        if "o" in dict(params) and self.chance(0.6):
            # A field the kernel reads: a launch value of the dataflow
            # program when the kernel does not store it.
            scope.vars[U].append("o.k")
            if self.chance(0.3):
                scope.assignable[U].append("o.k")
        body = list(wide_decls)
        for j in range(self.rng.randrange(1, 4)):
            ty = U if j == 0 else self.pick([U, S, F, U, S])
            v = "%s%d" % (ty, j)
            init = self.expr(fc, scope, ty, 1)
            if ty == F:
                init = "fclamp(%s)" % init
            body.append("  %s %s = %s;" % (CTYPE[ty], v, init))
            scope.vars[ty].append(v)
            scope.assignable[ty].append(v)
        if self.chance(0.3):
            st = self.make_struct()
            fc.acc = "acc"
            body.append("  %s acc{%s, %s};" % (st, self.const(U),
                                               self.const(S)))
        if self.chance(0.35):
            lam = Scope(scope)
            lty = self.pick([U, U, F])
            lam.vars[lty].append("y")
            lfc = FunctionContext(lty, True, [a for a in arrays
                                              if not a.writable],
                                  list(self.helpers), 0)
            e = self.expr(lfc, lam, lty, 2)
            if lty == F:
                e = "fclamp(%s)" % e
            body.append("  auto lam = [&](%s y) -> %s { return %s; };" % (
                CTYPE[lty], CTYPE[lty], e))
            fc.callables.append(Callable("lam", lty, [lty], "lambda",
                                         lfc.flags - {"helper"}))
        wide_stmts = []
        if feats:
            budget = fc.budget
            with self.stream(self.wide_rng):
                body += self.wide_locals(fc, scope, feats)
                wide_stmts = self.wide_stmts(fc, scope, feats)
            # They stand in for generated statements: the graph stays
            # mappable on cgra-8x8.
            fc.budget = max(1, budget - len(wide_stmts))
        stmts = []
        while fc.budget > 0:
            stmts.append(self.stmt(fc, scope, "  ", 0, {"depth": 0}))
        read_only = [v for v in ("gCount", "o.k") if v in scope.vars[U] and
                     v not in scope.assignable[U]]
        if "cell" in dict(params) and read_only and self.chance(0.6):
            # When main binds cell to &gCount or &o.k, the kernel's store
            # through cell changes the global or field it reads afterwards.
            stmts.insert(0, ["  cell[0] ^= %s;" % self.expr(fc, scope, U, 2)])
            stmts.append(["  cell[0] += %s;" % self.pick(read_only)])
            fc.flags.add("effect")
        if last:
            # Every program exercises the paths issue H is about: a call of
            # a generated helper, an early return from a loop, a break or
            # continue and a switch. What the random kernels lack, the last
            # one gets, at a random place among its statements.
            have = self.program_flags | fc.flags
            forced = []
            if not have & REQUIRED[0]:
                forced.append(self.forced_call(fc, scope))
            if "early-return" not in have:
                forced.append(self.loop(fc, scope, "  ", 1, {"depth": 0},
                                        force_exit="return"))
            if not have & {"break", "continue"}:
                forced.append(self.loop(fc, scope, "  ", 1, {"depth": 0},
                                        self.pick(["break", "continue"])))
            if "switch" not in have:
                forced.append(self.loop(fc, scope, "  ", 1, {"depth": 0},
                                        force_exit="switch"))
            if not have & {"global", "object"}:
                objs = [a for a in arrays
                        if a.kind not in ("ptr", "mid", "end", "nptr")]
                arr = self.pick(objs)
                if arr.writable and self.chance(0.5):
                    fc.budget = 2
                    self.note_array(fc, arr)
                    forced.append(["  %s[(%s) %% %s] = int(%s);" % (
                        arr.name, self.expr(fc, scope, U, 1), arr.length,
                        self.expr(fc, scope, U, 2))])
                else:
                    forced.append(["  u0 ^= %s;" % self.read_array(
                        fc, scope, arr, U, 2)])
            for st in forced:
                fc.budget = 2
                if st:
                    stmts.insert(self.rng.randrange(len(stmts) + 1), st)
        if wide_stmts:
            with self.stream(self.wide_rng):
                for st in wide_stmts:
                    stmts.insert(self.rng.randrange(len(stmts) + 1), st)
        hint_flags = set()
        if self.hint_rate > 0:
            saved, self.rng = self.rng, self.hint_rng
            try:
                for st in self.hint_loops(name, fc, scope, arrays,
                                          hint_flags):
                    stmts.insert(self.rng.randrange(len(stmts) + 1), st)
            finally:
                self.rng = saved
        lines = [l for st in stmts for l in st]
        # A kernel with nothing observable would be trivially equal.
        if ret is None and "effect" not in fc.flags:
            lines += self.store(fc, scope, "  ")
        fold = None
        if feats:
            with self.stream(self.wide_rng):
                fold = self.wide_fold(fc)
                outs = [a for a in arrays if a.writable]
                if outs:
                    lines.append(self.fold_store(fc, self.pick(outs), fold))
                    fold = None
        body += lines
        if fc.acc:
            if ret == U:
                body.append("  return acc.get() ^ %s;" % self.expr(
                    fc, scope, U, 2))
            else:
                # acc's state must be observable: fold it into an output.
                outs = [a for a in arrays if a.writable and a.elem == "u32"]
                if outs:
                    body.append("  %s ^= acc.get();" % self.first_elem(
                        outs[0]))
                elif ret is not None:
                    body.append("  %s" % self.ret_stmt(fc, scope).replace(
                        "return ", "return acc.get() == 7u ? %s : " % (
                            self.const(ret)), 1))
        if ret is not None and not body[-1].lstrip().startswith("return"):
            body.append("  %s" % self.ret_stmt(fc, scope))
        if fold:
            # Nothing to store into: the wider locals go into the result.
            # (The fold comes first: "(uint32_t(int64_t(m0[i]))) ^ x" would
            # parse as a cast to a function type.)
            x = body[-1].strip()[len("return "):-1]
            body[-1] = "  return %s;" % {
                U: "(%s) ^ (%s)" % (fold, x),
                S: "int64_t(uint64_t(%s) ^ uint64_t(%s))" % (fold, x),
                F: "fclamp(float((%s) & 1023u) + (%s))" % (fold, x)}[ret]
        sig = ", ".join("%s%s%s" % (t, "" if t.endswith(("*", "&")) else " ",
                                    nm) for nm, t in params)
        text = "LOOM_ACCEL()\n%s %s(%s) {\n%s\n}" % (
            CTYPE[ret] if ret else "void", name, sig, "\n".join(body))
        if "gCount" in text:
            fc.flags |= {"global", "global-scalar"}
        if "o.k" in text:
            fc.flags |= {"object", "struct", "field"}
        self.decls.append(text)
        self.kernels.append((name, ret, params, arrays, fc.flags | hint_flags))
        self.program_flags |= fc.flags

    # -- wider types and pointers (the wide stream) ------------------------

    def wide_params(self, arrays, params):
        """Which of WIDE_FEATURES the kernel holds, and the pointer
        parameters they need (appended to arrays and params); returns the
        features and the declarations at the top of the body."""
        feats = [f for f in WIDE_FEATURES if self.chance(self.wide_rate)]
        if len(feats) > kMaxWide:
            # More would make graphs too large for cgra-8x8.
            keep = self.rng.sample(feats, kMaxWide)
            feats = [f for f in feats if f in keep]
        decls = []

        def add(arr):
            arr.wide_param = True
            ct = ("" if arr.writable else "const ") + ELEM_CTYPE[arr.elem]
            arrays.append(arr)
            params.append((arr.name, ct + " *"))
            return ct
        if "mid" in feats:
            # main passes buf + kl; the kernel may read or write
            # [-kl, n + kr).
            writable = self.chance(0.4)
            elem = self.pick(["u32", "u32", "u16", "i8", "u64"] if writable
                             else ["i32", "i32", "i16", "u8", "u16"])
            arr = Array("m0", "mid", elem, None, writable)
            arr.kl, arr.kr = self.rng.randrange(1, 4), self.rng.randrange(0, 3)
            arr.length = "uint32_t(n + %d)" % (arr.kl + arr.kr)
            ct = add(arr)
            if self.chance(0.5):
                q = Array("m0q", "mid", elem, arr.length, writable)
                q.kl, q.kr, q.q = arr.kl - 1, arr.kr + 1, True
                arrays.append(q)
                decls.append("  %s *m0q = m0 - 1;" % ct)
        if "end" in feats:
            writable = self.chance(0.4)
            elem = self.pick(["u32", "u32", "i16", "u64", "u8"] if writable
                             else ["i32", "i32", "u16", "i8", "f64"])
            arr = Array("e0", "end", elem, "uint32_t(n)", writable)
            arr.style = self.pick(["last", "end"])
            add(arr)
        if "narrow" in feats and self.chance(0.6):
            add(Array("b0", "nptr", self.pick(["u8", "i8", "u16", "i16"]),
                      "uint32_t(n)", self.chance(0.5)))
        if "u64" in feats and self.chance(0.5):
            add(Array("q0", "nptr", "u64", "uint32_t(n)", self.chance(0.6)))
        if "double" in feats and self.chance(0.4):
            add(Array("d0", "nptr", "f64", "uint32_t(n)", self.chance(0.6)))
        return feats, decls

    def wide_locals(self, fc, scope, feats):
        """The wider locals, and wacc, where the wider statements fold what
        they read (wide_fold makes it observable)."""
        types = []
        if "narrow" in feats:
            types += self.rng.sample(NARROW, 2 if self.chance(0.3) else 1)
        if "u64" in feats:
            types.append(Q64)
        if "shift" in feats and not set(types) & set(WIDE_INT):
            types.append(self.pick(WIDE_INT))
        if "double" in feats:
            types.append(D)
        lines = []
        for t in types:
            v = fc.fresh("dv" if t == D else "nv")
            init = self.expr(fc, scope, t, 1)
            lines.append("  %s %s = %s;" % (CTYPE[t], v,
                                            "dclamp(%s)" % init if t == D
                                            else init))
            scope.vars[t].append(v)
            scope.assignable[t].append(v)
            fc.wide_locals.append((t, v))
        lines.append("  uint32_t wacc = %s;" % self.const(U))
        scope.vars[U].append("wacc")
        return lines

    def wide_loop(self, fc, scope, body, way=None, general=(0, 1),
                  exit_value=False):
        """A loop over [0, n) (up, down, or down by a step from hi to lo)
        whose body is body(scope, counter, indentation) and
        randrange(*general) generated statements (none by default: the
        graph stays small)."""
        i = fc.fresh("i")
        way = way or self.pick(["up", "up", "up", "down", "down", "step"])
        lines = []
        if way == "up":
            head = "for (int %s = 0; %s < n; ++%s)" % (i, i, i)
        elif way == "down":
            fc.flags.add("reverse")
            head = "for (int %s = n - 1; %s >= 0; --%s)" % (i, i, i)
        else:
            # hi <= n - 1 and lo >= -1: the counter stays in [0, n).
            fc.flags |= {"reverse", "reverse-step"}
            hi = self.pick(["n - 1", "n - 1", "n - 2", "n / 2",
                            "n - 1 - int(%s %% 3u)" % self.expr(fc, scope, U,
                                                                1)])
            lo = self.pick(["-1", "0", "1", "n / 4"])
            step = self.rng.randrange(1, 4)
            head = "for (%s = %s; %s > %s; %s -= %d)" % (
                i if exit_value else "int " + i, hi, i, lo, i, step)
            if exit_value:
                # The counter lives on: its value after the loop is folded.
                lines.append("  int %s;" % i)
        lines.append("  %s {" % head)
        bscope = Scope(scope)
        bscope.safe_index.append((i, {"ptr"}))
        bscope.vars[U].append("uint32_t(%s)" % i)
        bscope.vars[S].append("int64_t(%s)" % i)
        lines += body(bscope, i, "    ")
        fc.budget = self.rng.randrange(*general)
        lines += self.block(fc, bscope, "    ", 1, {"depth": 1}, fc.budget)
        lines.append("  }")
        if exit_value:
            lines.append("  wacc ^= uint32_t(%s);" % i)
        return lines

    def sink(self, ind, value):
        """Fold value into wacc (one operation, mostly: small graphs)."""
        form = self.pick(["%swacc += %s;", "%swacc ^= %s;",
                          "%swacc = wacc * 33u + (%s);"])
        return form % (ind, value)

    def wide_stmts(self, fc, scope, feats):
        """The top-level statements of the wider features of the kernel:
        one loop over [0, n) holds what they do in a loop (walking down by
        a step when the kernel has the strided reverse loop; small graphs
        stay mappable); the walk down from an end pointer is a loop of its
        own, and the rest are statements outside loops."""
        out = []
        bodies = []
        mids = [a for a in fc.arrays if a.kind == "mid"]
        ends = [a for a in fc.arrays if a.kind == "end"]
        if mids:
            def mid_body(bscope, i, ind):
                lines = []
                for a in mids:
                    if a.writable and self.chance(0.7):
                        lines += self.store_into(fc, bscope, ind, a)
                    elif not a.writable or self.chance(0.5):
                        reads = [self.read_array(fc, bscope, a, U, 1)
                                 for _ in range(self.rng.randrange(1, 3))]
                        if a.kl >= 1 and self.chance(0.4):
                            self.note_array(fc, a)
                            reads.append(convert("%s[-1]" % a.name, a.elem,
                                                 U))
                        lines.append(self.sink(ind, " ^ ".join(reads)))
                return lines
            bodies.append(mid_body)
        if ends:
            a = ends[0]
            if self.chance(0.5):
                out.append(self.end_walk(fc, scope, a))
            else:
                # end[-i] (a + n - 1 passed) or end[-1 - i] (a + n).
                def end_body(bscope, i, ind):
                    self.note_array(fc, a)
                    if a.writable:
                        return self.store_into(fc, bscope, ind, a)
                    return [self.sink(ind, self.read_array(fc, bscope, a, U,
                                                           1))]
                bodies.append(end_body)
        for feat, types in (("narrow", NARROW), ("u64", (Q64,)),
                            ("double", (D,)), ("shift", WIDE_INT)):
            if feat in feats:
                body = (self.shift_body if feat == "shift"
                        else self.typed_body)(fc, types)
                if self.chance(0.6):
                    bodies.append(body)
                else:
                    out.append(body(scope, None, "  "))
        step = "reverse-step" in feats
        if bodies or step:
            def loop_body(bscope, i, ind):
                return [l for b in bodies for l in b(bscope, i, ind)]
            out.append(self.wide_loop(
                fc, scope, loop_body, "step" if step else None,
                (1, 2) if step else (0, 1), step and self.chance(0.5)))
        return out

    def end_walk(self, fc, scope, a):
        """A walk down from one past the last element of an end pointer,
        *--p, n steps (counted, or until p is the first element)."""
        self.note_array(fc, a)
        fc.flags.add("end-walk")
        ct = ("" if a.writable else "const ") + ELEM_CTYPE[a.elem]
        p = fc.fresh("p")
        past = a.name + (" + 1" if a.style == "last" else "")
        lines = ["  {", "    %s *%s = %s;" % (ct, p, past)]
        bscope = Scope(scope)
        if self.chance(0.5):
            i = fc.fresh("i")
            lines.append("    for (int %s = 0; %s < n; ++%s) {" % (i, i, i))
            bscope.safe_index.append((i, {"ptr"}))
            bscope.vars[U].append("uint32_t(%s)" % i)
        else:
            lines.append("    while (%s != %s - n) {" % (p, past))
        if a.writable:
            fc.flags.add("effect")
            lines.append("      *--%s = %s;" % (p, self.value_of(
                fc, bscope, a.elem)))
        else:
            t = fc.fresh("t")
            lines.append("      const uint32_t %s = %s;" % (
                t, convert("*--%s" % p, a.elem, U)))
            bscope.vars[U].append(t)
            lines.append(self.sink("      ", t))
        lines += ["    }", "  }"]
        return lines

    def value_of(self, fc, scope, elem):
        """A value to store into an element of type elem."""
        if elem == "i32":
            return "int(%s)" % self.expr(fc, scope, U, 2)
        ty = ELEM_TYPE[elem]
        e = self.expr(fc, scope, ty, 2)
        return {F: "fclamp(%s)", D: "dclamp(%s)"}.get(ty, "%s") % e

    def typed_body(self, fc, types):
        """Statements on the kernel's locals and arrays of the wider types
        (in a loop or not: the counter is None outside loops)."""
        locs = [(t, v) for t, v in fc.wide_locals if t in types]
        arrs = [a for a in fc.arrays
                if a.kind == "nptr" and ELEM_TYPE[a.elem] in types]

        def body(bscope, i, ind):
            lines = []
            for a in arrs:
                if a.writable:
                    lines += self.store_into(fc, bscope, ind, a)
                else:
                    lines.append(self.sink(ind, self.read_array(
                        fc, bscope, a, U, 1)))
            t, v = self.pick(locs)
            lines += self.wide_assign(fc, bscope, ind, t, v)
            if t == D and self.chance(0.5):
                fc.flags.add("double-cvt")
                lines.append(self.sink(ind, self.pick([
                    "uint32_t(d2i(%s * 64.0))", "std::bit_cast<uint32_t>("
                    "float(%s))", "uint32_t(std::bit_cast<uint64_t>(%s) >> "
                    "32)"]) % v))
            return lines
        return body

    def shift_body(self, fc, types):
        """A shift of an 8/16/64-bit local by an amount masked to width - 1
        (the loop counter's, in a loop)."""
        locs = [(t, v) for t, v in fc.wide_locals if t in types]
        t, v = self.pick(locs)
        bits = BITS[t]

        def body(bscope, i, ind):
            fc.flags |= {"shift", "u64" if t == Q64 else "narrow"}
            amt = "(%s & %du)" % ("uint32_t(%s)" % i if i and self.chance(0.6)
                                  else self.expr(fc, bscope, U, 1), bits - 1)
            form = self.pick(["<<", ">>", "rot", "fold"])
            if form == "rot" and t in SIGNED:
                form = ">>"
            k = self.rng.randrange(1, bits)
            if t == Q64:
                text = {"<<": "%s << %s" % (v, amt),
                        ">>": "%s >> %s" % (v, amt),
                        "rot": "(%s << %d) | (%s >> %d)" % (v, k, v, 64 - k),
                        "fold": "%s ^ (%s >> %s)" % (v, v, amt)}[form]
                return ["%s%s = %s;" % (ind, v, text)]
            T = CTYPE[t]
            text = {"<<": "%s(uint32_t(%s) << %s)" % (T, v, amt),
                    ">>": "%s(%s >> %s)" % (T, v, amt),
                    "rot": "%s((uint32_t(%s) << %d) | "
                           "(uint32_t(%s) >> %d))" % (T, v, k, v, bits - k),
                    "fold": "%s(%s ^ (%s >> %s))" % (T, v, v, amt)}[form]
            lines = ["%s%s = %s;" % (ind, v, text)]
            if self.chance(0.4):
                # A 32-bit shift of the widened value.
                lines.append(self.sink(ind, "uint32_t(%s) << (%s & 31u)" % (
                    v, self.expr(fc, bscope, U, 1))))
            return lines
        return body

    def wide_fold(self, fc):
        """wacc and the wider locals, folded into one uint32_t."""
        parts = ["wacc"]
        for t, v in fc.wide_locals:
            if t == Q64:
                parts.append("fold64(%s)" % v)
            elif t == D:
                fc.flags.add("double-cvt")
                parts.append(self.pick([
                    "fold64(std::bit_cast<uint64_t>(%s))",
                    "std::bit_cast<uint32_t>(float(%s))",
                    "uint32_t(d2i(%s * 256.0))"]) % v)
            else:
                parts.append("uint32_t(%s)" % v)
        return " ^ ".join(parts)

    def fold_store(self, fc, a, fold):
        self.note_array(fc, a)
        fc.flags.add("effect")
        x = self.first_elem(a)
        if a.elem == "i32":
            return "  %s = int(uint32_t(%s) ^ (%s));" % (x, x, fold)
        if a.elem == "s64":
            return "  %s = int64_t(uint64_t(%s) ^ (%s));" % (x, x, fold)
        if a.elem == "f32":
            return "  %s = fclamp(%s + float((%s) & 1023u));" % (x, x, fold)
        if a.elem == "f64":
            return "  %s = dclamp(%s + double((%s) & 1023u));" % (x, x, fold)
        if a.elem in ("u8", "i8", "u16", "i16"):
            return "  %s = %s(uint32_t(%s) ^ (%s));" % (
                x, ELEM_CTYPE[a.elem], x, fold)
        return "  %s ^= %s;" % (x, fold)

    # -- LOOM_PARALLEL hints ----------------------------------------------

    def hint_loops(self, kernel, fc, scope, arrays, flags):
        """Top-level loops of the kernel that carry LOOM_PARALLEL(), drawn
        from self.rng (the hint stream): correct hints on loops whose
        iterations are independent whatever main binds the arguments to, and
        wrong hints on loops with a dependence the compiler's analysis can
        prove (docs/testing.md, "What a program holds")."""
        outs = [a for a in arrays if a.kind == "ptr" and a.writable]
        cells = [a for a in arrays if a.kind == "cell"]
        if not (outs or cells) or not self.chance(self.hint_rate):
            return []
        count = 2 if self.chance(0.25) else 1
        loops = []
        for _ in range(count):
            if outs and self.chance(0.5):
                shape = self.pick(["forward", "forward", "backward", "step2",
                                   "pairs"])
                loops.append(self.correct_hint(kernel, fc, scope, arrays, outs,
                                             shape, flags))
            else:
                shapes = ["invariant"] + (
                    ["recurrence", "recurrence", "ahead", "sweeps"]
                    if outs else [])
                loops.append(self.wrong_hint(kernel, fc, scope, arrays, outs,
                                             cells, self.pick(shapes), flags))
        return loops

    def hint_context(self, fc, scope, arrays, at, index_vars):
        """What the body of a hinted loop reads: element `at` of every
        pointer argument (an input may be an output of the same call, and
        two outputs one array, so no other element of them), any element of
        main's read-only objects and of the constant table, the kernel's
        scalars and locals (the loop assigns none of them) and the pure
        helpers (no lambda: it reads the pointer arguments anywhere)."""
        proxies = []
        for a in arrays:
            if a.kind == "ptr":
                proxy = Array(a.name, a.kind, a.elem, a.length, a.writable)
                proxy.fixed = at
                proxies.append(proxy)
            elif a.kind in ("gconst", "vec", "span", "array", "iter"):
                proxies.append(a)
        callables = [c for c in fc.callables if c.ret is not None and
                     "arr" not in c.params and c.construct != "lambda"]
        hfc = FunctionContext(fc.ret, True, proxies, callables, 0)
        hscope = Scope(scope)
        for v in index_vars:
            hscope.vars[U].append("uint32_t(%s)" % v)
            hscope.vars[S].append("int64_t(%s)" % v)
        return hfc, hscope

    def hint_value(self, hfc, hscope, elem, prev=None):
        """A value to store into an element of type elem, folding in prev
        (the text of an element read) when given."""
        ty = {"u32": U, "s64": S, "f32": F}[elem]
        e = self.expr(hfc, hscope, ty, 2)
        if ty == U:
            if prev is None:
                return e
            return "%s * %du + (%s)" % (prev, self.pick([3, 5, 7, 33]), e)
        if ty == S:
            if prev is None:
                return e
            return "int64_t(uint64_t(%s) * %du + uint64_t(%s))" % (
                prev, self.pick([3, 5, 7, 33]), e)
        if prev is None:
            return "fclamp(%s)" % e
        return "fclamp(%s * %s + %s)" % (prev, lit_f(self.pick(
            [0.5, -0.5, 0.25, 1.0])), e)

    def hint_header(self, kind, shape, kernel, ind="  "):
        number = len(self.hints)
        self.hints.append({"number": number, "kernel": kernel, "kind": kind,
                           "shape": shape})
        return "%sLOOM_PARALLEL()  // hint %d: %s, %s" % (ind, number, kind,
                                                           shape)

    def correct_hint(self, kernel, fc, scope, arrays, outs, shape, flags):
        """Independent iterations: iteration i writes element i of outputs
        (or, "pairs", the odd element 2i + 1 from even ones)."""
        i = "hi%d" % len(self.hints)
        lines = [self.hint_header("correct", shape, kernel)]
        if shape == "forward":
            lines.append("  for (int %s = 0; %s < n; ++%s) {" % (i, i, i))
        elif shape == "backward":
            lines.append("  for (int %s = n - 1; %s >= 0; --%s) {" % (i, i, i))
        elif shape == "step2":
            lines.append("  for (int %s = %d; %s < n; %s += 2) {" % (
                i, self.rng.randrange(0, 2), i, i))
        else:
            lines.append("  for (int %s = 0; %s < n / 2; ++%s) {" % (i, i, i))
        at = "2 * %s" % i if shape == "pairs" else i
        hfc, hscope = self.hint_context(fc, scope, arrays, at, [i])
        if shape == "pairs":
            w = self.pick(outs)
            lines.append("    %s[2 * %s + 1] = %s;" % (
                w.name, i, self.hint_value(hfc, hscope, w.elem, "%s[2 * %s]" %
                                           (w.name, i))))
        else:
            for _ in range(self.rng.randrange(1, 3)):
                w = self.pick(outs)
                target = "%s[%s]" % (w.name, i)
                value = self.hint_value(hfc, hscope, w.elem,
                                        target if self.chance(0.4) else None)
                if self.chance(0.3):
                    lines.append("    if %s" % self.cond(hfc, hscope, 1))
                    lines.append("      %s = %s;" % (target, value))
                else:
                    lines.append("    %s = %s;" % (target, value))
        lines.append("  }")
        flags |= hfc.flags | {"hint-correct"}
        return lines

    def wrong_hint(self, kernel, fc, scope, arrays, outs, cells, shape,
                   flags):
        """A dependence between iterations the analysis proves: a recurrence
        of constant distance, a read ahead of the writes, one element every
        iteration writes, or in-place sweeps repeated by the hinted outer
        loop."""
        i = "hi%d" % len(self.hints)
        t = "ht%d" % len(self.hints)
        d = self.rng.randrange(1, 4)
        # Recurrences and reads ahead walk up or down the array; a walk up
        # by 2 steps over the odd or even elements.
        way = self.pick(["up", "up", "down", "step2"]) if shape in (
            "recurrence", "ahead") else None
        if way == "step2":
            d = 2 * self.rng.randrange(1, 3)
        label = {"recurrence": "recurrence",
                 "ahead": "read ahead",
                 "invariant": "one element written by every iteration",
                 "sweeps": "in-place sweeps"}[shape]
        if way:
            label += "%s (distance %d)" % (
                {"up": "", "down": " downwards", "step2": " by 2"}[way], d)
        lines = [self.hint_header("wrong", label, kernel)]
        hfc, hscope = self.hint_context(fc, scope, arrays, i,
                                        [i, t] if shape == "sweeps" else [i])
        if shape == "invariant":
            w = self.pick(outs + cells)
            lines.append("  for (int %s = 0; %s < n; ++%s)" % (i, i, i))
            target = "%s[0]" % w.name
            lines.append("    %s = %s;" % (target, self.hint_value(
                hfc, hscope, w.elem, target)))
        elif shape == "sweeps":
            w = self.pick(outs)
            lines.append("  for (int %s = 0; %s < %d; ++%s)" % (
                t, t, self.rng.randrange(2, 5), t))
            lines.append("    for (int %s = 0; %s < n; ++%s)" % (i, i, i))
            target = "%s[%s]" % (w.name, i)
            lines.append("      %s = %s;" % (target, self.hint_value(
                hfc, hscope, w.elem, target)))
        else:
            # Iteration i reads the element d before it (d after it, down):
            # a recurrence reads what an earlier iteration wrote, a read
            # ahead what a later one overwrites.
            w = self.pick(outs)
            behind = (shape == "recurrence") == (way != "down")
            if way == "down":
                lines.append("  for (int %s = n - 1%s; %s >= %s; --%s)" % (
                    i, "" if behind else " - %d" % d, i,
                    d if behind else 0, i))
            else:
                inc = ("%s += 2" if way == "step2" else "++%s") % i
                if behind:
                    lines.append("  for (int %s = %d; %s < n; %s)" % (
                        i, d, i, inc))
                else:
                    lines.append("  for (int %s = %d; %s < n - %d; %s)" % (
                        i, self.rng.randrange(0, 2) if way == "step2" else 0,
                        i, d, inc))
            prev = "%s[%s %s %d]" % (w.name, i, "-" if behind else "+", d)
            lines.append("    %s[%s] = %s;" % (w.name, i, self.hint_value(
                hfc, hscope, w.elem, prev)))
        flags |= hfc.flags | {"hint-wrong"}
        return lines

    def forced_call(self, fc, scope):
        has_i32 = any(a.kind == "ptr" and a.elem == "i32" for a in fc.arrays)
        calls = [c for c in fc.callables if c.ret is not None and
                 ("arr" not in c.params or has_i32)]
        if not calls:
            return self.forced_view_call(fc, scope)
        c = self.pick(calls)
        fc.flags |= {"helper", c.construct} | c.flags
        call = "%s(%s)" % (c.name, ", ".join(self.call_args(fc, scope, c,
                                                            2)))
        return ["  u0 ^= %s;" % convert(call, {U: "u32", S: "s64",
                                               F: "f32"}[c.ret], U)]

    def forced_view_call(self, fc, scope):
        """What the last kernel calls when no helper fits its arguments: a
        helper that walks an array, on another int array of the kernel (an
        object's, the constant table) when it has no int32_t pointer
        argument; or a void helper on a uint32_t output."""
        views = [(a, {"obj": ("o.data", "o.n"),
                      "vec": ("v.data()", "int(v.size())"),
                      "span": ("sp.data()", "int(sp.size())"),
                      "iter": ("first", "int(last - first)")}.get(
                          a.kind, (a.name + (".data()" if a.kind == "array"
                                             else ""), a.length[:-1])))
                 for a in fc.arrays
                 if a.kind in ("obj", "vec", "span", "iter", "array",
                               "gconst")]
        loops = [c for c in fc.callables if c.ret is not None and
                 "arr" in c.params]
        if not (views and loops):
            # A void helper storing through a uint32_t pointer: an output
            # array, cell, gMut, or Obj::data (uint32_t may alias int).
            outs = [(a.name, "n" if a.kind == "ptr" else a.length[:-1])
                    for a in fc.arrays if a.elem == "u32" and a.writable
                    and a.kind in ("ptr", "cell", "gmut")] + [
                        ("reinterpret_cast<uint32_t *>(o.data)", "o.n")
                        for a in fc.arrays if a.kind == "obj"]
            voids = [c for c in fc.callables if c.ret is None]
            if not (outs and voids):
                return None
            c = self.pick(voids)
            fc.flags |= {"helper", c.construct, "effect"} | c.flags
            name, count = self.pick(outs)
            for a in fc.arrays:
                if a.name == name or a.kind == "obj" and "o.data" in name:
                    self.note_array(fc, a)
            return ["  %s(%s, %s, %s);" % (c.name, name, count,
                                           self.expr(fc, scope, U, 2))]
        c = self.pick(loops)
        arr, (base, count) = self.pick(views)
        self.note_array(fc, arr)
        fc.flags |= {"helper", c.construct} | c.flags
        args = []
        for p in c.params:
            args += [base, count] if p == "arr" else [
                self.expr(fc, scope, p, 1)]
        call = "%s(%s)" % (c.name, ", ".join(args))
        return ["  u0 ^= %s;" % convert(call, {U: "u32", S: "s64",
                                               F: "f32"}[c.ret], U)]

    # -- main ------------------------------------------------------------

    def choose_aliases(self, params, size):
        """Which arguments of a call share memory (about a quarter of the
        kernels): a struct's data pointer and an input array, an output
        array and the mutable global, two output arrays, an input array
        and an output array (int32_t and uint32_t may alias)."""
        names = dict(params)
        ins = [nm for nm, t in params
               if t == "const int32_t *" and nm not in ("first", "last")]
        outs = [nm for nm, t in params if t == "uint32_t *" and nm != "cell"]
        alias = {}
        if "cell" in names:
            targets = (["&gCount"] if self.global_scalar else []) + (
                ["&o.k"] if "o" in names else [])
            if targets and self.chance(0.4):
                alias["cell"] = self.pick(targets)
        if "o" in names and ins and self.chance(0.3):
            alias["o.data"] = self.pick(ins)
        if outs and self.globals_mut is not None and \
                size <= int(self.globals_mut.length[:-1]) and self.chance(0.2):
            alias[outs[0]] = "gMut"
        elif len(outs) > 1 and self.chance(0.2):
            alias[outs[1]] = outs[0]
        if ins and outs and outs[0] not in alias and self.chance(0.15):
            alias[ins[-1]] = "reinterpret_cast<const int32_t *>(%s)" % outs[0]
        return alias

    def wide_main(self, arrays, size, printers):
        """main's buffers for the wider pointer parameters; the ones the
        kernel may write are printed whole (an interior pointer's margins
        too)."""
        out = []
        for a in arrays:
            count = size + a.kl + a.kr
            buf = a.name + ("buf" if a.kind in ("mid", "end") else "")
            out.append("    %s %s[%d] = {%s};" % (
                ELEM_CTYPE[a.elem], buf, count, ", ".join(
                    self.elem_lit(a.elem) for _ in range(count))))
            if a.writable:
                printers.append("printN(\"%%s %s\", %s, %d);" % (buf, buf,
                                                                 count))
        return out

    def wide_arg(self, a, n):
        """The argument of a wider pointer parameter for a call of n."""
        if a.kind == "mid":
            return "%sbuf + %d" % (a.name, a.kl)
        if a.kind == "end":
            return "%sbuf + %d%s" % (a.name, n, " - 1" if a.style == "last"
                                     else "")
        return a.name

    def make_main(self):
        out = ["int main() {"]
        for name, ret, params, arrays, flags in self.kernels:
            size = self.rng.randrange(1, 21)
            out.append("  {")
            out.append("    // %s: arrays of %d elements" % (name, size))
            printers = []
            # Arguments that alias (valid C++: no parameter is __restrict__):
            # argument name -> the C expression passed instead of the array
            # of that name.
            # The wider pointer parameters get buffers of their own (never
            # aliased) and arguments computed from n.
            wide = dict((a.name, a) for a in arrays if a.wide_param)
            alias = self.choose_aliases([(nm, t) for nm, t in params
                                         if nm not in wide], size)
            if alias:
                flags.add("alias")
                out.append("    // aliasing: %s" % ", ".join(
                    "%s = %s" % kv for kv in sorted(alias.items())))
            for nm, t in params:
                if nm in ("n", "last") or nm in wide:
                    continue
                if nm == "cell":
                    out.append("    uint32_t cellv = %s;" % self.const(U))
                    if nm not in alias:
                        printers.append("printU(\"%s cell\", &cellv, 1);")
                elif nm == "first":
                    m = self.rng.randrange(1, 13)
                    vals = [self.rand_i32() for _ in range(m)]
                    out.append("    int32_t itdata[%d] = {%s};" % (
                        m, ", ".join(lit_i32(v) for v in vals)))
                elif t.startswith("const std::array"):
                    m = int(re.search(r"(\d+)>", t).group(1))
                    vals = [self.rand_i32() for _ in range(m)]
                    out.append("    std::array<int32_t, %d> ar = {%s};" % (
                        m, ", ".join(lit_i32(v) for v in vals)))
                elif t in ("const int32_t *",):
                    vals = [self.rand_i32() for _ in range(size)]
                    out.append("    int32_t %s[%d] = {%s};" % (
                        nm, size, ", ".join(lit_i32(v) for v in vals)))
                elif t == "const float *":
                    vals = [self.rand_f() for _ in range(size)]
                    out.append("    float %s[%d] = {%s};" % (
                        nm, size, ", ".join(lit_f(v) for v in vals)))
                elif t == "uint32_t *":
                    vals = [self.rand_u() for _ in range(size)]
                    out.append("    uint32_t %s[%d] = {%s};" % (
                        nm, size, ", ".join(lit_u(v) for v in vals)))
                    if nm not in alias:
                        printers.append("printU(\"%%s %s\", %s, %d);" % (
                            nm, nm, size))
                elif t == "float *":
                    vals = [self.rand_f() for _ in range(size)]
                    out.append("    float %s[%d] = {%s};" % (
                        nm, size, ", ".join(lit_f(v) for v in vals)))
                    printers.append("printF(\"%%s %s\", %s, %d);" % (nm, nm,
                                                                     size))
                elif t == "int64_t *":
                    vals = [self.rand_s() for _ in range(size)]
                    out.append("    int64_t %s[%d] = {%s};" % (
                        nm, size, ", ".join(lit_s(v) for v in vals)))
                    printers.append("printS(\"%%s %s\", %s, %d);" % (nm, nm,
                                                                     size))
                elif t == "const std::vector<int> &":
                    vals = [self.rand_i32()
                            for _ in range(self.rng.randrange(1, 21))]
                    out.append("    std::vector<int> v = {%s};" % ", ".join(
                        lit_i32(v) for v in vals))
                elif t == "Obj &" and "o.data" in alias:
                    # o.data is another argument's array: prints with it.
                    m = self.rng.randrange(1, size + 1)
                    out.append("    Obj o{%d, %s, %s};" % (m, alias["o.data"],
                                                       self.const(U)))
                    printers.append("printI(\"%%s o.data\", %s, %d);" % (
                        alias["o.data"], size))
                elif t == "Obj &":
                    m = self.rng.randrange(1, 13)
                    vals = [self.rand_i32() for _ in range(m)]
                    out.append("    int odata[%d] = {%s};" % (
                        m, ", ".join(lit_i32(v) for v in vals)))
                    out.append("    Obj o{%d, odata, %s};" % (m, self.const(U)))
                    printers.append("printI(\"%%s o.data\", odata, %d);" % m)
                elif t == "std::span<const int32_t>":
                    m = self.rng.randrange(1, 13)
                    vals = [self.rand_i32() for _ in range(m)]
                    out.append("    int32_t spdata[%d] = {%s};" % (
                        m, ", ".join(lit_i32(v) for v in vals)))
                if t == "Obj &" and alias.get("cell") != "&o.k":
                    printers.append("printU(\"%s o.k\", &o.k, 1);")
                elif t == "Obj &":
                    printers.append("printU(\"%s o.k (cell)\", &o.k, 1);")
            if wide:
                with self.stream(self.wide_rng):
                    out += self.wide_main(wide.values(), size, printers)
            if self.globals_mut is not None:
                printers.append("printU(\"%%s gMut\", gMut, %s);" %
                                self.globals_mut.length[:-1])
            if self.global_scalar:
                printers.append("printU(\"%s gCount\", &gCount, 1);")
            for call in range(self.rng.randrange(1, 3)):
                n = size if call == 0 else self.rng.randrange(1, size + 1)
                argv = []
                for nm, t in params:
                    if nm in wide:
                        argv.append(self.wide_arg(wide[nm], n))
                    elif nm == "n":
                        argv.append(str(n))
                    elif t == "std::span<const int32_t>":
                        argv.append("std::span<const int32_t>(spdata)")
                    elif nm == "cell":
                        argv.append(alias.get(nm, "&cellv"))
                    elif nm == "first":
                        argv.append("itdata")
                    elif nm == "last":
                        argv.append("itdata + sizeof itdata / sizeof "
                                    "itdata[0]")
                    elif t in ("uint32_t", "int64_t", "float"):
                        argv.append(self.const({"uint32_t": U, "int64_t": S,
                                                "float": F}[t]))
                    else:
                        argv.append(alias.get(nm, nm))
                tag = "%s.%d" % (name, call)
                callexpr = "%s(%s)" % (name, ", ".join(argv))
                if ret == U:
                    out.append("    std::printf(\"%s ret %%08x\\n\", "
                               "(unsigned)%s);" % (tag, callexpr))
                elif ret == S:
                    out.append("    std::printf(\"%s ret %%016llx\\n\", "
                               "(unsigned long long)%s);" % (tag, callexpr))
                elif ret == F:
                    out.append("    { float r = %s; uint32_t bits; "
                               "std::memcpy(&bits, &r, 4); "
                               "std::printf(\"%s ret %%08x\\n\", "
                               "(unsigned)bits); }" % (callexpr, tag))
                else:
                    out.append("    %s;" % callexpr)
                    out.append("    std::printf(\"%s ret void\\n\");" % tag)
                for p in printers:
                    out.append("    " + p.replace("\"%s", "\"" + tag, 1))
            out.append("  }")
        out.append("  return 0;")
        out.append("}")
        return out

    def generate(self):
        self.make_globals()
        self.make_helpers()
        count = self.rng.randrange(1, 4)
        for k in range(count):
            self.make_kernel(k, k == count - 1)
        src = ["// cxx_diff.py program, seed 0x%016x" % self.seed, PRELUDE]
        src += [d + "\n" for d in self.decls]
        src.append(MAIN_PRELUDE)
        src += self.make_main()
        return "\n".join(src) + "\n"


def convert(text, src, dst):
    """Convert a C expression of element type src (i32/u32/s64/f32, or
    u8/i8/u16/i16/u64/f64) to the type dst. Every conversion is defined:
    integers convert modulo 2^N (C++20), floats and doubles into integers
    only through the range checks of f2i and d2i, a double into float only
    when it is within +-1e4 (array elements are: they are stored through
    dclamp)."""
    if src == "f32" and dst != F:
        if dst == D:
            return "double(%s)" % text
        if dst in WIDE_INT:
            return "%s(f2i(%s))" % (CTYPE[dst], text)
        return "f2i(%s)" % text if dst == S else "uint32_t(f2i(%s))" % text
    if src == "f64":
        if dst == D:
            return text
        if dst == F:
            return "float(%s)" % text
        return "d2i(%s)" % text if dst == S else "%s(d2i(%s))" % (CTYPE[dst],
                                                                  text)
    if dst == U:
        return text if src == "u32" else "uint32_t(%s)" % text
    if dst == S:
        return text if src == "s64" else "int64_t(%s)" % text
    if dst == D:
        return "double(%s)" % text
    if dst in WIDE_INT:
        return text if ELEM_TYPE.get(src) == dst else "%s(%s)" % (CTYPE[dst],
                                                                  text)
    return text if src == "f32" else "fclamp(float(%s))" % text


def generate(seed, index, hint_rate=None, wide_rate=None):
    gen = Generator(program_seed(seed, index),
                    kHintRate if hint_rate is None else hint_rate,
                    kWideRate if wide_rate is None else wide_rate)
    src = ("// generated by tests/property/cxx_diff.py --seed=%d --first=%d "
           "--count=1%s%s\n" % (
               seed, index, "" if gen.hint_rate == kHintRate
               else " --hint-rate=%g" % gen.hint_rate,
               "" if gen.wide_rate == kWideRate
               else " --wide-rate=%g" % gen.wide_rate)) + gen.generate()
    kernels = [(name, sorted(flags)) for name, _, _, _, flags in gen.kernels]
    # The line of each hint, which the compile's diagnostics name.
    hints = []
    for number, line in enumerate(src.splitlines(), 1):
        m = re.search(r"LOOM_PARALLEL\(\)  // hint (\d+):", line)
        if m:
            hints.append(dict(gen.hints[int(m.group(1))], line=number))
    return src, kernels, hints


# ---------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------

BACKENDS = ["host", "emu", "sim"]


# A toolchain being rebuilt while the campaign runs (a plugin or runtime
# library relinked under it) is not a finding: such a compile or run is
# retried after a pause.
TOOLCHAIN_BROKEN = re.compile(
    rb"unable to load plugin|file too short|invalid ELF header|"
    rb"error while loading shared libraries|cannot open shared object|"
    rb"cannot execute: |undefined reference to `loom_rt_")


def run(cmd, env, timeout, retries=10):
    for attempt in range(retries + 1):
        try:
            p = subprocess.run(cmd, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, timeout=timeout)
            rc, out, err = p.returncode, p.stdout, p.stderr
        except subprocess.TimeoutExpired as e:
            return "timeout", e.stdout or b"", e.stderr or b""
        except OSError as e:  # the executable is being replaced
            rc, out, err = 127, b"", b"cannot execute: " + str(e).encode()
        if rc == 0 or not TOOLCHAIN_BROKEN.search(err) or \
                attempt == retries:
            return rc, out, err
        print("note: the toolchain looks broken (%s); retrying in 30 s" %
              TOOLCHAIN_BROKEN.search(err).group(0).decode(), flush=True)
        time.sleep(30)


def check_program(args, index, workroot):
    src, kernels, hints = generate(args.seed, index, args.hint_rate,
                                   args.wide_rate)
    d = os.path.join(workroot, "p%d" % index)
    os.makedirs(d, exist_ok=True)
    cpp = os.path.join(d, "prog.cpp")
    exe = os.path.join(d, "prog")
    with open(cpp, "w") as f:
        f.write(src)
    res = {"index": index, "kernels": kernels, "hints": hints, "dir": d,
           "runs": {}, "status": "pass", "detail": ""}
    env = dict(os.environ)
    for var in ["LOOM_BACKEND", "LOOM_OFFLOAD", "LOOM_REPORT", "LOOM_TRACE",
                "LOOM_FABRIC", "LOOM_EMU_MAX_STEPS"]:
        env.pop(var, None)
    # A mapping cache of its own: programs neither share nor leave entries.
    env["LOOM_CACHE_DIR"] = os.path.join(d, "cache")
    t0 = time.time()
    flags = ["-Rpass-missed=loom"] if args.remarks else []
    # A wrong LOOM_PARALLEL is a -Wloom-hint warning at the hint, or (before
    # the driver reports it as one) a remark of -Rpass-analysis=loom.
    if hints:
        flags.append("-Rpass-analysis=loom")
    rc, out, err = run([args.clangxx, "-std=c++20", "-O2"] + flags +
                       [cpp, "-o", exe], env, args.timeout)
    res["compile_time"] = time.time() - t0
    ignored = {}
    for m in re.finditer(r"prog\.cpp:(\d+):\d+: (?:warning|remark): "
                         r"(?:kernel '\w+': )?LOOM_PARALLEL ignored: ([^\n]*?)"
                         r"(?: \[-Wloom-hint\].*)?$",
                         err.decode(errors="replace"), re.M):
        ignored[int(m.group(1))] = m.group(2)
    # What became of the hints the compile did not warn about (remarks at
    # the kernel, not at the hint): proven, trusted, or a carried value.
    text = err.decode(errors="replace")
    res["hint_remarks"] = {
        "proven": text.count("LOOM_PARALLEL holds: its iterations are proven "
                             "independent"),
        "trusted": text.count("LOOM_PARALLEL asserts independent iterations, "
                              "which the analysis could not prove"),
        "carried": text.count("LOOM_PARALLEL ignored: the loop carries values "
                              "between iterations")}
    # Per kernel, the remarks of hinted loops the compile did not warn
    # about: a wrong hint without a warning was trusted when its kernel has
    # such a remark for every hint without a warning; with none at all, its
    # loop was not compiled (dead code, say after an early return).
    others = collections.Counter(re.findall(
        r"kernel '(\w+)': (?:loop becomes an effect-form scf\.forall: "
        r"LOOM_PARALLEL (?:holds|asserts)|LOOM_PARALLEL ignored: the loop "
        r"carries values)", text))
    for h in hints:
        h["program"] = index
        h["diagnosed"] = rc == 0 and h["line"] in ignored
        h["message"] = ignored.get(h["line"], "")
    for h in hints:
        silent = [g for g in hints
                  if g["kernel"] == h["kernel"] and not g["diagnosed"]]
        h["fate"] = ("diagnosed" if h["diagnosed"] else
                     "compiled" if others[h["kernel"]] >= len(silent) else
                     "gone" if others[h["kernel"]] == 0 else
                     "compiled or gone")
    res["remarks"] = collections.defaultdict(list)
    for m in re.finditer(r"remark: kernel '(\w+)'[: ](.*?) \[-Rpass-missed",
                         err.decode(errors="replace")):
        text = normalize_reason(m.group(2))
        if text not in res["remarks"][m.group(1)]:
            res["remarks"][m.group(1)].append(text)
    if rc != 0:
        res["status"] = "compile"
        res["detail"] = err.decode(errors="replace")[-3000:]
        return res
    for be in BACKENDS:
        report = os.path.join(d, "report.%s.json" % be)
        e = dict(env, LOOM_BACKEND=be, LOOM_REPORT=report)
        t0 = time.time()
        rc, out, err = run([exe], e, args.timeout)
        r = {"rc": rc, "out": out, "err": err.decode(errors="replace"),
             "time": time.time() - t0, "report": None}
        with open(os.path.join(d, "%s.out" % be), "wb") as f:
            f.write(out)
        try:
            with open(report) as f:
                r["report"] = json.load(f)
        except (OSError, ValueError):
            pass
        res["runs"][be] = r
    host = res["runs"]["host"]
    if host["rc"] != 0:
        res["status"] = "crash"
        res["detail"] = "host run: %s\n%s" % (describe_rc(host["rc"]),
                                               host["err"][-2000:])
        return res
    for be in ("emu", "sim"):
        r = res["runs"][be]
        if r["rc"] != 0:
            res["status"] = "crash"
            res["detail"] += "%s run: %s (first kernel output missing: %s)\n%s\n" % (
                be, describe_rc(r["rc"]), first_diff(host["out"], r["out"]),
                r["err"][-2000:])
    if res["status"] != "pass":
        return res
    for be in ("emu", "sim"):
        r = res["runs"][be]
        if r["out"] != host["out"]:
            res["status"] = "mismatch"
            res["detail"] += "%s differs from host at %s\n" % (
                be, first_diff(host["out"], r["out"]))
    return res


def describe_rc(rc):
    if rc == "timeout":
        return "timed out"
    if isinstance(rc, int) and rc < 0:
        try:
            import signal
            return "killed by signal %d (%s)" % (-rc, signal.Signals(-rc).name)
        except ValueError:
            return "killed by signal %d" % -rc
    return "exit code %s" % rc


def first_diff(a, b):
    la, lb = a.decode(errors="replace").splitlines(), b.decode(
        errors="replace").splitlines()
    for i in range(max(len(la), len(lb))):
        x = la[i] if i < len(la) else "<missing>"
        y = lb[i] if i < len(lb) else "<missing>"
        if x != y:
            tag = x.split(" ")[0] if x != "<missing>" else y.split(" ")[0]
            kernel = tag.split(".")[0]
            return "line %d, kernel %s (%s): expected '%s', got '%s'" % (
                i + 1, kernel, tag, x[:160], y[:160])
    return "no line"


def kernel_backends(report, name):
    """ran_on of one kernel, {} when absent; plus launches and reason."""
    native = ("not launched through the runtime: a native function "
              "(no report entry)")
    if not report:
        return {}, 0, native
    for k in report.get("kernels", []):
        if k.get("name") == name:
            return (k.get("ran_on", {}), k.get("launches", 0),
                    k.get("reason"))
    return {}, 0, native


def normalize_reason(reason):
    """A reason or remark without names and numbers, to count alike ones."""
    if not reason:
        return ""
    reason = re.sub(r"[\w./-]+\.cpp:\d+:\d+", "FILE", reason)
    reason = re.sub(r"@[\w.$]+", "@G", reason)
    reason = re.sub(r"'k\d+'", "'K'", reason)
    reason = re.sub(r"\b\d+\b", "N", reason)
    reason = re.sub(r"\(N, N\) -> \(N, N\)", "(N, N) -> (N, N)", reason)
    return reason[:160]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=20,
                    help="how many programs (default 20)")
    ap.add_argument("--seed", type=int, default=1,
                    help="program i is generated from (seed, i)")
    ap.add_argument("--first", type=int, default=0,
                    help="index of the first program")
    default_build = os.environ.get("LOOM_BUILD_DIR")
    if not default_build:
        here = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                            os.pardir, os.pardir, "build")
        default_build = os.path.normpath(here) if os.access(
            os.path.join(here, "bin", "loom-clang++"), os.X_OK) \
            else "/work/main/build"
    ap.add_argument("--build", default=default_build,
                    help="the build directory whose bin/loom-clang++ is used "
                    "(default $LOOM_BUILD_DIR, else the build/ of this "
                    "checkout when it has one, else /work/main/build)")
    ap.add_argument("--keep", metavar="DIR",
                    help="keep the sources and outputs of failing programs")
    ap.add_argument("--keep-all", action="store_true",
                    help="with --keep: keep every program")
    ap.add_argument("--jobs", type=int, default=1,
                    help="programs checked at once (default 1)")
    ap.add_argument("--timeout", type=float, default=300,
                    help="seconds per compile and per run")
    ap.add_argument("--hint-rate", type=float, default=kHintRate,
                    help="the chance that a kernel holds LOOM_PARALLEL loops "
                    "(default %g; 0: the programs of the generator before "
                    "hints)" % kHintRate)
    ap.add_argument("--wide-rate", type=float, default=kWideRate,
                    help="the chance that a kernel holds each of the wider "
                    "constructs: an interior pointer, an end pointer, a "
                    "strided reverse loop, 8/16-bit integers, uint64_t, "
                    "their shifts, double (default %g; 0: the programs of "
                    "the generator before them)" % kWideRate)
    ap.add_argument("--print", action="store_true",
                    help="print the source of the programs, run nothing")
    ap.add_argument("--remarks", action="store_true",
                    help="compile with -Rpass-missed=loom and count the "
                    "remarks of the kernels that did not run on emu")
    ap.add_argument("--verbose", action="store_true",
                    help="one line per program, and why each kernel that "
                    "did not run on emu or sim did not")
    args = ap.parse_args()

    if args.print:
        for i in range(args.first, args.first + args.count):
            src, kernels, hints = generate(args.seed, i, args.hint_rate,
                                           args.wide_rate)
            sys.stdout.write(src)
        return 0

    args.clangxx = os.path.join(args.build, "bin", "loom-clang++")
    if not os.access(args.clangxx, os.X_OK):
        print("error: no loom-clang++ at %s (use --build)" % args.clangxx,
              file=sys.stderr)
        return 2
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
    workroot = tempfile.mkdtemp(prefix="loom-cxx-diff-")
    indices = range(args.first, args.first + args.count)
    results = []
    t_start = time.time()
    try:
        with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as ex:
            futs = [ex.submit(check_program, args, i, workroot)
                    for i in indices]
            for fut in futs:
                res = fut.result()
                results.append(res)
                report_one(args, res)
                if res["status"] == "pass" and not args.keep_all:
                    shutil.rmtree(res["dir"], ignore_errors=True)
    finally:
        shutil.rmtree(workroot, ignore_errors=True)
    summarize(args, results, time.time() - t_start)
    failed = sum(r["status"] != "pass" for r in results)
    return 1 if failed else 0


def report_one(args, res):
    i = res["index"]
    status = res["status"]
    if args.verbose or status != "pass":
        runs = res["runs"]
        t = " ".join("%s %.1fs" % (be, runs[be]["time"]) for be in BACKENDS
                     if be in runs)
        print("%s program %d (seed %d): compile %.1fs %s" % (
            "ok  " if status == "pass" else "FAIL", i, args.seed,
            res.get("compile_time", 0), t), flush=True)
    if args.verbose and status != "compile":
        # Why a kernel did not run as a dataflow program.
        for name, _ in res["kernels"]:
            for be in ("emu", "sim"):
                run_ = res["runs"].get(be)
                ran_on, count, reason = kernel_backends(
                    run_["report"] if run_ else None, name)
                if count == 0 or ran_on.get(be, 0) != count:
                    print("  %s not on %s: %s" % (name, be, reason))
                    if be == "emu":
                        for text in res.get("remarks", {}).get(name, []):
                            print("    remark: %s" % text)
    if args.verbose or status != "pass":
        for h in res.get("hints", []):
            print("  hint %d (line %d, kernel %s): %s, %s: %s" % (
                h["number"], h["line"], h["kernel"], h["kind"], h["shape"],
                "LOOM_PARALLEL ignored: " + h["message"] if h.get("diagnosed")
                else "no warning" if h["kind"] == "correct"
                else "NOT DIAGNOSED, trusted" if h["fate"] == "compiled"
                else "not diagnosed: no remark for its loop (dead code?)"
                if h["fate"] == "gone"
                else "NOT DIAGNOSED, trusted or dead code"))
    if status == "pass":
        if args.keep and args.keep_all:
            keep(args, res)
        return
    what = {"compile": "compile failure (a generator bug)",
            "crash": "runtime error or crash",
            "mismatch": "output mismatch"}[status]
    print("  %s" % what)
    for line in res["detail"].rstrip().splitlines()[:40]:
        print("    " + line)
    if args.keep:
        dst = keep(args, res)
        print("  kept: %s" % dst)
        print("  reproduce: cd %s && %s -std=c++20 -O2 prog.cpp -o prog && "
              "for b in host emu sim; do LOOM_BACKEND=$b ./prog > $b.txt; "
              "done; diff host.txt emu.txt; diff host.txt sim.txt" % (
                  dst, args.clangxx))
    print("  rerun: %s --seed=%d --first=%d --count=1 --build=%s%s%s" % (
        os.path.abspath(__file__), args.seed, i, args.build,
        "".join(" --%s=%g" % (name, value) for name, value, default in (
            ("hint-rate", args.hint_rate, kHintRate),
            ("wide-rate", args.wide_rate, kWideRate)) if value != default),
        " --keep=%s" % args.keep if args.keep else ""), flush=True)


def keep(args, res):
    dst = os.path.join(args.keep, "seed%d-p%d" % (args.seed, res["index"]))
    shutil.rmtree(dst, ignore_errors=True)
    shutil.copytree(res["dir"], dst, ignore=shutil.ignore_patterns("prog", "cache"))
    for be, r in res["runs"].items():
        with open(os.path.join(dst, "%s.err" % be), "w") as f:
            f.write(r["err"])
    return dst


def describe_toolchain(build):
    """The build directory and the commit of its source tree."""
    src = None
    try:
        with open(os.path.join(build, "CMakeCache.txt")) as f:
            for line in f:
                if line.startswith("CMAKE_HOME_DIRECTORY:"):
                    src = line.split("=", 1)[1].strip()
    except OSError:
        pass
    if not src:
        return build
    try:
        commit = subprocess.run(
            ["git", "-C", src, "log", "-1", "--format=%h %cI"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            timeout=20).stdout.decode().strip()
    except (OSError, subprocess.TimeoutExpired):
        commit = ""
    return "%s (source %s%s)" % (build, src,
                                 ", at " + commit if commit else "")


def summarize(args, results, wall):
    n = len(results)
    status = collections.Counter(r["status"] for r in results)
    passed = status["pass"]
    # Launch counts per run, from the reports.
    launches = {be: collections.Counter() for be in BACKENDS}
    per_construct = collections.OrderedDict(
        (key, [0, 0, 0, 0]) for key, _ in CONSTRUCTS)
    reasons = collections.Counter()
    remarks = collections.Counter()
    kernels = 0
    offloaded = {"emu": 0, "sim": 0, "sim-as-emu": 0}
    for r in results:
        if r["status"] == "compile":
            continue
        for key in set().union(*[set(flags) for _, flags in r["kernels"]]):
            if key in per_construct:
                per_construct[key][3] += 1
        for be in BACKENDS:
            run_ = r["runs"].get(be)
            if not run_ or not run_["report"]:
                continue
            for k in run_["report"].get("kernels", []):
                for where, c in k.get("ran_on", {}).items():
                    launches[be][where] += c
        for name, flags in r["kernels"]:
            kernels += 1
            on = {}
            for be in ("emu", "sim"):
                run_ = r["runs"].get(be)
                ran_on, count, reason = kernel_backends(
                    run_["report"] if run_ else None, name)
                on[be] = count > 0 and ran_on.get(be, 0) == count
                if be == "sim" and count > 0 and not on[be] and \
                        ran_on.get("emu", 0) == count:
                    offloaded["sim-as-emu"] += 1
                if be == "sim" and not on[be] and reason:
                    reasons[normalize_reason(reason)] += 1
            if not on["emu"]:
                for text in r.get("remarks", {}).get(name, []):
                    remarks[text] += 1
            offloaded["emu"] += on["emu"]
            offloaded["sim"] += on["sim"]
            for key in flags:
                if key in per_construct:
                    per_construct[key][0] += 1
                    per_construct[key][1] += on["emu"]
                    per_construct[key][2] += on["sim"]
    print("toolchain: %s" % describe_toolchain(args.build))
    print("programs: %d (seed %d, first %d), equal on every backend: %d, "
          "mismatches: %d, runtime errors or crashes: %d, compile failures: "
          "%d; %.0f s" % (n, args.seed, args.first, passed,
                          status["mismatch"], status["crash"],
                          status["compile"], wall))

    def fmt(c):
        return ", ".join("%d on %s" % (c[k], k) for k in BACKENDS if c[k]) \
            or "none"
    print("kernel launches: host run %s; emu run %s; sim run %s" % (
        fmt(launches["host"]), fmt(launches["emu"]), fmt(launches["sim"])))
    print("kernels: %d generated, %d ran on emu under LOOM_BACKEND=emu, %d "
          "on sim under LOOM_BACKEND=sim (%d more on emu: not mappable)" % (
              kernels, offloaded["emu"], offloaded["sim"],
              offloaded["sim-as-emu"]))
    complete = 0
    for r in results:
        f = set().union(*[set(flags) for _, flags in r["kernels"]])
        complete += all(f & need for need in REQUIRED)
    print("programs holding a helper call, an early return, a break or "
          "continue, a switch and a global or object: %d of %d" % (complete,
                                                                   n))
    hints = [h for r in results if r["status"] != "compile"
             for h in r.get("hints", [])]
    correct = [h for h in hints if h["kind"] == "correct"]
    wrong = [h for h in hints if h["kind"] == "wrong"]
    warned = [h for h in correct if h["diagnosed"]]
    missed = [h for h in wrong if not h["diagnosed"]]
    gone = [h for h in missed if h["fate"] == "gone"]
    print("parallel hints: %d correct, %d wrong (%d diagnosed, %d trusted, "
          "%d without a remark); correct hints warned: %d" % (
              len(correct), len(wrong), len(wrong) - len(missed),
              len(missed) - len(gone), len(gone), len(warned)))
    fate = collections.Counter()
    for r in results:
        fate.update(r.get("hint_remarks", {}))
    silent = len(hints) - (len(wrong) - len(missed)) - len(warned) - sum(
        fate.values())
    print("hints without a warning: %d proven independent, %d trusted (not "
          "proven), %d ignored (a value carried between iterations), %d "
          "without a remark" % (fate["proven"], fate["trusted"],
                                fate["carried"], max(silent, 0)))
    shapes = collections.OrderedDict()
    for h in wrong:
        c = shapes.setdefault(h["shape"].split(" (")[0], [0, 0])
        c[0] += h["diagnosed"]
        c[1] += 1
    if shapes:
        print("wrong hints diagnosed, by shape: %s" % ", ".join(
            "%s %d of %d" % (k, c[0], c[1]) for k, c in sorted(
                shapes.items())))
    for h in (warned + missed)[:12]:
        print("  %s: program %d, line %d (kernel %s, %s)%s" % (
            "correct hint warned" if h["kind"] == "correct"
            else "wrong hint not diagnosed, no remark for its loop (dead "
            "code?)" if h["fate"] == "gone"
            else "wrong hint not diagnosed, trusted" if h["fate"] == "compiled"
            else "wrong hint not diagnosed, trusted or dead code",
            h["program"], h["line"], h["kernel"], h["shape"],
            ": " + h["message"] if h["message"] else ""))
    print("%-58s %8s %7s %7s %7s" % ("construct", "programs", "kernels",
                                     "on emu", "on sim"))
    for key, label in CONSTRUCTS:
        c = per_construct[key]
        print("%-58s %8d %7d %7d %7d" % (label, c[3], c[0], c[1], c[2]))
    if reasons:
        print("why kernels did not run on sim (normalized, count):")
        for reason, c in reasons.most_common(12):
            print("  %4d  %s" % (c, reason))
    if remarks:
        print("missed remarks of the kernels that did not run on emu "
              "(normalized, kernels):")
        for text, c in remarks.most_common(12):
            print("  %4d  %s" % (c, text))
    print("%d passed, %d failed" % (passed, n - passed))


if __name__ == "__main__":
    sys.exit(main())
