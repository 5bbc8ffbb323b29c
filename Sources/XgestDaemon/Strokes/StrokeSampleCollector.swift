import XgestCore

/// Turns live input into stroke samples for `xgest record-stroke`: the pointer's path
/// from a press of the recording button to its release, or one finger's path on a
/// touchscreen from touch down to lift, each no longer than the daemon lets a stroke take.
public struct StrokeSampleCollector {
    public enum Outcome: Equatable {
        case sample([Point])
        /// The path was shorter than the minimum (a click, a tap).
        case tooShort(lengthPx: Double)
        /// It took longer than the daemon lets a stroke take (`stroke-max-duration`): drawn
        /// at that pace, the shape would time out.
        case tooSlow(seconds: Double)
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
    public let maximumDurationSeconds: Double
    private var pointerPath: [Point]?
    /// When the recording button was pressed.
    private var pointerStart = EventTime.zero
    private var touchSequences: [Int: TouchSequence] = [:]

    private struct TouchSequence {
        var start: EventTime
        var first: UInt32
        var down: Set<UInt32>
        var all: [UInt32]
        var points: [Point]
    }

    public init(
        button: Int, minimumLengthPx: Double,
        maximumDurationSeconds: Double = StrokeSettings(shape: "").maximumDurationSeconds
    ) {
        self.button = button
        self.minimumLengthPx = minimumLengthPx
        self.maximumDurationSeconds = maximumDurationSeconds
    }

    public mutating func feed(_ e: InputEvent) -> (outcome: Outcome?, touchesEnded: TouchSequenceEnd?) {
        switch e.payload {
        case .button(let b) where b.button == button:
            if b.isPress {
                pointerPath = [b.location]
                pointerStart = e.time
                return (nil, nil)
            }
            guard var path = pointerPath.take() else { return (nil, nil) }
            path.appendIfMoved(b.location)
            return (judge(path, from: pointerStart, to: e.time), nil)
        case .pointerMotion(let p):
            // In place: a path taken out and stored back would be copied at each point.
            pointerPath?.appendIfMoved(p)
            return (nil, nil)
        case .touch(let t):
            return touch(t, device: e.device, at: e.time)
        case .button, .touchpadSwipe, .touchpadPinch, .modifiers:
            return (nil, nil)
        }
    }

    private mutating func touch(_ t: TouchSample, device: Int, at time: EventTime) -> (Outcome?, TouchSequenceEnd?) {
        switch t.phase {
        case .begin:
            if touchSequences[device] != nil {
                touchSequences[device]?.down.insert(t.id)
                touchSequences[device]?.all.append(t.id)
            } else {
                touchSequences[device] = TouchSequence(
                    start: time, first: t.id, down: [t.id], all: [t.id], points: [t.location])
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
            let outcome = s.all.count > 1 ? Outcome.tooManyFingers : judge(s.points, from: s.start, to: time)
            let keep: Bool
            if case .sample = outcome { keep = true } else { keep = false }
            return (outcome, TouchSequenceEnd(device: device, touches: s.all, keep: keep))
        }
    }

    /// Too short first: a click held still for long is a click, not a slow stroke.
    private func judge(_ path: [Point], from start: EventTime, to end: EventTime) -> Outcome {
        let length = strokePathLength(path)
        guard path.count >= 2 && length >= minimumLengthPx else { return .tooShort(lengthPx: length) }
        // Past the limit as the recognizer counts it, from the press or touch to the last event.
        let seconds = (end - start).seconds
        return seconds > maximumDurationSeconds ? .tooSlow(seconds: seconds) : .sample(path)
    }

}

extension [Point] {
    /// A sample keeps a point only where the path moved.
    fileprivate mutating func appendIfMoved(_ p: Point) {
        if last != p { append(p) }
    }
}
