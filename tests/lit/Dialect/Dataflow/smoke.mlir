// RUN: loom-opt %s | loom-opt | FileCheck %s
// CHECK: dataflow.thread private @t
dataflow.thread private @t() ctrl(%c) domain<dense> {
  dataflow.thread.yield
}
