import Testing

@testable import XgestDaemon

/// The line a failed action gets on standard error without `--debug`: the binding, then
/// the reason, with the action's text only when the reason does not start with its verb.
@Suite struct FailureLineTests {
    @Test func aReasonThatNamesTheActionIsNotPrefixedWithItAgain() {
        #expect(
            DaemonCore.failureLine(
                binding: "t4", action: "window close", reason: "window close: no EWMH window manager is running")
                == "xgest: t4: window close: no EWMH window manager is running")
        #expect(
            DaemonCore.failureLine(
                binding: "t9", action: "desktop 9", reason: "desktop: no EWMH window manager is running")
                == "xgest: t9: desktop: no EWMH window manager is running")
        #expect(
            DaemonCore.failureLine(
                binding: "t1", action: "exec bin/probe.sh", reason: "exec: no such file: bin/probe.sh")
                == "xgest: t1: exec: no such file: bin/probe.sh")
    }

    @Test func aReasonThatDoesNotKeepsTheAction() {
        #expect(
            DaemonCore.failureLine(binding: "k", action: "key ctrl+Foo", reason: "unknown keysym \"Foo\"")
                == "xgest: k: key ctrl+Foo: unknown keysym \"Foo\"")
        #expect(
            DaemonCore.failureLine(
                binding: "s", action: "show-desktop", reason: "desktop: no EWMH window manager is running")
                == "xgest: s: show-desktop: desktop: no EWMH window manager is running")
    }
}
