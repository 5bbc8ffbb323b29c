#!/usr/bin/env python3
"""Convert the $1 recognizer's 2007 logs to the JSON Lines of `xgest-bench strokes --human`.

Usage: scripts/dollar-logs-to-jsonl.py XML_LOGS_DIR OUT_DIR

XML_LOGS_DIR is the logs' `xml_logs` folder (Wobbrock, Wilson & Li, UIST 2007): one folder
per subject (`s02` … `s11`, and `s01 (pilot)`, which the paper left out and so does this),
one per speed (`slow`, `medium`, `fast`) in each, and one XML file per drawing
(`<Gesture Name="check01" …><Point X= Y= T=/>…`). The output is one file,
`OUT_DIR/dollar-2007-logs.jsonl`. Each subject and speed is a person of its own
(`s02-medium`), as in the paper's user-dependent test. `T` (milliseconds of the machine's
clock) becomes milliseconds from the drawing's first point.

The logs are kept apart from the data xgest is calibrated on, for checks on drawings no
figure was tuned on: `xgest-bench strokes --independent OUT_DIR`. Nothing of them is
built into xgest or its tests.
"""

import json
import os
import re
import sys
import xml.etree.ElementTree as ET

# The logs' file names against the gesture names of the calibration data.
NAMES = {
    "delete_mark": "delete",
    "left_curly_brace": "left-brace",
    "right_curly_brace": "right-brace",
    "left_sq_bracket": "left-bracket",
    "right_sq_bracket": "right-bracket",
    "question_mark": "question-mark",
    "zig_zag": "zig-zag",
}


def samples(root):
    for subject in sorted(os.listdir(root)):
        if "pilot" in subject or not os.path.isdir(os.path.join(root, subject)):
            continue
        for speed in ("slow", "medium", "fast"):
            folder = os.path.join(root, subject, speed)
            if not os.path.isdir(folder):
                continue
            for name in sorted(os.listdir(folder)):
                match = re.fullmatch(r"([a-z_]+?)(\d+)\.xml", name)
                if not match:
                    continue
                gesture = NAMES.get(match.group(1), match.group(1))
                path = os.path.join(folder, name)
                try:
                    points = ET.parse(path).getroot().findall("Point")
                except ET.ParseError as error:
                    sys.exit(f"{path}: {error}")
                if len(points) < 5:
                    continue
                try:
                    xyt = [(float(p.get("X")), float(p.get("Y")), float(p.get("T", "0"))) for p in points]
                except (TypeError, ValueError):
                    sys.exit(f"{path}: a Point without numbers for X, Y and T")
                yield {
                    "source": "wobbrock/dollar-2007-logs",
                    "subject": f"{subject}-{speed}",
                    "gesture": gesture,
                    "sample": int(match.group(2)),
                    "points": [[number(x), number(y), t - xyt[0][2]] for x, y, t in xyt],
                }


def number(v):
    """A coordinate as the logs wrote it: whole numbers stay integers."""
    return int(v) if v.is_integer() else v


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[2])
    root, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    count = 0
    target = os.path.join(out, "dollar-2007-logs.jsonl")
    # Written beside it and renamed when whole: a log that stops the conversion leaves no
    # half file for the benchmark to read.
    partial = target + ".partial"
    try:
        with open(partial, "w") as f:
            for s in samples(root):
                f.write(json.dumps(s, separators=(",", ":")) + "\n")
                count += 1
    except SystemExit:
        os.remove(partial)
        raise
    if count == 0:
        os.remove(partial)
        sys.exit(f"{root}: no drawings found (expected s02/slow/check01.xml and the like)")
    os.replace(partial, target)
    print(f"{count} drawings written to {out}/dollar-2007-logs.jsonl")


if __name__ == "__main__":
    main()
