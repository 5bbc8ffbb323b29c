import XgestCore

/// Turns live input into stroke samples for `xgest record-stroke`: the pointer's path
/// from a press of the recording button to its release, or one finger's path on a
/// touchscreen from touch down to lift.
public struct StrokeSampleCollector {
    public enum Outcome: Equatable {
        case sample([Point])
        /// The path was shorter than the minimum (a click, a tap).
        case tooShort(lengthPx: Double)
        /// More than one finger was down: a stroke is drawn with one.
        case tooManyFingers
    }

    /// A touch sequence that ended: its touches, and whether it was a sample (kept by
    /// xgest: the application underneath never sees it) or is handed back.
    public struct TouchSequenceEnd: Equatable {
        public var device: Int
        public var touches: [UInt32]
        public var keep: Bool
    }

    public let button: Int
    public let minimumLengthPx: Double
    private var pointerPath: [Point]?
    private var touchSequences: [Int: TouchSequence] = [:]

    private struct TouchSequence {
        var first: UInt32
        var down: Set<UInt32>
        var all: [UInt32]
        var points: [Point]
    }

    public init(button: Int, minimumLengthPx: Double) {
        self.button = button
        self.minimumLengthPx = minimumLengthPx
    }

    public mutating func feed(_ e: InputEvent) -> (outcome: Outcome?, touchesEnded: TouchSequenceEnd?) {
        switch e.payload {
        case .button(let b) where b.button == button:
            if b.isPress {
                pointerPath = [b.location]
                return (nil, nil)
            }
            guard var path = pointerPath else { return (nil, nil) }
            pointerPath = nil
            Self.append(b.location, to: &path)
            return (judge(path), nil)
        case .pointerMotion(let p):
            if var path = pointerPath {
                Self.append(p, to: &path)
                pointerPath = path
            }
            return (nil, nil)
        case .touch(let t):
            return touch(t, device: e.device)
        case .button, .touchpadSwipe, .touchpadPinch, .modifiers:
            return (nil, nil)
        }
    }

    private mutating func touch(_ t: TouchSample, device: Int) -> (Outcome?, TouchSequenceEnd?) {
        switch t.phase {
        case .begin:
            if var s = touchSequences[device] {
                s.down.insert(t.id)
                s.all.append(t.id)
                touchSequences[device] = s
            } else {
                touchSequences[device] = TouchSequence(first: t.id, down: [t.id], all: [t.id], points: [t.location])
            }
            return (nil, nil)
        case .update:
            if var s = touchSequences[device], s.first == t.id {
                Self.append(t.location, to: &s.points)
                touchSequences[device] = s
            }
            return (nil, nil)
        case .end:
            guard var s = touchSequences[device] else { return (nil, nil) }
            if s.first == t.id { Self.append(t.location, to: &s.points) }
            s.down.remove(t.id)
            guard s.down.isEmpty else {
                touchSequences[device] = s
                return (nil, nil)
            }
            touchSequences[device] = nil
            let outcome = s.all.count > 1 ? Outcome.tooManyFingers : judge(s.points)
            let keep: Bool
            if case .sample = outcome { keep = true } else { keep = false }
            return (outcome, TouchSequenceEnd(device: device, touches: s.all, keep: keep))
        }
    }

    private func judge(_ path: [Point]) -> Outcome {
        let length = strokePathLength(path)
        return path.count >= 2 && length >= minimumLengthPx ? .sample(path) : .tooShort(lengthPx: length)
    }

    private static func append(_ p: Point, to path: inout [Point]) {
        if path.last != p { path.append(p) }
    }
}
