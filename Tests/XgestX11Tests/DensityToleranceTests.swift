import Foundation
import Testing
import XgestCore
import XgestTestServer

/// The bindings are made again when the density the config's millimetres are converted
/// at changes, not when it moves by less than any binding's pixels can show.
@Suite struct DensityToleranceTests {
    /// The root 3840x1080, then 3840x1200, its millimetres whole ones: 3.78 px/mm, then
    /// 3.79 (96 dpi both), under a tenth of a percent apart. "bindings made again at the new
    /// density" came with the same pixels again.
    @Test func aRootResizeThatKeepsTheDensityMakesNoBindingsAgain() throws {
        let s = try MonitorSession(config: MonitorTests.edgeConfig)
        let converted = "millimetres are converted at the root window's size"
        #expect(s.daemon.waitForLine(containing: converted) != nil, "\(s.daemon.stderrLines)")
        #expect(try runOnDisplay(s.server, "/usr/bin/xrandr", ["--fb", "3840x1200"]) == 0)
        #expect(s.daemon.waitForLine(containing: "xgest: screen 3840x1200") != nil)
        #expect(waitForLines(s.daemon, containing: converted, count: 2), "\(s.daemon.stderrLines)")
        // Anything the daemon says after the change's lines: a touch read after them.
        try tap(s.server, x: 500)
        #expect(s.daemon.waitForLine(containing: "touch-end") != nil)
        #expect(
            !s.daemon.stderrLines.contains { $0.contains("bindings made again") }, "\(s.daemon.stderrLines.suffix(20))")
        // The density in use stays the one the bindings were made at.
        #expect(
            s.daemon.stderrLines.filter { $0.contains(converted) }.allSatisfy { $0.hasSuffix("(3.78 px/mm, 96 dpi)") },
            "\(s.daemon.stderrLines.filter { $0.contains(converted) })")
    }
}
