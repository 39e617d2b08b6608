//===- BufferSizing.cpp - operand buffers against latency skew ------------===//
//
// Part of the Loom project.
//
// A routed edge holds only what its links' FIFOs (or a local bypass) hold.
// Where a short path rejoins a long one, e.g. a constant or an index that
// meets the result of a load, the short path's tokens wait in its FIFOs for
// the long path's, the FIFOs fill and the producer stalls: the graph runs at
// (route slots / skew) tokens per cycle instead of one. Elastic circuits and
// CGRA compilers balance such paths with buffers; this stage configures the
// operand buffers of the consumer elements (ProcessingElement::
// operandBufferDepth) so that each edge holds the tokens in flight at full
// rate:
//
//   load a ----(long: memory round trip)----\
//                                            addi      edge c -> addi waits
//   constant c --(short)--------------------/          for a: it needs room
//                                                      for the skew's tokens
//
// The rule (docs/mapper.md, "Operand buffers"): every edge between two
// actors off the recurrences gets its consumer element's whole
// operand_buffer_depth. Each operand's slots are its own, not a pool the
// element's operands share, so a smaller configuration frees nothing for
// another edge, and deeper FIFOs add no latency; sizing each edge to the
// skew of a pipelined steady state (SteadySchedule.cpp, which the quality
// measure uses) under-provisioned loops whose
// stream runs ahead of a recurrence: relu's countPositives took 38% more
// cycles on cgra-8x8 than on cgra-4x4 with such sizing, and none more with
// every slot enabled.
// Recurrence edges keep their routes' capacity: their tokens circulate, the
// ring's latency and not its buffering bounds the loop.
//
//===----------------------------------------------------------------------===//

#include "MapperImpl.h"

using namespace loom;
using namespace loom::mapper;

void mapper::sizeBuffers(const MapProblem &problem,
                         const fabric::Fabric &fabric,
                         fabric::Mapping &mapping) {
  for (auto [edge, route] : llvm::zip_equal(problem.edges, mapping.edges)) {
    if (!isOffRecurrenceActorEdge(edge))
      continue;
    route.buffer = fabric.getElements()[mapping.actors[edge.consumer].element]
                       .operandBufferDepth;
    route.capacity += route.buffer;
  }
}
