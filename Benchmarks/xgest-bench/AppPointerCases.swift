import Glibc
import XgestCore
import XgestTestServer

/// What xgest costs a mouse in a real application: how late pointer motion, a left
/// click, a right click and a right press held still reach it. The shipped config's
/// right-button stroke wants Super, so plain right clicks should cost nothing; with a
/// stroke bound to the right button alone (``plainRightStroke``, as mouse-gesture users
/// bind them), every right press is held until xgest knows it is no stroke: a click
/// arrives at its release, and so does a press held still (docs/strokes.md), where a
/// toolkit opens its context menu at the press.
struct AppPointerCases {
    static let clicks = 10
    /// How long a click's button stays down: people's clicks last about 80–120 ms.
    static let clickHoldMilliseconds = 80.0
    /// A right button held still, as a context menu is opened and an item picked by letting
    /// go over it: past the stroke's 300 ms start window.
    static let heldMilliseconds = 800.0
    /// How long a line may take to come before the case counts as lost.
    static let waitMilliseconds = 2_000.0

    /// A check mark drawn with the right button and no modifier.
    static let plainRightStroke = """

        [[gesture]]
        name = "plain-right-check"
        kind = "stroke"
        device = "pointer"
        shape = "check"
        button = 3
        action = "exec true"

        """

    var motionMs: [Double] = []
    var leftClickMs: [Double] = []
    var rightClickMs: [Double] = []
    var rightHeldMs: [Double] = []

    /// The rows of the table: a label and its figures.
    static let rows: [(label: String, pick: @Sendable (AppPointerCases) -> [Double])] = [
        ("pointer motion (ms)", { $0.motionMs }),
        ("left click 80 ms: press (ms)", { $0.leftClickMs }),
        ("right click 80 ms: press (ms)", { $0.rightClickMs }),
        ("right held 800 ms: press (ms)", { $0.rightHeldMs }),
    ]

    /// Plays every case over `center`: `watch` reads what the client and the daemon said
    /// meanwhile, `settle` waits between cases.
    static func measure(
        app: AppSession, pointer: Pointer, center: Point, watch: () -> Void, settle: () throws -> Void
    ) throws -> AppPointerCases {
        var figures = AppPointerCases()
        let x = center.x.rounded()
        let y = center.y.rounded()
        /// The time from `sent` to the first line `line` after `mark`, or nil if none came.
        func delay(after mark: Int, sent: UInt64, until line: String) -> Double? {
            let deadline = monotonicNanoseconds() + UInt64(waitMilliseconds * 1e6)
            while monotonicNanoseconds() < deadline {
                if let t = app.firstTime(of: { $0 == line }, after: mark) { return AppBenchmark.ms(t, sent) }
                watch()
            }
            return nil
        }
        for k in 0..<clicks {
            let mark = app.lines.count
            // A new point each time: a motion to where the pointer is makes no event.
            let (mx, my) = (x + Double(20 + k), y + Double(20 + k))
            try pointer.move(x: mx, y: my)
            try pointer.sync()
            let sent = monotonicNanoseconds()
            if let d = delay(after: mark, sent: sent, until: "motion \(Int(mx)) \(Int(my))") {
                figures.motionMs.append(d)
            }
            try settle()
        }
        /// Presses `button`, lets it go `holdMilliseconds` later, and returns how late the
        /// press reached the application.
        func press(_ button: Int, name: String, holdMilliseconds: Double) throws -> Double? {
            let mark = app.lines.count
            try pointer.press(button: button, x: x, y: y)
            try pointer.sync()
            let sent = monotonicNanoseconds()
            let due = sent + UInt64(holdMilliseconds * 1e6)
            while monotonicNanoseconds() < due { watch() }
            try pointer.release(button: button, x: x, y: y)
            try pointer.sync()
            let d = delay(after: mark, sent: sent, until: "button press \(name)")
            try settle()
            return d
        }
        for _ in 0..<clicks {
            if let d = try press(1, name: "left", holdMilliseconds: clickHoldMilliseconds) {
                figures.leftClickMs.append(d)
            }
            if let d = try press(3, name: "right", holdMilliseconds: clickHoldMilliseconds) {
                figures.rightClickMs.append(d)
            }
            if let d = try press(3, name: "right", holdMilliseconds: heldMilliseconds) {
                figures.rightHeldMs.append(d)
            }
        }
        return figures
    }
}
