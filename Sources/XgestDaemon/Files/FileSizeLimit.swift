/// The most a file read whole may hold, named with its unit for messages ("4 MiB"): a
/// file the user points xgest at may be anything, and one without a bound (a symlink to
/// /dev/zero, a log that keeps growing) would grow the daemon's memory until it aborts.
public struct FileSizeLimit: Sendable {
    public let bytes: Int64
    public let name: String

    public init(mebibytes: Int64) {
        bytes = mebibytes * 1024 * 1024
        name = "\(mebibytes) MiB"
    }

    /// Configs and stroke templates: the shipped config is about 10 KB, so a thousand
    /// times that is still far beyond any real one.
    public static let config = FileSizeLimit(mebibytes: 4)
    /// Traces given to replay: a minute of four-finger touch input recorded at full rate
    /// is a few MB. Replay reads a trace line by line, so this bounds its time (about 10 s
    /// for 64 MiB), not its memory.
    public static let trace = FileSizeLimit(mebibytes: 64)
}
