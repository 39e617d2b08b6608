//===- CachedMapping.h - map a graph through the on-disk cache ---*- C++
//-*-===//
//
// Part of the Loom project.
//
// What every user of the mapper outside its tests wants: the mapping of a
// graph on a fabric from the on-disk MappingCache when an entry exists,
// otherwise from mapGraph, stored for the next process. The runtime's sim
// backend and loom-sim share it.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_MAPPER_CACHEDMAPPING_H
#define LOOM_MAPPER_CACHEDMAPPING_H

#include "loom/Fabric/MappingIO.h"
#include "loom/Mapper/FabricMapper.h"

namespace loom::mapper {

/// The text of MapperOptions that the cache key covers.
std::string getMapperOptionsText(const MapperOptions &options);

/// Maps `graph` on `fabric`, looking in `cache` first and storing a fresh
/// mapping in it. A cache that cannot be written is reported through its
/// warning handler and does not fail the mapping.
llvm::Expected<fabric::Mapping> mapGraphCached(dataflow::GraphOp graph,
                                               const fabric::Fabric &fabric,
                                               fabric::MappingCache &cache,
                                               const MapperOptions &options);

} // namespace loom::mapper

#endif // LOOM_MAPPER_CACHEDMAPPING_H
