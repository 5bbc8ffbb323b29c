import Foundation
import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// The overlay at the desktop's scale (`Xft.dpi`, as GNOME, KDE and Xfce set it on a
/// HiDPI screen): the trail twice as wide and the label twice as large at 192 dpi.
@Suite struct FeedbackScaleTests {
    @Test func theScaleIsXftDpiOver96Rounded() {
        #expect(DesktopScale.scale(resources: "") == 1)
        #expect(DesktopScale.scale(resources: "Xft.antialias:\t1\nXft.dpi:\t192\nXft.hinting:\t1\n") == 2)
        #expect(DesktopScale.scale(resources: "Xft.dpi: 96") == 1)
        #expect(DesktopScale.scale(resources: "Xft.dpi:\t144.0") == 2)
        #expect(DesktopScale.scale(resources: "Xft.dpi:\t120") == 1)
        #expect(DesktopScale.scale(resources: "Xft.dpi:\t288\r\n") == 3)
        // Nonsense, absurd or another resource: 1, or at most 4.
        #expect(DesktopScale.scale(resources: "Xft.dpi:\tlarge") == 1)
        #expect(DesktopScale.scale(resources: "Xft.dpi:\t-192") == 1)
        #expect(DesktopScale.scale(resources: "Xft.dpi:\tnan") == 1)
        #expect(DesktopScale.scale(resources: "Xft.dpi:\t1e300") == 4)
        #expect(DesktopScale.scale(resources: "Emacs.Xft.dpi:\t192\n*dpi:\t192") == 1)
    }

    /// What the overlay drew for a check mark, measured on the screen.
    struct Drawing {
        var labelWidth = 0
        var labelHeight = 0
        /// The label's text pixels (white on the box).
        var textPixels = 0
        /// The pixels the trail covers, its edges included.
        var trailPixels = 0
    }

    /// `resources` merged into the server's RESOURCE_MANAGER, as a desktop sets them.
    static func merge(_ resources: String, into server: XorgServer) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-resources-\(UUID().uuidString)")
        try resources.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try runOnDisplay(server, "/usr/bin/xrdb", ["-nocpp", "-merge", file.path]) == 0)
    }

    /// Draws a check with the pointer on a server whose RESOURCE_MANAGER holds `resources`
    /// (none when nil), and measures the trail and the label once both are on screen.
    static func draw(resources: String?) throws -> Drawing {
        let s = try DaemonTests.Session(
            config: FeedbackTests.config("label-duration = \"10s\""),
            display: { server in
                if let resources { try merge(resources, into: server) }
                return server.displayName
            })
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Drawn")
        let watch = try ScreenWatch(server: s.server)
        let d = try drawCheck(s, watch)
        _ = try window.receivedEvents()
        return d
    }

    /// Draws a check with the pointer and measures what the overlay shows for it.
    static func drawCheck(_ s: DaemonTests.Session, _ watch: ScreenWatch) throws -> Drawing {
        let path = Drawn.check()
        try s.server.drawWithPointer(path)
        #expect(s.daemon.waitForLine(containing: "feedback label: check-f5") != nil)
        let end = path[path.count - 1]
        // The label lies right of and below the stroke's end, clear of the trail.
        let labelArea = (x: Int(end.x) + 6, y: Int(end.y) + 6, width: 450, height: 200)
        #expect(
            watch.wait {
                $0.overlay != nil && path.allSatisfy { p in watch.pixel(p) == FeedbackTests.trailPixel }
                    && $0.pixels(x: labelArea.x, y: labelArea.y, width: labelArea.width, height: labelArea.height)
                        .contains { $0.contains(FeedbackTests.labelPixel) }
            }, "the trail and the label did not show")
        var d = Drawing()
        let label = watch.pixels(x: labelArea.x, y: labelArea.y, width: labelArea.width, height: labelArea.height)
        var rows: [Int] = []
        var columns: [Int] = []
        for (y, row) in label.enumerated() {
            for (x, p) in row.enumerated() where p == FeedbackTests.labelPixel || p == 0xffffff {
                rows.append(y)
                columns.append(x)
                if p == 0xffffff { d.textPixels += 1 }
            }
        }
        d.labelHeight = (rows.max() ?? 0) - (rows.min() ?? 0) + 1
        d.labelWidth = (columns.max() ?? 0) - (columns.min() ?? 0) + 1
        let trailArea = watch.pixels(x: 360, y: 200, width: Int(end.x) - 360 + 4, height: 340)
        // Every pixel drawn, its anti-aliased edge too: the width is what is compared.
        d.trailPixels = trailArea.reduce(0) { $0 + $1.filter { $0 != FeedbackTests.background }.count }
        return d
    }

    @Test func atXftDpi192TheTrailAndTheLabelAreTwiceAsLarge() throws {
        let plain = try Self.draw(resources: nil)
        let double = try Self.draw(resources: "Xft.dpi:\t192\n")
        #expect(plain.labelHeight > 20 && plain.textPixels > 100, "\(plain)")
        #expect(double.labelHeight == 2 * plain.labelHeight, "\(plain) \(double)")
        #expect(double.labelWidth == 2 * plain.labelWidth, "\(plain) \(double)")
        // The text is the same glyphs, each pixel drawn as four.
        #expect(double.textPixels == 4 * plain.textPixels, "\(plain) \(double)")
        let ratio = Double(double.trailPixels) / Double(max(1, plain.trailPixels))
        #expect(ratio > 1.7 && ratio < 2.3, "trail pixels \(plain.trailPixels) → \(double.trailPixels)")
    }

    /// A desktop switched to 200 % while xgest runs: the next stroke is drawn at 2×.
    @Test func aScaleChangedWhileRunningTakesEffectAtTheNextStroke() throws {
        // Long enough for the screen to be read while the label shows, even on a busy machine.
        let s = try DaemonTests.Session(config: FeedbackTests.config("label-duration = \"2s\""))
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Drawn")
        let watch = try ScreenWatch(server: s.server)
        let plain = try Self.drawCheck(s, watch)
        let first = try #require(watch.overlay)
        #expect(watch.wait(timeoutSeconds: 10) { $0.destroyed.contains(first) }, "the first overlay stayed")
        try Self.merge("Xft.dpi:\t192\n", into: s.server)
        #expect(s.daemon.waitForLine(containing: "feedback: drawn at 2× (Xft.dpi changed)") != nil)
        let double = try Self.drawCheck(s, watch)
        #expect(double.labelHeight == 2 * plain.labelHeight, "\(plain) \(double)")
        #expect(double.textPixels == 4 * plain.textPixels, "\(plain) \(double)")
        _ = try window.receivedEvents()
    }
}
