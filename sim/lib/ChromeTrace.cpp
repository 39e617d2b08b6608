//===- ChromeTrace.cpp - firings as Chrome/Perfetto trace-event JSON ------===//
//
// Part of the Loom project.
//
// LOOM_TRACE's format: the trace-event JSON that chrome://tracing and
// Perfetto open. Each processing element that fired is a process, each of
// its units a thread, each firing a complete ("X") event; names come from
// the fabric and the mapping, times from the fabric clock.
//
//===----------------------------------------------------------------------===//

#include "loom/Sim/CycleSimulator.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/JSON.h"

using namespace loom;
using namespace loom::sim;

void loom::sim::writeChromeTrace(llvm::raw_ostream &os,
                                 const fabric::Fabric &fabric,
                                 const fabric::Mapping &mapping,
                                 llvm::ArrayRef<TraceEvent> trace) {
  TraceSegmentRef segment{&mapping, 0, trace};
  writeChromeTrace(os, fabric, llvm::ArrayRef(segment));
}

void loom::sim::writeChromeTrace(llvm::raw_ostream &os,
                                 const fabric::Fabric &fabric,
                                 llvm::ArrayRef<TraceSegmentRef> segments) {
  // One cycle lasts 1 / clock_mhz microseconds.
  double microsPerCycle = 1.0 / fabric.getClockMHz();
  llvm::ArrayRef<fabric::ProcessingElement> elements = fabric.getElements();
  llvm::json::OStream json(os);
  json.objectBegin();
  json.attribute("displayTimeUnit", "ns");
  json.attributeBegin("traceEvents");
  json.arrayBegin();
  // Metadata first: a name for every element and unit that appears.
  llvm::DenseSet<uint32_t> namedElements;
  llvm::DenseSet<uint64_t> namedUnits;
  for (const TraceSegmentRef &segment : segments)
    for (const TraceEvent &event : segment.events) {
      const fabric::ProcessingElement &element = elements[event.element];
      if (namedElements.insert(event.element).second)
        json.object([&] {
          json.attribute("name", "process_name");
          json.attribute("ph", "M");
          json.attribute("pid", event.element);
          json.attributeObject("args", [&] {
            json.attribute("name", ("PE (" + llvm::Twine(element.row) + ", " +
                                    llvm::Twine(element.col) + ")")
                                       .str());
          });
        });
      if (namedUnits.insert((uint64_t(event.element) << 32) | event.unit)
              .second)
        json.object([&] {
          json.attribute("name", "thread_name");
          json.attribute("ph", "M");
          json.attribute("pid", event.element);
          json.attribute("tid", event.unit);
          json.attributeObject("args", [&] {
            json.attribute("name", element.units[event.unit].name);
          });
        });
    }
  for (const TraceSegmentRef &segment : segments) {
    const fabric::Mapping &mapping = *segment.mapping;
    for (const TraceEvent &event : segment.events)
      json.object([&] {
        llvm::StringRef name =
            event.actor < mapping.actors.size()
                ? llvm::StringRef(mapping.actors[event.actor].opName)
                : llvm::StringRef("actor");
        uint64_t cycle = segment.startCycle + event.cycle;
        json.attribute("name", name);
        json.attribute("ph", "X");
        json.attribute("pid", event.element);
        json.attribute("tid", event.unit);
        json.attribute("ts", double(cycle) * microsPerCycle);
        json.attribute("dur", double(event.duration) * microsPerCycle);
        json.attributeObject("args", [&] {
          if (!mapping.graphName.empty())
            json.attribute("graph", mapping.graphName);
          json.attribute("actor", event.actor);
          json.attribute("cycle", static_cast<int64_t>(cycle));
        });
      });
  }
  json.arrayEnd();
  json.attributeEnd();
  json.objectEnd();
}
