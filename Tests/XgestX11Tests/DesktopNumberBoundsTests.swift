import Testing
import XgestCore
import XgestX11

/// A window manager's desktop numbers are CARDINALs, 32 bits unsigned: read as such, 2^31
/// and above are no longer negative, and numbers that make no sense fail with what they
/// are rather than a switch to a desktop that does not exist reported done.
@Suite struct DesktopNumberBoundsTests {
    typealias Fixture = WindowOperationTests.Fixture

    func switchRequest(_ f: Fixture, to index: Int) -> [EWMHResponder.Message] {
        [.init(type: "_NET_CURRENT_DESKTOP", window: f.display.root, data: [index, 123_456, 0, 0, 0])]
    }

    @Test func numbersPastTwoToTheThirtyFirstAreReadUnsigned() throws {
        let f = try Fixture(desktops: 4, currentDesktop: 0)
        // A count the window manager could not mean, read as -2^31 it was "no support".
        f.wm?.setCardinal(f.display.root, "_NET_NUMBER_OF_DESKTOPS", 1 << 31)
        #expect(
            f.run(.desktop(.next(wrap: true)))
                == .failed(
                    reason: "desktop next: the window manager's desktop count makes no sense"
                        + " (_NET_NUMBER_OF_DESKTOPS is 2147483648)"))
        f.wm?.setCardinal(f.display.root, "_NET_NUMBER_OF_DESKTOPS", 0xFFFF_FFFF)
        #expect(
            f.run(.desktop(.number(2)))
                == .failed(
                    reason: "desktop 2: the window manager's desktop count makes no sense"
                        + " (_NET_NUMBER_OF_DESKTOPS is 4294967295)"))
        f.wm?.setCardinal(f.display.root, "_NET_NUMBER_OF_DESKTOPS", 0)
        #expect(
            f.run(.desktop(.previous(wrap: true)))
                == .failed(
                    reason: "desktop previous: the window manager says it has no desktop (_NET_NUMBER_OF_DESKTOPS is 0)"
                ))
        #expect(f.messages().isEmpty)
    }

    @Test func aCurrentDesktopPastTheCountIsNoneOfThem() throws {
        // 4294967290 was read as -6: "next" asked for desktop -5 and said done.
        let f = try Fixture(desktops: 4, currentDesktop: 0xFFFF_FFFA)
        #expect(
            f.run(.desktop(.next(wrap: true)))
                == .failed(
                    reason: "desktop next: the window manager's current desktop is none of its 4"
                        + " (_NET_CURRENT_DESKTOP is 4294967290, numbered from 0)"))
        // From 9 of 4, "previous" asked for desktop 8 and said done.
        f.wm?.setCardinal(f.display.root, "_NET_CURRENT_DESKTOP", 9)
        #expect(
            f.run(.desktop(.previous(wrap: false)))
                == .failed(
                    reason: "desktop previous: the window manager's current desktop is none of its 4"
                        + " (_NET_CURRENT_DESKTOP is 9, numbered from 0)"))
        #expect(f.messages().isEmpty)
        // A numbered desktop does not depend on the current one: it is asked for.
        #expect(f.run(.desktop(.number(2))) == .done)
        #expect(f.messages() == switchRequest(f, to: 1))
    }

    @Test func theLargestSensibleCountStillSwitches() throws {
        let f = try Fixture(desktops: 999_999_999, currentDesktop: 999_999_998)
        #expect(f.run(.desktop(.next(wrap: true))) == .done)
        #expect(f.messages() == switchRequest(f, to: 0))
        #expect(f.run(.desktop(.previous(wrap: false))) == .done)
        #expect(f.messages() == switchRequest(f, to: 999_999_997))
    }
}
