import CXgest
import Foundation
import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// A test server with an executor on its own connection.
///
/// Stored properties are destroyed in declaration order: the executor's connection must
/// close before the server stops, or Xlib's I/O error handler ends the process. Keeping
/// them in one value also keeps the server alive as long as the executor (separate
/// locals may be released after their last use).
struct ExecutorFixture {
    let executor: X11ActionExecutor
    let display: XDisplay
    let server: XorgServer

    init() throws {
        server = try XorgServer()
        display = try XDisplay(name: server.displayName)
        executor = X11ActionExecutor(display: display)
    }
}

/// An invocation as the daemon would build it, with test defaults.
func invocation(
    _ action: Action, target: HitTarget = .desktop, location: Point = Point(x: 0, y: 0),
    time: EventTime = .zero, gesture: GestureKind = .swipe, fingers: Int = 3,
    direction: GestureDirection? = .left, report: GestureReport = GestureReport()
) -> ActionInvocation {
    ActionInvocation(
        action: action, binding: "test-binding", gestureKind: gesture, fingers: fingers, direction: direction,
        target: target, location: location, time: time, report: report)
}

/// The hit-test result for a test window, as the locator would report it.
func target(_ window: TestWindow) -> HitTarget {
    .window(
        WindowInfo(
            id: UInt64(window.window), instance: "xgest-test", className: "XgestTest", title: "xgest test window"))
}

/// Only the modifier bits of a core state: after touch sequences the server may leave
/// button bits set (docs/x11-notes.md, "Button bits can stay in the core state after touches").
func modifierBits(_ state: UInt32) -> UInt32 { state & 0xff }

let shiftMask = UInt32(ShiftMask)
let controlMask = UInt32(ControlMask)
let mod1Mask = UInt32(Mod1Mask)

func keycode(_ display: XDisplay, _ name: String) -> UInt32 {
    UInt32(XKeysymToKeycode(display.handle, XStringToKeysym(name)))
}

/// The whole core keyboard mapping, read fresh from the server.
func coreKeymap(_ display: XDisplay) -> [KeySym] {
    var minimum: Int32 = 0
    var maximum: Int32 = 0
    XDisplayKeycodes(display.handle, &minimum, &maximum)
    var perKeycode: Int32 = 0
    guard let table = XGetKeyboardMapping(display.handle, UInt8(minimum), maximum - minimum + 1, &perKeycode) else {
        return []
    }
    defer { XFree(table) }
    return Array(UnsafeBufferPointer(start: table, count: Int(maximum - minimum + 1) * Int(perKeycode)))
}

/// The keysyms on one keycode, read fresh from the server.
func keysyms(_ display: XDisplay, on keycode: UInt32) -> [KeySym] {
    var perKeycode: Int32 = 0
    guard let row = XGetKeyboardMapping(display.handle, UInt8(keycode), 1, &perKeycode) else { return [] }
    defer { XFree(row) }
    return Array(UnsafeBufferPointer(start: row, count: Int(perKeycode)))
}

/// Keycodes logically down on the core keyboard (XQueryKeymap).
func keysDown(_ display: XDisplay) -> Set<UInt32> {
    var bits = [CChar](repeating: 0, count: 32)
    XQueryKeymap(display.handle, &bits)
    return Set((0..<256).filter { UInt8(bitPattern: bits[$0 / 8]) & (1 << UInt8($0 % 8)) != 0 }.map { UInt32($0) })
}

func pointerPosition(_ display: XDisplay) -> Point { pointerState(display).position }

/// The pointer's button and modifier state (XQueryPointer's mask).
func pointerButtons(_ display: XDisplay) -> UInt32 { pointerState(display).mask }

/// Whether the buttons of `mask` are all up within `timeoutSeconds`, asked by round trips.
/// "Nothing stays down" is the claim: after touches the server's core state can lag the
/// events it has delivered (docs/x11-notes.md, "Button bits can stay in the core state
/// after touches"); a bit that is still set when the time is up is a button left down.
func buttonsGoUp(_ display: XDisplay, _ mask: UInt32, timeoutSeconds: Double = 2) -> Bool {
    let deadline = monotonicNanoseconds() + UInt64(timeoutSeconds * 1e9)
    while pointerButtons(display) & mask != 0 {
        if monotonicNanoseconds() > deadline { return false }
    }
    return true
}

func pointerState(_ display: XDisplay) -> (position: Point, mask: UInt32) {
    let (x, y, mask) = queryPointer(display.handle)
    return (Point(x: Double(x), y: Double(y)), mask)
}

/// Blocks until `fd` is readable or `milliseconds` pass; true when readable.
func waitReadable(_ fd: Int32, milliseconds: Int32) -> Bool {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    while true {
        let n = poll(&entry, 1, milliseconds)
        if n < 0 && errno == EINTR { continue }
        return n > 0
    }
}

func monotonicMicroseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000 + UInt64(ts.tv_nsec) / 1_000
}

/// The keysym a client makes of a key event: the server's XKB map, read fresh, applied to
/// the keycode and the event's state (its modifiers and group), as XkbTranslateKeyCode
/// does; Caps Lock's case conversion left out.
func typedKeysym(_ display: XDisplay, keycode: UInt32, state: UInt32) -> KeySym {
    let mask = UInt32(XkbKeyTypesMask | XkbKeySymsMask)
    guard let xkb = XkbGetMap(display.handle, mask, UInt32(XkbUseCoreKbd)) else { return KeySym(NoSymbol) }
    defer { XkbFreeKeyboard(xkb, 0, True) }
    var consumed: UInt32 = 0
    var keysym = KeySym(NoSymbol)
    _ = XkbTranslateKeyCode(xkb, KeyCode(keycode), state, &consumed, &keysym)
    return keysym
}
