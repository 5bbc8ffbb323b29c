/// Builds one JSON object line with keys in the order they are added (traces and
/// `--json` output are read by people as well as programs).
public struct JSONObjectWriter: Sendable {
    private var text = "{"
    private var first = true

    public init() {}

    private mutating func key(_ k: String) {
        if !first { text += "," }
        first = false
        text += jsonQuoted(k) + ":"
    }

    public mutating func add(_ k: String, _ v: String) {
        key(k)
        text += jsonQuoted(v)
    }

    public mutating func add(_ k: String, _ v: Int) {
        key(k)
        text += String(v)
    }

    public mutating func add(_ k: String, _ v: UInt64) {
        key(k)
        text += String(v)
    }

    public mutating func add(_ k: String, _ v: Bool) {
        key(k)
        text += v ? "true" : "false"
    }

    public mutating func add(_ k: String, _ v: Double) {
        key(k)
        text += jsonNumber(v)
    }

    public mutating func add(_ k: String, seconds t: EventTime) {
        key(k)
        var s = formatSeconds(t.microseconds)
        while s.hasSuffix("0") && !s.hasSuffix(".0") { s.removeLast() }
        text += s
    }

    public mutating func add(_ k: String, strings: [String]) {
        key(k)
        text += "[" + strings.map(jsonQuoted).joined(separator: ",") + "]"
    }

    /// Adds an already-encoded JSON value.
    public mutating func add(_ k: String, raw: String) {
        key(k)
        text += raw
    }

    public var line: String { text + "}" }
}

public func jsonNumber(_ v: Double) -> String {
    guard v.isFinite else { return "null" }
    if v == v.rounded() && abs(v) < 1e15 { return String(Int64(v)) + ".0" }
    return String(v)
}

public func jsonQuoted(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "\u{0}"..."\u{1F}":
            let hex = String(u.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: out.unicodeScalars.append(u)
        }
    }
    return out + "\""
}
