import Testing
import XgestCore

@testable import XgestX11

/// Two touchscreens of one model share a name; the daemon's lines told them apart only
/// where they printed ids (`device added`), not in `… is mapped to MONITOR`.
@Suite struct DeviceLabelTests {
    static func device(_ id: Int, _ name: String) -> XIDevice {
        XIDevice(id: id, name: name, use: .slavePointer, enabled: true, attachment: 2, kind: .touchscreen)
    }

    @Test func aSharedNameCarriesTheId() {
        let devices = [6: Self.device(6, "ELAN9008:00"), 7: Self.device(7, "ELAN9008:00"), 8: Self.device(8, "Pen")]
        #expect(devices.label(of: 6) == "ELAN9008:00 (device 6)")
        #expect(devices.label(of: 7) == "ELAN9008:00 (device 7)")
        #expect(devices.label(of: 8) == "Pen")
        #expect(devices.label(of: 9) == "device 9")
    }
}
