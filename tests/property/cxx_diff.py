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
sequential). Each program is compiled once with loom-clang++ -std=c++20 -O2
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
CTYPE = {U: "uint32_t", S: "int64_t", F: "float"}

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
        self.vars = {U: [], S: [], F: []}    # readable C expressions
        self.assignable = {U: [], S: [], F: []}
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

    def fresh(self, prefix):
        self.counter += 1
        return "%s%d" % (prefix, self.counter)


class Generator:
    def __init__(self, seed, hint_rate=kHintRate):
        self.rng = random.Random(seed)
        self.seed = seed
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

    def const(self, ty):
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
                if arr.kind in kinds]
        if safe and self.chance(0.6):
            idx = self.pick_inner(safe)
        elif depth <= 0:
            vs = scope.all("vars", U)
            idx = "(%s) %% %s" % (self.pick_inner(vs) if vs and self.chance(
                0.7) else lit_u(self.rand_u()), arr.length)
        else:
            idx = "(%s) %% %s" % (self.expr(fc, scope, U, depth - 1),
                                  arr.length)
        text = "%s[%s]" % (arr.name, idx)
        self.note_array(fc, arr)
        return convert(text, arr.elem, ty)

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

    def pick_inner(self, seq):
        """Pick from seq (innermost scope first), biased towards the front."""
        return seq[min(self.rng.randrange(len(seq)),
                       self.rng.randrange(len(seq)))]

    def readable_arrays(self, fc, ty):
        if ty == F:
            return [a for a in fc.arrays if a.elem == "f32"]
        return [a for a in fc.arrays if a.elem != "f32"]

    def leaf(self, fc, scope, ty):
        arrays = self.readable_arrays(fc, ty)
        if arrays and self.chance(0.3):
            return self.read_array(fc, scope, self.pick(arrays), ty, 0)
        vs = scope.all("vars", ty)
        if vs and self.chance(0.7):
            return self.pick_inner(vs)
        # Loop indices and other-typed variables, converted.
        others = []
        for t in (U, S):
            if t != ty:
                others.extend((t, v) for v in scope.all("vars", t))
        if others and ty != F and self.chance(0.5):
            t, v = self.pick_inner(others)
            return convert(v, {U: "u32", S: "s64"}[t], ty)
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

    # -- statements --------------------------------------------------------

    def assign(self, fc, scope, ind):
        cands = [(t, v) for t in (U, S, F)
                 for v in scope.all("assignable", t)]
        ty, v = self.pick(cands)
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

    def store(self, fc, scope, ind):
        writable = [a for a in fc.arrays if a.writable]
        arr = self.pick(writable)
        self.note_array(fc, arr)
        fc.flags.add("effect")
        safe = [e for e, kinds in scope.all("safe_index")
                if arr.kind in kinds]
        if safe and self.chance(0.7):
            idx = self.pick(safe)
        else:
            idx = "(%s) %% %s" % (self.expr(fc, scope, U, 2), arr.length)
        target = "%s[%s]" % (arr.name, idx)
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
        body = []
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
                objs = [a for a in arrays if a.kind != "ptr"]
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
        body += lines
        if fc.acc:
            if ret == U:
                body.append("  return acc.get() ^ %s;" % self.expr(
                    fc, scope, U, 2))
            else:
                # acc's state must be observable: fold it into an output.
                outs = [a for a in arrays if a.writable and a.elem == "u32"]
                if outs:
                    body.append("  %s[0] ^= acc.get();" % outs[0].name)
                elif ret is not None:
                    body.append("  %s" % self.ret_stmt(fc, scope).replace(
                        "return ", "return acc.get() == 7u ? %s : " % (
                            self.const(ret)), 1))
        if ret is not None and not body[-1].lstrip().startswith("return"):
            body.append("  %s" % self.ret_stmt(fc, scope))
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
            return None
        c = self.pick(calls)
        fc.flags |= {"helper", c.construct} | c.flags
        call = "%s(%s)" % (c.name, ", ".join(self.call_args(fc, scope, c,
                                                            2)))
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
            alias = self.choose_aliases(params, size)
            if alias:
                flags.add("alias")
                out.append("    // aliasing: %s" % ", ".join(
                    "%s = %s" % kv for kv in sorted(alias.items())))
            for nm, t in params:
                if nm in ("n", "last"):
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
            if self.globals_mut is not None:
                printers.append("printU(\"%%s gMut\", gMut, %s);" %
                                self.globals_mut.length[:-1])
            if self.global_scalar:
                printers.append("printU(\"%s gCount\", &gCount, 1);")
            for call in range(self.rng.randrange(1, 3)):
                n = size if call == 0 else self.rng.randrange(1, size + 1)
                argv = []
                for nm, t in params:
                    if nm == "n":
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
    """Convert a C expression of element type src (i32/u32/s64/f32) to dst."""
    if src == "f32" and dst != F:
        return "f2i(%s)" % text if dst == S else "uint32_t(f2i(%s))" % text
    if dst == U:
        return text if src == "u32" else "uint32_t(%s)" % text
    if dst == S:
        return text if src == "s64" else "int64_t(%s)" % text
    return text if src == "f32" else "fclamp(float(%s))" % text


def generate(seed, index, hint_rate=None):
    gen = Generator(program_seed(seed, index),
                    kHintRate if hint_rate is None else hint_rate)
    src = ("// generated by tests/property/cxx_diff.py --seed=%d --first=%d "
           "--count=1%s\n" % (seed, index, "" if gen.hint_rate == kHintRate
                               else " --hint-rate=%g" % gen.hint_rate)) + \
        gen.generate()
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
    rb"cannot execute: ")


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
    src, kernels, hints = generate(args.seed, index, args.hint_rate)
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
            src, kernels, hints = generate(args.seed, i, args.hint_rate)
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
    print("  rerun: %s --seed=%d --first=%d --count=1 --build=%s%s" % (
        os.path.abspath(__file__), args.seed, i, args.build,
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
        (key, [0, 0, 0]) for key, _ in CONSTRUCTS)
    reasons = collections.Counter()
    remarks = collections.Counter()
    kernels = 0
    offloaded = {"emu": 0, "sim": 0, "sim-as-emu": 0}
    for r in results:
        if r["status"] == "compile":
            continue
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
    print("%-58s %7s %7s %7s" % ("construct", "kernels", "on emu", "on sim"))
    for key, label in CONSTRUCTS:
        c = per_construct[key]
        print("%-58s %7d %7d %7d" % (label, c[0], c[1], c[2]))
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
