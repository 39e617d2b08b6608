// RUN: loom-opt %s -split-input-file -verify-diagnostics

// Verifier rules of loom.spatial_region and loom.spatial_yield. One case per
// rule.

// Rule: a spatial region lives in a thread body, not in host code.
func.func @host(%x: i32) {
  // expected-error@+1 {{'loom.spatial_region' op must appear inside a dataflow.thread body}}
  %y = loom.spatial_region values(%x : i32) -> values(i32) {
  ^bb0(%x1: i32):
    loom.spatial_yield %x1 : i32
  }
  return
}

// -----

// Rule: spatial regions do not nest.
dataflow.thread private @t() ctrl(%c) domain<dense> {
  loom.spatial_region {
    // expected-error@+1 {{'loom.spatial_region' op may not be nested in another loom.spatial_region}}
    loom.spatial_region {
    }
  }
}

// -----

// Rule: the entry block mirrors the boundary operands (count).
dataflow.thread private @t(%x: i32, %A: memref<?xi32>) ctrl(%c)
    domain<dense> {
  // expected-error@+1 {{'loom.spatial_region' op entry block must mirror the 2 boundary operands, got 1 arguments}}
  loom.spatial_region values(%x : i32) memories(%A : memref<?xi32>) {
  ^bb0(%x1: i32):
    loom.spatial_yield
  }
}

// -----

// Rule: the entry block mirrors the boundary operands (types).
dataflow.thread private @t(%x: i32, %A: memref<?xi32>) ctrl(%c)
    domain<dense> {
  // expected-error@+1 {{'loom.spatial_region' op entry block argument #1 has type 'memref<4xi32>' but boundary operand #1 has type 'memref<?xi32>'}}
  loom.spatial_region values(%x : i32) memories(%A : memref<?xi32>) {
  ^bb0(%x1: i32, %A1: memref<4xi32>):
    loom.spatial_yield
  }
}

// -----

// Rule: the yield returns the region's results (count).
dataflow.thread private @t(%x: i32) ctrl(%c) domain<dense> {
  %y = loom.spatial_region values(%x : i32) -> values(i32) {
  ^bb0(%x1: i32):
    // expected-error@+1 {{'loom.spatial_yield' op yields 0 values whose types must equal the region's 1 result types (values, then memories)}}
    loom.spatial_yield
  }
}

// -----

// Rule: the yield returns the region's results (types, values then memories).
dataflow.thread private @t(%x: i32, %A: memref<?xi32>) ctrl(%c)
    domain<dense> {
  %y, %B = loom.spatial_region values(%x : i32) memories(%A : memref<?xi32>)
      -> values(i32) memories(memref<?xi32>) {
  ^bb0(%x1: i32, %A1: memref<?xi32>):
    // expected-error@+1 {{'loom.spatial_yield' op yields 2 values whose types must equal the region's 2 result types (values, then memories)}}
    loom.spatial_yield %A1, %x1 : memref<?xi32>, i32
  }
}

// -----

// Rule (ODS HasParent): spatial_yield terminates a spatial region only.
dataflow.thread private @t() ctrl(%c) domain<dense> {
  // expected-error@+1 {{'loom.spatial_yield' op expects parent op 'loom.spatial_region'}}
  loom.spatial_yield
}

// -----

// Rule: no graph launch inside a spatial region.
dataflow.graph private @g(%start: none) {
  dataflow.graph.return %start : none
}
dataflow.thread private @t() ctrl(%c) domain<dense> {
  loom.spatial_region values(%c : none) {
  ^bb0(%c1: none):
    // expected-error@+1 {{'dataflow.graph.launch' op is not allowed inside a loom.spatial_region: the region becomes one dataflow.graph}}
    %d = dataflow.graph.launch @g deps(%c1)
    loom.spatial_yield
  }
}

// -----

// Rule: no graph wait inside a spatial region.
dataflow.thread private @t() ctrl(%c) domain<dense> {
  loom.spatial_region values(%c : none) {
  ^bb0(%c1: none):
    // expected-error@+1 {{'dataflow.graph.wait' op is not allowed inside a loom.spatial_region: the region becomes one dataflow.graph}}
    dataflow.graph.wait %c1
    loom.spatial_yield
  }
}

// -----

// Rule: no work spawn inside a spatial region, even nested in structured code.
dataflow.thread private @w(%item: i64, %b: i1) ctrl(%c)
    domain<dynamic_work, work_item_arg = 0> {
  loom.spatial_region values(%item, %b : i64, i1) {
  ^bb0(%item1: i64, %b1: i1):
    scf.if %b1 {
      // expected-error@+1 {{'dataflow.work.spawn' op is not allowed inside a loom.spatial_region: the region becomes one dataflow.graph}}
      dataflow.work.spawn %item1 : i64
    }
    loom.spatial_yield
  }
}

// -----

// Rule: no thread launch inside a spatial region (the launch's own placement
// rule reports it first).
dataflow.thread private @callee() ctrl(%c) domain<dense> {
}
dataflow.thread private @t() ctrl(%c) domain<dense> {
  loom.spatial_region {
    // expected-error@+1 {{'dataflow.thread.launch' op must appear outside every dataflow.thread; found inside thread @t}}
    %tok = dataflow.thread.launch @callee args()
  }
}

//===----------------------------------------------------------------------===//
// Boundary rules shared with dataflow.graph.launch
//===----------------------------------------------------------------------===//

// -----

// Rule: a memref is never a value input.
dataflow.thread private @t(%A: memref<?xi32>) ctrl(%c) domain<dense> {
  // expected-error@+1 {{'loom.spatial_region' op value input #0 is a memref; memory crosses the boundary in the memories segment}}
  loom.spatial_region values(%A : memref<?xi32>) {
  ^bb0(%A1: memref<?xi32>):
    loom.spatial_yield
  }
}

// -----

// Rule: a memref is never a value result.
dataflow.thread private @t(%A: memref<?xi32>) ctrl(%c) domain<dense> {
  // expected-error@+1 {{'loom.spatial_region' op value result #0 is a memref; memory results belong to the memories segment}}
  %B = loom.spatial_region memories(%A : memref<?xi32>)
      -> values(memref<?xi32>) {
  ^bb0(%A1: memref<?xi32>):
    loom.spatial_yield %A1 : memref<?xi32>
  }
}

// -----

// Rule: a memory input is a memref.
dataflow.thread private @t(%x: i32) ctrl(%c) domain<dense> {
  // expected-error@+1 {{'loom.spatial_region' op memory input #0 has type 'i32'; memory ports take memrefs only}}
  loom.spatial_region memories(%x : i32) {
  ^bb0(%x1: i32):
    loom.spatial_yield
  }
}

// -----

// Rule: a memory result is a memref.
dataflow.thread private @t(%x: i32) ctrl(%c) domain<dense> {
  // expected-error@+1 {{'loom.spatial_region' op memory result #0 has type 'i32'; memory ports take memrefs only}}
  %y = loom.spatial_region values(%x : i32) -> memories(i32) {
  ^bb0(%x1: i32):
    loom.spatial_yield %x1 : i32
  }
}

// -----

// Rule: each stream input has exactly one source map.
dataflow.thread private @t() ctrl(%c) coords(%i) domain<dense> {
  %ch = dataflow.channel.create : !dataflow.channel<i32>
  // expected-error@+1 {{'loom.spatial_region' op has 1 stream inputs but 2 source maps; each stream input needs one}}
  loom.spatial_region stream_inputs(%ch : !dataflow.channel<i32>)
      source_maps([affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>]) {
  ^bb0(%ch1: !dataflow.channel<i32>):
    loom.spatial_yield
  }
}

// -----

// Rule: a source map is symbol-free.
dataflow.thread private @t() ctrl(%c) coords(%i) domain<dense> {
  %ch = dataflow.channel.create : !dataflow.channel<i32>
  // expected-error@+1 {{'loom.spatial_region' op source map #0 must be symbol-free, got affine_map<(d0)[s0] -> (s0)>}}
  loom.spatial_region stream_inputs(%ch : !dataflow.channel<i32>)
      source_maps([affine_map<(d0)[s0] -> (s0)>]) {
  ^bb0(%ch1: !dataflow.channel<i32>):
    loom.spatial_yield
  }
}

// -----

// Rule: a source map has one dimension per consumer coordinate.
dataflow.thread private @t() ctrl(%c) domain<dense> {
  %ch = dataflow.channel.create : !dataflow.channel<i32>
  // expected-error@+1 {{'loom.spatial_region' op source map #0 has 1 dimensions but the consumer thread has rank 0}}
  loom.spatial_region stream_inputs(%ch : !dataflow.channel<i32>)
      source_maps([affine_map<(d0) -> (d0)>]) {
  ^bb0(%ch1: !dataflow.channel<i32>):
    loom.spatial_yield
  }
}

// -----

// Rule: stream channels are not bound inside a dynamic_work thread.
dataflow.thread private @w(%item: i64) ctrl(%c)
    domain<dynamic_work, work_item_arg = 0> {
  %ch = builtin.unrealized_conversion_cast %item
      : i64 to !dataflow.channel<i32>
  // expected-error@+1 {{'loom.spatial_region' op binds stream channels inside dynamic_work thread @w; stream endpoints need a dense domain}}
  loom.spatial_region stream_outputs(%ch : !dataflow.channel<i32>) {
  ^bb0(%ch1: !dataflow.channel<i32>):
    loom.spatial_yield
  }
}
