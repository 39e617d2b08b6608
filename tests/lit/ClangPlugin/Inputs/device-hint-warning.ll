; A module that asks the plugin's test pass for one device hint warning
; (ClangPlugin/device-hint-warning.cpp): compiled from IR, no AST action
; installs the callback, so it becomes remarks.
target triple = "x86_64-pc-linux-gnu"

define void @scan() {
  ret void
}

!loom.test_hint_warning = !{!0}
!0 = !{!"scan.cpp:12:3;LOOM_PARALLEL ignored: a dependence;scan.cpp:14:12;written here"}
