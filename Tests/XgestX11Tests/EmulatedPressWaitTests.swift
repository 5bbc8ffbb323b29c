import Testing
import XgestSystem

@testable import XgestX11

/// When a reject of a touch that emulates the pointer waits for another client's grab, and
/// what it becomes when the grab outlasts the wait (the server's side:
/// SuccessiveTapsTests, PointerGrabProbeTests).
@Suite struct EmulatedPressWaitTests {
    /// The first reject asks nothing; a touch that began before the server took it waits
    /// while a grab is seen and goes once it is gone, asking again after each pause.
    @Test func aTouchBegunBeforeTheLastRejectWaitsForTheGrabToGo() {
        var wait = EmulatedPressWait()
        // Asked, it would wait for this grab and say no.
        #expect(wait.mayReject(master: 2, beganSerial: 10) { _ in true })
        wait.rejectSent(serial: 20)
        var asked = 0
        var masters: Set<Int32> = []
        let mayGo = wait.mayReject(master: 2, beganSerial: 15) { master in
            masters.insert(master)
            asked += 1
            return asked < 3
        }
        #expect(mayGo)
        #expect(asked == 3)
        #expect(masters == [2])
        #expect(wait.state == .settled)
    }

    /// A touch that began after the server took the last reject asks nothing: a press that
    /// reject made the window manager's grab hold would have held its begin too.
    @Test func aTouchBegunAfterTheLastRejectAsksNothing() {
        var wait = EmulatedPressWait()
        wait.rejectSent(serial: 20)
        #expect(wait.mayReject(master: 2, beganSerial: 20) { _ in true })
        #expect(wait.state == .settled)
    }

    /// A grab that outlasts the wait turns the reject into an accept; the next one that
    /// would wait is turned so at once while the grab stays, and rejects go again once it
    /// is gone.
    @Test func aGrabOutlastingTheWaitTurnsRejectsIntoAccepts() {
        var wait = EmulatedPressWait()
        wait.rejectSent(serial: 20)
        let start = MonotonicDeadline.now()
        #expect(!wait.mayReject(master: 2, beganSerial: 15) { _ in true })
        let waitedMilliseconds = (MonotonicDeadline.now() - start) / 1_000_000
        #expect(waitedMilliseconds >= UInt64(XDisplay.frozenPointerWaitMilliseconds))
        #expect(wait.state == .outlasted(rejectSerial: 20))
        var asked = 0
        let mayGo = wait.mayReject(master: 2, beganSerial: 16) { _ in
            asked += 1
            return true
        }
        #expect(!mayGo)
        #expect(asked == 1)
        #expect(wait.mayReject(master: 2, beganSerial: 17) { _ in false })
        #expect(wait.state == .settled)
    }
}
