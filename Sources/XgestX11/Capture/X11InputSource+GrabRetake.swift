import CXgest
import XgestCore

/// Grabs the bindings want that another client held when xgest asked for them (at a
/// reload, or continued after a suspension): the bindings needing them do nothing until
/// xgest has them. X sends nothing when a client lets go of a grab, so xgest asks again
/// at the moments a user finds out: the next touch (its raw begin, selected while the
/// touch grab is missing) and the touchpad's next motion, at most once per
/// ``grabRetryInterval`` of their event time; and when a device comes or goes or a
/// top-level window is destroyed (a client quitting).
extension X11InputSource {
    /// How often input may have xgest ask for a grab another client holds: one round trip
    /// each time, which a conflict that lasts must not cost at every event.
    static let grabRetryInterval = EventDuration.milliseconds(1000)

    /// The grabs the bindings want that another client holds.
    public var missingGrabs: [CaptureGrab] {
        var missing: [CaptureGrab] = []
        if wantsTouches, !grabsTouches { missing.append(.touches) }
        let types = missingGestureTypes
        if !types.isEmpty { missing.append(.touchpadGestures(types.map(\.rawValue))) }
        return missing
    }

    /// The touchpad gesture types the claims grab that xgest does not hold, in a fixed order.
    var missingGestureTypes: [TouchpadClaims.GestureType] {
        let wanted = Self.grabbedTypes(touchpadClaims)
        return TouchpadClaims.GestureType.allCases.filter { wanted.contains($0) && !gestureGrabs.grabbed.contains($0) }
    }

    /// Asks again for the grabs missing, reporting each one taken. With `time` (an input
    /// event's), not again within ``grabRetryInterval`` of the last such attempt.
    func retakeGrabs(at time: EventTime?, _ handle: (CapturedEvent) -> Void) {
        guard grabbed, wantsTouches && !grabsTouches || !missingGestureTypes.isEmpty else { return }
        if let time {
            if let last = lastGrabRetry, time >= last, time - last < Self.grabRetryInterval { return }
            lastGrabRetry = time
        }
        if wantsTouches, !grabsTouches, (try? display.grabTouches()) != nil {
            grabsTouches = true
            selectRawTouches()
            handle(.grabRetaken(.touches))
        }
        let missing = missingGestureTypes
        guard !missing.isEmpty else { return }
        try? gestureGrabs.set(Self.grabbedTypes(touchpadClaims))
        let taken = missing.filter(gestureGrabs.grabbed.contains)
        if !taken.isEmpty { handle(.grabRetaken(.touchpadGestures(taken.map(\.rawValue)))) }
    }

    /// Raw touch events are selected for touches a binding shares, and while the touch
    /// grab is wanted and another client holds it (their begins are the moments to ask
    /// again); while xgest holds the grab, their ends alone: the lifts of fingers it handed
    /// back, which the server ended for it at the reject.
    func selectRawTouches() {
        let wanted = rawTouchesWanted(sharing: followsSharedTouches)
        guard wanted != selectsRawTouches else { return }
        if (try? display.selectRootEvents(rawTouches: wanted)) != nil { selectsRawTouches = wanted }
    }

    func rawTouchesWanted(sharing: Bool) -> RawTouchSelection {
        if sharing || (wantsTouches && !grabsTouches) { return .all }
        return grabsTouches ? .ends : .none
    }
}
