import XgestCore

/// A virtual input device of the test server, fed through its inputtest socket.
///
/// Every input method writes its message at once; the driver handles it when Xorg's input
/// thread reads it. Call `sync()` after a batch: when it returns, Xorg has processed every
/// message sent before, and the resulting X events are on their way to the clients.
public class InputTestDevice {
    public let kind: InputTestDeviceKind
    let connection: InputTestConnection
    let screenWidth: Int
    let screenHeight: Int

    /// Bound for writing one message, in milliseconds.
    public var writeTimeoutMilliseconds = 5_000
    /// Bound for a sync round trip, in milliseconds.
    public var syncTimeoutMilliseconds = 5_000

    init(kind: InputTestDeviceKind, connection: InputTestConnection, screenWidth: Int, screenHeight: Int) {
        self.kind = kind
        self.connection = connection
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
    }

    /// Blocks until Xorg has processed every message sent so far on this device.
    public func sync() throws {
        try connection.sync(timeoutMilliseconds: syncTimeoutMilliseconds)
    }

    /// CLOCK_MONOTONIC nanoseconds (see `monotonicNanoseconds()`) at which the last sync
    /// reply was read; 0 before the first sync.
    public var lastSyncReplyNanoseconds: UInt64 { connection.lastSyncReplyNanoseconds }

    func send(_ message: [UInt8]) throws {
        try connection.sendInput(message, timeoutMilliseconds: writeTimeoutMilliseconds)
    }

    /// Absolute axes 0 and 1 span 0...0xffff over the whole screen: pixel p of a screen
    /// W wide is p * 65536 / W, which Xorg maps back to exactly p (300 → 10240 → 300.0).
    func absoluteAxes(x: Double, y: Double) -> InputTestProtocol.Valuators {
        [(0, x * 65536 / Double(screenWidth)), (1, y * 65536 / Double(screenHeight))]
    }
}

/// The direct-touch screen. Touch ids are any UInt32 unique among the touches down.
///
/// A `sync()` ends a frame: the first message after it waits, if need be, until Xorg's
/// millisecond clock has moved past the sync (at most a millisecond), so that each frame's
/// events get a timestamp of their own. A real touchscreen's frames are 8 ms or more
/// apart, and xgest tells a frame's updates by their shared timestamp: frames sent within
/// one millisecond would read as one frame, its fingers at positions from different
/// frames. The wait comes before the next frame, not in the sync, so that a benchmark
/// timing from a sync's reply is not delayed by it.
public final class Touchscreen: InputTestDevice {
    /// Xorg's millisecond at the last sync's reply, until the next message waits past it.
    private var frameEndedAt: Int?

    public override func sync() throws {
        try super.sync()
        frameEndedAt = ServerMilliseconds.now()
    }

    override func send(_ message: [UInt8]) throws {
        if let ended = frameEndedAt {
            ServerMilliseconds.waitUntilAfter(ended)
            frameEndedAt = nil
        }
        try super.send(message)
    }

    public func begin(id: UInt32, x: Double, y: Double) throws {
        try send(InputTestProtocol.touch(id: id, type: .begin, valuators: absoluteAxes(x: x, y: y)))
    }

    public func update(id: UInt32, x: Double, y: Double) throws {
        try send(InputTestProtocol.touch(id: id, type: .update, valuators: absoluteAxes(x: x, y: y)))
    }

    /// Lifts the finger where it is.
    public func end(id: UInt32) throws {
        try send(InputTestProtocol.touch(id: id, type: .end, valuators: []))
    }

    /// Lifts the finger at a position (the end event carries it).
    public func end(id: UInt32, x: Double, y: Double) throws {
        try send(InputTestProtocol.touch(id: id, type: .end, valuators: absoluteAxes(x: x, y: y)))
    }

    public func begin(id: UInt32, at p: Point) throws { try begin(id: id, x: p.x, y: p.y) }
    public func update(id: UInt32, at p: Point) throws { try update(id: id, x: p.x, y: p.y) }
    public func end(id: UInt32, at p: Point) throws { try end(id: id, x: p.x, y: p.y) }
}

/// The absolute pointer (the server's core pointer). Buttons are X button numbers
/// (1 left, 2 middle, 3 right, 4/5 wheel up/down, 6/7 wheel left/right).
public final class Pointer: InputTestDevice {
    public func move(x: Double, y: Double) throws {
        try send(InputTestProtocol.motion(absolute: true, valuators: absoluteAxes(x: x, y: y)))
    }

    public func press(button: Int) throws {
        try send(InputTestProtocol.button(Int32(button), isPress: true, absolute: true, valuators: []))
    }

    public func release(button: Int) throws {
        try send(InputTestProtocol.button(Int32(button), isPress: false, absolute: true, valuators: []))
    }

    /// Moves to the position and presses, in one event.
    public func press(button: Int, x: Double, y: Double) throws {
        try send(
            InputTestProtocol.button(Int32(button), isPress: true, absolute: true, valuators: absoluteAxes(x: x, y: y)))
    }

    public func release(button: Int, x: Double, y: Double) throws {
        try send(
            InputTestProtocol.button(Int32(button), isPress: false, absolute: true, valuators: absoluteAxes(x: x, y: y))
        )
    }

    /// Smooth scrolling, as xf86-input-libinput posts a wheel: motion on the scroll axis
    /// (3 vertical, 2 horizontal), 120 to a notch, from which the server emulates the wheel
    /// buttons (4 to 7, flagged `XIPointerEmulated`) a notch at a time.
    public func scroll(vertical: Double = 0, horizontal: Double = 0) throws {
        var axes: InputTestProtocol.Valuators = []
        if horizontal != 0 { axes.append((2, horizontal)) }
        if vertical != 0 { axes.append((3, vertical)) }
        try send(InputTestProtocol.motion(absolute: false, valuators: axes))
    }

    public func click(button: Int, x: Double, y: Double) throws {
        try press(button: button, x: x, y: y)
        try release(button: button, x: x, y: y)
    }
}

/// The touchpad: a relative pointer that also emits XI 2.4 swipe and pinch gestures.
/// Deltas are in root pixels; the unaccelerated deltas are sent equal to them.
public final class Touchpad: InputTestDevice {
    public func swipe(_ phase: GesturePhase, fingers: Int, dx: Double = 0, dy: Double = 0, cancelled: Bool = false)
        throws
    {
        try send(
            InputTestProtocol.swipe(
                phaseOffset: Self.offset(phase), fingers: UInt16(clamping: fingers), cancelled: cancelled, dx: dx,
                dy: dy))
    }

    /// `scale` is relative to the start of the gesture (1 at begin); it travels as 16.16
    /// fixed point, so 0.9 arrives as 0.899994. `angleDelta` is in degrees.
    public func pinch(
        _ phase: GesturePhase, fingers: Int, dx: Double = 0, dy: Double = 0, scale: Double = 1,
        angleDelta: Double = 0, cancelled: Bool = false
    ) throws {
        try send(
            InputTestProtocol.pinch(
                phaseOffset: Self.offset(phase), fingers: UInt16(clamping: fingers), cancelled: cancelled, dx: dx,
                dy: dy, scale: scale, angleDelta: angleDelta))
    }

    /// Relative pointer motion, in pixels.
    public func move(dx: Double, dy: Double) throws {
        try send(InputTestProtocol.motion(absolute: false, valuators: [(0, dx), (1, dy)]))
    }

    /// Relative motion and a pinch's begin in one write: the driver reads both in one go,
    /// making the begin before the server has moved the pointer, so that the begin carries
    /// the position from before the motion, as on hardware when the motion comes less than
    /// a millisecond before the begin.
    public func moveAndBeginPinch(dx: Double, dy: Double, fingers: Int) throws {
        try send(
            InputTestProtocol.motion(absolute: false, valuators: [(0, dx), (1, dy)])
                + InputTestProtocol.pinch(
                    phaseOffset: Self.offset(.begin), fingers: UInt16(clamping: fingers), cancelled: false, dx: 0,
                    dy: 0, scale: 1, angleDelta: 0))
    }

    /// A press of one of the touchpad's buttons (a clickpad's right click is button 3).
    public func press(button: Int) throws {
        try send(InputTestProtocol.button(Int32(button), isPress: true, absolute: false, valuators: []))
    }

    public func release(button: Int) throws {
        try send(InputTestProtocol.button(Int32(button), isPress: false, absolute: false, valuators: []))
    }

    private static func offset(_ phase: GesturePhase) -> UInt16 {
        switch phase {
        case .begin: return 0
        case .update: return 1
        case .end: return 2
        }
    }
}

/// The core keyboard. Keycodes are X keycodes (evdev code + 8: 38 is "a", 37 Control_L).
public final class Keyboard: InputTestDevice {
    public func press(keycode: UInt32) throws { try send(InputTestProtocol.key(keycode, isPress: true)) }
    public func release(keycode: UInt32) throws { try send(InputTestProtocol.key(keycode, isPress: false)) }

    public func tap(keycode: UInt32) throws {
        try press(keycode: keycode)
        try release(keycode: keycode)
    }
}
