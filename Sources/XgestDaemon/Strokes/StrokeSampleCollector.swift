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
            guard var path = pointerPath.take() else { return (nil, nil) }
            path.appendIfMoved(b.location)
            return (judge(path), nil)
        case .pointerMotion(let p):
            // In place: a path taken out and stored back would be copied at each point.
            pointerPath?.appendIfMoved(p)
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
            if touchSequences[device] != nil {
                touchSequences[device]?.down.insert(t.id)
                touchSequences[device]?.all.append(t.id)
            } else {
                touchSequences[device] = TouchSequence(first: t.id, down: [t.id], all: [t.id], points: [t.location])
            }
            return (nil, nil)
        case .update:
            if touchSequences[device]?.first == t.id { touchSequences[device]?.points.appendIfMoved(t.location) }
            return (nil, nil)
        case .end:
            guard var s = touchSequences.removeValue(forKey: device) else { return (nil, nil) }
            if s.first == t.id { s.points.appendIfMoved(t.location) }
            s.down.remove(t.id)
            guard s.down.isEmpty else {
                touchSequences[device] = s
                return (nil, nil)
            }
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

}

extension [Point] {
    /// A sample keeps a point only where the path moved.
    fileprivate mutating func appendIfMoved(_ p: Point) {
        if last != p { append(p) }
    }
}
