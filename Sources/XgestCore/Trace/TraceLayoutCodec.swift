/// The monitors in a trace header, so that replay runs each sequence on the area the
/// daemon gave it:
///
/// `"monitors":[{"name":"eDP-1","x":0,"y":0,"width":1920,"height":1080,"primary":true}]`,
/// and on a mapped touchscreen's device entry `"monitor":"eDP-1","area":{"x":0,…}`.
/// No physical sizes: the header's `screen.px_per_mm` says the density the recording
/// converted millimetres at (``TraceHeader/pixelsPerMillimeter``), and a touchscreen's
/// entry its own `px_per_mm` where its monitor's differs (``TraceHeader/touchscreenDensities``).
/// A trace without `monitors` (recorded before they were) has the root as one monitor.
enum TraceLayoutCodec {
    static func monitorsJSON(_ monitors: [Monitor]) -> String {
        "["
            + monitors.map { m in
                var w = JSONObjectWriter()
                w.add("name", m.name)
                addRect(m.rect, to: &w)
                w.add("primary", m.isPrimary)
                return w.line
            }.joined(separator: ",") + "]"
    }

    /// A screen record's layout: its `monitors` (when it has any) and `touchscreens`, each
    /// mapped one as `{"id":6,"monitor":"eDP-1","area":{"x":0,…}}`.
    static func addLayout(of screen: TraceScreen, to w: inout JSONObjectWriter) {
        if !screen.monitors.isEmpty { w.add("monitors", raw: monitorsJSON(screen.monitors)) }
        let layout = screen.layout
        let touchscreens = screen.touchscreenAreas.keys.sorted().compactMap { id -> String? in
            guard let area = screen.touchscreenAreas[id] else { return nil }
            var t = JSONObjectWriter()
            t.add("id", id)
            t.add("monitor", layout.area(of: area).monitor)
            t.add("area", raw: rectJSON(area))
            if let ppm = screen.touchscreenDensities[id], ppm != screen.pixelsPerMillimeter { t.add("px_per_mm", ppm) }
            return t.line
        }
        w.add("touchscreens", raw: "[" + touchscreens.joined(separator: ",") + "]")
    }

    /// A screen record's size, density and layout.
    static func readScreen(_ fields: TraceFieldReader) throws(TraceError) -> TraceScreen {
        var areas: [Int: Rect] = [:]
        var densities: [Int: Double] = [:]
        if fields.value["touchscreens"] != nil {
            for (i, t) in try fields.array("touchscreens").enumerated() {
                let tf = fields.nested(t, prefix: "touchscreens[\(i)].")
                let id = try tf.int("id", in: TraceLimits.device)
                if let area = try readArea(tf) { areas[id] = area }
                if let ppm = try readDensity(tf) { densities[id] = ppm }
            }
        }
        return TraceScreen(
            width: try fields.int("width", in: TraceLimits.screenSize),
            height: try fields.int("height", in: TraceLimits.screenSize), monitors: try readMonitors(fields) ?? [],
            touchscreenAreas: areas,
            pixelsPerMillimeter: try fields.optionalDouble("px_per_mm", in: TraceLimits.pixelsPerMillimeter),
            touchscreenDensities: densities)
    }

    /// A touchscreen entry's own density, nil when it has none (the screen's).
    static func readDensity(_ touchscreen: TraceFieldReader) throws(TraceError) -> Double? {
        try touchscreen.optionalDouble("px_per_mm", in: TraceLimits.pixelsPerMillimeter)
    }

    static func addRect(_ r: Rect, to w: inout JSONObjectWriter) {
        w.add("x", r.x)
        w.add("y", r.y)
        w.add("width", r.width)
        w.add("height", r.height)
    }

    static func rectJSON(_ r: Rect) -> String {
        var w = JSONObjectWriter()
        addRect(r, to: &w)
        return w.line
    }

    /// The header's monitors; nil when it has none.
    static func readMonitors(_ fields: TraceFieldReader) throws(TraceError) -> [Monitor]? {
        guard fields.value["monitors"]?.array != nil else { return nil }
        var monitors: [Monitor] = []
        for (i, m) in try fields.array("monitors").enumerated() {
            let f = fields.nested(m, prefix: "monitors[\(i)].")
            monitors.append(
                Monitor(name: try f.string("name"), rect: try readRect(f), isPrimary: f.value["primary"]?.bool == true))
        }
        return monitors
    }

    /// A device entry's mapped area, nil when it has none.
    static func readArea(_ device: TraceFieldReader) throws(TraceError) -> Rect? {
        guard let a = device.value["area"], case .object = a else { return nil }
        return try readRect(device.nested(a, prefix: device.prefix + "area."))
    }

    private static func readRect(_ f: TraceFieldReader) throws(TraceError) -> Rect {
        Rect(
            x: try f.double("x", in: TraceLimits.coordinate), y: try f.double("y", in: TraceLimits.coordinate),
            width: try f.double("width", in: TraceLimits.size), height: try f.double("height", in: TraceLimits.size))
    }
}
