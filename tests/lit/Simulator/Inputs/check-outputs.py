# Checks that loom-sim's outputs are well-formed: the JSON output and the
# mapping configuration parse as JSON, the Chrome trace has one complete
# event per firing with the fields Perfetto needs, and the SVG parses as
# XML with an <svg> root. Prints what run.test checks.
import json
import sys
import xml.etree.ElementTree as ET

report_path, trace_path, mapping_path, svg_path = sys.argv[1:5]
with open(report_path) as f:
    report = json.load(f)
print("report: cycles %s, launches %d, loops %d" % (
    "positive" if report["cycles"] > 0 else "zero",
    report["graphLaunches"], len(report["loops"])))
with open(trace_path) as f:
    trace = json.load(f)
firings = [e for e in trace["traceEvents"] if e["ph"] == "X"]
complete = all({"name", "pid", "tid", "ts", "dur"} <= e.keys() for e in firings)
print("trace: %s firings, fields %s" % (
    "some" if firings else "no", "complete" if complete else "missing"))
with open(mapping_path) as f:
    mapping = json.load(f)
print("mapping: format %s, graph %s" % (mapping["format"], mapping["graph"]))
root = ET.parse(svg_path).getroot()
print("svg: root %s" % root.tag.split("}")[-1])
