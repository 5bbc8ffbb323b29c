/// Reads trace v1 (JSON Lines, see DESIGN.md) one line at a time.
///
/// Unknown keys are ignored; a missing or mistyped field, an unknown event type, an
/// event from a device the header did not declare, or a header of a newer version is
/// an error naming its line.
public struct TraceDecoder: Sendable {
    public private(set) var header: TraceHeader
    private var kinds: [Int: DeviceKind]

    /// Reads the header line (line 1); an empty one is an empty trace.
    public init(headerLine: String) throws(TraceError) {
        guard !headerLine.isEmpty else { throw TraceError(line: 1, message: "empty trace: expected a header line") }
        // A file that is not JSON at all is most likely not a trace: say that, not where the JSON broke.
        let v: JSONValue
        let columns: [String: Int]
        do {
            (v, columns) = try decodeObject(headerLine, line: 1)
        } catch {
            throw TraceError(
                line: 1,
                message: "not an xgest trace: the first line is not a trace header ({\"xgest-trace\":1,…})")
        }
        let column = columns["xgest-trace"]
        guard let version = v["xgest-trace"]?.double else {
            let found =
                v["xgest-trace"] == nil ? "has no \"xgest-trace\" version" : "has a \"xgest-trace\" that is no number"
            throw TraceError(line: 1, column: column, message: "not an xgest trace: the first line \(found)")
        }
        guard version == version.rounded(), version >= 1 else {
            throw TraceError(line: 1, column: column, message: "invalid trace version \(traceNumber(version))")
        }
        // Compared as a number before any conversion: a version of 1e19 is no Int.
        guard version <= Double(TraceHeader.currentVersion) else {
            throw TraceError(
                line: 1, column: column,
                message:
                    "trace version \(traceNumber(version)) is newer than this xgest reads (\(TraceHeader.currentVersion)); upgrade xgest"
            )
        }
        let fields = TraceFieldReader(value: v, line: 1, columns: columns)
        let screenFields = fields.nested(try fields.object("screen"), prefix: "screen.")
        let width = try screenFields.int("width", in: TraceLimits.screenSize)
        let height = try screenFields.int("height", in: TraceLimits.screenSize)
        let ppm = try screenFields.optionalDouble("px_per_mm", in: TraceLimits.pixelsPerMillimeter)
        var devices: [DeviceInfo] = []
        var areas: [Int: Rect] = [:]
        var densities: [Int: Double] = [:]
        for (i, d) in try fields.array("devices").enumerated() {
            let df = fields.nested(d, prefix: "devices[\(i)].")
            let device = try Self.device(df)
            let id = device.id
            if let first = devices.firstIndex(where: { $0.id == id }) {
                throw df.wrong("id", "declares device \(id) again (devices[\(first)] is device \(id))")
            }
            devices.append(device)
            let kind = device.kind
            if kind == .touchscreen, let area = try TraceLayoutCodec.readArea(df) { areas[id] = area }
            if kind == .touchscreen, let own = try TraceLayoutCodec.readDensity(df) { densities[id] = own }
        }
        header = TraceHeader(
            version: Int(version), screenWidth: width, screenHeight: height, devices: devices,
            monitors: try TraceLayoutCodec.readMonitors(fields) ?? [], touchscreenAreas: areas,
            pixelsPerMillimeter: ppm, touchscreenDensities: densities)
        kinds = Dictionary(uniqueKeysWithValues: devices.map { ($0.id, $0.kind) })
    }

    /// A device's `id`, `name` and `kind`, in the header or a device record.
    private static func device(_ f: TraceFieldReader) throws(TraceError) -> DeviceInfo {
        let kindName = try f.string("kind")
        guard let kind = DeviceKind(rawValue: kindName) else {
            throw f.wrong("kind", "names an unknown device kind \"\(kindName)\"")
        }
        return DeviceInfo(id: try f.int("id", in: TraceLimits.device), name: try f.string("name"), kind: kind)
    }

    /// A `lock` record's event: its `state`, and for input handed back `what` it was.
    private static func lockEvent(_ f: TraceFieldReader) throws(TraceError) -> ScreenLockEvent {
        let state = try f.string("state")
        switch state {
        case "locked": return .locked
        case "unlocked": return .unlocked
        case "covered": return .covered
        case "handed-back": return .handedBack(try f.string("what"))
        default:
            throw f.wrong(
                "state", "names an unknown lock state \"\(state)\" (locked, unlocked, covered or handed-back)")
        }
    }

    /// Decodes one record line; `line` is its 1-based number in the file. Blank lines give
    /// nil. A device record declares its device for the lines after it.
    public mutating func decode(_ text: String, line: Int) throws(TraceError) -> TraceRecord? {
        if text.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { return nil }
        let (v, columns) = try decodeObject(text, line: line)
        let f = TraceFieldReader(value: v, line: line, columns: columns)
        let type = try f.string("type")
        let time = EventTime(seconds: try f.double("t", in: TraceLimits.time))

        if type == "window" {
            let id = UInt64(try f.int("id", in: TraceLimits.window))
            if try f.optionalBool("closed") { return .windowClosed(time: time, id: id) }
            let frame = Rect(
                x: try f.double("x", in: TraceLimits.coordinate), y: try f.double("y", in: TraceLimits.coordinate),
                width: try f.double("width", in: TraceLimits.size), height: try f.double("height", in: TraceLimits.size)
            )
            let pid = try f.optionalInt("pid", in: TraceLimits.pid).map { Int32($0) }
            return .window(
                time: time,
                WindowInfo(
                    id: id, instance: f.optionalString("instance"), className: f.optionalString("class"),
                    title: f.optionalString("title"), pid: pid, frame: frame))
        }

        if type == "device" {
            let d = try Self.device(f)
            // A device that went and came back may have its id again.
            kinds[d.id] = d.kind
            return .device(time: time, d)
        }
        if type == "screen" { return .screen(time: time, try TraceLayoutCodec.readScreen(f)) }
        if type == "lock" { return .lock(time: time, try Self.lockEvent(f)) }

        let device: Int
        let kind: DeviceKind
        if type == "modifiers", v["dev"] == nil {
            device = 0
            kind = .keyboard
        } else {
            device = try f.int("dev", in: TraceLimits.device)
            guard let k = kinds[device] else {
                throw TraceError(
                    line: line,
                    message:
                        "event from device \(device), which neither the header nor a device record before it declares"
                )
            }
            kind = k
        }
        // Touches come from touchscreens and gestures from touchpads; a trace saying otherwise
        // is corrupt (a touchpad's or touchscreen's pointer motion and buttons are its own).
        let from: DeviceKind?
        switch type {
        case "touch-begin", "touch-update", "touch-end": from = .touchscreen
        case "swipe-begin", "swipe-update", "swipe-end", "pinch-begin", "pinch-update", "pinch-end": from = .touchpad
        case "modifiers": from = .keyboard
        default: from = nil
        }
        if let from, kind != from {
            throw TraceError(
                line: line, column: columns["dev"],
                message: "a \(type) event from device \(device), which the header declares a \(kind.rawValue)")
        }
        let payload: InputEvent.Payload
        switch type {
        case "touch-begin", "touch-update", "touch-end":
            let phase: TouchPhase = type == "touch-begin" ? .begin : type == "touch-update" ? .update : .end
            let id = UInt32(try f.int("id", in: TraceLimits.touch))
            payload = .touch(TouchSample(id: id, phase: phase, location: try f.point()))
        case "swipe-begin", "swipe-update", "swipe-end":
            payload = .touchpadSwipe(
                TouchpadSwipe(
                    phase: try gesturePhase(type), fingers: try f.int("fingers", in: TraceLimits.fingers),
                    delta: try f.optionalPoint("dx", "dy"), cancelled: try f.optionalBool("cancelled"),
                    location: try f.optionalPoint("x", "y")))
        case "pinch-begin", "pinch-update", "pinch-end":
            payload = .touchpadPinch(
                TouchpadPinch(
                    phase: try gesturePhase(type), fingers: try f.int("fingers", in: TraceLimits.fingers),
                    delta: try f.optionalPoint("dx", "dy"),
                    scale: try f.optionalDouble("scale", 1, in: TraceLimits.scale),
                    angleDeltaDegrees: try f.optionalDouble("angle", 0, in: TraceLimits.angle),
                    cancelled: try f.optionalBool("cancelled"), location: try f.optionalPoint("x", "y")))
        case "motion":
            payload = .pointerMotion(try f.point())
        case "button-press", "button-release":
            payload = .button(
                ButtonSample(
                    button: try f.int("button", in: TraceLimits.button), isPress: type == "button-press",
                    location: try f.point()))
        case "modifiers":
            var mods = Modifiers()
            for (i, m) in try f.array("mods").enumerated() {
                guard let name = m.string, let mod = Modifiers(name: name) else {
                    throw TraceError(
                        line: line, column: columns["mods[\(i)]"],
                        message: "mods[\(i)]: unknown modifier (expected shift, ctrl, alt, super or mod1 to mod5)")
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
        var decoder = try TraceDecoder(headerLine: String(lines.next() ?? ""))
        var records: [TraceRecord] = []
        var n = 1
        while let l = lines.next() {
            n += 1
            if let r = try decoder.decode(String(l), line: n) { records.append(r) }
        }
        return Trace(header: decoder.header, records: records)
    }
}

private func decodeObject(_ text: String, line: Int) throws(TraceError) -> (JSONValue, [String: Int]) {
    let parsed: (value: JSONValue, columns: [String: Int])
    do {
        parsed = try parseJSONWithColumns(text)
    } catch {
        throw TraceError(line: line, column: error.column, message: "malformed JSON: \(error.message)")
    }
    guard case .object = parsed.value else { throw TraceError(line: line, message: "expected a JSON object") }
    return parsed
}
