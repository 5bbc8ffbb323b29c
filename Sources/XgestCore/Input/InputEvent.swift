/// One input event, free of any X11 type: what the X11 layer captures, what traces hold,
/// and what the engine consumes.
public struct InputEvent: Hashable, Sendable {
    public var time: EventTime
    /// The XI id of the physical (slave) device the event came from.
    public var device: Int
    public var deviceKind: DeviceKind
    public var payload: Payload

    public init(time: EventTime, device: Int, deviceKind: DeviceKind, payload: Payload) {
        self.time = time
        self.device = device
        self.deviceKind = deviceKind
        self.payload = payload
    }

    public enum Payload: Hashable, Sendable {
        case touch(TouchSample)
        case touchpadSwipe(TouchpadSwipe)
        case touchpadPinch(TouchpadPinch)
        case pointerMotion(Point)
        case button(ButtonSample)
        case modifiers(Modifiers)
    }
}

/// The life of one touch point, as XI 2.2 reports it.
public enum TouchPhase: String, Hashable, Sendable, CaseIterable {
    case begin
    case update
    case end
}

public struct TouchSample: Hashable, Sendable {
    /// The touch id: unique among the touches currently down on its device.
    public var id: UInt32
    public var phase: TouchPhase
    public var location: Point

    public init(id: UInt32, phase: TouchPhase, location: Point) {
        self.id = id
        self.phase = phase
        self.location = location
    }
}

/// The phase of an XI 2.4 touchpad gesture.
public enum GesturePhase: String, Hashable, Sendable, CaseIterable {
    case begin
    case update
    case end
}

/// An XI 2.4 swipe gesture event: the deltas are per event, in root pixels.
public struct TouchpadSwipe: Hashable, Sendable {
    public var phase: GesturePhase
    public var fingers: Int
    public var delta: Point
    /// Set on an end event when the gesture was cancelled (fingers lifted into another gesture).
    public var cancelled: Bool
    /// The pointer position when the event happened.
    public var location: Point

    public init(phase: GesturePhase, fingers: Int, delta: Point, cancelled: Bool = false, location: Point = .zero) {
        self.phase = phase
        self.fingers = fingers
        self.delta = delta
        self.cancelled = cancelled
        self.location = location
    }
}

/// An XI 2.4 pinch gesture event.
public struct TouchpadPinch: Hashable, Sendable {
    public var phase: GesturePhase
    public var fingers: Int
    public var delta: Point
    /// The scale relative to the start of the gesture (1.0 at begin).
    public var scale: Double
    /// The rotation since the previous event, in degrees, clockwise positive (as XI reports it).
    public var angleDeltaDegrees: Double
    public var cancelled: Bool
    public var location: Point

    public init(
        phase: GesturePhase, fingers: Int, delta: Point, scale: Double, angleDeltaDegrees: Double,
        cancelled: Bool = false, location: Point = .zero
    ) {
        self.phase = phase
        self.fingers = fingers
        self.delta = delta
        self.scale = scale
        self.angleDeltaDegrees = angleDeltaDegrees
        self.cancelled = cancelled
        self.location = location
    }
}

public struct ButtonSample: Hashable, Sendable {
    public var button: Int
    public var isPress: Bool
    public var location: Point

    public init(button: Int, isPress: Bool, location: Point) {
        self.button = button
        self.isPress = isPress
        self.location = location
    }
}
