import Testing
import XgestCore

/// A monitor's physical size: an output's automatic monitor has the output's, since the
/// server makes one up from 96 dpi for an output that reports none.
@Suite struct MonitorMillimetersTests {
    @Test func anOutputsAutomaticMonitorHasTheOutputsSizeNoneIncluded() {
        // What Xorg reports for a 1920×1080 output of 0 mm: a 96 dpi monitor.
        let none = MonitorMillimeters.choose(monitor: (508, 286), isAutomatic: true, output: (0, 0))
        #expect(none.width == 0 && none.height == 0)
        let panel = MonitorMillimeters.choose(monitor: (344, 194), isAutomatic: true, output: (344, 194))
        #expect(panel.width == 344 && panel.height == 194)
        // The output could not be read: the monitor's size is all there is.
        let unread = MonitorMillimeters.choose(monitor: (508, 286), isAutomatic: true, output: nil)
        #expect(unread.width == 508 && unread.height == 286)
    }

    @Test func aMonitorSetByHandHasItsOwnSizeElseItsOutputs() {
        let given = MonitorMillimeters.choose(monitor: (160, 90), isAutomatic: false, output: (344, 194))
        #expect(given.width == 160 && given.height == 90)
        let none = MonitorMillimeters.choose(monitor: (0, 0), isAutomatic: false, output: (344, 194))
        #expect(none.width == 344 && none.height == 194)
    }
}
