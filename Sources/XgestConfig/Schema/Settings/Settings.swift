import XgestCore

/// A setting as written: millimetres stay millimetres until the screen's density is
/// known (X reports the screen's size in mm at run time).
public enum SettingValue: Equatable, Sendable {
    case seconds(Double)
    case distance(Distance)
    /// A distance per second.
    case speed(Distance)
    case number(Double)

    /// The value as a config writes it: `"300px"`, `"40mm/s"`, `"500ms"`, `15`.
    public var configText: String {
        switch self {
        case .seconds(let s): return quoteBasic(formatSeconds(s))
        case .number(let n): return formatNumber(n)
        case .distance(let d): return quoteBasic(formatNumber(d.value) + d.unit.rawValue)
        case .speed(let d): return quoteBasic(formatNumber(d.value) + d.unit.rawValue + "/s")
        }
    }

    /// The value in seconds, pixels, px/s or as the plain number.
    public func resolved(pixelsPerMillimeter: Double) -> Double {
        switch self {
        case .seconds(let s): return s
        case .number(let n): return n
        case .distance(let d), .speed(let d): return d.pixels(pixelsPerMillimeter: pixelsPerMillimeter)
        }
    }
}

extension Distance {
    /// The conversion hook: millimetres on screen to pixels at the given density.
    public func pixels(pixelsPerMillimeter: Double) -> Double {
        switch unit {
        case .pixels: return value
        case .millimeters: return value * pixelsPerMillimeter
        }
    }
}

/// The `[settings]` table: the values set, by key; every other key keeps its default.
public struct Settings: Equatable, Sendable {
    /// Used when the screen's size is unknown (replay of a trace): 96 dpi.
    public static let defaultPixelsPerMillimeter = 96 / 25.4

    /// `replay-unrecognized-strokes`: the one key of `[settings]` that tunes no
    /// recognizer, and is not a binding's: what becomes of a pointer press the user drew
    /// into a stroke that no binding took. False: it reaches no application; true: it is
    /// replayed to the application as the drag it was.
    public static let replayUnrecognizedStrokesKey = "replay-unrecognized-strokes"

    public var values: [SettingKey: SettingValue]
    /// ``replayUnrecognizedStrokesKey``.
    public var replaysUnrecognizedStrokes = false

    public init(values: [SettingKey: SettingValue] = [:], replaysUnrecognizedStrokes: Bool = false) {
        self.values = values
        self.replaysUnrecognizedStrokes = replaysUnrecognizedStrokes
    }

    /// The tunables, millimetres (those written and the defaults in millimetres) converted
    /// at `pixelsPerMillimeter`: the daemon's ``ScreenDensity``, 96 dpi in replay.
    public func tunables(pixelsPerMillimeter: Double = Settings.defaultPixelsPerMillimeter) -> RecognizerTunables {
        var t = RecognizerTunables()
        for key in SettingKey.allCases {
            guard let v = values[key] else {
                if let mm = key.defaultMillimeters { key.apply(mm * pixelsPerMillimeter, to: &t) }
                continue
            }
            key.apply(v.resolved(pixelsPerMillimeter: pixelsPerMillimeter), to: &t)
        }
        // Values in different units are only compared once converted: keep the swipe's
        // fast thresholds above the slow ones so its interpolation stays defined.
        t.swipeFastDistancePx = max(t.swipeFastDistancePx, t.swipeDistancePx)
        t.swipeFastSpeedPxPerSecond = max(t.swipeFastSpeedPxPerSecond, t.swipeSpeedPxPerSecond + 1)
        return t
    }
}
