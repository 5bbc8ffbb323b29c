import XgestCore
import XgestTestServer

/// One scripted step of the demo: what it shows, the input it plays, and the trace lines
/// (each with how many of them) that show the daemon has dealt with it.
struct DemoStep {
    var title: String
    var markers: [(text: String, count: Int)]
    var play: (XorgServer) throws -> Void
}

/// The tour `xgest demo` plays against the shipped default config (config/xgest.toml).
enum DemoScript {
    /// An application window, a Firefox ESR one (WM_CLASS as Debian's) and a terminal for
    /// the app-specific bindings.
    static let app = (x: 100, y: 150, width: 800, height: 600, instance: "demo", className: "XgestDemo")
    static let firefox = (x: 1000, y: 150, width: 800, height: 600, instance: "Navigator", className: "firefox-esr")
    static let terminal = (
        x: 1000, y: 800, width: 800, height: 250, instance: "gnome-terminal-server", className: "Gnome-terminal"
    )
    static let windows = [app, firefox, terminal]

    static func steps() -> [DemoStep] {
        [
            DemoStep(
                title: "Touchscreen: a 1-finger tap on the XgestDemo window; no binding wants it, so it is handed back",
                markers: [("touch-end", 1), ("ownership", 1)]
            ) { s in
                try s.touchscreen.begin(id: 1, x: 400, y: 400)
                try s.touchscreen.sync()
                try s.touchscreen.end(id: 1, x: 400, y: 400)
                try s.touchscreen.sync()
            },
            DemoStep(
                title: "Touchscreen: a swipe in from the right edge of the screen (edge-right: desktop next)",
                markers: [("touch-end", 1), ("action", 1)]
            ) { s in
                try s.touchscreen.begin(id: 1, x: 1917, y: 540)
                try s.touchscreen.sync()
                for step in 1...6 {
                    try s.touchscreen.update(id: 1, x: 1917 - Double(step * 40), y: 540)
                    try s.touchscreen.sync()
                }
                try s.touchscreen.end(id: 1, x: 1677, y: 540)
                try s.touchscreen.sync()
            },
            DemoStep(
                title: "Touchpad: a 3-finger swipe left (desktop-next)",
                markers: [("swipe-end", 1), ("action", 1)]
            ) { s in
                try s.pointer.move(x: 400, y: 400)
                try s.pointer.sync()
                try s.touchpad.swipe(.begin, fingers: 3)
                for _ in 0..<5 { try s.touchpad.swipe(.update, fingers: 3, dx: -30, dy: 0) }
                try s.touchpad.swipe(.end, fingers: 3)
                try s.touchpad.sync()
            },
            DemoStep(
                title:
                    "Touchpad: a pinch over the XgestDemo window; no binding takes a pinch there, so the window gets"
                    + " the whole pinch, for its own zoom",
                markers: [("handed back", 1)]
            ) { s in
                try s.pointer.move(x: 400, y: 400)
                try s.pointer.sync()
                try pinchOut(s)
            },
            DemoStep(
                title:
                    "Touchpad over the GNOME Terminal window: a pinch out zooms by keys (terminal-zoom-in: ctrl+shift+plus at"
                    + " every step); terminals have no pinch zoom of their own",
                markers: [("pinch-end", 1), ("action", 1)]
            ) { s in
                try s.pointer.move(x: 1400, y: 900)
                try s.pointer.sync()
                try pinchOut(s)
            },
            DemoStep(
                title:
                    "Touchpad over the Firefox window: a 3-finger swipe right runs the browsers' own binding"
                    + " (browser-back)",
                markers: [("swipe-end", 1), ("action", 1)]
            ) { s in
                try s.pointer.move(x: 1400, y: 400)
                try s.pointer.sync()
                try s.touchpad.swipe(.begin, fingers: 3)
                for _ in 0..<5 { try s.touchpad.swipe(.update, fingers: 3, dx: 30, dy: 0) }
                try s.touchpad.swipe(.end, fingers: 3)
                try s.touchpad.sync()
            },
            DemoStep(
                title: "Pointer: a right click on the XgestDemo window (strokes need Super held, so it is the app's)",
                markers: [("button-release", 1)]
            ) { s in
                try s.pointer.move(x: 500, y: 450)
                try s.pointer.press(button: 3)
                try s.pointer.release(button: 3)
                try s.pointer.sync()
            },
            DemoStep(
                title: "Touchscreen: a 2-finger double tap on the XgestDemo window (maximize)",
                markers: [("action", 1)]
            ) { s in
                for tap in 0..<2 {
                    let a = UInt32(tap * 2 + 1)
                    try s.touchscreen.begin(id: a, x: 400, y: 400)
                    try s.touchscreen.begin(id: a + 1, x: 460, y: 400)
                    try s.touchscreen.sync()
                    try s.touchscreen.end(id: a, x: 400, y: 400)
                    try s.touchscreen.end(id: a + 1, x: 460, y: 400)
                    try s.touchscreen.sync()
                }
            },
            DemoStep(
                title: "Touchscreen: a 3-finger swipe with no binding; handed back to the window too",
                markers: [("touch-end", 3), ("ownership", 1)]
            ) { s in
                let xs = [600.0, 660, 720]
                for (i, x) in xs.enumerated() { try s.touchscreen.begin(id: UInt32(i + 1), x: x, y: 500) }
                try s.touchscreen.sync()
                for step in 1...5 {
                    for (i, x) in xs.enumerated() {
                        try s.touchscreen.update(id: UInt32(i + 1), x: x - Double(step * 50), y: 500)
                    }
                    try s.touchscreen.sync()
                }
                for (i, x) in xs.enumerated() { try s.touchscreen.end(id: UInt32(i + 1), x: x - 250, y: 500) }
                try s.touchscreen.sync()
            },
        ]
    }

    private static func pinchOut(_ s: XorgServer) throws {
        try s.touchpad.pinch(.begin, fingers: 2, scale: 1)
        for step in 1...6 { try s.touchpad.pinch(.update, fingers: 2, scale: 1 + Double(step) * 0.2) }
        try s.touchpad.pinch(.end, fingers: 2, scale: 2.2)
        try s.touchpad.sync()
    }
}
