/// The options both fuzzers take: `[--count N] [--seed S] [--only INDEX] [--slow-ms MS]
/// [--hang-s S] [--config FILE] FILE...`.
public struct FuzzOptions {
    public static let usage =
        "[--count N] [--seed S] [--only INDEX] [--slow-ms MS] [--hang-s S] [--config FILE] FILE..."

    public struct UsageError: Error, CustomStringConvertible {
        public var description: String
    }

    public var count = 100_000
    public var seed: UInt64 = 0x5EED_C0DE
    public var only: Int?
    /// An input that takes more CPU time than this fails the run: the readers are linear,
    /// and an input of a few hundred lines takes well under a millisecond.
    public var slowSeconds = 0.25
    /// An input still running after this ends the process (see HangGuard).
    public var hangSeconds: UInt32 = 10
    /// A config whose bindings an input runs through (the trace fuzzer's).
    public var config: String?
    public var files: [String] = []

    public init(arguments: [String]) throws {
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
            case "--config": config = try value()
            default:
                if argument.hasPrefix("--") { throw UsageError(description: "unknown option \(argument)") }
                files.append(argument)
            }
        }
        if files.isEmpty { throw UsageError(description: "no input files given") }
    }
}
