import Testing

@testable import XgestCore

/// A laptop panel on the left half of a 3840×1080 root, an external monitor (primary) on
/// the right.
private let laptop = Monitor(
    name: "eDP-1", rect: Rect(x: 0, y: 0, width: 1920, height: 1080), widthMillimeters: 340, heightMillimeters: 190)
private let external = Monitor(
    name: "HDMI-1", rect: Rect(x: 1920, y: 0, width: 1920, height: 1080), isPrimary: true, widthMillimeters: 508,
    heightMillimeters: 286)
private let root = Rect(x: 0, y: 0, width: 3840, height: 1080)

@Suite struct ScreenLayoutTests {
    let layout = ScreenLayout(root: root, monitors: [laptop, external])

    @Test func aSequenceGetsTheMonitorUnderItsFirstPoint() {
        #expect(layout.area(device: 6, kind: .touchscreen, at: Point(x: 1919, y: 500)).monitor == "eDP-1")
        #expect(layout.area(device: 6, kind: .touchscreen, at: Point(x: 1920, y: 500)).monitor == "HDMI-1")
        #expect(layout.area(device: 7, kind: .pointer, at: Point(x: 3000, y: 10)).rect == external.rect)
        #expect(layout.area(device: 7, kind: .pointer, at: Point(x: 3000, y: 10)).isPrimary)
    }

    @Test func aPointOffEveryMonitorGetsTheNearest() {
        let tall = Monitor(name: "DP-1", rect: Rect(x: 1920, y: 0, width: 1080, height: 1920))
        let mixed = ScreenLayout(root: Rect(x: 0, y: 0, width: 3000, height: 1920), monitors: [laptop, tall])
        // Below the laptop panel, in the root but on no monitor.
        #expect(mixed.area(device: 6, kind: .touchscreen, at: Point(x: 500, y: 1500)).monitor == "eDP-1")
        #expect(mixed.area(device: 6, kind: .touchscreen, at: Point(x: 1900, y: 1900)).monitor == "DP-1")
    }

    @Test func aMappedTouchscreenRunsOnItsMonitorWhereverItsTouchLands() {
        var mapped = layout
        // The matrix's floats miss the panel by half a pixel.
        mapped.touchscreenAreas[6] = Rect(x: 0, y: 0, width: 1919.5, height: 1080)
        let a = mapped.area(device: 6, kind: .touchscreen, at: Point(x: 1919, y: 500))
        #expect(a.monitor == "eDP-1")
        #expect(a.rect == laptop.rect)
        #expect(mapped.monitorName(ofTouchscreen: 6) == "eDP-1")
        // Another touchscreen and the pointer still go by the point.
        #expect(mapped.area(device: 10, kind: .touchscreen, at: Point(x: 3000, y: 5)).monitor == "HDMI-1")
        #expect(mapped.area(device: 6, kind: .pointer, at: Point(x: 3000, y: 5)).monitor == "HDMI-1")
    }

    /// A calibrated matrix scales the glass past the panel (xinput_calibrator's 1.05): the
    /// server clamps touches to the root, so the area is what they can reach, and one
    /// covering a whole monitor and no other is that monitor, edges and regions included.
    @Test func aCalibratedTouchscreenRunsOnTheMonitorItCovers() {
        var mapped = layout
        // The laptop panel and 2.5 % more on each side: past the root on the left, top and
        // bottom, onto the external monitor on the right.
        mapped.touchscreenAreas[6] = Rect(x: -48, y: -27, width: 2016, height: 1134)
        let a = mapped.area(device: 6, kind: .touchscreen, at: Point(x: 1919, y: 500))
        #expect(a.monitor == "eDP-1")
        #expect(a.rect == laptop.rect)
        // Both monitors and more: the one under the touch, as for a touchscreen not mapped.
        mapped.touchscreenAreas[6] = Rect(x: -96, y: -27, width: 4032, height: 1134)
        #expect(mapped.area(device: 6, kind: .touchscreen, at: Point(x: 5, y: 5)).rect == laptop.rect)
        // Half the panel is no whole monitor: the part mapped, clipped to the root.
        mapped.touchscreenAreas[6] = Rect(x: -48, y: 0, width: 1008, height: 1080)
        let half = mapped.area(device: 6, kind: .touchscreen, at: Point(x: 5, y: 5))
        #expect(half.rect == Rect(x: 0, y: 0, width: 960, height: 1080))
        #expect(half.monitor == "eDP-1")
    }

    /// The calibrated glass of the external monitor reaches 2.5 % past the panel, onto the
    /// laptop panel on its left, where the server does not clamp: the rim's touches land
    /// there, and are on the panel's left edge all the same.
    @Test func aCalibratedTouchscreensRimPastASharedSideIsOnItsEdge() throws {
        var mapped = layout
        mapped.touchscreenAreas[touchscreenID] = Rect(x: 1872, y: -27, width: 2016, height: 1134)
        var settings = ScreenEdgePanSettings(edges: .left)
        settings.edgeThicknessPx = 13
        var engine = try GestureEngine(
            registrations: [reg("edge", ScreenEdgePanRecognizer(settings))], screen: root)
        engine.setLayout(mapped)
        var out: [EngineOutput] = []
        var h = Hand()
        h.down(1, 1890, 500, at: 0)
        h.move(1, 1990, 500, at: 20)
        h.move(1, 2090, 500, at: 40)
        h.move(1, 2190, 500, at: 60)
        h.up(1, at: 80)
        for e in h.events { engine.process(e, into: &out) }
        #expect(out.contains { if case .gesture(let g) = $0 { return g.state == .ended } else { return false } })
        // Another touchscreen, not mapped, at the same point: on the laptop, far from its left edge.
        out.removeAll()
        var other = Hand()
        other.device = touchscreenID + 1
        other.down(1, 1890, 500, at: 100)
        other.move(1, 2090, 500, at: 120)
        other.up(1, at: 140)
        for e in other.events { engine.process(e, into: &out) }
        #expect(!out.contains { if case .gesture = $0 { return true } else { return false } })
    }

    /// The window of a sequence is found where the engine takes its first touch: the rim
    /// of a calibrated glass, past the panel on the external monitor, is on the panel's
    /// edge (the X layer's hit test and `xgest record`'s window records look there).
    @Test func aTouchAtACalibratedRimStartsOnThePanelsEdge() {
        var mapped = layout
        mapped.touchscreenAreas[touchscreenID] = Rect(x: -48, y: -27, width: 2016, height: 1134)
        let rim = Point(x: 1966.95, y: 500)
        // X's last position before the panel's right side: its pixel is the panel's last.
        let edge = Point(x: 1920 - 1 / Point.pixelFractions, y: 500)
        #expect(edge.pixel?.x == 1919)
        #expect(mapped.touchStart(device: touchscreenID, at: rim) == edge)
        let touch = InputEvent(
            time: EventTime(microseconds: 0), device: touchscreenID, deviceKind: .touchscreen,
            payload: .touch(TouchSample(id: 1, phase: .begin, location: rim)))
        #expect(mapped.startPoint(of: touch) == edge)
        // Another touchscreen, not mapped, and the pointer start where they are.
        #expect(mapped.touchStart(device: touchscreenID + 1, at: rim) == rim)
        let press = InputEvent(
            time: EventTime(microseconds: 0), device: 7, deviceKind: .pointer,
            payload: .button(ButtonSample(button: 3, isPress: true, location: rim)))
        #expect(mapped.startPoint(of: press) == rim)
    }

    /// Monitors reaching past the root (`xrandr --setmonitor` with an offset off it, or
    /// kept when `--fb` shrinks the root): a sequence runs on the part on the root, whose
    /// side there is the screen's edge. Their edge beyond the root could never be reached,
    /// and the root's own side was not an edge.
    @Test func aMonitorReachingPastTheRootIsTrimmedToIt() throws {
        let past = ScreenLayout(
            root: root,
            monitors: [
                Monitor(name: "neg", rect: Rect(x: -200, y: 0, width: 1920, height: 1080)),
                Monitor(name: "huge", rect: Rect(x: 3000, y: 0, width: 1920, height: 1080), isPrimary: true),
                Monitor(name: "gone", rect: Rect(x: 3840, y: 0, width: 1920, height: 1080)),
            ])
        #expect(past.area(device: 6, kind: .touchscreen, at: Point(x: 2, y: 500)).rect.x == 0)
        #expect(
            past.area(device: 6, kind: .touchscreen, at: Point(x: 3838, y: 500)).rect
                == Rect(x: 3000, y: 0, width: 840, height: 1080))
        // A monitor wholly off the root takes nothing: the gap's point goes to the nearest on it.
        #expect(past.monitorsOnRoot.map(\.name) == ["neg", "huge"])
        #expect(past.area(device: 6, kind: .pointer, at: Point(x: 2500, y: 500)).monitor == "huge")
        // Their millimetres, and so the density, stay the whole monitor's.
        #expect(past.monitors[0].rect.width == 1920)

        for (edges, from, to) in [(ScreenEdges.left, 2.0, 200.0), (.right, 3838, 3600)] {
            var settings = ScreenEdgePanSettings(edges: edges)
            settings.edgeThicknessPx = 13
            var engine = try GestureEngine(
                registrations: [reg("edge", ScreenEdgePanRecognizer(settings))], screen: root)
            engine.setLayout(past)
            var out: [EngineOutput] = []
            var h = Hand()
            h.down(1, from, 500, at: 0)
            for step in 1...4 { h.move(1, from + (to - from) * Double(step) / 4, 500, at: Double(step) * 20) }
            h.up(1, at: 100)
            for e in h.events { engine.process(e, into: &out) }
            #expect(out.states(of: "edge").last == .ended, "\(edges): \(out.transitions)")
        }
    }

    /// The laptop panel split in two with `xrandr --setmonitor`, the touchscreen mapped to
    /// the whole panel: each half is a monitor of its own, with its edges and its name,
    /// for the touches starting on it; the touches are taken inside the panel, not the half.
    @Test func aTouchscreenMappedToASplitOutputRunsOnTheHalfUnderItsTouch() {
        let left = Monitor(name: "HALF-L", rect: Rect(x: 0, y: 0, width: 960, height: 1080), isPrimary: true)
        let right = Monitor(name: "HALF-R", rect: Rect(x: 960, y: 0, width: 960, height: 1080))
        var split = ScreenLayout(root: root, monitors: [left, right, external])
        split.touchscreenAreas[6] = laptop.rect
        let onRight = split.area(device: 6, kind: .touchscreen, at: Point(x: 1340, y: 500))
        #expect(onRight.monitor == "HALF-R")
        #expect(onRight.rect == right.rect)
        #expect(!onRight.isPrimary)
        #expect(split.area(device: 6, kind: .touchscreen, at: Point(x: 100, y: 500)).monitor == "HALF-L")
        // A swipe from the right half onto the left one is not stopped at the split line;
        // the rim past the panel, on the external monitor, is taken on the panel's edge.
        #expect(onRight.touchLocation(Point(x: 300, y: 500)) == Point(x: 300, y: 500))
        #expect(onRight.touchLocation(Point(x: 1930, y: 500)).x < 1920)
        // Past the panel on the external monitor's side: the right half.
        #expect(split.area(device: 6, kind: .touchscreen, at: Point(x: 1930, y: 500)).monitor == "HALF-R")
    }

    /// A touchscreen mapped where no monitor is any more (its monitor deleted, the matrix
    /// left): it runs on its mapping, named `screen` as the root without RandR is, and not
    /// the primary monitor, so `monitor = "screen"` takes its gestures and `primary` does not.
    @Test func aTouchscreenMappedWhereNoMonitorIsRunsOnItsMappingNamedScreen() throws {
        let wide = ScreenLayout(root: Rect(x: 0, y: 0, width: 4000, height: 1600), monitors: [laptop])
        var mapped = wide
        let gone = Rect(x: 2000, y: 200, width: 1280, height: 1024)
        mapped.touchscreenAreas[6] = gone
        let a = mapped.area(device: 6, kind: .touchscreen, at: Point(x: 2500, y: 500))
        #expect(a.monitor == ScreenLayout.rootName)
        #expect(a.rect == gone)
        #expect(!a.isPrimary)
        let screen = MonitorMatch.named(try GlobPattern("screen"))
        #expect(screen.matches(monitor: a.monitor, isPrimary: a.isPrimary))
        #expect(!MonitorMatch.primary.matches(monitor: a.monitor, isPrimary: a.isPrimary))
    }

    @Test func withNoMonitorsTheRootIsTheArea() {
        let none = ScreenLayout(root: root, monitors: [])
        let a = none.area(device: 6, kind: .touchscreen, at: Point(x: 5, y: 5))
        #expect(a.rect == root)
        #expect(a.monitor == ScreenLayout.rootName)
        #expect(ScreenLayout.single(root: root).primary?.rect == root)
    }

    @Test func densityComesFromTheTouchscreensMonitorThenThePrimaryThenTheRoot() {
        var mapped = layout
        mapped.touchscreenAreas[6] = laptop.rect
        let panel = ScreenDensity.choose(layout: mapped, rootWidthMillimeters: 1016, rootHeightMillimeters: 286)
        #expect(abs(panel.pixelsPerMillimeter - 3000 / 530) < 1e-9)
        // The touchscreen named as the other lines of the trace name it.
        #expect(
            panel.source { $0 == 6 ? "ELAN Touchscreen" : "?" }.hasPrefix(
                "touchscreen ELAN Touchscreen's monitor eDP-1"))
        let primary = ScreenDensity.choose(layout: layout, rootWidthMillimeters: 1016, rootHeightMillimeters: 286)
        #expect(primary.source { _ in "" }.hasPrefix("the primary monitor HDMI-1"))
        var blank = layout
        blank.monitors = blank.monitors.map {
            var m = $0
            m.widthMillimeters = 0
            m.heightMillimeters = 0
            return m
        }
        let fromRoot = ScreenDensity.choose(layout: blank, rootWidthMillimeters: 1016, rootHeightMillimeters: 286)
        #expect(fromRoot.source { _ in "" }.hasPrefix("the root window's size"))
        #expect(fromRoot.notes.count == 2)
        let nothing = ScreenDensity.choose(layout: blank, rootWidthMillimeters: 0, rootHeightMillimeters: 0)
        #expect(nothing.pixelsPerMillimeter == 96 / 25.4)
    }

    /// Two touchscreens on monitors of different densities: the base is the lowest device
    /// id's monitor (the next one's when its size gives none), and the other touchscreen
    /// has its own monitor's, as docs/config.md says; a monitor without a plausible size
    /// leaves its touchscreen at the base.
    @Test func eachTouchscreenHasItsOwnMonitorsDensity() {
        var two = layout
        two.touchscreenAreas[7] = laptop.rect
        two.touchscreenAreas[9] = external.rect
        let first = ScreenDensity.choose(layout: two, rootWidthMillimeters: 1016, rootHeightMillimeters: 286)
        #expect(first.origin == .touchscreen(device: 7, monitor: "eDP-1"))
        #expect(abs(first.pixelsPerMillimeter - 3000 / 530) < 1e-9)
        let own = ScreenDensity.touchscreenDensities(layout: two, base: first.pixelsPerMillimeter)
        #expect(own.keys.sorted() == [9])
        #expect(abs((own[9] ?? 0) - 3000 / 794) < 1e-9)
        var sizeless = two
        sizeless.monitors[0].widthMillimeters = 0
        let next = ScreenDensity.choose(layout: sizeless, rootWidthMillimeters: 1016, rootHeightMillimeters: 286)
        #expect(next.origin == .touchscreen(device: 9, monitor: "HDMI-1"))
        #expect(abs(next.pixelsPerMillimeter - 3000 / 794) < 1e-9)
        #expect(ScreenDensity.touchscreenDensities(layout: sizeless, base: next.pixelsPerMillimeter).isEmpty)
        var one = layout
        one.touchscreenAreas[7] = laptop.rect
        #expect(ScreenDensity.touchscreenDensities(layout: one, base: first.pixelsPerMillimeter).isEmpty)
    }

    /// Panels reporting their aspect ratio in centimetres (16×9 mm) give thousands of dpi.
    @Test func anAbsurdSizeIsNotADensity() {
        var m = laptop
        (m.widthMillimeters, m.heightMillimeters) = (16, 9)
        #expect(ScreenDensity.density(of: m) == nil)
        #expect(ScreenDensity.density(of: laptop) != nil)
    }

    /// The area is decided when the sequence starts and kept: a layout change in the
    /// middle of an edge swipe does not move its edge.
    @Test func aSequenceKeepsItsAreaAcrossALayoutChange() throws {
        var settings = ScreenEdgePanSettings(edges: .right)
        settings.edgeThicknessPx = 20
        var engine = try GestureEngine(
            registrations: [reg("edge", ScreenEdgePanRecognizer(settings))], screen: root)
        engine.setLayout(layout)
        var out: [EngineOutput] = []
        var h = Hand()
        h.down(1, 1915, 500, at: 0)
        for e in h.events { engine.process(e, into: &out) }
        engine.setLayout(.single(root: root))
        var rest = Hand()
        rest.positions[1] = Point(x: 1915, y: 500)
        rest.order = [1]
        rest.move(1, 1800, 500, at: 20)
        rest.move(1, 1700, 500, at: 40)
        rest.up(1, at: 60)
        for e in rest.events { engine.process(e, into: &out) }
        #expect(out.contains { if case .gesture(let g) = $0 { return g.state == .ended } else { return false } })
        // The next sequence runs on the new layout: 1915 is the middle of the root now.
        out.removeAll()
        var next = Hand()
        next.down(1, 1915, 500, at: 100)
        next.move(1, 1700, 500, at: 120)
        next.up(1, at: 140)
        for e in next.events { engine.process(e, into: &out) }
        #expect(!out.contains { if case .gesture = $0 { return true } else { return false } })
    }
}
