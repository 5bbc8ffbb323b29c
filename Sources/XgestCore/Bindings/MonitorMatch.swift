/// A binding's `monitor` condition: the monitor a sequence starts on, by RandR name (a
/// glob, so `HDMI-*` takes any HDMI output) or as the primary monitor, whatever its name.
public enum MonitorMatch: Hashable, Sendable, CustomStringConvertible {
    case primary
    case named(GlobPattern)

    /// The config's spelling of the primary monitor.
    public static let primaryKeyword = "primary"

    public func matches(monitor: String, isPrimary: Bool) -> Bool {
        switch self {
        case .primary: return isPrimary
        case .named(let glob): return glob.matches(monitor)
        }
    }

    public var description: String {
        switch self {
        case .primary: return MonitorMatch.primaryKeyword
        case .named(let glob): return glob.text
        }
    }
}
