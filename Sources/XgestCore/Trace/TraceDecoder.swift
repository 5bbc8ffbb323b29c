/// Reads trace v1 (JSON Lines, see DESIGN.md) one line at a time.
///
/// Unknown keys are ignored; a missing or mistyped field, an unknown event type, an
/// event from a device the header did not declare, or a header of a newer version is
/// an error naming its line.
public struct TraceDecoder: Sendable {
    public private(set) var header: TraceHeader
    private var kinds: [Int: DeviceKind]

    /// Reads the header line (line 1).
    public init(headerLine: String) throws(TraceError) {
        let v = try decodeObject(headerLine, line: 1)
        guard let version = v["xgest-trace"]?.double else {
            throw TraceError(line: 1, message: "not an xgest trace: the first line has no \"xgest-trace\" version")
        }
        guard version == version.rounded(), version >= 1 else {
            throw TraceError(line: 1, message: "invalid trace version \(jsonNumber(version))")
        }
        guard Int(version) <= TraceHeader.currentVersion else {
            throw TraceError(
                line: 1,
                message:
                    "trace version \(Int(version)) is newer than this xgest reads (\(TraceHeader.currentVersion)); upgrade xgest"
            )
        }
        let fields = FieldReader(value: v, line: 1)
        let screen = try fields.object("screen")
        let screenFields = FieldReader(value: screen, line: 1, prefix: "screen.")
        let width = try screenFields.int("width")
        let height = try screenFields.int("height")
        var devices: [DeviceInfo] = []
        for (i, d) in try fields.array("devices").enumerated() {
            let df = FieldReader(value: d, line: 1, prefix: "devices[\(i)].")
            let kindName = try df.string("kind")
            guard let kind = DeviceKind(rawValue: kindName) else {
                throw TraceError(line: 1, message: "devices[\(i)].kind: unknown device kind \"\(kindName)\"")
            }
            devices.append(DeviceInfo(id: try df.int("id"), name: try df.string("name"), kind: kind))
        }
        header = TraceHeader(version: Int(version), screenWidth: width, screenHeight: height, devices: devices)
        kinds = Dictionary(devices.map { ($0.id, $0.kind) }, uniquingKeysWith: { a, _ in a })
    }

    /// Decodes one record line; `line` is its 1-based number in the file. Blank lines give nil.
    public func decode(_ text: String, line: Int) throws(TraceError) -> TraceRecord? {
        if text.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { return nil }
        let v = try decodeObject(text, line: line)
        let f = FieldReader(value: v, line: line)
        let type = try f.string("type")
        let time = EventTime(seconds: try f.nonNegative("t"))

        if type == "window" {
            let id = try f.windowID("id")
            if v["closed"]?.bool == true { return .windowClosed(time: time, id: id) }
            let frame = Rect(
                x: try f.double("x"), y: try f.double("y"), width: try f.double("width"), height: try f.double("height")
            )
            let pid = v["pid"]?.double.map { Int32(clamping: Int64($0)) }
            return .window(
                time: time,
                WindowInfo(
                    id: id, instance: f.optionalString("instance"), className: f.optionalString("class"),
                    title: f.optionalString("title"), pid: pid, frame: frame))
        }

        let device: Int
        let kind: DeviceKind
        if type == "modifiers", v["dev"] == nil {
            device = 0
            kind = .keyboard
        } else {
            device = try f.int("dev")
            guard let k = kinds[device] else {
                throw TraceError(line: line, message: "event from device \(device), which the header does not declare")
            }
            kind = k
        }
        let payload: InputEvent.Payload
        switch type {
        case "touch-begin", "touch-update", "touch-end":
            let phase: TouchPhase = type == "touch-begin" ? .begin : type == "touch-update" ? .update : .end
            let id = try f.int("id")
            guard id >= 0, id <= Int(UInt32.max) else {
                throw TraceError(line: line, message: "id: touch id out of range")
            }
            payload = .touch(TouchSample(id: UInt32(id), phase: phase, location: try f.point()))
        case "swipe-begin", "swipe-update", "swipe-end":
            payload = .touchpadSwipe(
                TouchpadSwipe(
                    phase: try gesturePhase(type), fingers: try f.int("fingers"),
                    delta: Point(x: f.optionalDouble("dx"), y: f.optionalDouble("dy")),
                    cancelled: v["cancelled"]?.bool ?? false,
                    location: Point(x: f.optionalDouble("x"), y: f.optionalDouble("y"))))
        case "pinch-begin", "pinch-update", "pinch-end":
            payload = .touchpadPinch(
                TouchpadPinch(
                    phase: try gesturePhase(type), fingers: try f.int("fingers"),
                    delta: Point(x: f.optionalDouble("dx"), y: f.optionalDouble("dy")),
                    scale: v["scale"]?.double ?? 1, angleDeltaDegrees: f.optionalDouble("angle"),
                    cancelled: v["cancelled"]?.bool ?? false,
                    location: Point(x: f.optionalDouble("x"), y: f.optionalDouble("y"))))
        case "motion":
            payload = .pointerMotion(try f.point())
        case "button-press", "button-release":
            payload = .button(
                ButtonSample(button: try f.int("button"), isPress: type == "button-press", location: try f.point()))
        case "modifiers":
            var mods = Modifiers()
            for (i, m) in try f.array("mods").enumerated() {
                guard let name = m.string, let mod = Modifiers(name: name) else {
                    throw TraceError(
                        line: line, message: "mods[\(i)]: unknown modifier (expected shift, ctrl, alt or super)")
                }
                mods.insert(mod)
            }
            payload = .modifiers(mods)
        default:
            throw TraceError(line: line, message: "unknown event type \"\(type)\"")
        }
        return .input(InputEvent(time: time, device: device, deviceKind: kind, payload: payload))

        func gesturePhase(_ type: String) throws(TraceError) -> GesturePhase {
            if type.hasSuffix("-begin") { return .begin }
            if type.hasSuffix("-update") { return .update }
            return .end
        }
    }

    /// Reads a whole trace held in memory.
    public static func read(_ text: String) throws(TraceError) -> Trace {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
        guard let first = lines.next(), !first.isEmpty else {
            throw TraceError(line: 1, message: "empty trace: expected a header line")
        }
        let decoder = try TraceDecoder(headerLine: String(first))
        var records: [TraceRecord] = []
        var n = 1
        while let l = lines.next() {
            n += 1
            if let r = try decoder.decode(String(l), line: n) { records.append(r) }
        }
        return Trace(header: decoder.header, records: records)
    }
}

private func decodeObject(_ text: String, line: Int) throws(TraceError) -> JSONValue {
    let v: JSONValue
    do {
        v = try parseJSON(text)
    } catch {
        throw TraceError(line: line, column: error.column, message: "malformed JSON: \(error.message)")
    }
    guard case .object = v else { throw TraceError(line: line, message: "expected a JSON object") }
    return v
}

/// Typed access to the fields of one trace object, with errors naming line and field.
private struct FieldReader {
    let value: JSONValue
    let line: Int
    var prefix = ""

    func missing(_ key: String, _ what: String) -> TraceError {
        value[key] == nil
            ? TraceError(line: line, message: "missing field \"\(prefix)\(key)\"")
            : TraceError(line: line, message: "field \"\(prefix)\(key)\" must be \(what)")
    }

    func double(_ key: String) throws(TraceError) -> Double {
        guard let d = value[key]?.double, d.isFinite else { throw missing(key, "a number") }
        return d
    }

    func nonNegative(_ key: String) throws(TraceError) -> Double {
        let d = try double(key)
        guard d >= 0 else { throw TraceError(line: line, message: "field \"\(prefix)\(key)\" must not be negative") }
        return d
    }

    func int(_ key: String) throws(TraceError) -> Int {
        guard let d = value[key]?.double, d == d.rounded(), abs(d) < 1e15 else { throw missing(key, "an integer") }
        return Int(d)
    }

    func windowID(_ key: String) throws(TraceError) -> UInt64 {
        guard let d = value[key]?.double, d == d.rounded(), d >= 0, d < 1e15 else {
            throw missing(key, "a non-negative integer")
        }
        return UInt64(d)
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

    func point() throws(TraceError) -> Point { Point(x: try double("x"), y: try double("y")) }

    func optionalDouble(_ key: String) -> Double { value[key]?.double ?? 0 }
    func optionalString(_ key: String) -> String { value[key]?.string ?? "" }
}
