// Hint warnings of the device compile (OffloadOptions::reportHintWarning):
// the plugin maps "FILE:LINE:COL" back to the source and reports the message
// and its notes as a -Wloom-hint warning, so the same flags apply as to the
// front end's. The plugin argument test-hint-warning= makes the pipeline
// report one, as the device compile would. Without the AST action (IR
// input) there is no callback, and the warning becomes a remark.
//
// DEFINE: %{hint} = '-fplugin-arg-loom-test-hint-warning=%s:53:3;LOOM_PARALLEL ignored: iteration i reads out[i - 1];%s:55:12;written by iteration i - 1 here'
// RUN: rm -rf %t && mkdir %t
// RUN: %loom-clangxx -c %s -o %t/a.o %{hint} 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WARN --implicit-check-not=warning: --implicit-check-not=error:
// RUN: test -f %t/a.o
// WARN: device-hint-warning.cpp:53:3: warning: LOOM_PARALLEL ignored: iteration i reads out[i - 1] [-Wloom-hint]
// WARN-NEXT: 53 |   LOOM_PARALLEL(4)
// WARN: device-hint-warning.cpp:55:12: note: written by iteration i - 1 here
// WARN-NEXT: 55 |     out[i] = out[i - 1] + in[i];
//
// Silenced with its notes by -Wno-loom-hint and -w (even -Werror=loom-hint).
// RUN: %loom-clangxx -c %s -o %t/b.o %{hint} -Wno-loom-hint 2>&1 | count 0
// RUN: %loom-clangxx -c %s -o %t/b.o %{hint} -w 2>&1 | count 0
// RUN: %loom-clangxx -c %s -o %t/b.o %{hint} -Werror=loom-hint -w 2>&1 | count 0
// An error under -Werror=loom-hint and -Werror: the compile fails, no object.
// RUN: not %loom-clangxx -c %s -o %t/c.o %{hint} -Werror=loom-hint 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERROR
// RUN: not test -f %t/c.o
// RUN: not %loom-clangxx -c %s -o %t/c.o %{hint} -Werror 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WERROR
// RUN: not test -f %t/c.o
// ERROR: device-hint-warning.cpp:53:3: error: LOOM_PARALLEL ignored: iteration i reads out[i - 1] [-Werror=loom-hint]
// ERROR: device-hint-warning.cpp:55:12: note: written by iteration i - 1 here
// WERROR: device-hint-warning.cpp:53:3: error: LOOM_PARALLEL ignored: iteration i reads out[i - 1] [-Werror,-Wloom-hint]
// -Wno-error=loom-hint keeps it a warning under -Werror.
// RUN: %loom-clangxx -c %s -o %t/d.o %{hint} -Werror -Wno-error=loom-hint 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WARN
//
// A file this compile did not read: no clang location, the text says where.
// RUN: %loom-clangxx -c %s -o %t/e.o '-fplugin-arg-loom-test-hint-warning=elsewhere.cpp:3:1;hint ignored;elsewhere.cpp:4:2;because' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOLOC
// NOLOC: {{^}}warning: elsewhere.cpp:3:1: hint ignored [-Wloom-hint]
// NOLOC: {{^}}note: elsewhere.cpp:4:2: because
//
// IR input (no AST action, no callback): a remark, notes as analysis remarks.
// RUN: %clangxx -c -x ir %S/Inputs/device-hint-warning.ll -o %t/f.o \
// RUN:   -fpass-plugin=%loom_include/../lib/LoomPlugin.so -Rpass-missed=loom -Rpass-analysis=loom 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK
// REMARK: remark: scan.cpp:12:3: LOOM_PARALLEL ignored: a dependence [-Rpass-missed=loom]
// REMARK: remark: scan.cpp:14:12: written here [-Rpass-analysis=loom]

#include <loom/loom.h>

void scan(const int *in, int *out, int n) {
  // The location the test warning names.
  LOOM_PARALLEL(4)
  for (int i = 1; i < n; ++i)
    out[i] = out[i - 1] + in[i];
}
