import CXgest
import Foundation
import Glibc
import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// A stroke button's press that draws no stroke reaches the application whole and in
/// order, with whatever else was pressed while it was held, however fast it comes.
@Suite struct PressHandBackTests {
    /// A left press made right after a right click handed back, before the daemon replays
    /// the right click (the daemon held still here, as a busy one is): the left press, not
    /// grabbed, reached the window at once, and the replay came inside it, the pointer
    /// moved to the right click's point and back with button 1 down, a drag the user never
    /// made. The replay waits for the left button's release: each click arrives whole, and
    /// no motion comes with button 1 down.
    @Test func aClickMadeRightAfterAClickHandedBackIsNotWrappedAroundItsReplay() throws {
        let s = try DaemonTests.Session(config: DaemonPointerStrokeTests.config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Clicked")
        let p = s.server.pointer
        try p.move(x: 300, y: 300)
        try p.sync()
        try p.press(button: 3)
        try p.sync()
        #expect(s.daemon.waitForLine(containing: "button-press") != nil, "\(s.daemon.stderrLines)")
        let pid = s.daemon.process.processIdentifier
        kill(pid, SIGSTOP)
        try p.release(button: 3)
        try p.move(x: 630, y: 310)
        try p.press(button: 1)
        try p.sync()
        kill(pid, SIGCONT)
        #expect(
            s.daemon.waitForLine(
                containing: "press of button 3 handed back: replayed when the press made since is over")
                != nil, "\(s.daemon.stderrLines)")
        try p.release(button: 1)
        try p.sync()
        let events = try window.collectEvents { $0.buttons.count >= 4 }
        let buttons = events.buttons
        #expect(buttons.map(\.button) == [1, 1, 3, 3], "\(buttons)")
        #expect(buttons.map(\.isPress) == [true, false, true, false], "\(buttons)")
        #expect(buttons.prefix(2).allSatisfy { $0.root == Point(x: 630, y: 310) }, "\(buttons)")
        #expect(buttons.suffix(2).allSatisfy { $0.root == Point(x: 300, y: 300) }, "\(buttons)")
        let button1Mask = UInt32(Button1Mask)
        #expect(events.motions.allSatisfy { $0.state & button1Mask == 0 }, "\(events.motions)")
    }

    /// Holding the stroke button and clicking another one is no stroke: the application
    /// gets every press and release, in the order made and where each was made.
    @Test func anotherButtonClickedWhileTheStrokeButtonIsHeldReachesTheApplicationInOrder() throws {
        let s = try DaemonTests.Session(config: DaemonPointerStrokeTests.config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Clicked")
        let p = s.server.pointer
        try p.move(x: 400, y: 300)
        try p.sync()
        try p.press(button: 3)
        try p.sync()
        try p.move(x: 420, y: 300)
        try p.sync()
        try s.server.waitForPointer(at: Point(x: 420, y: 300))
        try p.press(button: 1)
        try p.release(button: 1)
        try p.move(x: 430, y: 300)
        try p.release(button: 3)
        try p.sync()
        let buttons = try window.collectEvents { $0.buttons.count >= 4 }.buttons
        #expect(buttons.map(\.button) == [3, 1, 1, 3], "\(buttons)")
        #expect(buttons.map(\.isPress) == [true, true, false, false], "\(buttons)")
        #expect(
            buttons.map(\.root) == [
                Point(x: 400, y: 300), Point(x: 420, y: 300), Point(x: 420, y: 300), Point(x: 430, y: 300),
            ], "\(buttons)")
        #expect(s.daemon.stderrLines.allSatisfy { !$0.contains("action ") }, "\(s.daemon.stderrLines)")
    }

    /// The same click in the middle of a stroke that would fire: the click is the
    /// application's, so the stroke fails and the whole press goes back, in the order made.
    @Test func anotherButtonClickedInTheMiddleOfAStrokeThatWouldFireReachesTheApplication() throws {
        let s = try DaemonTests.Session(config: DaemonPointerStrokeTests.config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Clicked")
        let p = s.server.pointer
        try p.move(x: 800, y: 400)
        try p.sync()
        try p.press(button: 3)
        try p.sync()
        for x in stride(from: 760.0, through: 600, by: -40) { try p.move(x: x, y: 400) }
        try p.sync()
        try s.server.waitForPointer(at: Point(x: 600, y: 400))
        try p.press(button: 1)
        try p.release(button: 1)
        for x in stride(from: 560.0, through: 400, by: -40) { try p.move(x: x, y: 400) }
        try p.release(button: 3)
        try p.sync()
        let buttons = try window.collectEvents { $0.buttons.count >= 4 }.buttons
        #expect(buttons.map(\.button) == [3, 1, 1, 3], "\(buttons)")
        #expect(buttons.map(\.isPress) == [true, true, false, false], "\(buttons)")
        #expect(buttons.first?.root == Point(x: 800, y: 400), "\(buttons)")
        #expect(buttons.last?.root == Point(x: 400, y: 400), "\(buttons)")
        #expect(s.daemon.stderrLines.allSatisfy { !$0.contains("action ") }, "\(s.daemon.stderrLines)")
    }

    /// A click on a window destroyed, or unmapped, while the button is down is not replayed:
    /// replayed, it went to the window under it (on the desktop, the window manager's root
    /// menu opened). The user's press went to the window that was there, its release
    /// nowhere. The trace says why nothing was replayed. The same for a press handed back
    /// while held (button 1 clicked meanwhile: no stroke), which waits for its release.
    @Test func aClickOnAWindowThatGoesWhileTheButtonIsDownIsNotReplayedOnWhatIsUnder() throws {
        let cases: [(PressWindowGone, clickedMeanwhile: Bool)] = [
            (.destroyed, false), (.unmapped, false), (.destroyed, true),
        ]
        for (how, clickedMeanwhile) in cases {
            let s = try DaemonTests.Session(config: DaemonPointerStrokeTests.config)
            let under = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Under")
            let top = try TestWindow(server: s.server, x: 300, y: 200, width: 400, height: 300, className: "Going")
            let p = s.server.pointer
            try p.move(x: 400, y: 300)
            try p.sync()
            try p.press(button: 3)
            try p.sync()
            if clickedMeanwhile {
                try p.press(button: 1)
                try p.release(button: 1)
                try p.sync()
                #expect(s.daemon.waitForLine(containing: "replayed when the button is released") != nil)
            }
            switch how {
            case .destroyed: try top.destroy()
            case .unmapped: try top.unmap()
            }
            try p.release(button: 3)
            try p.sync()
            let line = s.daemon.waitForLine(containing: "press of button 3 handed back: not replayed")
            #expect(
                line?.hasSuffix("not replayed, the window it was made on was \(how.rawValue) while it was held")
                    == true,
                "\(s.daemon.stderrLines.suffix(10))")
            // A click of button 1, which xgest does not grab, comes after whatever the
            // window under got of the press.
            try p.press(button: 1)
            try p.release(button: 1)
            try p.sync()
            let buttons = try under.collectEvents { $0.buttons.count >= 2 }.buttons
            #expect(buttons.map(\.button) == [1, 1], "\(how), clicked meanwhile \(clickedMeanwhile): \(buttons)")
            #expect(try top.receivedEvents().buttons.isEmpty, "\(how)")
        }
    }

    /// Ctrl and Shift held at the press, Ctrl let go before the release: the application
    /// gets the press with both, as it was made (XTest's replayed press carried the
    /// keyboard at the replay: Shift alone), and the release with Shift. Ctrl, pressed
    /// through XTest for the press, is not left down.
    @Test func aClickIsReplayedWithTheModifiersHeldAtItsPress() throws {
        let s = try DaemonTests.Session(config: DaemonPointerStrokeTests.config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Clicked")
        let d = try #require(XOpenDisplay(s.server.displayName))
        defer { XCloseDisplay(d) }
        let ctrl = UInt32(XKeysymToKeycode(d, KeySym(XK_Control_L)))
        let shift = UInt32(XKeysymToKeycode(d, KeySym(XK_Shift_L)))
        let p = s.server.pointer
        let keyboard = s.server.keyboard
        try p.move(x: 400, y: 300)
        try p.sync()
        try keyboard.press(keycode: ctrl)
        try keyboard.press(keycode: shift)
        try keyboard.sync()
        try p.press(button: 3)
        try p.sync()
        try keyboard.release(keycode: ctrl)
        try keyboard.sync()
        try p.release(button: 3)
        try p.sync()
        #expect(s.daemon.waitForLine(containing: "press of button 3 handed back: replayed") != nil)
        let buttons = try window.collectEvents { $0.buttons.count >= 2 }.buttons
        #expect(buttons.map(\.isPress) == [true, false], "\(buttons)")
        #expect(buttons.map { $0.state & 0xff } == [UInt32(ControlMask | ShiftMask), UInt32(ShiftMask)], "\(buttons)")
        try keyboard.release(keycode: shift)
        try keyboard.sync()
        var keys = [CChar](repeating: 0, count: 32)
        XQueryKeymap(d, &keys)
        #expect(UInt8(bitPattern: keys[Int(ctrl) / 8]) & (1 << (ctrl % 8)) == 0, "Ctrl left down")
        #expect(queryPointer(d).mask & 0xff == 0)
    }

    /// A press held still when xgest stops (SIGTERM), released within the stop's wait, is a
    /// click: it is replayed at its release, as it would have been without the stop (the
    /// application got neither press nor release), and the trace calls it a press, not a
    /// stroke. A press that went farther is a stroke: its release is taken.
    @Test func aClickHeldWhenTheDaemonStopsIsReplayedAtItsRelease() throws {
        for moved in [false, true] {
            let s = try DaemonTests.Session(config: DaemonPointerStrokeTests.config)
            let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Held")
            let p = s.server.pointer
            try p.move(x: 400, y: 300)
            try p.sync()
            try p.press(button: 3)
            try p.sync()
            if moved {
                for x in stride(from: 420.0, through: 500, by: 20) { try p.move(x: x, y: 300) }
                try p.sync()
                #expect(s.daemon.waitForLine(containing: "motion         dev ") != nil)
            } else {
                #expect(s.daemon.waitForLine(containing: "button-press") != nil)
            }
            kill(s.daemon.process.processIdentifier, SIGTERM)
            let what = moved ? "a stroke" : "a press"
            #expect(
                s.daemon.waitForLine(containing: "stopping in the middle of \(what)") != nil, "\(s.daemon.stderrLines)")
            try p.release(button: 3)
            try p.sync()
            s.daemon.process.waitUntilExit()
            #expect(s.daemon.process.terminationStatus == 0)
            try p.click(button: 1, x: 600, y: 300)
            try p.sync()
            let buttons = try window.collectEvents { $0.buttons.count >= (moved ? 2 : 4) }.buttons
            #expect(buttons.map(\.button) == (moved ? [1, 1] : [3, 3, 1, 1]), "moved \(moved): \(buttons)")
            if !moved {
                #expect(buttons.prefix(2).map(\.root) == [Point(x: 400, y: 300), Point(x: 400, y: 300)])
                #expect(
                    s.daemon.stderrLines.contains {
                        $0.hasSuffix("press of button 3 handed back: replayed as a click, released while stopping")
                    }, "\(s.daemon.stderrLines.suffix(8))")
            }
        }
    }

    /// A press at a fractional position (an absolute device, an accelerated mouse) is
    /// replayed at the pixel X gave it, the truncated one: the click stays in the window it
    /// was made in, even on the last pixel before another, and the pointer stays there.
    @Test func aClickAtAFractionalPositionIsReplayedOnThePixelItWasMadeOn() throws {
        let s = try DaemonTests.Session(config: DaemonPointerStrokeTests.config)
        let left = try TestWindow(server: s.server, x: 0, y: 0, width: 600, height: 900, className: "Left")
        let right = try TestWindow(server: s.server, x: 600, y: 0, width: 600, height: 900, className: "Right")
        let p = s.server.pointer
        try p.move(x: 599.6, y: 300.7)
        try p.sync()
        try p.press(button: 3)
        try p.sync()
        try p.release(button: 3)
        try p.sync()
        let buttons = try left.collectEvents { $0.buttons.count >= 2 }.buttons
        #expect(buttons.map(\.isPress) == [true, false], "\(buttons)")
        #expect(buttons.map(\.root) == [Point(x: 599, y: 300), Point(x: 599, y: 300)], "\(buttons)")
        #expect(try right.receivedEvents().buttons.isEmpty)
        let display = try XDisplay(name: s.server.displayName)
        #expect(pointerPosition(display) == Point(x: 599, y: 300))
    }

    /// A click of the stroke button handed back just after the next press activated the
    /// grab again: the replay would be taken by that grab, so it waits for the grab's end.
    @Test func aClickHandedBackWhileTheNextPressIsGrabbedReachesTheApplicationFirst() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let (window, capture) = try PointerStrokeCaptureTests.grabbingButton3(server, className: "Clicked")
        let mouse = try server.deviceID(.pointer)
        try server.pointer.move(x: 300, y: 200)
        try server.pointer.press(button: 3)
        try server.pointer.release(button: 3)
        try server.pointer.sync()
        capture.collect()
        // The next click's press is in the server, grabbed, before the first is handed back.
        try server.pointer.press(button: 3)
        try server.pointer.sync()
        #expect(capture.source.handBack(pressOf: 3, device: mouse) == .afterTheNextPress)
        capture.collect()
        #expect(try window.receivedEvents().buttons.isEmpty, "replayed into the next press's grab")
        try server.pointer.release(button: 3)
        try server.pointer.sync()
        capture.collect()
        #expect(
            capture.source.handBack(pressOf: 3, device: mouse)
                == .replayed(from: Point(x: 300, y: 200), to: Point(x: 300, y: 200)))
        capture.collect()
        let buttons = try window.collectEvents { $0.buttons.count >= 4 }.buttons
        #expect(buttons.map(\.button) == [3, 3, 3, 3], "\(buttons)")
        #expect(buttons.map(\.isPress) == [true, false, true, false], "\(buttons)")
    }
}
