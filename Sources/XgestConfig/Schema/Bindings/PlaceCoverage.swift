import XgestCore

/// Whether one binding's `monitor` takes every monitor another's does: with regions
/// (``RegionSides``), what lets ``PreemptionRules`` call a binding with no place, or a
/// place holding the other's, wider.
enum PlaceCoverage {
    /// Whether every monitor `inner` names is one `outer` takes: no monitor takes all, and a
    /// pattern takes a plain name it matches (`eDP-*` takes `eDP-1`). Which monitor is
    /// primary, or what else a pattern matches, is known only at run time.
    static func monitor(_ outer: MonitorMatch?, takes inner: MonitorMatch?) -> Bool {
        guard let outer else { return true }
        guard let inner else { return false }
        if outer == inner { return true }
        guard case .named(let pattern) = outer, case .named(let name) = inner,
            !name.text.unicodeScalars.contains(where: { "*?[\\".unicodeScalars.contains($0) })
        else { return false }
        return pattern.matches(name.text)
    }
}

/// What a binding's wider forms may lack of it (``PreemptionRules/widerRecognitions(of:)``),
/// its region's sides worked out once: a binding is compared with every binding of its
/// gesture in another place, 18 million times for 6,000 pans each in a region of its own.
struct BindingPlace {
    var region: ScreenRegion?
    var sides: RegionSides?
    var monitor: MonitorMatch?
    var direction: GestureDirection?
    var modifiers: Modifiers?
    var edge: ScreenEdge?

    init(_ b: GestureBinding) {
        region = b.conditions.region
        sides = region.map(RegionSides.init)
        monitor = b.conditions.monitor
        direction = b.direction
        modifiers = b.conditions.modifiers
        edge = b.conditions.edge
    }

    /// Whether this place, of a binding of one of `narrow`'s wider recognitions, takes
    /// every start of `narrow`'s, and is not `narrow`'s alike (said by `reportShadowed`).
    /// No region (anywhere, even off the monitor beside a shorter one) holds every region,
    /// a region holds another when each side lies outside the other's side on a monitor of
    /// any size (0 px up, percentages being of its width or height) at every density of
    /// ``SchemaContext/densityBounds`` (millimetres), and only no region holds no region.
    func takes(_ narrow: BindingPlace) -> Bool {
        if let sides {
            guard let inner = narrow.sides, region == narrow.region || sides.holds(inner) else { return false }
        }
        guard PlaceCoverage.monitor(monitor, takes: narrow.monitor) else { return false }
        return region != narrow.region || monitor != narrow.monitor || direction != narrow.direction
            || modifiers != narrow.modifiers || edge != narrow.edge
    }
}

/// A region length as pixels plus a percentage of the monitor's size plus millimetres.
struct LinearLength {
    var pixels = 0.0
    var percent = 0.0
    var millimeters = 0.0

    init(_ length: ScreenRegion.Length) {
        switch length {
        case .pixels(let p): pixels = p
        case .percent(let p): percent = p
        case .millimeters(let mm): millimeters = mm
        }
    }

    private init(pixels: Double, percent: Double, millimeters: Double) {
        (self.pixels, self.percent, self.millimeters) = (pixels, percent, millimeters)
    }

    static func + (a: LinearLength, b: LinearLength) -> LinearLength {
        LinearLength(
            pixels: a.pixels + b.pixels, percent: a.percent + b.percent, millimeters: a.millimeters + b.millimeters)
    }

    static func - (a: LinearLength, b: LinearLength) -> LinearLength {
        LinearLength(
            pixels: a.pixels - b.pixels, percent: a.percent - b.percent, millimeters: a.millimeters - b.millimeters)
    }

    /// At least 0 on a monitor of every size and at every density between the bounds: the
    /// length is linear in both, so it is its smallest at a size of 0 (the percentage not
    /// falling) and at one of the bounds.
    var neverNegative: Bool {
        percent >= 0 && pixels + millimeters * Self.densities.lowest >= 0
            && pixels + millimeters * Self.densities.highest >= 0
    }

    /// ``SchemaContext/densityBounds``, read once: a region is compared with every other
    /// of its gesture, millions of times in a config of thousands.
    private static let densities = (
        lowest: SchemaContext.densityBounds.min() ?? 1, highest: SchemaContext.densityBounds.max() ?? 1
    )
}

/// A region's sides, each as a ``LinearLength`` from the monitor's top-left corner.
struct RegionSides {
    var left: LinearLength
    var top: LinearLength
    var right: LinearLength
    var bottom: LinearLength

    init(_ r: ScreenRegion) {
        left = LinearLength(r.x)
        top = LinearLength(r.y)
        right = left + LinearLength(r.width)
        bottom = top + LinearLength(r.height)
    }

    func holds(_ inner: RegionSides) -> Bool {
        (inner.left - left).neverNegative && (inner.top - top).neverNegative
            && (right - inner.right).neverNegative && (bottom - inner.bottom).neverNegative
    }
}
