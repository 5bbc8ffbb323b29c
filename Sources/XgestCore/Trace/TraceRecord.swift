/// The first line of a trace: format version, screen size and devices.
public struct TraceHeader: Hashable, Sendable {
    /// The trace format this build reads and writes.
    public static let currentVersion = 1

    public var version: Int
    public var screenWidth: Int
    public var screenHeight: Int
    public var devices: [DeviceInfo]
    /// The monitors as the recording daemon saw them at its start; empty in traces
    /// recorded before monitors were: the root is then one monitor.
    public var monitors: [Monitor]
    /// Each mapped touchscreen's area, by device id.
    public var touchscreenAreas: [Int: Rect]
    /// The density the recording converted the config's millimetres at (``ScreenDensity``),
    /// so that replay converts them as the daemon did on that screen; nil in traces
    /// recorded before it was, which replay converts at 96 dpi.
    public var pixelsPerMillimeter: Double?
    /// The touchscreens whose gestures the recording converted at their own monitor's
    /// density, by id (``ScreenDensity/touchscreenDensities(layout:base:)``): written as
    /// `px_per_mm` on their device entry, only where it is not ``pixelsPerMillimeter``.
    public var touchscreenDensities: [Int: Double]

    public init(
        version: Int = TraceHeader.currentVersion, screenWidth: Int, screenHeight: Int, devices: [DeviceInfo],
        monitors: [Monitor] = [], touchscreenAreas: [Int: Rect] = [:], pixelsPerMillimeter: Double? = nil,
        touchscreenDensities: [Int: Double] = [:]
    ) {
        self.touchscreenDensities = touchscreenDensities
        self.version = version
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.devices = devices
        self.monitors = monitors
        self.touchscreenAreas = touchscreenAreas
        self.pixelsPerMillimeter = pixelsPerMillimeter
    }

    /// The screen at the start of the recording.
    public var screen: TraceScreen {
        TraceScreen(
            width: screenWidth, height: screenHeight, monitors: monitors, touchscreenAreas: touchscreenAreas,
            pixelsPerMillimeter: pixelsPerMillimeter, touchscreenDensities: touchscreenDensities)
    }

    /// The layout replay runs on.
    public var layout: ScreenLayout { screen.layout }
}

/// The screen as a recording saw it: its size, monitors, each mapped touchscreen's area
/// and the density millimetres are converted at (see ``TraceHeader``).
public struct TraceScreen: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var monitors: [Monitor]
    public var touchscreenAreas: [Int: Rect]
    public var pixelsPerMillimeter: Double?
    /// As ``TraceHeader/touchscreenDensities``: `px_per_mm` on a touchscreen's entry.
    public var touchscreenDensities: [Int: Double]

    public init(
        width: Int, height: Int, monitors: [Monitor], touchscreenAreas: [Int: Rect], pixelsPerMillimeter: Double?,
        touchscreenDensities: [Int: Double] = [:]
    ) {
        self.touchscreenDensities = touchscreenDensities
        self.width = width
        self.height = height
        self.monitors = monitors
        self.touchscreenAreas = touchscreenAreas
        self.pixelsPerMillimeter = pixelsPerMillimeter
    }

    /// The layout it gives: with no monitors, the root is one.
    public var layout: ScreenLayout {
        let root = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        var l = monitors.isEmpty ? ScreenLayout.single(root: root) : ScreenLayout(root: root, monitors: monitors)
        l.touchscreenAreas = touchscreenAreas
        return l
    }
}

/// One line of a trace after the header.
public enum TraceRecord: Hashable, Sendable {
    case input(InputEvent)
    /// A top-level window placed (or replaced) at the top of the stack.
    case window(time: EventTime, WindowInfo)
    case windowClosed(time: EventTime, id: UInt64)
    /// A device that came during the recording (plugged in, enabled, woken with a new id):
    /// its events follow, as those of a device of the header.
    case device(time: EventTime, DeviceInfo)
    /// The screen changed during the recording (a resolution, a monitor, a touchscreen's
    /// mapping): sequences starting from here run on it.
    case screen(time: EventTime, TraceScreen)
    /// A screen locker came or went, or input was handed back to it (``ScreenLockEvent``).
    case lock(time: EventTime, ScreenLockEvent)

    public var time: EventTime {
        switch self {
        case .input(let e): return e.time
        case .window(let t, _), .windowClosed(let t, _), .device(let t, _), .screen(let t, _), .lock(let t, _):
            return t
        }
    }
}

/// A whole trace, read into memory.
public struct Trace: Hashable, Sendable {
    public var header: TraceHeader
    public var records: [TraceRecord]

    public init(header: TraceHeader, records: [TraceRecord]) {
        self.header = header
        self.records = records
    }
}

/// A trace that cannot be read, with the 1-based line (and column when known) at fault.
public struct TraceError: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int?
    public var message: String

    public init(line: Int, column: Int? = nil, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `LINE[:COLUMN]: MESSAGE`; callers put the file name in front.
    public var description: String {
        if let column { return "\(line):\(column): \(message)" }
        return "\(line): \(message)"
    }
}
