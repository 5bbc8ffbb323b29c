import CXgest
import XgestCore

/// Where a touchscreen's touches land on the root: its "Coordinate Transformation
/// Matrix", the XI device property `xinput map-to-output` sets.
extension XDisplay {
    /// The matrix, row-major, 9 floats; nil when the device has none (not a pointer
    /// device, or a driver without the property).
    public func coordinateTransformationMatrix(device: Int) -> [Double]? {
        let property = atom(TouchscreenArea.matrixProperty)
        var type: Atom = 0
        var format: Int32 = 0
        var items: UInt = 0
        var bytesAfter: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XIGetProperty(
            handle, Int32(device), property, 0, 9, False, Atom(AnyPropertyType), &type, &format, &items, &bytesAfter,
            &data)
        defer { if let data { XFree(data) } }
        // XI properties of format 32 come as 32-bit items (not longs, unlike window properties).
        guard status == Success, let data, format == 32, items == 9, type == atom("FLOAT") else { return nil }
        return data.withMemoryRebound(to: Float.self, capacity: 9) { f in (0..<9).map { Double(f[$0]) } }
    }
}

/// The part of the root a touchscreen's matrix maps it to.
public enum TouchscreenArea {
    public static let matrixProperty = "Coordinate Transformation Matrix"

    /// The unit square of the device through `matrix` (which maps device fractions to root
    /// fractions), scaled to `root`: its bounding box in root pixels. Nil for a matrix
    /// that is not 9 finite numbers or maps the square to nothing.
    public static func rect(matrix m: [Double], root: Rect) -> Rect? {
        guard let box = bounds(matrix: m, root: root), box.width > 0, box.height > 0 else { return nil }
        return box
    }

    /// What a matrix that maps the whole glass to a line or a point does, for `xgest
    /// devices` ("every touch lands at 0,0"): nil for one that maps it to an area, or that
    /// is not a matrix at all. The server does apply such a matrix, so the device is
    /// unusable until it is mapped again.
    public static func collapse(matrix m: [Double], root: Rect) -> String? {
        guard let box = bounds(matrix: m, root: root), box.width <= 0 || box.height <= 0 else { return nil }
        let start = Point(x: box.x, y: box.y)
        if box.width <= 0, box.height <= 0 { return "every touch lands at \(start)" }
        return "every touch lands on the line from \(start) to \(Point(x: box.x + box.width, y: box.y + box.height))"
    }

    /// What X does with the touches of a touchscreen whose matrix maps it wholly off the
    /// root (a hand-set matrix: `xinput map-to-output` never makes one), for `xgest
    /// devices` and the daemon's warning; nil for one that maps any of it onto the root.
    /// The server clamps each coordinate to the root's range after the matrix (dix's
    /// transformAbsolute, then clipAbsolute, in GetTouchEvents), so every touch lands on
    /// the side, or the corner, of the root nearest the mapping.
    public static func offScreen(matrix m: [Double], root: Rect) -> String? {
        guard let box = rect(matrix: m, root: root), box.intersection(root) == nil else { return nil }
        func clamp(_ v: Double, _ low: Double, _ high: Double) -> Double { min(max(v, low), high) }
        let start = Point(x: clamp(box.x, root.x, root.maxX), y: clamp(box.y, root.y, root.maxY))
        let end = Point(x: clamp(box.maxX, root.x, root.maxX), y: clamp(box.maxY, root.y, root.maxY))
        let lands = start == end ? "at \(start)" : "on the line from \(start) to \(end)"
        return "maps it off the screen (\(describe(box)) of a \(describe(root)) root): "
            + "X clamps every touch onto the screen's edge, \(lands)"
    }

    /// WxH+X+Y, as X writes geometry, to the hundredth.
    private static func describe(_ r: Rect) -> String {
        func offset(_ v: Double) -> String { v < 0 ? formatCoordinate(v) : "+" + formatCoordinate(v) }
        return "\(formatCoordinate(r.width))x\(formatCoordinate(r.height))\(offset(r.x))\(offset(r.y))"
    }

    /// The device's unit square through the matrix, in root pixels, of zero width or
    /// height for a matrix that collapses it.
    private static func bounds(matrix m: [Double], root: Rect) -> Rect? {
        guard m.count == 9, m.allSatisfy(\.isFinite) else { return nil }
        var xs: [Double] = []
        var ys: [Double] = []
        for (u, v) in [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)] {
            let w = m[6] * u + m[7] * v + m[8]
            guard w != 0 else { return nil }
            xs.append((m[0] * u + m[1] * v + m[2]) / w)
            ys.append((m[3] * u + m[4] * v + m[5]) / w)
        }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
        return Rect(
            x: root.x + x0 * root.width, y: root.y + y0 * root.height, width: (x1 - x0) * root.width,
            height: (y1 - y0) * root.height)
    }

    /// The touchscreens mapped to a part of the root, by device id, each clipped to the
    /// root as the server clamps its touches; one spanning the whole root (the identity
    /// matrix, or a calibration reaching past every edge) is left out: it is on the
    /// monitor under its touch. So is one mapped wholly off the root (``offScreen(matrix:root:)``):
    /// X clamps its touches onto the root's edge, and each is taken where X puts it, on
    /// the monitor there, not at the nearest point of a rectangle no finger reaches.
    public static func read(_ display: XDisplay, touchscreens: [Int], root: Rect) -> [Int: Rect] {
        var areas: [Int: Rect] = [:]
        for id in touchscreens {
            guard let m = display.coordinateTransformationMatrix(device: id),
                let mapped = rect(matrix: m, root: root)
            else { continue }
            guard let r = mapped.intersection(root), !r.isClose(to: root) else { continue }
            areas[id] = r
        }
        return areas
    }
}

extension TouchscreenArea {
    /// The touchscreens whose matrix maps them wholly off the root, by device id, with
    /// what X does with their touches (``offScreen(matrix:root:)``).
    public static func offScreen(_ display: XDisplay, touchscreens: [Int], root: Rect) -> [Int: String] {
        var found: [Int: String] = [:]
        for id in touchscreens {
            guard let m = display.coordinateTransformationMatrix(device: id) else { continue }
            found[id] = offScreen(matrix: m, root: root)
        }
        return found
    }
}

extension XDisplay {
    /// The root, its monitors and the touchscreens mapped to one.
    public func screenLayout(touchscreens: [Int]) -> ScreenLayout {
        let size = screenSize
        let root = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        let monitors = queryMonitors()
        let areas = TouchscreenArea.read(self, touchscreens: touchscreens, root: root)
        return monitors.isEmpty
            ? ScreenLayout(root: root, monitors: ScreenLayout.single(root: root).monitors, touchscreenAreas: areas)
            : ScreenLayout(root: root, monitors: monitors, touchscreenAreas: areas)
    }
}
