/// The touches down on one touchscreen and the sequence's aggregate motion, kept up to
/// date in place so that each event costs O(fingers) once, not once per recognizer.
struct TouchTracker {
    private(set) var frame: TouchFrame
    /// Mean distance of the touches from their centroid (2+ touches).
    private var spread = 0.0
    /// Angle of the line from the first to the second touch.
    private var angle = 0.0
    /// Velocities are measured over at least this much event time, so that events
    /// arriving in bursts do not give wild values.
    private static let velocityWindow = EventDuration.milliseconds(10)
    private var velocitySampleTime = EventTime.zero
    private var velocitySampleTranslation = Point.zero
    private var velocitySampleScale = 1.0
    private var velocitySampleRotation = 0.0

    init(device: Int, screen: Rect) {
        let none = Touch(id: 0, location: .zero, startLocation: .zero, startTime: .zero)
        frame = TouchFrame(
            time: .zero, device: device, phase: .begin, changed: none, touches: [], sequenceStartTime: .zero,
            sequenceStartLocation: .zero, maximumTouches: 0, maximumTravelPx: 0, centroid: .zero, screen: screen)
        frame.touches.reserveCapacity(16)
    }

    var isIdle: Bool { frame.touches.isEmpty }

    func contains(_ id: UInt32) -> Bool { frame.touches.contains { $0.id == id } }

    var touchIDs: [UInt32] { frame.touches.map(\.id) }

    /// The touches down at `time`, and the one that lifted at `time` if one did: the
    /// array itself (no copy) unless a touch just lifted.
    @inline(__always)
    func touchesAt(_ time: EventTime) -> [Touch] {
        guard frame.phase == .end, frame.time == time else { return frame.touches }
        // In landing order, as the others are (ids grow as touches land).
        var all = frame.touches
        all.insert(frame.changed, at: all.firstIndex { $0.id > frame.changed.id } ?? all.endIndex)
        return all
    }

    mutating func setScreen(_ screen: Rect) { frame.screen = screen }

    /// A touch landed; false when a touch with that id is already down.
    mutating func begin(id: UInt32, at p: Point, time: EventTime) -> Bool {
        guard !contains(id) else { return false }
        if isIdle {
            frame.sequenceStartTime = time
            frame.sequenceStartLocation = p
            frame.maximumTouches = 0
            frame.maximumTravelPx = 0
            frame.translation = .zero
            frame.velocity = .zero
            frame.scale = 1
            frame.scaleVelocity = 0
            frame.rotationRadians = 0
            frame.rotationVelocity = 0
            velocitySampleTime = time
            velocitySampleTranslation = .zero
            velocitySampleScale = 1
            velocitySampleRotation = 0
        }
        let t = Touch(id: id, location: p, startLocation: p, startTime: time)
        frame.touches.append(t)
        frame.maximumTouches = max(frame.maximumTouches, frame.touches.count)
        frame.time = time
        frame.phase = .begin
        frame.changed = t
        rebase()
        return true
    }

    /// Whether the last ``update(id:to:time:)`` moved its touch: a touchscreen may report a
    /// finger where it was (a change of pressure or contact size).
    private(set) var lastUpdateMoved = false

    /// A touch moved; false when no touch with that id is down.
    mutating func update(id: UInt32, to p: Point, time: EventTime) -> Bool {
        guard let k = frame.touches.firstIndex(where: { $0.id == id }) else { return false }
        lastUpdateMoved = frame.touches[k].location != p
        move(k, to: p, time: time)
        frame.phase = .update
        frame.changed = frame.touches[k]
        return true
    }

    /// A touch lifted at `p`; false when no touch with that id is down.
    mutating func end(id: UInt32, at p: Point, time: EventTime) -> Bool {
        guard let k = frame.touches.firstIndex(where: { $0.id == id }) else { return false }
        move(k, to: p, time: time)
        frame.phase = .end
        frame.changed = frame.touches.remove(at: k)
        rebase()
        return true
    }

    /// Recomputes centroid, spread and angle after the set of touches changed, without
    /// counting the jump as motion.
    private mutating func rebase() {
        let n = frame.touches.count
        guard n > 0 else { return }
        var c = Point.zero
        for t in frame.touches { c = c + t.location }
        frame.centroid = c * (1 / Double(n))
        spread = currentSpread()
        angle = currentAngle()
    }

    private func currentSpread() -> Double {
        let n = frame.touches.count
        guard n >= 2 else { return 0 }
        var sum = 0.0
        for t in frame.touches { sum += t.location.distance(to: frame.centroid) }
        return sum / Double(n)
    }

    private func currentAngle() -> Double {
        guard frame.touches.count >= 2 else { return 0 }
        let v = frame.touches[1].location - frame.touches[0].location
        return atan2Radians(v.y, v.x)
    }

    private mutating func move(_ k: Int, to p: Point, time: EventTime) {
        let old = frame.touches[k].location
        frame.time = time
        guard p != old else { return }
        frame.touches[k].location = p
        let travel = frame.touches[k].startLocation.distance(to: p)
        if travel > frame.touches[k].maximumTravelPx { frame.touches[k].maximumTravelPx = travel }
        if travel > frame.maximumTravelPx { frame.maximumTravelPx = travel }

        let n = Double(frame.touches.count)
        let shift = (p - old) * (1 / n)
        frame.centroid = frame.centroid + shift
        frame.translation = frame.translation + shift
        if frame.touches.count >= 2 {
            let s = currentSpread()
            if spread > 0, s > 0 { frame.scale *= s / spread }
            spread = s
            if k < 2 {
                let a = currentAngle()
                frame.rotationRadians += normalizedAngle(a - angle)
                angle = a
            }
        }
        sampleVelocity(time)
    }

    private mutating func sampleVelocity(_ time: EventTime) {
        let dt = time - velocitySampleTime
        guard dt >= TouchTracker.velocityWindow else { return }
        let k = 1 / dt.seconds
        frame.velocity = (frame.translation - velocitySampleTranslation) * k
        frame.scaleVelocity = (frame.scale - velocitySampleScale) * k
        frame.rotationVelocity = (frame.rotationRadians - velocitySampleRotation) * k
        velocitySampleTime = time
        velocitySampleTranslation = frame.translation
        velocitySampleScale = frame.scale
        velocitySampleRotation = frame.rotationRadians
    }
}
