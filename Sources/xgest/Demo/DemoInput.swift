import Glibc
import XgestCore
import XgestDaemon
import XgestTestServer

/// Input played at a hand's pace: each frame waits a little, so that the server stamps
/// the events of a scene with times that differ, as a real hand's do, and velocities and
/// speeds come out as they would (every event at one time gives a velocity of 0,0).
enum DemoInput {
    /// A frame at 100 Hz, about what touchscreens and touchpads report.
    static let frameMicroseconds: UInt32 = 10_000

    static func frame() { usleep(frameMicroseconds) }

    /// Touches `ids` at `points(step)` for steps 0 through `steps`: down at 0, moved, up at the last.
    static func touches(
        _ s: XorgServer, ids: [UInt32], steps: Int, holdMicroseconds: UInt32 = 0, at points: (Int, Int) -> Point
    ) throws {
        for (i, id) in ids.enumerated() { try s.touchscreen.begin(id: id, at: points(i, 0)) }
        try s.touchscreen.sync()
        if holdMicroseconds > 0 { usleep(holdMicroseconds) }
        for step in stride(from: 1, through: steps, by: 1) {
            frame()
            for (i, id) in ids.enumerated() { try s.touchscreen.update(id: id, at: points(i, step)) }
            try s.touchscreen.sync()
        }
        frame()
        for (i, id) in ids.enumerated() { try s.touchscreen.end(id: id, at: points(i, steps)) }
        try s.touchscreen.sync()
    }

    static func touchpadSwipe(_ s: XorgServer, fingers: Int, dx: Double, dy: Double, steps: Int = 5) throws {
        try s.touchpad.swipe(.begin, fingers: fingers)
        try s.touchpad.sync()
        for _ in 0..<steps {
            frame()
            try s.touchpad.swipe(.update, fingers: fingers, dx: dx, dy: dy)
            try s.touchpad.sync()
        }
        frame()
        try s.touchpad.swipe(.end, fingers: fingers)
        try s.touchpad.sync()
    }

    static func pinchOut(_ s: XorgServer) throws {
        try s.touchpad.pinch(.begin, fingers: 2, scale: 1)
        try s.touchpad.sync()
        for step in 1...6 {
            frame()
            try s.touchpad.pinch(.update, fingers: 2, scale: 1 + Double(step) * 0.2)
            try s.touchpad.sync()
        }
        frame()
        try s.touchpad.pinch(.end, fingers: 2, scale: 2.2)
        try s.touchpad.sync()
    }

    /// `points` drawn with `button` held and `keycode` down for the whole stroke.
    static func stroke(_ s: XorgServer, _ points: [Point], button: Int, holding keycode: UInt32) throws {
        try s.keyboard.press(keycode: keycode)
        try s.keyboard.sync()
        try s.drawWithPointer(points, button: button, beforeEachMove: frame)
        try s.keyboard.release(keycode: keycode)
        try s.keyboard.sync()
    }
}
