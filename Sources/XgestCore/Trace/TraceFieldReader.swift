/// Typed access to the fields of one trace object, with errors naming the line, the field
/// and, for a value that is there but wrong, its column. Every number is checked against
/// its range before it is converted (see ``TraceLimits``).
struct TraceFieldReader {
    let value: JSONValue
    let line: Int
    /// Where each value starts on the line, by path (see `parseJSONWithColumns`).
    let columns: [String: Int]
    var prefix = ""

    func nested(_ value: JSONValue, prefix: String) -> TraceFieldReader {
        TraceFieldReader(value: value, line: line, columns: columns, prefix: prefix)
    }

    func wrong(_ key: String, _ message: String) -> TraceError {
        TraceError(line: line, column: columns[prefix + key], message: "field \"\(prefix)\(key)\" \(message)")
    }

    func missing(_ key: String, _ what: String) -> TraceError {
        value[key] == nil
            ? TraceError(line: line, message: "missing field \"\(prefix)\(key)\"") : wrong(key, "must be \(what)")
    }

    /// A number in `range`.
    func double(_ key: String, in range: ClosedRange<Double>) throws(TraceError) -> Double {
        guard let d = value[key]?.double else { throw missing(key, "a number") }
        return try checked(key, d, in: range)
    }

    /// A number in `range` when there is one, else `absent` (also for a value of another
    /// type: readers ignore what they do not understand).
    func optionalDouble(_ key: String, _ absent: Double, in range: ClosedRange<Double>) throws(TraceError) -> Double {
        try optionalDouble(key, in: range) ?? absent
    }

    /// A number in `range` when the field holds a number, else nil.
    func optionalDouble(_ key: String, in range: ClosedRange<Double>) throws(TraceError) -> Double? {
        guard let d = value[key]?.double else { return nil }
        return try checked(key, d, in: range)
    }

    private func checked(_ key: String, _ d: Double, in range: ClosedRange<Double>) throws(TraceError) -> Double {
        guard d.isFinite, range.contains(d) else {
            throw wrong(
                key,
                "must be from \(traceNumber(range.lowerBound)) to \(traceNumber(range.upperBound)), found "
                    + traceNumber(d))
        }
        return d
    }

    /// A whole number in `range`.
    func int(_ key: String, in range: ClosedRange<Int>) throws(TraceError) -> Int {
        guard let d = value[key]?.double, d == d.rounded() else { throw missing(key, "an integer") }
        guard d >= Double(range.lowerBound), d <= Double(range.upperBound) else {
            throw wrong(
                key, "must be an integer from \(range.lowerBound) to \(range.upperBound), found \(traceNumber(d))")
        }
        return Int(d)
    }

    /// A whole number in `range` when the field holds a number, else nil.
    func optionalInt(_ key: String, in range: ClosedRange<Int>) throws(TraceError) -> Int? {
        value[key]?.double == nil ? nil : try int(key, in: range)
    }

    func string(_ key: String) throws(TraceError) -> String {
        guard let s = value[key]?.string else { throw missing(key, "a string") }
        return s
    }

    func object(_ key: String) throws(TraceError) -> JSONValue {
        guard let o = value[key], case .object = o else { throw missing(key, "an object") }
        return o
    }

    func array(_ key: String) throws(TraceError) -> [JSONValue] {
        guard let a = value[key]?.array else { throw missing(key, "an array") }
        return a
    }

    func point() throws(TraceError) -> Point {
        Point(x: try double("x", in: TraceLimits.coordinate), y: try double("y", in: TraceLimits.coordinate))
    }

    /// A touchpad gesture's optional position or delta.
    func optionalPoint(_ x: String, _ y: String) throws(TraceError) -> Point {
        Point(
            x: try optionalDouble(x, 0, in: TraceLimits.coordinate),
            y: try optionalDouble(y, 0, in: TraceLimits.coordinate))
    }

    func optionalString(_ key: String) -> String { value[key]?.string ?? "" }

    /// A flag that may be left out (false then); any value but `true` or `false` is an
    /// error: `"closed":"yes"` read as not closed placed a window the recording had closed.
    func optionalBool(_ key: String) throws(TraceError) -> Bool {
        guard let v = value[key] else { return false }
        guard let b = v.bool else { throw wrong(key, "must be true or false") }
        return b
    }
}
