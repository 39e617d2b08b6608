// loom-raise-check itself: it reports values that differ, writes outside a
// buffer, kernels that crash or hang, and --args that do not fit, instead
// of printing MATCH.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
//
// Each execution gets its own buffers, so a stored address differs.
// RUN: not loom-raise-check %t.d/leak_address.ll --kernel=_Z12leak_addressPKiPl \
// RUN:   --args='i32[4],i64[2]' | FileCheck %s --check-prefix=LEAK
// LEAK: param 0: !llvm.ptr (not raised)
// LEAK-NEXT: param 1: memref<?xi64>
// LEAK: MISMATCH param 1 [0]: original {{-?[0-9]+}} (0x{{[0-9a-f]+}}), raised {{-?[0-9]+}} (0x{{[0-9a-f]+}})
// LEAK-NOT: MISMATCH param 1 [1]
// LEAK: FAIL _Z12leak_addressPKiPl: 1 mismatching values
//
// A write past the end lands in the red zone after the buffer.
// RUN: not loom-raise-check %t.d/overrun.ll --kernel=_Z7overrunPii \
// RUN:   --args='i32[8],i32=8' | FileCheck %s --check-prefix=PAST-END
// PAST-END: MISMATCH param 0: the original kernel wrote outside the buffer
// PAST-END: MISMATCH param 0: the raised kernel wrote outside the buffer
// PAST-END: FAIL _Z7overrunPii
//
// On the emulator (--emu) the buffers are bound with their element counts:
// the write past the end is an out-of-bounds error naming the graph, the
// actor and the index, not a silent write.
// RUN: not loom-raise-check %t.d/overrun.ll --kernel=_Z7overrunPii \
// RUN:   --args='i32[8],i32=8' --emu | FileCheck %s --check-prefix=EMU-OOB
// EMU-OOB: FAIL _Z7overrunPii
// EMU-OOB-NEXT: EMU-MISMATCH the emulated kernel failed where the original ran: thread '{{.+}}' instance (8): graph @{{.+}}: 'dataflow.store' at _Z7overrunPii.dfg.mlir:{{[0-9]+}}:{{[0-9]+}}: out-of-bounds store at index [8] of memory input #0 with extents [8]
// EMU-OOB-NEXT: EMU-FAIL _Z7overrunPii
//
// Within bounds the same kernel matches, raised and on the emulator.
// RUN: loom-raise-check %t.d/overrun.ll --kernel=_Z7overrunPii \
// RUN:   --args='i32[8],i32=7' | FileCheck %s --check-prefix=INBOUNDS
// INBOUNDS: MATCH _Z7overrunPii
// RUN: loom-raise-check %t.d/overrun.ll --kernel=_Z7overrunPii \
// RUN:   --args='i32[8],i32=7' --emu | FileCheck %s --check-prefix=EMU-INBOUNDS
// EMU-INBOUNDS: MATCH _Z7overrunPii
// EMU-INBOUNDS-NEXT: EMU-MATCH _Z7overrunPii
//
// A kernel that crashes or never ends is reported, and the inputs blamed
// when the original kernel is the one that fails.
// RUN: not loom-raise-check %t.d/store_at.ll --kernel=_Z8store_atPil \
// RUN:   --args='i32[4],i64=1099511627776' 2>&1 | FileCheck %s --check-prefix=CRASH
// CRASH: error: the original kernel failed, check --args: it was ended by signal 11
// RUN: not loom-raise-check %t.d/spin.ll --kernel=_Z4spinPVi \
// RUN:   --args='i32[1]:range=0..0' --timeout=1 2>&1 | FileCheck %s --check-prefix=HANG
// HANG: error: the original kernel failed, check --args: it did not end within 1 seconds
//
// No spatial region forms in spin, so the kernel compiler emits no dataflow
// program for it (it is not offloaded); the thread the ownership stage
// leaves, a volatile load loop of InstructionCore code, runs on the program
// interpreter with the flag in host memory.
// RUN: loom-emu %t.d/spin.scf.mlir --entry=_Z4spinPVi --memory='i32[1]=1' | FileCheck %s --check-prefix=SPIN
// SPIN: @_Z4spinPVi completed
// SPIN-NEXT: memory #0: [1]
// With the flag clear the native spin never ends; the interpreter's step
// budget stops it with an error naming the thread instance and the loop.
// RUN: not timeout 120 loom-emu %t.d/spin.scf.mlir --entry=_Z4spinPVi \
// RUN:   --memory='i32[1]=0' --max-steps=10000 2>&1 | FileCheck %s --check-prefix=SPIN-BUDGET
// SPIN-BUDGET: loom-emu: error: @_Z4spinPVi: thread '_Z4spinPVi_t0' instance (): host code exceeded its step budget of 10000 ops (--max-steps) in the 'scf.while' loop at {{.*}}spin.scf.mlir:[[#]]:[[#]]
//
// --bench-seconds times the kernel natively and on the emulator instead of
// checking (bench/emu_throughput.py); the firings of one run are
// deterministic. A kernel whose program cannot run is an error.
// RUN: loom-raise-check %t.d/overrun.ll --kernel=_Z7overrunPii \
// RUN:   --args='i32[8],i32=7' --bench-seconds=0.01 | FileCheck %s --check-prefix=BENCH
// BENCH: BENCH _Z7overrunPii firings=56 emu_s={{[0-9.e+-]+}} native_s={{[0-9.e+-]+}} firings_per_s={{[0-9.e+-]+}} slowdown={{[0-9.e+-]+}}{{$}}
// RUN: not loom-raise-check %t.d/calls_missing.ll --kernel=_Z13calls_missingPii \
// RUN:   --args='i32[4],i32=4' --bench-seconds=0.01 2>&1 | FileCheck %s --check-prefix=NOPROGRAM
// NOPROGRAM: loom-raise-check: emu cannot resolve the external function 'loom_test_missing_helper': no such symbol in the process
//
// On the emulator a pointer the raising kept is bound as the buffer's
// address, so the leaked address is the emulator's buffer, not the
// original's.
// RUN: not loom-raise-check %t.d/leak_address.ll --kernel=_Z12leak_addressPKiPl \
// RUN:   --args='i32[4],i64[2]' --emu | FileCheck %s --check-prefix=EMU-LEAK
// EMU-LEAK: EMU-MISMATCH param 1 [0]: original {{-?[0-9]+}} (0x{{[0-9a-f]+}}), emu {{-?[0-9]+}} (0x{{[0-9a-f]+}})
// EMU-LEAK-NEXT: EMU-FAIL _Z12leak_addressPKiPl: 1 mismatching values
//
// --args must describe every parameter with its type.
// RUN: not loom-raise-check %t.d/overrun.ll --kernel=_Z7overrunPii \
// RUN:   --args='i32[8]' 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: --args does not fit '_Z7overrunPii': it takes 2 parameters, --args gives 1
// RUN: not loom-raise-check %t.d/overrun.ll --kernel=_Z7overrunPii \
// RUN:   --args='i32=8,i32[8]' 2>&1 | FileCheck %s --check-prefix=KIND
// KIND: --args does not fit '_Z7overrunPii': parameter #0 is a pointer; give T[N]
// RUN: not loom-raise-check %t.d/overrun.ll --kernel=_Z7overrunPii \
// RUN:   --args='q32[8],i32=8' 2>&1 | FileCheck %s --check-prefix=SYNTAX
// SYNTAX: bad --args entry 'q32[8]': unknown type 'q32'; expected T[N], T[N]:range=LO..HI or T=VALUE
// RUN: not loom-raise-check %t.d/overrun.ll --kernel=_Z7overrunPii \
// RUN:   --args='i32[8]:range=5..1,i32=8' 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: bad --args entry 'i32[8]:range=5..1': the suffix is not ':range=LO..HI' with LO <= HI
// RUN: not loom-raise-check %t.d/overrun.ll --kernel=_Z3fooPii \
// RUN:   --args='i32[8],i32=8' 2>&1 | FileCheck %s --check-prefix=NAME
// NAME: error: '{{.+}}overrun.ll' defines no function '_Z3fooPii'

#include <loom/loom.h>

LOOM_ACCEL()
void leak_address(const int *p, long *out) { out[0] = (long)p; }

LOOM_ACCEL()
void overrun(int *a, int n) {
  for (int i = 0; i <= n; ++i)
    a[i] = i;
}

LOOM_ACCEL()
void store_at(int *a, long i) { a[i] = 1; }

LOOM_ACCEL()
void spin(volatile int *flag) {
  while (*flag == 0) {
  }
}

// The loop becomes a graph; the call to a function no library of the
// process defines stays InstructionCore code the emulator cannot run.
extern "C" void loom_test_missing_helper(int);

LOOM_ACCEL()
void calls_missing(int *a, int n) {
  for (int i = 0; i < n; ++i)
    a[i] = i;
  loom_test_missing_helper(n);
}
