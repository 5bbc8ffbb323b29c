import CXgest
import XgestCore

/// The on-screen feedback: the tracker's scene drawn on an overlay window that exists only
/// while something is shown, or, under a compositing manager, is made as soon as the
/// compositor is seen and kept parked out of sight between gestures (``OverlayLifetime``).
///
/// Off the recognition path: the daemon hands it input and engine outputs after the
/// actions of a pass have run, and ``render(nowMicroseconds:)`` only queues requests
/// (no round trip but one per window made, to ask whether a compositor runs), so the
/// engine never waits on drawing. A render that takes longer than
/// ``slowServerMicroseconds`` (a server not reading its connection) turns feedback off.
public final class FeedbackOverlay {
    /// A render this slow means the server is not keeping up: feedback goes off rather
    /// than slow every gesture down.
    public static let slowServerMicroseconds: UInt64 = 100_000
    /// A growing trail is drawn at most this often (about 60 times a second): a mouse
    /// reports up to 1,000 motions a second, and every update is work the server does
    /// before the requests that follow it, a stroke's action among them. Decisions and
    /// clearing are drawn at once.
    public static let trailFrameMicroseconds: UInt64 = 16_000
    /// After its hold, a decision's trail retracts into its end over this long, one frame
    /// per ``trailFrameMicroseconds``, and the label goes with its last frame.
    public static let fadeMicroseconds: UInt64 = 240_000

    public private(set) var tracker: FeedbackTracker
    private let display: XDisplay
    private let support: OverlaySupport
    private let labels: LabelPainter
    /// Told of each window made, before its CreateNotify is read (hit-tests leave it out).
    private let ownWindow: (Window) -> Void
    /// The monitor a point is on (or nearest), in root pixels: a label stays on a
    /// monitor, not in a gap, below a shorter monitor or across two; the gesture's own
    /// when the tracker knows it (``FeedbackScene/Label/monitor``), else the one under its point.
    private let monitorAt: (Point) -> Rect?
    /// The monitors and mapped touchscreens as the engine has them now, for the tracker to
    /// choose each traced sequence's area at its start as the engine does.
    private let layout: () -> ScreenLayout?
    private var lifetime = OverlayLifetime.absent
    /// The compositing manager's selection window when the window was made translucent for it.
    private var compositor: Window?
    /// Whether ``compositorChanged(owner:)`` is told of every change of the compositing
    /// manager's selection (XFixes); if not, a kept window is used again only after asking
    /// the selection's owner (a round trip per gesture).
    private let followsCompositor: Bool
    /// A compositor took the selection while a window without alpha was showing: the
    /// window for it is made when that one goes (``standBy()``).
    private var compositorArrived = false
    /// What the window shows now.
    private var shown = FeedbackScene()
    /// The tracker's ``FeedbackTracker/labelsPut`` at the last ``takeNewLabel()``.
    private var labelsTaken = 0
    private var solid: Picture = 0
    private var solidColor: (UInt8, UInt8, UInt8, UInt8)?
    /// When the decision shown goes, in monotonic microseconds.
    public private(set) var holdDeadlineMicroseconds: UInt64?
    /// When a trail's points held back by ``trailFrameMicroseconds`` are drawn.
    private var frameDeadlineMicroseconds: UInt64?
    private var lastTrailDrawMicroseconds: UInt64 = 0
    /// When the fade began, while one runs, and its next frame.
    private var fadeStartMicroseconds: UInt64?
    private var fadeFrameMicroseconds: UInt64?

    /// Set while a reload that turns feedback off waits for the gesture in progress to end
    /// (the daemon applies a config only between gestures): what is shown goes at once and
    /// nothing is drawn, though the tracker still follows the input. Cleared, it draws the
    /// scene as it is then (a later save that keeps feedback replaced that one).
    public var isWithdrawn = false {
        didSet {
            guard isWithdrawn != oldValue else { return }
            guard isWithdrawn else {
                standBy()
                return
            }
            destroyWindow()
            shown = FeedbackScene()
            frameDeadlineMicroseconds = nil
            display.flush()
        }
    }

    /// The overlay's next timer (the hold's end, a held-back trail frame, a fade frame), for poll().
    public var nextDeadlineMicroseconds: UInt64? {
        [holdDeadlineMicroseconds, frameDeadlineMicroseconds, fadeFrameMicroseconds].compactMap { $0 }.min()
    }

    /// Probes the server (RENDER, SHAPE, picture formats). Nothing is drawn or created yet.
    public init(
        display: XDisplay, options: FeedbackOptions, pointerStrokeButtons: Set<Int>, touchscreenStrokes: Bool,
        bindingNames: [String: String] = [:], unavailableExtensions: Set<String> = [],
        followsCompositor: Bool = false, ownWindow: @escaping (Window) -> Void,
        monitorAt: @escaping (Point) -> Rect? = { _ in nil },
        layout: @escaping () -> ScreenLayout? = { nil }
    ) throws(OverlayUnavailable) {
        self.display = display
        support = try OverlaySupport(display: display, unavailable: unavailableExtensions)
        tracker = FeedbackTracker(
            options: options, pointerStrokeButtons: pointerStrokeButtons, touchscreenStrokes: touchscreenStrokes)
        tracker.bindingNames = bindingNames
        labels = LabelPainter(display: display, a1: support.a1)
        self.followsCompositor = followsCompositor
        self.ownWindow = ownWindow
        self.monitorAt = monitorAt
        self.layout = layout
    }

    deinit { close() }

    /// The root window's extent, in root pixels.
    private var rootFrame: OverlayFrame {
        let size = display.screenSize
        return OverlayFrame(x: 0, y: 0, width: Int32(clamping: size.width), height: Int32(clamping: size.height))
    }

    /// Where `label` may go, in root pixels: its monitor, on the root.
    private func labelBounds(_ label: FeedbackScene.Label) -> LabelPainter.Bounds {
        let root = rootFrame
        let screen = LabelPainter.Bounds(x: 0, y: 0, width: root.width, height: root.height)
        guard let m = label.monitor ?? monitorAt(label.anchor) else { return screen }
        let x = max(Int32(clamping: Int(m.x.rounded(.down))), 0)
        let y = max(Int32(clamping: Int(m.y.rounded(.down))), 0)
        let right = min(Int32(clamping: Int((m.x + m.width).rounded(.down))), root.width)
        let bottom = min(Int32(clamping: Int((m.y + m.height).rounded(.down))), root.height)
        guard right > x, bottom > y else { return screen }
        return LabelPainter.Bounds(x: x, y: y, width: right - x, height: bottom - y)
    }

    /// New options or bindings (a config reload): what is shown now stays until its time.
    public func reconfigure(
        options: FeedbackOptions, pointerStrokeButtons: Set<Int>, touchscreenStrokes: Bool,
        bindingNames: [String: String] = [:]
    ) {
        isWithdrawn = false
        tracker.options = options
        tracker.bindingNames = bindingNames
        tracker.pointerStrokeButtons = pointerStrokeButtons
        tracker.touchscreenStrokes = touchscreenStrokes
    }

    public func observe(_ e: InputEvent) {
        // Only an event that may start a sequence needs the layout of the moment.
        if e.startPoint != nil { tracker.layout = layout() }
        tracker.observe(e)
    }

    public func observe(_ output: EngineOutput) { tracker.observe(output) }

    public func actionMissed(_ g: GestureEvent, _ miss: FeedbackTracker.Miss) { tracker.actionMissed(g, miss) }

    /// The desktop's scale it draws at (``DesktopScale``).
    public var scale: Int { tracker.options.scale }

    /// Draws from now on at `scale`; returns whether it changed. What is on screen keeps
    /// its size until it is drawn again.
    public func rescale(_ scale: Int) -> Bool {
        guard scale != tracker.options.scale else { return false }
        tracker.options.scale = scale
        return true
    }

    /// The label on screen, when a decision put it up since the last call: each label once,
    /// one with the same text as the label it replaced too.
    public func takeNewLabel() -> String? {
        guard tracker.labelsPut != labelsTaken, let label = shown.label, label == tracker.scene.label else {
            return nil
        }
        labelsTaken = tracker.labelsPut
        return label.text
    }

    /// The window id while one exists (for tests and the trace).
    public var windowID: Window? { lifetime.window?.window }

    /// Ends the hold now, with no fade: what a decision left on screen goes at the next
    /// render (the daemon is about to stop, and a label would stay up as long as it does).
    public func endHold() {
        holdDeadlineMicroseconds = nil
        fadeStartMicroseconds = nil
        fadeFrameMicroseconds = nil
        tracker.expire()
    }

    /// Ends the hold when due, starting the fade, and steps the fade.
    public func fire(nowMicroseconds now: UInt64) {
        if let deadline = holdDeadlineMicroseconds, deadline <= now {
            holdDeadlineMicroseconds = nil
            fadeStartMicroseconds = now
        }
        guard let start = fadeStartMicroseconds, fadeFrameMicroseconds.map({ $0 <= now }) ?? true else { return }
        guard tracker.isHolding else {
            // Something new replaced the decision: nothing left to fade.
            fadeStartMicroseconds = nil
            fadeFrameMicroseconds = nil
            return
        }
        let progress = Double(now &- start) / Double(Self.fadeMicroseconds)
        tracker.fade(progress: progress)
        if progress >= 1 {
            fadeStartMicroseconds = nil
            fadeFrameMicroseconds = nil
        } else {
            fadeFrameMicroseconds = now &+ Self.trailFrameMicroseconds
        }
    }

    /// Brings the window up to date with the tracker's scene. Returns why feedback must
    /// go off (the server is too slow), else nil.
    public func render(nowMicroseconds: UInt64, clock: () -> UInt64) -> OverlayUnavailable? {
        if tracker.takeHoldRequest() {
            holdDeadlineMicroseconds = nowMicroseconds &+ tracker.options.holdMicroseconds
            fadeStartMicroseconds = nil
            fadeFrameMicroseconds = nil
        } else if !tracker.isHolding {
            holdDeadlineMicroseconds = nil
            fadeStartMicroseconds = nil
            fadeFrameMicroseconds = nil
        }
        let scene = tracker.scene
        guard !isWithdrawn, scene != shown else {
            frameDeadlineMicroseconds = nil
            return nil
        }
        if scene.label == shown.label, !shown.isEmpty {
            // Only the trail grew: at most one drawing per frame.
            let due = lastTrailDrawMicroseconds &+ Self.trailFrameMicroseconds
            if nowMicroseconds < due {
                frameDeadlineMicroseconds = due
                return nil
            }
        }
        frameDeadlineMicroseconds = nil
        lastTrailDrawMicroseconds = nowMicroseconds
        let start = clock()
        draw(scene)
        display.flush()
        let took = clock() &- start
        guard took < Self.slowServerMicroseconds else {
            close()
            return OverlayUnavailable(reason: "the X server took \(took / 1000) ms to take one overlay update")
        }
        return nil
    }

    private func draw(_ scene: FeedbackScene) {
        guard !scene.isEmpty else {
            putAway()
            shown = scene
            return
        }
        let scale = tracker.options.scale
        let width = Double(tracker.options.trailWidthPixels * scale)
        // The label's box, in root pixels: the window must cover it as well as the trails.
        let labelBox = scene.label.flatMap { l in
            labels.box(for: l, scale: scale, within: labelBounds(l)).map { (l, $0.0, $0.1) }
        }
        // A trail's pixels reach half its width, and an anti-aliased edge, from its points.
        var covered = scene.trails.compactMap { OverlayFrame.around($0, reach: width / 2 + 1) }
        if let (_, box, _) = labelBox {
            covered.append(
                OverlayFrame(x: Int32(box.x), y: Int32(box.y), width: Int32(box.width), height: Int32(box.height)))
        }
        let (w, moved) = window(covering: covered.dropFirst().reduce(covered.first) { $0?.union($1) }, scale: scale)
        // Drawn in the window's coordinates.
        let origin = Point(x: Double(w.frame.x), y: Double(w.frame.y))
        var triangles: [XTriangle] = []
        let incremental =
            !moved && scene.label == shown.label && scene.trails.count == shown.trails.count
            && zip(scene.trails, shown.trails).allSatisfy { new, old in
                new.count >= old.count && (old.isEmpty || new[old.count - 1] == old[old.count - 1])
            }
        if incremental {
            for (new, old) in zip(scene.trails, shown.trails) {
                triangles += TrailGeometry.triangles(new, newFrom: old.count, width: width, origin: origin)
            }
        } else {
            w.clear()
            for trail in scene.trails {
                triangles += TrailGeometry.triangles(trail, newFrom: 0, width: width, origin: origin)
            }
        }
        let label =
            incremental
            ? nil
            : labelBox.map { l, box, text in
                let inWindow = XRectangle(
                    x: Int16(clamping: Int32(box.x) - w.frame.x), y: Int16(clamping: Int32(box.y) - w.frame.y),
                    width: box.width, height: box.height)
                return (l, inWindow, text)
            }
        if let (_, box, _) = label { w.reserveLabel(box) }
        w.drawTrail(triangles, fill: solidFill())
        if let (l, box, text) = label { labels.draw(l, box: box, text: text, scale: tracker.options.scale, on: w) }
        shown = scene
    }

    /// A top-level window was destroyed: when it is the compositing manager's selection
    /// window (every compositor makes it a child of the root), the compositor went
    /// (``compositorGone()``). Also told on a server without XFixes.
    public func topLevelDestroyed(_ w: Window) {
        guard let c = compositor, c == w else { return }
        compositorGone()
    }

    /// The compositing manager's selection changed hands: `owner` has it now, or nobody.
    /// A compositor that switches compositing off may only give the selection up, its
    /// window living on (xfwm4). A new owner is a compositor too, which blends the window.
    public func compositorChanged(owner: Window?) {
        guard compositor != nil else {
            // A compositor came: the window is made for it now, while nothing is drawn, or
            // once the window without alpha showing now goes.
            compositorArrived = owner != nil && lifetime.window != nil
            if owner != nil { standBy() }
            return
        }
        guard let owner else {
            compositorGone()
            return
        }
        compositor = owner
    }

    /// The translucent window, which only a compositor blends, would show black wherever
    /// nothing is drawn, over the whole screen: it is replaced by an opaque one, cut to
    /// what is drawn, at the next render. A window parked for the next gesture goes too:
    /// without a compositor none is kept.
    private func compositorGone() {
        compositor = nil
        destroyWindow()
        shown = FeedbackScene()
        display.flush()
    }

    /// The window, made, brought back from where it was parked, or grown to cover `covered`
    /// (root pixels, within the root) with a margin; `moved` when it was moved or resized,
    /// and all it showed must be drawn again.
    private func window(covering covered: OverlayFrame?, scale: Int) -> (window: OverlayWindow, moved: Bool) {
        let root = rootFrame
        let needed = covered?.clamped(to: root)
        let margin = OverlayFrame.marginPixels &* Int32(clamping: scale)
        let frame = (needed ?? OverlayFrame(x: 0, y: 0, width: 1, height: 1)).grown(by: margin).clamped(to: root)
        let w: OverlayWindow
        switch lifetime {
        case .showing(let window):
            guard let needed, !window.frame.contains(needed) else { return (window, false) }
            window.move(to: window.frame.union(needed.grown(by: margin)).clamped(to: root))
            return (window, true)
        case .parked(let window) where followsCompositor || support.compositorWindow(display) != nil:
            // Kept from an earlier gesture: a compositor still runs (its going destroys the
            // window, ``compositorChanged(owner:)``; without XFixes the owner is asked).
            window.unpark(to: frame)
            w = window
        case .parked:
            compositorGone()
            return self.window(covering: covered, scale: scale)
        case .absent:
            compositor = support.compositorWindow(display)
            w = OverlayWindow(display: display, support: support, translucent: compositor != nil, frame: frame)
            ownWindow(w.window)
            w.map()
        }
        lifetime = .showing(w)
        shown = FeedbackScene()
        return (w, false)
    }

    /// Nothing is shown any more: under a compositor the window is parked, kept mapped for
    /// the next gesture (no fade-in of the compositor's then), else destroyed. A parked
    /// window is one pixel outside the root with nothing drawn, and costs no work till then.
    private func putAway() {
        guard case .showing(let w) = lifetime else { return }
        guard compositor != nil else {
            destroyWindow()
            if compositorArrived {
                compositorArrived = false
                standBy()
            }
            return
        }
        w.park()
        lifetime = .parked(w)
    }

    /// Under a compositing manager, with no window yet: makes the translucent window now,
    /// parked, with nothing drawn. A compositor with fading on fades a window in at its
    /// map, over about a third of a second; the window made at a trail's first point drew
    /// the first trail after xgest or the compositor started faint. Mapped now, out of
    /// sight, it fades in with nothing to show, and every trail is at full colour from its
    /// first frame. One round trip (who owns the compositor's selection); without a
    /// compositor nothing is made. Called when feedback starts or comes back, and when a
    /// compositor appears.
    public func standBy() {
        guard case .absent = lifetime, !isWithdrawn, let owner = support.compositorWindow(display) else { return }
        compositor = owner
        let w = OverlayWindow(display: display, support: support, translucent: true, frame: .parked)
        ownWindow(w.window)
        w.map()
        lifetime = .parked(w)
        shown = FeedbackScene()
        display.flush()
    }

    private func destroyWindow() {
        lifetime.window?.destroy()
        lifetime = .absent
    }

    /// The trail colour as a solid fill (premultiplied, as RENDER takes it).
    private func solidFill() -> Picture {
        let o = tracker.options
        let rgba = (o.trailRed, o.trailGreen, o.trailBlue, o.trailAlpha)
        if solid != 0, let c = solidColor, c == rgba { return solid }
        if solid != 0 { XRenderFreePicture(display.handle, solid) }
        let a = UInt32(o.trailAlpha)
        func channel(_ v: UInt8) -> UInt16 { UInt16(UInt32(v) * 257 * a / 255) }
        var color = XRenderColor(
            red: channel(o.trailRed), green: channel(o.trailGreen), blue: channel(o.trailBlue), alpha: UInt16(a * 257))
        solid = XRenderCreateSolidFill(display.handle, &color)
        solidColor = rgba
        return solid
    }

    /// Takes everything off the screen and frees the server's resources.
    public func close() {
        destroyWindow()
        if solid != 0 { XRenderFreePicture(display.handle, solid) }
        solid = 0
        display.flush()
    }
}
