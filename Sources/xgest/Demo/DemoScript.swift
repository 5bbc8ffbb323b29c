import Glibc
import XgestCore
import XgestDaemon
import XgestTestServer

/// The tour `xgest demo` plays against the shipped default config (config/xgest.toml)
/// with ``DemoConfig/section`` added for the demo's own window.
enum DemoScript {
    /// An application window, a Firefox ESR one (WM_CLASS as Debian's) and a terminal for
    /// the app-specific bindings.
    static let app = (x: 100, y: 150, width: 800, height: 600, instance: "demo", className: "XgestDemo")
    static let firefox = (x: 1000, y: 150, width: 800, height: 600, instance: "Navigator", className: "firefox-esr")
    static let terminal = (
        x: 1000, y: 800, width: 800, height: 250, instance: "gnome-terminal-server", className: "Gnome-terminal"
    )
    static let windows = [app, firefox, terminal]

    /// What the scenes hand back to the XgestDemo window, for the closing check.
    static let handedBackTouches = 4
    static let handedBackClicks = 1
    static let handedBackPinches = 1

    static func steps(withWindowManager wm: Bool) -> [DemoStep] {
        // Without a window manager, a window or desktop action reports that there is none.
        let needsWM = wm ? "" : "; with no window manager, it reports that there is none"
        return [
            DemoStep(
                title: "Touchscreen: a 1-finger tap on the XgestDemo window; no binding wants it, so it is handed back",
                expectation: .handedBack, markers: [("touch-end", 1), ("ownership", 1)]
            ) { s in
                try DemoInput.touches(s, ids: [1], steps: 0) { _, _ in Point(x: 400, y: 400) }
            },
            DemoStep(
                title: "Touchscreen: a 3-finger swipe with no binding; handed back to the window too",
                expectation: .handedBack, markers: [("touch-end", 3), ("ownership", 1)]
            ) { s in
                try DemoInput.touches(s, ids: [1, 2, 3], steps: 5) { i, step in
                    Point(x: 600 + Double(i * 60) - Double(step * 50), y: 500)
                }
            },
            DemoStep(
                title: "Touchscreen: a swipe in from the right edge of the screen (edge-right: desktop next\(needsWM))",
                expectation: .action(binding: "edge-right", action: "desktop next", needsWindowManager: true),
                markers: [("touch-end", 1), (DemoTrace.actionTag, 1)]
            ) { s in
                try DemoInput.touches(s, ids: [1], steps: 6) { _, step in Point(x: 1917 - Double(step * 40), y: 540) }
            },
            DemoStep(
                title: "Touchpad: a 3-finger swipe left (desktop-next: desktop next\(needsWM))",
                expectation: .action(binding: "desktop-next", action: "desktop next", needsWindowManager: true),
                markers: [("swipe-end", 1), (DemoTrace.actionTag, 1)]
            ) { s in
                try s.pointer.move(x: 400, y: 400)
                try s.pointer.sync()
                try DemoInput.touchpadSwipe(s, fingers: 3, dx: -30, dy: 0)
            },
            DemoStep(
                title:
                    "Touchpad: a pinch over the XgestDemo window; no binding takes a pinch there, so the window gets"
                    + " the whole pinch, for its own zoom",
                expectation: .handedBack, markers: [("handed back", 1)]
            ) { s in
                try s.pointer.move(x: 400, y: 400)
                try s.pointer.sync()
                try DemoInput.pinchOut(s)
            },
            DemoStep(
                title:
                    "Touchpad over the GNOME Terminal window: a pinch out zooms by keys (terminal-zoom-in:"
                    + " ctrl+shift+plus at every step); terminals have no pinch zoom of their own",
                expectation: .action(
                    binding: "terminal-zoom-in", action: "key ctrl+shift+plus", needsWindowManager: false),
                markers: [("pinch-end", 1), (DemoTrace.actionTag, 1)]
            ) { s in
                try s.pointer.move(x: 1400, y: 900)
                try s.pointer.sync()
                try DemoInput.pinchOut(s)
            },
            DemoStep(
                title:
                    "Touchpad over the Firefox window: a 3-finger swipe right runs the browsers' own binding"
                    + " (browser-back: alt+Left) instead of desktop-previous",
                expectation: .action(binding: "browser-back", action: "key alt+Left", needsWindowManager: false),
                markers: [("swipe-end", 1), (DemoTrace.actionTag, 1)]
            ) { s in
                try s.pointer.move(x: 1400, y: 400)
                try s.pointer.sync()
                try DemoInput.touchpadSwipe(s, fingers: 3, dx: 30, dy: 0)
            },
            DemoStep(
                title: "Pointer: a right click on the XgestDemo window (strokes need Super held, so it is the app's)",
                expectation: .handedBack, markers: [("button-release", 1)]
            ) { s in
                try s.pointer.move(x: 500, y: 450)
                try s.pointer.press(button: 3)
                try s.pointer.sync()
                DemoInput.frame()
                try s.pointer.release(button: 3)
                try s.pointer.sync()
            },
            DemoStep(
                title:
                    "Pointer: a check mark drawn with Super and the right button held, on the desktop (terminal-check:"
                    + " exec x-terminal-emulator; the demo's is a stand-in that only exits)",
                expectation: .action(
                    binding: "terminal-check", action: "exec x-terminal-emulator", needsWindowManager: false),
                markers: [("button-release", 1), (DemoTrace.actionTag, 1)]
            ) { s in
                try DemoInput.stroke(
                    s, checkMark(from: Point(x: 150, y: 820)), button: 3, holding: try s.keycode("Super_L"))
            },
            DemoStep(
                title:
                    "Touchscreen: a 2-finger long press on the GNOME Terminal window pastes (terminal-paste: click 2)",
                expectation: .action(binding: "terminal-paste", action: "click 2", needsWindowManager: false),
                markers: [("touch-end", 2), (DemoTrace.actionTag, 1)]
            ) { s in
                try DemoInput.touches(s, ids: [1, 2], steps: 0, holdMicroseconds: 700_000) { i, _ in
                    Point(x: 1300 + Double(i * 80), y: 925)
                }
            },
            DemoStep(
                title:
                    "Touchscreen: two fingers turned clockwise on the XgestDemo window (demo-rotate: key ctrl+r,"
                    + " when the rotation ends)",
                expectation: .action(binding: "demo-rotate", action: "key ctrl+r", needsWindowManager: false),
                markers: [("touch-end", 2), (DemoTrace.actionTag, 1)]
            ) { s in
                try DemoInput.touches(s, ids: [1, 2], steps: 10) { i, step in
                    // About the centre (450, 450), 8 degrees a frame, the fingers opposite.
                    let angle = Double(step) * 8 * .pi / 180 + (i == 0 ? 0 : .pi)
                    return Point(x: 450 + 80 * cos(angle), y: 450 + 80 * sin(angle))
                }
            },
            DemoStep(
                title:
                    "Touchscreen: a 2-finger pan down the XgestDemo window scrolls (demo-pan: scroll down 1 at every"
                    + " 50 px)",
                expectation: .action(binding: "demo-pan", action: "scroll down 1", needsWindowManager: false),
                markers: [("touch-end", 2), (DemoTrace.actionTag, 1)]
            ) { s in
                try DemoInput.touches(s, ids: [1, 2], steps: 12) { i, step in
                    Point(x: 400 + Double(i * 70), y: 250 + Double(step * 20))
                }
            },
            DemoStep(
                title:
                    "Touchscreen: a 2-finger double tap on the XgestDemo window (demo-maximize: window maximize\(needsWM))",
                expectation: .action(binding: "demo-maximize", action: "window maximize", needsWindowManager: true),
                markers: [(DemoTrace.actionTag, 1)]
            ) { s in
                for _ in 0..<2 {
                    try DemoInput.touches(s, ids: [1, 2], steps: 0) { i, _ in Point(x: 400 + Double(i * 60), y: 400) }
                    usleep(60_000)
                }
            },
        ]
    }

    /// A check mark in the built-in template's proportions: down to the right, then a
    /// long way up to the right, a point every 15 px.
    static func checkMark(from start: Point) -> [Point] {
        var points: [Point] = []
        for k in 0...6 { points.append(Point(x: start.x + Double(k) * 15, y: start.y + Double(k) * 17.5)) }
        for k in 1...14 {
            points.append(Point(x: start.x + 90 + Double(k) * 15, y: start.y + 105 - Double(k) * 270 / 14))
        }
        return points
    }
}
