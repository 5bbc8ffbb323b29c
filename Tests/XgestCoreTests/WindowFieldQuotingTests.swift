import Testing

@testable import XgestCore

/// A window's fields in `--debug` and replay lines: a quote in a title, or a space in a
/// class, cannot end its field and write fields of its own.
@Suite struct WindowFieldQuotingTests {
    static let forged = WindowInfo(
        id: 0x400002, instance: "wina", className: "WinA", title: #"x" class=Firefox instance=Navigator title="y"#)

    @Test func aQuoteInATitleIsEscapedAndABackslashDoubled() {
        #expect(
            Self.forged.description
                == #"0x400002 class=WinA instance=wina title="x\" class=Firefox instance=Navigator title=\"y""#)
        let b = WindowInfo(id: 1, instance: "b", className: "WinB", title: #"Win "B" \ end"#)
        #expect(b.description == #"0x1 class=WinB instance=b title="Win \"B\" \\ end""#)
        // Through the line's escaping, controls escaped, backslashes as they were made.
        let c = WindowInfo(id: 1, instance: "in\tstance", className: "Evil\u{1B}[31m", title: "x\n\\")
        #expect(
            DisplayText.escapedAsWritten(c.description) == #"0x1 class=Evil\x1b[31m instance=in\tstance title="x\n\\""#)
    }

    @Test func aClassWithASpaceOrAQuoteIsQuotedInReplaysAppField() {
        let target = HitTarget.window(WindowInfo(id: 1, className: #"Win"B" x: exec"#))
        let g = GestureEvent(
            time: EventTime(microseconds: 0), name: "t", kind: .tap, state: .recognized, device: 6,
            deviceKind: .touchscreen, target: target, report: GestureReport())
        let line = DryRunRecord.gesture(g, binding: "t", app: target.appName).displayLine
        #expect(line.hasSuffix(#" app="Win\"B\" x: exec""#), "\(line)")
        #expect(DisplayText.field("WinA") == "WinA")
        #expect(DisplayText.field("a=b") == #""a=b""#)
    }
}
