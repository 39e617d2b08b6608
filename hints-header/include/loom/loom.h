/*===- loom/loom.h - Loom kernel and loop hints -------------------*- C -*-===//
 *
 * Part of the Loom project.
 *
 * The hint vocabulary of Loom (see docs/hints.md). Under loom-clang++ every
 * macro becomes a `#pragma loom ...` that the Loom clang plugin validates and
 * carries into LLVM IR; under any other compiler every macro expands to
 * nothing, so the program stays valid C/C++ and runs natively.
 *
 * Function hints go before a function definition:
 *   LOOM_ACCEL()  LOOM_ACCEL("name")  LOOM_KERNEL(...)  LOOM_NO_ACCEL
 *   LOOM_TARGET("spatial" | "temporal" | "pe[x,y]" | "rom" | "extmemory")
 * Parameter and variable hints go before the declaration:
 *   LOOM_STREAM  LOOM_MEMORY_BANK(n)  LOOM_MEMORY_BANK(n, cyclic | block)
 *   LOOM_REDUCE(+ | * | min | max | & | "|" | ^)
 * Loop hints go before a loop, without a semicolon, and may stack:
 *   LOOM_PARALLEL()  LOOM_PARALLEL(n)  LOOM_PARALLEL(n, contiguous)
 *   LOOM_PARALLEL(n, interleaved)  LOOM_NO_PARALLEL
 *   LOOM_UNROLL()  LOOM_UNROLL(n)  LOOM_NO_UNROLL
 *   LOOM_TRIPCOUNT(n)  LOOM_TRIPCOUNT_RANGE(min, max)
 *   LOOM_TRIPCOUNT_TYPICAL(t, min, max)  LOOM_TRIPCOUNT_FULL(t, avg, min, max)
 *
 *===----------------------------------------------------------------------===*/

#ifndef LOOM_LOOM_H
#define LOOM_LOOM_H

#if defined(__LOOM_CLANG__)

#define LOOM_PRAGMA_STR_(text) _Pragma(#text)
#define LOOM_PRAGMA_(...) LOOM_PRAGMA_STR_(loom __VA_ARGS__)

#define LOOM_ACCEL(...) LOOM_PRAGMA_(accel(__VA_ARGS__))
#define LOOM_KERNEL(...) LOOM_PRAGMA_(accel(__VA_ARGS__))
#define LOOM_NO_ACCEL LOOM_PRAGMA_(no_accel)
#define LOOM_TARGET(...) LOOM_PRAGMA_(target(__VA_ARGS__))

#define LOOM_STREAM LOOM_PRAGMA_(stream)
#define LOOM_MEMORY_BANK(...) LOOM_PRAGMA_(memory_bank(__VA_ARGS__))
#define LOOM_REDUCE(...) LOOM_PRAGMA_(reduce(__VA_ARGS__))

#define LOOM_PARALLEL(...) LOOM_PRAGMA_(parallel(__VA_ARGS__))
#define LOOM_NO_PARALLEL LOOM_PRAGMA_(no_parallel)
#define LOOM_UNROLL(...) LOOM_PRAGMA_(unroll(__VA_ARGS__))
#define LOOM_NO_UNROLL LOOM_PRAGMA_(no_unroll)
#define LOOM_TRIPCOUNT(...) LOOM_PRAGMA_(tripcount(__VA_ARGS__))
#define LOOM_TRIPCOUNT_RANGE(...) LOOM_PRAGMA_(tripcount_range(__VA_ARGS__))
#define LOOM_TRIPCOUNT_TYPICAL(...) LOOM_PRAGMA_(tripcount_typical(__VA_ARGS__))
#define LOOM_TRIPCOUNT_FULL(...) LOOM_PRAGMA_(tripcount_full(__VA_ARGS__))

#else /* not loom-clang++: every hint is a no-op */

#define LOOM_ACCEL(...)
#define LOOM_KERNEL(...)
#define LOOM_NO_ACCEL
#define LOOM_TARGET(...)
#define LOOM_STREAM
#define LOOM_MEMORY_BANK(...)
#define LOOM_REDUCE(...)
#define LOOM_PARALLEL(...)
#define LOOM_NO_PARALLEL
#define LOOM_UNROLL(...)
#define LOOM_NO_UNROLL
#define LOOM_TRIPCOUNT(...)
#define LOOM_TRIPCOUNT_RANGE(...)
#define LOOM_TRIPCOUNT_TYPICAL(...)
#define LOOM_TRIPCOUNT_FULL(...)

#endif /* __LOOM_CLANG__ */

#endif /* LOOM_LOOM_H */
