/*===- loomrt.h - the Loom runtime C API --------------------------*- C -*-===//
 *
 * Part of the Loom project.
 *
 * The C interface between compiled programs and libloomrt. loom-clang++
 * embeds one module descriptor per translation unit with kernels and
 * registers it from a constructor; every call of a kernel goes through a
 * generated stub that calls loom_rt_kernel_call(). No LLVM or MLIR type
 * crosses this interface and no C++ exception crosses it.
 *
 * Thread safety: registration happens from static constructors (serialized
 * by the loader); lookups and launches may run concurrently from several
 * host threads. Error messages are thread-local.
 *
 *===----------------------------------------------------------------------===*/

#ifndef LOOM_LOOMRT_H
#define LOOM_LOOMRT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped whenever a descriptor layout below changes. A module compiled for
 * another version is refused at registration with LOOM_STATUS_INVALID_ARGUMENT.
 */
#define LOOM_RT_ABI_VERSION 4u

typedef enum loom_status_e {
  LOOM_STATUS_OK = 0,                 /* success; always zero */
  LOOM_STATUS_INVALID_ARGUMENT = 1,   /* caller error; retrying will not help */
  LOOM_STATUS_NOT_FOUND = 2,          /* kernel, backend or file missing */
  LOOM_STATUS_RESOURCE_EXHAUSTED = 3, /* memory, queue slots */
  LOOM_STATUS_DEVICE_ERROR = 4,       /* emulator/simulator/fabric fault */
  LOOM_STATUS_INTERNAL = 5,           /* bug in libloomrt */
  LOOM_STATUS_UNAVAILABLE = 6,        /* kernel cannot be offloaded (no or a
                                         corrupt artifact, backend missing)
                                         and the policy forbids host fallback */
} loom_status_t;

/* Stable name of a status code ("LOOM_STATUS_NOT_FOUND"); never NULL. */
const char *loom_status_name(loom_status_t status);

/* Detail of the last failing loom_* call on this thread, naming the call,
 * the kernel and the argument. Valid until the next loom_* call on this
 * thread; "" when the last call succeeded. Never NULL. */
const char *loom_last_error_message(void);

/* Scalar and element types of kernel arguments and results. */
typedef enum loom_type_e {
  LOOM_TYPE_VOID = 0,
  LOOM_TYPE_I1 = 1,
  LOOM_TYPE_I8 = 2,
  LOOM_TYPE_I16 = 3,
  LOOM_TYPE_I32 = 4,
  LOOM_TYPE_I64 = 5,
  LOOM_TYPE_F32 = 6,
  LOOM_TYPE_F64 = 7,
  LOOM_TYPE_PTR = 8, /* an opaque pointer (element type unknown) */
} loom_type_t;

typedef enum loom_arg_kind_e {
  LOOM_ARG_SCALAR = 0,  /* passed by value; `type` is its type */
  LOOM_ARG_POINTER = 1, /* a pointer; `type` is its element type */
} loom_arg_kind_t;

/* loom_arg_desc_t.flags */
#define LOOM_ARG_FLAG_CONST 0x1u  /* pointee is const-qualified */
#define LOOM_ARG_FLAG_STREAM 0x2u /* LOOM_STREAM hint */
/* An integer scalar of unsigned C type: the host backend passes it
 * zero-extended as the C ABI expects (without the flag, I8/I16/I32 are passed
 * sign-extended; I1 is always zero-extended). Does not change the layout. */
#define LOOM_ARG_FLAG_UNSIGNED 0x4u
/* An implicit input of the dataflow program, not a parameter of the C++
 * function: the launch stub computes it from the real arguments (the address
 * of a global the kernel uses, a field loaded from an object argument, a
 * pointer argument's address as an integer). Implicit inputs follow the
 * source arguments; the host backend does not pass them to the native body.
 */
#define LOOM_ARG_FLAG_IMPLICIT 0x8u
/* A pointer argument with an `extent` that the kernel only loads through,
 * never stores: the launch check of the no-alias program lets it overlap
 * another read-only pointer. Without the flag a pointer counts as written. */
#define LOOM_ARG_FLAG_READ_ONLY 0x10u

typedef struct loom_arg_desc_t {
  const char *name; /* source parameter name, may be "" */
  uint32_t kind;    /* loom_arg_kind_t */
  uint32_t type;    /* loom_type_t */
  uint32_t flags;   /* LOOM_ARG_FLAG_* */
  uint32_t reserved;
  /* Pointer arguments only: the closed-form expression of the scalar
   * arguments that covers every element index the kernel accesses through
   * the pointer (format: docs/runtime.md, "Bounds of pointer arguments");
   * the emu backend binds exactly that many elements. NULL when no bound
   * was derived; `unchecked_reason` then says why. */
  const char *extent;
  const char *unchecked_reason;
} loom_arg_desc_t;

/* One embedded dataflow program: MLIR text (NUL-terminated), its length
 * without the NUL, and its SHA-256 (64 lower-case hex digits). */
typedef struct loom_program_desc_t {
  const char *text;
  uint64_t size;
  const char *sha256;
} loom_program_desc_t;

/* Everything the runtime knows about one kernel. Emitted by the compiler as
 * constant data; all strings are NUL-terminated and live as long as the
 * program. */
typedef struct loom_kernel_desc_t {
  const char *name;            /* user-visible kernel name */
  const char *symbol;          /* the C++ function's mangled symbol */
  const char *source_location; /* "file:line:col" */
  void (*host_fallback)(void); /* the native body, cast to a generic pointer */
  uint32_t return_type;        /* loom_type_t */
  uint32_t num_args;
  const loom_arg_desc_t *args;
  const char *hints_json; /* the kernel's hints as a JSON object */
  /* The dataflow program (MLIR text) and its SHA-256 (64 lower-case hex
   * digits). NULL/0 when the kernel was not offloadable at compile time. */
  const char *artifact;
  uint64_t artifact_size;
  const char *artifact_sha256;
  /* The split programs, least split first: the same program with its
   * largest spatial regions split once more in each (at loop boundaries,
   * around control flow kept in the thread, or in halves) into graphs
   * launched in sequence. The sim backend runs the first
   * whose graphs all map instead of `artifact` when a graph of `artifact`
   * cannot be mapped on the fabric. 0/NULL when no region splits (or there
   * is no artifact). */
  uint32_t num_split_programs;
  const loom_program_desc_t *split_programs;
  /* The no-alias program: the kernel compiled as if every pointer argument
   * were `noalias` (__restrict). The emu and sim backends run it instead of
   * `artifact` for a launch whose pointer arguments' accessed byte ranges
   * (from their `extent`s) are disjoint wherever one side is written, and
   * `artifact` otherwise (docs/runtime.md, "Aliasing checked at launch").
   * NULL when the kernel's pointers cannot overlap, or assuming they do not
   * changes nothing. */
  const loom_program_desc_t *noalias_program;
  /* Why the kernel has no artifact; NULL when it has one. */
  const char *not_offloadable_reason;
} loom_kernel_desc_t;

typedef struct loom_module_desc_t {
  uint32_t abi_version; /* LOOM_RT_ABI_VERSION */
  uint32_t num_kernels;
  const loom_kernel_desc_t *kernels;
  const char *source_file; /* the translation unit's main file */
} loom_module_desc_t;

/* Registers the kernels of `module`. The descriptor must outlive the
 * program. Registering two kernels of one name keeps the first and fails
 * with LOOM_STATUS_INVALID_ARGUMENT naming both source locations; the same
 * message is printed to stderr as one "loom: warning: ..." line, since the
 * registration constructors have no other way to report it. A kernel with
 * the name, symbol and source location of a registered one (an inline
 * function compiled into several translation units) is no conflict. */
loom_status_t loom_rt_register_module(const loom_module_desc_t *module);

/* Looks a kernel up by name. On success *out_kernel points to the
 * registered descriptor (owned by the module); on failure it is NULL. */
loom_status_t loom_rt_lookup_kernel(const char *name,
                                    const loom_kernel_desc_t **out_kernel);

/* Launches `kernel` once. `args[i]` points to the value of argument i (for a
 * pointer argument: to the pointer). `out_result` receives the return value
 * (ignored for void kernels, may be NULL then). The backend and offload
 * policy come from LOOM_BACKEND and LOOM_OFFLOAD (see docs/runtime.md). */
loom_status_t loom_rt_launch(const loom_kernel_desc_t *kernel, void **args,
                             void *out_result);

/* What generated stubs call: loom_rt_launch, and on failure print
 * "loom: error: kernel '<name>': <message>" to stderr and exit(1). A C++
 * call site has no error channel, so a failed launch must not return. */
void loom_rt_kernel_call(const loom_kernel_desc_t *kernel, void **args,
                         void *out_result);

/* Writes the LOOM_REPORT file now (it is also written at exit). */
loom_status_t loom_rt_write_report(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* LOOM_LOOMRT_H */
