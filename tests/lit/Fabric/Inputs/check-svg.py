# Parses an SVG file with xml.etree (failing on any XML that is not
# well-formed) and prints what mapping-svg.test checks.
import sys
import xml.etree.ElementTree as ET

ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
print("root", root.tag)
print("polylines", len(root.findall(ns + "polyline")))
for text in root.iter(ns + "text"):
    if ": " in (text.text or "") and "(a" in text.text:
        print("actor", text.text)
for text in root.iter(ns + "text"):
    if (text.text or "").startswith(("fabric ", "mem")) or "actors," in (text.text or ""):
        print("legend", text.text)
