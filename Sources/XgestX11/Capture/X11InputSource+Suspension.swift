import CXgest
import XgestCore

/// A capture set aside while the daemon is suspended (Ctrl-Z in its terminal): a stopped
/// process cannot answer a grab, so every grab it kept would freeze what it grabbed. The
/// stroke button's synchronous grab froze the whole pointer at its next press, and the
/// touch grab left every touch waiting for a verdict, until the daemon was continued.
extension X11InputSource {
    /// What ``suspend()`` let go of, for ``resume(_:)`` to take again.
    public struct Suspension: Sendable {
        let strokeTriggers: Set<StrokeTrigger>
        let touchpadClaims: TouchpadClaims
        let grabbedTouches: Bool
        let sharedTouches: Bool
    }

    /// Hands every undecided touch back, lets go of the touch, gesture and button grabs, and
    /// stops selecting raw pointer and touch events; the hierarchy, the windows and the
    /// modifiers are still followed. Call it with no sequence in flight in the engine (a
    /// press it held is handed back first). Nil when the capture is closed.
    public func suspend() -> Suspension? {
        guard grabbed else { return nil }
        letGoOfButtonsDown()
        let suspension = Suspension(
            strokeTriggers: pointerGrabs.triggers, touchpadClaims: touchpadClaims, grabbedTouches: wantsTouches,
            sharedTouches: followsSharedTouches)
        pointerGrabs.releaseAll()
        // Raw presses are no longer read: one awaited now would be judged on a stale press.
        strokePressesAwaited = [:]
        gestureGrabs.releaseAll()
        if grabsTouches {
            ownership.rejectAllPending()
            display.ungrabTouches()
            grabsTouches = false
        }
        try? display.selectRootEvents(rawTouches: .none, pointer: false)
        // Read afresh at the resume: what moved meanwhile is not reported.
        pointer.pendingMotion = nil
        selectsRawTouches = .none
        touches.forgetLiftsAwaited()
        followsSharedTouches = false
        display.sync()
        return suspension
    }

    /// Before a suspension: a stroke button still down has activated its grab, which lasts
    /// until the release, so the stopped process held the whole pointer until then. The
    /// grab is ended now, and the application under the pointer gets the motion and the
    /// release. The press is not given back: the button is still down, and the stopped
    /// process could not follow a replayed press with its release; it is let go, not kept
    /// to be replayed at a release that the stopped process would not see. Returns the
    /// buttons.
    @discardableResult
    public func letGoOfButtonsDown() -> [Int] {
        let down = strokeButtonsDown.sorted()
        guard !down.isEmpty else { return [] }
        display.ungrabMasterPointers()
        // Held presses are kept per device: every device with a stroke button down lets go.
        heldPresses = heldPresses.filter { $0.value.isReleased }
        grabbedButtonsDown = [:]
        otherButtonsDown = [:]
        strokesLeftScreen = []
        display.flush()
        return down
    }

    /// Takes again what ``suspend()`` let go of. The pointer is read afresh: it moved
    /// unseen meanwhile. Throws when another client took a grab in between; what could be
    /// taken is taken.
    public func resume(_ suspension: Suspension) throws(X11Error) {
        guard grabbed else { return }
        try display.selectRootEvents(rawTouches: suspension.sharedTouches ? .all : .none, pointer: true)
        selectsRawTouches = suspension.sharedTouches ? .all : .none
        followsSharedTouches = suspension.sharedTouches
        if let p = display.pointerPosition() { pointer.position = p }
        pointerGrabs.set(suspension.strokeTriggers)
        var failure: X11Error?
        do { try setTouchpadClaims(suspension.touchpadClaims) } catch { failure = error }
        do { try setTouchGrab(suspension.grabbedTouches) } catch { failure = failure ?? error }
        display.sync()
        if let failure { throw failure }
    }
}

extension X11InputSource {
    /// For the commands that hold nothing but the capture (`record`, `record-stroke`): lets
    /// go of the grabs, stops the process as SIGTSTP asked, and grabs again once continued.
    public func suspendUntilContinued() throws(X11Error) {
        let suspension = suspend()
        JobControl.stopAsAsked()
        if let suspension { try resume(suspension) }
    }
}

extension XDisplay {
    /// Ends this client's active grab of every master pointer (one a stroke button's press
    /// activated); a master it does not grab is left as it is.
    func ungrabMasterPointers() {
        var masters: Int32 = 0
        guard let list = XIQueryDevice(handle, XIAllMasterDevices, &masters) else { return }
        defer { XIFreeDeviceInfo(list) }
        for i in 0..<Int(masters) where list[i].use == XIMasterPointer {
            XIUngrabDevice(handle, list[i].deviceid, UInt(CurrentTime))
        }
    }
}
