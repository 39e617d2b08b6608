# Parses an SVG file with xml.etree (failing on any XML that is not
# well-formed) and prints what mapping-tool.test and time-multiplexed.test
# check.
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
# Time-multiplexed fabrics: the tooltips of units holding several actors and
# of links carrying more values than channels.
for title in root.iter(ns + "title"):
    if (title.text or "").startswith(("shared unit", "time-shared link")):
        print("sharing", title.text)
