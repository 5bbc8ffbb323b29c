/// Writes trace v1 lines (see DESIGN.md); the inverse of `TraceDecoder`.
public enum TraceEncoder {
    public static func headerLine(_ h: TraceHeader) -> String {
        var screen = JSONObjectWriter()
        screen.add("width", h.screenWidth)
        screen.add("height", h.screenHeight)
        if let ppm = h.pixelsPerMillimeter { screen.add("px_per_mm", ppm) }
        let devices = h.devices.map { d -> String in
            var w = JSONObjectWriter()
            w.add("id", d.id)
            w.add("name", d.name)
            w.add("kind", d.kind.rawValue)
            if let area = h.touchscreenAreas[d.id] {
                w.add("monitor", h.layout.area(of: area).monitor)
                w.add("area", raw: TraceLayoutCodec.rectJSON(area))
            }
            if let ppm = h.touchscreenDensities[d.id], ppm != h.pixelsPerMillimeter { w.add("px_per_mm", ppm) }
            return w.line
        }
        var w = JSONObjectWriter()
        w.add("xgest-trace", h.version)
        w.add("screen", raw: screen.line)
        w.add("devices", raw: "[" + devices.joined(separator: ",") + "]")
        if !h.monitors.isEmpty { w.add("monitors", raw: TraceLayoutCodec.monitorsJSON(h.monitors)) }
        return w.line
    }

    /// `time` is the record's time relative to the start of the trace.
    public static func line(_ record: TraceRecord) -> String {
        var w = JSONObjectWriter()
        w.add("t", seconds: record.time)
        switch record {
        case .window(_, let win):
            w.add("type", "window")
            w.add("id", win.id)
            w.add("x", win.frame.x)
            w.add("y", win.frame.y)
            w.add("width", win.frame.width)
            w.add("height", win.frame.height)
            w.add("class", win.className)
            w.add("instance", win.instance)
            w.add("title", win.title)
            if let pid = win.pid { w.add("pid", Int(pid)) }
        case .windowClosed(_, let id):
            w.add("type", "window")
            w.add("id", id)
            w.add("closed", true)
        case .device(_, let d):
            w.add("type", "device")
            w.add("id", d.id)
            w.add("name", d.name)
            w.add("kind", d.kind.rawValue)
        case .screen(_, let screen):
            w.add("type", "screen")
            w.add("width", screen.width)
            w.add("height", screen.height)
            if let ppm = screen.pixelsPerMillimeter { w.add("px_per_mm", ppm) }
            TraceLayoutCodec.addLayout(of: screen, to: &w)
        case .lock(_, let event):
            w.add("type", "lock")
            w.add("state", event.state)
            if case .handedBack(let what) = event { w.add("what", what) }
        case .input(let e):
            // Modifier state is keyboard-wide (device 0): written without a device.
            if !(e.deviceKind == .keyboard && e.device == 0) { w.add("dev", e.device) }
            switch e.payload {
            case .touch(let t):
                w.add("type", "touch-" + t.phase.rawValue)
                w.add("id", Int(t.id))
                w.add("x", t.location.x)
                w.add("y", t.location.y)
            case .touchpadSwipe(let s):
                w.add("type", "swipe-" + s.phase.rawValue)
                w.add("fingers", s.fingers)
                w.add("dx", s.delta.x)
                w.add("dy", s.delta.y)
                w.add("x", s.location.x)
                w.add("y", s.location.y)
                w.add("cancelled", s.cancelled)
            case .touchpadPinch(let p):
                w.add("type", "pinch-" + p.phase.rawValue)
                w.add("fingers", p.fingers)
                w.add("dx", p.delta.x)
                w.add("dy", p.delta.y)
                w.add("scale", p.scale)
                w.add("angle", p.angleDeltaDegrees)
                w.add("x", p.location.x)
                w.add("y", p.location.y)
                w.add("cancelled", p.cancelled)
            case .pointerMotion(let p):
                w.add("type", "motion")
                w.add("x", p.x)
                w.add("y", p.y)
            case .button(let b):
                w.add("type", b.isPress ? "button-press" : "button-release")
                w.add("button", b.button)
                w.add("x", b.location.x)
                w.add("y", b.location.y)
            case .modifiers(let m):
                w.add("type", "modifiers")
                w.add("mods", strings: m.names)
            }
        }
        return w.line
    }
}
