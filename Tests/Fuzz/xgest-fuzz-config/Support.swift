import Glibc

struct FuzzOptions {
    static let usage =
        "usage: xgest-fuzz-config [--count N] [--seed S] [--only INDEX] [--slow-ms MS] [--hang-s S] FILE..."

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    var count = 100_000
    var seed: UInt64 = 0x5EED_C0DE
    var only: Int?
    /// An input that takes more CPU time than this fails the run: the parser and schema
    /// are linear, and a config of a few hundred lines takes well under a millisecond.
    var slowSeconds = 0.25
    /// An input still running after this ends the process (see HangGuard).
    var hangSeconds: UInt32 = 10
    var files: [String] = []

    init(arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            func value() throws -> String {
                guard let v = rest.popFirst() else { throw UsageError(description: "\(argument) needs a value") }
                return v
            }
            func number<T: FixedWidthInteger>(_: T.Type) throws -> T {
                let text = try value()
                guard let n = T(text), n >= 0 else {
                    throw UsageError(description: "\(argument): expected a number, found \"\(text)\"")
                }
                return n
            }
            switch argument {
            case "--count": count = try number(Int.self)
            case "--seed": seed = try number(UInt64.self)
            case "--only": only = try number(Int.self)
            case "--slow-ms": slowSeconds = Double(try number(Int.self)) / 1000
            case "--hang-s": hangSeconds = try number(UInt32.self)
            default:
                if argument.hasPrefix("--") { throw UsageError(description: "unknown option \(argument)") }
                files.append(argument)
            }
        }
        if files.isEmpty { throw UsageError(description: "no config files given") }
    }
}

/// The whole file, or nil when it cannot be read.
func readFile(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        if n == 0 { break }
        bytes += chunk[0..<n]
    }
    return ferror(file) == 0 ? bytes : nil
}

func printError(_ text: String) {
    let line = Array((text + "\n").utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// CPU time of this thread: unlike the wall clock, it does not count time the machine
/// spent on other processes, so a busy CI runner does not make an input look slow.
func threadCPUSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

func milliseconds(_ seconds: Double) -> String {
    let ms = (seconds * 10_000).rounded() / 10
    return "\(ms)"
}

/// Keysym names used in xgest configs and their mutations' neighbours.
enum KnownKeysyms {
    static let names: Set<String> = [
        "Right", "Left", "Up", "Down", "minus", "plus", "equal", "Page_Down", "Page_Up", "Home", "End", "Escape",
        "Return", "Tab", "space", "BackSpace", "Delete", "Insert", "Print", "F1", "F2", "F3", "F4", "F5", "F6",
        "F7", "F8", "F9", "F10", "F11", "F12", "Super_L", "Super_R", "Control_L", "Control_R", "Alt_L", "Alt_R",
        "Shift_L", "Shift_R", "Meta_L", "XF86AudioRaiseVolume", "XF86AudioLowerVolume", "XF86AudioMute",
        "XF86MonBrightnessUp", "XF86MonBrightnessDown", "XF86Back", "XF86Forward",
    ]
}
