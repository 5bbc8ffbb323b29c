/// `[feedback]`: what the on-screen overlay shows. Read by its own reader, apart from
/// `[settings]`, since it tunes what the user sees, not how gestures are recognized.
public struct FeedbackSettings: Hashable, Sendable {
    /// Which decisions get a label near the stroke's end.
    public enum LabelMode: String, CaseIterable, Hashable, Sendable {
        /// The recognized binding's name, and "not recognized: closest check 0.62" for a
        /// stroke no binding took ("not bound here: triangle 0.97" for a shape none here takes).
        case all
        /// Only the recognized binding's name: a rejected stroke's trail just goes.
        case recognized
        /// No label at all: the trail only.
        case none
    }

    /// An sRGB colour with straight (not premultiplied) alpha, each channel 0...255.
    public struct Color: Hashable, Sendable {
        public var red: UInt8
        public var green: UInt8
        public var blue: UInt8
        public var alpha: UInt8

        public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }
    }

    /// Off: xgest creates no window and loads no drawing code.
    public var enabled = true
    public var trailColor = Self.defaultTrailColor
    public var trailWidthPixels = Self.defaultTrailWidthPixels
    public var label = LabelMode.all
    /// How long the label (and the trail with it) stays after the decision.
    public var labelDurationSeconds = Self.defaultLabelDurationSeconds
    /// The trail of pointer strokes and one-finger touchscreen strokes.
    public var strokes = true
    /// The touch points of multi-finger touchscreen gestures, as they move.
    public var touches = false
    /// The name of recognized gestures that are not strokes (swipe, pinch, …).
    public var gestures = false

    public init() {}

    /// GNOME's accent blue, opaque: readable on light and dark windows alike.
    public static let defaultTrailColor = Color(red: 0x35, green: 0x84, blue: 0xe4)
    public static let defaultTrailWidthPixels = 4
    public static let trailWidthPixelLimits = 1...64
    public static let defaultLabelDurationSeconds = 0.8
    /// Long enough to read a name, short enough that a forgotten label never lingers.
    public static let labelDurationSecondLimits = 0.1...10.0

    /// Whether anything at all is ever drawn.
    public var drawsAnything: Bool { enabled && (strokes || touches || gestures) }
}

extension FeedbackSettings.Color {
    /// `#rrggbb` or `#rrggbbaa` (case-insensitive); nil for anything else.
    public init?(hex text: String) {
        let digits = Array(text.utf8)
        guard digits.first == UInt8(ascii: "#"), digits.count == 7 || digits.count == 9 else { return nil }
        var channels: [UInt8] = []
        var i = 1
        while i < digits.count {
            guard let high = Self.hexDigit(digits[i]), let low = Self.hexDigit(digits[i + 1]) else { return nil }
            channels.append(high << 4 | low)
            i += 2
        }
        self.init(
            red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 255)
    }

    private static func hexDigit(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
