//===- ChromeTrace.cpp - firings as Chrome/Perfetto trace-event JSON ------===//
//
// Part of the Loom project.
//
// LOOM_TRACE's format: the trace-event JSON that chrome://tracing and
// Perfetto open. Each processing element that fired is a process, each of
// its units a thread, each firing a complete ("X") event, so a shared unit's
// thread shows which of its actors fired in which cycle; the shared links
// that carried tokens are the threads of one more process, with an event per
// value crossing one in a cycle. Names come from the fabric and the mapping,
// times from the fabric clock.
//
//===----------------------------------------------------------------------===//

#include "CycleSimImpl.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/JSON.h"

using namespace loom;
using namespace loom::sim;

/// The pid of the process that holds the shared links' threads: after the
/// elements'.
static uint32_t getLinksPid(const fabric::Fabric &fabric) {
  return fabric.getElements().size();
}

static void writeMetadata(llvm::json::OStream &json, llvm::StringRef kind,
                          uint32_t pid, std::optional<uint32_t> tid,
                          const std::string &name) {
  json.object([&] {
    json.attribute("name", kind);
    json.attribute("ph", "M");
    json.attribute("pid", pid);
    if (tid)
      json.attribute("tid", *tid);
    json.attributeObject("args", [&] { json.attribute("name", name); });
  });
}

/// A name for every element and unit that fired, and for every shared link
/// that carried a token.
static void writeNames(llvm::json::OStream &json, const fabric::Fabric &fabric,
                       llvm::ArrayRef<TraceSegmentRef> segments) {
  llvm::ArrayRef<fabric::ProcessingElement> elements = fabric.getElements();
  llvm::DenseSet<uint32_t> namedElements;
  llvm::DenseSet<uint64_t> namedUnits;
  for (const TraceSegmentRef &segment : segments)
    for (const TraceEvent &event : segment.events) {
      const fabric::ProcessingElement &element = elements[event.element];
      if (namedElements.insert(event.element).second)
        writeMetadata(json, "process_name", event.element, std::nullopt,
                      ("PE (" + llvm::Twine(element.row) + ", " +
                       llvm::Twine(element.col) + ")")
                          .str());
      if (namedUnits.insert((uint64_t(event.element) << 32) | event.unit)
              .second)
        writeMetadata(json, "thread_name", event.element, event.unit,
                      element.units[event.unit].name);
    }
  llvm::DenseSet<uint32_t> namedLinks;
  for (const TraceSegmentRef &segment : segments)
    for (const LinkTraceEvent &event : segment.linkEvents) {
      if (namedLinks.empty())
        writeMetadata(json, "process_name", getLinksPid(fabric), std::nullopt,
                      "shared links");
      if (!namedLinks.insert(event.link).second)
        continue;
      writeMetadata(json, "thread_name", getLinksPid(fabric), event.link,
                    detail::describeLink(fabric, event.link));
    }
}

static llvm::StringRef getActorName(const fabric::Mapping &mapping,
                                    uint32_t actor) {
  return actor < mapping.actors.size()
             ? llvm::StringRef(mapping.actors[actor].opName)
             : llvm::StringRef("actor");
}

/// One complete event per firing, on its unit's thread, and one per value
/// crossing a shared link in a cycle, on the link's thread.
static void writeEvents(llvm::json::OStream &json, const fabric::Fabric &fabric,
                        const TraceSegmentRef &segment) {
  // One cycle lasts 1 / clock_mhz microseconds.
  double microsPerCycle = 1.0 / fabric.getClockMHz();
  const fabric::Mapping &mapping = *segment.mapping;
  for (const TraceEvent &event : segment.events)
    json.object([&] {
      uint64_t cycle = segment.startCycle + event.cycle;
      json.attribute("name", getActorName(mapping, event.actor));
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
        // Which of the unit's configurations fired, where it has several.
        if (fabric.getElements()[event.element].contexts > 1)
          json.attribute("context", event.context);
      });
    });
  for (const LinkTraceEvent &event : segment.linkEvents)
    json.object([&] {
      uint64_t cycle = segment.startCycle + event.cycle;
      json.attribute("name", getActorName(mapping, event.actor));
      json.attribute("ph", "X");
      json.attribute("pid", getLinksPid(fabric));
      json.attribute("tid", event.link);
      json.attribute("ts", double(cycle) * microsPerCycle);
      json.attribute("dur", microsPerCycle);
      json.attributeObject("args", [&] {
        if (!mapping.graphName.empty())
          json.attribute("graph", mapping.graphName);
        json.attribute("actor", event.actor);
        json.attribute("result", event.result);
        json.attribute("cycle", static_cast<int64_t>(cycle));
      });
    });
}

void loom::sim::writeChromeTrace(llvm::raw_ostream &os,
                                 const fabric::Fabric &fabric,
                                 const fabric::Mapping &mapping,
                                 llvm::ArrayRef<TraceEvent> trace,
                                 llvm::ArrayRef<LinkTraceEvent> linkTrace) {
  TraceSegmentRef segment{&mapping, 0, trace, linkTrace};
  writeChromeTrace(os, fabric, llvm::ArrayRef(segment));
}

void loom::sim::writeChromeTrace(llvm::raw_ostream &os,
                                 const fabric::Fabric &fabric,
                                 llvm::ArrayRef<TraceSegmentRef> segments) {
  llvm::json::OStream json(os);
  json.objectBegin();
  json.attribute("displayTimeUnit", "ns");
  json.attributeBegin("traceEvents");
  json.arrayBegin();
  // Metadata first.
  writeNames(json, fabric, segments);
  for (const TraceSegmentRef &segment : segments)
    writeEvents(json, fabric, segment);
  json.arrayEnd();
  json.attributeEnd();
  json.objectEnd();
}
