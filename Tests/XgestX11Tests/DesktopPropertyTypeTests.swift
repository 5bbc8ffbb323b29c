import Testing
import XgestCore
import XgestX11

/// `_NET_NUMBER_OF_DESKTOPS` and `_NET_CURRENT_DESKTOP` set with another type or format
/// (a STRING "4", a 16-bit CARDINAL) are the window manager's mistake, not a missing
/// feature: a switch fails naming the property and what it is, where it said the window
/// manager "does not support switching desktops". A property that is missing still says so.
@Suite struct DesktopPropertyTypeTests {
    typealias Fixture = WindowOperationTests.Fixture

    @Test func aCountOfAnotherTypeOrFormatIsSaidAsWhatItIs() throws {
        let f = try Fixture(desktops: 4, currentDesktop: 0)
        f.wm?.setRaw(f.display.root, "_NET_NUMBER_OF_DESKTOPS", type: "STRING", format: 8, [0x34])  // "4"
        #expect(
            f.run(.desktop(.next(wrap: true)))
                == .failed(
                    reason: "desktop next: the window manager's _NET_NUMBER_OF_DESKTOPS is a STRING of format 8,"
                        + " not a 32-bit CARDINAL"))
        f.wm?.setRaw(f.display.root, "_NET_NUMBER_OF_DESKTOPS", type: "CARDINAL", format: 16, [4])
        #expect(
            f.run(.desktop(.number(2)))
                == .failed(
                    reason: "desktop 2: the window manager's _NET_NUMBER_OF_DESKTOPS is a CARDINAL of format 16,"
                        + " not a 32-bit CARDINAL"))
        f.wm?.setRaw(f.display.root, "_NET_NUMBER_OF_DESKTOPS", type: "CARDINAL", format: 32, [])
        #expect(
            f.run(.desktop(.previous(wrap: true)))
                == .failed(
                    reason: "desktop previous: the window manager's _NET_NUMBER_OF_DESKTOPS is a CARDINAL"
                        + " with no number in it"))
        #expect(f.messages().isEmpty)
    }

    @Test func aCurrentDesktopOfAnotherTypeIsSaidAsWhatItIs() throws {
        let f = try Fixture(desktops: 4, currentDesktop: 0)
        f.wm?.setRaw(f.display.root, "_NET_CURRENT_DESKTOP", type: "INTEGER", format: 32, [1])
        #expect(
            f.run(.desktop(.next(wrap: true)))
                == .failed(
                    reason: "desktop next: the window manager's _NET_CURRENT_DESKTOP is an INTEGER of format 32,"
                        + " not a 32-bit CARDINAL"))
        #expect(f.messages().isEmpty)
    }

    @Test func aMissingPropertyIsStillNoSupport() throws {
        let f = try Fixture(desktops: 4, currentDesktop: 0)
        f.wm?.delete(f.display.root, "_NET_NUMBER_OF_DESKTOPS")
        #expect(
            f.run(.desktop(.next(wrap: true)))
                == .failed(reason: "desktop: the window manager does not support switching desktops"))
        #expect(f.messages().isEmpty)
    }
}
