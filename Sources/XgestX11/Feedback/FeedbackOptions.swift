import XgestCore

/// What the overlay draws and for how long: `[feedback]` as the X11 layer takes it.
public struct FeedbackOptions: Hashable, Sendable {
    /// Which decisions get a label.
    public enum Labels: Hashable, Sendable {
        /// Recognized names, "not recognized: closest …", "not bound here: …", and the
        /// give-ups of a stroke while drawn (``StrokeGiveUp``).
        case all
        case recognizedOnly
        case none
    }

    /// The trail's colour: straight (not premultiplied) RGBA, each channel 0...255.
    public var trailRed: UInt8 = 0x35
    public var trailGreen: UInt8 = 0x84
    public var trailBlue: UInt8 = 0xe4
    public var trailAlpha: UInt8 = 0xff
    /// At a scale of 1; the trail is ``scale`` times as wide.
    public var trailWidthPixels = 4
    /// The desktop's scale (``DesktopScale``): the trail's width and the label are drawn
    /// this many times as large.
    public var scale = 1
    public var labels = Labels.all
    /// How long the label and the trail stay after the decision, in microseconds.
    public var holdMicroseconds: UInt64 = 800_000
    /// Trails of pointer strokes and one-finger touchscreen strokes.
    public var strokes = true
    /// The points of multi-finger touchscreen gestures.
    public var touches = false
    /// Labels for recognized gestures that are not strokes.
    public var gestures = false
    /// How far the pointer must go after a press held still was given up before the label
    /// says so: the pointer's start window's distance (`pointer-stroke-start-distance`, the
    /// least of the pointer bindings'), the same a stroke must go to start.
    public var heldStillLabelAfterPx = StrokeGiveUp.defaultHeldStillLabelAfterPx

    public init() {}
}

/// What the overlay shows at one moment: the tracker's output, the painter's input.
public struct FeedbackScene: Equatable, Sendable {
    public struct Label: Equatable, Sendable {
        public var text: String
        /// The point the label is placed next to (the stroke's end).
        public var anchor: Point
        public var recognized: Bool
        /// The monitor the label stays on, in root pixels: its gesture's, the one the
        /// gesture runs on (a mapped touchscreen's panel, though the glass's rim lands on
        /// the monitor beside it); nil for the monitor under ``anchor``.
        public var monitor: Rect? = nil
    }

    /// Each trail's points in root coordinates, in drawing order.
    public var trails: [[Point]] = []
    public var label: Label?

    public var isEmpty: Bool { trails.isEmpty && label == nil }

    public init() {}
}
