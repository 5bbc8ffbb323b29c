/// A screen record whose density differs from the header's, its own or a touchscreen's.
/// The daemon converts the config's millimetres anew when a density changes; replay
/// converts them once, at the header's densities, so `xgest replay` warns that gestures
/// after such a line may be judged otherwise than live.
public struct TraceDensityChange: Sendable {
    private typealias Noted = (line: Int, pixelsPerMillimeter: Double, touchscreens: [Int: Double])
    /// The first screen record's density, and the first other one after it: whatever the
    /// header says, one of the two is the first that differs from it, if any does.
    private var first: Noted?
    private var firstOther: Noted?

    public init() {}

    public mutating func note(_ record: TraceRecord, line: Int) {
        guard firstOther == nil, case .screen(_, let screen) = record, let ppm = screen.pixelsPerMillimeter else {
            return
        }
        let own = screen.touchscreenDensities.filter { $0.value != ppm }
        guard let first else {
            first = (line, ppm, own)
            return
        }
        if ppm != first.pixelsPerMillimeter || own != first.touchscreens { firstOther = (line, ppm, own) }
    }

    /// `LINE: warning: …` when a screen record's density, or a touchscreen's, is not the
    /// header's (`header`, and `touchscreens` by id for those with their own), else nil. A
    /// touchscreen is named as the header's `devices` name it, with its id.
    public func warning(header: Double, touchscreens: [Int: Double] = [:], devices: [DeviceInfo] = []) -> String? {
        guard let first else { return nil }
        let headerOwn = touchscreens.filter { $0.value != header }
        let firstDiffers = first.pixelsPerMillimeter != header || first.touchscreens != headerOwn
        guard let changed = firstDiffers ? first : firstOther else { return nil }
        guard changed.pixelsPerMillimeter == header else {
            return "\(changed.line): warning: the screen's density changed to "
                + "\(traceNumber(changed.pixelsPerMillimeter)) px/mm; replay converts millimetre settings at the "
                + "start's \(traceNumber(header)) px/mm throughout, where xgest run converted them anew"
        }
        let moved = Set(changed.touchscreens.keys).union(headerOwn.keys).sorted().first {
            changed.touchscreens[$0] != headerOwn[$0]
        }
        let id = moved ?? 0
        let now = changed.touchscreens[id] ?? header
        let before = headerOwn[id] ?? header
        // By name: "touchscreen 7" told a user with two touchscreens nothing.
        let named = devices.first { $0.id == id }.map { "touchscreen \($0.name) (device \(id))" } ?? "touchscreen \(id)"
        return "\(changed.line): warning: \(named)'s density changed to \(traceNumber(now)) px/mm; "
            + "replay converts its millimetre settings at the start's \(traceNumber(before)) px/mm throughout, "
            + "where xgest run converted them anew"
    }
}
