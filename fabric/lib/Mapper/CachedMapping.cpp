//===- CachedMapping.cpp - map a graph through the on-disk cache ----------===//
//
// Part of the Loom project.
//
// The cache key covers the graph's generic-form text with locations: two
// graphs that print the same are the same graph to the mapper, and a
// location change re-maps (locations name actors in diagnostics and
// reports, so a cached mapping must agree with them).
//
//===----------------------------------------------------------------------===//

#include "loom/Mapper/CachedMapping.h"

#include "mlir/IR/OperationSupport.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace loom;
using namespace loom::mapper;

std::string loom::mapper::getMapperOptionsText(const MapperOptions &options) {
  // The time budget is left out: it bounds the search, it does not change
  // the mapping a successful search returns.
  std::string text = llvm::formatv("seed={0};max-routing-iterations={1}",
                                   options.seed, options.maxRoutingIterations);
  // Only when off, so that the keys of mappings cached before the option
  // existed stay valid.
  if (!options.allowSharing)
    text += ";no-sharing";
  return text;
}

llvm::Expected<fabric::Mapping> loom::mapper::mapGraphCached(
    dataflow::GraphOp graph, const fabric::Fabric &fabric,
    fabric::MappingCache &cache, const MapperOptions &options) {
  if (!cache.isEnabled())
    return mapGraph(graph, fabric, options);
  std::string text;
  llvm::raw_string_ostream os(text);
  graph->print(os, mlir::OpPrintingFlags()
                       .printGenericOpForm()
                       .enableDebugInfo()
                       .useLocalScope());
  std::string key = fabric::MappingCache::computeKey(
      text, fabric, getMapperOptionsText(options));
  if (std::optional<fabric::Mapping> cached = cache.lookup(key, fabric))
    return std::move(*cached);
  llvm::Expected<fabric::Mapping> mapping = mapGraph(graph, fabric, options);
  if (!mapping)
    return mapping.takeError();
  if (llvm::Error error = cache.store(key, *mapping, fabric))
    llvm::errs() << "loom: warning: mapping cache: "
                 << llvm::toString(std::move(error)) << "\n";
  return mapping;
}
