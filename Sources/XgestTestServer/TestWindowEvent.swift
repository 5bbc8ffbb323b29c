import XgestCore

/// An event a `TestWindow` received, reduced to what tests assert on.
public enum TestWindowEvent: Hashable, Sendable {
    case touch(ReceivedTouch)
    case key(ReceivedKey)
    case button(ReceivedButton)
    case motion(ReceivedMotion)
    case gesture(ReceivedGesture)
}

/// An XI 2.2 TouchBegin, TouchUpdate or TouchEnd.
public struct ReceivedTouch: Hashable, Sendable {
    public var phase: TouchPhase
    /// The server's touch id (XIDeviceEvent.detail); not the id the feeder sent.
    public var id: UInt32
    public var root: Point
    /// The window the event was reported relative to.
    public var window: UInt
    /// The slave device that produced it (XIDeviceEvent.sourceid).
    public var sourceDeviceID: Int
    /// XITouchEmulatingPointer: this touch also drives the emulated pointer.
    public var emulatesPointer: Bool
}

/// A core KeyPress or KeyRelease.
public struct ReceivedKey: Hashable, Sendable {
    public var isPress: Bool
    public var keycode: UInt32
    /// The core state mask. Button bits may be set after touch sequences, so compare only
    /// the modifier bits (`state & 0xff`; docs/x11-notes.md, "Button bits can stay in the
    /// core state after touches").
    public var state: UInt32
    public var window: UInt
}

/// A core ButtonPress or ButtonRelease.
public struct ReceivedButton: Hashable, Sendable {
    public var isPress: Bool
    public var button: UInt32
    public var root: Point
    public var state: UInt32
    public var window: UInt
}

/// A core MotionNotify.
public struct ReceivedMotion: Hashable, Sendable {
    public var root: Point
    public var state: UInt32
    public var window: UInt
}

/// An XI 2.4 touchpad gesture event (swipe or pinch).
public struct ReceivedGesture: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case swipe
        case pinch
    }

    public var kind: Kind
    public var phase: GesturePhase
    public var fingers: Int
    public var delta: Point
    /// Pinch only (1 for swipes); 16.16 fixed point on the wire, so compare with a tolerance.
    public var scale: Double
    /// Pinch only (0 for swipes), in degrees.
    public var angleDelta: Double
    public var cancelled: Bool
    /// The pointer position.
    public var root: Point
    public var window: UInt
    public var sourceDeviceID: Int
}
