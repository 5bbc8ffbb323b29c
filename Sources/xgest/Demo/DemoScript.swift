import XgestCore
import XgestTestServer

/// One scripted step of the demo: what it shows, the input it plays, and the trace line
/// (and how many of them) that mark the step as fully seen by the daemon.
struct DemoStep {
    var title: String
    var marker: String
    var markerCount: Int
    var play: (XorgServer) throws -> Void
}

enum DemoScript {
    /// The demo window: an application for the touches to land on.
    static let window = (x: 200, y: 150, width: 800, height: 600, instance: "demo", className: "XgestDemo")

    static func steps() -> [DemoStep] {
        [
            DemoStep(title: "A 1-finger tap on the XgestDemo window", marker: "touch-end", markerCount: 1) { s in
                try s.touchscreen.begin(id: 1, x: 500, y: 400)
                try s.touchscreen.end(id: 1, x: 500, y: 400)
                try s.touchscreen.sync()
            },
            DemoStep(title: "A 1-finger tap on the desktop", marker: "touch-end", markerCount: 1) { s in
                try s.touchscreen.begin(id: 1, x: 1500, y: 900)
                try s.touchscreen.end(id: 1, x: 1500, y: 900)
                try s.touchscreen.sync()
            },
            DemoStep(title: "A 2-finger pinch on the window", marker: "touch-end", markerCount: 2) { s in
                let ts = s.touchscreen
                try ts.begin(id: 1, x: 400, y: 400)
                try ts.begin(id: 2, x: 800, y: 400)
                for step in 1...4 {
                    try ts.update(id: 1, x: 400 + Double(step * 30), y: 400)
                    try ts.update(id: 2, x: 800 - Double(step * 30), y: 400)
                }
                try ts.end(id: 1, x: 520, y: 400)
                try ts.end(id: 2, x: 680, y: 400)
                try ts.sync()
            },
            DemoStep(title: "A 3-finger swipe to the left on the window", marker: "touch-end", markerCount: 3) { s in
                let ts = s.touchscreen
                let xs = [700.0, 760, 820]
                for (i, x) in xs.enumerated() { try ts.begin(id: UInt32(i + 1), x: x, y: 500) }
                for step in 1...5 {
                    for (i, x) in xs.enumerated() { try ts.update(id: UInt32(i + 1), x: x - Double(step * 60), y: 500) }
                }
                for (i, x) in xs.enumerated() { try ts.end(id: UInt32(i + 1), x: x - 300, y: 500) }
                try ts.sync()
            },
            DemoStep(title: "Touchpad: a 3-finger swipe up", marker: "swipe-end", markerCount: 1) { s in
                try s.touchpad.swipe(.begin, fingers: 3)
                for _ in 0..<4 { try s.touchpad.swipe(.update, fingers: 3, dx: 0, dy: -25) }
                try s.touchpad.swipe(.end, fingers: 3)
                try s.touchpad.sync()
            },
            DemoStep(
                title: "Touchpad: a 2-finger pinch out with a little rotation", marker: "pinch-end", markerCount: 1
            ) {
                s in
                try s.touchpad.pinch(.begin, fingers: 2, scale: 1)
                for step in 1...4 {
                    try s.touchpad.pinch(.update, fingers: 2, scale: 1 + Double(step) * 0.15, angleDelta: 2)
                }
                try s.touchpad.pinch(.end, fingers: 2, scale: 1.6)
                try s.touchpad.sync()
            },
            DemoStep(
                title: "Pointer: a move, then a right click on the window", marker: "button-release", markerCount: 1
            ) {
                s in
                try s.pointer.move(x: 600, y: 450)
                try s.pointer.move(x: 640, y: 480)
                try s.pointer.press(button: 3)
                try s.pointer.release(button: 3)
                try s.pointer.sync()
            },
        ]
    }
}
