#!/usr/bin/env python3
"""Writes strokes.trace and strokes.toml from the MIT-licensed source of the human stroke data.

usage: make-fixture.py DIR   (DIR holds jonathanzhang53-gesture-recognizer.jsonl)

Three drawings of each of the 16 gestures, each by another participant (s01..s06 in turn,
samples 1 to 3), chosen by position only, never by how they classify. The source has no
clock: points are 8 ms apart, the median interval where the other sources have clocks.
Each drawing keeps its size and is moved so that its box starts at (400, 300).
"""
import json
import sys

GESTURES = ["check", "x", "circle", "triangle", "rectangle", "caret", "v", "zig-zag", "arrow",
            "left-bracket", "right-bracket", "left-brace", "right-brace", "star", "pigtail", "delete"]
STEP_SECONDS = 0.008


def main(directory):
    with open(directory + "/jonathanzhang53-gesture-recognizer.jsonl") as f:
        rows = [json.loads(line) for line in f]
    subjects = sorted({r["subject"] for r in rows})
    header = {"xgest-trace": 1, "screen": {"width": 1920, "height": 1080},
              "devices": [{"id": 6, "name": "Test Touchscreen", "kind": "touchscreen"}]}
    lines = [json.dumps(header, separators=(",", ":"))]
    t = 1.0
    for g, gesture in enumerate(GESTURES):
        for k in range(3):
            subject = subjects[(g + k) % len(subjects)]
            sample = next(r for r in rows
                          if r["gesture"] == gesture and r["subject"] == subject and r["sample"] == k + 1)
            points = sample["points"]
            dx = 400 - min(p[0] for p in points)
            dy = 300 - min(p[1] for p in points)
            for i, p in enumerate(points):
                kind = "touch-begin" if i == 0 else "touch-end" if i == len(points) - 1 else "touch-update"
                lines.append('{"t":%.3f,"dev":6,"type":"%s","id":1,"x":%.2f,"y":%.2f}'
                             % (t, kind, p[0] + dx, p[1] + dy))
                t += STEP_SECONDS
            t += 1.0
    with open("strokes.trace", "w") as f:
        f.write("\n".join(lines) + "\n")
    toml = ["# Every built-in shape bound on the touchscreen, for strokes.trace.", ""]
    for gesture in GESTURES:
        toml += ["[[gesture]]", f'name = "{gesture}"', 'kind = "stroke"', 'device = "touchscreen"',
                 f'shape = "{gesture}"', 'action = "key F1"', ""]
    with open("strokes.toml", "w") as f:
        f.write("\n".join(toml))


if __name__ == "__main__":
    main(sys.argv[1])
